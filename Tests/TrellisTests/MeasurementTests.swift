import Testing
import Trellis
import TrellisTestSupport

/// Height-for-width: measure, solve, measure again at the solved width, until stable.
@Suite("Measuring")
struct MeasurementTests {
    /// Text of `words` words, each `wordWidth` wide, in lines of `lineHeight`, wrapped greedily.
    private func text(_ id: String, words: Int, wordWidth: Double = 100, lineHeight: Double = 20) -> View {
        let view = View(id: id)
        view.sizeForWidth = { width in
            let perLine = max(1, min(words, Int((width / wordWidth).rounded(.down))))
            let lines = (words + perLine - 1) / perLine
            return Size(width: Double(perLine) * wordWidth, height: Double(lines) * lineHeight)
        }
        return view
    }

    @Test("a view pinned on both sides wraps to the width it gets")
    func pinned() throws {
        let root = makeRoot(width: 320, height: 480)
        let bio = text("bio", words: 6)
        root.addSubview(bio)
        Tails.install(bio~.top.leading.trailing == root~ + EdgeInsets(16))
        try root.layoutIfNeeded()
        expectFrame(bio, 16, 16, 288, 60)           // two words a line at 288: three lines
    }

    @Test("a view that hugs its content takes the wrapped width")
    func hugging() throws {
        let root = makeRoot(width: 320, height: 480)
        let bio = text("bio", words: 6)
        root.addSubview(bio)
        Tails.install(bio~.top.leading == root~ + EdgeInsets(16), bio~.trailing <= root~.trailing - 16)
        try root.layoutIfNeeded()
        expectFrame(bio, 16, 16, 200, 60)           // unwrapped 600 → capped at 288 → 200 × 60

        root.frame = Rect(x: 0, y: 0, width: 1000, height: 480)
        try root.layoutIfNeeded()
        expectFrame(bio, 16, 16, 600, 20)           // one line
    }

    @Test("in a vertical stack, the stack's width decides the height")
    func inStack() throws {
        let bio = text("bio", words: 6)
        let footer = View(id: "footer")
        footer.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 30)
        let stack = Tails.stack(.vertical, spacing: 10) { bio; footer }
        let root = makeRoot(width: 320, height: 480)
        root.addSubview(stack)
        Tails.install(stack~.top.leading.trailing == root~)
        try root.layoutIfNeeded()
        expectFrame(bio, 0, 0, 320, 40)             // three words a line: two lines
        expectFrame(footer, 0, 50, 320, 30)
        expectFrame(stack, 0, 0, 320, 80)
    }

    @Test("fitting size measures too")
    func fitting() throws {
        let cell = View(id: "cell")
        let bio = text("bio", words: 6)
        cell.addSubview(bio)
        Tails.install(bio~.edges == cell~ + EdgeInsets(16))
        #expect(try cell.fittingSize(width: 320) == Size(width: 320, height: 92))   // 60 + 32
        #expect(try cell.fittingSize(width: 532) == Size(width: 532, height: 72))   // 500 wide: two lines
    }

    @Test("a measurement that keeps changing ends the pass with notConverged")
    func notConverging() {
        let root = makeRoot()
        let grower = View(id: "grower")
        root.addSubview(grower)
        grower.sizeForWidth = { width in Size(width: width > 1000 ? 100 : width + 10, height: 20) }
        Tails.install(grower~.top.left == root~)
        guard case .notConverged(_, let unsettled)? = layoutError(root) else {
            Issue.record("expected notConverged")
            return
        }
        #expect(unsettled == ["grower: measured 190 × 20 → 200 × 20 at width 190"])
    }

    @Test("bad measurements mean no intrinsic size; removing the callback restores intrinsicContentSize")
    func badValuesAndRemoval() throws {
        let root = makeRoot()
        let view = View(id: "view")
        root.addSubview(view)
        view.intrinsicContentSize = Size(width: 30, height: 40)
        view.sizeForWidth = { _ in Size(width: .nan, height: -5) }
        Tails.install(view~.top.left == root~, view~.size == Size(width: 1, height: 2) ~~ .fittingSizeLevel)
        try root.layoutIfNeeded()
        expectFrame(view, 0, 0, 1, 2)
        #expect(view.sizeForWidth != nil)

        view.sizeForWidth = nil
        #expect(view.sizeForWidth == nil)
        try root.layoutIfNeeded()
        expectFrame(view, 0, 0, 30, 40)
    }

    @Test("every pass starts afresh: the same inputs give the same frames")
    func deterministic() throws {
        let root = makeRoot(width: 320, height: 480)
        let bio = text("bio", words: 6)
        root.addSubview(bio)
        Tails.install(bio~.top.leading == root~ + EdgeInsets(16), bio~.trailing <= root~.trailing - 16)
        let first = try root.layoutSnapshot()
        try root.layoutIfNeeded()
        root.resetLayoutEngine()
        #expect(try root.layoutSnapshot() == first)
        #expect(first[bio] == Rect(x: 16, y: 16, width: 200, height: 60))
    }
}
