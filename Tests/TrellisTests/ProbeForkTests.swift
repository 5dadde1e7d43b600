import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// The probe engine (the first round of a pass with measured views whose widths follow their
/// content) is forked from the engine after the cold pass's first round: from the first resize
/// on it steps from that round instead of lowering and solving from scratch, and the frames stay
/// a fresh tree's through resizes, new texts and hidden bubbles, in plain constraints and in a
/// stack.
///
/// (The bubbles are capped at half the root plus 64, whose arithmetic is exact on every path:
/// the probe's steps through breakpoints land on the values a fresh tree's solve finds — before
/// they recomputed them from the basis, a text 63 wide ended 62.99999999999997 wide and wrapped.
/// A cap such as 70 % of the root is rounded in the last place by the affine step's arithmetic
/// as by the solve's, but not always alike: see the closing note of this change.)
@Suite("Probe forked from the cold pass")
struct ProbeForkTests {
    typealias TextBox = ContentSizePathTests.TextBox

    /// Bubbles of text as wide as their text, at most half the root plus 64, 8 pt apart: in plain
    /// constraints alternately 16 pt from the left and the right edge, or arranged in a vertical
    /// stack at its leading edge.
    struct Chat {
        let root = View(id: "root")
        var bubbles: [TextBox] = []
        /// Each bubble's cap, `width <= root.width * 0.5 + constant`.
        var caps: [ConstraintGroup] = []

        init(characters: [Double], hidden: Set<Int> = [], stack: Bool, width: Double, capConstants: [Int: Double] = [:]) {
            root.frame = Rect(x: 0, y: 0, width: width, height: 4000)
            for (index, count) in characters.enumerated() {
                let bubble = TextBox(id: "bubble\(index)", characters: count)
                bubble.isHidden = hidden.contains(index)
                bubbles.append(bubble)
            }
            ProbeForkTests.list(bubbles, in: root, stack: stack, alignment: .leading) { index, bubble in
                if index % 2 == 0 {
                    Tails.install(bubble~.leading == root~.leading + 16)
                } else {
                    Tails.install(bubble~.trailing == root~.trailing - 16)
                }
            }
            for (index, bubble) in bubbles.enumerated() {
                caps.append(Tails.install(bubble~.width <= root~.width * 0.5 + (capConstants[index] ?? 64)))
            }
        }

        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
    }

    @Test("Resizes, new texts and hidden bubbles after a forked probe give a fresh tree's frames",
          arguments: [false, true], [0xF0C4, 2, 5, 6] as [UInt64])
    func forkedProbe(stack: Bool, seed: UInt64) throws {
        var random = SplitMix(state: seed)
        var characters = (0..<8).map { _ in Double(3 + random.below(90)) }
        var width = 375.0, hidden = Set<Int>()
        let chat = Chat(characters: characters, stack: stack, width: width)
        try chat.root.layoutIfNeeded()
        let pass = try #require(chat.root.layoutPass)
        #expect(pass.fixedWidthRounds == 0, "the bubbles' widths follow their texts")
        // Forked at the cold pass: its lowering is the engine's, not one of its own.
        let forked = try #require(pass.probeStatistics, "the cold pass forked a probe")
        for step in 0..<24 {
            switch step == 0 ? 0 : random.below(3) {
            case 0:
                width = Double(260 + random.below(300))
                chat.root.frame = Rect(x: 0, y: 0, width: width, height: 4000)
            case 1:
                let index = random.below(characters.count)
                characters[index] = Double(3 + random.below(90))
                chat.bubbles[index].characters = characters[index]
                chat.bubbles[index].invalidateIntrinsicContentSize()
            default:
                let index = random.below(characters.count)
                if !hidden.insert(index).inserted { hidden.remove(index) }
                chat.bubbles[index].isHidden = hidden.contains(index)
            }
            try chat.root.layoutIfNeeded()
            if step == 0 {
                let probe = try #require(pass.probeStatistics, "the first resize kept the probe")
                #expect(probe.fullLowerings == forked.fullLowerings, "the probe lowered nothing from scratch")
                #expect(probe.solves == forked.solves + 1)
            }
            let twin = Chat(characters: characters, hidden: hidden, stack: stack, width: width)
            try twin.root.layoutIfNeeded()
            #expect(chat.frames() == twin.frames(), "step \(step), width \(width), hidden \(hidden.sorted())")
        }
    }

