import Testing
@testable import TrellisSolver

/// The crash basis (cold solves start from the preferred layout) only changes how fast the
/// optimum is reached; these check that it is reached at once where the preferred layout fits.
@Suite("Crash basis")
struct CrashBasisTests {

    /// Labels in a row, each with hugging (<= intrinsic, weak) and compression resistance
    /// (>= intrinsic, strong), 8 apart, inside a container of `width`.
    static func labels(_ count: Int, width: Double) -> (solver: Solver, widths: [Variable], intrinsic: [Double]) {
        let solver = Solver()
        var widths: [Variable] = []
        var intrinsic: [Double] = []
        var right: LinearExpression = LinearExpression(constant: 0)
        var constraints: [Constraint] = []
        for index in 0..<count {
            let left = Variable("l\(index)"), w = Variable("w\(index)")
            let size = Double(40 + (index * 17) % 60)
            constraints += [
                left == right + 8,
                (w <= size) ~~ .priority(.defaultLow),
                (w >= size) ~~ .priority(.defaultHigh),
                w >= 0,
            ]
            widths.append(w)
            intrinsic.append(size)
            right = left + w
        }
        constraints.append(right <= width - 8)
        try! solver.add(constraints)
        return (solver, widths, intrinsic)
    }

    @Test("A row of labels that fits starts at its optimum: no simplex iteration")
    func labelsThatFit() throws {
        let (solver, widths, intrinsic) = Self.labels(12, width: 1000)
        try solver.solve()
        #expect(solver.statistics.componentSolves == 1)
        #expect(solver.statistics.simplexIterations == 0)
        #expect(widths.map { solver.value(of: $0) } == intrinsic)
    }

    @Test("A row of labels that does not fit is still solved exactly (compression gives way where it must)")
    func labelsThatDoNotFit() throws {
        let (solver, widths, intrinsic) = Self.labels(12, width: 600)
        try solver.solve()
        let total = widths.map { solver.value(of: $0) }.reduce(0, +)
        #expect(abs(total - (600 - 8 - 12 * 8)) <= 1e-9)   // the row is full
        #expect(zip(widths, intrinsic).allSatisfy { solver.value(of: $0) <= $1 + 1e-9 })   // nothing grows
        #expect(solver.statistics.simplexIterations > 0)
    }

    @Test("Soft rows that stand far back (a stack's hiding rows of visible views) stay loose: still no iteration")
    func standingBackRowsStayLoose() throws {
        let (solver, widths, intrinsic) = Self.labels(12, width: 1000)
        // Two rows at 999 per width, as a stack holds a visible view's length: they never bind,
        // and tight in the starting basis they would put each width 1e7 away from its optimum.
        for w in widths {
            try solver.add((w <= 10_000_000) ~~ .priority(999))
            try solver.add((w >= -10_000_000) ~~ .priority(999))
        }
        try solver.solve()
        #expect(solver.statistics.simplexIterations == 0)
        #expect(widths.map { solver.value(of: $0) } == intrinsic)
    }

    @Test("Soft inequalities whose only column a stronger row took start with their violation in the error column: no iteration")
    func violatedLooseInequalitiesStartFeasible() throws {
        // Labels whose widths all follow one edited width (as a screen's root width drives its
        // rows' titles): the edit row takes the one layout column, so every hugging and
        // compression row is loose, and all but one are violated at the edited width.
        let solver = Solver()
        let root = Variable("root")
        try solver.addEditVariable(root, strength: .priority(999))
        try solver.suggest(root, value: 80)
        var widths: [Variable] = []
        for index in 0..<40 {
            let w = Variable("w\(index)")
            try solver.add([
                w == root - Double(index),
                (w <= 50) ~~ .priority(.defaultLow),
                (w >= 50) ~~ .priority(.defaultHigh),
            ])
            widths.append(w)
        }
        try solver.solve()
        #expect(solver.statistics.simplexIterations == 0)
        #expect(widths.enumerated().allSatisfy { solver.value(of: $1) == 80 - Double($0) })
    }
}
