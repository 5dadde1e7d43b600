/// The rows of one ``StackView``: UIStackView's constraints (canvas, spacing, distribution,
/// alignment; see ``StackDistribution`` and ``StackAlignment``) with gaps written as rows over
/// neighbouring edges, and the rows that place hidden arranged views. Each row comes with the
/// rule its constant follows (``StackConstantRule``): the stack makes its rows once per
/// structure (``StackStructure``) and moves their constants when spacings, hidden flags or
/// content sizes change.
struct StackArrangement {
    /// `coefficient × item.attribute`, written straight into the constraint (no intermediate
    /// row: making a thousand stacks' rows was a quarter of a stack screen's first pass).
    typealias Term = LayoutConstraint.Operand

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
    /// The rows that hold a hidden view's length at zero: below required, so that a hidden view
    /// whose own constraints demand a length keeps it (the stack makes room for it) instead of
    /// making the layout unsatisfiable.
    static let hidingPriority: Priority = 999
    /// How far a row that does not apply in the current state stands back (a visible view's
    /// hiding rows, a hidden view's spanning boundaries): far beyond any screen, so it never binds.
    static let inertLength = 10_000_000.0

    /// A row's constraint — or, for a row that stands back in the state the rows are made for
    /// (``StackConstantRule/mayStandBack``: a visible view's hiding rows and the like), the
    /// identity reserved for it at its place among the rows: the stack makes it
    /// (``standingRow(_:constant:id:)``) when it first binds or is asked for. (Most of a
    /// settings form's stacks' rows stand back for good: making them was a quarter of making
    /// the rows.)
    enum Slot {
        case made(LayoutConstraint)
        case standingBack(LayoutConstraint.ID)
    }

    /// A row: its constraint (or the identity kept for it), the rule its constant follows and
    /// the constant it has.
    struct Row {
        let slot: Slot
        let constant: Double
        let rule: StackConstantRule
    }

    /// The stack (unowned: a stack keeps the arrangement its rows were made by, to make the
    /// rows it left unmade).
    unowned(unsafe) let stack: StackView
    /// The arranged views, hidden ones included, in order.
    let views: [View]
    /// The state the rows are made for.
    let state: StackState
    /// Where the stack was made: the location of its rows (when `hasLocation`), kept as a plain
    /// value — each row copies it, and an optional one is copied through the runtime's generic
    /// value witness (see ``LayoutConstraint/location``).
    let location: CodeLocation
    let hasLocation: Bool
    /// The stack's axis and arrangement within its margins when the arrangement was made (a row
    /// made later is made as its siblings were, whatever the stack's properties are by then).
    private let horizontal: Bool
    private let marginsRelative: Bool

    /// The arrangement of `views` in `stack` in `state`; `labels`: those of an earlier
    /// arrangement of the same rows (see ``StackView``'s rows left unmade).
    init(stack: StackView, views: [View], state: StackState, location: CodeLocation?, labels: Labels = Labels()) {
        self.stack = stack
        self.labels = labels
        self.views = views
        self.state = state
        self.location = location ?? .nowhere
        self.hasLocation = location != nil
        self.horizontal = stack.axis == .horizontal
        self.marginsRelative = stack.isLayoutMarginsRelativeArrangement
    }
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
    private var canvas: LayoutItem { marginsRelative ? stack.layoutMarginsGuide : stack }

    /// Whether the stack chains every arranged view, hidden ones included, with gaps that follow
    /// the hidden flags (``StackConstantRule/chainGap(_:)``): gaps between edges in a fill,
    /// fill-equally or fill-proportionally stack. Other stacks (equal spacing or centring,
    /// baseline-relative gaps) chain their visible views and place each run of hidden views
    /// with rows of its own, made again when the hidden flags change.
    static func chainsHiddenViews(_ stack: StackView) -> Bool {
        switch stack.distribution {
        case .fill, .fillEqually, .fillProportionally:
            stack.axis == .horizontal || !stack.isBaselineRelativeArrangement
        case .equalSpacing, .equalCentering:
            false
        }
    }

    /// Whether the rows depend on which views are hidden (beyond their constants): then a
    /// hidden toggle makes the rows again. Only a ``StackDistribution/fill`` stack that chains
    /// its views and aligns them by edges or centres takes hidden toggles as constant changes.
    static func rowsFollowHiddenFlags(_ stack: StackView) -> Bool {
        guard stack.distribution == .fill, chainsHiddenViews(stack) else { return true }
        return stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
    }

