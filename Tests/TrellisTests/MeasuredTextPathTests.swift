import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// Measured text on the incremental paths: random screens of stacks and plain constraints
/// holding wrapped text, changed in any order (widths, texts, hidden toggles, spacings), give
/// exactly a fresh tree's cold layout; and a text screen's resize, once warm, moves the text's
/// content-size rows along the solver's basis instead of solving a component again.
@Suite("Measured-text passes")
struct MeasuredTextPathTests {
    /// Text of `characters` letters 7 pt wide in 18 pt lines (the content-size tests' text view).
    typealias TextBox = ContentSizePathTests.TextBox

    /// What a sequence changed, to build a fresh twin with.
    struct State: Equatable {
        var width = 375.0
        var characters: [Double]
        var hiddenBadges = Set<Int>()
        var hiddenTexts = Set<Int>()
        var spacing: [Double]
    }

    /// A screen made from `seed`: rows, each a horizontal stack (avatar, text, badge; a random
    /// alignment) or the same views held by plain constraints, in a vertical stack or chained
    /// by plain constraints, under a one-line title.
    final class Screen {
        let root = View(id: "root")
        var texts: [TextBox] = []
        var badges: [View] = []
        /// The horizontal stack of each row (nil: plain constraints).
        var stacks: [StackView?] = []

        init(seed: UInt64, rows count: Int) {
            var random = SplitMix(state: seed)
            root.frame = Rect(x: 0, y: 0, width: 375, height: 900)
            let outerStack = random.chance(50)
            var rows: [View] = []
            for index in 0..<count {
                let avatar = View(id: "avatar\(index)")
                avatar.intrinsicContentSize = Size(width: 48, height: Double(32 + random.below(3) * 8))
                let text = TextBox(id: "text\(index)", characters: Double(10 + random.below(90)))
                let badge = View(id: "badge\(index)")
                badge.intrinsicContentSize = Size(width: 24, height: 20)
                texts.append(text)
                badges.append(badge)
                if random.chance(60) {
                    let alignments: [StackAlignment] = [.top, .center, .fill, .bottom]
                    let stack = StackView(id: "row\(index)", axis: .horizontal, spacing: 12,
                                          alignment: alignments[random.below(alignments.count)],
                                          arrangedSubviews: [avatar, text, badge])
                    stacks.append(stack)
                    rows.append(stack)
                } else {
                    let row = ContentSizePathTests.plainRow(index, avatar: avatar, text: text, badge: badge)
                    Tails.install(row~.height == 0 ~~ 51)
                    stacks.append(nil)
                    rows.append(row)
                }
            }
            let title = TextBox(id: "title", characters: 24)
            if outerStack {
                let feed = StackView(id: "feed", axis: .vertical, spacing: 8, arrangedSubviews: [title] + rows)
                root.addSubview(feed)
                Tails.install(feed~.top.leading.trailing == root~ + EdgeInsets(16))
            } else {
                root.addSubview(title)
                Tails.install(title~.top.leading == root~ + 16, title~.trailing <= root~.trailing - 16)
                var above: View = title
                for row in rows {
                    root.addSubview(row)
                    Tails.install(row~.leading.trailing == root~ + EdgeInsets(16), row~.top == above~.bottom + 8)
                    above = row
                }
            }
        }

        var initialState: State {
            State(characters: texts.map(\.characters), spacing: stacks.map { $0?.spacing ?? 12 })
        }

        func apply(_ state: State) {
            root.frame = Rect(x: 0, y: 0, width: state.width, height: 900)
            for (index, text) in texts.enumerated() where text.characters != state.characters[index] {
                text.characters = state.characters[index]
                text.invalidateIntrinsicContentSize()
            }
            for (index, stack) in stacks.enumerated() {
                guard let stack else { continue }
                if stack.spacing != state.spacing[index] { stack.spacing = state.spacing[index] }
                badges[index].isHidden = state.hiddenBadges.contains(index)
                texts[index].isHidden = state.hiddenTexts.contains(index)
            }
        }

        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
        var engine: LayoutEngine { root.engine! }
    }

    static func cold(seed: UInt64, rows: Int, _ state: State) throws -> [Rect] {
        let screen = Screen(seed: seed, rows: rows)
        screen.apply(state)
        try screen.root.layoutIfNeeded()
        return screen.frames()
    }

