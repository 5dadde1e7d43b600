import Testing
import Trellis
import TrellisTestSupport

/// Layout-level diagnostics on small hand-made screens with known answers.
@Suite("Diagnostics (layout)")
struct DiagnosticsLayoutTests {
    /// A toolbar: three boxes in a row with 8-point gaps, intrinsic widths 80, 100, 120; the last
    /// one hugs more weakly, so it is the one that stretches.
    static func toolbar(width: Double = 400) -> (root: View, boxes: [View], gap: LayoutConstraint) {
        let root = makeRoot(width: width, height: 44)
        let boxes = addViews(["a", "b", "c"], to: root)
        for (box, intrinsic) in zip(boxes, [80.0, 100, 120]) {
            box.intrinsicContentSize = Size(width: intrinsic, height: 20)
        }
        boxes[2].setContentHuggingPriority(249, for: .horizontal)
        let group = Tails.install {
            boxes[0]~.leading == root~.leading + 8
            (boxes[1]~.leading == boxes[0]~.trailing + 8).labeled("gap")
            boxes[2]~.leading == boxes[1]~.trailing + 8
            boxes[2]~.trailing == root~.trailing - 8
            boxes[0]~.top == root~.top + 12
            boxes[1]~.top == root~.top + 12
            boxes[2]~.top == root~.top + 12
        }
        return (root, boxes, group.constraints.first { $0.label == "gap" }!)
    }

    @Test("Conflicts: one per axis, with labels and source lines")
    func conflicts() throws {
        let root = makeRoot(width: 320, height: 200)
        let box = addViews(["box"], to: root)[0]
        let line = #line
        Tails.install {
            box~.edges == root~
            (box~.width == 500).labeled("too wide")
            (box~.height == 300).labeled("too tall")
        }
        let conflicts = try root.layoutConflicts()
        #expect(conflicts.count == 2)
        let wide = try #require(conflicts.first { $0.contains { $0.label == "too wide" } })
        #expect(wide.contains { $0.location?.line == UInt(line + 3) })
        #expect(wide.contains { $0.isImplicit && $0.text.contains("root.width == 320") })
        #expect(conflicts.contains { $0.contains { $0.label == "too tall" } })
        // The plain pass still reports one conflict and writes nothing.
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }

