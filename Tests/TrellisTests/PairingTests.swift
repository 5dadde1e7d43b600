import Testing
import Trellis
import TrellisTestSupport

/// Composites, chaining and the attribute-pairing rules.
@Suite("Composites and attribute pairing")
struct PairingTests {
    @Test("edges, size and center with the right attributes inferred")
    func composites() throws {
        let root = makeRoot(width: 400, height: 300)
        let (a, b, c) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["a", "b", "c"], to: root))
        let group = Tails.install(
            a~.edges == root~,
            b~.size == Size(width: 40, height: 30),
            b~.center == root~,
            c~.size == b~,
            c~.left == b~.centerX,
            c~.top == b~.centerY
        )
        #expect(group.constraints.count == 12)     // 4 + 2 + 2 + 2 + 1 + 1
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 400, 300)
        expectFrame(b, 180, 135, 40, 30)
        expectFrame(c, 200, 150, 40, 30)
    }

    @Test("chaining keeps each attribute once, in the order named")
    func chainingDeduplicates() {
        let root = makeRoot()
        let v = addViews(["v"], to: root)[0]
        let group = Tails.make(v~.top.left.top.edges.width.left == root~)
        let attributes: [LayoutAttribute?] = group.constraints.map(\.firstAttribute)
        let expected: [LayoutAttribute?] = [.top, .left, .bottom, .right, .width]
        #expect(attributes == expected)
        #expect(group.constraints.allSatisfy { $0.firstAttribute == $0.secondAttribute })
    }

    @Test("L ⊆ R pairs equal attributes: v~.top == o~.edges is top == o.top")
    func subset() {
        let root = makeRoot()
        let (v, o) = { (x: [View]) in (x[0], x[1]) }(addViews(["v", "o"], to: root))
        let group = Tails.make(v~.top.left == o~.edges)
        #expect(group.constraints.count == 2)
        #expect(group.constraints.map(\.secondAttribute) == [.top, .left])
    }

    @Test("one left attribute pairs with each right attribute (unless L ⊆ R)")
    func oneToMany() throws {
        let root = makeRoot()
        let (v, o) = { (x: [View]) in (x[0], x[1]) }(addViews(["v", "o"], to: root))
        let group = Tails.install(v~.bottom <= o~.top.centerY)
        let pairs = group.constraints.map { "\($0.firstAttribute?.rawValue ?? "-")-\($0.secondAttribute?.rawValue ?? "-")" }
        #expect(pairs == ["bottom-top", "bottom-centerY"])
        // L ⊆ R is checked first (as in Tails): width == o.width only.
        #expect(Tails.make(v~.width == o~.width.height).constraints.count == 1)

        Tails.install(o~.top.left == Point(x: 0, y: 100), o~.size == Size(width: 50, height: -60),
                      v~.height == 10, v~.left.width == root~, v~.bottom == 1000 ~~ .defaultLow)
        try root.layoutIfNeeded()
        #expect(approx(v.frame.maxY, 70))      // o.top 100, o.centerY 70: the lower bound wins
    }

    @Test("one right attribute pairs with each left attribute")
    func manyToOne() throws {
        let root = makeRoot(width: 400, height: 300)
        let (v, o) = { (x: [View]) in (x[0], x[1]) }(addViews(["v", "o"], to: root))
        Tails.install(
            o~.edges == root~,
            v~.top.bottom == o~.centerY,            // a zero-height line at the centre
            v~.left.right == o~.centerX
        )
        try root.layoutIfNeeded()
        expectFrame(v, 200, 150, 0, 0)
    }

    @Test("a left side without attributes means edges")
    func bareLeftSide() throws {
        let root = makeRoot(width: 400, height: 300)
        let card = addViews(["card"], to: root)[0]
        let group = Tails.install(card~ == root~ + EdgeInsets(5))
        let attributes: [LayoutAttribute?] = group.constraints.map(\.firstAttribute)
        #expect(attributes == [.top, .left, .bottom, .right])
        try root.layoutIfNeeded()
        expectFrame(card, 5, 5, 390, 290)
    }

    @Test("several right items with one attribute each act as one attribute")
    func multiTermRight() throws {
        let root = makeRoot(width: 400, height: 300)
        let (a, b, dot) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["a", "b", "dot"], to: root))
        Tails.install(
            a~.top.left == root~, a~.size == Size(width: 100, height: 100),
            b~.top.right == root~, b~.size == Size(width: 50, height: 50),
            dot~.size == (a~ + b~) / 2,                           // inferred per attribute: 75 × 75
            dot~.centerX == (a~.centerX + b~.centerX) / 2,        // the average of the two centres
            dot~.top == root~
        )
        // a.centerX 50, b.centerX 375: average 212.5
        try root.layoutIfNeeded()
        expectFrame(dot, 212.5 - 37.5, 0, 75, 75)

        // Pairing a vertical attribute with the horizontal average mixes axes: an error, never a layout.
        let mixed = Tails.install(dot~.centerY == (a~.centerX + b~.centerX) / 2)
        guard case .invalidConstraint(let info, let reason)? = layoutError(root) else {
            Issue.record("expected invalidConstraint"); return
        }
        #expect(info.id == mixed.constraints[0].id)
        #expect(reason.contains("horizontal position") && reason.contains("vertical"))
    }

    @Test("a multi-item left side with right items inferred from a common attribute")
    func multiTermLeftInference() throws {
        let root = makeRoot(width: 400, height: 300)
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        let group = Tails.install(
            a~.width + b~.width == root~,                 // root takes `width` from the left
            a~.width == b~.width * 3,
            a~.top.left.height == root~, b~.top.height == root~, b~.left == a~.right
        )
        #expect(group.constraints[0].description.hasPrefix("a.width + b.width == root.width"))
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 300, 300)
        expectFrame(b, 300, 0, 100, 300)
    }

    @Test("mismatched composites are reported, not trapped")
    func mismatch() {
        let root = makeRoot()
        let (v, o) = { (x: [View]) in (x[0], x[1]) }(addViews(["v", "o"], to: root))
        let group = Tails.install(v~.top.left == o~.width.height)
        #expect(group.constraints.count == 1)
        #expect(group.problems.count == 1)
        guard case .invalidConstraint(let info, let reason)? = layoutError(root) else {
            Issue.record("expected invalidConstraint")
            return
        }
        #expect(reason.contains("cannot pair the left attributes [top, left] with the right attributes [width, height]"))
        #expect(info.location?.fileName == "PairingTests.swift")
    }

    @Test("other misuses of multi-item sides are reported")
    func multiTermMisuse() {
        let root = makeRoot()
        let (a, b, c) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["a", "b", "c"], to: root))
        let cases: [LayoutRelation] = [
            a~.size + b~.width == c~,                         // composite in a multi-item left side
            a~.width + b~.height == c~,                       // nothing to infer from
            a~.width + b~.width == c~.size,                   // composite right side
            a~.top.left == b~.top.left + c~.top.left,         // several composite right items
        ]
        for relation in cases {
            let group = Tails.make(relation)
            #expect(group.problems.count == 1, "\(relation)")
        }
    }

    @Test("inspection: items, attributes, multiplier, constant")
    func inspection() {
        let root = makeRoot()
        let (label, icon) = { (x: [View]) in (x[0], x[1]) }(addViews(["label", "icon"], to: root))
        let c = Tails.make(label~.width <= icon~ * 2 + 4 ~~ .defaultLow).constraints[0]
        #expect(c.firstItem === label && c.secondItem === icon)
        #expect(c.firstAttribute == .width && c.secondAttribute == .width)
        #expect(c.multiplier == 2 && c.resolvedConstant == 4)
        #expect(c.relation == .lessThanOrEqual && c.priority == .defaultLow)
        #expect(c.items.count == 2 && !c.isImplicit && !c.isActive)

        let shorthand = Tails.make(label~.left == 20).constraints[0]
        #expect(shorthand.secondItem === root && shorthand.secondAttribute == .left)
        let absolute = Tails.make(label~.width == 50).constraints[0]
        #expect(absolute.secondItem == nil && absolute.secondAttribute == nil && absolute.resolvedConstant == 50)
    }
}
