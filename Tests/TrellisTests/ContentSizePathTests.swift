import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// Content-size changes on the incremental path: a view whose intrinsic size changes (assigned,
/// or a text view's new text through `invalidateIntrinsicContentSize()`) and text measured again
/// at a new width move the constants of the rows the view has — no full lowering — and give
/// exactly a fresh tree's cold layout, in stacks and with plain constraints.
@Suite("Content-size passes")
struct ContentSizePathTests {
    /// Text of `characters` letters 7 pt wide in 18 pt lines, wrapped to the width it is offered;
    /// a new text is announced with `invalidateIntrinsicContentSize()`, as a label does.
    final class TextBox: View {
        var characters: Double
        init(id: String, characters: Double) {
            self.characters = characters
            super.init(id: id)
            sizeForWidth = { [unowned self] width in
                let full = self.characters * 7
                let lines = max(1, (full / max(width, 1)).rounded(.up))
                return Size(width: min(full, width), height: lines * 18)
            }
        }
    }

    /// A row of plain constraints holding `avatar`, `text` and `badge` side by side, 12 pt apart,
    /// tops on the row's top, none below its bottom. Unambiguous: the text takes the room left,
    /// and only the text gives way. The caller says what decides the row's height.
    static func plainRow(_ index: Int, avatar: View, text: View, badge: View) -> View {
        let row = View(id: "row\(index)")
        badge.setContentHuggingPriority(251, for: .horizontal)
        badge.setContentCompressionResistancePriority(1000, for: .horizontal)
        avatar.setContentCompressionResistancePriority(1000, for: .horizontal)
        avatar.setContentHuggingPriority(251, for: .horizontal)
        for view in [avatar, text, badge] { row.addSubview(view) }
        Tails.install(avatar~.top.leading == row~, text~.top == row~, badge~.top == row~)
        Tails.install(text~.leading == avatar~.trailing + 12, badge~.leading == text~.trailing + 12)
        Tails.install(badge~.trailing == row~)
        Tails.install(avatar~.bottom <= row~.bottom, text~.bottom <= row~.bottom, badge~.bottom <= row~.bottom)
        return row
    }

    /// A view whose content size and first baseline follow its own state (a one-line label whose
    /// font size changes), announced with `invalidateIntrinsicContentSize()`.
    final class Glyphs: View {
        var points: Double {
            didSet { invalidateIntrinsicContentSize() }
        }
        init(id: String, points: Double) {
            self.points = points
            super.init(id: id)
        }
        override var intrinsicContentSize: Size? {
            get { Size(width: 6 * points, height: 1.25 * points) }
            set {}
        }
        override var firstBaselineOffsetFromTop: Double {
            get { points }
            set {}
        }
        override var lastBaselineOffsetFromBottom: Double {
            get { 0.25 * points }
            set {}
        }
    }

    /// What a sequence changed, to build a fresh twin with.
    struct State: Equatable {
        var width = 375.0
        var characters = [Double](repeating: -1, count: 5)
        var badges = [Size?](repeating: nil, count: 5)
        var points = 15.0
    }

    /// A feed of rows — avatar, wrapped text, badge — with a header of glyphs baseline-aligned
    /// with a title; written with stacks or with plain constraints.
    final class Feed {
        let root = View(id: "root")
        var texts: [TextBox] = []
        var badges: [View] = []
        let glyphs = Glyphs(id: "glyphs", points: 15)

        init(stacks: Bool, rows count: Int = 5) {
            root.frame = Rect(x: 0, y: 0, width: 375, height: 900)
            let title = View(id: "title")
            title.intrinsicContentSize = Size(width: 80, height: 22)
            title.firstBaselineOffsetFromTop = 17
            var rows: [View] = []
            for index in 0..<count {
                let avatar = View(id: "avatar\(index)")
                avatar.intrinsicContentSize = Size(width: 48, height: 48)
                let text = TextBox(id: "text\(index)", characters: Double(30 + index * 25))
                let badge = View(id: "badge\(index)")
                badge.intrinsicContentSize = Size(width: 24, height: 20)
                texts.append(text)
                badges.append(badge)
                if stacks {
                    rows.append(StackView(id: "row\(index)", axis: .horizontal, spacing: 12, alignment: .top,
                                          arrangedSubviews: [avatar, text, badge]))
                } else {
                    let row = ContentSizePathTests.plainRow(index, avatar: avatar, text: text, badge: badge)
                    Tails.install(text~.bottom == row~.bottom ~~ 1)
                    rows.append(row)
                }
            }
            let header: View
            if stacks {
                header = StackView(id: "header", axis: .horizontal, spacing: 8, alignment: .firstBaseline,
                                   arrangedSubviews: [glyphs, title])
                let feed = StackView(id: "feed", axis: .vertical, spacing: 8, arrangedSubviews: [header] + rows)
                root.addSubview(feed)
                Tails.install(feed~.top.leading.trailing == root~ + EdgeInsets(16))
            } else {
                header = View(id: "header")
                header.addSubview(glyphs)
                header.addSubview(title)
                Tails.install(glyphs~.top.leading == header~, title~.leading == glyphs~.trailing + 8,
                              title~.firstBaseline == glyphs~.firstBaseline, header~.bottom == glyphs~.bottom)
                root.addSubview(header)
                Tails.install(header~.top.leading.trailing == root~ + EdgeInsets(16))
                var above = header
                for row in rows {
                    root.addSubview(row)
                    Tails.install(row~.leading.trailing == root~ + EdgeInsets(16), row~.top == above~.bottom + 8)
                    above = row
                }
            }
        }

