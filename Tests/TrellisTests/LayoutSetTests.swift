import Testing
import Trellis
import TrellisTestSupport

/// Layout sets: cases chosen by a size query of a view, re-evaluated at every layout pass.
@Suite("Layout sets")
struct LayoutSetTests {
    /// Sidebar above content when the root is narrower than 600, beside it otherwise.
    private func splitScreen(width: Double) -> (root: View, sidebar: View, content: View, set: LayoutSet) {
        let root = makeRoot(width: width, height: 400)
        let (sidebar, content) = { (v: [View]) in (v[0], v[1]) }(addViews(["sidebar", "content"], to: root))
        let set = Tails.layoutSet(for: root)
            .when(.width(..<600)) {
                sidebar~.top.leading.trailing == root~
                sidebar~.height == 120
                content~.top == sidebar~.bottom
                content~.leading.trailing.bottom == root~
            }
            .otherwise {
                sidebar~.top.leading.bottom == root~
                sidebar~.width == 240
                content~.leading == sidebar~.trailing
                content~.top.trailing.bottom == root~
            }
        return (root, sidebar, content, set)
    }

    @Test("the root's size chooses the case, and a new size chooses again")
    func rootBreakpoint() throws {
        let (root, sidebar, content, set) = splitScreen(width: 500)
        #expect(set.activeCaseIndex == nil)
        try root.layoutIfNeeded()
        #expect(set.activeCaseIndex == 0)
        expectFrame(sidebar, 0, 0, 500, 120)
        expectFrame(content, 0, 120, 500, 280)

        root.frame = Rect(x: 0, y: 0, width: 800, height: 400)
        try root.layoutIfNeeded()
        #expect(set.activeCaseIndex == 1)
        #expect(set.caseGroups[1].isActive && !set.caseGroups[0].isActive)
        expectFrame(sidebar, 0, 0, 240, 400)
        expectFrame(content, 240, 0, 560, 400)

        root.frame = Rect(x: 0, y: 0, width: 599, height: 400)
        let snapshot = try root.layoutSnapshot()
        #expect(snapshot[sidebar] == Rect(x: 0, y: 0, width: 599, height: 120))
        #expect(set.caseIndex(for: Size(width: 600, height: 1)) == 1)
        #expect(set.description == "layout set of root: [width in ..<600, any size], active 0")
    }

    @Test("a set on a view that is not the root checks the solved size and solves again")
    func innerView() throws {
        let root = makeRoot(width: 1000, height: 400)
        let panel = addViews(["panel"], to: root)[0]
        let title = addViews(["title"], to: panel)[0]
        Tails.install(panel~.top.leading.bottom == root~, panel~.width == root~.width * 0.5)
        let set = Tails.layoutSet(for: panel)
            .when(.width(..<600)) { title~.edges == panel~ }
            .when(.width(600...).and(.portrait)) { title~.size == Size(width: 1, height: 1) }
            .when(.width(600...)) { title~.edges == panel~ + EdgeInsets(20) }
        Tails.install(title~.leading.top == panel~ ~~ .fittingSizeLevel)
        try root.layoutIfNeeded()                    // panel 500 wide
        #expect(set.activeCaseIndex == 0)
        expectFrame(title, 0, 0, 500, 400)

        root.frame = Rect(x: 0, y: 0, width: 1400, height: 400)
        try root.layoutIfNeeded()                    // starts from 500, finds 700, solves again
        #expect(set.activeCaseIndex == 2)
        expectFrame(panel, 0, 0, 700, 400)
        expectFrame(title, 20, 20, 660, 360)
    }

    @Test("a set whose cases change the size that chooses them does not converge, and says so")
    func oscillation() {
        let root = makeRoot(width: 1000, height: 400)
        let panel = addViews(["panel"], to: root)[0]
        Tails.install(panel~.top.leading.height == root~)
        Tails.layoutSet(for: panel)
            .when(.width(..<300)) { panel~.width == 400 }
            .otherwise { panel~.width == 200 }
        guard case .notConverged(let rounds, let unsettled)? = layoutError(root) else {
            Issue.record("expected notConverged")
            return
        }
        #expect(rounds == 10)
        #expect(unsettled.count == 1 && unsettled[0].hasPrefix("layout set of panel: case"))
        #expect(LayoutError.notConverged(rounds: rounds, unsettled: unsettled).description
            .hasPrefix("not converged: the layout still changed after 10 rounds:\n  layout set of panel"))
    }

    @Test("no matching case activates nothing; remove() detaches the set")
    func noMatchAndRemove() throws {
        let root = makeRoot(width: 300, height: 300)
        let box = addViews(["box"], to: root)[0]
        Tails.install(box~.top.left == root~, box~.size == Size(width: 10, height: 10) ~~ .defaultLow)
        let set = Tails.layoutSet(for: root).when(.height(..<100)) { box~.width == 50 }
        try root.layoutIfNeeded()
        #expect(set.activeCaseIndex == nil)
        expectFrame(box, 0, 0, 10, 10)

        root.frame = Rect(x: 0, y: 0, width: 300, height: 50)
        try root.layoutIfNeeded()
        #expect(set.activeCaseIndex == 0)
        expectFrame(box, 0, 0, 50, 10)

        set.remove()
        #expect(set.activeCaseIndex == nil && !set.caseGroups[0].isActive)
        try root.layoutIfNeeded()
        expectFrame(box, 0, 0, 10, 10)
        #expect(set.view === root)
    }

    @Test("cases record their lines and the scoped default priority of when they were written")
    func locationsAndPriorities() {
        let root = makeRoot()
        let line = #line + 3
        let set = Tails.withPriority(.defaultHigh) {
            Tails.layoutSet(for: root)
                .when(.landscape) { root~.width == 1 }
                .otherwise { root~.width == 2 ~~ 300 }
        }
        #expect(set.caseGroups[0].constraints[0].description == "root.width == 1 @750 (LayoutSetTests.swift:\(line))")
        #expect(set.caseGroups[1].constraints[0].priority == 300)
        #expect(SizeQuery.landscape.matches(Size(width: 2, height: 1)) && !SizeQuery.portrait.matches(Size(width: 2, height: 1)))
        let square = SizeQuery.matching("square") { $0.width == $0.height }
        #expect(square.matches(Size(width: 3, height: 3)) && square.description == "square")
        #expect(SizeQuery.width(10...20).description == "width in 10...20")
        #expect(SizeQuery.height(...5.5).description == "height in ...5.5")
        #expect(SizeQuery.width(7...).and(.height(1..<2)).description == "width in 7... and height in 1..<2")
    }
}
