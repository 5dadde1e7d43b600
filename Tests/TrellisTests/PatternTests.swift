import Testing
import Trellis
import TrellisTestSupport

/// Layoutless patterns, arrays, align/distribute, GetLaid-style modifiers, scoped default
/// priorities and Mortar-style replacement — with hand-computed frames.
@Suite("Patterns")
struct PatternTests {
    // MARK: - Layoutless

    @Test("fillingParent, centeringInParent, sizing, aspect ratio")
    func layoutless() throws {
        let root = makeRoot(width: 400, height: 300)
        let (card, spinner, avatar) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["card", "spinner", "avatar"], to: root))
        let video = View(id: "video")
        card.addSubview(video)
        Tails.install(
            card.fillingParent(insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)),
            spinner.centeringInParent(offset: Point(x: 5, y: -10)),
            spinner.sizing(to: Size(width: 20, height: 20)),
            avatar.sizing(toWidth: 48), avatar.sizing(toHeight: 40), avatar~.top.left == root~,
            video.constrainingAspectRatio(to: 16.0 / 9), video~.top.left.width == card~
        )
        try root.layoutIfNeeded()
        expectFrame(card, 20, 10, 340, 260)
        expectFrame(spinner, 195, 130, 20, 20)
        expectFrame(avatar, 0, 0, 48, 40)
        expectFrame(video, 0, 0, 340, 340 * 9 / 16)
    }

    @Test("fillingParent relative to the safe area, and with directional insets")
    func fillingParentVariants() throws {
        let root = makeRoot(width: 400, height: 300)
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        root.layoutDirection = .rightToLeft
        let (content, row) = { (v: [View]) in (v[0], v[1]) }(addViews(["content", "row"], to: root))
        Tails.install(
            content.fillingParent(insets: EdgeInsets(8), relativeToSafeArea: true),
            row.fillingParent(insets: DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 8))
        )
        try root.layoutIfNeeded()
        expectFrame(content, 8, 52, 384, 206)
        expectFrame(row, 8, 0, 376, 300)            // leading is the right edge

        let orphan = View(id: "orphan")
        Tails.install(orphan.fillingParent(relativeToSafeArea: true))
        #expect(layoutError(orphan) != nil)        // the nil safe area is reported, not trapped
    }

    @Test("insetting wraps a view in a container, inset")
    func insetting() throws {
        let title = View(id: "title")
        title.intrinsicContentSize = Size(width: 100, height: 20)
        let padded = title.insetting(by: EdgeInsets(top: 4, left: 12, bottom: 6, right: 8), id: "padded")
        let body = View(id: "body").insetting(by: DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(title.superview === padded)
        let root = makeRoot()
        root.addSubview(padded)
        root.addSubview(body)
        Tails.install(padded~.top.left == root~, body~.top.left == root~, body~.size == Size(width: 50, height: 50))
        try root.layoutIfNeeded()
        expectFrame(padded, 0, 0, 120, 30)
        expectFrame(title, 12, 4, 100, 20)
        expectFrame(body.subviews[0], 2, 1, 44, 46)
    }

    // MARK: - Arrays and helpers

    @Test("[a, b, c]~ relations: one per item, with priorities")
    func arrays() throws {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews(["a", "b", "c"], to: root)
        let group = Tails.install {
            views~.height == root~ * 0.3
            views~.top == root~.top + 10
            [views[0], views[1]]~.width == 80 ~~ .defaultHigh
            views[2]~.width <= 50
            [views[2]]~.width >= 60 ~~ .defaultLow
            Tails.distribute(.horizontal, views, spacing: 5)
            views[0]~.left == 0
        }
        #expect(group.problems.isEmpty)
        try root.layoutIfNeeded()
        expectFrame(views[0], 0, 10, 80, 90)
        expectFrame(views[1], 85, 10, 80, 90)
        expectFrame(views[2], 170, 10, 50, 90)
        #expect((views~.top.left == root~).count == 3)
        #expect((views~.top <= 1).map(\.description) == ["a.top <= 1", "b.top <= 1", "c.top <= 1"])
        #expect(views~.top.description == "[a.top, b.top, c.top]")
    }

    @Test("align and distribute with equal gaps (multi-term rows, no spacers)")
    func alignAndDistribute() throws {
        let root = makeRoot(width: 400, height: 300)
        let views = addViews(["a", "b", "c"], to: root)
        let horizontal = Tails.install {
            Tails.align(.top, views)
            Tails.distribute(.horizontal, views, in: root, inset: 20)
        }
        Tails.install {
            views[0]~.top == 40
            views~.size == Size(width: 60, height: 20)
        }
        try root.layoutIfNeeded()
        expectFrame(views[0], 20, 40, 60, 20)
        expectFrame(views[1], 170, 40, 60, 20)      // gaps (360 − 180) / 2 = 90
        expectFrame(views[2], 320, 40, 60, 20)

        horizontal.replace(with: Tails.make(Tails.distribute(.vertical, views, spacing: 10) + Tails.align(.leading, views)
                                           + [views[0]~.leading == 20]))
        try root.layoutIfNeeded()
        expectFrame(views[1], 20, 70, 60, 20)
        expectFrame(views[2], 20, 100, 60, 20)
        #expect(Tails.align(.top, []).isEmpty && Tails.distribute(.vertical, [], in: root).isEmpty)
    }

    @Test("distribute with a minimum spacing that the container cannot give is unsatisfiable")
    func distributeMinimum() {
        let root = makeRoot(width: 100, height: 300)
        let views = addViews(["a", "b"], to: root)
        Tails.install {
            views~.size == Size(width: 40, height: 20)
            views~.top == 0
            Tails.distribute(.horizontal, views, in: root, minimumSpacing: 30)
        }
        guard case .unsatisfiable? = layoutError(root) else {
            Issue.record("expected a conflict")
            return
        }
    }

    // MARK: - Modifiers

    @Test("GetLaid-style modifiers: offset, at, atLeast, atMost")
    func modifiers() throws {
        let root = makeRoot(width: 400, height: 300)
        let (header, title, image) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["header", "title", "image"], to: root))
        Tails.install(
            header~.top.left.right == root~, header~.height == 50,
            title~.top == header~.bottom.offset(8), title~.left == 0, title~.height == 20
        )
        Tails.install(
            title~.width.atLeast(root~.width.at(0.25)), title~.width == 10 ~~ .defaultLow,
            image~.top.left == root~, image~.height == 10,
            image~.width == root~.width.at(0.5).offset(20) ~~ .defaultHigh,
            image~.width.atMost(150)
        )
        try root.layoutIfNeeded()
        expectFrame(title, 0, 58, 100, 20)
        expectFrame(image, 0, 0, 150, 10)
        #expect(title~.width.atLeast(44).description == "title.width >= 44")
    }

    // MARK: - Priorities

    @Test("withPriority sets the default priority of relations written inside, scopes nest, ~~ wins")
    func scopedDefault() {
        let v = View(id: "v")
        #expect(Tails.defaultPriority == .required)
        let group = Tails.withPriority(.defaultLow) {
            Tails.install {
                v~.width == 1
                v~.width == 2 ~~ .required
                Tails.withPriority(.defaultHigh) { v~.width == 3 }
                v.sizing(toHeight: 4)
            }
        }
        #expect(group.constraints.map(\.priority) == [.defaultLow, .required, .defaultHigh, .defaultLow])
        #expect(Tails.defaultPriority == .required)
        #expect((v~.width == 5).description == "v.width == 5")
    }

    @Test("withPriority unwinds on errors")
    func scopedDefaultThrows() {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try Tails.withPriority(.defaultLow) { throw Failure() }
        }
        #expect(Tails.defaultPriority == .required)
    }

    @Test("withPriority is task-local: async scopes, child tasks inherit, other tasks do not see it")
    func scopedDefaultAsync() async {
        let inner: Priority = await Tails.withPriority(.defaultHigh) {
            await Task.yield()
            return await withTaskGroup(of: Priority.self) { group in
                group.addTask { Tails.defaultPriority }
                return await group.next() ?? .required
            }
        }
        #expect(inner == .defaultHigh)
        let outside = await Task.detached { Tails.defaultPriority }.value
        #expect(outside == .required)
    }

    @Test("stack rows stay required inside withPriority")
    func stacksIgnoreScopedDefault() throws {
        let a = View(id: "a"), b = View(id: "b")
        let stack = Tails.stack(.horizontal, spacing: 8, distribution: .fillEqually) { a; b }
        let root = makeRoot(width: 208, height: 100)
        root.addSubview(stack)
        Tails.install(stack~ == root~)
        try Tails.withPriority(.defaultLow) { try root.layoutIfNeeded() }
        #expect(stack.arrangementConstraints.filter { $0.label?.hasSuffix("spacing") == true }.allSatisfy { $0.priority == .required })
        expectFrame(b, 108, 0, 100, 100)
    }

    // MARK: - Replacing

    @Test("replace(with:) swaps groups and constraints")
    func replace() throws {
        let root = makeRoot(width: 400, height: 300)
        let panel = addViews(["panel"], to: root)[0]
        Tails.install(panel~.top.left.width == root~)
        let collapsed = Tails.install(panel~.height == 44)
        let expanded = Tails.make(panel~.height == 300)
        try root.layoutIfNeeded()
        expectFrame(panel, 0, 0, 400, 44)

        var current = collapsed.replace(with: expanded)
        #expect(current === expanded && !collapsed.isActive && expanded.isActive)
        try root.layoutIfNeeded()
        expectFrame(panel, 0, 0, 400, 300)

        current = current.replace(with: current)    // replacing with itself keeps it active
        #expect(current.isActive)

        let half = Tails.make(panel~.height == 150).constraints[0]
        expanded.constraints[0].replace(with: half)
        try root.layoutIfNeeded()
        expectFrame(panel, 0, 0, 400, 150)
        #expect(half.replace(with: half).isActive)
    }
}
