import Testing
import Trellis
import TrellisTestSupport

/// Layout guides: custom guides, the margins guide and the safe-area guide.
@Suite("Layout guides, margins and safe area")
struct GuideTests {
    @Test("the margins guide is inset by 8 by default")
    func defaultMargins() throws {
        let root = makeRoot(width: 400, height: 300)
        let content = addViews(["content"], to: root)[0]
        Tails.install(content~.edges == root.layoutMarginsGuide~)
        try root.layoutIfNeeded()
        expectFrame(content, 8, 8, 384, 284)
        expectFrame(root.layoutMarginsGuide.layoutFrame, 8, 8, 384, 284)
        #expect(root.layoutMargins == EdgeInsets(8))
        #expect(root.layoutMarginsGuide === root.layoutMarginsGuide)
    }

    @Test("margins add to the safe area unless insetsLayoutMarginsFromSafeArea is off")
    func marginsAndSafeArea() throws {
        let root = makeRoot(width: 400, height: 800)
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        root.layoutMargins = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        Tails.install(a~.edges == root.layoutMarginsGuide~, b~.edges == root.safeAreaLayoutGuide~)
        try root.layoutIfNeeded()
        expectFrame(a, 16, 54, 368, 702)          // 44 + 10 from the top, 34 + 10 from the bottom
        expectFrame(b, 0, 44, 400, 722)

        root.insetsLayoutMarginsFromSafeArea = false
        try root.layoutIfNeeded()
        expectFrame(a, 16, 10, 368, 780)
    }

    @Test("guides of a nested view are in the shared coordinate space")
    func nestedGuides() throws {
        let root = makeRoot(width: 400, height: 300)
        let card = addViews(["card"], to: root)[0]
        let label = addViews(["label"], to: card)[0]
        card.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        Tails.install(
            card~.edges == root~ + EdgeInsets(top: 100, left: 50, bottom: 100, right: 50),
            label~.top.leading.trailing == card.layoutMarginsGuide~,
            label~.height == 20
        )
        try root.layoutIfNeeded()
        expectFrame(card, 50, 100, 300, 100)
        expectFrame(label, 6, 4, 288, 20)
        expectFrame(card.layoutMarginsGuide.layoutFrame, 6, 4, 288, 92)   // relative to the card
    }

    @Test("a custom guide as a gutter between two columns")
    func gutter() throws {
        let root = makeRoot(width: 400, height: 300)
        let (left, right) = { (v: [View]) in (v[0], v[1]) }(addViews(["left", "right"], to: root))
        let gutter = LayoutGuide(id: "gutter")
        root.addLayoutGuide(gutter)
        Tails.install(
            gutter~.width == 16,
            gutter~.top.bottom == root~,
            gutter~.centerX == root~,
            left~.top.bottom.leading == root~,
            left~.trailing == gutter~.leading,
            right~.top.bottom.trailing == root~,
            right~.leading == gutter~.trailing
        )
        try root.layoutIfNeeded()
        expectFrame(gutter.layoutFrame, 192, 0, 16, 300)
        expectFrame(left, 0, 0, 192, 300)
        expectFrame(right, 208, 0, 192, 300)
        #expect(root.layoutGuides.map(\.name) == ["gutter"])
    }

    @Test("a constant-only right side on a guide refers to its owning view")
    func guideShorthand() throws {
        let root = makeRoot(width: 400, height: 300)
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        Tails.install(guide~.edges == EdgeInsets(20))
        try root.layoutIfNeeded()
        expectFrame(guide.layoutFrame, 20, 20, 360, 260)
        #expect(guide.name.hasPrefix("LayoutGuide#"))
        #expect(guide.variables.left.name == "\(guide.name).left")
    }

    @Test("moving and removing guides")
    func removal() {
        let root = makeRoot()
        let other = addViews(["other"], to: root)[0]
        let guide = LayoutGuide(id: "g")
        root.addLayoutGuide(guide)
        let pinned = Tails.install(guide~.left == other~.left)
        let own = Tails.install(guide~.width == 10)
        other.addLayoutGuide(guide)
        #expect(guide.owningView === other && root.layoutGuides.isEmpty && other.layoutGuides.count == 1)
        other.removeLayoutGuide(guide)
        #expect(guide.owningView == nil)
        #expect(!pinned.isActive && own.isActive)      // ties to other items are cut, as for views
        other.addLayoutGuide(root.layoutMarginsGuide)  // system guides stay with their view
        #expect(root.layoutMarginsGuide.owningView === root && other.layoutGuides.isEmpty)
    }
}
