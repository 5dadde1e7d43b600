/// The rows of one ``StackView`` for one layout pass: UIStackView's constraints (canvas, spacing,
/// distribution, alignment; see ``StackDistribution`` and ``StackAlignment``) with gaps written
/// as rows over neighbouring edges, and the rows that park hidden arranged views (``hiddenRows()``).
struct StackArrangement {
    typealias Term = LinearRow.Term

    /// Stacks hug their largest view across the axis (UIKit's "spanning fit").
    static let fitPriority: Priority = 51
    /// Views without an intrinsic cross size shrink to zero (UIKit's "ambiguity suppression").
    static let suppressionPriority: Priority = 25
    /// Equal distances between centres (UIKit's value, below content hugging).
    static let equalCenteringPriority: Priority = 149
    /// Sizes proportional to intrinsic sizes.
    static let proportionalPriority: Priority = 999
    /// Tie-breaks that make otherwise ambiguous stacks deterministic.
    static let tieBreakPriority: Priority = 1
    /// The rows that park a hidden view: below required, so that a hidden view whose own
    /// constraints demand a size keeps that size instead of making the layout unsatisfiable.
    static let hidingPriority: Priority = 999

    /// A hidden arranged view and the visible arranged view before it (`nil`: none, the canvas start).
    struct Hidden {
        let view: View
        let after: View?
    }

    let stack: StackView
    /// The visible arranged views.
    let views: [View]
    /// The hidden arranged views, in order.
    let hidden: [Hidden]
    /// The minimum or exact gap after each view but the last.
    let spacings: [Double]
    let pass: PassContext

    private var horizontal: Bool { stack.axis == .horizontal }
    /// Along the axis: start edge, end edge, dimension.
    private var start: LayoutAttribute { horizontal ? .leading : .top }
    private var end: LayoutAttribute { horizontal ? .trailing : .bottom }
    private var length: LayoutAttribute { horizontal ? .width : .height }
    /// Across the axis.
    private var crossStart: LayoutAttribute { horizontal ? .top : .leading }
    private var crossEnd: LayoutAttribute { horizontal ? .bottom : .trailing }
    private var crossCenter: LayoutAttribute { horizontal ? .centerY : .centerX }
    private var crossLength: LayoutAttribute { horizontal ? .height : .width }
    /// The item the views are arranged in: the stack or its margins guide.
    private var canvas: LayoutItem { stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack }

    private func label(_ role: String) -> String { "\(stack.name) \(role)" }

    func rows() -> [LinearRow] {
        guard let first = views.first, let last = views.last else {
            return [LinearRow([Term(stack, length)], .equal, priority: Self.fitPriority, label: label("fit")),
                    LinearRow([Term(stack, crossLength)], .equal, priority: Self.fitPriority, label: label("fit"))]
                + hiddenRows()
        }
        var rows: [LinearRow] = [
            LinearRow([Term(first, start)], .equal, [Term(canvas, start)], label: label("canvas")),
            LinearRow([Term(last, end)], .equal, [Term(canvas, end)], label: label("canvas")),
        ]
        rows += distributionRows()
        rows += alignmentRows()
        rows += hiddenRows()
        return rows
    }

    // MARK: - Hidden views

