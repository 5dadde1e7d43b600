import Testing
import Trellis
import TrellisTestSupport

/// A layout pass honours the root's ``View/layoutLimits`` (size and time) like the solver
/// honours ``Solver/limits``, and a pass over budget writes nothing.
@Suite("Layout limits")
struct LayoutLimitsTests {
    /// A root with `count` views in a row, 20 wide each.
    static func row(_ count: Int) -> (root: View, views: [View], tops: [ConstraintGroup]) {
        let root = makeRoot(width: 400, height: 100)
        let views = addViews((0..<count).map { "v\($0)" }, to: root)
        var tops: [ConstraintGroup] = []
        for (index, view) in views.enumerated() {
            tops.append(Tails.install(view~.top == root~))
            Tails.install(view~.size == Size(width: 20, height: 20), view~.left == root~.left + Double(index) * 20)
        }
        return (root, views, tops)
    }

    @Test("Too many variables: limitExceeded before anything is lowered, frames kept; a larger budget lays out")
    func variables() throws {
        let (root, views, tops) = Self.row(10)
        try root.layoutIfNeeded()
        tops[9].update(constant: 30)                     // a change that would move v9
        root.layoutLimits = SolveLimits(maximumVariables: 40)   // 11 items × 4 = 44
        guard case .limitExceeded(let text)? = layoutError(root) else {
            Issue.record("expected limitExceeded"); return
        }
        #expect(text.contains("44 variables") && text.contains("limit of 40"), "\(text)")
        expectFrame(views[9], 180, 0, 20, 20)
        root.layoutLimits = SolveLimits(maximumVariables: 44)
        try root.layoutIfNeeded()
        expectFrame(views[9], 180, 30, 20, 20)
    }

    @Test("Too many constraints (content-size constraints counted): limitExceeded; exactly the limit lays out")
    func constraints() throws {
        let (root, views, _) = Self.row(5)                  // 20 written + 4 root frame
        views[0].intrinsicContentSize = Size(width: 20, height: 20)   // + 4 content size
        root.layoutLimits = SolveLimits(maximumConstraints: 27)
        guard case .limitExceeded(let text)? = layoutError(root) else {
            Issue.record("expected limitExceeded"); return
        }
        #expect(text.contains("28 constraints"), "\(text)")
        root.layoutLimits = SolveLimits(maximumConstraints: 28)
        try root.layoutIfNeeded()
        expectFrame(views[4], 80, 0, 20, 20)
    }

    @Test("The time budget covers the whole pass, every measuring round included")
    func time() throws {
        let root = makeRoot(width: 320, height: 480)
        let bio = addViews(["bio"], to: root)[0]
        let clock = ContinuousClock()
        nonisolated(unsafe) var measured = 0
        bio.sizeForWidth = { width in
            measured += 1
            let end = clock.now.advanced(by: .milliseconds(25))
            while clock.now < end {}                          // a slow text measurement
            let lines = max(1, (600 / width).rounded(.up))
            return Size(width: min(600, width), height: lines * 20)
        }
        Tails.install(bio~.top.leading.trailing == root~ + EdgeInsets(16))
        root.layoutLimits = SolveLimits(milliseconds: 30)     // two measurements take 50 ms
        guard case .limitExceeded(let text)? = layoutError(root) else {
            Issue.record("expected limitExceeded"); return
        }
        // Thrown between rounds ("the layout pass took longer than its budget of 30 ms"), or — on a
        // loaded machine — by the first round's solve, given only what the first measurement left.
        #expect(text.contains("budget of"), "\(text)")
        #expect(measured >= 1)
        expectFrame(bio, 0, 0, 0, 0)                         // nothing written
        root.layoutLimits = .unlimited
        try root.layoutIfNeeded()
        expectFrame(bio, 16, 16, 288, 60)
    }

    @Test("Fitting-size queries and diagnostics run under the same limits")
    func everyEntryPoint() throws {
        let (root, _, _) = Self.row(3)
        root.layoutLimits = SolveLimits(maximumVariables: 8)
        #expect(throws: LayoutError.self) { _ = try root.systemLayoutSizeFitting(View.layoutFittingCompressedSize) }
        #expect(throws: LayoutError.self) { _ = try root.hasAmbiguousLayout }
        root.layoutLimits = .unlimited
        #expect(try root.hasAmbiguousLayout == false)
    }
}
