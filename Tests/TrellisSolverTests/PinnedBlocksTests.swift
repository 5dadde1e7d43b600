import Testing
import TrellisTestSupport
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

    /// Random blocks of 3 to 5 variables, each joined to the others only through a pinned root
    /// width (moved before the first solve): a required equality and inequalities that hold at
    /// a known point (some naming the root), and soft rows at random targets and priorities.
    static func randomBlocks(seed: UInt64) -> (constraints: [Constraint], width: Double) {
        var random = SplitMix(seed: seed)
        let root = Variable("root")
        let width = Double(300 + random.below(200))
        var constraints: [Constraint] = []
        let levels: [Priority] = [1, 50, .defaultLow, 500, .defaultHigh, 999]
        for block in 0..<(24 + random.below(16)) {
            let count = 3 + random.below(3)
            let xs = (0..<count).map { Variable("b\(block).x\($0)") }
            let point: [Double] = (0..<count).map { _ in Double(random.below(200)) }
            let joined: Double = width - point[0] - point[1]
            constraints.append(xs[0] + xs[1] == root - joined)
            for _ in 0..<(1 + random.below(2)) {
                let i = random.below(count), j = (i + 1 + random.below(count - 1)) % count
                let slack = Double(random.below(20))
                constraints.append(xs[i] - xs[j] <= point[i] - point[j] + slack)
            }
            if random.below(2) == 0 {
                let k = random.below(count)
                constraints.append(xs[k] <= root * 0.5 + (point[k] - width * 0.5 + Double(random.below(30))))
            }
            for x in xs {
                for _ in 0..<(1 + random.below(2)) {
                    let target = Double(random.below(260)) - 30
                    let priority = levels[random.below(levels.count)]
                    let row: Constraint = switch random.below(3) {
                    case 0: x == target
                    case 1: x <= target
                    default: x >= target
                    }
                    constraints.append(row ~~ .priority(priority))
                }
            }
        }
        constraints.append(root == 0)
        return (constraints, width)
    }

    /// The objective of `constraints` solved as plain LPs: no presolve, no crash basis, no blocks.
    static func unreducedObjective(_ constraints: [Constraint]) throws -> Double? {
        var objective = 0.0
        for part in Component.partition(constraints) {
            let state = ComponentState(component: part, editOfRow: [:])
            var plain = ComponentSolver(component: part, terms: state.terms, constants: state.baseConstants, editRows: [])
            plain.reduces = false
            guard case .solved(let values, _, _, _, _) = try plain.solve(Presolve.identity(component: part, terms: state.terms,
                                                                                        constants: state.baseConstants)) else {
                return nil
            }
            let valueOf = Dictionary(uniqueKeysWithValues: zip(part.variables.map(\.id), values))
            for constraint in part.constraints where !constraint.strength.isRequired {
                objective += constraint.strength.weight * Solver.violation(of: constraint, constant: constraint.expression.constant) {
                    valueOf[$0.id]!
                }
            }
        }
        return objective
    }

    @Test("Random blocks joined by a pinned width: the solve's objective is the unreduced LP's, cold and after resizes",
          arguments: 0..<24)
    func randomBlocksMatchUnreduced(seed: Int) throws {
        let (constraints, width) = Self.randomBlocks(seed: UInt64(seed) &* 7919 &+ 17)
        let solver = Solver()
        try solver.add(constraints)
        var rootRow = constraints.last!
        for (step, moved) in [width, width + 37, width - 52, width].enumerated() {
            rootRow = try solver.updateConstant(of: rootRow, to: -moved)
            try solver.solve()
            let expected = try #require(try Self.unreducedObjective(solver.constraints), "seed \(seed): the unreduced LP is infeasible")
            #expect(Tolerance.close(solver.objective, expected, 1e-7),
                    "seed \(seed), width \(moved) (step \(step), \(solver.statistics.blockStarts) block starts): \(solver.objective), unreduced \(expected)")
        }
    }

    /// (All 24 do today: their crash bases are more than 16 iterations from the optimum.)
    @Test("Most random pinned systems start from their blocks (the test above covers the path)")
    func randomBlocksTakeThePath() throws {
        var starts = 0
        for seed in 0..<24 {
            let (constraints, width) = Self.randomBlocks(seed: UInt64(seed) &* 7919 &+ 17)
            let solver = Solver()
            try solver.add(constraints)
            _ = try solver.updateConstant(of: constraints.last!, to: -width)
            try solver.solve()
            starts += solver.statistics.blockStarts
        }
        #expect(starts >= 12, "\(starts) of 24 systems started from their blocks")
    }
}
