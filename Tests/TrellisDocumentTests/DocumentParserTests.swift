import Testing
@testable import Trellis
@testable import TrellisDocument

/// The constraint-string parser: what it accepts, how it folds, and where it points when it refuses.
@Suite("Constraint strings")
struct DocumentParserTests {
    @Test("Valid strings parse", arguments: [
        "title~.leading == avatar~.trailing + 8 ~~ 750",
        "title~.top == root~.top + 20",
        "title~.left == title.superview~",
        "title~.width == 50",
        "icon~.top.left.width == title~",
        "card~.edges == root~ + EdgeInsets(top: 10, left: 20, bottom: 40, right: 20)",
        "card~.size == Size(width: 60, height: 40)",
        "badge~.center == card~ - Point(x: 0, y: 20)",
        "label~.width <= icon~ * 2 ~~ .defaultLow",
        "footer~.edges == EdgeInsets(8)",
        "a~.width + b~.width == root~.width - 20",
        "row~.directionalEdges >= root~ + DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 4)",
        "row~.directionalEdges == DirectionalEdgeInsets(2)",
        "dot~.centerX == (a~.centerX + b~.centerX) / 2",
        "(b~.leading - a~.trailing) == (c~.leading - b~.trailing)",
        "badge~.right == 20 - card~.left",
        "-a~.left == b~.left - 100",
        "g~.width == (o~ + 10) * 2",
        "g~.width == 2 * o~ + 1e2",
        "a~.firstBaseline == b~.lastBaseline + 20 ~~ .defaultHigh + 1",
        "a~.height == 0.5 * b~.height ~~ .required - 1 ~~ \"half\"",
        "a~.top == 8 ~~ \"gap\" ~~ 500",
        "cell1.thumbnail~.top.leading == cell1~ + 12",
        "header~.top == screen.safeAreaLayoutGuide~.top",
        "a~.leading == screen.layoutMarginsGuide~",
        "a~ == b~",
        "a~.width>=10",
        "  a~.size == b~  ",
        "a~.size == Size(width: 2 * 30, height: -(4) + 1)",
    ])
    func valid(_ text: String) throws {
        let syntax = try ConstraintParser.parse(text)
        #expect(syntax.text == text)
        #expect(syntax.lhs.namesItems)
    }

