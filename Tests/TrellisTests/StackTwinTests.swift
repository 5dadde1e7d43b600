import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// A feed written with stacks against the same feed written with plain constraints (the two
/// layouts `Benchmarks/compare-peers.py` times): every frame the same, cold and after resizes
/// (the incremental path), and each resized frame a fresh tree's cold one.
@Suite("Stack feed and its constraint twin")
struct StackTwinTests {
    /// `rows` rows 8 apart inside 16 pt insets: a 48 × 48 avatar, 12 pt, a block taking the
    /// rest with an intrinsic height of 48, 64 or 80, both at the row's top.
    final class Feed {
        let root = View(id: "root")
        var avatars: [View] = []
        var texts: [View] = []
        var rows: [View] = []
        /// Each text's `trailing == row.trailing` (plain constraints only).
        var trailing: [LayoutConstraint] = []

        /// `makeText` makes row `index`'s text block (by default the plain block described above).
        init(rows count: Int, stacks: Bool, width: Double = 375, height: Double = 800,
             text makeText: ((Int) -> View)? = nil) {
            root.frame = Rect(x: 0, y: 0, width: width, height: height)
            for index in 0..<count {
                let avatar = View(id: "avatar\(index)")
                let text = makeText?(index) ?? View(id: "text\(index)")
                if makeText == nil {
                    text.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: Double(48 + index % 3 * 16))
                }
                let row = stacks ? StackView(id: "row\(index)", axis: .horizontal, spacing: 12, alignment: .top,
                                             arrangedSubviews: [avatar, text]) : View(id: "row\(index)")
                if !stacks {
                    row.addSubview(avatar)
                    row.addSubview(text)
                }
                Tails.install(avatar~.width == 48, avatar~.height == 48)
                avatars.append(avatar)
                texts.append(text)
                rows.append(row)
            }
            if stacks {
                let list = StackView(id: "list", axis: .vertical, spacing: 8, arrangedSubviews: rows)
                root.addSubview(list)
                Tails.install(list~.top.leading.trailing == root~ + EdgeInsets(16))
                return
            }
            for (index, row) in rows.enumerated() {
                root.addSubview(row)
                Tails.install(row~.leading == root~.leading + 16, row~.trailing == root~.trailing - 16)
                if index == 0 {
                    Tails.install(row~.top == root~.top + 16)
                } else {
                    Tails.install(row~.top == rows[index - 1]~.bottom + 8)
                }
                let avatar = avatars[index], text = texts[index]
                Tails.install(avatar~.top == row~.top, avatar~.leading == row~.leading,
                              text~.leading == avatar~.trailing + 12,
                              text~.top == row~.top, row~.bottom >= avatar~.bottom, row~.bottom >= text~.bottom)
                trailing += Tails.install(text~.trailing == row~.trailing).constraints
                Tails.install(row~.height == 0 ~~ 51)
            }
        }

