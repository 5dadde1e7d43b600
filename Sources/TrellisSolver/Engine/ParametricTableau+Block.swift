import TrellisSupport

/// A tableau of one block of an LP, built at once from the whole LP's arrays (a screen's LP can
/// split into a thousand blocks, ``SplitBlocks``: each made without an intermediate copy of its
/// rows); the whole LP is one block too (``build()``).
extension ParametricTableau {
    /// The tableau of the block made of `rows` and `columns` (indices into `inputs`, in order),
    /// whose basic variables are `basic` (joint indices within the block, in the basis's order):
    /// each row without the pinned columns (`localColumn` -1), its bounds and value less their
    /// part (`pinnedPart`, by row of the LP); `costScale` each level's (the whole LP's, so that a
    /// block's tolerances are the ones the whole LP's tableau would use).
    init(block rows: ArraySlice<Int32>, columns: ArraySlice<Int32>, basic: ArraySlice<Int32>, of inputs: Inputs,
         localColumn: [Int32], pinnedPart: [Double], costScale: [Double]) {
        let m = rows.count, n = columns.count
        self.m = m
        self.n = n
        var start = [Int32](filled: 0, count: n + 1)
        for i in rows {
            for entry in inputs.rows.range(ofRow: Int(i)) {
                let j = inputs.rows.columns[entry]
                if localColumn[Int(j)] >= 0 { start[Int(localColumn[Int(j)]) + 1] += 1 }
            }
        }
        for j in 0..<n { start[j + 1] += start[j] }
        var fill = start
        var entryRow = [Int32](filled: 0, count: Int(start[n]))
        var entryValue = [Double](filled: 0, count: Int(start[n]))
        var lower = [Double](filled: 0, count: m + n), upper = lower, value = lower
        for (local, i) in rows.enumerated() {
            let pinnedPart = pinnedPart[Int(i)]
            for entry in inputs.rows.range(ofRow: Int(i)) {
                let j = inputs.rows.columns[entry], a = inputs.rows.values[entry]
                let column = Int(localColumn[Int(j)])
                guard column >= 0 else { continue }
                entryRow[Int(fill[column])] = Int32(local)
                entryValue[Int(fill[column])] = a
                fill[column] += 1
            }
            let (lo, up) = inputs.rowBounds[Int(i)].interval
            lower[local] = lo - pinnedPart
            upper[local] = up - pinnedPart
            value[local] = inputs.rowValues[Int(i)] - pinnedPart
        }
        levels = inputs.objectives.count
        var cost = [Double](filled: 0, count: levels * (m + n))
        var costed: [Int32] = []
        for (local, j) in columns.enumerated() {
            (lower[m + local], upper[m + local]) = inputs.columnBounds[Int(j)].interval
            value[m + local] = inputs.columnValues[Int(j)]
            for (l, objective) in inputs.objectives.enumerated() { cost[l * (m + n) + m + local] = objective[Int(j)] }
            if levels > 0 && cost[(levels - 1) * (m + n) + m + local] != 0 { costed.append(Int32(m + local)) }
        }
        var positionOf = [Int32](filled: -1, count: m + n)
        for (p, k) in basic.enumerated() { positionOf[Int(k)] = Int32(p) }
        var atUpper = [Bool](filled: false, count: m + n)
        for k in 0..<(m + n) where upper[k] < .infinity {
            atUpper[k] = lower[k] == -.infinity || abs(value[k] - upper[k]) < abs(value[k] - lower[k])
        }
        self.start = start
        self.entryRow = entryRow
        self.entryValue = entryValue
        self.cost = cost
        self.costed = costed
        self.costScale = costScale
        self.lower = lower
        self.upper = upper
        self.value = value
        self.atUpper = atUpper
        self.positionOf = positionOf
        header = Array(basic)
    }
}
