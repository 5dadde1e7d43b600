import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI
import TrellisTestSupport

/// A constraint string lowers exactly as the same text written with the Swift DSL: the same
/// constraints (items, attributes, relation, coefficients, constants, priority, label) and the
/// same frames.
@Suite("Constraint strings lower like the DSL")
struct DocumentLoweringTests {
    /// A small tree: root ⊃ a, b, c (c ⊃ d), a guide g on root, margins and a safe area.
    final class Tree {
        let root = View(id: "root")
        let a = View(id: "a"), b = View(id: "b"), c = View(id: "c"), d = View(id: "d")
        let g = LayoutGuide(id: "g")

        init() {
            root.frame = Rect(x: 0, y: 0, width: 400, height: 300)
            root.layoutMargins = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
            root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
            for view in [a, b, c] { root.addSubview(view) }
            c.addSubview(d)
            root.addLayoutGuide(g)
            a.intrinsicContentSize = Size(width: 80, height: 20)
            a.firstBaselineOffsetFromTop = 15
            a.lastBaselineOffsetFromBottom = 5
            b.intrinsicContentSize = Size(width: 60, height: 16)
            // Enough to determine every frame whatever the case under test adds (at low priority).
            Tails.install(
                a~.top.left == 10 ~~ 100,
                b~.top.left == 20 ~~ 100,
                c~.edges == root~ + EdgeInsets(40) ~~ 100,
                d~.edges == c~ + EdgeInsets(5) ~~ 100,
                g~.edges == root~ ~~ 100
            )
        }
    }

    struct Case {
        let text: String
        let dsl: (Tree) -> LayoutRelation
    }

    static var cases: [Case] { [
        Case(text: "a~.top == root~.top + 20") { t in t.a~.top == t.root~.top + 20 },
        Case(text: "a~.left == a.superview~") { t in t.a~.left == t.a.superview~ },
        Case(text: "a~.width == 50") { t in t.a~.width == 50 },
        Case(text: "b~.top.left.width == a~") { t in t.b~.top.left.width == t.a~ },
        Case(text: "c~.edges == root~ + EdgeInsets(top: 10, left: 20, bottom: 40, right: 20)") { t in
            t.c~.edges == t.root~ + EdgeInsets(top: 10, left: 20, bottom: 40, right: 20)
        },
        Case(text: "c~.size == Size(width: 60, height: 40)") { t in t.c~.size == Size(width: 60, height: 40) },
        Case(text: "b~.center == c~ - Point(x: 0, y: 20)") { t in t.b~.center == t.c~ - Point(x: 0, y: 20) },
        Case(text: "a~.width <= b~ * 2 ~~ .defaultLow") { t in t.a~.width <= t.b~ * 2 ~~ .defaultLow },
        Case(text: "d~.edges == EdgeInsets(8)") { t in t.d~.edges == EdgeInsets(8) },
        Case(text: "a~.width + root~.width == b~.width + 500") { t in t.a~.width + t.root~.width == t.b~.width + 500 },
    ] + middleCases + laterCases + lastCases }

    /// The second quarter of ``cases`` (in quarters: as halves they took 104-112 ms to type-check).
    static var middleCases: [Case] { [
        Case(text: "a~.leading == root.layoutMarginsGuide~.leading") { t in
            t.a~.leading == t.root.layoutMarginsGuide~.leading
        },
        Case(text: "a~.top == root.safeAreaLayoutGuide~") { t in t.a~.top == t.root.safeAreaLayoutGuide~ },
        Case(text: "c~.directionalEdges >= root~ + DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)") { t in
            t.c~.directionalEdges >= t.root~ + DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        },
    ] }

    /// The third quarter of ``cases``.
    static var laterCases: [Case] { [
        Case(text: "a~.centerX == (b~.left + c~.right) / 2") { t in t.a~.centerX == (t.b~.left + t.c~.right) / 2 },
        Case(text: "a~.width == 100 - b~.width") { t in t.a~.width == 100 - t.b~.width },
        Case(text: "-a~.left == b~.left - 100") { t in -t.a~.left == t.b~.left - 100 },
        Case(text: "g~.width == (a~ + 10) * 2") { t in t.g~.width == (t.a~ + 10) * 2 },
        Case(text: "a~.firstBaseline == b~.lastBaseline + 20 ~~ 751") { t in
            t.a~.firstBaseline == t.b~.lastBaseline + 20 ~~ 751
        },
        Case(text: "a~.height == b~.height ~~ .defaultHigh + 1") { t in t.a~.height == t.b~.height ~~ .defaultHigh + 1 },
        Case(text: "a~.top == 5 ~~ \"gap\"") { t in t.a~.top == 5 ~~ "gap" },
    ] }

    /// The last quarter of ``cases``.
    static var lastCases: [Case] { [
        Case(text: "a~ == c~") { t in t.a~ == t.c~ },
        Case(text: "d~.top.bottom == c~.centerY") { t in t.d~.top.bottom == t.c~.centerY },
        Case(text: "b~.edges >= c~ + EdgeInsets(2)") { t in t.b~.edges >= t.c~ + EdgeInsets(2) },
        Case(text: "d~.center == root~") { t in t.d~.center == t.root~ },
        Case(text: "a~.trailing <= d.superview~.trailing - 8") { t in t.a~.trailing <= t.d.superview~.trailing - 8 },
    ] }

