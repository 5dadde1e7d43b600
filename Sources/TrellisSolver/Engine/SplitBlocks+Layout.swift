import TrellisSupport

// How a split LP falls apart: its pins, and the blocks of the rest (``SplitBlocks/Layout``).
extension SplitBlocks {
    /// The pins and blocks of `inputs`, nil when a block is too large for a tableau or the
    /// basis does not split along the blocks.
    static func split(_ inputs: ParametricTableau.Inputs) -> Layout? {
        let m = inputs.rows.count, n = inputs.columnValues.count
        var isBasic = [Bool](filled: false, count: m + n)
        for k in inputs.basic { isBasic[k] = true }
        var layout = Layout()
        findPins(inputs, isBasic: isBasic, into: &layout)
        var parent = joinColumns(inputs, &layout)
        guard assignBlocks(inputs, isBasic: isBasic, parent: &parent, &layout),
              assignBasics(inputs, &layout) else { return nil }
        indexPinTerms(&layout, rows: m)
        layout.costScale = ParametricTableau.costScales(inputs.objectives)
        return layout
    }

    /// The pin rows: one entry, fixed, non-basic, its column basic and pinned by no other.
    static func findPins(_ inputs: ParametricTableau.Inputs, isBasic: [Bool], into layout: inout Layout) {
        let m = inputs.rows.count, n = inputs.columnValues.count
        layout.pinOfRow = Array(filled: -1, count: m)
        layout.pinOfColumn = Array(filled: -1, count: n)
        let lowest = inputs.objectives.last
        let rows = inputs.rows
        for i in 0..<m where rows.range(ofRow: i).count == 1 && !isBasic[i] {
            let entry = rows.rowStart[i]
            let j = Int(rows.columns[entry]), p = rows.values[entry]
            let (lower, upper) = inputs.rowBounds[i].interval
            guard lower == upper, lower.isFinite, p != 0, isBasic[m + j], layout.pinOfColumn[j] < 0 else { continue }
            let (columnLower, columnUpper) = inputs.columnBounds[j].interval
            layout.pinOfColumn[j] = Int32(layout.pins.count)
            layout.pinOfRow[i] = Int32(layout.pins.count)
            layout.pins.append(Pin(row: Int32(i), column: Int32(j), coefficient: p, original: inputs.columnValues[j],
                                   lower: columnLower, upper: columnUpper, cost: lowest?[j] ?? 0, naming: []))
        }
    }

    /// Joins the columns each row names (pinned columns left out, the rows naming them listed
    /// with their pins): a union–find forest over the columns.
    static func joinColumns(_ inputs: ParametricTableau.Inputs, _ layout: inout Layout) -> [Int] {
        var parent = Array(0..<inputs.columnValues.count)
        let rows = inputs.rows
        for i in 0..<rows.count where layout.pinOfRow[i] < 0 {
            var first = -1
            for entry in rows.range(ofRow: i) {
                let j = rows.columns[entry], a = rows.values[entry]
                let column = Int(j)
                if layout.pinOfColumn[column] >= 0 {
                    layout.pins[Int(layout.pinOfColumn[column])].naming.append((Int32(i), a))
                    continue
                }
                let other = root(column, &parent)
                if first < 0 {
                    first = other
                } else if other != first {
                    parent[other] = first
                }
            }
        }
        return parent
    }

    /// The root of column `j`'s tree (halving the path on the way).
    static func root(_ j: Int, _ parent: inout [Int]) -> Int {
        var j = j
        while parent[j] != j {
            parent[j] = parent[parent[j]]
            j = parent[j]
        }
        return j
    }