    /// Rows that give every hidden arranged view a deterministic frame without touching the
    /// visible ones (UIKit's "hiding" constraints), all at ``hidingPriority``:
    /// - along the axis: zero length, starting where the visible view before it ends (at the
    ///   canvas start when there is none) — the gaps and the visible views are as if it were not
    ///   there;
    /// - across the axis: the stack's alignment (the canvas's cross edges for ``StackAlignment/fill``;
    ///   its cross start, centre or end; the first visible view's baseline, or the canvas top when
    ///   every view is hidden), and a zero cross size at ``suppressionPriority`` when its content
    ///   does not size it (every alignment but fill). Unlike the visible views it has no spanning
    ///   boundaries, so it never makes a stack that hugs its views larger.
    private func hiddenRows() -> [LinearRow] {
        var rows: [LinearRow] = []
        let canvas = self.canvas, priority = Self.hidingPriority
        func row(_ lhs: [Term], _ rhs: [Term] = [], _ role: String) {
            rows.append(LinearRow(lhs, .equal, rhs, priority: priority, label: label(role)))
        }
        let baseline: LayoutAttribute = stack.alignment == .lastBaseline ? .lastBaseline : .firstBaseline
        for entry in hidden {
            let view = entry.view
            row([Term(view, start)], [entry.after.map { Term($0, end) } ?? Term(canvas, start)], "hiding")
            row([Term(view, length)], [], "hiding")
            switch stack.alignment {
            case .fill:
                row([Term(view, crossStart)], [Term(canvas, crossStart)], "hidden alignment")
                row([Term(view, crossEnd)], [Term(canvas, crossEnd)], "hidden alignment")
            case .leading, .top:
                row([Term(view, crossStart)], [Term(canvas, crossStart)], "hidden alignment")
            case .trailing, .bottom:
                row([Term(view, crossEnd)], [Term(canvas, crossEnd)], "hidden alignment")
            case .center:
                row([Term(view, crossCenter)], [Term(canvas, crossCenter)], "hidden alignment")
            case .firstBaseline, .lastBaseline:
                // A vertical stack reports baseline alignment as an error (alignmentRows); pin the
                // cross start there so the hidden view is still determined.
                if horizontal, let reference = views.first {
                    row([Term(view, baseline)], [Term(reference, baseline)], "hidden alignment")
                } else {
                    row([Term(view, crossStart)], [Term(canvas, crossStart)], "hidden alignment")
                }
            }
            if stack.alignment != .fill {
                rows.append(LinearRow([Term(view, crossLength)], .equal, priority: Self.suppressionPriority,
                                      label: label("ambiguity suppression")))
            }
        }
        return rows
    }

    // MARK: - Along the axis

    /// The gap after view `index`, as terms: `next.start - view.end` (baselines when asked).
    private func gap(_ index: Int) -> [Term] {
        let view = views[index], next = views[index + 1]
        if !horizontal && stack.isBaselineRelativeArrangement {
            return [Term(next, .firstBaseline), Term(view, .lastBaseline, -1)]
        }
        return [Term(next, start), Term(view, end, -1)]
    }

    /// The intrinsic size of `view` along the axis, if it has one.
    private func intrinsicLength(of view: View) -> Double? {
        guard let size = pass.intrinsicSize(of: view) else { return nil }
        let value = horizontal ? size.width : size.height
        return value >= 0 && value.isFinite ? value : nil
    }

    private func distributionRows() -> [LinearRow] {
        var rows: [LinearRow] = []
        let gapCount = views.count - 1
        switch stack.distribution {
        case .fill, .fillEqually, .fillProportionally:
            for index in 0..<gapCount {
                rows.append(LinearRow(gap(index), .equal, constant: spacings[index], label: label("spacing")))
            }
        case .equalSpacing, .equalCentering:
            for index in 0..<gapCount {
                rows.append(LinearRow(gap(index), .greaterThanOrEqual, constant: spacings[index], label: label("spacing")))
                rows.append(LinearRow(gap(index), .lessThanOrEqual, priority: Self.tieBreakPriority, label: label("compact")))
            }
        }

        switch stack.distribution {
        case .fill:
            // Ties (equal hugging or compression) go to the last view: the others prefer their intrinsic size.
            for view in views.dropLast() {
                guard let value = intrinsicLength(of: view) else { continue }
                rows.append(LinearRow([Term(view, length)], .equal, constant: value, priority: Self.tieBreakPriority,
                                      label: label("fill order")))
            }
        case .fillEqually:
            rows += equalLengthRows(views)
        case .fillProportionally:
            let sized = views.compactMap { view in intrinsicLength(of: view).flatMap { $0 > 0 ? (view, $0) : nil } }
            if let reference = sized.first {
                for (view, value) in sized.dropFirst() {
                    rows.append(LinearRow([Term(view, length, reference.1)], .equal, [Term(reference.0, length, value)],
                                          priority: Self.proportionalPriority, label: label("fill proportionally")))
                }
            } else {
                rows += equalLengthRows(views)
            }
        case .equalSpacing:
            for index in stride(from: 1, to: gapCount, by: 1) {
                rows.append(LinearRow(gap(index), .equal, gap(0), label: label("equal spacing")))
            }
        case .equalCentering:
            // (c[i+1] - c[i]) == (c[1] - c[0]), centres along the axis as (start + end) / 2.
            func center(_ view: View, _ factor: Double) -> [Term] {
                [Term(view, start, factor / 2), Term(view, end, factor / 2)]
            }
            for index in stride(from: 1, to: gapCount, by: 1) {
                let lhs = center(views[index + 1], 1) + center(views[index], -1)
                let rhs = center(views[1], 1) + center(views[0], -1)
                rows.append(LinearRow(lhs, .equal, rhs, priority: Self.equalCenteringPriority, label: label("equal centering")))
            }
        }
        return rows
    }