    /// Whether hidden toggles move constants only (see ``StackConstantRule``): every arranged
    /// view then has hiding rows and spanning boundaries whose constants follow its hidden flag.
    /// Otherwise the rows are made again at a toggle, and only hidden views have hiding rows and
    /// only visible ones spanning boundaries.
    private var hidingByConstants: Bool { !Self.rowsFollowHiddenFlags(stack) && state.lastVisible != nil }

    /// Each role's label, made once per arrangement and shared by its rows (a string made per
    /// row was a tenth of making a stack's rows).
    let labels: Labels

    /// The row `lhs relation rhs + constant` of `role`; its constant follows `rule`.
    private func row(_ role: StaticString, _ lhs: [Term], _ relation: Relation, _ rhs: [Term] = [], constant: Double = 0,
                     priority: Priority = .required, rule: StackConstantRule = .fixed, problem: String? = nil) -> Row {
        row(role, rhs.isEmpty ? lhs : lhs + rhs, left: lhs.count, relation, constant: constant, priority: priority,
            rule: rule, problem: problem)
    }

    /// A row of one term a side (most of a stack's rows: edges to the canvas, alignment), its
    /// two operands one list made here: one allocation for the row's operands.
    private func row(_ role: StaticString, _ lhs: Term, _ relation: Relation, _ rhs: Term, constant: Double = 0,
                     priority: Priority = .required, rule: StackConstantRule = .fixed, problem: String? = nil) -> Row {
        row(role, [lhs, rhs], left: 1, relation, constant: constant, priority: priority, rule: rule, problem: problem)
    }

    /// A row whose operands are `operands`, the first `left` of them the left side.
    private func row(_ role: StaticString, _ operands: [Term], left: Int, _ relation: Relation, constant: Double,
                     priority: Priority, rule: StackConstantRule, problem: String?) -> Row {
        let value = rule == .fixed ? constant : state.constant(rule)
        let constraint = make(role, operands, left: left, relation, constant: value, priority: priority,
                              mayStandBack: rule.mayStandBack, problem: problem)
        return Row(slot: .made(constraint), constant: value, rule: rule)
    }

    /// The constraint of a row (`id`: the identity reserved for it, else a new one).
    private func make(_ role: StaticString, _ operands: [Term], left: Int, _ relation: Relation, constant: Double,
                      priority: Priority, mayStandBack: Bool, problem: String? = nil,
                      id: LayoutConstraint.ID? = nil) -> LayoutConstraint {
        let constraint = LayoutConstraint(operands: operands, lhsCount: left, relation: relation,
                                          constantAttribute: left > 0 ? operands[0].attribute : .width,
                                          constant: LayoutConstant(constant), priority: priority, label: label(role),
                                          writtenAt: location, hasLocation: hasLocation, problem: problem, id: id)
        constraint.mayStandBack = mayStandBack
        return constraint
    }

    /// The row of `rule`, one whose row may stand back (``StackConstantRule/mayStandBack``):
    /// left unmade, its identity reserved, when it stands back in the state.
    private func rowThatMayStandBack(_ rule: StackConstantRule) -> Row {
        let value = state.constant(rule)
        guard abs(value) != Self.inertLength else {
            return Row(slot: .standingBack(LayoutConstraint.reserveID()), constant: value, rule: rule)
        }
        return Row(slot: .made(standingRow(rule, constant: value)), constant: value, rule: rule)
    }

    /// The two rows of a view's pair (its hiding rows, its fill-order rows), each as
    /// ``rowThatMayStandBack(_:)`` makes it: when both are made, over one list of operands.
    private func pairThatMayStandBack(_ upper: StackConstantRule, _ lower: StackConstantRule, of index: Int,
                                      into rows: inout Rows) {
        let above = state.constant(upper), below = state.constant(lower)
        guard abs(above) != Self.inertLength, abs(below) != Self.inertLength else {
            rows.append(rowThatMayStandBack(upper))
            rows.append(rowThatMayStandBack(lower))
            return
        }
        let operands = [Term(views[index], length)]
        rows.append(Row(slot: .made(standingRow(upper, constant: above, operands: operands)), constant: above, rule: upper))
        rows.append(Row(slot: .made(standingRow(lower, constant: below, operands: operands)), constant: below, rule: lower))
    }

