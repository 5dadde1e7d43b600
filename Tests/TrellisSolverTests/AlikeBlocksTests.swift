import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// A split component whose blocks come in a few kinds of identical blocks is solved a kind at a
/// time (``SolverEngine/solveAlikeBlocks(_:states:remaining:)``) and lands exactly where the
/// unsplit component's one LP lands; a kind whose optimum is not the only one, or too many
/// kinds, send the group back to that one LP, whose answer it then is, ambiguous rows included.
@Suite("Alike blocks")
struct AlikeBlocksTests {
    /// The feed solved split from the start (as a layout's solver does) and unsplit.
    static func solve(_ constraints: [Constraint]) throws -> (split: Solver, whole: Solver) {
        let split = Solver()
        split.splitsFromTheStart = true
        try split.add(constraints)
        try split.solve()
        let whole = Solver()
        whole.splitsAtBridges = false
        try whole.add(constraints)
        try whole.solve()
        return (split, whole)
    }

    static func expectSame(_ split: Solver, _ whole: Solver, _ variables: [Variable], _ context: String) {
        for variable in variables {
            let a = split.value(of: variable), b = whole.value(of: variable)
            let tolerance: Double = 1e-9 * max(1, abs(b))
            #expect(abs(a - b) <= tolerance, "\(context): \(variable) split \(a), whole \(b)")
        }
        #expect(abs(split.objective - whole.objective) <= 1e-9 * max(1, abs(whole.objective)), "\(context): objective")
    }

    @Test("Three kinds of rows: each solved once, the others given its solution, the one LP's frames")
    func threeKinds() throws {
        // Texts of 30, 60 and 90 pt (shorter and taller than the avatar), each exactly sized
        // (no gap between its compression and hugging rows).
        let feed = TextFeed(heights: (0..<300).map { [30.0, 60, 90][$0 % 3] })
        let (constraints, variables) = (feed.constraints, feed.variables)
        let (split, whole) = try Self.solve(constraints)
        #expect(split.bridgeCount == 300)
        #expect(split.statistics.templateSolves >= 300 - 4, "\(split.statistics.templateSolves) given a kind's solution")
        Self.expectSame(split, whole, variables, "three kinds")
    }

    @Test("A small group of few kinds: solved a kind at a time, the one LP's frames",
          arguments: [(2, 1), (3, 1), (7, 2), (10, 3), (15, 3)])
    func smallGroup(rows: Int, kinds: Int) throws {
        let heights: [Double] = (0..<rows).map { [30.0, 60, 90][$0 % kinds] }
        let feed = TextFeed(heights: heights)
        let (split, whole) = try Self.solve(feed.constraints)
        let copied = split.statistics.templateSolves
        #expect(copied > 0 && copied >= rows - kinds - 1, "\(copied) of \(rows) rows given a kind's solution")
        Self.expectSame(split, whole, feed.variables, "\(rows) rows")
    }

    @Test("A small group whose kind's optimum is a segment: back to the one LP, its answer", arguments: [2, 5])
    func smallAmbiguousGroup(rows: Int) throws {
        let feed = TextFeed(heights: Array(repeating: 40, count: rows), compression: .defaultLow, gap: 10)
        let (split, whole) = try Self.solve(feed.constraints)
        #expect(split.statistics.templateSolves == 0)
        Self.expectSame(split, whole, feed.variables, "\(rows) ambiguous rows")
    }

    @Test("A kind whose optimum is a segment sends the group back to the one LP, ambiguous rows and all")
    func ambiguousKind() throws {
        // Texts of 40 pt between two equal-weight rows 10 pt apart, in rows the avatar holds at
        // 52 pt: every text height from 30 to 40 is optimal.
        let feed = TextFeed(heights: Array(repeating: 40, count: 120), compression: .defaultLow, gap: 10)
        let (constraints, variables) = (feed.constraints, feed.variables)
        let (split, whole) = try Self.solve(constraints)
        #expect(split.statistics.templateSolves == 0)
        Self.expectSame(split, whole, variables, "ambiguous kind")
    }

