import Testing
@testable import Trellis
import TrellisTestSupport

/// A pass after which only constants of lowered constraints changed (`update(constant:)`) gives
/// the changed rows their new constants in the solver directly (no specs, no lowering of
/// anything else): mixed with other changes between passes, with typed constants (insets,
/// sizes, points), multiplier rows, groups of several constraints, a constant that makes the
/// layout unsatisfiable and one that clears it, and constants set back to earlier values, its
/// frames stay a fresh tree's.
@Suite("Constant change passes")
struct ConstantPathTests {
    /// What the test changed, to build a fresh twin with.
    struct State: Equatable {
        var width = 360.0
        var insets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
        var badgeSize = Size(width: 40, height: 24)
        var badgeOffset = Point(x: 0, y: -10)
        var ratioConstant = 0.0
        var shift = 0.0
        var gap = 8.0
        var labelWidth = 80.0
        var badgeHidden = false
        var pinned = false
    }

    /// A tree with a group per changeable constant.
    final class Tree {
        let root = makeRoot(width: 360, height: 600)
        let card = View(id: "card"), badge = View(id: "badge"), panel = View(id: "panel")
        let fixed = View(id: "fixed"), label = View(id: "label")
        let edges: ConstraintGroup, size: ConstraintGroup, center: ConstraintGroup
        let ratio: ConstraintGroup, shift: ConstraintGroup, gap: ConstraintGroup
        var pin: ConstraintGroup?

        init() {
            root.addSubview(card)
            for view in [badge, panel, fixed, label] { card.addSubview(view) }
            label.intrinsicContentSize = Size(width: 80, height: 20)
            edges = Tails.install(card~.edges == root~ + EdgeInsets(top: 10, left: 20, bottom: 30, right: 20))
            size = Tails.install(badge~.size == Size(width: 40, height: 24))
            center = Tails.install(badge~.center == card~ + Point(x: 0, y: -10))
            ratio = Tails.install(panel~.width == card~.width * 0.5 + 0)
            shift = Tails.install(panel~.centerX == card~.centerX * 0.75 + 0)
            gap = Tails.install(fixed~.leading == card~.leading + 8)
            Tails.install(
                panel~.top == card~.top + 4, panel~.height == 30,
                fixed~.width == 120, fixed~.trailing <= card~.trailing, fixed~.top == panel~.bottom + 4,
                fixed~.height == 20,
                label~.leading == fixed~.leading, label~.top == fixed~.bottom + 4
            )
        }

        /// Brings the tree from `previous` (nil: as built) to `state`, touching only what differs.
        func apply(_ state: State, over previous: State?) {
            let old = previous ?? State()
            if previous == nil || old.width != state.width { root.frame = Rect(x: 0, y: 0, width: state.width, height: 600) }
            if old.insets != state.insets { edges.update(constant: state.insets) }
            if old.badgeSize != state.badgeSize { size.update(constant: state.badgeSize) }
            if old.badgeOffset != state.badgeOffset { center.update(constant: state.badgeOffset) }
            if old.ratioConstant != state.ratioConstant { ratio.update(constant: state.ratioConstant) }
            if old.shift != state.shift { shift.update(constant: state.shift) }
            if old.gap != state.gap { gap.update(constant: state.gap) }
            if old.labelWidth != state.labelWidth { label.intrinsicContentSize = Size(width: state.labelWidth, height: 20) }
            if old.badgeHidden != state.badgeHidden { badge.isHidden = state.badgeHidden }
            if state.pinned, pin == nil { pin = Tails.install(label~.trailing == card~.trailing - 16) }
            if !state.pinned, let made = pin { made.deactivate(); pin = nil }
        }

        func frames() -> [Rect] { root.subtreeItems().map { ($0 as? View)?.frame ?? ($0 as! LayoutGuide).layoutFrame } }
    }

    /// A fresh tree in `state`, laid out once (cold): its frames, or nil when it is unsatisfiable.
    static func cold(_ state: State) throws -> [Rect]? {
        let tree = Tree()
        tree.apply(state, over: nil)
        do {
            try tree.root.layoutIfNeeded()
        } catch LayoutError.unsatisfiable {
            return nil
        }
        return tree.frames()
    }

