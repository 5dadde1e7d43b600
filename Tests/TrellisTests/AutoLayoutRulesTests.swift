import Testing
import Trellis
import TrellisDocument
import TrellisTestSupport

/// Auto Layout's pairing rules (an error naming the constraint, never a layout) and its
/// coordinate spaces (a relation is evaluated in its items' nearest common ancestor).
@Suite("Auto Layout's rules")
struct AutoLayoutRulesTests {
    // MARK: - Pairing

    /// A root with siblings `a`, `b`, `c`, each placed and sized so that a layout exists.
    static func tree() -> (root: View, a: View, b: View, c: View) {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews(["a", "b", "c"], to: root)
        for view in views {
            Tails.install(view~.top.leading == root~ ~~ .defaultLow, view~.size == Size(width: 10, height: 10) ~~ .defaultLow)
        }
        return (root, views[0], views[1], views[2])
    }

    struct Bad: Sendable, CustomStringConvertible {
        let text: String
        let fragment: String
        let make: @Sendable (View, View, View) -> LayoutRelation
        var description: String { text }
    }

    static let bad: [Bad] = [
        Bad(text: "a~.leading == b~.top", fragment: "relates a horizontal position (a.leading) to a vertical one (b.top)") { a, b, _ in
            a~.leading == b~.top
        },
        Bad(text: "a~.top == b~.centerX + 4", fragment: "horizontal position (b.centerX)") { a, b, _ in a~.top == b~.centerX + 4 },
        Bad(text: "a~.leading == b~.left + 10", fragment: "mixes leading/trailing (a.leading) with left/right (b.left)") { a, b, _ in
            a~.leading == b~.left + 10
        },
        Bad(text: "a~.right <= b~.trailing", fragment: "mixes leading/trailing (b.trailing) with left/right (a.right)") { a, b, _ in
            a~.right <= b~.trailing
        },
        Bad(text: "a~.width == b~.left", fragment: "relates a position (b.left) to a size (a.width)") { a, b, _ in a~.width == b~.left },
        Bad(text: "a~.centerY == b~.height * 0.5", fragment: "relates a position (a.centerY) to a size (b.height)") { a, b, _ in
            a~.centerY == b~.height * 0.5
        },
        Bad(text: "a~.left == 100 - b~.width", fragment: "relates a position (a.left) to a size (b.width)") { a, b, _ in
            a~.left == 100 - b~.width
        },
        Bad(text: "a~.left + b~.left == c~.left", fragment: "do not cancel") { a, b, c in a~.left + b~.left == c~.left },
        Bad(text: "c~.centerX == (a~.centerX + b~.centerX) / 3", fragment: "sum to 0.333") { a, b, c in
            c~.centerX == (a~.centerX + b~.centerX) / 3
        },
        Bad(text: "a~.top + b~.width == 50", fragment: "do not cancel") { a, b, _ in a~.top + b~.width == 50 },
    ]

    @Test("A relation that mixes axes, mixes leading/trailing with left/right or equates a position with a size is an error naming it",
          arguments: bad)
    func mismatches(_ bad: Bad) throws {
        let (root, a, b, c) = Self.tree()
        try root.layoutIfNeeded()
        let before = (a.frame, b.frame)
        let group = Tails.install(bad.make(a, b, c))
        guard case .invalidConstraint(let info, let reason)? = layoutError(root) else {
            Issue.record("\(bad.text) laid out instead of throwing invalidConstraint")
            return
        }
        #expect(group.constraints.contains { $0.id == info.id })
        #expect(info.location?.fileID.hasSuffix("AutoLayoutRulesTests.swift") == true, "\(info)")
        #expect(reason.contains(bad.fragment), "\(reason)")
        #expect(group.constraints.first?.problem != nil, "the problem is known when the constraint is made")
        // Nothing was written: the frames of the last good layout stay.
        #expect(a.frame == before.0 && b.frame == before.1)
        group.deactivate()
        try root.layoutIfNeeded()
    }

