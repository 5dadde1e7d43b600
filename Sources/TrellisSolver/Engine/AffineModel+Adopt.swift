import TrellisSupport

// Where an ``AffineModel``'s linear steps take their basis and directions from after the
// tableau moved (steps are linear again after two quiet tableau steps).
extension AffineModel {
    /// Takes the basis, values and directions of a moved tableau for linear steps.
    static func adopt(_ tableau: ParametricTableau, into moving: inout Moving, presolve: Presolve, editRows: [Int],
                      variableOfColumn: [Int], costScale: Double) {
        moving.sizeBasis(tableau.m)
        // (In place, on buffers: this runs whenever steps go back from the tableau to directions.)
        moving.basicValue.withUnsafeMutableBufferPointer { value in
            moving.basicLower.withUnsafeMutableBufferPointer { lower in
                moving.basicUpper.withUnsafeMutableBufferPointer { upper in
                    moving.basicVariable.withUnsafeMutableBufferPointer { variable in
                        for p in 0..<tableau.m {
                            let k = Int(tableau.header[p])
                            (lower[p], upper[p]) = tableau.bounds(atPosition: p)
                            value[p] = tableau.value[k]
                            let column = k - tableau.m
                            variable[p] = column >= 0 && column < variableOfColumn.count ? variableOfColumn[column] : -1
                        }
                    }
                }
            }
        }
        readDirections(into: &moving, presolve: presolve, editRows: editRows, costScale: costScale,
                       basicPosition: tableau.basicPosition(ofRow:), direction: tableau.direction(ofRow:into:),
                       reducedCost: tableau.rowReducedCost)
    }

    /// Takes the basis, values and directions of a split tableau (its blocks'
    /// bases block after block, ``SplitTableau/prepareHandBack()`` done) for linear steps.
    static func adopt(_ split: SplitTableau, into moving: inout Moving, presolve: Presolve, editRows: [Int],
                      variableOfColumn: [Int], costScale: Double) {
        moving.sizeBasis(split.m)
        let rowCount = split.m
        split.forEachBasic { p, k, lower, upper, value in
            moving.basicLower[p] = lower
            moving.basicUpper[p] = upper
            moving.basicValue[p] = value
            let column = k - rowCount
            moving.basicVariable[p] = column >= 0 && column < variableOfColumn.count ? variableOfColumn[column] : -1
        }
        moving.reader = nil
        readDirections(into: &moving, presolve: presolve, editRows: editRows, costScale: costScale,
                       basicPosition: split.basicPosition(ofRow:), direction: split.direction(ofRow:into:),
                       reducedCost: split.rowReducedCost)
    }

    /// Each edit row's direction (or basic position) read from a tableau's basis. The
    /// directions' storage is reused (their entries and reached substitutions).
    static func readDirections(into moving: inout Moving, presolve: Presolve, editRows: [Int], costScale: Double,
                               basicPosition: (Int) -> Int?,
                               direction: (Int, inout [(position: Int, alpha: Double)]) -> Void,
                               reducedCost: (Int) -> Double) {
        var count = 0
        for index in editRows {
            guard case .row(let row)? = presolve.place(ofSource: index) else {
                moving.directionOf[index] = -1
                continue
            }
            if let position = basicPosition(row) {
                moving.directionOf[index] = Int32(-2 - position)
                continue
            }
            if count == moving.directions.count { moving.directions.append(Direction(entries: [], slope: 0)) }
            direction(row, &moving.directions[count].entries)
            moving.directions[count].slope = reducedCost(row) / costScale
            moving.directions[count].reachedIsKnown = false
            moving.directionOf[index] = Int32(count)
            count += 1
        }
        if moving.directions.count > count { moving.directions.removeLast(moving.directions.count - count) }
    }
}
