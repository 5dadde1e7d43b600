import Testing
@testable import TrellisSolver

/// A cold LP whose rows only a pinned column joins (a settings list: every row's width is the
/// root's, held by a row a resize moves) starts from its blocks' optimal bases when its crash
/// basis is far from the optimum (``PinnedBlocks``): the same optimum, reached at each block's
/// size per pivot instead of the whole LP's.
@Suite("Pinned blocks")
struct PinnedBlocksTests {
    /// One settings row as a stack lowers it: an icon, a column of texts and a switch fill the
    /// row between its margins, 12 apart; the icon and the switch keep their natural widths
    /// (the icon's compression resistance ties the title's at 750: the fill order's rows at 1
    /// break the tie), the column hugs as hard as it can at 51, and a title and a subtitle each
    /// sit within it, hugging (250) and resisting compression (750) at their natural widths,
    /// their widths otherwise 0 at 25. Most titles are too long for a phone's width.
    struct Row {
        let title = Variable("title"), subtitle = Variable("subtitle"), column = Variable("texts"), icon = Variable("icon")
        let constraints: [Constraint]

        init(_ index: Int, root: Variable) {
            let toggle = Variable("switch")
            let titleSize = Double(180 + (index * 37) % 260), subtitleSize = Double(120 + (index * 53) % 300)
            var constraints = [
                icon + 12 + column + 12 + toggle == root - 32,
                toggle >= 51, (toggle <= 51) ~~ .priority(.defaultHigh),
                (icon <= 29) ~~ .priority(.defaultLow), (icon >= 29) ~~ .priority(.defaultHigh),
                (icon <= 29) ~~ .priority(1), (icon >= 29) ~~ .priority(1),
                (column == 0) ~~ .priority(51),
            ]
            for (text, size) in [(title, titleSize), (subtitle, subtitleSize)] {
                constraints += [text <= column, (text <= size) ~~ .priority(.defaultLow), (text >= size) ~~ .priority(.defaultHigh),
                                (text == 0) ~~ .priority(25)]
            }
            self.constraints = constraints
        }

        var variables: [Variable] { [title, subtitle, column, icon] }
    }

    /// `count` settings rows under a root `width` wide. The root's row is moved before the
    /// first solve, as a layout's root rows are: it stays an LP row, pinning the root's width.
    static func settings(rows count: Int, width: Double) -> (solver: Solver, rows: [Row], rootRow: Constraint) {
        let solver = Solver()
        let root = Variable("root")
        let rows = (0..<count).map { Row($0, root: root) }
        var rootRow = root == 0
        try! solver.add(rows.flatMap(\.constraints) + [rootRow])
        rootRow = try! solver.updateConstant(of: rootRow, to: -width)
        return (solver, rows, rootRow)
    }

    @Test("Rows joined only by the pinned root width: solved from their blocks, the same values as each row alone",
          arguments: [375.0, 414.0, 1024.0])
    func blocksMatchRowsAlone(width: Double) throws {
        let (solver, rows, _) = Self.settings(rows: 60, width: width)
        try solver.solve()
        for (index, row) in rows.enumerated() {
            // The row alone, the root's width a plain required row of its own solver.
            let root = Variable("root")
            let alone = Row(index, root: root)
            let reference = Solver()
            try reference.add(alone.constraints + [root == width])
            try reference.solve()
            for (variable, expected) in zip(row.variables, alone.variables) {
                #expect(abs(solver.value(of: variable) - reference.value(of: expected)) <= 1e-9,
                        "\(variable.name) of row \(index) at width \(width): \(solver.value(of: variable)), alone \(reference.value(of: expected))")
            }
        }
    }

    @Test("The settings rows' crash basis is far from the optimum: the LP starts from its blocks")
    func farCrashStartsFromBlocks() throws {
        let (solver, _, _) = Self.settings(rows: 60, width: 375)
        try solver.solve()
        #expect(solver.statistics.blockStarts == 1)
    }

    @Test("A row that cannot hold makes the blocks' start fail: the whole LP names the conflict")
    func infeasibleRowNamesItsConflict() throws {
        let (solver, rows, _) = Self.settings(rows: 60, width: 375)
        // (The icon kept from going negative: the column has then at most 268 points.)
        let impossible = rows[37].title >= 5000
        try solver.add([impossible, rows[37].icon >= 0])
        #expect {
            try solver.solve()
        } throws: { error in
            guard case TrellisError.unsatisfiable(let conflict) = error else { return false }
            return conflict.contains { $0 === impossible }
        }
    }

    @Test("A crash basis already at the optimum is kept: capped labels start at their caps, no block solved")
    func rightCrashKept() throws {
        let (solver, widths, intrinsic, _) = CrashBasisTests.cappedLabels(root: 375, floor: true, count: 160)
        try solver.solve()
        #expect(solver.statistics.blockStarts == 0)
        #expect(solver.statistics.simplexIterations == 0)
        let cap = 375 * 0.7 - 24
        #expect(zip(widths, intrinsic).allSatisfy { abs(solver.value(of: $0) - min($1, cap)) <= 1e-9 })
    }

    @Test("After a cold start from blocks, resizes agree with cold solves at each width")
    func resizesAfterBlockStart() throws {
        let (solver, rows, first) = Self.settings(rows: 60, width: 375)
        var rootRow = first
        try solver.solve()
        #expect(solver.statistics.blockStarts == 1)
        for width in [414.0, 320, 768, 375] {
            rootRow = try solver.updateConstant(of: rootRow, to: -width)
            try solver.solve()
            let (fresh, freshRows, _) = Self.settings(rows: 60, width: width)
            try fresh.solve()
            for (row, freshRow) in zip(rows, freshRows) {
                for (a, b) in zip(row.variables, freshRow.variables) {
                    #expect(abs(solver.value(of: a) - fresh.value(of: b)) <= 1e-9, "\(a.name) at \(width)")
                }
            }
        }
    }
}