    /// One random change of a constant (typed or not), sometimes back to an earlier value.
    static func changeConstant(_ state: inout State, _ random: inout SplitMix) {
        let value = Double(random.below(40)) + (random.chance(30) ? 0.5 : 0)
        switch random.below(6) {
        case 0: state.insets = random.chance(30) ? EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
            : EdgeInsets(top: value, left: value / 2, bottom: 12, right: 40 - value)
        case 1: state.badgeSize = Size(width: 20 + value, height: random.chance(50) ? 24 : value + 1)
        case 2: state.badgeOffset = Point(x: value - 20, y: random.chance(50) ? -10 : value)
        case 3: state.ratioConstant = random.chance(30) ? 0 : value - 20
        case 4: state.shift = random.chance(30) ? 0 : value - 20
        default:
            // Past the card's room for the 120-wide required view: unsatisfiable until cleared.
            state.gap = random.chance(25) ? 400 : random.chance(30) ? 8 : value
        }
    }

    @Test("Constant changes (insets, sizes, points, multiplier rows, groups) mixed with other changes give a fresh tree's frames")
    func mixedChanges() throws {
        var random = SplitMix(state: 0xC0257)
        let tree = Tree()
        tree.apply(State(), over: nil)
        try tree.root.layoutIfNeeded()
        var state = State(), conflicts = 0, direct = 0
        for step in 0..<120 {
            let previous = state
            // Mostly constant changes alone (one or two groups); the others change something else too.
            let kind = random.below(10)
            Self.changeConstant(&state, &random)
            if kind == 5 { Self.changeConstant(&state, &random) }
            switch kind {
            case 6: state.width = Double(280 + random.below(200))
            case 7: state.labelWidth = Double(40 + random.below(120))
            case 8: state.badgeHidden.toggle()
            case 9: state.pinned.toggle()
            default: break
            }
            tree.apply(state, over: previous)
            let before = tree.root.engine!.statistics
            let expected = try Self.cold(state)
            do {
                try tree.root.layoutIfNeeded()
                #expect(expected != nil, "step \(step): a fresh tree in \(state) is unsatisfiable")
                #expect(tree.frames() == expected, "step \(step), kind \(kind), \(state)")
            } catch LayoutError.unsatisfiable {
                conflicts += 1
                #expect(expected == nil, "step \(step), kind \(kind): unsatisfiable, a fresh tree is not, \(state)")
            }
            let after = tree.root.engine!.statistics
            if kind < 5, after.directPasses > before.directPasses { direct += 1 }
        }
        #expect(conflicts > 3, "the sequence should make (and clear) conflicts")
        #expect(direct > 40, "most constant-only passes should take the direct path")
    }

    @Test("A constant change alone that makes the layout unsatisfiable names the constraint at its new constant, and the next change clears it")
    func conflictAfterConstantAlone() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        let child = addViews(["child"], to: root)[0]
        let gap = Tails.install(child~.leading == root~.leading + 10)
        Tails.install(child~.trailing <= root~.trailing, child~.width == 300, child~.top.height == root~)
        try root.layoutIfNeeded()
        for value in [40.0, 100] {
            gap.update(constant: value)
            try root.layoutIfNeeded()
            expectFrame(child, value, 0, 300, 200)
        }
        let before = root.engine!.statistics
        gap.update(constant: 120)
        do {
            try root.layoutIfNeeded()
            Issue.record("a 300-wide child 120 in from the left of a 400-wide root should not be satisfiable")
        } catch LayoutError.unsatisfiable(let conflict) {
            let texts = conflict.map(\.text)
            #expect(texts.contains { $0.contains("120") }, "\(texts)")
            #expect(!texts.contains { $0.contains("+ 100") || $0.contains("+ 40") }, "\(texts)")
        }
        #expect(root.engine!.statistics.directPasses == before.directPasses + 1)
        #expect(root.engine!.statistics.fullLowerings == before.fullLowerings)
        gap.update(constant: 40)
        try root.layoutIfNeeded()
        expectFrame(child, 40, 0, 300, 200)
    }
}