    @Test("Composite attributes are checked pair by pair")
    func composites() {
        let (root, a, b, _) = Self.tree()
        let group = Tails.install(a~.top.left == b~.leading)        // top–leading mixes axes, left–leading mixes directions
        #expect(group.constraints.count == 2)
        let firstProblem: String = group.constraints[0].problem ?? ""
        #expect(firstProblem.contains("vertical one") || firstProblem.contains("horizontal position"))
        #expect(group.constraints[1].problem?.contains("mixes leading/trailing") == true)
        #expect(layoutError(root) != nil)
    }

    struct Good: Sendable, CustomStringConvertible {
        let text: String
        let make: @Sendable (View, View, View) -> LayoutRelation
        var description: String { text }
    }

    // (Two literals: as one, the nine DSL closures took 121 ms to type-check together, over the
    // 100 ms budget.)
    static let good: [Good] = goodFirstHalf + goodSecondHalf

    private static let goodFirstHalf: [Good] = [
        Good(text: "a~.width == b~.right - b~.left") { a, b, _ in a~.width == b~.right - b~.left },
        Good(text: "c~.centerX == (a~.centerX + b~.centerX) / 2") { a, b, c in c~.centerX == (a~.centerX + b~.centerX) / 2 },
        Good(text: "a~.centerX == b~.leading") { a, b, _ in a~.centerX == b~.leading },
        Good(text: "a~.firstBaseline == b~.top + 3") { a, b, _ in a~.firstBaseline == b~.top + 3 },
        Good(text: "a~.width == a~.height * 2") { a, _, _ in a~.width == a~.height * 2 },
    ]

    private static let goodSecondHalf: [Good] = [
        Good(text: "a~.centerX == b~.centerX * 0.5") { a, b, _ in a~.centerX == b~.centerX * 0.5 },
        Good(text: "a~.left + a~.width == b~.right") { a, b, _ in a~.left + a~.width == b~.right },
        Good(text: "a~.width + b~.width == c~.width - 20") { a, b, c in a~.width + b~.width == c~.width - 20 },
        Good(text: "a~.leading == b~.leading * 0.1 + b~.trailing * 0.2 + c~.trailing * 0.7") { a, b, c in
            a~.leading == b~.leading * 0.1 + b~.trailing * 0.2 + c~.trailing * 0.7
        },
    ]

    @Test("Translation-invariant multi-term relations, centerX with leading and aspect ratios stay allowed", arguments: good)
    func allowed(_ good: Good) throws {
        let (root, a, b, c) = Self.tree()
        let group = Tails.install(good.make(a, b, c) ~~ .defaultHigh)
        #expect(group.constraints.allSatisfy { $0.problem == nil }, "\(group.constraints.map(\.problem))")
        try root.layoutIfNeeded()
    }

    @Test("In a layout document the mismatch is an error with the entry's line and column, exit status 1, no layout")
    func document() throws {
        let text = """
        {"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 480},
         "views": [{"id": "navBar"}, {"id": "back", "parent": "navBar"}],
         "constraints": [
           "navBar~.top.leading.trailing == root~",
           "navBar~.height == 44",
              "back~.centerY == navBar~.leading"
         ]}
        """
        do {
            // Reading the document builds its constraints: the mismatch is found there.
            _ = try LayoutDocument.parse(text, name: "nav.json").makeLayout()
            Issue.record("the document was laid out")
        } catch {
            #expect(error.line == 6)
            #expect(error.column == 8)
            #expect(error.message.contains("back~.centerY == navBar~.leading"), "\(error.message)")
            #expect(error.message.contains("horizontal position (navBar.leading)"), "\(error.message)")
        }
    }

    // MARK: - Coordinate spaces

    /// root (origin `rootOrigin`) ⊃ container at (100, 50), 200 × 100 ⊃ dot 20 × 20.
    static func container(rootOrigin: Point = .zero, direction: SemanticContentAttribute = .unspecified)
        -> (root: View, container: View, dot: View)
    {
        let root = View(id: "root")
        root.frame = Rect(x: rootOrigin.x, y: rootOrigin.y, width: 400, height: 300)
        root.semanticContentAttribute = direction
        let container = addViews(["container"], to: root)[0]
        let dot = addViews(["dot"], to: container)[0]
        Tails.install(container~.left == root~.left + 100, container~.top == root~.top + 50,
                      container~.size == Size(width: 200, height: 100), dot~.size == Size(width: 20, height: 20))
        return (root, container, dot)
    }

