/// The blocks of a presolved LP that only *pinned* columns join, packed into groups to be
/// solved one at a time for a cold start (``ComponentSolver/startFromBlocksIfSlow(_:levels:presolve:columnOfVariable:variableOfColumn:merge:)``).
///
/// A column is pinned when exactly one LP row fixes it alone: a required `a·x + c == 0` (the
/// root's width, held by the root row a resize moves, so kept as an LP row). Every solution
/// has `x = −c/a`, so with the pinned columns fixed the LP falls apart into blocks that share
/// nothing: rows of a settings list, each of whose widths is the root's. Each group is whole
/// blocks (in the order they first appear, until it has ``groupRows`` rows), its rows in LP
/// order, then the pin rows of the pinned columns they name.
struct PinnedBlocks {
    /// The fewest LP rows worth splitting: below, one GLPK run costs less than the groups'.
    static let smallestLP = 128
    /// How many rows a group gathers before the next one starts: enough that GLPK's cost per
    /// problem is spread, few enough that a pivot (as costly as its LP has rows) stays cheap.
    static let groupRows = 64

    /// The groups: indices into the presolved rows.
    private(set) var groups: [[Int]] = []
    /// Per LP column (layout columns only), the row that pins it, or -1.
    private(set) var pinRow: [Int32]

    /// The blocks of `presolve`'s rows (whose sources are `constraints`), their variables
    /// numbered as LP columns by `columnOfVariable` (`columnCount` of them); nil when the LP is
    /// small, or does not fall into at least two groups.
    init?(_ presolve: Presolve, constraints: [Constraint], columnOfVariable: [Int], columnCount: Int) {
        let rows = presolve.rows
        guard rows.count >= Self.smallestLP else { return nil }
        // Pinned columns: exactly one required one-variable equality each (-2: more than one).
        pinRow = Array(repeating: -1, count: columnCount)
        var anyPin = false
        for (i, row) in rows.enumerated() where Self.fixesItsColumn(row, constraints: constraints) {
            let column = columnOfVariable[row.terms.first!.variable]
            pinRow[column] = pinRow[column] == -1 ? Int32(i) : -2
            anyPin = true
        }
        guard anyPin else { return nil }
        for column in 0..<columnCount where pinRow[column] == -2 { pinRow[column] = -1 }

        // Blocks: the other rows joined through the columns they share that are not pinned.
        var parent = Array(0..<Int32(columnCount))
        func root(_ column: Int32) -> Int32 {
            var column = column
            while parent[Int(column)] != column {
                parent[Int(column)] = parent[Int(parent[Int(column)])]
                column = parent[Int(column)]
            }
            return column
        }
        // Per row: a column of its block (-1: it names pinned columns only; -2: a pin row).
        var anchor = Array(repeating: Int32(-1), count: rows.count)
        for (i, row) in rows.enumerated() {
            if isPin(row: i, of: presolve, columnOfVariable: columnOfVariable) {
                anchor[i] = -2
                continue
            }
            for term in row.terms {
                let column = Int32(columnOfVariable[term.variable])
                guard pinRow[Int(column)] < 0 else { continue }
                if anchor[i] < 0 {
                    anchor[i] = column
                } else {
                    let a = root(anchor[i]), b = root(column)
                    if a != b { parent[Int(max(a, b))] = min(a, b) }
                }
            }
        }
        // Groups of whole blocks, in the order the blocks first appear.
        guard let grouped = Self.groups(anchors: anchor.map { $0 < 0 ? $0 : root($0) }, columnCount: columnCount) else { return nil }
        groups = grouped
        // Each group's pin rows, once each.
        var stamp = Array(repeating: -1, count: columnCount)
        for g in groups.indices {
            var pins: [Int] = []
            for i in groups[g] {
                for term in rows[i].terms {
                    let column = columnOfVariable[term.variable]
                    if pinRow[column] >= 0 && stamp[column] != g {
                        stamp[column] = g
                        pins.append(Int(pinRow[column]))
                    }
                }
            }
            groups[g] += pins
        }
    }

    /// The rows in groups of whole blocks (`anchors`: per row, the root column of its block;
    /// -1 for rows naming pinned columns only, which go with the first group; -2 for pin rows,
    /// left out): blocks in the order they first appear, each group closed once it has
    /// ``groupRows`` rows. Nil when there are fewer than two blocks or groups.
    private static func groups(anchors: [Int32], columnCount: Int) -> [[Int]]? {
        var blockOfRoot = Array(repeating: Int32(-1), count: columnCount)
        var blockRows: [Int] = []   // rows per block, by block number
        for anchor in anchors where anchor >= 0 {
            if blockOfRoot[Int(anchor)] < 0 {
                blockOfRoot[Int(anchor)] = Int32(blockRows.count)
                blockRows.append(0)
            }
            blockRows[Int(blockOfRoot[Int(anchor)])] += 1
        }
        guard blockRows.count >= 2 else { return nil }
        var groupOfBlock = Array(repeating: 0, count: blockRows.count)
        var groupCount = 0, filled = 0
        for (block, count) in blockRows.enumerated() {
            if filled >= Self.groupRows {
                groupCount += 1
                filled = 0
            }
            groupOfBlock[block] = groupCount
            filled += count
        }
        guard groupCount >= 1 else { return nil }
        var groups: [[Int]] = Array(repeating: [], count: groupCount + 1)
        for (i, anchor) in anchors.enumerated() where anchor != -2 {
            groups[anchor < 0 ? 0 : groupOfBlock[Int(blockOfRoot[Int(anchor)])]].append(i)
        }
        return groups
    }

    /// Whether `presolve`'s rows are enough and one of them pins a column: a quick test,
    /// without the blocks (most large LPs have none).
    static func mayExist(in presolve: Presolve, constraints: [Constraint]) -> Bool {
        presolve.rows.count >= smallestLP && presolve.rows.contains { fixesItsColumn($0, constraints: constraints) }
    }

    /// Whether `row` fixes its one column alone: a required one-variable equality.
    private static func fixesItsColumn(_ row: Presolve.Row, constraints: [Constraint]) -> Bool {
        row.terms.count == 1 && constraints[row.source].relation == .equal && constraints[row.source].strength.isRequired
    }

    /// Whether row `i` of `presolve` pins its one column.
    func isPin(row i: Int, of presolve: Presolve, columnOfVariable: [Int]) -> Bool {
        let terms = presolve.rows[i].terms
        return terms.count == 1 && pinRow[columnOfVariable[terms.first!.variable]] == Int32(i)
    }
}
