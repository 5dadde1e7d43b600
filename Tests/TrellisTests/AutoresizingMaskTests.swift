import Testing
import TrellisTestSupport
import Trellis

/// Views placed by frame with `translatesAutoresizingMaskIntoConstraints`: UIKit's mask rule
/// (the superview's change shared among the flexible parts in proportion to their sizes at the
/// reference), through required rows that constraints can refer to. Frames computed by hand.
@Suite("Autoresizing masks")
struct AutoresizingMaskTests {
    /// One axis: the mask bits (leading margin, size, trailing margin) and the expected
    /// (position, size) after the superview grows by `d` and shrinks by `d`.
    struct Case: CustomStringConvertible {
        let flexible: (Bool, Bool, Bool)
        let grown: (Double, Double)
        let shrunk: (Double, Double)
        var description: String { "\(flexible)" }
    }

    /// Horizontally: superview 400 wide, frame x = 100, width = 200 (right margin 100), d = 100.
    static let horizontal: [Case] = [
        Case(flexible: (false, false, false), grown: (100, 200), shrunk: (100, 200)),
        Case(flexible: (true, false, false), grown: (200, 200), shrunk: (0, 200)),
        Case(flexible: (false, true, false), grown: (100, 300), shrunk: (100, 100)),
        Case(flexible: (false, false, true), grown: (100, 200), shrunk: (100, 200)),
        // Flexible 100 + 200 = 300: the margin takes 1/3 of d, the width 2/3.
        Case(flexible: (true, true, false), grown: (100 + 100.0 / 3, 200 + 200.0 / 3),
             shrunk: (100 - 100.0 / 3, 200 - 200.0 / 3)),
        // The two margins, 100 each: half each.
        Case(flexible: (true, false, true), grown: (150, 200), shrunk: (50, 200)),
        Case(flexible: (false, true, true), grown: (100, 200 + 200.0 / 3), shrunk: (100, 200 - 200.0 / 3)),
        // All three (400): 1/4, 1/2, 1/4.
        Case(flexible: (true, true, true), grown: (125, 250), shrunk: (75, 150)),
    ]

    /// Vertically: superview 300 tall, frame y = 50, height = 100 (bottom margin 150), d = 60.
    static let vertical: [Case] = [
        Case(flexible: (false, false, false), grown: (50, 100), shrunk: (50, 100)),
        Case(flexible: (true, false, false), grown: (110, 100), shrunk: (-10, 100)),
        Case(flexible: (false, true, false), grown: (50, 160), shrunk: (50, 40)),
        Case(flexible: (false, false, true), grown: (50, 100), shrunk: (50, 100)),
        // 50 + 100 = 150: 1/3 and 2/3 of 60.
        Case(flexible: (true, true, false), grown: (70, 140), shrunk: (30, 60)),
        // 50 + 150 = 200: the top margin takes 1/4.
        Case(flexible: (true, false, true), grown: (65, 100), shrunk: (35, 100)),
        // 100 + 150 = 250: the height takes 2/5.
        Case(flexible: (false, true, true), grown: (50, 124), shrunk: (50, 76)),
        // 300: 1/6, 1/3, 1/2.
        Case(flexible: (true, true, true), grown: (60, 120), shrunk: (40, 80)),
    ]