    /// The constraint of the row of `rule` — a hiding, fill-order or spanning row, one that may
    /// stand back — with `constant` (`id`: the identity reserved for it when it was left unmade;
    /// `operands`: the view's length, shared with the other row of its pair).
    func standingRow(_ rule: StackConstantRule, constant: Double, id: LayoutConstraint.ID? = nil,
                     operands shared: [Term]? = nil) -> LayoutConstraint {
        let role: StaticString, operands: [Term], relation: Relation, priority: Priority
        switch rule {
        case .hidingUpper(let index), .hidingLower(let index):
            (role, operands, priority) = ("hiding", shared ?? [Term(views[index], length)], Self.hidingPriority)
            relation = if case .hidingUpper = rule { .lessThanOrEqual } else { .greaterThanOrEqual }
        case .fillOrderUpper(let index), .fillOrderLower(let index):
            (role, operands, priority) = ("fill order", shared ?? [Term(views[index], length)], Self.tieBreakPriority)
            relation = if case .fillOrderUpper = rule { .lessThanOrEqual } else { .greaterThanOrEqual }
        case .spanning(let index, let sign):
            // (`<=` the canvas's cross end, or `>=` its cross start.)
            let attribute = sign > 0 ? crossEnd : crossStart
            (role, operands, priority) = ("spanning boundary", [Term(views[index], attribute), Term(canvas, attribute)], .required)
            relation = sign > 0 ? .lessThanOrEqual : .greaterThanOrEqual
        case .fixed, .spacing, .chainGap, .intrinsicLength:
            preconditionFailure("a \(rule) row never stands back")
        }
        return make(role, operands, left: 1, relation, constant: constant, priority: priority, mayStandBack: true, id: id)
    }

    /// The rows of a stack as the stack keeps them: three lists, parallel (made straight into
    /// them: a list of ``Row``s split into three afterwards retained and released each
    /// constraint twice more).
    struct Rows {
        private(set) var slots: [Slot] = []
        private(set) var rules: [StackConstantRule] = []
        private(set) var constants: [Double] = []

        mutating func reserveCapacity(_ count: Int) {
            slots.reserveCapacity(count)
            rules.reserveCapacity(count)
            constants.reserveCapacity(count)
        }

        mutating func append(_ row: Row) {
            slots.append(row.slot)
            rules.append(row.rule)
            constants.append(row.constant)
        }
    }

    /// Every row of the stack in its current state.
    func rows() -> Rows {
        var rows = Rows()
        rows.reserveCapacity(views.count * (hidingByConstants ? 9 : 5) + 4)
        guard !views.isEmpty else {
            fitRows(into: &rows)
            return rows
        }
        let visible = views.indices.filter { !state.hidden[$0] }
        guard !visible.isEmpty else {
            fitRows(into: &rows)
            hiddenRun(visible: visible, from: 0, to: views.count - 1, into: &rows)
            hidingRows(into: &rows)
            alignmentRows(fit: false, into: &rows)
            return rows
        }
        if Self.chainsHiddenViews(stack) {
            chainRows(into: &rows)
        } else {
            visibleGapRows(visible, into: &rows)
            for (first, last) in hiddenRuns() { hiddenRun(visible: visible, from: first, to: last, into: &rows) }
        }
        hidingRows(into: &rows)
        distributionRows(visible, into: &rows)
        alignmentRows(fit: true, into: &rows)
        return rows
    }

    /// Zero along and across at 51 (an empty stack, or one whose views are all hidden).
    private func fitRows(into rows: inout Rows) {
        rows.append(row("fit", [Term(stack, length)], .equal, priority: Self.fitPriority))
        rows.append(row("fit", [Term(stack, crossLength)], .equal, priority: Self.fitPriority))
    }

    // MARK: - Along the axis

    /// Every arranged view between the canvas's edges, neighbours `chainGap` apart.
    private func chainRows(into rows: inout Rows) {
        rows.append(row("canvas", Term(views[0], start), .equal, Term(canvas, start)))
        rows.append(row("canvas", Term(views[views.count - 1], end), .equal, Term(canvas, end)))
        for index in 0..<(views.count - 1) {
            rows.append(row("spacing", [Term(views[index + 1], start), Term(views[index], end, -1)], .equal,
                            rule: .chainGap(index)))
        }
    }

    /// The gap from visible view `a` to the next visible view `b`: `b.start - a.end` (baselines when asked).
    private func gap(_ a: Int, _ b: Int) -> [Term] {
        if !horizontal && stack.isBaselineRelativeArrangement {
            return [Term(views[b], .firstBaseline), Term(views[a], .lastBaseline, -1)]
        }
        return [Term(views[b], start), Term(views[a], end, -1)]
    }