    // Every case leaves the layout determined: where the optimum is not unique, the frames may
    // legitimately differ between two solves, and the comparison would say nothing about lowering.

    /// What identifies a constraint, without its source location and identity.
    static func signature(_ constraint: LayoutConstraint) -> String {
        var text = constraint.description
        if let location = constraint.location, let range = text.range(of: " (\(location))") {
            text.removeSubrange(range)
        }
        return [text, "\(constraint.firstItem?.name ?? "-").\(constraint.firstAttribute?.rawValue ?? "-")",
                "\(constraint.secondItem?.name ?? "-").\(constraint.secondAttribute?.rawValue ?? "-")",
                "\(constraint.multiplier)", "\(constraint.resolvedConstant)", "\(constraint.relation)",
                "\(constraint.priority)", constraint.label ?? "-", constraint.problem ?? "-"].joined(separator: " | ")
    }

    @Test("Each case makes the same constraints and the same frames")
    func equivalence() throws {
        for c in Self.cases {
            let swift = Tree(), parsed = Tree()
            let expected = Tails.install(c.dsl(swift))
            let relation = try ConstraintParser.parse(c.text).relation(in: parsed.root)
            let actual = Tails.install(relation)
            #expect(expected.constraints.map(Self.signature) == actual.constraints.map(Self.signature), "\(c.text)")
            let left = try swift.root.layoutSnapshot(), right = try parsed.root.layoutSnapshot()
            let frames = Dictionary(right.entries.map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
            #expect(left.entries.count == right.entries.count, "\(c.text)")
            for entry in left.entries {
                let frame = frames[entry.name]
                #expect(frame != nil && approx(frame!, entry.frame), "\(c.text): \(entry.name)")
            }
        }
    }

    @Test("A document lays out like the Swift code it transcribes")
    func documentMatchesExampleScreen() throws {
        // The profile header of ExampleScreen, transcribed.
        let text = """
            {"format": "layout-document/1",
             "root": {"id": "screen", "width": 390, "height": 844, "safeArea": {"top": 44, "bottom": 34},
                      "margins": {"left": 16, "right": 16}, "direction": "leftToRight"},
             "views": [
               {"id": "header"}, {"id": "avatar", "parent": "header"},
               {"id": "name", "parent": "header", "intrinsicSize": {"width": 140, "height": 22}, "baselines": {"first": 17, "last": 5}},
               {"id": "handle", "parent": "header", "intrinsicSize": {"width": 96, "height": 16}, "baselines": {"first": 12, "last": 4}},
               {"id": "bio", "parent": "header", "intrinsicSize": {"height": 36}, "baselines": {"first": 13, "last": 5}},
               {"id": "follow", "parent": "header", "intrinsicSize": {"width": 60, "height": 32}, "baselines": {"first": 21, "last": 11}},
               {"id": "message", "parent": "header", "intrinsicSize": {"width": 72, "height": 32}, "baselines": {"first": 21, "last": 11}},
               {"id": "more", "parent": "header"}
             ],
             "constraints": [
               "header~.top == screen.safeAreaLayoutGuide~.top",
               "header~.leading.trailing == screen~",
               "avatar~.size == Size(width: 64, height: 64)",
               "avatar~.top == header~.top + 16",
               "avatar~.leading == screen.layoutMarginsGuide~.leading",
               "name~.leading == avatar~.trailing + 12",
               "name~.top == avatar~.top + 6",
               "name~.trailing <= screen.layoutMarginsGuide~.trailing",
               "handle~.leading == name~",
               "handle~.firstBaseline == name~.lastBaseline + 20",
               "bio~.top == avatar~.bottom + 12",
               "bio~.leading.trailing == screen.layoutMarginsGuide~",
               "follow~.top == bio~.bottom + 12",
               "follow~.leading == bio~",
               "message~.leading == follow~.trailing + 8",
               "message~.firstBaseline == follow~.firstBaseline",
               "message~.width == follow~.width",
               "more~.leading == message~.trailing + 8",
               "more~.trailing == bio~",
               "more~.size == Size(width: 44, height: 32)",
               "more~.centerY == follow~",
               "header~.bottom == follow~.bottom + 16"
             ]}
            """
        let result = try LayoutDocument.parse(text, name: "header.json").makeLayout().layout()
        #expect(result.isSatisfiable)
        let document = try #require(result.snapshot)
        let screen = ExampleScreen.make(width: 390, height: 844)
        let swift = try screen.layoutSnapshot()
        for id in ["header", "avatar", "name", "handle", "bio", "follow", "message", "more"] {
            let expected = try #require(swift[id: id])
            let actual = try #require(document[id: id])
            #expect(approx(actual, expected), "\(id): \(actual) vs \(expected)")
        }
    }
}