    /// The peers' chat (`Benchmarks/compare-peers.py`): full-width rows 8 pt apart, chained or
    /// in a vertical stack, each holding a bubble 16 pt from the left (even rows) or the right
    /// edge, at most 70 % of the root's width, its text inset 8 pt top and bottom, 12 at the sides.
    static func peersChat(_ characters: [Double], stack: Bool, width: Double) -> View {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: width, height: 4000)
        var rows: [View] = []
        for (index, count) in characters.enumerated() {
            let row = View(id: "row\(index)"), bubble = View(id: "bubble\(index)")
            let text = TextBox(id: "text\(index)", characters: count)
            row.addSubview(bubble)
            bubble.addSubview(text)
            Tails.install(bubble~.top.bottom == row~, bubble~.width <= root~.width * 0.7,
                          text~.edges == bubble~ + EdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
            if index % 2 == 0 {
                Tails.install(bubble~.leading == row~.leading + 16)
            } else {
                Tails.install(bubble~.trailing == row~.trailing - 16)
            }
            rows.append(row)
        }
        list(rows, in: root, stack: stack, alignment: .fill) { _, row in Tails.install(row~.leading.trailing == root~) }
        return root
    }

    /// `views` 8 pt apart from `root`'s top: arranged in a vertical stack with `alignment` along
    /// the root's top and sides, or added to the root and chained, `place` holding each across.
    static func list(_ views: [View], in root: View, stack: Bool, alignment: StackAlignment, place: (Int, View) -> Void) {
        if stack {
            let list = StackView(id: "list", axis: .vertical, spacing: 8, alignment: alignment, arrangedSubviews: views)
            root.addSubview(list)
            Tails.install(list~.top.leading.trailing == root~)
            return
        }
        var above: View?
        for (index, view) in views.enumerated() {
            root.addSubview(view)
            if let above { Tails.install(view~.top == above~.bottom + 8) } else { Tails.install(view~.top == root~.top) }
            place(index, view)
            above = view
        }
    }

    @Test("The peers' chat: the root's width is a parameter from the cold pass on, so its first resize solves no component again in either engine; a fresh tree's frames",
          arguments: [false, true])
    func firstResizeSteps(stack: Bool) throws {
        var random = SplitMix(state: stack ? 0xC4A7 : 0xC4A8)
        let characters = (0..<16).map { _ in Double(3 + random.below(120)) }
        let chat = Self.peersChat(characters, stack: stack, width: 375)
        try chat.layoutIfNeeded()
        let pass = try #require(chat.layoutPass)
        let probe = try #require(pass.probeSolver, "the cold pass forked a probe")
        let engine = chat.engine!.diagnosticState.solver
        for (step, width) in [414.0, 320, 375, 500, 414].enumerated() {
            let before = (probe.statistics.componentSolves, engine.statistics.componentSolves)
            chat.frame = Rect(x: 0, y: 0, width: width, height: 4000)
            try chat.layoutIfNeeded()
            if step == 0 {
                #expect(probe.statistics.componentSolves == before.0, "the probe solved a component again")
                #expect(engine.statistics.componentSolves == before.1, "the engine solved a component again")
                #expect(probe.statistics.affineSteps > 0 && engine.statistics.affineSteps > 0)
            }
            let twin = Self.peersChat(characters, stack: stack, width: width)
            try twin.layoutIfNeeded()
            let mismatch = frameMismatch(chat.subtreeViews().map(\.frame), twin.subtreeViews().map(\.frame))
            #expect(mismatch == nil, "width \(width): \(mismatch ?? "")")
        }
    }

    @Test("A cap's constant changed and a constraint added after the fork: both engines take them, as a fresh tree", arguments: [false, true])
    func changesAfterFork(stack: Bool) throws {
        let characters: [Double] = [12, 80, 33, 61, 7, 45]
        var width = 375.0, capConstants: [Int: Double] = [:]
        let chat = Chat(characters: characters, stack: stack, width: width)
        try chat.root.layoutIfNeeded()
        let pass = try #require(chat.root.layoutPass)
        #expect(pass.keepsProbe, "the cold pass forked a probe")
        var minimumWidth: Double?
        func check(_ step: String) throws {
            let twin = Chat(characters: characters, stack: stack, width: width, capConstants: capConstants)
            if let minimumWidth { Tails.install(twin.bubbles[0]~.width >= minimumWidth) }
            try twin.root.layoutIfNeeded()
            #expect(chat.frames() == twin.frames(), "\(step)")
        }
        for (index, constant) in [(1, 16.0), (3, -40.0), (1, 96.0)] {
            width += 31
            chat.root.frame = Rect(x: 0, y: 0, width: width, height: 4000)
            try chat.root.layoutIfNeeded()
            try check("resize to \(width)")
            chat.caps[index].update(constant: constant)
            capConstants[index] = constant
            try chat.root.layoutIfNeeded()
            try check("cap \(index) + \(constant)")
        }
        // A new constraint: every constraint is lowered again, by both engines.
        minimumWidth = 120
        Tails.install(chat.bubbles[0]~.width >= 120)
        try chat.root.layoutIfNeeded()
        try check("a minimum width added")
        width = 320
        chat.root.frame = Rect(x: 0, y: 0, width: width, height: 4000)
        try chat.root.layoutIfNeeded()
        try check("resize to 320")
        #expect(pass.keepsProbe)
    }
}