    /// The first and last visible views at the canvas's edges, and the gaps between neighbouring
    /// visible views: the spacing (fill distributions), or at least it and as small as possible.
    private func visibleGapRows(_ visible: [Int], into rows: inout Rows) {
        rows.append(row("canvas", Term(views[visible[0]], start), .equal, Term(canvas, start)))
        rows.append(row("canvas", Term(views[visible[visible.count - 1]], end), .equal, Term(canvas, end)))
        for (a, b) in zip(visible, visible.dropFirst()) {
            switch stack.distribution {
            case .fill, .fillEqually, .fillProportionally:
                rows.append(row("spacing", gap(a, b), .equal, rule: .spacing(after: a)))
            case .equalSpacing, .equalCentering:
                rows.append(row("spacing", gap(a, b), .greaterThanOrEqual, rule: .spacing(after: a)))
                rows.append(row("compact", gap(a, b), .lessThanOrEqual, priority: Self.tieBreakPriority))
            }
        }
    }

    /// The runs of consecutive hidden views, first and last index of each.
    private func hiddenRuns() -> [(Int, Int)] {
        var runs: [(Int, Int)] = []
        var index = 0
        while index < views.count {
            guard state.hidden[index] else { index += 1; continue }
            var last = index
            while last + 1 < views.count, state.hidden[last + 1] { last += 1 }
            runs.append((index, last))
            index = last + 1
        }
        return runs
    }

    /// A run of hidden views `first...last` end to end, in the middle of the gap between the
    /// visible views around it — at the canvas's start when none comes before, at its end when
    /// none comes after (only the start when the stack has no visible view).
    private func hiddenRun(visible: [Int], from first: Int, to last: Int, into rows: inout Rows) {
        for index in first..<last {
            rows.append(row("hidden run", Term(views[index + 1], start), .equal, Term(views[index], end)))
        }
        let before = visible.last { $0 < first }, after = visible.first { $0 > last }
        switch (before, after) {
        case let (a?, b?):
            rows.append(row("hidden in the middle", [Term(views[first], start), Term(views[a], end, -1)], .equal,
                            [Term(views[b], start), Term(views[last], end, -1)]))
        case (nil, _):
            rows.append(row("hidden at the start", Term(views[first], start), .equal, Term(canvas, start)))
        case (_?, nil):
            rows.append(row("hidden at the end", Term(views[last], end), .equal, Term(canvas, end)))
        }
    }

    /// Each arranged view's length held at zero while it is hidden (``StackConstantRule/hidingUpper(_:)``).
    private func hidingRows(into rows: inout Rows) {
        guard hidingByConstants else {
            for (index, view) in views.enumerated() where state.hidden[index] {
                rows.append(row("hiding", [Term(view, length)], .equal, priority: Self.hidingPriority))
            }
            return
        }
        for index in views.indices {
            pairThatMayStandBack(.hidingUpper(index), .hidingLower(index), of: index, into: &rows)
        }
    }

    private func distributionRows(_ visible: [Int], into rows: inout Rows) {
        switch stack.distribution {
        case .fill:
            // Ties (equal hugging or compression) go to the last visible view: the others prefer
            // their intrinsic length (the rule moves the preference with the hidden flags).
            for (index, view) in views.enumerated() where state.lengths[index] != nil {
                guard hidingByConstants else {
                    if !state.hidden[index] && index != state.lastVisible {
                        rows.append(row("fill order", [Term(view, length)], .equal, priority: Self.tieBreakPriority,
                                        rule: .intrinsicLength(index)))
                    }
                    continue
                }
                pairThatMayStandBack(.fillOrderUpper(index), .fillOrderLower(index), of: index, into: &rows)
            }
        case .fillEqually:
            equalLengthRows(visible.map { views[$0] }, into: &rows)
        case .fillProportionally:
            let sized = visible.compactMap { index in state.lengths[index].flatMap { $0 > 0 ? (views[index], $0) : nil } }
            if let reference = sized.first {
                for (view, value) in sized.dropFirst() {
                    rows.append(row("fill proportionally", Term(view, length, reference.1), .equal, Term(reference.0, length, value),
                                    priority: Self.proportionalPriority))
                }
            } else {
                equalLengthRows(visible.map { views[$0] }, into: &rows)
            }
        case .equalSpacing:
            for (a, b) in zip(visible.dropFirst(), visible.dropFirst(2)) {
                rows.append(row("equal spacing", gap(a, b), .equal, gap(visible[0], visible[1])))
            }
        case .equalCentering:
            // (c[i+1] - c[i]) == (c[1] - c[0]), centres along the axis as (start + end) / 2.
            func center(_ view: View, _ factor: Double) -> [Term] {
                [Term(view, start, factor / 2), Term(view, end, factor / 2)]
            }
            for (a, b) in zip(visible.dropFirst(), visible.dropFirst(2)) {
                let lhs = center(views[b], 1) + center(views[a], -1)
                let rhs = center(views[visible[1]], 1) + center(views[visible[0]], -1)
                rows.append(row("equal centering", lhs, .equal, rhs, priority: Self.equalCenteringPriority))
            }
        }
    }

