import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// Blocks of one shape solved by moving the first one's basis to their constants
/// (``ComponentTemplates``) land exactly where the whole system solved as one LP lands — cold and
/// through later re-measurements — and a shape whose optimum is not the only one is never copied.
@Suite("Component templates")
struct ComponentTemplateTests {
    /// A feed of text rows (compression 750, hugging 250, the row's hugging 51); conflicting:
    /// both intrinsic rows at the hugging priority, 10 pt apart — every height between them
    /// costs the same, so the text's optimum is a segment, not a point.
    static func feed(heights: [Double], conflicting: Bool = false) -> TextFeed {
        TextFeed(heights: heights, compression: conflicting ? .defaultLow : .defaultHigh, hugging: .defaultLow,
                 rowHugging: .init(rawValue: 51), gap: conflicting ? 10 : 0)
    }

    /// A solver whose texts are moving rows from the start (a layout's measured sizes): the
    /// component splits into one block per row when it is built, each block of the same shape.
    /// The feed is made with every text at 1 pt and each then measured (moved) to its height.
    /// Returns the solver, the feed and each text's intrinsic rows as they now are in it.
    static func measuredSolver(heights: [Double], conflicting: Bool = false)
        throws -> (Solver, TextFeed, [(low: Constraint, high: Constraint)]) {
        let feed = Self.feed(heights: heights.map { _ in 1 }, conflicting: conflicting)
        let solver = Solver()
        try solver.add(feed.constraints)
        var texts: [(low: Constraint, high: Constraint)] = []
        for (text, height) in zip(feed.texts, heights) {
            texts.append((try solver.updateConstant(of: text.low, to: -height),
                          try solver.updateConstant(of: text.high, to: -(height - (conflicting ? 10 : 0)))))
        }
        try solver.solve()
        return (solver, feed, texts)
    }

    /// The same feed with its texts at `heights` written in, solved whole as one LP (no split,
    /// no moving rows): the reference.
    static func wholeSolver(heights: [Double]) throws -> (Solver, TextFeed) {
        let feed = Self.feed(heights: heights)
        let solver = Solver()
        solver.splitsAtBridges = false
        try solver.add(feed.constraints)
        try solver.solve()
        #expect(solver.statistics.templateSolves == 0)
        return (solver, feed)
    }

