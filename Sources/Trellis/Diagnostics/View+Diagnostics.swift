/// Layout diagnostics: conflicts with source lines, an opt-in recovery, ambiguity, explanations,
/// sensitivity and violated constraints.
///
/// Each runs the layout pass of this view's subtree with this view as the root (as
/// ``View/layoutSnapshot()`` does: nothing is written to the views; the pass reuses the view's
/// solver, so it costs nothing when nothing changed), then analyses the solver's optimum. None of
/// it runs during a normal ``View/layoutIfNeeded()``.
extension View {
    // MARK: - The engine

    /// Runs the pass (nothing written) and returns the engine; a conflict is thrown.
    func diagnosedEngine() throws -> LayoutEngine {
        try checkRootFrame()
        let layoutPass = rootLayoutPass()
        _ = try layoutPass.run(root: self, mode: .frame(frame))
        return layoutPass.engine
    }

    /// Runs `work` with the engine's solver, turning solver errors into ``LayoutError``.
    func withSolver<T>(_ engine: LayoutEngine,
                               _ work: (Solver, [ObjectIdentifier: LayoutConstraint]) throws -> T) throws -> T {
        let (solver, sources) = engine.diagnosticState
        do {
            return try work(solver, sources)
        } catch TrellisError.unsatisfiable(let conflict) {
            throw LayoutError.unsatisfiable(conflict: conflict.compactMap { sources[ObjectIdentifier($0)]?.info })
        } catch let error as TrellisError {
            throw LayoutError.solverFailure(error)
        }
    }

    // MARK: - Conflicts and recovery

    /// Every minimal set of required constraints that cannot hold together, with their labels
    /// and the source lines where they were written (empty when the layout is satisfiable).
    /// Unlike the error of ``layoutIfNeeded()``, which names one conflict, this lists one per
    /// independent part of the layout (the two axes, separate subtrees).
    ///
    /// ```swift
    /// for conflict in try root.layoutConflicts() {
    ///     for info in conflict { print(info, info.location?.description ?? "") }
    /// }
    /// ```
    /// - Throws: ``LayoutError`` for problems other than a conflict.
    public func layoutConflicts() throws -> [[ConstraintInfo]] {
        try checkRootFrame()
        let layoutPass = rootLayoutPass(), engine = layoutPass.engine
        do {
            _ = try layoutPass.run(root: self, mode: .frame(frame))
            return []
        } catch LayoutError.unsatisfiable {
            return try withSolver(engine) { solver, sources in
                try solver.conflicts().map { $0.compactMap { sources[ObjectIdentifier($0)]?.info } }
            }
        }
    }

    /// Lays out like ``layoutIfNeeded()``; with `recoveringFromConflicts`, when required
    /// constraints conflict, it **recovers** like Auto Layout: one member of the minimal conflict
    /// — the one ``ConstraintInfo/memberToBreak(in:)`` names: never the root's frame, a written
    /// constraint before one the pass made, the one written last first — is relaxed to priority
    /// 999, the layout is laid out again (stacks and measured views included), and this repeats
    /// while another conflict appears (at most ``maximumRecoveries`` times). The frames are
    /// written and the report says what was broken and by how much; the relaxed priorities are
    /// restored before the call returns. `trellis layout` and `trellis explain --recover` follow
    /// the same rule, so the same screen breaks the same constraint everywhere.
    ///
    /// Recovery is opt-in and never the default: without it a conflict throws
    /// ``LayoutError/unsatisfiable(conflict:)`` and nothing is written.
    ///
    /// ```swift
    /// if let recovery = try root.layoutIfNeeded(recoveringFromConflicts: true) {
    ///     print(recovery)     // the conflicts, then "box.width == 500 (Screen.swift:10) is off by 180"
    /// }
    /// ```
    /// - Returns: nil when nothing conflicted.
    /// - Throws: ``LayoutError``; ``LayoutError/unsatisfiable(conflict:)`` when a conflict has no
    ///   member that may be broken (only the root's frame and rows the pass made).
    @discardableResult
    public func layoutIfNeeded(recoveringFromConflicts: Bool) throws -> ConflictRecovery<ConstraintInfo>? {
        let (snapshot, recovery) = try layoutSnapshot(recoveringFromConflicts: recoveringFromConflicts)
        snapshot.apply(to: self)
        return recovery
    }

    /// How many conflicts one recovering layout resolves before it gives up (each relaxes one constraint).
    public static let maximumRecoveries = 64

