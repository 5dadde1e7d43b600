import Testing
import Trellis
import TrellisTestSupport

/// Stacks: UIStackView's distributions and alignments as constraints, with hand-computed frames.
/// Unless said otherwise the stack fills a 400 × 300 root inset by 10, so it is 380 × 280.
@Suite("Stacks")
struct StackTests {
    /// A view with an intrinsic size.
    private func item(_ id: String, _ width: Double, _ height: Double) -> View {
        let view = View(id: id)
        view.intrinsicContentSize = Size(width: width, height: height)
        return view
    }

    /// A root with `stack` filling it inset by 10 (stack 380 × 280).
    private func place(_ stack: StackView, width: Double = 400, height: Double = 300) -> View {
        let root = makeRoot(width: width, height: height)
        root.addSubview(stack)
        Tails.install(stack~.edges == root~ + EdgeInsets(10))
        return root
    }

    // MARK: - Distributions

    @Test("fill: the view with the lower hugging priority takes the extra space")
    func fillHugging() throws {
        let a = item("a", 50, 20), b = item("b", 60, 30)
        a.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        let stack = Tails.stack(.horizontal, spacing: 8) { a; b }
        let root = place(stack)
        try root.layoutIfNeeded()
        expectFrame(stack, 10, 10, 380, 280)
        expectFrame(a, 0, 0, 50, 280)
        expectFrame(b, 58, 0, 322, 280)             // 380 − 50 − 8
        #expect(stack.arrangedSubviews.map(\.id) == ["a", "b"])
        #expect(a.superview === stack)
    }