    static func mask(_ h: (Bool, Bool, Bool), _ v: (Bool, Bool, Bool)) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        if h.0 { mask.insert(.flexibleLeftMargin) }
        if h.1 { mask.insert(.flexibleWidth) }
        if h.2 { mask.insert(.flexibleRightMargin) }
        if v.0 { mask.insert(.flexibleTopMargin) }
        if v.1 { mask.insert(.flexibleHeight) }
        if v.2 { mask.insert(.flexibleBottomMargin) }
        return mask
    }

    /// A 400 × 300 root at (5, 7) with a frame-placed badge at (100, 50, 200, 100).
    static func screen(_ mask: AutoresizingMask) -> (root: View, badge: View) {
        let root = View(id: "root")
        root.frame = Rect(x: 5, y: 7, width: 400, height: 300)
        let badge = View(id: "badge")
        root.addSubview(badge)
        badge.translatesAutoresizingMaskIntoConstraints = true
        badge.frame = Rect(x: 100, y: 50, width: 200, height: 100)
        badge.autoresizingMask = mask
        return (root, badge)
    }

    @Test("Every mask combination on each axis, grown and shrunk", arguments: 0..<8)
    func combinations(index: Int) throws {
        let h = Self.horizontal[index], v = Self.vertical[index]
        let (root, badge) = Self.screen(Self.mask(h.flexible, v.flexible))
        try root.layoutIfNeeded()
        expectFrame(badge, 100, 50, 200, 100)
        root.frame = Rect(x: 5, y: 7, width: 500, height: 360)
        try root.layoutIfNeeded()
        expectFrame(badge, h.grown.0, v.grown.0, h.grown.1, v.grown.1)
        root.frame = Rect(x: 5, y: 7, width: 300, height: 240)
        try root.layoutIfNeeded()
        expectFrame(badge, h.shrunk.0, v.shrunk.0, h.shrunk.1, v.shrunk.1)
        #expect(try !root.hasAmbiguousLayout)

        // A fresh tree laid out cold at the shrunk size agrees with the incremental passes.
        let (fresh, freshBadge) = Self.screen(Self.mask(h.flexible, v.flexible))
        fresh.frame = root.frame
        try fresh.layoutIfNeeded()
        #expect(approx(freshBadge.frame, badge.frame), "\(freshBadge.frame) vs \(badge.frame)")
    }

    @Test("A frame set again resizes from the superview's size at that moment")
    func referenceIsTheSizeWhenSet() throws {
        let (root, badge) = Self.screen([.flexibleWidth])
        root.frame = Rect(x: 0, y: 0, width: 600, height: 300)
        try root.layoutIfNeeded()
        expectFrame(badge, 100, 50, 400, 100)
        badge.frame = Rect(x: 10, y: 10, width: 100, height: 20)    // the reference is now 600 wide
        try root.layoutIfNeeded()
        expectFrame(badge, 10, 10, 100, 20)
        root.frame = Rect(x: 0, y: 0, width: 650, height: 300)
        try root.layoutIfNeeded()
        expectFrame(badge, 10, 10, 150, 20)
    }

    @Test("A constrained view pinned to a frame-placed view follows it")
    func constrainedNeighbour() throws {
        let (root, badge) = Self.screen([.flexibleLeftMargin, .flexibleBottomMargin])
        let caption = View(id: "caption")
        root.addSubview(caption)
        Tails.install(caption~.top == badge~.bottom + 8, caption~.trailing == badge~.trailing,
                      caption~.width == 80, caption~.height == 20)
        try root.layoutIfNeeded()
        expectFrame(caption, 220, 158, 80, 20)
        root.frame = Rect(x: 5, y: 7, width: 480, height: 300)
        try root.layoutIfNeeded()
        // The left margin takes all 80: the badge at 180, its right edge at 380.
        expectFrame(badge, 180, 50, 200, 100)
        expectFrame(caption, 300, 158, 80, 20)
        #expect(try !root.hasAmbiguousLayout)
    }

    @Test("A constraint against the mask is a conflict naming `autoresizing mask of badge`")
    func conflictNamesTheMask() throws {
        let (root, badge) = Self.screen([])
        Tails.install(badge~.width == 80)
        let error = try #require(layoutError(root))
        guard case .unsatisfiable(let conflict) = error else {
            Issue.record("expected a conflict, got \(error)")
            return
        }
        #expect(conflict.contains { $0.label == "autoresizing mask of badge" }, "\(conflict)")
        #expect("\(error)".contains("autoresizing mask of badge"))
    }

    @Test("Translating off removes the rows; the default is off")
    func switchingOff() throws {
        #expect(!View().translatesAutoresizingMaskIntoConstraints)
        let (root, badge) = Self.screen([])
        Tails.install(badge~.width == 80)
        badge.translatesAutoresizingMaskIntoConstraints = false
        Tails.install(badge~.left == 0, badge~.top == 0, badge~.height == 10)
        try root.layoutIfNeeded()
        expectFrame(badge, 0, 0, 80, 10)
    }

    @Test("A nested superview: the reference is its size when the frame is set")
    func nestedSuperview() throws {
        let root = makeRoot(width: 400, height: 300)
        let panel = View(id: "panel")
        root.addSubview(panel)
        let width = Tails.install(panel~.left == 0, panel~.top == 0, panel~.width == 200, panel~.height == 100)
        try root.layoutIfNeeded()
        let dot = View(id: "dot")
        panel.addSubview(dot)
        dot.translatesAutoresizingMaskIntoConstraints = true
        dot.frame = Rect(x: 150, y: 10, width: 20, height: 20)    // right margin 30
        dot.autoresizingMask = [.flexibleLeftMargin]
        try root.layoutIfNeeded()
        expectFrame(dot, 150, 10, 20, 20)
        width.deactivate()
        Tails.install(panel~.left == 0, panel~.top == 0, panel~.width == 300, panel~.height == 100)
        try root.layoutIfNeeded()
        expectFrame(dot, 250, 10, 20, 20)
    }

    @Test("The README's autoresizing example")
    func readme() throws {
        let root = makeRoot(width: 400, height: 300)
        let caption = View(id: "caption")
        root.addSubview(caption)
        Tails.install(caption~.size == Size(width: 40, height: 10))
        // --- README begins ---
        let badge = View(id: "badge")
        root.addSubview(badge)                                          // root is 400 wide
        badge.translatesAutoresizingMaskIntoConstraints = true
        badge.frame = Rect(x: 300, y: 10, width: 60, height: 20)
        badge.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]   // at 480 wide: x = 380
        Tails.install(caption~.top == badge~.bottom + 8, caption~.trailing == badge~.trailing)
        // --- README ends ---
        root.frame = Rect(x: 0, y: 0, width: 480, height: 300)
        try root.layoutIfNeeded()
        expectFrame(badge, 380, 10, 60, 20)
        expectFrame(caption, 400, 38, 40, 10)
    }
}
