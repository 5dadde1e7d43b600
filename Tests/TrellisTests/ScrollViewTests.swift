import Testing
import TrellisTestSupport
import Trellis

/// Scroll views as UIKit (iOS 11+) lays them out: the frame guide is the frame, the content
/// guide starts at the content origin and its size (from constraints) is the content size;
/// the offset moves frames in the root and pictures, never the layout. Frames computed by hand.
@Suite("Scroll views")
struct ScrollViewTests {
    /// A 320 × 480 root with a scroll view at (10, 20, 300, 400), and a body inset 16 in the
    /// content, as wide as the frame less 32 and 500 tall.
    static func screen() -> (root: View, scroll: ScrollView, body: View) {
        let root = makeRoot(width: 320, height: 480)
        let scroll = ScrollView(id: "scroll")
        let body = View(id: "body")
        root.addSubview(scroll)
        scroll.addSubview(body)
        let content = scroll.contentLayoutGuide, frame = scroll.frameLayoutGuide
        Tails.install(
            scroll~.edges == EdgeInsets(top: 20, left: 10, bottom: 60, right: 10),
            body~.edges == content~.edges + EdgeInsets(16),
            body~.width == frame~.width - 32,
            body~.height == 500
        )
        return (root, scroll, body)
    }

    @Test("The content size comes from the constraints; the guides' frames are UIKit's")
    func contentSize() throws {
        let (root, scroll, body) = Self.screen()
        try root.layoutIfNeeded()
        expectFrame(scroll, 10, 20, 300, 400)
        // 268 + 2 × 16 wide, 500 + 2 × 16 tall.
        #expect(scroll.contentSize == Size(width: 300, height: 532))
        expectFrame(scroll.contentLayoutGuide.layoutFrame, 0, 0, 300, 532)
        expectFrame(scroll.frameLayoutGuide.layoutFrame, 0, 0, 300, 400)
        expectFrame(body, 16, 16, 268, 500)
        #expect(try !root.hasAmbiguousLayout)
    }

    @Test("The offset leaves frames in content coordinates, moves frameInRoot, and clips to the frame")
    func offset() throws {
        let (root, scroll, body) = Self.screen()
        scroll.contentOffset = Point(x: 0, y: 100)
        try root.layoutIfNeeded()
        expectFrame(body, 16, 16, 268, 500)
        let snapshot = try root.layoutSnapshot()
        // 10 + 16 across; 20 + 16 − 100 down.
        expectFrame(snapshot.entry(for: body.key)?.frameInRoot, 26, -64, 268, 500)
        expectFrame(snapshot.entry(for: body.key)?.clipInRoot, 10, 20, 300, 400)
        // The scroll view itself and its frame guide do not move; the content guide does.
        expectFrame(snapshot.entry(for: scroll.key)?.frameInRoot, 10, 20, 300, 400)
        #expect(snapshot.entry(for: scroll.key)?.clipInRoot == nil)
        expectFrame(snapshot.entry(for: scroll.frameLayoutGuide.key)?.frameInRoot, 10, 20, 300, 400)
        expectFrame(snapshot.entry(for: scroll.contentLayoutGuide.key)?.frameInRoot, 10, -80, 300, 532)

        scroll.contentOffset = Point(x: 5, y: 0)
        try root.layoutIfNeeded()
        expectFrame(try root.layoutSnapshot().entry(for: body.key)?.frameInRoot, 21, 36, 268, 500)
        expectFrame(body, 16, 16, 268, 500)
    }

    @Test("A scroll view inside a scroll view: offsets add up, clips intersect")
    func nested() throws {
        let (root, outer, body) = Self.screen()
        let inner = ScrollView(id: "inner")
        let cell = View(id: "cell")
        body.addSubview(inner)
        inner.addSubview(cell)
        Tails.install(
            inner~.left == body~.left + 200, inner~.top == body~.top, inner~.width == 100, inner~.height == 50,
            cell~.edges == inner.contentLayoutGuide~.edges, cell~.width == 150, cell~.height == 50
        )
        outer.contentOffset = Point(x: 0, y: 10)
        inner.contentOffset = Point(x: 30, y: 0)
        try root.layoutIfNeeded()
        #expect(inner.contentSize == Size(width: 150, height: 50))
        let snapshot = try root.layoutSnapshot()
        // inner in the root: (10 + 16 + 200, 20 + 16 − 10) = (226, 26); it reaches x = 326, past
        // the outer frame's right edge at 310.
        expectFrame(snapshot.entry(for: inner.key)?.frameInRoot, 226, 26, 100, 50)
        expectFrame(snapshot.entry(for: cell.key)?.frameInRoot, 196, 26, 150, 50)
        expectFrame(snapshot.entry(for: cell.key)?.clipInRoot, 226, 26, 84, 50)
    }

