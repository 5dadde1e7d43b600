import Testing
import Trellis
import TrellisTestSupport

/// Errors: conflicts with source lines, hierarchy problems, DSL misuse — reported, never trapped.
@Suite("Errors")
struct ErrorTests {
    @Test("an unsatisfiable layout names a minimal conflict with source lines, and keeps the last good frames")
    func unsatisfiable() throws {
        let root = makeRoot(width: 400, height: 300)
        let (title, header) = { (v: [View]) in (v[0], v[1]) }(addViews(["title", "header"], to: root))
        Tails.install {
            header~.top.leading.trailing == root~
            header~.height == 100
            title~.top == header~.bottom + 8
            title~.leading.trailing == root~ + EdgeInsets(16)
            title~.height == 20 ~~ .defaultHigh
        }
        try root.layoutIfNeeded()
        expectFrame(title, 16, 108, 368, 20)

        let line = #line
        let bad = Tails.install {
            (title~.bottom <= header~.bottom).labeled("title inside header")
            title~.height >= 10
        }
        guard case .unsatisfiable(let conflict)? = layoutError(root) else {
            Issue.record("expected a conflict")
            return
        }
        #expect(conflict.count == 3)
        #expect(conflict.contains { $0.text == "title inside header: title.bottom <= header.bottom (ErrorTests.swift:\(line + 2))" })
        #expect(conflict.contains { $0.text == "title.height >= 10 (ErrorTests.swift:\(line + 3))" })
        #expect(conflict.contains { $0.text.hasPrefix("title.top == header.bottom + 8 (ErrorTests.swift:") })
        #expect(conflict.allSatisfy { $0.location != nil })
        expectFrame(title, 16, 108, 368, 20)                          // unchanged

        let error = LayoutError.unsatisfiable(conflict: conflict)
        #expect(error.description.hasPrefix("unsatisfiable: these 3 required constraints cannot hold together:"))
        #expect(error.constraints == conflict)

        bad.deactivate()
        try root.layoutIfNeeded()
        expectFrame(title, 16, 108, 368, 20)
    }

    @Test("items in different trees: an error at layout, naming the constraint")
    func noCommonAncestor() {
        let root = makeRoot()
        let a = addViews(["a"], to: root)[0]
        let stranger = View(id: "stranger")
        let line = #line + 1
        Tails.install(a~.width == stranger~.width)
        guard case .noCommonAncestor(let info)? = layoutError(root) else {
            Issue.record("expected noCommonAncestor")
            return
        }
        #expect(info.text == "a.width == stranger.width (ErrorTests.swift:\(line))")
        #expect(LayoutError.noCommonAncestor(info).description.contains("not in one view hierarchy"))

        // Deferred validation: adding the view to the tree makes it fine.
        root.addSubview(stranger)
        Tails.install(stranger~.top.left.width.height == root~, a~.top.left.height == root~)
        #expect(layoutError(root) == nil)
        #expect(approx(a.frame.width, 400))
    }

    @Test("the superview shorthand without a superview")
    func missingSuperview() {
        let lonely = makeRoot("lonely")
        let line = #line + 1
        Tails.install(lonely~.left == 20)
        guard case .missingSuperview(let info)? = layoutError(lonely) else {
            Issue.record("expected missingSuperview")
            return
        }
        #expect(info.text == "lonely.left == lonely.superview.left + 20 (ErrorTests.swift:\(line))")
    }

    @Test("superview~ of a view without superview")
    func nilItem() {
        let root = makeRoot()
        let a = addViews(["a"], to: root)[0]
        let orphan = View(id: "orphan")
        let group = Tails.install(a~.left == orphan.superview~)
        #expect(group.problems.count == 1)
        guard case .invalidConstraint(let info, let reason)? = layoutError(root) else {
            Issue.record("expected invalidConstraint")
            return
        }
        #expect(reason.contains("nil"))
        #expect(info.location?.fileName == "ErrorTests.swift")
    }

    @Test("non-finite and oversized numbers are reported")
    func numbers() {
        for relation in [{ (v: View) in v~.width == v~.height / 0 },
                         { (v: View) in v~.width == Double.nan },
                         { (v: View) in v~.width == 1e300 }] {
            let root = makeRoot()
            let v = addViews(["v"], to: root)[0]
            Tails.install(relation(v))
            guard case .invalidConstraint(_, let reason)? = layoutError(root) else {
                Issue.record("expected invalidConstraint")
                continue
            }
            #expect(reason.contains("infinite") || reason.contains("NaN") || reason.contains("magnitude"))
        }
    }

    @Test("constraints meeting above the root belong to an outer layout")
    func outerConstraints() throws {
        let root = makeRoot(width: 400, height: 300)
        let card = addViews(["card"], to: root)[0]
        let label = addViews(["label"], to: card)[0]
        Tails.install(card~.width == root~.width / 2, card~.left == 10, label~.edges == card~)
        card.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        try card.layoutIfNeeded()                     // card is the root here: its frame is the input
        expectFrame(label, 0, 0, 100, 50)
        try root.layoutIfNeeded()
        expectFrame(card, 10, 0, 200, 0)
    }

    @Test("a constraint to an item that was deallocated outside the hierarchy is reported, never dropped")
    func deallocated() throws {
        let root = makeRoot()
        let a = addViews(["a"], to: root)[0]
        weak var weakGhost: View?
        let toGhost: ConstraintGroup
        do {
            let ghost = View(id: "ghost")
            weakGhost = ghost
            toGhost = Tails.install(a~.width == ghost~.width)
        }
        #expect(weakGhost == nil)
        Tails.install(a~.top.left == root~, a~.size == Size(width: 5, height: 5))
        guard case .noCommonAncestor(let info)? = layoutError(root) else {
            Issue.record("expected noCommonAncestor"); return
        }
        #expect(info.id == toGhost.constraints[0].id)
        toGhost.deactivate()
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 5, 5)
    }
}