    @Test("Rows all different: one family, solved once a basis, the others moved along it, the one LP's frames")
    func allDifferent() throws {
        // Heights from 12 to 91 pt: shorter and taller than the avatar, two bases.
        let feed = TextFeed(heights: (0..<80).map { 12 + Double($0) })
        let (constraints, variables) = (feed.constraints, feed.variables)
        let (split, whole) = try Self.solve(constraints)
        #expect(split.statistics.templateSolves >= 80 - 4, "\(split.statistics.templateSolves) moved from a solved row")
        Self.expectSame(split, whole, variables, "all different")
    }

    @Test("Rows of two structures, all heights different: a family each, the one LP's frames")
    func twoFamilies() throws {
        // Every third row's text hugs at another priority: other rows, not other constants.
        let feed = TextFeed(heights: (0..<90).map { 20 + Double($0) },
                            huggingOfRow: { $0 % 3 == 0 ? .defaultHigh : .defaultLow })
        let (split, whole) = try Self.solve(feed.constraints)
        #expect(split.statistics.templateSolves >= 90 - 8, "\(split.statistics.templateSolves) moved from a solved row")
        Self.expectSame(split, whole, feed.variables, "two families")
    }

    @Test("One family whose rows need three bases: a solve a basis, the others moved, the one LP's frames")
    func threeBases() throws {
        // A preferred text height of 30 pt between compression and hugging: shorter texts are
        // held at 30 and the avatar sets the row, texts from 30 to 50 pt keep their height and
        // the avatar still sets the row, taller ones set it. (With two bases kept a family,
        // every text of the third was solved alone until the group went back to the one LP.)
        let feed = TextFeed(heights: (0..<120).map { 10 + Double($0) }, preferred: (height: 30, priority: .init(rawValue: 500)))
        let (split, whole) = try Self.solve(feed.constraints)
        let solves = split.statistics.componentSolves - split.statistics.templateSolves
        #expect(solves <= 4, "\(solves) solves (the root block and a row a basis), \(split.statistics.templateSolves) rows moved")
        Self.expectSame(split, whole, feed.variables, "three bases")
    }

    @Test("More structures than a third of the rows: the one LP")
    func tooManyFamilies() throws {
        let priorities: [Priority] = [.defaultLow, .defaultHigh, .init(rawValue: 300), .init(rawValue: 400),
                                      .init(rawValue: 500), .init(rawValue: 600)]
        let feed = TextFeed(heights: Array(repeating: 60, count: 12), huggingOfRow: { priorities[$0 % 6] })
        let (split, whole) = try Self.solve(feed.constraints)
        #expect(split.statistics.templateSolves == 0)
        Self.expectSame(split, whole, feed.variables, "too many families")
    }

    @Test("Random priorities and gaps: every value the one LP's, kinds used or not", arguments: 0..<24)
    func randomKinds(seed: UInt64) throws {
        var rng = SplitMix(seed: 900 + seed)
        func pick() -> Priority { TextFeed.randomPriority(&rng) }
        // A few heights, or every row its own (seeds of 16 and up).
        let kinds = (0..<(1 + rng.below(4))).map { _ in Double(rng.int(10...90)) }
        let heights = (0..<90).map { _ in seed >= 16 ? Double(rng.int(10...90)) : kinds[rng.below(kinds.count)] }
        let feed = TextFeed(heights: heights, compression: pick(), hugging: pick(), rowHugging: pick(),
                            gap: Double(rng.int(0...1) * 10))
        let (constraints, variables) = (feed.constraints, feed.variables)
        let (split, whole) = try Self.solve(constraints)
        Self.expectSame(split, whole, variables, "seed \(seed) (\(split.statistics.templateSolves) given a kind's solution)")
    }
}
