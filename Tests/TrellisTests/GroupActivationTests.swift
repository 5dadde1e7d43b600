import Testing
import Trellis
import TrellisTestSupport

/// Activating and deactivating groups tells each layout their constraints reach, once: the next
/// pass of a tree laid out before sees every constraint of the group (on views, on guides,
/// through superview shorthands, in nested layouts), and a tree never laid out needs no telling.
@Suite("Group activation")
struct GroupActivationTests {
    /// A root with `a`, `b` and `c`, each 40 × 40 at the origin (optional constraints, so that
    /// required ones may move them).
    private func makeTree() -> (root: View, a: View, b: View, c: View) {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews(["a", "b", "c"], to: root)
        for view in views {
            Tails.install(view~.top.left == root~ ~~ .defaultLow, view~.size == Size(width: 40, height: 40) ~~ .defaultHigh)
        }
        return (root, views[0], views[1], views[2])
    }

    @Test("a group activated after a layout: the next pass sees each constraint, and its deactivation")
    func activationAfterLayout() throws {
        let (root, a, b, c) = makeTree()
        let inner = addViews(["inner"], to: b)[0]
        Tails.install(inner~.top.left == b~, inner~.height == 10, inner~.width == b~ ~~ .defaultHigh)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 40, 40)
        expectFrame(inner, 0, 0, 40, 10)

        // One group over several views: a plain one, a guide (hosted by b), a superview shorthand.
        let group = Tails.make(
            a~.width == 100,
            inner~.width == b.layoutMarginsGuide~.width,
            c~.height == 70,
            c~.bottom == -20                        // the superview's bottom - 20
        )
        group.activate()
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 100, 40)
        expectFrame(inner, 0, 0, 24, 10)            // b's margins guide: 40 - 2 × 8
        expectFrame(c, 0, 210, 40, 70)

        group.deactivate()
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 40, 40)
        expectFrame(inner, 0, 0, 40, 10)
        expectFrame(c, 0, 0, 40, 40)
    }

    @Test("a group on a subtree laid out as its own root and inside the tree: both layouts see it")
    func nestedLayouts() throws {
        let root = makeRoot(width: 400, height: 300)
        let card = addViews(["card"], to: root)[0]
        Tails.install(card~.top.left == root~, card~.size == Size(width: 200, height: 100))
        let label = addViews(["label"], to: card)[0]
        Tails.install(label~.top.left == card~, label~.size == Size(width: 50, height: 20) ~~ .defaultHigh)
        card.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        try card.layoutIfNeeded()                   // the card's own layout
        expectFrame(label, 0, 0, 50, 20)
        try root.layoutIfNeeded()                   // the layout the card takes part in
        expectFrame(label, 0, 0, 50, 20)

        Tails.install(label~.width == 150)
        try card.layoutIfNeeded()
        expectFrame(label, 0, 0, 150, 20)
        Tails.make(label~.height == 60).activate()
        try root.layoutIfNeeded()
        expectFrame(label, 0, 0, 150, 60)
    }

    @Test("a group activated before the tree's first layout, and after its engine was dropped")
    func activationBeforeLayout() throws {
        let (root, a, _, c) = makeTree()
        let group = Tails.make(a~.width == 120, c~.left == 200)
        group.activate()
        #expect(group.isActive)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 120, 40)
        expectFrame(c, 200, 0, 40, 40)

        root.resetLayoutEngine()                    // no layout passes kept: the next one starts from scratch
        group.deactivate()
        Tails.install(a~.height == 90)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 40, 90)
        expectFrame(c, 0, 0, 40, 40)
    }
}

/// The constraints stored on an item, kept in a list and, for an item many constraints name,
/// indexed: activation and deactivation in any order leave exactly the active ones.
@Suite("Stored constraints")
struct StoredConstraintsTests {
    @Test("an item named by many constraints keeps exactly the active ones, through the list and its index")
    func manyConstraintsOnOneItem() throws {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews((0..<40).map { "v\($0)" }, to: root)
        let groups = views.enumerated().map { index, view in
            Tails.install(view~.left == root~.left + Double(index), view~.top.size == root~ ~~ .defaultLow)
        }
        #expect(root.constraints.count == 40 * 4)
        // Deactivate from both ends and the middle, then put some back (twice: stored once).
        for index in [0, 39, 20, 1, 38, 21, 5] { groups[index].deactivate() }
        for index in [20, 5, 5] { groups[index].activate() }
        groups[7].constraints[0].deactivate()
        groups[7].constraints[0].activate()
        let active = Set(groups.flatMap(\.constraints).filter(\.isActive).map(\.id))
        #expect(active.count == 35 * 4)
        #expect(Set(root.constraints.map(\.id)) == active)
        #expect(root.constraints.map(\.id) == root.constraints.map(\.id).sorted())
        for (index, view) in views.enumerated() {
            #expect(view.constraints.count == (groups[index].isActive ? 4 : 0), "\(view.name)")
        }
        try root.layoutIfNeeded()
        #expect(approx(views[20].frame.minX, 20))
        #expect(approx(views[7].frame.minX, 7))

        for group in groups { group.deactivate() }
        #expect(root.constraints.isEmpty)
    }
}
