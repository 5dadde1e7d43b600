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

    /// The stack twins' feed (rows of a 48 pt avatar and a text taking the rest, 8 pt apart,
    /// inside 16 pt insets, in stacks or plain constraints) with a measured text in each row.
    typealias Feed = StackTwinTests.Feed

    static func feed(stacks: Bool, characters: [Double], width: Double) -> Feed {
        Feed(rows: characters.count, stacks: stacks, width: width, height: 2000) { index in
            TextBox(id: "text\(index)", characters: characters[index])
        }
    }

    @Test("A cold pass, resizes and new texts on a feed whose text widths are fixed: one solve a pass, no probe, a fresh tree's frames",
          arguments: [false, true])
    func fixedWidths(stacks: Bool) throws {
        var random = SplitMix(state: stacks ? 0xF1 : 0xF2)
        var characters = (0..<8).map { _ in Double(4 + random.below(120)) }
        var width = 375.0
        let feed = Self.feed(stacks: stacks, characters: characters, width: width)
        try feed.root.layoutIfNeeded()
        let pass = try #require(feed.root.layoutPass)
        #expect(pass.fixedWidthRounds == 1, "the cold pass solved a first round")
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
                let text = try #require(feed.texts[index] as? TextBox)
                text.characters = characters[index]
                text.invalidateIntrinsicContentSize()
            }
            let before = pass.fixedWidthRounds, solves = pass.engine.statistics.solves
            try feed.root.layoutIfNeeded()
            #expect(pass.fixedWidthRounds == before + 1, "step \(step): the first round was solved")
            #expect(pass.engine.statistics.solves == solves + 1, "step \(step)")
            #expect(!pass.keepsProbe, "step \(step)")
            let twin = Self.feed(stacks: stacks, characters: characters, width: width)
            try twin.root.layoutIfNeeded()
            #expect(feed.frames() == twin.frames(), "step \(step), width \(width)")
        }
    }

    @Test("Hidden avatars and new spacings in the stacks move the rows' constants: the widths read from them stay a fresh tree's")
    func stackConstants() throws {
        var random = SplitMix(state: 0xF3)
        let characters = (0..<6).map { _ in Double(4 + random.below(120)) }
        var width = 375.0, hidden = Set<Int>(), spacings = [Double](repeating: 12, count: characters.count)
        let feed = Self.feed(stacks: true, characters: characters, width: width)
        try feed.root.layoutIfNeeded()
        let pass = try #require(feed.root.layoutPass)
        for step in 0..<30 {
            let index = random.below(characters.count)
            switch random.below(3) {
            case 0:
                if !hidden.insert(index).inserted { hidden.remove(index) }
                feed.avatars[index].isHidden = hidden.contains(index)
            case 1:
                spacings[index] = Double(random.below(40))
                try #require(feed.rows[index] as? StackView).spacing = spacings[index]
            default:
                width = Double(240 + random.below(300))
                feed.root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            }
            let before = pass.fixedWidthRounds, solves = pass.engine.statistics.solves
            try feed.root.layoutIfNeeded()
            #expect(pass.fixedWidthRounds == before + 1, "step \(step)")
            // (A stale constant would give stale widths, measured again after the solve: two solves.)
            #expect(pass.engine.statistics.solves == solves + 1, "step \(step)")
            let twin = Self.feed(stacks: true, characters: characters, width: width)
            for index in hidden { twin.avatars[index].isHidden = true }
            for (row, spacing) in zip(twin.rows, spacings) { try #require(row as? StackView).spacing = spacing }
            try twin.root.layoutIfNeeded()
            #expect(feed.frames() == twin.frames(), "step \(step), width \(width), hidden \(hidden.sorted())")
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
            #expect(pass.fixedWidthRounds == 0)
            #expect(pass.keepsProbe)
            let (twin, _) = bubbles(characters, width: width)
            try twin.layoutIfNeeded()
            #expect(root.subtreeViews().map(\.frame) == twin.subtreeViews().map(\.frame), "width \(width)")
        }
    }

    @Test("A priority changed so that a text's width is no longer fixed: that pass and the next start from the unconstrained sizes, as a fresh tree")
    func constraintNoLongerFixing() throws {
        let characters: [Double] = [20, 100, 45, 70]
        let feed = Self.feed(stacks: false, characters: characters, width: 375)
        try feed.root.layoutIfNeeded()
        let pass = try #require(feed.root.layoutPass)
        feed.root.frame = Rect(x: 0, y: 0, width: 390, height: 2000)
        try feed.root.layoutIfNeeded()
        #expect(pass.fixedWidthRounds == 2)
        // Below the text's compression resistance (750): its width follows its measured size.
        feed.trailing[1].priority = 500
        for (step, width) in [414.0, 360].enumerated() {
            feed.root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            try feed.root.layoutIfNeeded()
            #expect(pass.fixedWidthRounds == 2, "step \(step)")
            let twin = Self.feed(stacks: false, characters: characters, width: width)
            twin.trailing[1].priority = 500
            try twin.root.layoutIfNeeded()
            #expect(feed.frames() == twin.frames(), "step \(step)")
            #expect(feed.texts[1].frame.width == 700, "step \(step): one unbroken line")
        }
    }
}