    @Test("With nothing sizing the content guide, the ambiguity report names it")
    func ambiguousContent() throws {
        let root = makeRoot(width: 320, height: 480)
        let scroll = ScrollView(id: "scroll")
        let body = View(id: "body")
        root.addSubview(scroll)
        scroll.addSubview(body)
        Tails.install(scroll~.edges == EdgeInsets(0), body~.edges == scroll.contentLayoutGuide~.edges)
        try root.layoutIfNeeded()
        let report = try root.ambiguityReport()
        #expect(report.isAmbiguous(scroll.contentLayoutGuide))
        let attributes: [LayoutAttribute] = report.entries(for: scroll.contentLayoutGuide).map(\.subject.attribute)
        let sorted: [LayoutAttribute] = attributes.sorted { "\($0)" < "\($1)" }
        #expect(sorted == [.height, .width])
        #expect(report.description.contains("scroll.contentLayoutGuide.width"))
        #expect(!report.isAmbiguous(scroll.frameLayoutGuide) && !report.isAmbiguous(scroll))

        // Sizing the body settles it.
        Tails.install(body~.width == scroll.frameLayoutGuide~.width, body~.height == 900)
        #expect(try !root.hasAmbiguousLayout)
    }

    @Test("Explain follows the content size through the guides")
    func explain() throws {
        let (root, scroll, _) = Self.screen()
        try root.layoutIfNeeded()
        let why = try root.explain(scroll.contentLayoutGuide, .height)
        #expect(why.isDetermined && approx(why.value, 532))
        let labels = why.reasons.map { $0.constraint.text }
        #expect(labels.contains { $0.contains("body.height == 500") }, "\(labels)")
    }

    @Test("Tails.scroll(.vertical): content as wide as the frame, as tall as its rows")
    func verticalPattern() throws {
        let root = makeRoot(width: 320, height: 480)
        let rowA = View(id: "rowA"), rowB = View(id: "rowB")
        let list = Tails.scroll(.vertical, id: "list") { rowA; rowB }
        root.addSubview(list)
        Tails.install(list~.edges == EdgeInsets(0), rowA~.height == 300, rowB~.height == 350)
        try root.layoutIfNeeded()
        #expect(list.contentSize == Size(width: 320, height: 650))
        expectFrame(rowA, 0, 0, 320, 300)
        expectFrame(rowB, 0, 300, 320, 350)
        expectFrame(try #require(rowA.superview), 0, 0, 320, 650)
        #expect(try !root.hasAmbiguousLayout)
    }

    @Test("Tails.scroll(.horizontal): content as tall as the frame, as wide as its rows")
    func horizontalPattern() throws {
        let root = makeRoot(width: 320, height: 480)
        let pageA = View(id: "pageA"), pageB = View(id: "pageB")
        let pager = Tails.scroll(.horizontal, spacing: 10, id: "pager") { pageA; pageB }
        root.addSubview(pager)
        Tails.install(pager~.edges == EdgeInsets(top: 40, left: 0, bottom: 40, right: 0),
                      pageA~.width == 320, pageB~.width == 320)
        pager.contentOffset = Point(x: 330, y: 0)
        try root.layoutIfNeeded()
        #expect(pager.contentSize == Size(width: 650, height: 400))
        expectFrame(pageB, 330, 0, 320, 400)
        expectFrame(try root.layoutSnapshot().entry(for: pageB.key)?.frameInRoot, 0, 40, 320, 400)
        #expect(try !root.hasAmbiguousLayout)
    }

    @Test("Resizes and offset changes give a fresh tree's frames and snapshot")
    func incrementalEqualsCold() throws {
        let (root, scroll, _) = Self.screen()
        try root.layoutIfNeeded()
        for (step, width) in [360.0, 280, 500, 320, 333.5].enumerated() {
            root.frame = Rect(x: 0, y: 0, width: width, height: 400 + Double(step) * 30)
            if step % 2 == 1 { scroll.contentOffset = Point(x: 0, y: Double(step) * 40) }
            try root.layoutIfNeeded()
            let (fresh, freshScroll, _) = Self.screen()
            fresh.frame = root.frame
            freshScroll.contentOffset = scroll.contentOffset
            try fresh.layoutIfNeeded()
            let kept = try root.layoutSnapshot().entries, cold = try fresh.layoutSnapshot().entries
            #expect(kept.count == cold.count)
            for (a, b) in zip(kept, cold) {
                #expect(a.name == b.name && approx(a.frame, b.frame) && approx(a.frameInRoot, b.frameInRoot)
                        && a.clipInRoot == b.clipInRoot, "step \(step): \(a) vs \(b)")
            }
            #expect(scroll.contentSize == freshScroll.contentSize)
        }
    }

    @Test("The README's scroll view example")
    func readme() throws {
        let root = makeRoot(width: 320, height: 480)
        let rowA = View(id: "rowA"), rowB = View(id: "rowB")
        // --- README begins ---
        let list = Tails.scroll(.vertical, id: "list") { rowA; rowB }   // a stack pinned to the content guide, as wide as the frame
        root.addSubview(list)
        Tails.install(list~.edges == EdgeInsets(0), rowA~.height == 300, rowB~.height == 350)
        try root.layoutIfNeeded()
        let size = list.contentSize                                    // (root width) × 650
        list.contentOffset = Point(x: 0, y: 120)
        // --- README ends ---
        #expect(size == Size(width: 320, height: 650))
        try root.layoutIfNeeded()
        expectFrame(rowB, 0, 300, 320, 350)
        expectFrame(try root.layoutSnapshot().entry(for: rowB.key)?.frameInRoot, 0, 180, 320, 350)
    }
}
