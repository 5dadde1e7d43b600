import Testing
import Trellis
import TrellisTestSupport

/// Intrinsic content size, lowered as Auto Layout does: `size <= intrinsic` at the hugging
/// priority, `size >= intrinsic` at the compression-resistance priority.
@Suite("Intrinsic content size")
struct IntrinsicSizeTests {
    /// Two labels in a row filling `width`: `|-8-[a]-8-[b]-8-|`, pinned top.
    private func row(width: Double, a: Size, b: Size) -> (View, View, View) {
        let root = makeRoot(width: width, height: 100)
        let (first, second) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        first.intrinsicContentSize = a
        second.intrinsicContentSize = b
        Tails.install(
            first~.leading == 8,
            second~.leading == first~.trailing + 8,
            second~.trailing == -8,
            first~.top == 0, second~.top == 0
        )
        return (root, first, second)
    }

    @Test("the view with the lower hugging priority stretches")
    func hugging() throws {
        let (root, a, b) = row(width: 324, a: Size(width: 100, height: 20), b: Size(width: 100, height: 30))
        a.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        try root.layoutIfNeeded()
        expectFrame(a, 8, 0, 100, 20)
        expectFrame(b, 116, 0, 200, 30)           // 324 − 8 − 100 − 8 − 8
        #expect(a.contentHuggingPriority(for: .horizontal) == 251)
        #expect(b.contentHuggingPriority(for: .vertical) == 250)

        b.setContentHuggingPriority(.defaultHigh, for: .horizontal)   // now a stretches
        try root.layoutIfNeeded()
        expectFrame(a, 8, 0, 200, 20)
        expectFrame(b, 216, 0, 100, 30)
    }

    @Test("the view with the lower compression resistance shrinks")
    func compression() throws {
        let (root, a, b) = row(width: 324, a: Size(width: 200, height: 20), b: Size(width: 200, height: 20))
        b.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        try root.layoutIfNeeded()
        expectFrame(a, 8, 0, 200, 20)
        expectFrame(b, 216, 0, 100, 20)
        #expect(b.contentCompressionResistancePriority(for: .horizontal) == 749)
        #expect(a.contentCompressionResistancePriority(for: .vertical) == 750)
    }

    @Test("an explicit constraint above the hugging priority stretches a view")
    func explicitBeatsHugging() throws {
        let root = makeRoot()
        let v = addViews(["v"], to: root)[0]
        v.intrinsicContentSize = Size(width: 50, height: 20)
        Tails.install(v~.top.left == root~, v~.width == 80 ~~ 251, v~.height == 80 ~~ 249)
        try root.layoutIfNeeded()
        expectFrame(v, 0, 0, 80, 20)
    }

    @Test("noIntrinsicMetric leaves an axis free")
    func noMetric() throws {
        let root = makeRoot(width: 400, height: 300)
        let v = addViews(["v"], to: root)[0]
        v.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 20)
        Tails.install(v~.top.left.right == root~)
        try root.layoutIfNeeded()
        expectFrame(v, 0, 0, 400, 20)
        #expect(View.noIntrinsicMetric == -1)
    }

    @Test("required compression resistance that cannot hold is a conflict naming it")
    func requiredCompression() {
        let root = makeRoot(width: 100, height: 100)
        let v = addViews(["v"], to: root)[0]
        v.intrinsicContentSize = Size(width: 150, height: 20)
        v.setContentCompressionResistancePriority(.required, for: .horizontal)
        Tails.install(v~.left.right == root~, v~.top == 0)
        guard case .unsatisfiable(let conflict)? = layoutError(root) else {
            Issue.record("expected a conflict")
            return
        }
        #expect(conflict.contains { $0.isImplicit && $0.text == "compression resistance: v.width >= 150" })
        #expect(conflict.contains { $0.text.hasPrefix("v.left == root.left") })
    }

    @Test("hidden views take part in layout")
    func hidden() throws {
        let root = makeRoot()
        let v = addViews(["v"], to: root)[0]
        v.isHidden = true
        v.intrinsicContentSize = Size(width: 30, height: 40)
        Tails.install(v~.center == root~)
        try root.layoutIfNeeded()
        expectFrame(v, 185, 130, 30, 40)
    }

    @Test("the root's own intrinsic size does not fight its frame")
    func rootIntrinsic() throws {
        let root = makeRoot(width: 400, height: 300)
        root.intrinsicContentSize = Size(width: 10, height: 10)
        root.setContentCompressionResistancePriority(.required, for: .horizontal)
        root.setContentHuggingPriority(.required, for: .horizontal)
        try root.layoutIfNeeded()
        expectFrame(root, 0, 0, 400, 300)
    }
}
