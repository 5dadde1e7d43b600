import Testing
@testable import Trellis
@testable import TrellisSolver
import TrellisTestSupport

/// The first change of a kept constraint's constant moves along the solver's basis like the
/// later ones, and a tree with safe areas is as incremental as one
/// without: an unchanged pass does nothing, a resize lowers only what changed.
@Suite("Incremental layout: first changes and safe areas")
struct IncrementalGapsTests {
    /// A feed of cells; `gap` is a kept group (the avatar's width), as an app keeps a constraint it animates.
    final class Feed {
        let root = makeRoot(width: 375, height: 800)
        var gap: ConstraintGroup!
        var cells: [View] = []

        init(cells count: Int, safeArea: Bool = false, guides: Bool = false) {
            if safeArea { root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0) }
            var above: View?
            for index in 0..<count {
                let cell = View(id: "cell\(index)"), avatar = View(id: "avatar\(index)"), title = View(id: "title\(index)")
                title.intrinsicContentSize = Size(width: 120 + Double(index % 5) * 20, height: 20)
                root.addSubview(cell)
                cell.addSubview(avatar)
                cell.addSubview(title)
                Tails.install(
                    cell~.leading.trailing == root~,
                    avatar~.top.leading == cell~ + 12,
                    avatar~.height == 40,
                    title~.leading == avatar~.trailing + 8,
                    title~.trailing <= cell~.trailing - 12,
                    cell~.bottom == avatar~.bottom + 12
                )
                if guides {
                    // The title keeps clear of the cell's own safe area (the part under the bars).
                    Tails.install(title~.top == cell.safeAreaLayoutGuide~.top + 4)
                } else {
                    Tails.install(title~.top == avatar~)
                }
                if index == 0 {
                    gap = Tails.install(avatar~.width == 40)
                } else {
                    Tails.install(avatar~.width == 40)
                }
                if let above {
                    Tails.install(cell~.top == above~.bottom)
                } else if safeArea {
                    Tails.install(cell~.top == root.safeAreaLayoutGuide~.top)
                } else {
                    Tails.install(cell~.top == root~)
                }
                above = cell
                cells.append(cell)
            }
        }

        var engine: LayoutEngine { root.engine! }
        var solverStatistics: Solver.Statistics { engine.diagnosticState.solver.statistics }
        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
    }

    /// The frames of `twin` (built like the tree under test, with the same changes made) laid
    /// out by a fresh engine.
    static func coldFrames(_ twin: Feed) throws -> [Rect] {
        twin.root.resetLayoutEngine()
        try twin.root.layoutIfNeeded()
        return twin.frames()
    }

    @Test("The first update(constant:) of a kept group moves along the basis: no component is solved again")
    func firstConstantUpdate() throws {
        let feed = Feed(cells: 30), twin = Feed(cells: 30)
        try feed.root.layoutIfNeeded()
        let before = feed.solverStatistics
        feed.gap.update(constant: 44)
        twin.gap.update(constant: 44)
        try feed.root.layoutIfNeeded()
        #expect(feed.solverStatistics.componentSolves == before.componentSolves, "the first change solved a component again")
        #expect(feed.solverStatistics.affineSteps == before.affineSteps + 1)
        #expect(feed.frames() == (try Self.coldFrames(twin)))
        #expect(feed.cells[0].subviews[0].frame.width == 44)
    }

    @Test("Safe areas: an unchanged pass does nothing; a resize that keeps the derived insets lowers nothing again", arguments: [false, true])
    func safeAreaTree(guides: Bool) throws {
        let feed = Feed(cells: 12, safeArea: true, guides: guides), twin = Feed(cells: 12, safeArea: true, guides: guides)
        try feed.root.layoutIfNeeded()
        #expect(feed.frames() == (try Self.coldFrames(twin)))
        #expect(feed.cells[0].frame.minY == 44)
        let lowered = feed.engine.statistics
        let solved = feed.solverStatistics

        for _ in 0..<3 { try feed.root.layoutIfNeeded() }
        _ = try feed.root.layoutSnapshot()
        #expect(feed.engine.statistics.fullLowerings == lowered.fullLowerings)
        #expect(feed.engine.statistics.incrementalLowerings == lowered.incrementalLowerings, "an unchanged pass solved")
        #expect(feed.solverStatistics.componentSolves == solved.componentSolves)

        for width in [390.0, 414, 360] {
            feed.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            twin.root.frame = feed.root.frame
            try feed.root.layoutIfNeeded()
            #expect(feed.engine.statistics.fullLowerings == lowered.fullLowerings, "a resize lowered everything again")
            #expect(feed.frames() == (try Self.coldFrames(twin)))
        }
    }

    /// One change to a safe-area feed.
    static func mutate(_ feed: Feed, _ random: inout SplitMix) {
        switch random.below(6) {
        case 0: feed.root.frame = Rect(x: 0, y: 0, width: Double(300 + random.below(200)), height: 800)
        case 1: feed.gap.update(constant: Double(20 + random.below(40)))
        case 2: feed.root.safeAreaInsets = EdgeInsets(top: Double(random.below(3) * 30), left: 0, bottom: 34, right: 0)
        case 3: feed.cells[random.below(feed.cells.count)].safeAreaInsets = EdgeInsets(top: Double(random.below(2) * 10), left: 0, bottom: 0, right: 0)
        case 4: feed.root.frame = Rect(x: 0, y: 0, width: feed.root.frame.width, height: Double(600 + random.below(400)))
        default: (feed.cells[random.below(feed.cells.count)].subviews[1]).intrinsicContentSize = Size(width: Double(60 + random.below(200)), height: 20)
        }
    }

    @Test("After any sequence of changes, incremental passes on a safe-area tree give what a cold layout gives", arguments: 0..<8)
    func safeAreaMatchesCold(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &+ 0xA5A5)
        var same = random
        let feed = Feed(cells: 6, safeArea: true, guides: seed % 2 == 0)
        let twin = Feed(cells: 6, safeArea: true, guides: seed % 2 == 0)
        try feed.root.layoutIfNeeded()
        for step in 0..<30 {
            Self.mutate(feed, &random)
            Self.mutate(twin, &same)
            try feed.root.layoutIfNeeded()
            if step % 4 == 0 { try feed.root.layoutIfNeeded() }
            let cold = try Self.coldFrames(twin)
            let mismatch = frameMismatch(feed.frames(), cold)
            #expect(mismatch == nil, "seed \(seed) step \(step), against cold: \(mismatch ?? "")")
        }
    }
}