    @Test("Resizes, new texts, hidden toggles and spacings on random text screens give a fresh tree's frames",
          arguments: [UInt64(0x7E47), 0x7E48, 0x7E49, 0x7E4A, 0x7E4B, 0x7E4C])
    func randomScreens(seed: UInt64) throws {
        var random = SplitMix(state: seed &* 31)
        let rows = 3 + random.below(4)
        let screen = Screen(seed: seed, rows: rows)
        try screen.root.layoutIfNeeded()
        var state = screen.initialState
        let stackRows = screen.stacks.indices.filter { screen.stacks[$0] != nil }
        for step in 0..<40 {
            let kind = random.below(stackRows.isEmpty ? 2 : 5)
            switch kind {
            case 0: state.width = Double(220 + random.below(360)) + (random.chance(30) ? 0.5 : 0)
            case 1: state.characters[random.below(rows)] = Double(random.below(120))
            case 2:
                let index = stackRows[random.below(stackRows.count)]
                if state.hiddenBadges.remove(index) == nil { state.hiddenBadges.insert(index) }
            case 3:
                let index = stackRows[random.below(stackRows.count)]
                if state.hiddenTexts.remove(index) == nil { state.hiddenTexts.insert(index) }
            default: state.spacing[stackRows[random.below(stackRows.count)]] = Double(random.below(20))
            }
            let before = screen.engine.statistics.fullLowerings
            screen.apply(state)
            try screen.root.layoutIfNeeded()
            if kind <= 1 {
                #expect(screen.engine.statistics.fullLowerings == before, "step \(step), kind \(kind): lowered everything again")
            }
            let cold = try Self.cold(seed: seed, rows: rows, state)
            let mismatch = frameMismatch(screen.frames(), cold)
            #expect(mismatch == nil, "seed \(seed), step \(step), kind \(kind), \(state): \(mismatch ?? "")")
        }
    }