    @Test("The parts of a constraint")
    func parts() throws {
        let c = try ConstraintParser.parse("title~.leading == avatar~.trailing + 8 ~~ 750")
        #expect(c.relation == .equal)
        #expect(c.priority == 750)
        #expect(c.label == nil)
        #expect(c.itemReferences.map(\.path) == ["title", "avatar"])
        #expect(c.itemReferences.map(\.column) == [1, 19])
        #expect(c.lhs == .anchor(.init(path: "title", column: 1), [.attribute(.leading)]))
        #expect(c.rhs == .sum(.anchor(.init(path: "avatar", column: 19), [.attribute(.trailing)]), .constant(8)))

        let labelled = try ConstraintParser.parse(#"a~.top <= b~.bottom ~~ .defaultHigh + 1 ~~ "gap \"x\"""#)
        #expect(labelled.relation == .lessThanOrEqual)
        #expect(labelled.priority == 751)
        #expect(labelled.label == #"gap "x""#)

        let defaults = try ConstraintParser.parse("a~.width >= 10")
        #expect(defaults.priority == .required)
        #expect(defaults.relation == .greaterThanOrEqual)

        for (text, value) in [("a~ == b~ ~~ .fittingSizeLevel", 50), ("a~ == b~ ~~ .defaultLow", 250),
                              ("a~ == b~ ~~ .required", 1000), ("a~ == b~ ~~ 1", 1)] as [(String, Float)] {
            #expect(try ConstraintParser.parse(text).priority.rawValue == value, "\(text)")
        }
    }

    @Test("Constants fold while parsing; items keep their coefficients")
    func folding() throws {
        let c = try ConstraintParser.parse("g~.width == (o~ + 10) * 2 - 4 / 2")
        #expect(c.rhs == .sum(.scaled(.sum(.anchor(.init(path: "o", column: 14), []), .constant(10)), by: 2),
                              .constant(-2)))
        let insets = try ConstraintParser.parse("a~.edges == b~ + EdgeInsets(4) * 2")
        #expect(insets.rhs == .sum(.anchor(.init(path: "b", column: 13), []), .constant(LayoutConstant(EdgeInsets(8)))))
        let nested = try ConstraintParser.parse("a~.width == -(-(3))")
        #expect(nested.rhs == .constant(3))
        let chained = try ConstraintParser.parse("a~.top.left.top == b~")
        #expect(chained.lhs == .anchor(.init(path: "a", column: 1), [.attribute(.top), .attribute(.left), .attribute(.top)]))
        let dotted = try ConstraintParser.parse("x~.left == cell1.title~.right")
        #expect(dotted.itemReferences.map(\.path) == ["x", "cell1.title"])
    }

    struct Invalid: Sendable, CustomStringConvertible {
        let text: String
        let column: Int
        let fragment: String
        var description: String { text }
    }

    @Test("Attribute names: exactly the attributes and the composites, each standing for itself")
    func anchorNames() throws {
        let names = ConstraintSyntax.AnchorName.allCases.map(\.rawValue)
        #expect(names == LayoutAttribute.allCases.map(\.rawValue) + ["edges", "directionalEdges", "size", "center"])
        for name in names { #expect(ConstraintSyntax.AnchorName(rawValue: name)?.rawValue == name) }
        for name in ["", "Top", "top ", "edge", "top.left", "superview"] {
            #expect(ConstraintSyntax.AnchorName(rawValue: name) == nil, "\(name)")
        }
        for attribute in LayoutAttribute.allCases {
            #expect(ConstraintSyntax.AnchorName(rawValue: attribute.rawValue) == .attribute(attribute))
        }
    }

    @Test("Invalid strings name the column", arguments: [
        Invalid(text: "", column: 1, fragment: "empty"),
        Invalid(text: "a~.top = b~.top", column: 8, fragment: "single ="),
        Invalid(text: "a~.top < b~.top", column: 8, fragment: "strict <"),
        Invalid(text: "a~.top == ", column: 11, fragment: "right side"),
        Invalid(text: "a~.top", column: 7, fragment: "expected ==, <= or >="),
        Invalid(text: "a~.top == b~.botom", column: 14, fragment: "unknown attribute \"botom\""),
        Invalid(text: "a~.top.lef == b~", column: 8, fragment: "unknown attribute \"lef\""),
        Invalid(text: "a.top == b~", column: 7, fragment: "expected ~ after \"a.top\""),
        Invalid(text: "a == b~", column: 3, fragment: "write a~"),
        Invalid(text: "a~.top == b~ top", column: 14, fragment: "expected . before"),
        Invalid(text: "20 == a~.left", column: 1, fragment: "left side must name an item"),
        Invalid(text: "a~.width == b~.width * c~.width", column: 22, fragment: "not be linear"),
        Invalid(text: "a~.width == 10 / b~.width", column: 18, fragment: "divisor must be a number"),
        Invalid(text: "a~.width == b~ / 0", column: 16, fragment: "division by zero"),
        Invalid(text: "a~.width == Size(width: 1, height: 2) * Size(width: 1, height: 2)", column: 39,
                fragment: "one side of * must be a number"),
        Invalid(text: "a~.width == 10 ~~ 0", column: 19, fragment: "outside 1...1000"),
        Invalid(text: "a~.width == 10 ~~ 1001", column: 19, fragment: "outside 1...1000"),
        Invalid(text: "a~.width == 10 ~~ .defaultHigh + 300", column: 19, fragment: "outside 1...1000"),
        Invalid(text: "a~.width == 10 ~~ .high", column: 20, fragment: "unknown priority .high"),
        Invalid(text: "a~.width == 10 ~~", column: 18, fragment: "after ~~"),
        Invalid(text: "a~.width == 10 ~~ 5 ~~ 6", column: 21, fragment: "priority is given twice"),
        Invalid(text: "a~.width == 10 ~~ \"x\" ~~ \"y\"", column: 26, fragment: "label is given twice"),
        Invalid(text: "a~.width == 10 ~~ \"x", column: 19, fragment: "unterminated string"),
        Invalid(text: "a~.width == (10", column: 16, fragment: "expected ) to close the ( at column 13"),
        Invalid(text: "a~.width == 10)", column: 15, fragment: "unexpected )"),
        Invalid(text: "a~.width == 1e400", column: 13, fragment: "too large"),
        Invalid(text: "a~.width == 2000000", column: 13, fragment: "too large (at most 1e6)"),
        Invalid(text: "a~.width == 1e-12", column: 13, fragment: "too small"),
        Invalid(text: "a~.width == 12px", column: 15, fragment: "after the number 12"),
        Invalid(text: "a~.width == Size(10, 20)", column: 18, fragment: "expected width:"),
        Invalid(text: "a~.width == Size(width: 10)", column: 27, fragment: "expected , after the value of width"),
        Invalid(text: "a~.width == Point(x: b~.left, y: 0)", column: 22, fragment: "must be numbers"),
        Invalid(text: "a~.width == EdgeInsets(top: 1, left: 2)", column: 39, fragment: "expected , after the value of left"),
        Invalid(text: "a~.width == 10 == 20", column: 16, fragment: "one relation"),
        Invalid(text: "a~.width == 10 # x", column: 16, fragment: "unexpected character \"#\""),
        Invalid(text: "a~.width == é", column: 13, fragment: "U+E9"),
        Invalid(text: "a~~~~.width == 1", column: 2, fragment: "unexpected ~~~~"),
        Invalid(text: "a~.width == .defaultHigh", column: 13, fragment: "leading . is only used for .systemSpacing and for a priority"),
        Invalid(text: "a~. == 1", column: 5, fragment: "expected an attribute after ."),
    ])
    func invalid(_ case_: Invalid) {
        Self.expectRefused(case_)
    }

    /// `case_.text` is refused at its column with a message containing its fragment.
    static func expectRefused(_ case_: Invalid) {
        do {
            let parsed = try ConstraintParser.parse(case_.text)
            Issue.record("parsed \(parsed) without error")
        } catch {
            #expect(error.column == case_.column, "\(error)")
            #expect(error.message.contains(case_.fragment), "\(error)")
        }
    }

    @Test("Hostile strings are refused, not crashed on")
    func hostile() {
        let deep = "a~.width == " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        let minus = "a~.width == " + String(repeating: "-", count: 1_000) + "1"
        let long = "a~.width == " + String(repeating: "a~.width + ", count: 500) + "1"
        let nesting = "a~.width == " + String(repeating: "(", count: 33) + "1" + String(repeating: ")", count: 33)
        for (text, fragment) in [(deep, "longer than 2000"), (minus, "nested more than 32"),
                                 (long, "longer than 2000"), (nesting, "nested more than 32")] {
            #expect(throws: ConstraintSyntaxError.self) { try ConstraintParser.parse(text) }
            do { _ = try ConstraintParser.parse(text) } catch { #expect(error.message.contains(fragment), "\(error)") }
        }
        // The longest accepted string still parses.
        let terms = String(repeating: "a~.width + ", count: 150)
        #expect((try? ConstraintParser.parse("a~.width == " + terms + "1")) != nil)
        let nested32 = "a~.width == " + String(repeating: "(", count: 32) + "1" + String(repeating: ")", count: 32)
        #expect((try? ConstraintParser.parse(nested32)) != nil)
    }

    @Test("Unknown items are reported at their column, with a suggestion")
    func resolution() throws {
        let root = View(id: "screen")
        let avatar = View(id: "avatar"), title = View(id: "title")
        root.addSubview(avatar)
        root.addSubview(title)
        let guide = LayoutGuide(id: "gutter")
        root.addLayoutGuide(guide)

        func failure(_ text: String) -> ConstraintSyntaxError? {
            do {
                _ = try ConstraintParser.parse(text).relation(in: root)
                return nil
            } catch {
                return error
            }
        }
        let typo = failure("title~.leading == avatr~.trailing + 8")
        #expect(typo?.column == 19)
        #expect(typo?.message == "unknown item \"avatr\"; did you mean \"avatar\"?")
        #expect(failure("title~.leading == screen.margins~.leading")?.message.contains("screen.layoutMarginsGuide") == true)
        #expect(failure("title~.top == screen.superview~.top")?.message == "screen has no superview")
        #expect(failure("title~.top == screen.superview~.top")?.column == 22)
        #expect(failure("title~.top == gutter.superview~.top")?.message.contains("layout guide") == true)
        #expect(failure("title~.top == title.frame~.top")?.message.contains("has no \"frame\"") == true)
        #expect(failure("title~.top == zzz~.top")?.message == "unknown item \"zzz\"")
        #expect(failure("title~.top == title.superview~.top") == nil)
        #expect(failure("title~.top == title.superview.layoutMarginsGuide~.top") == nil)
        #expect(failure("gutter~.width == 16") == nil)
    }
}