    /// Like ``layoutIfNeeded(recoveringFromConflicts:)`` but returns the frames instead of
    /// writing them.
    ///
    /// ```swift
    /// let (snapshot, recovery) = try root.layoutSnapshot(recoveringFromConflicts: true)
    /// ```
    public func layoutSnapshot(recoveringFromConflicts: Bool) throws -> (snapshot: LayoutSnapshot, recovery: ConflictRecovery<ConstraintInfo>?) {
        guard recoveringFromConflicts else { return (try layoutSnapshot(), nil) }
        try checkRootFrame()
        let layoutPass = rootLayoutPass(), engine = layoutPass.engine
        let mode = LayoutEngine.Mode.frame(frame)
        var conflicts: [[ConstraintInfo]] = [], relaxed: [ConstraintInfo] = [], restore: [() -> Void] = []
        defer { for undo in restore.reversed() { undo() } }
        for _ in 0...Self.maximumRecoveries {
            do {
                let snapshot = try layoutPass.run(root: self, mode: mode)
                guard !conflicts.isEmpty else { return (snapshot, nil) }
                let original = Dictionary(relaxed.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                // A content-size row is made again at its new priority (another id, the same text + " @999").
                let broken = try unsatisfiedConstraints().compactMap { violation in
                    violation.mapConstraint { info in
                        original[info.id] ?? relaxed.first { $0.isImplicit && $0.label == info.label && info.text.hasPrefix($0.text) }
                    }
                }
                return (snapshot, ConflictRecovery(conflicts: conflicts, relaxed: relaxed, broken: broken,
                                                   priority: ConstraintInfo.recoveryPriority))
            } catch LayoutError.unsatisfiable(let conflict) {
                conflicts.append(conflict)
                guard let member = ConstraintInfo.memberToBreak(in: conflict),
                      let undo = relax(member, engine: engine) else { throw LayoutError.unsatisfiable(conflict: conflict) }
                relaxed.append(member)
                restore.append(undo)
            }
        }
        throw LayoutError.unsatisfiable(conflict: conflicts.last ?? [])
    }

    /// Lowers a conflict member to ``ConstraintInfo/recoveryPriority``; returns how to undo it, or
    /// nil when it cannot be relaxed. A content-size row relaxes its view's priority on that axis.
    private func relax(_ member: ConstraintInfo, engine: LayoutEngine) -> (() -> Void)? {
        guard let source = engine.diagnosticState.1.values.first(where: { $0.id == member.id }) else { return nil }
        let level = ConstraintInfo.recoveryPriority
        guard source.isImplicit else {
            let old = source.priority
            source.priority = level
            return { source.priority = old }
        }
        guard let view = source.firstItem as? View, let attribute = source.firstAttribute,
              attribute == .width || attribute == .height else { return nil }
        let axis: LayoutAxis = attribute == .width ? .horizontal : .vertical
        switch member.label {
        case "content hugging":
            let old = view.contentHuggingPriority(for: axis)
            view.setContentHuggingPriority(level, for: axis)
            return { view.setContentHuggingPriority(old, for: axis) }
        case "compression resistance":
            let old = view.contentCompressionResistancePriority(for: axis)
            view.setContentCompressionResistancePriority(level, for: axis)
            return { view.setContentCompressionResistancePriority(old, for: axis) }
        default:
            return nil
        }
    }

    // MARK: - Violations

    /// The soft constraints the layout does not satisfy (content hugging and compression
    /// resistance included), by how much: highest priority first, then largest first.
    ///
    /// ```swift
    /// for violation in try root.unsatisfiedConstraints() {
    ///     print(violation)    // "content hugging: title.width <= 120 @250 is off by 35"
    /// }
    /// ```
    /// - Throws: ``LayoutError`` (a conflict included).
    public func unsatisfiedConstraints() throws -> [Violation<ConstraintInfo>] {
        let engine = try diagnosedEngine()
        return try withSolver(engine) { solver, sources in
            solver.violations().compactMap { violation in violation.mapConstraint { sources[ObjectIdentifier($0)]?.info } }
        }
    }

    // MARK: - Ambiguity

    /// The items of the subtree with their own variables (system guides use their view's).
    func diagnosedItems() -> [LayoutItem] {
        LayoutScope(root: self).items.filter { $0.base().left === $0.variables.left }
    }

    /// Whether the layout of this view's subtree (laid out with this view as the root, as
    /// ``layoutIfNeeded()`` does) leaves some frame undetermined: an item whose `left`, `top`,
    /// `width` or `height` is not decided by the constraints — Auto Layout's
    /// `hasAmbiguousLayout`, exact, for the whole subtree. Stops at the first undetermined attribute.
    /// Also true when measured views locked in a tie between equal priorities
    /// (``measurementTies()``), although the final layout's own constraints then decide every frame.
    ///
    /// ```swift
    /// if try root.hasAmbiguousLayout {
    ///     print(try root.ambiguityReport())
    /// }
    /// ```
    /// - Throws: ``LayoutError`` (a conflict included).
    public var hasAmbiguousLayout: Bool {
        get throws {
            let engine = try diagnosedEngine()
            let variables = diagnosedItems().flatMap { item in
                [item.variables.left, item.variables.top, item.variables.width, item.variables.height]
            }
            if try withSolver(engine, { solver, _ in try solver.hasAmbiguity(among: variables) }) { return true }
            return try !measurementTies(items: diagnosedItems(), final: engine, undetermined: []).isEmpty
        }
    }

    /// Every undetermined frame attribute of the subtree with the range it can take (positions
    /// relative to this view). See `AmbiguityReport`. A width that measurement locked in after a
    /// tie (``measurementTies()``) is listed too, with its value in the layout and its range in
    /// the pass's first round, and each such tie adds a remark naming the competing constraints
    /// and the fix.
    ///
    /// ```swift
    /// let report = try root.ambiguityReport()
    /// for entry in report.entries { print(entry) }   // "badge.left = 0, can be anywhere in [0, 40]"
    /// ```
    /// - Throws: ``LayoutError`` (a conflict included).
    public func ambiguityReport() throws -> AmbiguityReport<ItemAttribute> {
        let engine = try diagnosedEngine()
        let items = diagnosedItems()
        var owner: [UInt64: (item: LayoutItem, attribute: LayoutAttribute)] = [:]
        var variables: [Variable] = []
        for item in items {
            for (variable, attribute) in [(item.variables.left, LayoutAttribute.left), (item.variables.top, .top),
                                          (item.variables.width, .width), (item.variables.height, .height)] {
                owner[variable.id] = (item, attribute)
                variables.append(variable)
            }
        }
        let report = try withSolver(engine) { solver, _ in try solver.ambiguityReport(for: variables) }
        var entries = report.entries.map { entry -> AmbiguityReport<ItemAttribute>.Entry in
            let (item, attribute) = owner[entry.subject.id]!
            let shift = attribute == .left ? frame.minX : attribute == .top ? frame.minY : 0
            return .init(subject: ItemAttribute(item: item.key, name: item.name, attribute: attribute),
                         value: entry.value - shift + 0, minimum: entry.minimum - shift, maximum: entry.maximum - shift)
        }
        // Widths that look determined because measurement locked in a tie: their first-round ranges.
        let ties = try measurementTies(items: items, final: engine, undetermined: Set(report.entries.map(\.subject.id)))
        for width in ties.flatMap(\.widths) where !entries.contains(where: { $0.subject == width.subject }) {
            entries.append(width)
        }
        let order = Dictionary(variables.enumerated().map { index, variable in
            let (item, attribute) = owner[variable.id]!
            return (ItemAttribute(item: item.key, name: item.name, attribute: attribute), index)
        }, uniquingKeysWith: { a, _ in a })
        entries.sort { order[$0.subject, default: .max] < order[$1.subject, default: .max] }
        let remarks = ties.map { AmbiguityReport<ItemAttribute>.Remark(subjects: $0.widths.map(\.subject), text: $0.description) }
        return AmbiguityReport(entries: entries, checkedCount: variables.count, certifiedCount: report.certifiedCount,
                               linearProgramCount: report.linearProgramCount, remarks: remarks)
    }

    // MARK: - Explain

    /// Why `attribute` of `item` is where it is: the layout constraints that hold it (labels and
    /// source lines included), how it follows each one's constant, and its range when it is not
    /// determined. Positions are relative to this view (the root).
    ///
    /// ```swift
    /// print(try root.explain(title, .width))
    /// // title.width = 120, held by 2 constraints:
    /// //   compression resistance: title.width >= 120 @750: holds exactly; moves it by 1 per +1 of its constant
    /// //   content hugging: title.width <= 120 @250: holds exactly; moves it by 1 per +1 of its constant
    /// ```
    /// - Throws: ``LayoutError`` (a conflict included).
    public func explain(_ item: LayoutItem, _ attribute: LayoutAttribute) throws -> Explanation<ConstraintInfo> {
        let engine = try diagnosedEngine()
        let expression = item.expression(for: attribute)
        // Positions are reported relative to the root: shift by the root's origin.
        var lefts = Set<UInt64>(), tops = Set<UInt64>()
        for scoped in LayoutScope(root: self).items {
            lefts.insert(scoped.variables.left.id)
            tops.insert(scoped.variables.top.id)
        }
        var shift = 0.0
        for term in expression.terms {
            if lefts.contains(term.variable.id) { shift += term.coefficient * frame.minX }
            if tops.contains(term.variable.id) { shift += term.coefficient * frame.minY }
        }
        let explanation = try withSolver(engine) { solver, _ in
            try solver.explain(expression, subject: "\(item.name).\(attribute)")
        }
        let (_, sources) = engine.diagnosticState
        // A layout constraint `lhs OP rhs + c` lowers to `lhs - rhs - c OP 0`: its constant moves
        // opposite to the solver constraint's, and so do the value's sensitivity and the price.
        let reasons = explanation.reasons.compactMap { reason -> Explanation<ConstraintInfo>.Reason? in
            guard let source = sources[ObjectIdentifier(reason.constraint)] else { return nil }
            return .init(constraint: source.info, role: reason.role, violation: reason.violation, side: reason.side,
                         sensitivity: -reason.sensitivity + 0, price: -reason.price + 0, priceLevel: reason.priceLevel)
        }
        return Explanation(subject: explanation.subject, value: explanation.value - shift + 0,
                           minimum: explanation.minimum - shift, maximum: explanation.maximum - shift, reasons: reasons)
    }

    // MARK: - Sensitivity

    /// How far the constant of `constraint` (the number written in it) can move while the layout
    /// keeps its shape, and which constraint changes state at each end.
    ///
    /// ```swift
    /// let range = try root.sensitivity(of: gap)
    /// print(range)   // "this layout holds while the constant of … is in [0, 24]; …"
    /// ```
    /// - Throws: ``LayoutError``; ``LayoutError/solverFailure(_:)`` wrapping
    ///   `TrellisError.unknownConstraint(_:)` when the constraint is not part of this layout.
    public func sensitivity(of constraint: LayoutConstraint) throws -> SensitivityRange<ConstraintInfo> {
        let engine = try diagnosedEngine()
        return try sensitivity(engine, quantity: "the constant of \(constraint.info)") { $0 === constraint }
    }

    /// How far the root's width and height (this view's frame size) can move while the layout
    /// keeps its shape: "this layout holds while root width ≥ 392".
    ///
    /// ```swift
    /// let (width, height) = try root.rootSizeSensitivity()
    /// width.lowerBound    // 392: narrower, and some constraint changes state
    /// print(width)        // "this layout holds while root width ≥ 392; below 392, …"
    /// ```
    /// - Throws: ``LayoutError`` (a conflict included).
    public func rootSizeSensitivity() throws -> (width: SensitivityRange<ConstraintInfo>, height: SensitivityRange<ConstraintInfo>) {
        let engine = try diagnosedEngine()
        func isRoot(_ attribute: LayoutAttribute) -> (LayoutConstraint) -> Bool {
            { [self] source in
                source.isImplicit && source.firstItem === self && source.firstAttribute == attribute && source.rhs.isEmpty
                    && source.relation == .equal && source.priority.isRequired
            }
        }
        return (try sensitivity(engine, quantity: "root width", matching: isRoot(.width)),
                try sensitivity(engine, quantity: "root height", matching: isRoot(.height)))
    }

    private func sensitivity(_ engine: LayoutEngine, quantity: String,
                             matching: (LayoutConstraint) -> Bool) throws -> SensitivityRange<ConstraintInfo> {
        let (solver, sources) = engine.diagnosticState
        guard let (id, source) = sources.first(where: { matching($0.value) }),
              let lowered = solver.constraints.first(where: { ObjectIdentifier($0) == id }) else {
            throw LayoutError.solverFailure(.numericalFailure("the constraint is not part of the layout of \(name)"))
        }
        let range = try withSolver(engine) { solver, _ in try solver.sensitivity(of: lowered) }
        // The layout constant c lowers to -c (plus fixed offsets): c' = c - (k' - k).
        let value = source.isImplicit && source.firstAttribute == .width && quantity == "root width" ? frame.width
            : source.isImplicit && source.firstAttribute == .height && quantity == "root height" ? frame.height
            : source.resolvedConstant
        func limit(_ limit: SensitivityRange<Constraint>.Limit?) -> SensitivityRange<ConstraintInfo>.Limit? {
            limit.map { .init(constraint: $0.constraint.flatMap { sources[ObjectIdentifier($0)]?.info }, event: $0.event) }
        }
        return SensitivityRange(constraint: source.info, quantity: quantity, constant: value,
                                 lowerBound: value - (range.upperBound - range.constant),
                                 upperBound: value + (range.constant - range.lowerBound),
                                 lowerLimit: limit(range.upperLimit), upperLimit: limit(range.lowerLimit))
    }
}
