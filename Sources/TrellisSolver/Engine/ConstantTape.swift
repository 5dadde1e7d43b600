import TrellisSupport

/// The operations a presolve's elimination made on the constants of a determined component
/// (every required row an equality used up by the elimination; soft rows left without terms,
/// which count in the objective only), in order: enough to find the substitutions' constants
/// for other constants of the same rows without eliminating again.
///
/// Which variables are eliminated, through which rows, and what each substitution adds to
/// which row depend on the coefficients only; the constants merely ride along. A replay
/// repeats the elimination's own arithmetic on them, operation for operation, so it gives
/// the bits a presolve of the component with those constants gives — a determined layout's
/// first resize is then a pass over this tape instead of a presolve with the root's row
/// protected (``AffineModel``).
struct ConstantTape {
    /// One operation. `substitution < 0`: a check (`|constant[row]| <= 1e-9` must hold: the row
    /// lost its last term). `row < 0`: an add (`constant[~row] += factor × made[substitution]`:
    /// a substitution into the row). Else a pivot (`made[substitution] = -constant[row] / factor`:
    /// the row eliminated a variable).
    private struct Operation {
        let row: Int32
        let substitution: Int32
        let factor: Double
    }

    private var operations: [Operation] = []
    /// How many substitutions the pivots make.
    private(set) var substitutionCount = 0

    init(capacity: Int) { operations.reserveCapacity(capacity) }

    @inline(__always) mutating func check(row: Int) {
        operations.append(Operation(row: Int32(row), substitution: -1, factor: 0))
    }

    @inline(__always) mutating func pivot(row: Int, substitution: Int, factor: Double) {
        operations.append(Operation(row: Int32(row), substitution: Int32(substitution), factor: factor))
        substitutionCount += 1
    }

    @inline(__always) mutating func add(row: Int, substitution: Int, factor: Double) {
        operations.append(Operation(row: ~Int32(row), substitution: Int32(substitution), factor: factor))
    }

    /// The substitutions' constants for the rows' `constants` into `made` (`rows` is scratch,
    /// left holding the rows' constants after the operations); false when a row that lost its
    /// terms would no longer hold (its constant beyond `checkTolerance`), or a constant is not
    /// finite. Both arrays are sized here.
    func replay(_ constants: [Double], rows: inout [Double], made: inout [Double], checkTolerance: Double = 1e-9) -> Bool {
        if rows.count != constants.count {
            rows = constants
        } else {
            rows.withUnsafeMutableBufferPointer { rows in
                constants.withUnsafeBufferPointer { constants in
                    for index in 0..<constants.count { rows[index] = constants[index] }
                }
            }
        }
        if made.count != substitutionCount { made = Array(filled: 0, count: substitutionCount) }
        return operations.withUnsafeBufferPointer { operations in
            rows.withUnsafeMutableBufferPointer { rows in
                made.withUnsafeMutableBufferPointer { made in
                    for operation in operations {
                        if operation.row < 0 {
                            rows[Int(~operation.row)] += operation.factor * made[Int(operation.substitution)]
                        } else if operation.substitution >= 0 {
                            let value = -rows[Int(operation.row)] / operation.factor
                            guard value.isFinite else { return false }
                            made[Int(operation.substitution)] = value
                        } else {
                            guard abs(rows[Int(operation.row)]) <= checkTolerance else { return false }
                        }
                    }
                    return true
                }
            }
        }
    }

    /// The substitutions whose constants depend on the constants of `rows` (of `rowCount`), in
    /// the order made: those a pivot of such a row makes, and, in turn, those of the rows such a
    /// substitution is added into. Depends on the operations only (not on the numbers).
    func substitutions(movedBy rows: some Sequence<Int>, rowCount: Int) -> [Int] {
        var tainted = [Bool](filled: false, count: rowCount)
        var taintedMade = [Bool](filled: false, count: substitutionCount)
        for row in rows { tainted[row] = true }
        var found: [Int] = []
        for operation in operations {
            if operation.row < 0 {
                if taintedMade[Int(operation.substitution)] { tainted[Int(~operation.row)] = true }
            } else if operation.substitution >= 0, tainted[Int(operation.row)] {
                taintedMade[Int(operation.substitution)] = true
                found.append(Int(operation.substitution))
            }
        }
        return found
    }

    /// How the constants of `substitutions` (as ``substitutions(movedBy:rowCount:)`` finds them
    /// for `row` alone) move per unit of `row`'s constant: the replay of a unit change. Nil when
    /// such a change would move a row that lost its terms (every step then replays the tape).
    func slopes(of row: Int, rowCount: Int, substitutions: [Int]) -> [Double]? {
        var unit = [Double](filled: 0, count: rowCount)
        unit[row] = 1
        var rows: [Double] = [], made: [Double] = []
        guard replay(unit, rows: &rows, made: &made, checkTolerance: 0) else { return nil }
        return substitutions.map { made[$0] }
    }
}
