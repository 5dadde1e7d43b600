import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// Stack screens on the incremental paths: a stack makes its rows once and moves their
/// constants, so resizes, spacing changes, content-size changes and hidden toggles mixed in any
/// order give exactly a fresh tree's cold layout, and the ones that change constants only take
/// the constant paths (no full lowering, no component solved again).
@Suite("Stack passes")
struct StackPathTests {
    /// A feed written with stacks: a vertical stack of rows, each a horizontal stack of an
    /// avatar, a text block and a badge, under a header; 16 pt insets.
    final class Screen {
        let root = View(id: "root")
        let feed: StackView
        let rows: [StackView]
        let texts: [View]
        let badges: [View]

        init(rows count: Int, distribution: StackDistribution = .fill, alignment: StackAlignment = .top) {
            root.frame = Rect(x: 0, y: 0, width: 375, height: 800)
            var rows: [StackView] = [], texts: [View] = [], badges: [View] = []
            for index in 0..<count {
                let avatar = View(id: "avatar\(index)"), text = View(id: "text\(index)"), badge = View(id: "badge\(index)")
                avatar.intrinsicContentSize = Size(width: 48, height: 48)
                text.intrinsicContentSize = Size(width: 160, height: Double(30 + index % 3 * 16))
                badge.intrinsicContentSize = Size(width: 24, height: 20)
                let row = StackView(id: "row\(index)", axis: .horizontal, spacing: 12, distribution: distribution,
                                    alignment: alignment, arrangedSubviews: [avatar, text, badge])
                rows.append(row)
                texts.append(text)
                badges.append(badge)
            }
            let header = View(id: "header")
            header.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 44)
            feed = StackView(id: "feed", axis: .vertical, spacing: 8, arrangedSubviews: [header] + rows)
            self.rows = rows
            self.texts = texts
            self.badges = badges
            root.addSubview(feed)
            Tails.install(feed~.top.leading.trailing == root~ + EdgeInsets(16))
        }

        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
        var engine: LayoutEngine { root.engine! }
    }

    /// What a sequence changed, to build a fresh twin with.
    struct State: Equatable {
        var width = 375.0
        var feedSpacing = 8.0
        var rowSpacing = [Double](repeating: 12, count: 4)
        var textHeights = [Double](repeating: -1, count: 4)
        var hiddenRows = Set<Int>()
        var hiddenBadges = Set<Int>()
        var hiddenTexts = Set<Int>()
    }

    static func apply(_ state: State, to screen: Screen) {
        screen.root.frame = Rect(x: 0, y: 0, width: state.width, height: 800)
        if screen.feed.spacing != state.feedSpacing { screen.feed.spacing = state.feedSpacing }
        for (index, row) in screen.rows.enumerated() {
            if row.spacing != state.rowSpacing[index] { row.spacing = state.rowSpacing[index] }
            let height = state.textHeights[index]
            if height >= 0, screen.texts[index].intrinsicContentSize?.height != height {
                screen.texts[index].intrinsicContentSize = Size(width: 160, height: height)
            }
            row.isHidden = state.hiddenRows.contains(index)
            screen.badges[index].isHidden = state.hiddenBadges.contains(index)
            screen.texts[index].isHidden = state.hiddenTexts.contains(index)
        }
    }

    static func cold(_ state: State, distribution: StackDistribution, alignment: StackAlignment) throws -> [Rect] {
        let screen = Screen(rows: 4, distribution: distribution, alignment: alignment)
        apply(state, to: screen)
        try screen.root.layoutIfNeeded()
        return screen.frames()
    }

    @Test("Resizes, spacing and content-size changes and hidden toggles in any order give a fresh tree's frames",
          arguments: [(StackDistribution.fill, StackAlignment.top), (.fill, .center), (.fill, .fill),
                      (.fillEqually, .top), (.equalSpacing, .bottom), (.equalCentering, .center),
                      (.fillProportionally, .firstBaseline)])
    func mixedChanges(distribution: StackDistribution, alignment: StackAlignment) throws {
        let seed = UInt64(StackDistribution.allCases.firstIndex(of: distribution) ?? 0)       // the same sequence every run (hashValue is seeded per process)
        var random = SplitMix(state: 0x57AC + seed)
        let screen = Screen(rows: 4, distribution: distribution, alignment: alignment)
        try screen.root.layoutIfNeeded()
        var state = State()
        for step in 0..<60 {
            let kind = random.below(8)
            switch kind {
            case 0, 1: state.width = Double(240 + random.below(400)) + (random.chance(30) ? 0.5 : 0)
            case 2: state.feedSpacing = Double(random.below(20))
            case 3: state.rowSpacing[random.below(4)] = Double(random.below(24))
            case 4: state.textHeights[random.below(4)] = Double(20 + random.below(60))
            case 5:
                let index = random.below(4)
                if state.hiddenBadges.remove(index) == nil { state.hiddenBadges.insert(index) }
            case 6:
                let index = random.below(4)
                if state.hiddenRows.remove(index) == nil { state.hiddenRows.insert(index) }
            default:
                let index = random.below(4)
                if state.hiddenTexts.remove(index) == nil { state.hiddenTexts.insert(index) }
            }
            let before = screen.engine.statistics.fullLowerings
            Self.apply(state, to: screen)
            try screen.root.layoutIfNeeded()
            if kind == 4 {
                // A content-size change moves the constants of the text's rows: nothing is lowered again.
                #expect(screen.engine.statistics.fullLowerings == before, "step \(step): a content-size change lowered everything again")
            }
            let coldFrames = try Self.cold(state, distribution: distribution, alignment: alignment)
            // Equal up to rounding: a third of 319 pt (fill equally) reached by an affine step
            // and by a cold solve may differ in the last bit.
            let mismatch = frameMismatch(screen.frames(), coldFrames)
            #expect(mismatch == nil, "step \(step), kind \(kind), \(state): \(mismatch ?? "")")
        }
    }

    /// Runs `change` and a pass; returns what the engine and its solver counted during it.
    private func counted(_ screen: Screen, _ change: () -> Void)
        throws -> (engine: LayoutEngine.Statistics, solver: Solver.Statistics) {
        let engineBefore = screen.engine.statistics
        let solverBefore = screen.engine.diagnosticState.solver.statistics
        change()
        try screen.root.layoutIfNeeded()
        let engine = screen.engine.statistics, solver = screen.engine.diagnosticState.solver.statistics
        var engineDelta = LayoutEngine.Statistics()
        engineDelta.fullLowerings = engine.fullLowerings - engineBefore.fullLowerings
        engineDelta.incrementalLowerings = engine.incrementalLowerings - engineBefore.incrementalLowerings
        engineDelta.directPasses = engine.directPasses - engineBefore.directPasses
        var solverDelta = Solver.Statistics()
        solverDelta.componentSolves = solver.componentSolves - solverBefore.componentSolves
        solverDelta.affineSteps = solver.affineSteps - solverBefore.affineSteps
        solverDelta.slides = solver.slides - solverBefore.slides
        return (engineDelta, solverDelta)
    }

    @Test("A resize and spacing changes of a fill stack screen take the direct constant path and an affine step or a slide")
    func constantPaths() throws {
        let screen = Screen(rows: 6)
        try screen.root.layoutIfNeeded()
        // Each kind once first: a row the solver folded into a bound becomes a movable row at
        // its first change (the root's rows, a stack's gaps), which solves once.
        screen.root.frame = Rect(x: 0, y: 0, width: 390, height: 800)
        screen.feed.spacing = 10
        screen.rows[2].spacing = 6
        screen.feed.setCustomSpacing(16, after: screen.rows[1])
        try screen.root.layoutIfNeeded()

        let changes: [(String, () -> Void)] = [
            ("resize", { screen.root.frame = Rect(x: 0, y: 0, width: 414, height: 800) }),
            ("resize back", { screen.root.frame = Rect(x: 0, y: 0, width: 375, height: 800) }),
            ("feed spacing", { screen.feed.spacing = 12 }),
            ("row spacing", { screen.rows[2].spacing = 4 }),
            ("custom spacing", { screen.feed.setCustomSpacing(20, after: screen.rows[1]) }),
        ]
        for (name, change) in changes {
            let (engine, solver) = try counted(screen, change)
            #expect(engine.fullLowerings == 0, "\(name): lowered everything again")
            #expect(engine.directPasses == 1, "\(name): not the direct constant path")
            #expect(solver.componentSolves == 0, "\(name): a component was solved again")
            // (A gap between two rows of the feed is a bridge between blocks: they slide, no step.)
            #expect(solver.affineSteps >= 1 || solver.slides >= 1, "\(name): no affine step and no slide")
        }
    }

    @Test("A hidden toggle in a fill stack moves constants of the rows it has from the start: nothing lowered again")
    func hiddenToggles() throws {
        let screen = Screen(rows: 6)
        try screen.root.layoutIfNeeded()
        let rows = (screen.rows + [screen.feed]).map { $0.arrangementConstraints.map(\.id) }
        let changes: [(String, () -> Void)] = [
            ("hide a badge", { screen.badges[3].isHidden = true }),
            ("hide a row", { screen.rows[4].isHidden = true }),
            ("hide a text", { screen.texts[0].isHidden = true }),
            ("show them", { screen.badges[3].isHidden = false; screen.rows[4].isHidden = false; screen.texts[0].isHidden = false }),
        ]
        for (name, change) in changes {
            let (engine, _) = try counted(screen, change)
            #expect(engine.fullLowerings == 0, "\(name): lowered everything again")
            #expect(engine.incrementalLowerings == 1, "\(name): not a constant path")
            #expect((screen.rows + [screen.feed]).map { $0.arrangementConstraints.map(\.id) } == rows, "\(name): new rows")
        }
        #expect(screen.frames() == (try Self.fresh(rows: 6) { _ in }))
    }

    @Test("A content-size change in a fill stack moves the constants of the rows it has: no new rows, nothing lowered again")
    func contentSizeChange() throws {
        let screen = Screen(rows: 6)
        try screen.root.layoutIfNeeded()
        let rows = screen.rows[2].arrangementConstraints.map(\.id)
        for height in [50.0, 62, 41] {
            let (engine, _) = try counted(screen) { screen.texts[2].intrinsicContentSize = Size(width: 140 + height, height: height) }
            #expect(engine.fullLowerings == 0, "\(height): lowered everything again")
            #expect(engine.incrementalLowerings == 1, "\(height): not one incremental lowering")
            #expect(screen.rows[2].arrangementConstraints.map(\.id) == rows)
            #expect(screen.frames() == (try Self.fresh(rows: 6) { $0.texts[2].intrinsicContentSize = Size(width: 140 + height, height: height) }))
        }
    }

    @Test("Measured texts in proportional stacks: a resize moves their measured lengths, and the stacks' constants follow",
          arguments: [LayoutAxis.vertical, .horizontal])
    func measuredLengthsAfterResize(axis: LayoutAxis) throws {
        typealias TextBox = ContentSizePathTests.TextBox
        // Lengths proportional to the texts' measured lengths (heights that wrap with the width,
        // or widths of the widest line): a stale length would give other frames than a fresh tree.
        // (Each pass after the first changes the root's frame only: the stack may skip reading its
        // state only while its measured views' lengths stand.)
        func screen(width: Double) -> (root: View, stack: StackView) {
            let root = View(id: "root")
            root.frame = Rect(x: 0, y: 0, width: width, height: 600)
            let texts = [23.0, 61, 9, 140].enumerated().map { TextBox(id: "text\($0.offset)", characters: $0.element) }
            let stack = StackView(id: "stack", axis: axis, spacing: 8, distribution: .fillProportionally,
                                  alignment: .fill, arrangedSubviews: texts)
            root.addSubview(stack)
            Tails.install(stack~.edges == root~)
            return (root, stack)
        }
        let (root, _) = screen(width: 375)
        try root.layoutIfNeeded()
        for width in [320.0, 414, 288, 500, 375] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 600)
            try root.layoutIfNeeded()
            let fresh = screen(width: width).root
            try fresh.layoutIfNeeded()
            // (Proportional coefficients are not dyadic: see ``frameMismatch(_:_:tolerance:)``.)
            let mismatch = frameMismatch(root.subtreeViews().map(\.frame), fresh.subtreeViews().map(\.frame))
            #expect(mismatch == nil, "width \(width): \(mismatch ?? "")")
        }
    }

    @Test("A horizontal proportional stack of wrapping texts: proportions are their natural widths, and a resize lowers nothing again")
    func proportionsFromNaturalWidths() throws {
        // Words of 35 pt, 7 pt apart: a text's width at `width` is its widest line, which
        // shrinks in steps of 42 pt as the text wraps (not in proportion to the width).
        func text(_ id: String, words: Int) -> View {
            let view = View(id: id)
            view.sizeForWidth = { width in
                let perLine = min(words, max(1, Int(((width + 7) / 42).rounded(.down))))
                let lines = (words + perLine - 1) / perLine
                return Size(width: Double(perLine * 42 - 7), height: Double(lines * 18))
            }
            return view
        }
        func screen(width: Double) -> (root: View, texts: [View]) {
            let root = View(id: "root")
            root.frame = Rect(x: 0, y: 0, width: width, height: 600)
            let texts = [2, 4, 6].enumerated().map { text("text\($0.offset)", words: $0.element) }
            let stack = StackView(id: "stack", axis: .horizontal, spacing: 8, distribution: .fillProportionally,
                                  alignment: .top, arrangedSubviews: texts)
            root.addSubview(stack)
            Tails.install(stack~.top.leading.trailing == root~)
            return (root, texts)
        }
        // By hand, as UIKit sizes labels by their intrinsic (one-line) widths 77, 161 and 245:
        // the 284 pt left after two gaps of 8 in those proportions, each text two lines high at
        // its width. (Measured at those widths the texts are 35, 77 and 119 wide: proportions
        // read from them would move from round to round.)
        let (root, texts) = screen(width: 300)
        try root.layoutIfNeeded()
        let widths = [77.0, 161, 245].map { $0 * 284 / 483 }
        let expected = [Rect(x: 0, y: 0, width: widths[0], height: 36),
                        Rect(x: widths[0] + 8, y: 0, width: widths[1], height: 36),
                        Rect(x: widths[0] + widths[1] + 16, y: 0, width: widths[2], height: 36)]
        let mismatch = frameMismatch(texts.map(\.frame), expected)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // Resizes keep the rows: constants move, nothing is lowered again, frames as a fresh tree's.
        let engine = try #require(root.engine)
        for width in [414.0, 250, 375, 300] {
            let before = engine.statistics.fullLowerings
            root.frame = Rect(x: 0, y: 0, width: width, height: 600)
            try root.layoutIfNeeded()
            #expect(engine.statistics.fullLowerings == before, "width \(width): the rows were made again")
            let fresh = screen(width: width).root
            try fresh.layoutIfNeeded()
            let mismatch = frameMismatch(root.subtreeViews().map(\.frame), fresh.subtreeViews().map(\.frame))
            #expect(mismatch == nil, "width \(width): \(mismatch ?? "")")
        }
    }

    /// What a step of ``lengthsFollowed(steps:)`` changes: the root's width, a text's length,
    /// a chip's (unmeasured) content height.
    enum LengthStep: Sendable, CustomStringConvertible {
        case width(Double)
        case characters(row: Int, Double)
        case chip(row: Int, height: Double)

        var description: String {
            switch self {
            case .width(let width): "width \(width)"
            case .characters(let row, let count): "text \(row) \(count) characters"
            case .chip(let row, let height): "chip \(row) height \(height)"
            }
        }
    }

    /// Vertical fill stacks of wrapped texts and a chip, none the last view: each prefers its
    /// length at priority 1 (the tie-break with the views after it, whose hugging equals its own),
    /// so a stale constant above the new length would make the view longer than in a fresh tree.
    /// (Texts along a horizontal stack keep their one-line width at every root width.)
    static func lengthScreen(_ steps: ArraySlice<LengthStep>) -> (root: View, stacks: [StackView]) {
        typealias TextBox = ContentSizePathTests.TextBox
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 375, height: 700)
        var stacks: [StackView] = []
        for index in 0..<3 {
            let text = TextBox(id: "text\(index)", characters: Double(30 + 41 * index))
            let chip = View(id: "chip\(index)")
            chip.intrinsicContentSize = Size(width: 30, height: 12)
            let other = TextBox(id: "other\(index)", characters: Double(12 + 7 * index))
            let filler = View(id: "filler\(index)")
            filler.intrinsicContentSize = Size(width: 20, height: 20)
            stacks.append(StackView(id: "row\(index)", axis: .vertical, spacing: 6, alignment: .fill,
                                    arrangedSubviews: [text, chip, other, filler]))
        }
        let column = StackView(id: "column", axis: .vertical, spacing: 8, alignment: .fill, arrangedSubviews: stacks)
        root.addSubview(column)
        Tails.install(column~.top.leading.trailing == root~ + EdgeInsets(16))
        Tails.install(stacks.map { $0~.height == 240 })
        for step in steps { apply(step, to: root, stacks) }
        return (root, stacks)
    }

    static func apply(_ step: LengthStep, to root: View, _ stacks: [StackView]) {
        switch step {
        case .width(let width):
            root.frame = Rect(x: 0, y: 0, width: width, height: 700)
        case .characters(let row, let count):
            let text = stacks[row].arrangedSubviews[0] as! ContentSizePathTests.TextBox
            text.characters = count
            text.invalidateIntrinsicContentSize()
        case .chip(let row, let height):
            stacks[row].arrangedSubviews[1].intrinsicContentSize = Size(width: 30, height: height)
        }
    }

    @Test("Resizes and new content sizes move the fill-order rows that read the lengths; no stack reads its whole state again",
          arguments: [
              [LengthStep.width(320), .width(414), .width(251), .width(500), .width(375.5)],
              [.characters(row: 2, 40), .characters(row: 1, 300), .width(300), .characters(row: 1, 20),
               .chip(row: 0, height: 40), .width(420), .chip(row: 0, height: 8), .characters(row: 2, 150)],
          ])
    func lengthsFollowed(steps: [LengthStep]) throws {
        let (root, stacks) = Self.lengthScreen([])
        try root.layoutIfNeeded()
        // (A spacing change: a pass that reads the stacks' whole state, as the cold one's first
        // round does; the steps after it follow the lengths alone, shorter and longer ones.)
        for stack in stacks { stack.spacing = 7 }
        try root.layoutIfNeeded()
        let reads = stacks.map(\.stateReads)
        var done: [LengthStep] = []
        for step in steps {
            Self.apply(step, to: root, stacks)
            done.append(step)
            try root.layoutIfNeeded()
            let fresh = Self.lengthScreen(done[...])
            for stack in fresh.stacks { stack.spacing = 7 }
            try fresh.root.layoutIfNeeded()
            let mismatch = frameMismatch(root.subtreeViews().map(\.frame), fresh.root.subtreeViews().map(\.frame))
            #expect(mismatch == nil, "\(step): \(mismatch ?? "")")
        }
        #expect(stacks.map(\.stateReads) == reads, "a step read a stack's whole state")
    }

    static func fresh(rows: Int, _ change: (Screen) -> Void) throws -> [Rect] {
        let screen = Screen(rows: rows)
        change(screen)
        try screen.root.layoutIfNeeded()
        return screen.frames()
    }
}