    @Test("fill: with equal priorities the last view grows, and the last view shrinks")
    func fillTies() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20), c = item("c", 40, 20)
        let stack = Tails.stack(.horizontal, spacing: 10) { a; b; c }
        let root = place(stack)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 50, 280)
        expectFrame(b, 60, 0, 60, 280)
        expectFrame(c, 130, 0, 250, 280)            // 380 − 50 − 60 − 20

        root.frame = Rect(x: 0, y: 0, width: 150, height: 300)     // stack 130: 20 short
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 50, 280)
        expectFrame(b, 60, 0, 60, 280)
        expectFrame(c, 130, 0, 0, 280)              // 130 − 50 − 60 − 20 = 0
    }

    @Test("fillEqually: equal widths")
    func fillEqually() throws {
        let views = [item("a", 50, 20), item("b", 200, 20), View(id: "c")]
        let stack = Tails.stack(.horizontal, spacing: 10, distribution: .fillEqually) { views }
        let root = place(stack)
        try root.layoutIfNeeded()
        expectFrame(views[0], 0, 0, 120, 280)       // (380 − 20) / 3
        expectFrame(views[1], 130, 0, 120, 280)
        expectFrame(views[2], 260, 0, 120, 280)
    }

    @Test("fillProportionally: widths proportional to intrinsic widths")
    func fillProportionally() throws {
        let a = item("a", 100, 20), b = item("b", 200, 20), c = item("c", 100, 20)
        let stack = Tails.stack(.horizontal, spacing: 10, distribution: .fillProportionally) { a; b; c }
        let root = place(stack)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 90, 280)               // 360 × 1/4
        expectFrame(b, 100, 0, 180, 280)            // 360 × 2/4
        expectFrame(c, 290, 0, 90, 280)
    }

    @Test("fillProportionally without intrinsic sizes falls back to equal widths")
    func fillProportionallyFallback() throws {
        let views = addViews(["a", "b"], to: View())
        let stack = Tails.stack(.horizontal, spacing: 20, distribution: .fillProportionally) { views }
        let root = place(stack)
        try root.layoutIfNeeded()
        expectFrame(views[0], 0, 0, 180, 280)
        expectFrame(views[1], 200, 0, 180, 280)
    }

    @Test("equalSpacing: intrinsic widths, equal gaps")
    func equalSpacing() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20), c = item("c", 70, 20)
        let stack = Tails.stack(.horizontal, spacing: 8, distribution: .equalSpacing) { a; b; c }
        let root = place(stack)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 50, 280)
        expectFrame(b, 150, 0, 60, 280)             // gaps (380 − 180) / 2 = 100
        expectFrame(c, 310, 0, 70, 280)
        let rows = stack.arrangementConstraints.filter { $0.label == "\(stack.name) equal spacing" }
        #expect(rows.count == 1)
        #expect(rows[0].description.hasPrefix("\(stack.name) equal spacing: c.leading - b.trailing == b.leading - a.trailing (StackTests.swift:"))
    }

    @Test("equalSpacing: gaps never go below the spacing; views compress instead")
    func equalSpacingMinimum() throws {
        let a = item("a", 100, 20), b = item("b", 100, 20)
        b.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        let stack = Tails.stack(.horizontal, spacing: 30, distribution: .equalSpacing) { a; b }
        let root = place(stack, width: 220)         // stack 200
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 100, 280)
        expectFrame(b, 130, 0, 70, 280)
    }

    @Test("equalCentering: equal distances between centres")
    func equalCentering() throws {
        let a = item("a", 40, 20), b = item("b", 100, 20), c = item("c", 60, 20)
        let stack = Tails.stack(.horizontal, distribution: .equalCentering) { a; b; c }
        let root = place(stack, width: 420)         // stack 400
        try root.layoutIfNeeded()
        // centres 20 and 370; the middle one at 195
        expectFrame(a, 0, 0, 40, 280)
        expectFrame(b, 145, 0, 100, 280)
        expectFrame(c, 340, 0, 60, 280)
    }

    // MARK: - Alignments

    private func alignedRow(_ alignment: StackAlignment) throws -> (View, View) {
        let a = item("a", 50, 20), b = item("b", 60, 40)
        a.firstBaselineOffsetFromTop = 15
        b.firstBaselineOffsetFromTop = 30
        a.lastBaselineOffsetFromBottom = 5          // last baseline 15 below the top
        b.lastBaselineOffsetFromBottom = 10         // 30 below the top
        let stack = Tails.stack(.horizontal, spacing: 10, alignment: alignment) { a; b }
        let root = place(stack)
        try root.layoutIfNeeded()
        return (a, b)
    }

    @Test("alignment top / leading")
    func alignTop() throws {
        for alignment in [StackAlignment.top, .leading] {
            let (a, b) = try alignedRow(alignment)
            expectFrame(a, 0, 0, 50, 20)
            expectFrame(b, 60, 0, 320, 40)
        }
    }

    @Test("alignment center")
    func alignCenter() throws {
        let (a, b) = try alignedRow(.center)
        expectFrame(a, 0, 130, 50, 20)              // (280 − 20) / 2
        expectFrame(b, 60, 120, 320, 40)
    }

    @Test("alignment bottom / trailing")
    func alignBottom() throws {
        for alignment in [StackAlignment.bottom, .trailing] {
            let (a, b) = try alignedRow(alignment)
            expectFrame(a, 0, 260, 50, 20)
            expectFrame(b, 60, 240, 320, 40)
        }
    }

    @Test("alignment first and last baseline: baselines equal, the group at the top")
    func alignBaselines() throws {
        for alignment in [StackAlignment.firstBaseline, .lastBaseline] {
            let (a, b) = try alignedRow(alignment)
            expectFrame(a, 0, 15, 50, 20)           // baseline 30 = b's
            expectFrame(b, 60, 0, 320, 40)
        }
    }

    @Test("a stack not sized across its axis hugs its largest view")
    func crossHugging() throws {
        let a = item("a", 50, 20), b = item("b", 60, 40)
        let stack = Tails.stack(.horizontal, spacing: 10, alignment: .center) { a; b }
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading == root~ + EdgeInsets(10))
        try root.layoutIfNeeded()
        expectFrame(stack, 10, 10, 120, 40)
        expectFrame(a, 0, 10, 50, 20)
        expectFrame(b, 60, 0, 60, 40)
    }

    @Test("a vertical stack: top to bottom, aligned across on leading, centre and trailing")
    func vertical() throws {
        let a = item("a", 100, 20), b = item("b", 200, 30)
        let stack = Tails.stack(.vertical, spacing: 5, alignment: .leading) { a; b }
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading.trailing == root~ + EdgeInsets(10))
        try root.layoutIfNeeded()
        expectFrame(stack, 10, 10, 380, 55)
        expectFrame(a, 0, 0, 100, 20)
        expectFrame(b, 0, 25, 200, 30)

        stack.alignment = .center
        try root.layoutIfNeeded()
        expectFrame(a, 140, 0, 100, 20)
        expectFrame(b, 90, 25, 200, 30)

        stack.alignment = .trailing
        try root.layoutIfNeeded()
        expectFrame(a, 280, 0, 100, 20)
        expectFrame(b, 180, 25, 200, 30)

        stack.alignment = .fill
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 380, 20)
        expectFrame(b, 0, 25, 380, 30)
    }

    @Test("a horizontal stack runs leading to trailing: right to left in RTL layouts")
    func rightToLeft() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20)
        let stack = Tails.stack(.horizontal, spacing: 10, distribution: .equalSpacing, alignment: .top) { a; b }
        let root = place(stack)
        root.layoutDirection = .rightToLeft
        try root.layoutIfNeeded()
        expectFrame(a, 330, 0, 50, 20)
        expectFrame(b, 0, 0, 60, 20)
    }

    @Test("baseline alignment in a vertical stack is reported at the stack's line, never trapped")
    func baselineInVerticalStack() {
        let line = #line + 1
        let stack = Tails.stack(.vertical, alignment: .firstBaseline) { View(id: "a") }
        let root = place(stack)
        guard case .invalidConstraint(let info, let reason)? = layoutError(root) else {
            Issue.record("expected invalidConstraint")
            return
        }
        #expect(reason.contains("needs a horizontal stack"))
        #expect(info.location?.description == "StackTests.swift:\(line)")
    }

    // MARK: - Spacing, hiding, nesting, margins

    @Test("custom spacing after a view; hidden views take no room and their neighbours close up")
    func customSpacingAndHiding() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20), c = item("c", 40, 20)
        let stack = Tails.stack(.horizontal, spacing: 8, alignment: .top) {
            a
            Tails.spacing(20)
            b
            c
        }
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading == root~)
        try root.layoutIfNeeded()
        #expect(stack.customSpacing(after: a) == 20)
        #expect(stack.customSpacing(after: b) == nil)
        expectFrame(stack, 0, 0, 178, 20)           // 50 + 20 + 60 + 8 + 40
        expectFrame(b, 70, 0, 60, 20)
        expectFrame(c, 138, 0, 40, 20)

        b.isHidden = true                           // a and c: the custom spacing after a applies
        try root.layoutIfNeeded()
        expectFrame(stack, 0, 0, 110, 20)
        expectFrame(c, 70, 0, 40, 20)
        expectFrame(b, 60, 0, 0, 20)                // in the middle of the 20 gap, as UIKit places it
        // Nothing required holds b's width: only its hiding rows (999) do.
        #expect(!stack.arrangementConstraints.contains {
            $0.priority.isRequired && $0.firstItem === b && $0.firstAttribute == .width && $0.secondItem == nil
        })

        b.isHidden = false
        a.isHidden = true                           // b and c: the stack's spacing
        try root.layoutIfNeeded()
        expectFrame(stack, 0, 0, 108, 20)
        expectFrame(b, 0, 0, 60, 20)
        expectFrame(c, 68, 0, 40, 20)

        stack.setCustomSpacing(nil, after: a)
        stack.setCustomSpacing(2, after: b)
        try root.layoutIfNeeded()
        expectFrame(c, 62, 0, 40, 20)
    }

    @Test("an unchanged stack keeps its constraints between passes")
    func stableConstraints() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20)
        let stack = Tails.stack(.horizontal, spacing: 8) { a; b }
        let root = place(stack)
        try root.layoutIfNeeded()
        let first = stack.arrangementConstraints.map(\.id)
        try root.layoutIfNeeded()
        #expect(stack.arrangementConstraints.map(\.id) == first)
        stack.spacing = 9                           // a constant of the same rows moves
        try root.layoutIfNeeded()
        #expect(stack.arrangementConstraints.map(\.id) == first)
        #expect(stack.arrangementConstraints.contains { $0.constant.value(for: .width, direction: .leftToRight) == 9 })
        expectFrame(b, 59, 0, 321, 280)
    }

    @Test("stacks nest")
    func nesting() throws {
        let header = item("header", View.noIntrinsicMetric, 30)
        let footer = item("footer", View.noIntrinsicMetric, 30)
        let x = item("x", 40, 20), y = item("y", 60, 20)
        let outer = Tails.stack(.vertical, spacing: 5, id: "outer") {
            header
            Tails.stack(.horizontal, spacing: 10, id: "inner") { x; y }
            footer
        }
        let root = makeRoot()
        root.addSubview(outer)
        Tails.install(outer~.top.leading.trailing == root~)
        try root.layoutIfNeeded()
        let inner = try #require(outer.arrangedSubviews[1] as? StackView)
        expectFrame(outer, 0, 0, 400, 90)
        expectFrame(header, 0, 0, 400, 30)
        expectFrame(inner, 0, 35, 400, 20)
        expectFrame(x, 0, 0, 40, 20)
        expectFrame(y, 50, 0, 350, 20)
        expectFrame(footer, 0, 60, 400, 30)

        inner.isHidden = true
        try root.layoutIfNeeded()
        expectFrame(outer, 0, 0, 400, 65)
        expectFrame(footer, 0, 35, 400, 30)
    }

    @Test("baseline-relative vertical stacks and margins-relative arrangement")
    func baselineRelativeAndMargins() throws {
        let a = item("a", 100, 20), b = item("b", 100, 20)
        a.lastBaselineOffsetFromBottom = 4          // last baseline 16 below a's top
        b.firstBaselineOffsetFromTop = 15
        let stack = StackView(id: "stack", axis: .vertical, spacing: 10, alignment: .leading, arrangedSubviews: [a, b])
        stack.isBaselineRelativeArrangement = true
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading.trailing == root~)
        try root.layoutIfNeeded()
        expectFrame(a, 2, 1, 100, 20)
        expectFrame(b, 2, 12, 100, 20)              // b's first baseline (27) = a's last (17) + 10
        expectFrame(stack, 0, 0, 400, 35)           // 1 + 31 + 3
    }

    @Test("arranged views can be inserted, removed, and removing from the superview unarranges")
    func arrangedSubviewsEditing() throws {
        let a = item("a", 50, 20), b = item("b", 60, 20), c = item("c", 40, 20)
        let stack = StackView(axis: .horizontal, spacing: 10, alignment: .top)
        stack.addArrangedSubview(a)
        stack.addArrangedSubview(c)
        stack.insertArrangedSubview(b, at: 1)
        #expect(stack.arrangedSubviews.map(\.id) == ["a", "b", "c"])
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading == root~)
        try root.layoutIfNeeded()
        expectFrame(c, 130, 0, 40, 20)

        stack.removeArrangedSubview(b)              // still a subview, no longer arranged
        #expect(b.superview === stack)
        try root.layoutIfNeeded()
        expectFrame(c, 60, 0, 40, 20)

        c.removeFromSuperview()
        #expect(stack.arrangedSubviews.map(\.id) == ["a"])
        try root.layoutIfNeeded()
        expectFrame(stack, 0, 0, 50, 20)

        stack.insertArrangedSubview(stack, at: 0)   // a cycle: ignored
        stack.addArrangedSubview(root)
        #expect(stack.arrangedSubviews.map(\.id) == ["a"])

        // Moving to another stack leaves this one; coming back, a view is arranged once.
        let other = StackView(axis: .horizontal)
        root.addSubview(other)
        Tails.install(other~.top == root~.top + 100, other~.leading == root~)
        other.addArrangedSubview(a)
        #expect(stack.arrangedSubviews.isEmpty)
        stack.addArrangedSubview(c)
        stack.addArrangedSubview(a)
        stack.addArrangedSubview(c)                 // arranged already: moves to the end
        #expect(stack.arrangedSubviews.map(\.id) == ["a", "c"])
        #expect(other.arrangedSubviews.isEmpty)
        try root.layoutIfNeeded()
        expectFrame(a, 0, 0, 50, 20)
        expectFrame(c, 60, 0, 40, 20)
        expectFrame(stack, 0, 0, 100, 20)
    }

    @Test("an empty stack hugs to zero")
    func empty() throws {
        let stack = Tails.stack(.horizontal) {}
        let root = makeRoot()
        root.addSubview(stack)
        Tails.install(stack~.top.leading == root~ + EdgeInsets(5))
        try root.layoutIfNeeded()
        expectFrame(stack, 5, 5, 0, 0)
    }

    @Test("frames do not depend on the order views and constraints were made in", arguments: [false, true])
    func orderIndependence(reversed: Bool) throws {
        let ids = ["a", "b", "c"]
        var made: [String: View] = [:]
        for id in reversed ? ids.reversed() : ids {
            let view = item(id, 50, 20)
            view.setContentHuggingPriority(.defaultLow, for: .vertical)
            made[id] = view
        }
        let root = makeRoot(width: 300, height: 100)
        let stack = StackView(id: "stack", spacing: 10, alignment: .center)
        if reversed {
            root.addSubview(stack)
            Tails.install(stack~.edges == root~)
        }
        for id in ids { stack.addArrangedSubview(made[id]!) }
        if !reversed {
            root.addSubview(stack)
            Tails.install(stack~.edges == root~)
        }
        let snapshot = try root.layoutSnapshot()
        #expect(snapshot[id: "a"] == Rect(x: 0, y: 40, width: 50, height: 20))
        #expect(snapshot[id: "b"] == Rect(x: 60, y: 40, width: 50, height: 20))
        #expect(snapshot[id: "c"] == Rect(x: 120, y: 40, width: 180, height: 20))
    }

    @Test("builder control flow: if, else, for")
    func builderControlFlow() {
        let rows = (0..<3).map { View(id: "row\($0)") }
        let showFooter = false
        let stack = Tails.stack(.vertical) {
            for row in rows { row }
            if showFooter { View(id: "footer") } else { View(id: "placeholder") }
        }
        #expect(stack.arrangedSubviews.map(\.id) == ["row0", "row1", "row2", "placeholder"])
        #expect(stack.description.contains("(StackView vertical)"))
    }
}