        func apply(_ state: State) {
            root.frame = Rect(x: 0, y: 0, width: state.width, height: 900)
            for (index, characters) in state.characters.enumerated() where characters >= 0 && texts[index].characters != characters {
                texts[index].characters = characters
                texts[index].invalidateIntrinsicContentSize()
            }
            for (index, size) in state.badges.enumerated() where size != nil && badges[index].intrinsicContentSize != size {
                badges[index].intrinsicContentSize = size
            }
            if glyphs.points != state.points { glyphs.points = state.points }
        }

        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
        var engine: LayoutEngine { root.engine! }
    }

    static func cold(_ state: State, stacks: Bool) throws -> [Rect] {
        let feed = Feed(stacks: stacks)
        feed.apply(state)
        try feed.root.layoutIfNeeded()
        return feed.frames()
    }

    @Test("Text changes, content-size changes, baseline moves and widths in any order: no full lowering, a fresh tree's frames",
          arguments: [false, true])
    func mixedChanges(stacks: Bool) throws {
        var random = SplitMix(state: stacks ? 0xC5 : 0xC6)
        let feed = Feed(stacks: stacks)
        try feed.root.layoutIfNeeded()
        var state = State()
        for step in 0..<50 {
            let kind = random.below(4)
            switch kind {
            case 0: state.width = Double(260 + random.below(300)) + (random.chance(30) ? 0.5 : 0)
            case 1: state.characters[random.below(5)] = Double(5 + random.below(120))
            case 2: state.badges[random.below(5)] = Size(width: Double(10 + random.below(30)), height: Double(10 + random.below(50)))
            default: state.points = Double(10 + random.below(20))
            }
            let before = feed.engine.statistics
            feed.apply(state)
            try feed.root.layoutIfNeeded()
            #expect(feed.engine.statistics.fullLowerings == before.fullLowerings, "step \(step), kind \(kind): lowered everything again")
            let cold = try Self.cold(state, stacks: stacks)
            let mismatch = frameMismatch(feed.frames(), cold)
            #expect(mismatch == nil, "step \(step), kind \(kind), \(state): \(mismatch ?? "")")
        }
    }

    @Test("Content sizes invalidated several times before a pass (a new callback, then new text): noted once, a fresh tree's frames",
          arguments: [false, true])
    func repeatedInvalidations(stacks: Bool) throws {
        let feed = Feed(stacks: stacks)
        try feed.root.layoutIfNeeded()
        var state = State()
        for (step, points) in [21.0, 12, 26].enumerated() {
            // The baseline view twice (its baseline constraints noted at the first), a text three times.
            state.points = points
            feed.glyphs.points = points + 3
            feed.glyphs.points = points
            state.characters[1] = Double(40 + 30 * step)
            feed.texts[1].characters = state.characters[1]
            for _ in 0..<3 { feed.texts[1].invalidateIntrinsicContentSize() }
            let before = feed.engine.statistics
            try feed.root.layoutIfNeeded()
            #expect(feed.engine.statistics.fullLowerings == before.fullLowerings, "step \(step): lowered everything again")
            #expect(feed.engine.changedContentViews.isEmpty)
            let cold = try Self.cold(state, stacks: stacks)
            let mismatch = frameMismatch(feed.frames(), cold)
            #expect(mismatch == nil, "step \(step): \(mismatch ?? "")")
        }
    }

    @Test("A new text and a new intrinsic size move constants: one incremental lowering a round, no new rows", arguments: [false, true])
    func constantPath(stacks: Bool) throws {
        let feed = Feed(stacks: stacks)
        try feed.root.layoutIfNeeded()
        let rowCount = feed.engine.rows.count
        let changes: [(String, () -> Void)] = [
            ("new text", { feed.texts[2].characters = 140; feed.texts[2].invalidateIntrinsicContentSize() }),
            ("text back", { feed.texts[2].characters = 80; feed.texts[2].invalidateIntrinsicContentSize() }),
            ("badge size", { feed.badges[3].intrinsicContentSize = Size(width: 30, height: 26) }),
            ("baseline", { feed.glyphs.points = 21 }),
        ]
        for (name, change) in changes {
            let before = feed.engine.statistics
            change()
            try feed.root.layoutIfNeeded()
            let after = feed.engine.statistics
            #expect(after.fullLowerings == before.fullLowerings, "\(name): lowered everything again")
            #expect(after.incrementalLowerings > before.incrementalLowerings, "\(name): no incremental lowering")
            // Rounds: a new text wraps at the width it gets, then settles (its width depends on no height).
            #expect(after.incrementalLowerings - before.incrementalLowerings <= 2, "\(name): more rounds than the widths need")
            #expect(feed.engine.rows.count == rowCount, "\(name): rows added or dropped")
        }
        let twin = Feed(stacks: stacks)
        twin.texts[2].characters = 80
        twin.badges[3].intrinsicContentSize = Size(width: 30, height: 26)
        twin.glyphs.points = 21
        try twin.root.layoutIfNeeded()
        #expect(feed.frames() == twin.frames())
    }

    @Test("A content size that appears or goes away on an axis lowers everything again, with a fresh tree's frames", arguments: [false, true])
    func axisAppears(stacks: Bool) throws {
        let feed = Feed(stacks: stacks)
        try feed.root.layoutIfNeeded()
        for size in [Size(width: View.noIntrinsicMetric, height: 20), Size(width: 24, height: 20), nil, Size(width: 18, height: 30)] {
            let before = feed.engine.statistics.fullLowerings
            feed.badges[1].intrinsicContentSize = size
            try feed.root.layoutIfNeeded()
            #expect(feed.engine.statistics.fullLowerings == before + 1)
            let twin = Feed(stacks: stacks)
            twin.badges[1].intrinsicContentSize = size
            try twin.root.layoutIfNeeded()
            #expect(feed.frames() == twin.frames(), "\(String(describing: size))")
        }
    }
}