        /// The rows', avatars' and texts' frames in the root's coordinates.
        func frames() -> [Rect] {
            (rows + avatars + texts).map { view in
                var frame = view.frame
                var parent = view.superview
                while let container = parent, container !== root {
                    frame.origin.x += container.frame.origin.x
                    frame.origin.y += container.frame.origin.y
                    parent = container.superview
                }
                return frame
            }
        }
    }

    @Test("Cold and after each resize the stack feed's frames are its twin's and a fresh tree's", arguments: [12, 60])
    func twins(rows: Int) throws {
        let stacked = Feed(rows: rows, stacks: true), plain = Feed(rows: rows, stacks: false)
        for width in [375.0, 414, 320, 414, 375] {
            stacked.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            plain.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try stacked.root.layoutIfNeeded()
            try plain.root.layoutIfNeeded()
            let frames = stacked.frames()
            #expect(frames == plain.frames(), "\(rows) rows at \(width): the stacks differ from the constraints")
            let fresh = Feed(rows: rows, stacks: true, width: width)
            try fresh.root.layoutIfNeeded()
            #expect(frames == fresh.frames(), "\(rows) rows at \(width): a resize differs from a cold layout")
        }
        // By hand: the last row's text starts 16 + 48 + 12 from the left, the rows 8 apart.
        let heights: [Double] = (0..<rows).map { (row: Int) -> Double in Double(48 + row % 3 * 16) }
        let last: Rect = stacked.frames()[2 * rows + rows - 1]
        #expect(last.origin.x == 76 && last.size.width == 375 - 16 - 76)
        let above: Double = heights.dropLast().reduce(0.0) { (sum: Double, height: Double) -> Double in sum + height + 8 }
        #expect(last.origin.y == 16 + above)
    }

    @Test("Rows that stand back are not in the solver; hiding a view gives its hiding rows rows, showing it takes them back")
    func standingBackRows() throws {
        let feed = Feed(rows: 6, stacks: true)
        try feed.root.layoutIfNeeded()
        let engine = try #require(feed.root.engine)
        let list = try #require(feed.rows[0].superview as? StackView)
        func held(_ constraint: LayoutConstraint) -> Bool { engine.rows[.explicit(ObjectIdentifier(constraint))] != nil }
        let stacks = [list] + feed.rows.compactMap { $0 as? StackView }
        let all = stacks.flatMap(\.arrangementConstraints)
        let back = all.filter(\.isStackRowStandingBack)
        #expect(!back.isEmpty && back.allSatisfy { !held($0) })
        #expect(all.filter { !$0.isStackRowStandingBack }.allSatisfy(held))

        feed.texts[2].isHidden = true
        try feed.root.layoutIfNeeded()
        let row = try #require(feed.rows[2] as? StackView)
        let hiding = row.arrangementConstraints.filter { $0.label?.hasSuffix(" hiding") ?? false }
        #expect(hiding.count == 4 && hiding.filter(held).count == 2, "the hidden text's two hiding rows are held")
        #expect(all.filter(\.isStackRowStandingBack).allSatisfy { !held($0) })
        let fresh = Feed(rows: 6, stacks: true)
        fresh.texts[2].isHidden = true
        try fresh.root.layoutIfNeeded()
        #expect(feed.frames() == fresh.frames())

        feed.texts[2].isHidden = false
        try feed.root.layoutIfNeeded()
        #expect(hiding.allSatisfy { !held($0) })
        #expect(feed.frames() == (try Feed(rows: 6, stacks: true).laidOut().frames()))
    }

    @Test("Rows that stand back are made only when they first bind or are asked for, with the identities they would have had")
    func rowsLeftUnmade() throws {
        let feed = Feed(rows: 6, stacks: true)
        try feed.root.layoutIfNeeded()
        let engine = try #require(feed.root.engine)
        let row = try #require(feed.rows[3] as? StackView)
        // Hidden before anyone asks for the rows: its hiding rows are made at the toggle and held.
        feed.avatars[3].isHidden = true
        try feed.root.layoutIfNeeded()
        let fresh = Feed(rows: 6, stacks: true)
        fresh.avatars[3].isHidden = true
        #expect(feed.frames() == (try fresh.laidOut().frames()))
        let rows = row.arrangementConstraints
        #expect(rows.map(\.id) == rows.map(\.id).sorted(), "the rows' identities are in the order the rows were made")
        #expect(rows.map(ObjectIdentifier.init) == row.arrangementConstraints.map(ObjectIdentifier.init),
                "asked again, the same rows")
        let hiding = rows.filter { $0.label == "\(row.name) hiding" && $0.firstItem === feed.avatars[3] }
        #expect(!hiding.isEmpty && hiding.allSatisfy { $0.isActive && engine.rows[.explicit(ObjectIdentifier($0))] != nil })
        // The rows that stand back are out of the solver: those made when asked for (the visible
        // text's hiding rows) inactive, the hidden avatar's spanning boundary active (it bound
        // before); the layout is the same after the next passes.
        let back = rows.filter(\.isStackRowStandingBack)
        #expect(back.allSatisfy { engine.rows[.explicit(ObjectIdentifier($0))] == nil })
        let textHiding = back.filter { $0.firstItem === feed.texts[3] && $0.label == "\(row.name) hiding" }
        #expect(!textHiding.isEmpty && textHiding.allSatisfy { !$0.isActive })
        #expect(back.contains { $0.firstItem === feed.avatars[3] && $0.isActive })
        feed.avatars[3].isHidden = false
        feed.texts[1].isHidden = true
        try feed.root.layoutIfNeeded()
        let again = Feed(rows: 6, stacks: true)
        again.texts[1].isHidden = true
        #expect(feed.frames() == (try again.laidOut().frames()))
        // A stack's identities span one range per arrangement, whatever was made later.
        let list = try #require(feed.rows[0].superview as? StackView)
        for stack in [list] + feed.rows.compactMap({ $0 as? StackView }) {
            let ids = stack.arrangementConstraints.map(\.id)
            #expect(ids == ids.sorted(), "\(stack.name)")
        }
    }
}

extension StackTwinTests.Feed {
    /// The feed after a layout pass.
    func laidOut() throws -> Self {
        try root.layoutIfNeeded()
        return self
    }
}