        let fine = makeRoot()
        let child = addViews(["child"], to: fine)[0]
        Tails.install(child~.edges == fine~)
        #expect(try fine.layoutConflicts().isEmpty)
    }

    @Test("Recovery: opt-in, relaxes the conflict to 999, writes frames, reports what broke")
    func recovery() throws {
        let root = makeRoot(width: 320, height: 200)
        let box = addViews(["box"], to: root)[0]
        Tails.install {
            box~.edges == root~
            (box~.width == 500).labeled("too wide")
        }
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded(recoveringFromConflicts: false) }
        let recovery = try #require(try root.layoutIfNeeded(recoveringFromConflicts: true))
        #expect(recovery.conflicts.count == 1)
        #expect(recovery.priority == 999)
        #expect(recovery.relaxed.contains { $0.label == "too wide" })
        // The root's frame was relaxed too, but the trade-off is exact: 180 points break in total.
        let total = recovery.broken.map(\.amount).reduce(0, +)
        #expect(approx(total, 180))
        #expect(recovery.description.contains("recovered by relaxing them to priority 999"))
        #expect(box.frame.height == 200)
        // Recovery is not remembered: a plain pass throws again.
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }
        // Nothing to recover: nil, and the layout is written as usual.
        let fine = makeRoot()
        let child = addViews(["child"], to: fine)[0]
        Tails.install(child~.edges == fine~)
        #expect(try fine.layoutIfNeeded(recoveringFromConflicts: true) == nil)
        expectFrame(child, 0, 0, 400, 300)
    }

    @Test("Ambiguity: undetermined frames with their ranges, in root coordinates")
    func ambiguity() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 100, y: 50, width: 400, height: 300)
        let (fixed, floating, loose) = { (v: [View]) in (v[0], v[1], v[2]) }(addViews(["fixed", "floating", "loose"], to: root))
        Tails.install {
            fixed~.edges == root~ + EdgeInsets(10)
            floating~.width == 50
            floating~.height == 50
            floating~.top == root~.top
            floating~.leading >= root~.leading + 20
            floating~.trailing <= root~.trailing - 30
        }
        _ = loose   // no constraint at all
        let report = try root.ambiguityReport()
        #expect(!report.isAmbiguous(fixed))
        #expect(report.isAmbiguous(floating) && report.isAmbiguous(loose))
        let left = try #require(report.entries(for: floating).first)
        #expect(left.subject.attribute == .left && left.minimum == 20 && left.maximum == 320)
        #expect(report.entries(for: floating).count == 1)
        #expect(report.entries(for: loose).count == 4)
        #expect(report.entries(for: loose).allSatisfy { $0.minimum == -.infinity && $0.maximum == .infinity })
        #expect(try root.hasAmbiguousLayout)
        #expect(report.description.contains("floating.left"))

        let (toolbar, _, _) = Self.toolbar()
        #expect(try !toolbar.hasAmbiguousLayout)
        #expect(try !toolbar.ambiguityReport().isAmbiguous)
    }

    @Test("Explain: the constraints that hold an attribute, with source lines")
    func explain() throws {
        let root = makeRoot(width: 400, height: 300)
        let title = addViews(["title"], to: root)[0]
        title.intrinsicContentSize = Size(width: 120, height: 20)
        let line = #line
        Tails.install {
            title~.leading == root~.leading + 16
            title~.top == root~.top + 20
        }
        let left = try root.explain(title, .left)
        #expect(left.value == 16 && left.isDetermined)
        let written = try #require(left.reasons.first { $0.constraint.location?.line == UInt(line + 2) })
        #expect(written.sensitivity == 1 && written.role == .required)
        #expect(left.reasons.contains { $0.constraint.isImplicit && $0.constraint.text.contains("root.left") })
        let width = try root.explain(title, .width)
        #expect(width.value == 120)
        // Compression resistance keeps it from shrinking, hugging from growing.
        #expect(width.reasons.count == 2)
        #expect(width.reasons.allSatisfy { $0.constraint.isImplicit && $0.role == .holding && $0.sensitivity == 1 })
        let sides: Set<ExplanationSide> = Set(width.reasons.map(\.side))
        #expect(sides == [.below, .above])
        let right = try root.explain(title, .right)
        #expect(right.value == 136 && right.reasons.count == 4)
        #expect(right.description.hasPrefix("title.right = 136, held by 4 constraints"))
    }

    @Test("Explain: a view squeezed below its intrinsic width lists its own broken compression resistance")
    func explainSqueezed() throws {
        let root = makeRoot(width: 150, height: 44)
        let views = addViews(["a", "b"], to: root)
        let (a, b) = (views[0], views[1])
        for view in views { view.intrinsicContentSize = Size(width: 100, height: 20) }
        a.setContentCompressionResistancePriority(749, for: .horizontal)
        Tails.install {
            a~.leading == root~.leading
            b~.leading == a~.trailing
            b~.trailing == root~.trailing
            a~.top == root~.top
            b~.top == root~.top
        }
        let why = try root.explain(a, .width)
        #expect(why.value == 50 && why.isDetermined)
        let own = try #require(why.reasons.first { $0.role == .broken }, "\(why)")
        #expect(own.constraint.isImplicit && own.constraint.text.contains("a.width >= 100"), "\(own)")
        #expect(own.violation == 50 && own.side == .below)
        #expect(why.reasons.contains { $0.constraint.text.contains("b.width >= 100") && $0.role == .holding })
        #expect(why.description.contains("broken by 50; holds it by its cost (its constant does not move it)"), "\(why)")
        // Prices per +1 of the constant as the layout writes it, in the level they are counted in:
        // a wider root gives `a` one more point, so the @749 cost falls by 1.
        let rootWidth = try #require(why.reasons.first { $0.constraint.text == "root frame: root.width == 150" })
        #expect(rootWidth.price == -1 && rootWidth.priceLevel == 749 && rootWidth.sensitivity == 1)
        #expect(own.price == 1 && own.priceLevel == 749)
        // The same constraint is the one unsatisfiedConstraints() reports.
        let violations = try root.unsatisfiedConstraints()
        #expect(violations.map(\.constraint.text) == [own.constraint.text])
    }

    @Test("Sensitivity: the toolbar keeps its shape while the root is at least 332 wide")
    func sensitivity() throws {
        let (root, boxes, gap) = Self.toolbar()
        try root.layoutIfNeeded()
        expectFrame(boxes[2], 204, 12, 188, 20)
        let (width, height) = try root.rootSizeSensitivity()
        #expect(width.constant == 400 && width.lowerBound == 332 && width.upperBound == .infinity)
        #expect(width.lowerLimit?.event == .becomesSatisfied)
        #expect(width.lowerLimit?.constraint?.text.contains("c.width <= 120") == true)
        #expect(width.description.hasPrefix("this layout holds while root width ≥ 332"))
        #expect(height.contains(44))
        // The gap may grow until c is back at its intrinsic width.
        let range = try root.sensitivity(of: gap)
        #expect(range.constant == 8 && range.upperBound == 76 && range.lowerBound == -.infinity)
        // Just inside the range the shape is the same: c absorbs the change one for one.
        let (narrow, narrowBoxes, _) = Self.toolbar(width: 340)
        try narrow.layoutIfNeeded()
        expectFrame(narrowBoxes[2], 204, 12, 128, 20)
    }

    @Test("Violations: the soft constraints the layout breaks, by priority")
    func violations() throws {
        let (root, _, _) = Self.toolbar()
        let violations = try root.unsatisfiedConstraints()
        #expect(violations.count == 1)
        #expect(violations[0].constraint.isImplicit && violations[0].constraint.priority == 249)
        #expect(approx(violations[0].amount, 68))
        #expect(violations[0].description.hasSuffix("is off by 68"))
    }

    @Test("Diagnostics write nothing and change no later layout")
    func noSideEffects() throws {
        let (root, boxes, gap) = Self.toolbar()
        try root.layoutIfNeeded()
        let before = boxes.map(\.frame)
        boxes.forEach { $0.frame = .zero }
        _ = try root.ambiguityReport()
        _ = try root.explain(boxes[1], .centerX)
        _ = try root.rootSizeSensitivity()
        _ = try root.sensitivity(of: gap)
        _ = try root.unsatisfiedConstraints()
        _ = try root.layoutConflicts()
        #expect(boxes.allSatisfy { $0.frame == .zero })
        try root.layoutIfNeeded()
        #expect(boxes.map(\.frame) == before)
    }
}
