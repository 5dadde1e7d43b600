import Testing
import Trellis
import TrellisTestSupport

/// Every view's own safe area, as UIKit derives it: the part of the root's safe area it overlaps.
@Suite("Safe areas of descendants")
struct SafeAreaTests {
    /// A 390 × 844 phone screen with a 44-point status bar and a 34-point home indicator.
    static func screen() -> View {
        let root = makeRoot(width: 390, height: 844)
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        return root
    }

    @Test("A view under the status bar gets the overlap as its top inset; below it, none", arguments: [
        (0.0, 44.0), (20, 24), (44, 0), (60, 0),
    ])
    func topInset(y: Double, expected: Double) throws {
        let root = Self.screen()
        let card = addViews(["card"], to: root)[0]
        let title = addViews(["title"], to: card)[0]
        Tails.install(card~.top == root~ + y, card~.leading.trailing == root~, card~.height == 100,
                      title~.top == card.safeAreaLayoutGuide~.top, title~.leading.trailing == card~, title~.height == 20)
        try root.layoutIfNeeded()
        #expect(card.effectiveSafeAreaInsets == EdgeInsets(top: expected, left: 0, bottom: 0, right: 0))
        expectFrame(title, 0, expected, 390, 20)
        expectFrame(card.safeAreaLayoutGuide.layoutFrame, 0, expected, 390, 100 - expected)
        #expect(card.safeAreaInsets == .zero, "the input stays as set")
    }

    @Test("A footer over the home indicator, the margins guide on top of it, and a nested view inside both")
    func bottomMarginsAndNesting() throws {
        let root = Self.screen()
        let footer = addViews(["footer"], to: root)[0]
        let button = addViews(["button"], to: footer)[0]
        let sheet = addViews(["sheet"], to: root)[0]
        let handle = addViews(["handle"], to: sheet)[0]
        Tails.install(
            footer~.leading.trailing.bottom == root~, footer~.height == 80,
            button~.leading.trailing.bottom == footer.layoutMarginsGuide~, button~.height == 20,
            // sheet starts 10 from the top; handle 5 inside it: 15 from the top of the screen.
            sheet~.top == root~ + 10
        )
        Tails.install(
 sheet~.leading.trailing == root~, sheet~.height == 200,
            handle~.top == sheet~ + 5, handle~.leading == sheet~, handle~.size == Size(width: 40, height: 100),
            handle.safeAreaLayoutGuide~.height >= 0
        )
        try root.layoutIfNeeded()
        #expect(footer.effectiveSafeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        // margins 8 on top of the safe area: the button ends 34 + 8 above the footer's bottom.
        expectFrame(button, 8, 80 - 42 - 20, 390 - 16, 20)
        #expect(sheet.effectiveSafeAreaInsets.top == 34)
        // the handle's top is 15 from the screen's top; its superview's safe area starts at 44.
        #expect(handle.effectiveSafeAreaInsets == EdgeInsets(top: 29, left: 0, bottom: 0, right: 0))
    }

    @Test("Landscape: side insets, clamped to the view's size, plus a descendant's own insets")
    func sides() throws {
        let root = makeRoot(width: 844, height: 390)
        root.safeAreaInsets = EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
        let strip = addViews(["strip"], to: root)[0]        // 30 wide at the left edge: wholly unsafe
        let panel = addViews(["panel"], to: root)[0]        // across the whole width
        panel.safeAreaInsets = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        Tails.install(strip~.top.leading == root~, strip~.size == Size(width: 30, height: 100),
                      panel~.leading.trailing == root~, panel~.top == root~ + 100, panel~.height == 50)
        _ = strip.safeAreaLayoutGuide
        _ = panel.layoutMarginsGuide
        try root.layoutIfNeeded()
        #expect(strip.effectiveSafeAreaInsets == EdgeInsets(top: 0, left: 30, bottom: 0, right: 0))
        #expect(panel.effectiveSafeAreaInsets == EdgeInsets(top: 5, left: 47, bottom: 0, right: 47))
        expectFrame(panel.layoutMarginsGuide.layoutFrame, 55, 13, 844 - 110, 50 - 21)
    }

    @Test("A second pass gives the same frames, and a failed pass leaves the derived insets as they were")
    func stable() throws {
        let root = Self.screen()
        let card = addViews(["card"], to: root)[0]
        let title = addViews(["title"], to: card)[0]
        Tails.install(card~.top.leading.trailing == root~, card~.height == 100,
                      title~.top == card.safeAreaLayoutGuide~.top, title~.leading.trailing == card~, title~.height == 20)
        try root.layoutIfNeeded()
        let first = try root.layoutSnapshot()
        try root.layoutIfNeeded()
        #expect(try root.layoutSnapshot() == first)
        #expect(card.effectiveSafeAreaInsets.top == 44)

        let conflict = Tails.install(card~.top == root~ + 30)      // conflicts with top == 0
        #expect(layoutError(root) != nil)
        #expect(card.effectiveSafeAreaInsets.top == 44)
        conflict.deactivate()
        try root.layoutIfNeeded()
        expectFrame(title, 0, 44, 390, 20)
    }
}