    static func expectSame(_ solver: Solver, _ variables: [Variable], as reference: Solver, _ referenceVariables: [Variable],
                           _ context: String) {
        for (variable, other) in zip(variables, referenceVariables) {
            let a = solver.value(of: variable), b = reference.value(of: other)
            #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(context): \(variable) \(a), solved whole \(b)")
        }
        #expect(abs(solver.objective - reference.objective) <= 1e-9 * max(1, abs(reference.objective)),
                "\(context): objective")
    }

    @Test("Alike text rows take the first row's basis and land where the feed solved whole lands, cold and re-measured")
    func alikeRowsAreExact() throws {
        var rng = SplitMix(seed: 7)
        // Texts shorter and taller than the 48 pt avatar: two bases (the row's bottom held by
        // the avatar or by the text), so some rows cannot take the first one's and are solved.
        var heights = (0..<300).map { _ in Double(rng.int(12...90)) }
        let (solver, feed, measured) = try Self.measuredSolver(heights: heights)
        var texts = measured
        let cold = solver.statistics
        #expect(cold.templateSolves > 100, "only \(cold.templateSolves) rows took a template")
        #expect(cold.templateSolves < cold.componentSolves, "every row took a template: the other basis was never met")
        var (reference, referenceFeed) = try Self.wholeSolver(heights: heights)
        Self.expectSame(solver, feed.variables, as: reference, referenceFeed.variables, "cold")

        // Re-measured texts (a third of them each round) move the copied models as their own.
        for round in 0..<4 {
            for i in heights.indices where rng.below(3) == 0 {
                heights[i] = Double(rng.int(12...90))
                texts[i] = (try solver.updateConstant(of: texts[i].low, to: -heights[i]),
                            try solver.updateConstant(of: texts[i].high, to: -heights[i]))
            }
            try solver.solve()
            (reference, referenceFeed) = try Self.wholeSolver(heights: heights)
            Self.expectSame(solver, feed.variables, as: reference, referenceFeed.variables, "round \(round)")
        }
    }

    @Test("Measured texts whose rows need three bases: a solve a basis, the others copied, the feed solved whole's frames")
    func threeBases() throws {
        // A preferred text height of 30 pt between compression and hugging: shorter texts are
        // held at 30 and the avatar sets the row, texts from 30 to 50 pt keep their height and
        // the avatar still sets the row, taller ones set it.
        let heights = (0..<120).map { 10 + Double($0) }
        let preferred = (height: 30.0, priority: Priority(rawValue: 500))
        let feed = TextFeed(heights: heights.map { _ in 1 }, rowHugging: .init(rawValue: 51), preferred: preferred)
        let solver = Solver()
        try solver.add(feed.constraints)
        for (text, height) in zip(feed.texts, heights) {
            try solver.updateConstant(of: text.low, to: -height)
            try solver.updateConstant(of: text.high, to: -height)
        }
        try solver.solve()
        let solves = solver.statistics.componentSolves - solver.statistics.templateSolves
        // (The root block, and a row a basis; with two templates kept a shape, as before, 82 of
        // the 121 blocks were solved.)
        #expect(solves <= 4, "\(solves) solves, \(solver.statistics.templateSolves) rows copied")
        let whole = TextFeed(heights: heights, rowHugging: .init(rawValue: 51), preferred: preferred)
        let reference = Solver()
        reference.splitsAtBridges = false
        try reference.add(whole.constraints)
        try reference.solve()
        Self.expectSame(solver, feed.variables, as: reference, whole.variables, "three bases")
    }

    @Test("Texts at their natural size, shorter than the avatar: one loose row, blocked, and nearly every row copied")
    func naturalSizeRowsAreCopied() throws {
        var rng = SplitMix(seed: 9)
        // Compression and hugging both hold at the text's height: one of them is non-basic at
        // no cost at any level (the row's height is the avatar's), held by the other.
        let heights = (0..<200).map { _ in Double(rng.int(12...40)) }
        let (solver, feed, _) = try Self.measuredSolver(heights: heights)
        // (The first row is solved, and the odd row whose basis GLPK's first one does not hold.)
        #expect(solver.statistics.templateSolves >= heights.count - 5, "\(solver.statistics.templateSolves) copied")
        let (reference, referenceFeed) = try Self.wholeSolver(heights: heights)
        Self.expectSame(solver, feed.variables, as: reference, referenceFeed.variables, "cold")
    }

    @Test("A shape whose optimum is a segment is never copied: each block is solved")
    func ambiguousShapeIsSolved() throws {
        var rng = SplitMix(seed: 11)
        // Texts of 20...50 pt in rows held at 52 pt by their avatars: the text's two intrinsic
        // rows cost 10 wherever it stands between them, and no lower level prefers a point.
        let heights = (0..<60).map { _ in Double(rng.int(20...50)) }
        let (solver, feed, _) = try Self.measuredSolver(heights: heights, conflicting: true)
        #expect(solver.statistics.templateSolves == 0)
        #expect(solver.statistics.componentSolves >= heights.count)
        for (i, height) in heights.enumerated() {
            let value = solver.value(of: feed.textHeight(ofRow: i))
            #expect(value >= height - 10 - 1e-9 && value <= height + 1e-9, "row \(i): text height \(value)")
        }
    }

    @Test("A shape unique at some constants only: copied only where its basis certifies the point")
    func partlyAmbiguousShape() throws {
        var rng = SplitMix(seed: 12)
        // Texts over 60 pt make their row taller than the avatar: the row's hugging (priority 51)
        // then picks the lower end, h - 10, the only optimum. At 60 pt and less the text may
        // stand anywhere in its segment. The first row is unique, so the shape has a template.
        let heights = [80.0] + (1..<120).map { _ in Double(rng.int(20...90)) }
        let (solver, feed, _) = try Self.measuredSolver(heights: heights, conflicting: true)
        #expect(solver.statistics.templateSolves > 0)
        for (i, height) in heights.enumerated() {
            let value = solver.value(of: feed.textHeight(ofRow: i))
            if height > 60 {
                #expect(abs(value - (height - 10)) <= 1e-9, "row \(i): text height \(value), only optimum \(height - 10)")
            } else {
                #expect(value >= height - 10 - 1e-9 && value <= height + 1e-9, "row \(i): text height \(value)")
            }
        }
    }

    @Test("Random row shapes: the templated feed's optimum, required rows and objective are the whole LP's", arguments: 0..<24)
    func randomShapes(seed: UInt64) throws {
        var rng = SplitMix(seed: 400 + seed)
        func pick() -> Priority { TextFeed.randomPriority(&rng) }
        // One shape for every row: offsets, the avatar's height and the priorities.
        let (avatarOffset, textOffset, avatar) = (Double(rng.int(0...12)), Double(rng.int(0...12)), Double(rng.int(20...60)))
        let (compression, hugging, rowHugging) = (pick(), pick(), pick())
        let preferred: (Double, Priority)? = rng.below(2) == 0 ? (Double(rng.int(20...70)), pick()) : nil
        let count = 40
        let heights = (0..<count).map { _ in Double(rng.int(8...90)) }

        func build(_ solver: Solver, heights: [Double]) throws -> [(low: Constraint, high: Constraint)] {
            let feed = TextFeed(heights: heights, compression: compression, hugging: hugging, rowHugging: rowHugging,
                                avatarOffset: avatarOffset, textOffset: textOffset, avatar: avatar,
                                preferred: preferred.map { (height: $0.0, priority: $0.1) })
            try solver.add(feed.constraints)
            return feed.texts
        }
        // Measured: every text made at 1 pt and moved to its height (moving rows from the start).
        let measured = Solver()
        let texts = try build(measured, heights: heights.map { _ in 1 })
        for (text, height) in zip(texts, heights) {
            _ = try measured.updateConstant(of: text.low, to: -height)
            _ = try measured.updateConstant(of: text.high, to: -height)
        }
        try measured.solve()
        let whole = Solver()
        whole.splitsAtBridges = false
        _ = try build(whole, heights: heights)
        try whole.solve()
        #expect(abs(measured.objective - whole.objective) <= 1e-9 * max(1, abs(whole.objective)),
                "seed \(seed): objective \(measured.objective), solved whole \(whole.objective) (\(measured.statistics.templateSolves) copied)")
        #expect(measured.statistics.templateSolves > 0, "seed \(seed): no row took a template")
        #expect(measured.violations().allSatisfy { !$0.constraint.strength.isRequired }, "seed \(seed): a required row broken")
    }
}
