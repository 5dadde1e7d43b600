import Testing
import Trellis
import TrellisTestSupport

/// How numbers, points, sizes and insets map to attributes; multipliers; superview shorthand.
@Suite("Constants, multipliers and the superview shorthand")
struct ConstantMappingTests {
    let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)

    @Test("LayoutConstant.value for every attribute", arguments: LayoutAttribute.allCases)
    func constantTable(attribute: LayoutAttribute) {
        let point = LayoutConstant(Point(x: 10, y: 20)).value(for: attribute)
        let size = LayoutConstant(Size(width: 30, height: 40)).value(for: attribute)
        let ltr = LayoutConstant(insets).value(for: attribute, direction: .leftToRight)
        let rtl = LayoutConstant(insets).value(for: attribute, direction: .rightToLeft)
        let expected: (point: Double, size: Double, ltr: Double, rtl: Double) = switch attribute {
        case .left: (10, 0, 2, 2)
        case .right: (10, 0, -4, -4)
        case .top: (20, 0, 1, 1)
        case .bottom: (20, 0, -3, -3)
        case .leading: (10, 0, 2, 4)
        case .trailing: (10, 0, -4, -2)
        case .width: (0, 30, -6, -6)
        case .height: (0, 40, -4, -4)
        case .centerX: (10, 0, -1, -1)
        case .centerY: (20, 0, -1, -1)
        case .firstBaseline: (20, 0, 1, 1)
        case .lastBaseline: (20, 0, -3, -3)
        }
        #expect(point == expected.point && size == expected.size && ltr == expected.ltr && rtl == expected.rtl)
        #expect(LayoutConstant(7).value(for: attribute) == 7)
    }

    @Test("directional insets resolve by layout direction")
    func directionalConstant() {
        let d = LayoutConstant(DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(d.value(for: .leading, direction: .leftToRight) == 2)
        #expect(d.value(for: .leading, direction: .rightToLeft) == 2)
        #expect(d.value(for: .trailing, direction: .rightToLeft) == -4)
        #expect(d.value(for: .left, direction: .leftToRight) == 2)
        #expect(d.value(for: .left, direction: .rightToLeft) == 4)
        #expect(d.value(for: .right, direction: .rightToLeft) == -2)
        #expect(d.value(for: .centerX, direction: .leftToRight) == -1)
        #expect(d.value(for: .centerX, direction: .rightToLeft) == 1)
        #expect(d.value(for: .width, direction: .rightToLeft) == -6)
    }

    @Test("insets are consistent across edges, size and center")
    func insetsEverywhere() throws {
        let root = makeRoot(width: 400, height: 300)
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        Tails.install(
            a~.edges == root~ + insets,
            b~.size == root~ + insets,
            b~.center == root~ + insets
        )
        try root.layoutIfNeeded()
        expectFrame(a, 2, 1, 394, 296)
        expectFrame(b, 2, 1, 394, 296)          // the same rectangle, built from size and centre
    }

    @Test("points map to x for x-axis positions, y for y-axis positions")
    func points() throws {
        let root = makeRoot(width: 400, height: 300)
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        Tails.install(
            a~.top.left == root~ + Point(x: 10, y: 20),
            a~.size + Point(x: 1000, y: 1000) == Size(width: 50, height: 60),   // points add nothing to sizes
            b~.center == a~ - Point(x: 5, y: -5),
            b~.size == a~ - Size(width: 10, height: 20)
        )
        try root.layoutIfNeeded()
        expectFrame(a, 10, 20, 50, 60)
        expectFrame(b, 35 - 5 - 20, 50 + 5 - 20, 40, 40)
    }

    @Test("inequalities on edges mean inside (>=) or outside (<=) by at least")
    func edgeInequalities() throws {
        let root = makeRoot(width: 400, height: 300)
        let (inner, outer) = { (v: [View]) in (v[0], v[1]) }(addViews(["inner", "outer"], to: root))
        let group = Tails.install(
            inner~.edges >= root~ + EdgeInsets(10),
            inner~.size == Size(width: 1000, height: 1000) ~~ .defaultLow,   // as large as allowed
            outer~.edges <= root~ + EdgeInsets(10),
            outer~.size == Size.zero ~~ .defaultLow                           // as small as allowed
        )
        let firstFour: [Relation] = [.greaterThanOrEqual, .greaterThanOrEqual, .lessThanOrEqual, .lessThanOrEqual]
        let relations: [Relation] = group.constraints.prefix(4).map { $0.relation }
        #expect(relations == firstFour)
        try root.layoutIfNeeded()
        expectFrame(inner, 10, 10, 380, 280)
        expectFrame(outer, 10, 10, 380, 280)
        // Not flipped when written per attribute:
        let perAttribute = Tails.make(inner~.top.bottom >= root~).constraints.map(\.relation)
        let notFlipped: [Relation] = [.greaterThanOrEqual, .greaterThanOrEqual]
        #expect(perAttribute == notFlipped)
    }

    @Test("multipliers: o~ * 2, 2 * o~, o~ / 2, and linear scaling of constants")
    func multipliers() throws {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews(["o", "a", "b", "c", "d"], to: root)
        let (o, a, b, c, d) = (views[0], views[1], views[2], views[3], views[4])
        Tails.install(
            o~.width == 40,
            a~.width == o~ * 2,
            b~.width == 2 * o~,
            c~.width == o~ / 2,
            d~.width == (o~ + 10) * 2 - 5          // 2·40 + 20 − 5
        )
        for view in views { Tails.install(view~.top.left.height == root~) }
        try root.layoutIfNeeded()
        #expect([a, b, c, d].map(\.frame.width) == [80, 80, 20, 95])
    }

    @Test("linear expressions of attributes")
    func linearExpressions() throws {
        let root = makeRoot(width: 400, height: 300)
        let (a, b, c) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["a", "b", "c"], to: root))
        Tails.install(
            a~.left == 10, a~.width == 100,
            (a~.left + a~.right) / 2 == c~.centerX,          // c centred under a
            c~.width == 20,
            b~.left - a~.right == c~.left - a~.left,         // gap after a = c's offset in a
            b~.width == -a~.width + 150
        )
        for view in [a, b, c] { Tails.install(view~.top.height == root~) }
        try root.layoutIfNeeded()
        #expect(approx(c.frame.minX, 50))
        #expect(approx(b.frame.minX, 150) && approx(b.frame.width, 50))
    }

    @Test("constant-only right sides: the superview's same attribute, sizes absolute")
    func superviewShorthand() throws {
        let root = makeRoot(width: 400, height: 300)
        let container = addViews(["container"], to: root)[0]
        let child = addViews(["child"], to: container)[0]
        let group = Tails.install(
            container~.edges == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40),
            child~.left == 5,
            child~.trailing == -5,
            child~.centerY == Point(x: 0, y: 7),
            child~.height == 50
        )
        #expect(group.constraints[4].description.hasPrefix("child.left == container.left + 5"))
        try root.layoutIfNeeded()
        expectFrame(container, 20, 10, 340, 260)
        expectFrame(child, 5, 137 - 25, 330, 50)
    }

    @Test("constant description")
    func descriptions() {
        #expect(LayoutConstant.zero.description == "0")
        #expect(LayoutConstant(8).description == "8")
        #expect((LayoutConstant(Point(x: 1, y: 2)).description) == "(1, 2)")
        let sum = Tails.make(makeRoot()~.width == 8 + makeRoot()~).constraints[0]
        #expect(sum.resolvedConstant == 8)
    }
}