    private func equalLengthRows(_ views: [View]) -> [LinearRow] {
        guard let first = views.first else { return [] }
        return views.dropFirst().map { view in
            LinearRow([Term(view, length)], .equal, [Term(first, length)], label: label("fill equally"))
        }
    }

    // MARK: - Across the axis

    private func alignmentRows() -> [LinearRow] {
        var rows: [LinearRow] = []
        let canvas = self.canvas
        func fitRows() {
            rows.append(LinearRow([Term(stack, crossLength)], .equal, priority: Self.fitPriority, label: label("fit")))
            for view in views {
                rows.append(LinearRow([Term(view, crossLength)], .equal, priority: Self.suppressionPriority,
                                      label: label("ambiguity suppression")))
            }
        }
        switch stack.alignment {
        case .fill:
            for view in views {
                rows.append(LinearRow([Term(view, crossStart)], .equal, [Term(canvas, crossStart)], label: label("alignment")))
                rows.append(LinearRow([Term(view, crossEnd)], .equal, [Term(canvas, crossEnd)], label: label("alignment")))
            }
        case .leading, .top:
            for view in views {
                rows.append(LinearRow([Term(view, crossStart)], .equal, [Term(canvas, crossStart)], label: label("alignment")))
                rows.append(LinearRow([Term(view, crossEnd)], .lessThanOrEqual, [Term(canvas, crossEnd)],
                                      label: label("spanning boundary")))
            }
            fitRows()
        case .trailing, .bottom:
            for view in views {
                rows.append(LinearRow([Term(view, crossEnd)], .equal, [Term(canvas, crossEnd)], label: label("alignment")))
                rows.append(LinearRow([Term(view, crossStart)], .greaterThanOrEqual, [Term(canvas, crossStart)],
                                      label: label("spanning boundary")))
            }
            fitRows()
        case .center:
            for view in views {
                rows.append(LinearRow([Term(view, crossCenter)], .equal, [Term(canvas, crossCenter)], label: label("alignment")))
                rows.append(LinearRow([Term(view, crossStart)], .greaterThanOrEqual, [Term(canvas, crossStart)],
                                      label: label("spanning boundary")))
            }
            fitRows()
        case .firstBaseline, .lastBaseline:
            let baseline: LayoutAttribute = stack.alignment == .firstBaseline ? .firstBaseline : .lastBaseline
            guard horizontal else {
                return [LinearRow([Term(stack, .width)], .equal, [Term(stack, .width)], label: label("alignment"),
                                  problem: "\(stack.alignment) alignment needs a horizontal stack; \(stack.name) is vertical")]
            }
            for (index, view) in views.enumerated() {
                if index > 0 {
                    rows.append(LinearRow([Term(view, baseline)], .equal, [Term(views[0], baseline)], label: label("alignment")))
                }
                rows.append(LinearRow([Term(view, .top)], .greaterThanOrEqual, [Term(canvas, .top)],
                                      label: label("spanning boundary")))
                rows.append(LinearRow([Term(view, .bottom)], .lessThanOrEqual, [Term(canvas, .bottom)],
                                      label: label("spanning boundary")))
                rows.append(LinearRow([Term(view, .top)], .equal, [Term(canvas, .top)], priority: Self.tieBreakPriority,
                                      label: label("baseline group at top")))
            }
            fitRows()
        }
        return rows
    }
}
