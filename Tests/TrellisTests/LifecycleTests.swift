import Testing
import Trellis
import TrellisTestSupport

/// Installing, activating, deactivating and updating constraints; descriptions; incremental passes.
@Suite("Constraint lifecycle")
struct LifecycleTests {
    @Test("install activates, make does not; groups activate and deactivate")
    func activation() throws {
        let root = makeRoot(width: 400, height: 300)
        let panel = addViews(["panel"], to: root)[0]
        Tails.install(panel~.top.left.width == root~)
        let collapsed = Tails.install(panel~.height == 44)
        let expanded = Tails.make(panel~.height == 300)
        #expect(collapsed.isActive && !expanded.isActive)
        try root.layoutIfNeeded()
        #expect(approx(panel.frame.height, 44))

        collapsed.deactivate()
        expanded.activate()
        try root.layoutIfNeeded()
        #expect(approx(panel.frame.height, 300))
        #expect(!collapsed.isActive && expanded.isActive)

        expanded.constraints[0].isActive = false
        collapsed.constraints[0].isActive = true
        try root.layoutIfNeeded()
        #expect(approx(panel.frame.height, 44))
        #expect(panel.constraints.count == 4)           // top, left, width, the collapsed height
    }

    @Test("update(constant:) with a number and with insets")
    func updateConstant() throws {
        let root = makeRoot(width: 400, height: 300)
        let card = addViews(["card"], to: root)[0]
        let group = Tails.install(card~.edges == root~ + EdgeInsets(10))
        try root.layoutIfNeeded()
        expectFrame(card, 10, 10, 380, 280)

        group.update(constant: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        try root.layoutIfNeeded()
        expectFrame(card, 2, 1, 394, 296)

        group.update(constant: 5)                      // a number is used as is: all edges move by +5
        try root.layoutIfNeeded()
        expectFrame(card, 5, 5, 400, 300)

        group.constraints[0].constant = LayoutConstant(Point(x: 0, y: 50))
        try root.layoutIfNeeded()
        expectFrame(card, 5, 50, 400, 255)
    }

    @Test("priority switches between required and optional")
    func priorityChange() throws {
        let root = makeRoot(width: 400, height: 300)
        let v = addViews(["v"], to: root)[0]
        Tails.install(v~.top.left.height == root~, v~.width == 100 ~~ .defaultHigh)
        let strong = Tails.install(v~.width == 200)
        try root.layoutIfNeeded()
        #expect(approx(v.frame.width, 200))

        strong.priority = .defaultLow                  // required → optional
        try root.layoutIfNeeded()
        #expect(approx(v.frame.width, 100))
        #expect(strong.priority == .defaultLow)

        strong.priority = .required                    // optional → required
        try root.layoutIfNeeded()
        #expect(approx(v.frame.width, 200))
    }

    @Test("the result builder: lines, if/else, for")
    func builder() throws {
        let root = makeRoot(width: 400, height: 300)
        let rows = addViews(["r1", "r2", "r3"], to: root)
        for compact in [true, false] {
            let line = UInt(#line)
            let group = Tails.install {
                rows[0]~.top == 10
                for (above, below) in zip(rows, rows.dropFirst()) {
                    below~.top == above~.bottom + 4
                }
                for row in rows {
                    row~.height == 20
                    if compact {
                        row~.leading.trailing == root~
                    } else {
                        row~.width == 100
                        row~.centerX == root~
                    }
                }
            }
            try root.layoutIfNeeded()
            expectFrame(rows[2], compact ? 0 : 150, 58, compact ? 400 : 100, 20)
            #expect(group.constraints[0].location?.line == line + 2 && group.constraints[0].location?.element == nil)
            #expect(group.constraints[1].location?.line == line + 4)
            group.deactivate()
        }
    }

    @Test("descriptions name items, constant, priority, label and line")
    func descriptions() {
        let root = makeRoot()
        let (title, header) = { (v: [View]) in (v[0], v[1]) }(addViews(["title", "header"], to: root))
        let line = #line
        let group = Tails.make {
            title~.top == header~.bottom + 8 ~~ .defaultHigh
            (title~.left == header~.left - 2.5).labeled("indent")
            title~.width >= header~ * 0.5 ~~ "half"
            title~.height == -title~.width + 1
        }
        #expect(group.constraints[0].description == "title.top == header.bottom + 8 @750 (LifecycleTests.swift:\(line + 2))")
        #expect(group.constraints[1].description == "indent: title.left == header.left - 2.5 (LifecycleTests.swift:\(line + 3))")
        #expect(group.constraints[2].description == "half: title.width >= header.width * 0.5 (LifecycleTests.swift:\(line + 4))")
        #expect(group.constraints[3].description == "title.height == -title.width + 1 (LifecycleTests.swift:\(line + 5))")
        #expect(group.constraints[0].info.location?.fileID == "TrellisTests/LifecycleTests.swift")
        let relation = title~.top == header~.bottom + 8 ~~ 500
        #expect(relation.description == "title.top == header.bottom + 8 @500")
        #expect((a: 1, b: group.description.split(separator: "\n").count) == (1, 4))
    }

    @Test("removing a view deactivates the constraints that tie it to the outside")
    func removal() throws {
        let root = makeRoot(width: 400, height: 300)
        let card = addViews(["card"], to: root)[0]
        let label = addViews(["label"], to: card)[0]
        let outside = Tails.install(card~.edges == root~ + EdgeInsets(10))
        let shorthand = Tails.install(card~.width <= 1000, card~.centerX == 0)
        let inside = Tails.install(label~.edges == card~)
        card.removeFromSuperview()
        #expect(!outside.isActive && inside.isActive)
        #expect(!shorthand.constraints[1].isActive && shorthand.constraints[0].isActive)
        #expect(card.superview == nil && root.subviews.isEmpty)
        try root.layoutIfNeeded()                      // nothing left that crosses: fine
        // Put it back, reactivate, lay out again.
        root.addSubview(card)
        outside.activate()
        try root.layoutIfNeeded()
        expectFrame(card, 10, 10, 380, 280)
        expectFrame(label, 0, 0, 380, 280)
    }

    @Test("hierarchy edits: cycles are refused, insertion order, moving views")
    func hierarchy() {
        let root = makeRoot()
        let (a, b) = { (v: [View]) in (v[0], v[1]) }(addViews(["a", "b"], to: root))
        #expect(!a.addSubview(root) && !a.addSubview(a))
        #expect(root.insertSubview(b, at: 0) && root.subviews.map(\.name) == ["b", "a"])
        #expect(a.addSubview(b) && b.superview === a && root.subviews.map(\.name) == ["a"])
        #expect(b.isDescendant(of: root) && !root.isDescendant(of: b))
        #expect(root.subtreeViews().map(\.name) == ["root", "a", "b"])
        #expect(root.recursiveDescription().split(separator: "\n").count == 3)
    }

    @Test("repeated passes reuse the solver and follow changes to the root frame and content size")
    func incremental() throws {
        let root = makeRoot(width: 400, height: 300)
        let label = addViews(["label"], to: root)[0]
        label.intrinsicContentSize = Size(width: 120, height: 20)
        Tails.install(label~.center == root~)
        for width in stride(from: 200.0, through: 600, by: 100) {
            root.frame.size.width = width
            try root.layoutIfNeeded()
            expectFrame(label, width / 2 - 60, 140, 120, 20)
        }
        label.intrinsicContentSize = Size(width: 80, height: View.noIntrinsicMetric)
        Tails.install(label~.height == 10)
        try root.layoutIfNeeded()
        expectFrame(label, 260, 145, 80, 10)
        root.resetLayoutEngine()
        try root.layoutIfNeeded()
        expectFrame(label, 260, 145, 80, 10)
    }

    @Test("an item's four variables are named after it, with or without an id")
    func variableNames() {
        let named = View(id: "row12.avatar")
        let unnamed = View()
        let guide = LayoutGuide(id: "")
        for item in [named, unnamed, guide] as [LayoutItem] {
            let variables = item.variables
            let names = [variables.left, variables.top, variables.width, variables.height].map(\.name)
            #expect(names == ["left", "top", "width", "height"].map { "\(item.name).\($0)" })
            #expect(variables.width.description == variables.width.name)
        }
        #expect(named.variables.height.name == "row12.avatar.height")
        #expect(guide.variables.left.description == ".left")
    }

    @Test("a subview, a guide or a constraint that outlives the view it refers to sees the view gone")
    func outlivedViews() throws {
        let child = View(id: "child"), grandchild = View(id: "grandchild"), guide = LayoutGuide(id: "guide")
        child.addSubview(grandchild)
        let margins: LayoutGuide, safeArea: LayoutGuide, toParent: ConstraintGroup, inside: ConstraintGroup
        do {
            let parent = View(id: "parent")
            parent.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            parent.addSubview(child)
            parent.addLayoutGuide(guide)
            margins = parent.layoutMarginsGuide
            safeArea = parent.safeAreaLayoutGuide
            toParent = Tails.install(child~.edges == parent~ + EdgeInsets(8), guide~.edges == margins~)
            inside = Tails.install(grandchild~.edges == child~ + EdgeInsets(2))
            try parent.layoutIfNeeded()
            expectFrame(child, 8, 8, 84, 84)
            #expect(child.superview === parent && guide.owningView === parent && margins.owningView === parent)
        }
        #expect(child.superview == nil)
        #expect(grandchild.superview === child)
        #expect(guide.owningView == nil && margins.owningView == nil && safeArea.owningView == nil)
        #expect(toParent.constraints[0].description.contains("<deallocated>"))
        #expect(!inside.constraints[0].description.contains("<deallocated>"))
        // The orphan is a root of its own: the constraints to the gone view are reported, and
        // once they are dropped its own subtree lays out.
        child.frame = Rect(x: 0, y: 0, width: 50, height: 40)
        #expect(throws: LayoutError.self) { try child.layoutIfNeeded() }
        toParent.deactivate()
        try child.layoutIfNeeded()
        expectFrame(grandchild, 2, 2, 46, 36)
    }
}
