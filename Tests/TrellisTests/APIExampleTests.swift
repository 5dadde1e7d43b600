import Testing
import Trellis
import TrellisTestSupport

/// The examples of API.md, verbatim where they are code, with the frames they produce.
@Suite("API.md examples")
struct APIExampleTests {
    @Test("Solver section")
    func solverExample() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x + y == 100)                       // Constraint, strength .required by default
        try solver.add((x == 3 * y) ~~ .weight(10))        // soft, kiwi-style weight
        try solver.addEditVariable(x, strength: .weight(1_000_000))
        try solver.suggest(x, value: 80)
        try solver.solve()
        #expect(approx(solver.value(of: x), 80))
        #expect(approx(solver.value(of: y), 20))
    }

    @Test("Layout items section")
    func layoutItemsExample() throws {
        let root = View(id: "root")                 // `id` optional; used in diagnostics and snapshots
        root.frame = Rect(x: 0, y: 0, width: 375, height: 667)   // the root's frame is an input
        let title = View(id: "title")
        title.intrinsicContentSize = Size(width: 120, height: 20) // nil = no intrinsic size (the default)
        root.addSubview(title)                       // `subviews`, `superview`, `removeFromSuperview()`
        title.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        title.setContentCompressionResistancePriority(.required, for: .vertical)
        let guide = LayoutGuide(id: "gutter"); root.addLayoutGuide(guide)
        root.layoutMargins = EdgeInsets(8)           // root.layoutMarginsGuide, root.safeAreaLayoutGuide
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        Tails.install(
            title~.top == root.safeAreaLayoutGuide~.top,
            title~.leading == root.layoutMarginsGuide~.leading,
            guide~.top == title~.bottom,
            guide~.left.right == root~,
            guide~.height == 10
        )
        try root.layoutIfNeeded()                    // solves; writes `frame` of every descendant (relative to its superview)
        expectFrame(title, 8, 44, 120, 20)
        expectFrame(guide.layoutFrame, 0, 64, 375, 10)
        #expect(root.subviews.count == 1 && title.superview === root)
        #expect(guide.owningView === root)
    }

    @Test("Priorities section")
    func prioritiesExample() {
        #expect(Priority.required.rawValue == 1000)
        #expect(Priority.defaultHigh.rawValue == 750)
        #expect(Priority.defaultLow.rawValue == 250)
        #expect(Priority.fittingSizeLevel.rawValue == 50)
        let p: Priority = 750
        #expect((p + 1).rawValue == 751)
    }

    @Test("The Tails DSL section, verbatim")
    func tailsExample() throws {
        let root = makeRoot(width: 400, height: 600)
        let title = View(id: "title"), icon = View(id: "icon"), card = View(id: "card"), badge = View(id: "badge")
        let label = View(id: "label"), footer = View(id: "footer"), a = View(id: "a"), b = View(id: "b")
        for view in [title, icon, card, badge, label, footer, a, b] { root.addSubview(view) }
        label.intrinsicContentSize = Size(width: 300, height: 10)

        let group = Tails.install(
            title~.top == root~.top + 20,                      // `~` turns an item into its attributes
            title~.left == title.superview~,                   // right side attributes inferred from the left
            title~.width == 50,
            icon~.top.left.width == title~,                    // chained attributes
            card~.edges == root~ + EdgeInsets(top: 10, left: 20, bottom: 40, right: 20),
            card~.size == Size(width: 60, height: 40),
            badge~.center == card~ - Point(x: 0, y: 20),
            label~.width <= icon~ * 2 ~~ .defaultLow,          // multiplier, priority
            footer~.edges == EdgeInsets(8),                    // constant-only right side = the superview's same attributes
            a~.width + b~.width == root~.width - 20            // any linear expression: beyond Apple's one item + constant
        )
        // `card~.edges == …` and `card~.size == …` contradict each other: that is an error, reported.
        guard case .unsatisfiable(let conflict)? = layoutError(root) else {
            Issue.record("expected a conflict")
            return
        }
        #expect(conflict.filter { !$0.isImplicit }.allSatisfy { $0.location?.fileName == "APIExampleTests.swift" })
        #expect(conflict.contains { $0.location?.element == 5 } && conflict.contains { $0.location?.element == 6 })

        // Make the size a preference and the layout holds.
        group.deactivate()
        let fixed = Tails.install {
            title~.top == root~.top + 20
            title~.left == title.superview~
            title~.width == 50
            icon~.top.left.width == title~
            card~.edges == root~ + EdgeInsets(top: 10, left: 20, bottom: 40, right: 20)
            card~.size == Size(width: 60, height: 40) ~~ .defaultHigh
            badge~.center == card~ - Point(x: 0, y: 20)
            badge~.size == Size(width: 10, height: 10)
            label~.width <= icon~ * 2 ~~ .defaultLow
            label~.top.left == root~
            footer~.edges == EdgeInsets(8)
            a~.width + b~.width == root~.width - 20
            a~.width == b~.width
        }
        try root.layoutIfNeeded()
        expectFrame(title, 0, 20, 50, 0)
        expectFrame(icon, 0, 20, 50, 0)
        expectFrame(card, 20, 10, 360, 550)
        expectFrame(badge, 195, 260, 10, 10)               // card centre (200, 285) − (0, 20), size 10
        expectFrame(label, 0, 0, 300, 10)                  // width <= 100 @250 loses to compression resistance @750
        expectFrame(footer, 8, 8, 384, 584)
        #expect(approx(a.frame.width, 190) && approx(b.frame.width, 190))
        #expect(fixed.isActive && !group.isActive)
    }
}
