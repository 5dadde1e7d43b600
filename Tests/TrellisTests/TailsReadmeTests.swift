import Testing
import Trellis
import TrellisTestSupport

/// Every example of the original Tails README (research note dsl.md §5), translated from UIKit
/// (`CGSize` → `Size`, `CGPoint` → `Point`, `UILayoutPriorityDefaultLow` → `.defaultLow`,
/// `topLayoutGuide` → a layout guide), with frames computed by hand. The README's fragments leave
/// some sizes open; the extra relations that pin them are installed separately and commented.
@Suite("Tails README examples")
struct TailsReadmeTests {
    @Test("first block: guide, superview~, width, inference, trailing, multiplier")
    func firstBlock() throws {
        let root = makeRoot(width: 400, height: 300)
        let view1 = View(id: "view1"), view2 = View(id: "view2")
        root.addSubview(view1)
        root.addSubview(view2)
        let topLayoutGuide = LayoutGuide(id: "topLayoutGuide")
        root.addLayoutGuide(topLayoutGuide)
        Tails.install(topLayoutGuide~.top.left.right == root~, topLayoutGuide~.height == 20)

        Tails.install(
            view1~.top == topLayoutGuide~.bottom,
            view1~.left == view1.superview~,
            view1~.width == 50,
            view2~.top == view1~,
            view2~.trailing == view1~.leading + 10,
            view2~.width >= view1~ * 2
        )
        // Not in the README: heights, and view2 as narrow as allowed.
        Tails.install(view1~.height == 30, view2~.height == 30, view2~.width == 0 ~~ .fittingSizeLevel)

        try root.layoutIfNeeded()
        expectFrame(topLayoutGuide.layoutFrame, 0, 0, 400, 20)
        expectFrame(view1, 0, 20, 50, 30)
        expectFrame(view2, -90, 20, 100, 30)          // trailing = 0 + 10, width >= 2 × 50
    }

    @Test("second block: size, center minus a point, edges, chained attributes")
    func secondBlock() throws {
        let root = makeRoot(width: 400, height: 300)
        let view2 = View(id: "view2")
        root.addSubview(view2)
        let view1 = View(id: "view1"), view3 = View(id: "view3")
        view2.addSubview(view1)
        view2.addSubview(view3)

        Tails.install(
            view1~.size == Size(width: 60, height: 40),
            view1~.center == view2~ - Point(x: 0, y: 20),
            view2~.edges == view2.superview~,
            view3~.top.left.width == view1~
        )
        Tails.install(view3~.height == 10)            // not in the README

        try root.layoutIfNeeded()
        expectFrame(view2, 0, 0, 400, 300)
        expectFrame(view1, 170, 110, 60, 40)          // centre (200, 150 − 20)
        expectFrame(view3, 170, 110, 60, 10)
    }

    @Test("third block: a priority on an inferred relation")
    func thirdBlock() throws {
        let root = makeRoot()
        let (view1, view2) = { (v: [View]) in (v[0], v[1]) }(addViews(["view1", "view2"], to: root))
        Tails.install(view1~.width <= view2~ ~~ .defaultLow)
        Tails.install(view2~.width == 80, view1~.width == 120 ~~ 200)   // 250 beats 200
        try root.layoutIfNeeded()
        #expect(approx(view1.frame.width, 80))
    }

    @Test("insets: top.left.right == superview~ + insets, bottom == footer~.top + insets")
    func insets() throws {
        let root = makeRoot(width: 400, height: 300)
        let (view, footerView, other) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["view", "footer", "other"], to: root))
        let insets = EdgeInsets(top: 10, left: 20, bottom: 40, right: 20)
        Tails.install(
            view~.top.left.right == view.superview~ + insets,   // top + 10, left + 20, right − 20
            view~.height == 50,
            footerView~.top.left == Point(x: 0, y: 250)
        )
        Tails.install(
        // superview shorthand
            footerView~.size == Size(width: 10, height: 10),
            other~.bottom == footerView~.top + insets,          // bottom − 40, keyed by the left attribute
            other~.left == 0,
            other~.size == Size(width: 10, height: 10)
        )
        try root.layoutIfNeeded()
        expectFrame(view, 20, 10, 360, 50)
        expectFrame(footerView, 0, 250, 10, 10)
        expectFrame(other, 0, 200, 10, 10)
    }

    @Test("example app: size == view~ / 2, size ~~ defaultHigh, right == insets, edges == insets")
    func exampleApp() throws {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews(["view1", "view3", "view4", "view5"], to: root)
        let (view1, view3, view4, view5) = (views[0], views[1], views[2], views[3])
        let insets = EdgeInsets(top: 10, left: 20, bottom: 40, right: 20)
        Tails.install(
            view1~.size == Size(width: 60, height: 40),
            view1~.top.left == root~,
            view3~.size == view1~ / 2,
            view3~.right == insets,                            // superview.right − 20
            view3~.top == 0
        )
        Tails.install(
            view4~.size == Size(width: 50, height: 100) ~~ .defaultHigh,
            view4~.height <= 80,                                // required beats defaultHigh
            view4~.top.left == root~,
            view5~.edges == insets                              // the superview's edges, inset
        )
        try root.layoutIfNeeded()
        expectFrame(view3, 350, 0, 30, 20)
        expectFrame(view4, 0, 0, 50, 80)
        expectFrame(view5, 20, 10, 360, 250)
    }

    @Test("k - view~ is negated (Tails computed view~ - k)")
    func constantMinusView() throws {
        let root = makeRoot()
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        Tails.install(
            a~.width == 30,
            b~.width == 100 - a~,                               // 100 − 30
            a~.top.left.height == root~,
            b~.top.left.height == root~
        )
        try root.layoutIfNeeded()
        #expect(approx(b.frame.width, 70))
    }
}
