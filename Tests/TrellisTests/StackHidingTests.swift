import Testing
import Trellis
import TrellisTestSupport

/// Hidden arranged views, as UIStackView places them: they take no room (the visible views and
/// gaps are as if they were not arranged) and get a deterministic frame — zero length along the
/// axis in the middle of the gap between the visible views around them (at the stack's start
/// before the first visible view, at its end after the last), aligned across the axis like the
/// others — so a stack with hidden rows is never ambiguous. Frames below are computed by hand.
@Suite("Stacks: hidden arranged views")
struct StackHidingTests {
    /// A view with an intrinsic size.
    private func item(_ id: String, _ width: Double, _ height: Double) -> View {
        let view = View(id: id)
        view.intrinsicContentSize = Size(width: width, height: height)
        return view
    }

    /// A 400 × 300 root with `stack` pinned to its top, leading and trailing edges inset by 10:
    /// 380 wide, as tall as its rows.
    private func column(_ stack: StackView) -> View {
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading.trailing == root~ + EdgeInsets(10))
        return root
    }

    private func expectDetermined(_ root: View, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if try root.hasAmbiguousLayout {
            Issue.record("ambiguous: \(try root.ambiguityReport())", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Toggling rows, frames by hand

    @Test("a vertical form: hiding a row, then showing it, then hiding it again")
    func toggleMiddleRow() throws {
        let a = item("a", 100, 20), b = item("b", 100, 30), c = item("c", 100, 40)
        let stack = Tails.stack(.vertical, spacing: 10, id: "form") { a; b; c }
        let root = column(stack)
        try root.layoutIfNeeded()
        expectFrame(stack, 10, 10, 380, 110)        // 20 + 10 + 30 + 10 + 40
        expectFrame(a, 0, 0, 380, 20)
        expectFrame(b, 0, 30, 380, 30)
        expectFrame(c, 0, 70, 380, 40)
        let shown = try root.layoutSnapshot()

        for _ in 0..<2 {
            b.isHidden = true
            try root.layoutIfNeeded()
            expectFrame(stack, 10, 10, 380, 70)     // 20 + 10 + 40: one gap, as if b were not there
            expectFrame(a, 0, 0, 380, 20)
            expectFrame(b, 0, 25, 380, 0)           // mid-gap: 5 below a, 5 above c; zero height, full width
            expectFrame(c, 0, 30, 380, 40)
            try expectDetermined(root)

            b.isHidden = false
            try root.layoutIfNeeded()
            #expect(try root.layoutSnapshot() == shown)
            try expectDetermined(root)
        }
    }

    @Test("hidden first, last and every row of a vertical stack")
    func hiddenEnds() throws {
        let a = item("a", 100, 20), b = item("b", 100, 30), c = item("c", 100, 40)
        let stack = Tails.stack(.vertical, spacing: 10) { a; b; c }
        let root = column(stack)

        a.isHidden = true                           // no visible view before a: the stack's top
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 380, 0)
        expectFrame(b, 0, 0, 380, 30)
        expectFrame(c, 0, 40, 380, 40)
        expectFrame(stack, 10, 10, 380, 80)
        try expectDetermined(root)

        a.isHidden = false
        c.isHidden = true                           // after b, which ends at 60
        try root.layoutIfNeeded()
        expectFrame(b, 0, 30, 380, 30)
        expectFrame(c, 0, 60, 380, 0)
        expectFrame(stack, 10, 10, 380, 60)
        try expectDetermined(root)

        a.isHidden = true
        b.isHidden = true                           // all hidden: the stack hugs to zero height
        try root.layoutIfNeeded()
        expectFrame(stack, 10, 10, 380, 0)
        for view in [a, b, c] { expectFrame(view, 0, 0, 380, 0) }
        try expectDetermined(root)

        b.isHidden = false                          // b alone; a before it at the top, c after it
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 380, 0)
        expectFrame(b, 0, 0, 380, 30)
        expectFrame(c, 0, 30, 380, 0)
        try expectDetermined(root)
    }

    @Test("across the axis a hidden view follows the alignment; without content it is zero wide")
    func hiddenCrossAxis() throws {
        let a = item("a", 100, 20), b = item("b", 60, 30), c = View(id: "c")   // c: no intrinsic size
        let stack = Tails.stack(.vertical, spacing: 10, alignment: .center) { a; b; c }
        let root = column(stack)
        b.isHidden = true
        c.isHidden = true
        for (alignment, bX, cX) in [(StackAlignment.leading, 0.0, 0.0), (.center, 160, 190), (.trailing, 320, 380)] {
            stack.alignment = alignment
            try root.layoutIfNeeded()
            expectFrame(stack, 10, 10, 380, 20)
            expectFrame(a, alignment == .leading ? 0 : alignment == .center ? 140 : 280, 0, 100, 20)
            expectFrame(b, bX, 20, 60, 0)           // its intrinsic width, at a's bottom
            expectFrame(c, cX, 20, 0, 0)            // zero wide (ambiguity suppression)
            try expectDetermined(root)
        }

        root.layoutDirection = .rightToLeft         // leading is the right edge
        stack.alignment = .leading
        try root.layoutIfNeeded()
        expectFrame(a, 280, 0, 100, 20)
        expectFrame(b, 320, 20, 60, 0)
        expectFrame(c, 380, 20, 0, 0)
        try expectDetermined(root)
    }

    @Test("a hidden view never widens a stack that hugs its views (leading, centre, trailing)")
    func hiddenNeverWidensHuggingStack() throws {
        let a = item("a", 100, 20), wide = item("wide", 300, 30)
        let stack = Tails.stack(.vertical, spacing: 10, alignment: .center) { a; wide }
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading == root~ + EdgeInsets(10))    // nothing sizes the stack
        wide.isHidden = true
        for alignment in [StackAlignment.leading, .center, .trailing] {
            stack.alignment = alignment
            try root.layoutIfNeeded()
            expectFrame(stack, 10, 10, 100, 20)     // as if only a were arranged
            expectFrame(a, 0, 0, 100, 20)
            expectFrame(wide, alignment == .leading ? 0 : alignment == .center ? -100 : -200, 20, 300, 0)
            try expectDetermined(root)
        }
    }

    @Test("fill alignment: a hidden view spans the stack, so its content counts when nothing else sizes it")
    func hiddenSpansFillStack() throws {
        let a = item("a", 100, 20), wide = item("wide", 300, 30)
        let stack = Tails.stack(.vertical, spacing: 10) { a; wide }
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading == root~ + EdgeInsets(10))    // nothing sizes the stack across
        wide.isHidden = true
        try root.layoutIfNeeded()
        // wide's compression resistance (750) beats a's hugging (250) through the 999 fill rows.
        expectFrame(stack, 10, 10, 300, 20)
        expectFrame(a, 0, 0, 300, 20)
        expectFrame(wide, 0, 20, 300, 0)
        try expectDetermined(root)

        Tails.install(stack~.width == 200)          // sized: the hidden view is squeezed to it
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 200, 20)
        expectFrame(wide, 0, 20, 200, 0)
        try expectDetermined(root)
    }

    @Test("a horizontal stack, right to left: a hidden view sits in the middle of the gap")
    func horizontalRightToLeft() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20), c = item("c", 40, 20)
        let stack = Tails.stack(.horizontal, spacing: 8, alignment: .top) { a; b; c }
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.edges == root~ + EdgeInsets(10))           // 380 × 280
        root.layoutDirection = .rightToLeft

        b.isHidden = true                           // a at the right (fill: c takes the rest)
        try root.layoutIfNeeded()
        expectFrame(a, 330, 0, 50, 20)
        expectFrame(b, 326, 0, 0, 20)               // between a's left edge (330) and c's right edge (322)
        expectFrame(c, 0, 0, 322, 20)               // 380 − 50 − 8
        try expectDetermined(root)

        a.isHidden = true                           // nothing before a and b: the stack's leading edge
        try root.layoutIfNeeded()
        expectFrame(a, 380, 0, 0, 20)
        expectFrame(b, 380, 0, 0, 20)
        expectFrame(c, 0, 0, 380, 20)
        try expectDetermined(root)
    }

    // MARK: - Own constraints, subviews, nesting

    @Test("a hidden row whose required height is 44 keeps it: no conflict, the stack makes room for it")
    func hiddenRowWithRequiredSize() throws {
        // No intrinsic widths: the only broken constraint is then the hidden row's zero height.
        let a = item("a", View.noIntrinsicMetric, 20), row = View(id: "row"), c = item("c", View.noIntrinsicMetric, 40)
        let stack = Tails.stack(.vertical, spacing: 10) { a; row; c }
        Tails.install(row~.height == 44)
        let root = column(stack)
        row.isHidden = true
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 380, 20)
        expectFrame(row, 0, 25, 380, 44)            // half the spacing after a; the 999 zero height gives way
        expectFrame(c, 0, 74, 380, 40)              // half the spacing after row (UIKit: the stack follows it)
        expectFrame(stack, 10, 10, 380, 114)        // 20 + 5 + 44 + 5 + 40
        try expectDetermined(root)
        let broken = try root.unsatisfiedConstraints()
        #expect(broken.count == 1)
        #expect(broken.first?.constraint.label == "\(stack.name) hiding")
        #expect(broken.first?.constraint.priority == 999)
        #expect(broken.first.map { approx($0.amount, 44) } == true)

        row.isHidden = false
        try root.layoutIfNeeded()
        expectFrame(row, 0, 30, 380, 44)
        expectFrame(c, 0, 84, 380, 40)
    }

    @Test("views pinned inside a hidden row are determined with it")
    func subviewsOfHiddenRow() throws {
        let a = item("a", 100, 20), row = View(id: "row"), c = item("c", 100, 40)
        let icon = View(id: "icon"), caption = item("caption", 50, 20)
        row.addSubview(icon)
        row.addSubview(caption)
        Tails.install(
            icon~.edges == row~,                                    // follows the row entirely
            caption~.top.leading == row~ + EdgeInsets(8),           // its own size, at the row's corner
            row~.height == caption~.height + 16 ~~ Priority(749) // wraps the caption when shown, yields to it
        )
        let stack = Tails.stack(.vertical, spacing: 10) { a; row; c }
        let root = column(stack)
        try root.layoutIfNeeded()
        expectFrame(row, 0, 30, 380, 36)
        expectFrame(icon, 0, 0, 380, 36)
        expectFrame(caption, 8, 8, 50, 20)

        row.isHidden = true
        try root.layoutIfNeeded()
        expectFrame(row, 0, 25, 380, 0)             // 999 beats the row's 749 wish for 36; mid-gap
        expectFrame(icon, 0, 0, 380, 0)
        expectFrame(caption, 8, 8, 50, 20)
        expectFrame(c, 0, 30, 380, 40)
        try expectDetermined(root)
    }

    @Test("a hidden nested stack and a hidden row inside a visible nested stack")
    func nested() throws {
        let header = item("header", View.noIntrinsicMetric, 30)
        let x = item("x", 40, 20), y = item("y", 60, 20)
        let footer = item("footer", View.noIntrinsicMetric, 30)
        let inner = Tails.stack(.horizontal, spacing: 10, id: "inner") { x; y }
        let outer = Tails.stack(.vertical, spacing: 5, id: "outer") { header; inner; footer }
        let root = makeRoot()
        root.addSubview(outer)
        Tails.install(outer~.top.leading.trailing == root~)

        inner.isHidden = true
        try root.layoutIfNeeded()
        expectFrame(outer, 0, 0, 400, 65)
        expectFrame(inner, 0, 32.5, 400, 0)         // in the middle of the 5 gap
        expectFrame(x, 0, 0, 40, 0)                 // inner's rows still hold: fill alignment, zero height
        expectFrame(y, 50, 0, 350, 0)
        expectFrame(footer, 0, 35, 400, 30)
        try expectDetermined(root)

        inner.isHidden = false
        x.isHidden = true                           // inside the visible inner stack
        try root.layoutIfNeeded()
        expectFrame(inner, 0, 35, 400, 20)
        expectFrame(x, 0, 0, 0, 20)
        expectFrame(y, 0, 0, 400, 20)
        expectFrame(footer, 0, 60, 400, 30)
        try expectDetermined(root)

        x.isHidden = false
        y.isHidden = true
        header.isHidden = true
        try root.layoutIfNeeded()
        expectFrame(header, 0, 0, 400, 0)
        expectFrame(inner, 0, 0, 400, 20)
        expectFrame(x, 0, 0, 400, 20)
        expectFrame(y, 400, 0, 0, 20)               // after the last visible view: the stack's end
        expectFrame(footer, 0, 25, 400, 30)
        try expectDetermined(root)
    }

    @Test("margins-relative and baseline-relative stacks park hidden views inside the margins")
    func marginsAndBaselines() throws {
        let a = item("a", 100, 20), b = item("b", 100, 20), c = item("c", 100, 20)
        a.lastBaselineOffsetFromBottom = 4
        c.firstBaselineOffsetFromTop = 15
        let stack = StackView(id: "stack", axis: .vertical, spacing: 10, alignment: .leading, arrangedSubviews: [a, b, c])
        stack.isBaselineRelativeArrangement = true
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading.trailing == root~)
        b.isHidden = true
        a.isHidden = true
        try root.layoutIfNeeded()
        expectFrame(a, 2, 1, 100, 0)                // the margins' top-leading corner
        expectFrame(b, 2, 1, 100, 0)
        expectFrame(c, 2, 1, 100, 20)
        expectFrame(stack, 0, 0, 400, 24)
        try expectDetermined(root)

        a.isHidden = false                          // c's first baseline (its top + 15) = a's last (17) + 10
        try root.layoutIfNeeded()
        expectFrame(a, 2, 1, 100, 20)
        expectFrame(b, 2, 16.5, 100, 0)             // mid-way between a's bottom (21) and c's top (12)
        expectFrame(c, 2, 12, 100, 20)
        try expectDetermined(root)
    }

    @Test("a hidden view's length is held at zero by its two hiding rows at 999; nothing required sizes it")
    func hidingRowsAreSoft() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20)
        let stack = Tails.stack(.horizontal, spacing: 8, alignment: .top) { a; b }
        let root = column(stack)
        b.isHidden = true
        try root.layoutIfNeeded()
        let lengthRows = stack.arrangementConstraints.filter { $0.firstItem === b && $0.firstAttribute == .width && $0.secondItem == nil }
        let hiding = lengthRows.filter { $0.label == "\(stack.name) hiding" }
        #expect(hiding.count == 2 && hiding.allSatisfy { $0.priority == 999 })
        #expect(hiding.allSatisfy { $0.constant.value(for: .width, direction: .leftToRight) == 0 })
        #expect(!lengthRows.contains { $0.priority.isRequired })
        // The hiding rows hold; what gives way is b's compression resistance (750) and a's hugging.
        #expect(try root.unsatisfiedConstraints().allSatisfy { $0.constraint.priority < 999 })
        expectFrame(a, 0, 0, 380, 20)               // fill: the last visible view takes the rest
        expectFrame(b, 380, 0, 0, 20)               // after the last visible view: the stack's end

        b.isHidden = false                          // the same rows stand back
        try root.layoutIfNeeded()
        let hidingRows: [LayoutConstraint] = stack.arrangementConstraints.filter {
            $0.label == "\(stack.name) hiding" && $0.firstItem === b
        }
        #expect(hidingRows.allSatisfy { abs($0.constant.value(for: .width, direction: .leftToRight)) == 10_000_000 })
        expectFrame(b, 58, 0, 322, 20)
    }

    @Test("every row of a stack is labelled with the stack's name and its role, whatever the name's characters")
    func rowLabelsNameTheStack() throws {
        for id in ["s", "stack", "Übersicht — ستون 📦 with a long name"] {
            let a = item("a", 50, 20), b = item("b", 60, 20)
            let stack = StackView(id: id, axis: .horizontal, spacing: 8, alignment: .center)
            stack.addArrangedSubview(a)
            stack.addArrangedSubview(b)
            let root = column(stack)
            try root.layoutIfNeeded()
            let roles = Set(stack.arrangementConstraints.map { constraint -> String in
                let text = constraint.label ?? ""
                #expect(text.hasPrefix(stack.name + " "), "\(text)")
                return String(text.dropFirst(stack.name.count + 1))
            })
            #expect(roles == ["canvas", "spacing", "hiding", "fill order", "alignment", "spanning boundary", "fit",
                              "ambiguity suppression"])
        }
    }

    // MARK: - UIKit's frames by hand

    /// A horizontal stack 380 × 280 (a 400 × 300 root inset by 10), spacing 8, of a (50 × 20),
    /// b (60 × 30) and c (40 × 25), with b hidden: UIKit puts b, zero wide, in the middle of the
    /// gap between a and c. By hand, per distribution: a's and c's frames along the axis, and b's x.
    private static let middleByHand: [(StackDistribution, a: (x: Double, width: Double), c: (x: Double, width: Double), bX: Double)] = [
        (.fill, (0, 50), (58, 322), 54),                          // c, the last, takes 380 − 50 − 8
        (.fillEqually, (0, 186), (194, 186), 190),                // (380 − 8) / 2 each
        (.fillProportionally, (0, 372.0 * 50 / 90), (8 + 372.0 * 50 / 90, 372.0 * 40 / 90), 4 + 372.0 * 50 / 90),
        (.equalSpacing, (0, 50), (340, 40), 195),                 // one gap of 380 − 90
        (.equalCentering, (0, 50), (340, 40), 195),               // two visible views: ends at the edges
    ]

    /// b's y and height across the axis (280 tall), per alignment: its own height (30) unless fill.
    private static let acrossByHand: [(StackAlignment, y: Double, height: Double)] = [
        (.fill, 0, 280), (.top, 0, 30), (.leading, 0, 30), (.center, 125, 30), (.bottom, 250, 30), (.trailing, 250, 30),
        (.firstBaseline, 0, 30),                                  // baselines at the tops (offset 0): all tops at 0
    ]

    @Test("UIKit's frames by hand: a hidden view between two visible ones sits mid-gap, every distribution and alignment",
          arguments: StackDistribution.allCases)
    func middleOfTheGapByHand(distribution: StackDistribution) throws {
        let row = Self.middleByHand.first { $0.0 == distribution }!
        for (alignment, y, height) in Self.acrossByHand {
            let built = build(.horizontal, distribution, alignment, .leftToRight, ids: ["a", "b", "c"])
            let (a, b, c) = (built.views[0], built.views[1], built.views[2])
            b.isHidden = true
            try built.root.layoutIfNeeded()
            let context = "\(distribution) \(alignment)"
            #expect(approx(b.frame, Rect(x: row.bX, y: y, width: 0, height: height)), "\(context): b \(b.frame)")
            #expect(approx(a.frame.minX, row.a.x) && approx(a.frame.width, row.a.width), "\(context): a \(a.frame)")
            #expect(approx(c.frame.minX, row.c.x) && approx(c.frame.width, row.c.width), "\(context): c \(c.frame)")
            try expectDetermined(built.root)
        }
    }

    @Test("UIKit's frames by hand: hidden views before the first visible one sit at the stack's start, after the last at its end",
          arguments: StackDistribution.allCases)
    func endsByHand(distribution: StackDistribution) throws {
        for (hidden, expectedX) in [(0, 0.0), (2, 380.0)] {
            let built = build(.horizontal, distribution, .top, .leftToRight, ids: ["a", "b", "c"])
            built.views[hidden].isHidden = true
            try built.root.layoutIfNeeded()
            let across = Self.sizes[hidden].2
            #expect(approx(built.views[hidden].frame, Rect(x: expectedX, y: 0, width: 0, height: across)),
                    "\(distribution) hiding \(hidden): \(built.views[hidden].frame)")
            try expectDetermined(built.root)
        }
        // A run of two hidden views between a and c (vertical, spacing 8, 280 tall): both mid-gap.
        let views = [item("a", 100, 20), item("b", 100, 30), item("x", 100, 10), item("c", 100, 40)]
        let stack = StackView(id: "stack", axis: .vertical, spacing: 8, distribution: distribution, alignment: .fill,
                              arrangedSubviews: views)
        let root = column(stack)
        views[1].isHidden = true
        views[2].isHidden = true
        try root.layoutIfNeeded()
        let gapMiddle = (views[0].frame.maxY + views[3].frame.minY) / 2
        #expect(approx(views[1].frame, Rect(x: 0, y: gapMiddle, width: 380, height: 0)), "\(distribution): \(views[1].frame)")
        #expect(approx(views[2].frame, Rect(x: 0, y: gapMiddle, width: 380, height: 0)), "\(distribution): \(views[2].frame)")
        switch distribution {
        case .fillEqually: expectFrame(views[1], 0, 44, 380, 0)     // a as tall as c (40); c starts at 48
        default: expectFrame(views[1], 0, 24, 380, 0)               // a ends at 20; c starts 8 later, at 28
        }
        try expectDetermined(root)
    }

    // MARK: - Every distribution, alignment, axis and direction

    /// Sizes along, then across the horizontal axis.
    private static let sizes: [(String, Double, Double)] = [("a", 50, 20), ("b", 60, 30), ("c", 40, 25)]

    private struct Built {
        let root: View
        let stack: StackView
        let views: [View]
    }

    /// A stack of `ids` (from ``sizes``) filling a 400 × 300 root inset by 10 (380 × 280).
    private func build(_ axis: LayoutAxis, _ distribution: StackDistribution, _ alignment: StackAlignment,
                       _ direction: LayoutDirection, ids: [String]) -> Built {
        let views = Self.sizes.filter { ids.contains($0.0) }.map { id, along, across in
            axis == .horizontal ? item(id, along, across) : item(id, across, along)
        }
        let stack = StackView(id: "stack", axis: axis, spacing: 8, distribution: distribution, alignment: alignment,
                              arrangedSubviews: views)
        let root = makeRoot()
        root.layoutDirection = direction
        root.addSubview(stack)
        Tails.install(stack~.edges == root~ + EdgeInsets(10))
        return Built(root: root, stack: stack, views: views)
    }

    private static let hiddenSets: [Set<Int>] = [[0], [1], [2], [0, 1], [1, 2], [0, 2], [0, 1, 2]]

    @Test("hidden views take no room and have exact frames; showing them gives a fresh layout's frames",
          arguments: [LayoutAxis.horizontal, .vertical], StackDistribution.allCases)
    func everyArrangement(axis: LayoutAxis, distribution: StackDistribution) throws {
        let horizontal = axis == .horizontal
        var alignments: [StackAlignment] = [.fill, .leading, .center, .trailing]
        if horizontal { alignments.append(.firstBaseline) }
        let (width, height) = (380.0, 280.0)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            for alignment in alignments {
                let fresh = build(axis, distribution, alignment, direction, ids: ["a", "b", "c"])
                let freshFrames = try fresh.root.layoutSnapshot()
                for hiddenSet in Self.hiddenSets {
                    let context = "\(axis) \(distribution) \(alignment) \(direction) hiding \(hiddenSet.sorted())"
                    let built = build(axis, distribution, alignment, direction, ids: ["a", "b", "c"])
                    for index in hiddenSet { built.views[index].isHidden = true }
                    try built.root.layoutIfNeeded()
                    #expect(!(try built.root.hasAmbiguousLayout), "\(context)")

                    // The visible views: as in a stack that arranges only them.
                    let visibleIDs = (0..<3).filter { !hiddenSet.contains($0) }.map { Self.sizes[$0].0 }
                    let reference = build(axis, distribution, alignment, direction, ids: visibleIDs)
                    try reference.root.layoutIfNeeded()
                    for (view, expected) in zip(built.views.filter { !$0.isHidden }, reference.views) {
                        #expect(approx(view.frame, expected.frame), "\(context): \(view.id ?? "") \(view.frame)")
                    }

                    // The hidden ones: zero length in the middle of the gap between the visible views
                    // around them, at the canvas's start before the first visible view and at its end
                    // after the last; aligned across like the others.
                    let firstVisibleTop = built.views.first { !$0.isHidden }?.frame.minY
                    let rightToLeft = horizontal && direction == .rightToLeft
                    func startEdge(_ frame: Rect) -> Double { horizontal ? (rightToLeft ? frame.maxX : frame.minX) : frame.minY }
                    func endEdge(_ frame: Rect) -> Double { horizontal ? (rightToLeft ? frame.minX : frame.maxX) : frame.maxY }
                    let canvasStart = rightToLeft ? width : 0.0
                    let canvasEnd = horizontal ? (rightToLeft ? 0 : width) : height
                    for (index, view) in built.views.enumerated() where view.isHidden {
                        let frame = view.frame
                        let before = built.views[..<index].last { !$0.isHidden }
                        let after = built.views[(index + 1)...].first { !$0.isHidden }
                        let start: Double
                        switch (before, after) {
                        case let (a?, b?): start = (endEdge(a.frame) + startEdge(b.frame)) / 2
                        case (nil, _): start = canvasStart
                        case (_?, nil): start = canvasEnd
                        }
                        let across = Self.sizes[index].2
                        let crossExtent = horizontal ? height : width
                        // Across: the start of the cross axis is the top, or the leading side.
                        let crossFromStart: (origin: Double, size: Double)
                        switch alignment {
                        case .fill: crossFromStart = (0, crossExtent)
                        case .leading, .top: crossFromStart = (0, across)
                        case .center: crossFromStart = ((crossExtent - across) / 2, across)
                        case .trailing, .bottom: crossFromStart = (crossExtent - across, across)
                        case .firstBaseline, .lastBaseline: crossFromStart = (firstVisibleTop ?? 0, across)
                        }
                        let expected: Rect
                        if horizontal {
                            expected = Rect(x: start, y: crossFromStart.origin, width: 0, height: crossFromStart.size)
                        } else {
                            let x = direction == .rightToLeft
                                ? width - crossFromStart.origin - crossFromStart.size : crossFromStart.origin
                            expected = Rect(x: x, y: start, width: crossFromStart.size, height: 0)
                        }
                        #expect(approx(frame, expected), "\(context): \(view.id ?? "") \(frame), expected \(expected)")
                    }

                    // Shown again: exactly the frames of a fresh layout.
                    for view in built.views { view.isHidden = false }
                    try built.root.layoutIfNeeded()
                    let shown = try built.root.layoutSnapshot()
                    for (view, freshView) in zip(built.views, fresh.views) {
                        #expect(approx(shown[view.key] ?? .zero, freshFrames[freshView.key] ?? .zero), "\(context)")
                    }
                }
            }
        }
    }
}
