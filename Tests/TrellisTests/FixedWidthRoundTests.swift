import Testing
import TrellisTestSupport
@testable import Trellis

/// A pass whose measured views' widths are fixed by required equalities measures them at the
/// widths the rows fix, without solving a first round, and solves once — the cold pass too — with
/// no probe engine and no jump to the unconstrained sizes and back. Frames are exactly a fresh
/// tree's; widths that content sizes move, or that a changed constraint stops fixing, keep the
/// first round on the unconstrained sizes.
@Suite("First rounds at fixed widths")
struct FixedWidthRoundTests {
    typealias TextBox = ContentSizePathTests.TextBox

    /// A feed: rows of a 48 pt avatar and a text taking the rest, 8 pt apart, inside 16 pt
    /// insets; each row a horizontal stack in a vertical stack, or the same with plain constraints.
    final class Feed {
        let root = View(id: "root")
        var texts: [TextBox] = []
        /// Each text's `trailing == row.trailing` (plain constraints only).
        var trailing: [LayoutConstraint] = []

        init(stacks: Bool, characters: [Double], width: Double) {
            root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            var rows: [View] = []
            for (index, count) in characters.enumerated() {
                let avatar = View(id: "avatar\(index)")
                let text = TextBox(id: "text\(index)", characters: count)
                texts.append(text)
                Tails.install(avatar~.width == 48, avatar~.height == 48)
                if stacks {
                    rows.append(StackView(id: "row\(index)", axis: .horizontal, spacing: 12, alignment: .top,
                                          arrangedSubviews: [avatar, text]))
                    continue
                }
                let row = View(id: "row\(index)")
                row.addSubview(avatar)
                row.addSubview(text)
                Tails.install(avatar~.top.leading == row~, text~.top == row~, text~.leading == avatar~.trailing + 12,
                              avatar~.bottom <= row~.bottom, text~.bottom <= row~.bottom, row~.height == 0 ~~ 51)
                trailing += Tails.install(text~.trailing == row~.trailing).constraints
                rows.append(row)
            }
            if stacks {
                let feed = StackView(id: "feed", axis: .vertical, spacing: 8, arrangedSubviews: rows)
                root.addSubview(feed)
                Tails.install(feed~.top.leading.trailing == root~ + EdgeInsets(16))
                return
            }
            var above: View?
            for row in rows {
                root.addSubview(row)
                Tails.install(row~.leading.trailing == root~ + EdgeInsets(16))
                if let above { Tails.install(row~.top == above~.bottom + 8) } else { Tails.install(row~.top == root~.top + 16) }
                above = row
            }
        }

        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
    }

    @Test("A cold pass, resizes and new texts on a feed whose text widths are fixed: one solve a pass, no probe, a fresh tree's frames",
          arguments: [false, true])
    func fixedWidths(stacks: Bool) throws {
        var random = SplitMix(state: stacks ? 0xF1 : 0xF2)
        var characters = (0..<8).map { _ in Double(4 + random.below(120)) }
        var width = 375.0
        let feed = Feed(stacks: stacks, characters: characters, width: width)
        try feed.root.layoutIfNeeded()
        let pass = try #require(feed.root.layoutPass)
        #expect(pass.resumedRounds == 1, "the cold pass solved a first round")
        #expect(pass.engine.statistics.solves == 1)
        for step in 0..<40 {
            let change = random.below(3)
            if change != 1 {
                width = Double(240 + random.below(300))
                feed.root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            }
            if change != 0 {
                let index = random.below(characters.count)
                characters[index] = Double(4 + random.below(120))
                feed.texts[index].characters = characters[index]
                feed.texts[index].invalidateIntrinsicContentSize()
            }
            let resumed = pass.resumedRounds, solves = pass.engine.statistics.solves
            try feed.root.layoutIfNeeded()
            #expect(pass.resumedRounds == resumed + 1, "step \(step): the first round was solved")
            #expect(pass.engine.statistics.solves == solves + 1, "step \(step)")
            #expect(!pass.keepsProbe, "step \(step)")
            let twin = Feed(stacks: stacks, characters: characters, width: width)
            try twin.root.layoutIfNeeded()
            #expect(feed.frames() == twin.frames(), "step \(step), width \(width)")
        }
    }

    @Test("Widths that content sizes move (bubbles capped at 70 % of the root): the first round stays on the unconstrained sizes")
    func widthsFollowingContent() throws {
        func bubbles(_ characters: [Double], width: Double) -> (View, [TextBox]) {
            let root = View(id: "root")
            root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            var texts: [TextBox] = []
            var above: View?
            for (index, count) in characters.enumerated() {
                let text = TextBox(id: "bubble\(index)", characters: count)
                root.addSubview(text)
                Tails.install(text~.leading == root~.leading + 16, text~.width <= root~.width * 0.7)
                if let above { Tails.install(text~.top == above~.bottom + 8) } else { Tails.install(text~.top == root~.top) }
                texts.append(text)
                above = text
            }
            return (root, texts)
        }
        let characters: [Double] = [5, 30, 41, 80, 12, 60]
        let (root, _) = bubbles(characters, width: 375)
        try root.layoutIfNeeded()
        let pass = try #require(root.layoutPass)
        for width in [414.0, 320, 287, 375, 500] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            try root.layoutIfNeeded()
            #expect(pass.resumedRounds == 0)
            #expect(pass.keepsProbe)
            let (twin, _) = bubbles(characters, width: width)
            try twin.layoutIfNeeded()
            #expect(root.subtreeViews().map(\.frame) == twin.subtreeViews().map(\.frame), "width \(width)")
        }
    }

    @Test("A priority changed so that a text's width is no longer fixed: that pass and the next start from the unconstrained sizes, as a fresh tree")
    func constraintNoLongerFixing() throws {
        let characters: [Double] = [20, 100, 45, 70]
        let feed = Feed(stacks: false, characters: characters, width: 375)
        try feed.root.layoutIfNeeded()
        let pass = try #require(feed.root.layoutPass)
        feed.root.frame = Rect(x: 0, y: 0, width: 390, height: 2000)
        try feed.root.layoutIfNeeded()
        #expect(pass.resumedRounds == 2)
        // Below the text's compression resistance (750): its width follows its measured size.
        feed.trailing[1].priority = 500
        for (step, width) in [414.0, 360].enumerated() {
            feed.root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            try feed.root.layoutIfNeeded()
            #expect(pass.resumedRounds == 2, "step \(step)")
            let twin = Feed(stacks: false, characters: characters, width: width)
            twin.trailing[1].priority = 500
            try twin.root.layoutIfNeeded()
            #expect(feed.frames() == twin.frames(), "step \(step)")
            #expect(feed.texts[1].frame.width == 700, "step \(step): one unbroken line")
        }
    }
}
