import Testing
import TrellisTestSupport
@testable import Trellis

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
            if stack {
                let list = StackView(id: "list", axis: .vertical, spacing: 8, alignment: .leading, arrangedSubviews: bubbles)
                root.addSubview(list)
                Tails.install(list~.top.leading.trailing == root~)
            } else {
                var above: View?
                for (index, bubble) in bubbles.enumerated() {
                    root.addSubview(bubble)
                    if let above { Tails.install(bubble~.top == above~.bottom + 8) } else { Tails.install(bubble~.top == root~.top) }
                    if index % 2 == 0 {
                        Tails.install(bubble~.leading == root~.leading + 16)
                    } else {
                        Tails.install(bubble~.trailing == root~.trailing - 16)
                    }
                    above = bubble
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