    @Test("A multiplier on a position is proportional within the nearest common ancestor (Interface Builder's proportional positioning)",
          arguments: [Point.zero, Point(x: 1000, y: -250)])
    func proportional(rootOrigin: Point) throws {
        let (root, container, dot) = Self.container(rootOrigin: rootOrigin)
        Tails.install(dot~.centerX == container~.centerX * 0.5,      // a quarter of the way across: 50 in the container
                      dot~.centerY == container~.centerY * 1.5)      // 75 in the container
        try root.layoutIfNeeded()
        expectFrame(dot, 40, 65, 20, 20)
        expectFrame(container, 100, 50, 200, 100)
        let snapshot = try root.layoutSnapshot()
        #expect(snapshot.entry(for: dot.key).map { approx($0.frameInRoot, Rect(x: 140, y: 115, width: 20, height: 20)) } == true)
    }

    @Test("Between siblings the common ancestor is their superview; between cousins their nearest shared ancestor")
    func cousins() throws {
        let (root, container, dot) = Self.container()
        let inner = addViews(["inner"], to: container)[0]
        let pin = addViews(["pin"], to: inner)[0]
        Tails.install(inner~.left == container~.left + 30, inner~.top == container~.top + 10,
                      inner~.size == Size(width: 100, height: 60), pin~.size == Size(width: 4, height: 4),
                      // dot (in container) and pin (in inner): the ancestor is container.
                      dot~.left == dot.superview!~.left + 60,
                      dot~.top == container~.top + 20,
                      pin~.left == dot~.left * 0.5,                  // 30 in container, 0 in inner
                      pin~.top == dot~.bottom * 2 - 70)              // 2 × 40 − 70 = 10 in container, 0 in inner
        try root.layoutIfNeeded()
        expectFrame(dot, 60, 20, 20, 20)
        expectFrame(pin, 0, 0, 4, 4)
    }

    @Test("A right-to-left relation: leading is the right edge measured leftwards, proportional within the ancestor, and centerX with it")
    func rightToLeft() throws {
        let (root, container, dot) = Self.container(direction: .forceRightToLeft)
        Tails.install(dot~.leading == container~.leading * 0.5 + 10,   // right edge at 200 × 0.5 − 10 = 90
                      dot~.top == container~.top)
        let marker = addViews(["marker"], to: container)[0]
        Tails.install(marker~.size == Size(width: 6, height: 6), marker~.top == container~.top,
                      marker~.centerX == dot~.leading)                 // centre on dot's leading (right) edge
        try root.layoutIfNeeded()
        expectFrame(dot, 70, 0, 20, 20)
        expectFrame(marker, 87, 0, 6, 6)

        // Without a multiplier nothing depends on the ancestor: a gap in the reading direction.
        let next = addViews(["next"], to: container)[0]
        Tails.install(next~.size == Size(width: 10, height: 10), next~.top == container~.top,
                      next~.leading == dot~.trailing + 8)
        try root.layoutIfNeeded()
        expectFrame(next, 70 - 8 - 10, 0, 10, 10)
    }

    @Test("The same screen at other root origins gives the same relative frames")
    func translationDoesNotMatter() throws {
        var frames: [Rect] = []
        for origin in [Point.zero, Point(x: 500, y: 700), Point(x: -30.5, y: 20.25)] {
            let (root, container, dot) = Self.container(rootOrigin: origin)
            Tails.install(dot~.centerX == container~.centerX * 0.25, dot~.bottom == container~.bottom * 0.75)
            try root.layoutIfNeeded()
            frames.append(dot.frame)
        }
        #expect(frames[0] == frames[1] && frames[1] == frames[2], "\(frames)")
        expectFrame(frames[0], 15, 55, 20, 20)
    }
}