    /// Each row and column's block, numbered by first row; false when a basic column is in no
    /// row but pins.
    static func assignBlocks(_ inputs: ParametricTableau.Inputs, isBasic: [Bool], parent: inout [Int],
                                     _ layout: inout Layout) -> Bool {
        let m = inputs.rows.count, n = inputs.columnValues.count
        var blockOfRoot = [Int32](filled: -1, count: n)
        layout.blockOfRow = Array(filled: -1, count: m)
        layout.localRow = Array(filled: -1, count: m)
        layout.blockOfColumn = Array(filled: -1, count: n)
        layout.localColumn = Array(filled: -1, count: n)
        // Each row's and column's block and place first, counting each block's; then the lists.
        var rowCounts: [Int32] = []
        let rows = inputs.rows
        for i in 0..<m where layout.pinOfRow[i] < 0 {
            // The block of the row's first unpinned column; a row with none is a block of its own.
            var block = rowCounts.count
            if let entry = rows.range(ofRow: i).first(where: { layout.pinOfColumn[Int(rows.columns[$0])] < 0 }) {
                let column = Int(rows.columns[entry])
                let r = root(column, &parent)
                if blockOfRoot[r] < 0 { blockOfRoot[r] = Int32(rowCounts.count) }
                block = Int(blockOfRoot[r])
            }
            if block == rowCounts.count { rowCounts.append(0) }
            layout.blockOfRow[i] = Int32(block)
            layout.localRow[i] = rowCounts[block]
            rowCounts[block] += 1
        }
        var columnCounts = [Int32](filled: 0, count: rowCounts.count)
        for j in 0..<n where layout.pinOfColumn[j] < 0 {
            let r = root(j, &parent)
            // A column in no row (only in pin rows, or none) stays where it is.
            guard blockOfRoot[r] >= 0 else {
                if isBasic[m + j] { return false }
                continue
            }
            let block = Int(blockOfRoot[r])
            layout.blockOfColumn[j] = Int32(block)
            layout.localColumn[j] = columnCounts[block]
            columnCounts[block] += 1
        }
        layout.rows = GroupedLists(counts: rowCounts)
        for i in 0..<m where layout.blockOfRow[i] >= 0 {
            layout.rows.put(Int32(i), group: Int(layout.blockOfRow[i]), at: Int(layout.localRow[i]))
        }
        layout.columns = GroupedLists(counts: columnCounts)
        for j in 0..<n where layout.blockOfColumn[j] >= 0 {
            layout.columns.put(Int32(j), group: Int(layout.blockOfColumn[j]), at: Int(layout.localColumn[j]))
        }
        return true
    }

    /// Each block's basic variables; false unless each block holds as many as it has rows (the
    /// pins' rows and columns pair off) and fits a tableau.
    static func assignBasics(_ inputs: ParametricTableau.Inputs, _ layout: inout Layout) -> Bool {
        let m = inputs.rows.count
        // The block of the basic variable `k` (nil: a pinned column's, in no block).
        func block(of k: Int) -> Int? {
            k < m ? Int(layout.blockOfRow[k]) : layout.pinOfColumn[k - m] < 0 ? Int(layout.blockOfColumn[k - m]) : nil
        }
        var counts = [Int32](filled: 0, count: layout.rows.count)
        for k in inputs.basic {
            if k < m, layout.pinOfRow[k] >= 0 { return false }
            guard let block = block(of: k) else { continue }
            guard block >= 0 else { return false }
            counts[block] += 1
        }
        for block in layout.rows.indices {
            let rows = layout.rows.count(of: block)
            guard Int(counts[block]) == rows, rows <= ParametricTableau.maximumRows else { return false }
        }
        // Each block's in the basis's order: a row by its place, a column after the block's rows.
        layout.basic = GroupedLists(counts: counts)
        var placed = [Int32](filled: 0, count: counts.count)
        for k in inputs.basic {
            guard let block = block(of: k) else { continue }
            let joint = k < m ? layout.localRow[k] : Int32(layout.rows.count(of: block)) + layout.localColumn[k - m]
            layout.basic.put(joint, group: block, at: Int(placed[block]))
            placed[block] += 1
        }
        return true
    }

    /// The pins each row names, by row (``Layout/pinTerms``).
    static func indexPinTerms(_ layout: inout Layout, rows m: Int) {
        layout.pinTermStart = Array(filled: 0, count: m + 1)
        for pin in layout.pins { for (row, _) in pin.naming { layout.pinTermStart[Int(row) + 1] += 1 } }
        for i in 0..<m { layout.pinTermStart[i + 1] += layout.pinTermStart[i] }
        var fill = layout.pinTermStart
        layout.pinTerms = Array(filled: (0, 0), count: Int(layout.pinTermStart[m]))
        for (pin, p) in layout.pins.enumerated() {
            for (row, a) in p.naming {
                layout.pinTerms[Int(fill[Int(row)])] = (Int32(pin), a)
                fill[Int(row)] += 1
            }
        }
    }
}