    /// A feed of `rows` rows of wrapped text — stacks or plain constraints, as
    /// `Benchmarks/compare-peers.py`'s feed-text — whose texts re-wrap at every width. Each text
    /// is long enough to stay taller than its avatar at the widths used below: its height moves,
    /// which row edge holds the row's bottom does not (no basis change, only constants).
    static func feed(rows count: Int, stacks: Bool) -> (root: View, texts: [TextBox]) {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 375, height: 800)
        var rows: [View] = [], texts: [TextBox] = []
        for index in 0..<count {
            let avatar = View(id: "avatar\(index)")
            let text = TextBox(id: "text\(index)", characters: Double(200 + index * 37 % 160))
            texts.append(text)
            if stacks {
                rows.append(StackView(id: "row\(index)", axis: .horizontal, spacing: 12, alignment: .top,
                                      arrangedSubviews: [avatar, text]))
            } else {
                let row = View(id: "row\(index)")
                row.addSubview(avatar)
                row.addSubview(text)
                Tails.install(avatar~.top.leading == row~, text~.top == row~, text~.trailing == row~,
                              text~.leading == avatar~.trailing + 12)
                Tails.install(row~.bottom >= avatar~.bottom, row~.bottom >= text~.bottom, row~.height == 0 ~~ 51)
                rows.append(row)
            }
            Tails.install(avatar~.width == 48, avatar~.height == 48)
        }
        if stacks {
            let list = StackView(id: "list", axis: .vertical, spacing: 8, arrangedSubviews: rows)
            root.addSubview(list)
            Tails.install(list~.top.leading.trailing == root~ + EdgeInsets(16))
        } else {
            var above: View?
            for row in rows {
                root.addSubview(row)
                Tails.install(row~.leading.trailing == root~ + EdgeInsets(16))
                if let above { Tails.install(row~.top == above~.bottom + 8) } else { Tails.install(row~.top == root~ + 16) }
                above = row
            }
        }
        return (root, texts)
    }

    /// Whether two trees' frames agree to rounding (an affine step and a cold solve may differ in the last bit).
    static func same(_ a: View, _ b: View) -> Bool {
        frameMismatch(a.subtreeViews().map(\.frame), b.subtreeViews().map(\.frame)) == nil
    }

    @Test("A warm text feed's resize moves the texts' content-size rows along the basis: no component solved again",
          arguments: [false, true])
    func resizeTakesAffineSteps(stacks: Bool) throws {
        let (root, _) = Self.feed(rows: 24, stacks: stacks)
        try root.layoutIfNeeded()
        // Once each way first: a row the solver folded into a bound becomes a movable row at its first change.
        for width in [414.0, 375] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try root.layoutIfNeeded()
        }
        let engine = root.engine!
        for width in [414.0, 375, 390, 320] {
            let before = engine.diagnosticState.solver.statistics
            root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try root.layoutIfNeeded()
            let after = engine.diagnosticState.solver.statistics
            #expect(after.componentSolves == before.componentSolves, "\(width): a component was solved again")
            #expect(after.affineSteps > before.affineSteps, "\(width): no affine step")
            let (twin, _) = Self.feed(rows: 24, stacks: stacks)
            twin.frame = root.frame
            try twin.layoutIfNeeded()
            #expect(Self.same(root, twin), "\(width)")
        }
    }

    /// Words wrapped greedily at spaces, 9 pt a character (spaces included), 18 pt a line: the
    /// size is the widest line's (as the document's text model measures).
    final class WrappedText: View {
        init(id: String, _ text: String) {
            super.init(id: id)
            let words = text.split(separator: " ").map { Double($0.count) * 9 }
            sizeForWidth = { width in
                var lines = 1.0, line = 0.0, widest = 0.0
                for word in words {
                    if line > 0 && line + 9 + word > width {
                        lines += 1
                        line = word
                    } else {
                        line += line > 0 ? 9 + word : word
                    }
                    widest = max(widest, line)
                }
                return Size(width: min(widest, width), height: lines * 18)
            }
        }
    }

    /// Words of a sentence, `count` of them from word `start` on (round the sentence).
    static func words(_ start: Int, _ count: Int) -> String {
        let sentence: [Substring] = "layout constraint solver view frame text wraps across lines when the screen is narrow and stays on one line"
            .split(separator: " ")
        var picked: [Substring] = []
        for k in 0..<count { picked.append(sentence[(start + k) % sentence.count]) }
        return picked.joined(separator: " ")
    }

    /// A profile page: a centred header (an avatar, a name, a row of three counts centred
    /// equally apart) above wrapped posts as wide as the page.
    static func profile(posts: Int) -> View {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 375, height: 800)
        let avatar = View(id: "avatar")
        avatar.intrinsicContentSize = Size(width: 96, height: 96)
        let counts = (0..<3).map { index in
            let number = View(id: "count\(index)"), label = View(id: "label\(index)")
            number.intrinsicContentSize = Size(width: 27, height: 18)
            label.intrinsicContentSize = Size(width: index == 1 ? 90 : 54, height: 18)
            return StackView(id: "stat\(index)", axis: .vertical, spacing: 2, alignment: .center, arrangedSubviews: [number, label])
        }
        let stats = StackView(id: "stats", axis: .horizontal, spacing: 24, distribution: .equalCentering, alignment: .center,
                              arrangedSubviews: counts)
        let texts: [View] = (0..<posts).map { index in WrappedText(id: "post\(index)", Self.words(index, 6 + index * 5 % 13)) }
        let list = StackView(id: "posts", axis: .vertical, spacing: 8, alignment: .fill, arrangedSubviews: texts)
        let page = StackView(id: "page", axis: .vertical, spacing: 10, alignment: .center,
                             arrangedSubviews: [avatar, WrappedText(id: "name", "layout solver"), stats, list])
        root.addSubview(page)
        Tails.install(page~.top.leading.trailing == root~ + EdgeInsets(16), list~.width == page~.width)
        return root
    }

    /// Resizes `make()`'s screen back and forth until warm, then checks that each further resize
    /// solves no component again, on the engine or its probe, and gives a fresh tree's frames.
    static func expectStepsOnceWarm(_ make: () -> View) throws {
        let root = make()
        try root.layoutIfNeeded()
        for width in [414.0, 375, 414, 375] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try root.layoutIfNeeded()
        }
        let engine = try #require(root.engine), pass = try #require(root.layoutPass)
        for width in [414.0, 375, 414, 375] {
            let before = engine.diagnosticState.solver.statistics.componentSolves
            let probeBefore = pass.probeSolver?.statistics.componentSolves
            root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try root.layoutIfNeeded()
            #expect(engine.diagnosticState.solver.statistics.componentSolves == before, "\(width): a component was solved again")
            #expect(pass.probeSolver?.statistics.componentSolves == probeBefore, "\(width): the probe solved a component again")
            let twin = make()
            twin.frame = root.frame
            try twin.layoutIfNeeded()
            #expect(Self.same(root, twin), "\(width)")
        }
    }

    @Test("A profile page's resizes take steps once warm: a priority level its cold solve skipped at zero error is run when a move needs it")
    func skippedLevelRunWhenMoved() throws {
        // The cold solve fixes a level already at zero error (hugging that holds) instead of
        // running it, and GLPK's basis need not price that level right; the first move through
        // breakpoints finds so, the component is solved again with every level, and from then on
        // resizes move along the basis: without that every resize solved the page from scratch.
        try Self.expectStepsOnceWarm { Self.profile(posts: 6) }
    }

    /// Chat messages of plain constraints: bubbles at most 80 % of the root wide, a name and a
    /// time on one baseline above a wrapping body.
    static func messages(_ count: Int) -> View {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 375, height: 800)
        var above: View?
        for i in 0..<count {
            let bubble = View(id: "m\(i)")
            let name = WrappedText(id: "m\(i).name", Self.words(i, 2))
            let time = WrappedText(id: "m\(i).time", "\(i % 12 + 1):\(i % 6)\(i % 10)")
            let body = WrappedText(id: "m\(i).body", Self.words(i, 4 + i * 3 % 15))
            for view in [name, time] { view.firstBaselineOffsetFromTop = 14 }
            time.setContentHuggingPriority(252, for: .horizontal)
            time.setContentCompressionResistancePriority(751, for: .horizontal)
            root.addSubview(bubble)
            for view in [name, time, body] { bubble.addSubview(view) }
            Tails.install(bubble~.leading == root~.leading + 12, bubble~.width <= root~.width * 0.8)
            if let above { Tails.install(bubble~.top == above~.bottom + 6) } else { Tails.install(bubble~.top == root~.top + 12) }
            Tails.install(name~.top.leading == bubble~ + 8, time~.firstBaseline == name~.firstBaseline,
                          time~.leading >= name~.trailing + 8, time~.trailing == bubble~.trailing - 8,
                          body~.top == name~.bottom + 4)
            Tails.install(body~.leading == bubble~.leading + 8, body~.trailing == bubble~.trailing - 8,
                          body~.bottom == bubble~.bottom - 8)
            above = bubble
        }
        return root
    }

    @Test("Chat messages' resizes take steps once warm: a move that ends where two variables could move at no cost, neither able to, alone or together, is kept")
    func pairOfLooseVariablesBlocked() throws {
        // In the first round (unconstrained sizes) every bubble is at its cap and each move
        // through breakpoints ends at a vertex where two non-basic variables have no cost at any
        // level: the test of one such variable gave every such move up, and the probe solved
        // the messages from scratch at every resize.
        try Self.expectStepsOnceWarm { Self.messages(12) }
    }

    @Test("A warm text feed's new texts move the texts' content-size rows along the basis", arguments: [false, true])
    func newTextsTakeAffineSteps(stacks: Bool) throws {
        let (root, texts) = Self.feed(rows: 24, stacks: stacks)
        try root.layoutIfNeeded()
        let engine = root.engine!
        for (round, characters) in [230.0, 300, 260, 210].enumerated() {
            let before = engine.diagnosticState.solver.statistics
            for index in stride(from: round, to: texts.count, by: 3) {
                texts[index].characters = characters
                texts[index].invalidateIntrinsicContentSize()
            }
            try root.layoutIfNeeded()
            let after = engine.diagnosticState.solver.statistics
            #expect(after.componentSolves == before.componentSolves, "\(characters): a component was solved again")
            let (twin, twinTexts) = Self.feed(rows: 24, stacks: stacks)
            for (text, twinText) in zip(texts, twinTexts) { twinText.characters = text.characters }
            try twin.layoutIfNeeded()
            #expect(Self.same(root, twin), "\(characters)")
        }
    }
}

