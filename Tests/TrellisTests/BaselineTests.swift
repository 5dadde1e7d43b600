import Testing
import Trellis
import TrellisTestSupport

/// First and last baselines: offsets provided by views, edges otherwise.
@Suite("Baselines")
struct BaselineTests {
    /// A label-like view: intrinsic size and baseline offsets (as a subclass would provide them).
    final class Label: View {
        init(id: String, size: Size, ascent: Double, descent: Double) {
            super.init(id: id)
            intrinsicContentSize = size
            firstBaselineOffsetFromTop = ascent
            lastBaselineOffsetFromBottom = descent
        }
    }

    @Test("aligning first baselines of labels of different sizes")
    func firstBaselines() throws {
        let root = makeRoot(width: 400, height: 300)
        let big = Label(id: "big", size: Size(width: 100, height: 40), ascent: 32, descent: 8)
        let small = Label(id: "small", size: Size(width: 60, height: 16), ascent: 12, descent: 4)
        root.addSubview(big)
        root.addSubview(small)
        Tails.install(
            big~.top.left == root~ + Point(x: 10, y: 10),
            small~.leading == big~.trailing + 8,
            small~.firstBaseline == big~.firstBaseline
        )
        try root.layoutIfNeeded()
        expectFrame(small, 118, 30, 60, 16)              // baseline at 10 + 32 = 42
        #expect(small.description == "small (Label) frame (118, 30, 60, 16)")
    }

    @Test("last baseline to first baseline spacing")
    func lastToFirst() throws {
        let root = makeRoot(width: 400, height: 300)
        let title = Label(id: "title", size: Size(width: 100, height: 24), ascent: 18, descent: 6)
        let body = Label(id: "body", size: Size(width: 100, height: 60), ascent: 14, descent: 5)
        root.addSubview(title)
        root.addSubview(body)
        Tails.install(
            title~.top.left == root~,
            body~.left == 0,
            body~.firstBaseline == title~.lastBaseline + 20
        )
        try root.layoutIfNeeded()
        // title's last baseline: 24 − 6 = 18; body's first baseline at 38 → top 24
        expectFrame(body, 0, 24, 100, 60)
        #expect(body.expression(for: .firstBaseline).description == "body.top + 14")
        #expect(body.expression(for: .lastBaseline).description == "body.top + body.height - 5")
    }

    @Test("views without offsets and guides use their top and bottom edges")
    func fallbacks() throws {
        let root = makeRoot(width: 400, height: 300)
        let (box, other) = { (v: [View]) in (v[0], v[1]) }(addViews(["box", "other"], to: root))
        let guide = LayoutGuide(id: "guide")
        root.addLayoutGuide(guide)
        Tails.install(
            box~.top.left == Point(x: 0, y: 50), box~.size == Size(width: 10, height: 30),
            guide~.top.left.width == root~, guide~.height == 7,
            other~.firstBaseline == box~.lastBaseline,       // box's bottom: 80
            other~.lastBaseline == guide~.lastBaseline + 100,  // guide's bottom + 100: 107
            other~.left == 0, other~.width == 10
        )
        try root.layoutIfNeeded()
        expectFrame(other, 0, 80, 10, 27)
    }
}
