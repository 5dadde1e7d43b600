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

    /// Chat bubbles: each label's width held by hugging and compression resistance at its
    /// intrinsic width and capped by a required `w + 24 <= 0.7 × root` (a column bound once the
    /// root's width is substituted), the cap below the intrinsic width of every other label.
    /// `floor` adds a required `w >= 0` (a column with both bounds). The hugging and compression
    /// rows are moved once before the first solve, as a layout's rows of measured views start
    /// (movable rows stay LP rows: no label is then solved alone in closed form). `count` labels,
    /// three LP rows each.
    /// `chained`: each label also kept within 1000 of the next (a required row never tight),
    /// so that the labels make one block of the LP, not one each (see ``SplitTableau``).
    static func cappedLabels(root width: Double, floor: Bool, count: Int = 40, chained: Bool = false)
        -> (solver: Solver, widths: [Variable], intrinsic: [Double], rootRow: Constraint) {
        let solver = Solver()
        let root = Variable("root")
        let rootRow = root == width
        var constraints = [rootRow]
        var widths: [Variable] = []
        var intrinsic: [Double] = []
        var measured: [(row: Constraint, size: Double)] = []
        for index in 0..<count {
            let w = Variable("w\(index)")
            let size = index % 2 == 0 ? 120 + Double(index) : 300 + Double(index)
            let hugging = (w <= 0) ~~ .priority(.defaultLow)
            let compression = (w >= 0) ~~ .priority(.defaultHigh)
            constraints += [w + 24 <= root * 0.7, hugging, compression]
            if floor { constraints.append(w >= 0) }
            measured += [(hugging, size), (compression, size)]
            if chained, let previous = widths.last { constraints.append(w <= previous + 1000) }
            widths.append(w)
            intrinsic.append(size)
        }
        try! solver.add(constraints)
        // `w - size OP 0`: the constant is -size.
        for (row, size) in measured { _ = try! solver.updateConstant(of: row, to: -size) }
        return (solver, widths, intrinsic, rootRow)
    }

    @Test("Labels whose compression asks for more than a required cap start at the cap: no iteration",
          arguments: [false, true])
    func compressionBeyondABoundStartsAtTheBound(floor: Bool) throws {
        let (solver, widths, intrinsic, _) = Self.cappedLabels(root: 375, floor: floor)
        try solver.solve()
        #expect(solver.statistics.simplexIterations == 0)
        let cap = 375 * 0.7 - 24
        let expected = intrinsic.map { min($0, cap) }
        #expect(zip(widths, expected).allSatisfy { abs(solver.value(of: $0) - $1) <= 1e-9 })
    }

    /// Labels enough that their component is beyond the tableau's reach (a step cannot follow
    /// the basis through breakpoints in Swift: ``ParametricTableau/maximumRows``) when they are
    /// chained into one block.
    static let labelsBeyondTheTableau = ParametricTableau.maximumRows / 3 + 10

    @Test("A component the crash start solved at once starts from it again when a step cannot follow a change")
    func failedStepStartsFromTheCrashAgain() throws {
        let (solver, widths, intrinsic, rootRow) = Self.cappedLabels(root: 375, floor: true, count: Self.labelsBeyondTheTableau,
                                                                     chained: true)
        try solver.solve()
        var row = rootRow
        // The root's row moves: the caps cross some labels' intrinsic widths each time, which a
        // step along one basis cannot follow.
        for width in [600.0, 300, 800, 375] {
            row = try solver.updateConstant(of: row, to: -width)   // root - width == 0
            try solver.solve()
            let cap = width * 0.7 - 24
            let expected = intrinsic.map { min($0, cap) }
            #expect(zip(widths, expected).allSatisfy { abs(solver.value(of: $0) - $1) <= 1e-9 })
        }
        #expect(solver.statistics.componentSolves >= 3)
        #expect(solver.statistics.simplexIterations == 0)
    }

    @Test("The crash start chosen after a failed step holds when another component of the same solve splits at bridges")
    func failedStepStartsFromTheCrashBesideASplit() throws {
        let (solver, widths, intrinsic, rootRow) = Self.cappedLabels(root: 375, floor: true, count: Self.labelsBeyondTheTableau,
                                                                     chained: true)
        // A chain of rows beside the labels: each row's height pulled to a target (a soft row),
        // so the chain splits at its gaps when two targets change in one solve.
        let head = Variable("head")
        var chain: [Constraint] = [head == 0]
        var targets: [Constraint] = []
        var bottom = LinearExpression(head)
        for i in 0..<10 {
            let top = Variable("top\(i)"), height = Variable("height\(i)")
            let target = (height == 30) ~~ .priority(500)
            chain += [top == bottom + 8, target, height >= 10]
            targets.append(target)
            bottom = top + height
        }
        try solver.add(chain)
        try solver.solve()
        var row = rootRow
        for (step, width) in [600.0, 300, 800, 375].enumerated() {
            row = try solver.updateConstant(of: row, to: -width)   // root - width == 0
            targets[step] = try solver.updateConstant(of: targets[step], to: -40)
            targets[step + 5] = try solver.updateConstant(of: targets[step + 5], to: -20)
            try solver.solve()
            let cap = width * 0.7 - 24
            let expected = intrinsic.map { min($0, cap) }
            #expect(zip(widths, expected).allSatisfy { abs(solver.value(of: $0) - $1) <= 1e-9 })
        }
        #expect(solver.bridgeCount > 0)
        #expect(solver.statistics.componentSolves >= 3)
        #expect(solver.statistics.simplexIterations == 0)
    }
}