    private func equalLengthRows(_ views: [View], into rows: inout Rows) {
        guard let first = views.first else { return }
        let side = Term(first, length)
        for view in views.dropFirst() {
            rows.append(row("fill equally", Term(view, length), .equal, side))
        }
    }

    // MARK: - Across the axis

    /// Every arranged view, hidden ones included, placed by the alignment; the spanning
    /// boundaries of hidden views stand back (``StackConstantRule/spanning(_:sign:)``), so they
    /// never widen a stack that hugs its views. With `fit`, the stack hugs its views (51) and
    /// views without content size shrink (25) — every alignment but fill.
    private func alignmentRows(fit: Bool, into rows: inout Rows) {
        let canvas = self.canvas
        // (Each row one list of two operands: the canvas's term made once, copied into each.)
        func align(_ attribute: LayoutAttribute) {
            let side = Term(canvas, attribute)
            for view in views { rows.append(row("alignment", Term(view, attribute), .equal, side)) }
        }
        func spanning(_ attribute: LayoutAttribute, _ relation: Relation) {
            guard hidingByConstants else {
                let side = Term(canvas, attribute)
                for index in views.indices where !state.hidden[index] {
                    rows.append(row("spanning boundary", Term(views[index], attribute), relation, side))
                }
                return
            }
            // (Made by ``standingRow(_:constant:id:)``, which reads the side from the sign.)
            assert(relation == .lessThanOrEqual ? attribute == crossEnd : attribute == crossStart)
            for index in views.indices {
                rows.append(rowThatMayStandBack(.spanning(index, sign: relation == .lessThanOrEqual ? 1 : -1)))
            }
        }
        switch stack.alignment {
        case .fill:
            align(crossStart)
            align(crossEnd)
            return
        case .leading, .top:
            align(crossStart)
            spanning(crossEnd, .lessThanOrEqual)
        case .trailing, .bottom:
            align(crossEnd)
            spanning(crossStart, .greaterThanOrEqual)
        case .center:
            align(crossCenter)
            spanning(crossStart, .greaterThanOrEqual)
        case .firstBaseline, .lastBaseline:
            guard horizontal else {
                rows.append(row("alignment", Term(stack, .width), .equal, Term(stack, .width),
                                problem: "\(stack.alignment) alignment needs a horizontal stack; \(stack.name) is vertical"))
                return
            }
            baselineRows(into: &rows)
        }
        if fit { rows.append(row("fit", [Term(stack, crossLength)], .equal, priority: Self.fitPriority)) }
        for view in views {
            rows.append(row("ambiguity suppression", [Term(view, crossLength)], .equal, priority: Self.suppressionPriority))
        }
    }

    /// Baselines equal to the first visible view's (required, hidden views too), the visible views
    /// within the canvas and pulled to its top (1); with every view hidden, the first one's top at
    /// the canvas's top.
    private func baselineRows(into rows: inout Rows) {
        let baseline: LayoutAttribute = stack.alignment == .firstBaseline ? .firstBaseline : .lastBaseline
        let reference = views.indices.first { !state.hidden[$0] }
        for (index, view) in views.enumerated() {
            if let reference, index != reference {
                rows.append(row("alignment", Term(view, baseline), .equal, Term(views[reference], baseline)))
            }
            guard !state.hidden[index] else { continue }
            rows.append(row("spanning boundary", Term(view, .top), .greaterThanOrEqual, Term(canvas, .top)))
            rows.append(row("spanning boundary", Term(view, .bottom), .lessThanOrEqual, Term(canvas, .bottom)))
            rows.append(row("baseline group at top", Term(view, .top), .equal, Term(canvas, .top), priority: Self.tieBreakPriority))
        }
        if reference == nil {
            for view in views {
                rows.append(row("alignment", Term(view, .top), .equal, Term(canvas, .top)))
            }
        }
    }
}
