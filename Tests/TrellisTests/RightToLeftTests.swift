import Testing
import Trellis
import TrellisTestSupport

/// Leading and trailing follow the layout direction; positive constants point in the reading direction.
@Suite("Right-to-left layout")
struct RightToLeftTests {
    private func rowOfTwo(direction: SemanticContentAttribute) throws -> (View, View) {
        let root = makeRoot(width: 400, height: 100)
        root.semanticContentAttribute = direction
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        Tails.install(
            a~.leading == root~.leading + 10,
            a~.width == 100,
            b~.leading == a~.trailing + 8,
            b~.trailing == -10,                      // superview shorthand: 10 inside the trailing edge
            a~.top.height == root~, b~.top.height == root~
        )
        try root.layoutIfNeeded()
        return (a, b)
    }

    @Test("a row mirrors")
    func row() throws {
        let (a, b) = try rowOfTwo(direction: .forceLeftToRight)
        expectFrame(a, 10, 0, 100, 100)
        expectFrame(b, 118, 0, 272, 100)
        let (ra, rb) = try rowOfTwo(direction: .forceRightToLeft)
        expectFrame(ra, 290, 0, 100, 100)
        expectFrame(rb, 10, 0, 272, 100)
    }

    @Test("direction is inherited unless forced")
    func inheritance() throws {
        let root = makeRoot(width: 400, height: 100)
        root.semanticContentAttribute = .forceRightToLeft
        let bar = addViews(["bar"], to: root)[0]
        let x = addViews(["x"], to: bar)[0]
        let y = addViews(["y"], to: root)[0]
        #expect(bar.effectiveLayoutDirection == .rightToLeft && x.effectiveLayoutDirection == .rightToLeft)
        bar.semanticContentAttribute = .forceLeftToRight
        #expect(x.effectiveLayoutDirection == .leftToRight && root.effectiveLayoutDirection == .rightToLeft)
        Tails.install(
            bar~.edges == root~,
            x~.leading == bar~.leading + 5, x~.width == 10, x~.top.height == bar~,
            y~.leading == root~.leading + 5, y~.width == 10, y~.top.height == bar~   // inherits right-to-left
        )
        try root.layoutIfNeeded()
        expectFrame(x, 5, 0, 10, 100)
        expectFrame(y, 385, 0, 10, 100)
        #expect(root.layoutMarginsGuide.effectiveLayoutDirection == .rightToLeft)
    }

    @Test("insets on leading and trailing follow the direction", arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func insets(direction: LayoutDirection) throws {
        let root = makeRoot(width: 400, height: 100)
        root.semanticContentAttribute = direction == .leftToRight ? .forceLeftToRight : .forceRightToLeft
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        Tails.install(
            a~.leading.trailing == root~ + EdgeInsets(top: 0, left: 10, bottom: 0, right: 30),
            b~.directionalEdges == root~ + DirectionalEdgeInsets(top: 1, leading: 10, bottom: 2, trailing: 30),
            a~.top.height == root~
        )
        try root.layoutIfNeeded()
        expectFrame(a, 10, 0, 360, 100)                            // absolute insets stay left and right
        expectFrame(b, direction == .leftToRight ? 10 : 30, 1, 360, 97)
    }

    @Test("layoutDirection sets and reads the direction")
    func layoutDirectionProperty() {
        let root = makeRoot()
        let child = addViews(["child"], to: root)[0]
        #expect(child.layoutDirection == .leftToRight)
        root.layoutDirection = .rightToLeft
        #expect(root.semanticContentAttribute == .forceRightToLeft && child.layoutDirection == .rightToLeft)
        #expect(child.semanticContentAttribute == .unspecified)
    }

    @Test("leading and trailing expressions")
    func expressions() {
        let root = makeRoot()
        root.semanticContentAttribute = .forceRightToLeft
        #expect(root.expression(for: .leading).description == "-root.left - root.width")
        #expect(root.expression(for: .trailing).description == "-root.left")
        root.semanticContentAttribute = .unspecified
        #expect(root.expression(for: .leading).description == "root.left")
    }
}