extension MeasuredTextPathTests {
    @Test("A new sizeForWidth closure on a measured view is a content-size change: nothing lowered again, a fresh tree's frames",
          arguments: [false, true])
    func newClosuresMoveContentSizes(stacks: Bool) throws {
        let (root, texts) = Self.feed(rows: 24, stacks: stacks)
        try root.layoutIfNeeded()
        let engine = root.engine!
        var characters = texts.map(\.characters)
        for round in 0..<4 {
            let before = engine.statistics.fullLowerings
            for index in stride(from: round, to: texts.count, by: 3) {
                // Another text, measured by a closure of its own (`characters` of the view unchanged).
                let count = Double(180 + (index * 53 + round * 71) % 170)
                characters[index] = count
                texts[index].sizeForWidth = { width in
                    let full = count * 7
                    return Size(width: min(full, width), height: max(1, (full / max(width, 1)).rounded(.up)) * 18)
                }
            }
            try root.layoutIfNeeded()
            #expect(engine.statistics.fullLowerings == before, "round \(round): lowered everything again")
            let (twin, twinTexts) = Self.feed(rows: 24, stacks: stacks)
            for (text, count) in zip(twinTexts, characters) { text.characters = count }
            try twin.layoutIfNeeded()
            #expect(Self.same(root, twin), "round \(round)")
        }
        // Removing the closure changes the view's rows (it has no content size then): everything is lowered again.
        let before = engine.statistics.fullLowerings
        texts[0].sizeForWidth = nil
        texts[0].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 30)
        try root.layoutIfNeeded()
        #expect(engine.statistics.fullLowerings == before + 1)
        let (twin, twinTexts) = Self.feed(rows: 24, stacks: stacks)
        for (text, count) in zip(twinTexts, characters) { text.characters = count }
        twinTexts[0].sizeForWidth = nil
        twinTexts[0].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 30)
        try twin.layoutIfNeeded()
        #expect(Self.same(root, twin))
        #expect(texts[0].frame.height == 30)
    }
}
