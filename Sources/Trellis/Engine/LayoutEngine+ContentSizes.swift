/// Content-size changes on the incremental route: a view whose ``View/intrinsicContentSize``
/// changed (assigned, or ``View/invalidateIntrinsicContentSize()`` — a label's new text) moves
/// the constants of the hugging and compression rows it has, like a measured size that changed
/// between rounds, instead of lowering every constraint again.
extension LayoutEngine {
    /// Notes that `view`'s content size may have changed: the next solve lowers its content-size
    /// rows again (and the constraints that read its baselines), nothing else — unless an axis
    /// gained or lost its content size, which needs rows added or dropped (a full lowering).
    func markContentSizeChanged(_ view: View) {
        if needsLowering { return }          // everything is lowered again anyway
        // Once a view: the constraints reading its baselines were noted with it, and one
        // activated since marks everything for lowering.
        guard changedContentViews.insert(view) else { return }
        // The offsets of its baselines are constants of the constraints that name them (a
        // label's new text may have another first line): those are lowered again too.
        for constraint in Self.constraintsReadingBaselines(of: view) { markChanged(constraint) }
    }

    /// The active constraints that name a baseline of `view`: its own (stored on it) and the superview shorthands of its
    /// subviews and guides (`child~.firstBaseline == superview`, stored on the child).
    static func constraintsReadingBaselines(of view: View) -> [LayoutConstraint] {
        // (Most views — a label among a stack's rows — have none: asked first, nothing is made.)
        guard mayHaveConstraintsReadingBaselines(of: view) else { return [] }
        var found: [LayoutConstraint] = []
        // (Straight over the operands and items: no list of them is made per constraint or
        // view — every label of a text change passes here.)
        func reads(_ operands: [LayoutConstraint.Operand], through superviewOf: Bool) -> Bool {
            for operand in operands where operand.attribute.isBaseline {
                switch operand.target {
                case .item(let box) where !superviewOf && box.value === view: return true
                case .superviewOf(let box) where superviewOf && box.value?.shorthandParent === view: return true
                default: continue
                }
            }
            return false
        }
        func collect(from item: LayoutItem, through superviewOf: Bool) {
            for constraint in item.storedConstraints.values where constraint.namesBaseline && constraint.isActive
                && reads(constraint.operands, through: superviewOf) {
                found.append(constraint)
            }
        }
        collect(from: view, through: false)
        for subview in view.subviews { collect(from: subview, through: true) }
        for guide in view.layoutGuides { collect(from: guide, through: true) }
        return found
    }

    /// Whether a constraint stored on `view`, a subview or a guide of it names a baseline.
    private static func mayHaveConstraintsReadingBaselines(of view: View) -> Bool {
        if view.storedConstraints.namesBaseline() { return true }
        for subview in view.subviews where subview.storedConstraints.namesBaseline() { return true }
        for guide in view.layoutGuides where guide.storedConstraints.namesBaseline() { return true }
        return false
    }

    /// The hugging and compression rows of `view` moved to content size `size` (from `before`,
    /// the size they were lowered with, when known: an axis where it equals `size` is left alone).
    ///
    /// Straight to the constants, nothing lowered: such a row is `length - value` over the
    /// view's own length, as ``ConstraintLowering/lower(_:direction:)`` makes it, and it keeps its
    /// terms, relation and priority while only constants change (a priority change is a full
    /// lowering). A row of another shape, or a value the solver cannot take, goes the general
    /// way (lowered as a spec: its error names the row).
    func moveContentRows(of view: View, to size: Size, from before: Size?, scope: LayoutScope,
                         into changes: inout RowChanges) throws {
        for axis in LayoutAxis.allCases {
            let value = axis == .horizontal ? size.width : size.height
            if let before, value == (axis == .horizontal ? before.width : before.height) { continue }
            try moveContentRow(of: view, axis, hugging: true, to: value, scope: scope, into: &changes)
            try moveContentRow(of: view, axis, hugging: false, to: value, scope: scope, into: &changes)
        }
    }

    private func moveContentRow(of view: View, _ axis: LayoutAxis, hugging: Bool, to value: Double, scope: LayoutScope,
                                into changes: inout RowChanges) throws {
        let role: ImplicitRole = hugging ? .hugging(axis) : .compression(axis)
        let key = RowKey.implicit(view.key, role)
        // As the lowering computes it: -value plus the length's offset, which is 0 for a view's
        // own length (a system guide's lengths have offsets; a view's base is not made here).
        // The `+ 0` keeps a zero constant +0, as the lowering's is.
        let constant = -value + 0
        // (The row's objects not retained: ``RowTable/unretainedEntry(forKey:)``.)
        guard NumberCheck.isUsable(constant), let row = rows.unretainedEntry(forKey: key),
              let current = row.constraint._withUnsafeGuaranteedRef({
                  $0.constant(ifOnlyVariableWithID: axis == .horizontal ? view.variables.width.id : view.variables.height.id)
              })
        else {
            let size = axis == .horizontal ? Size(width: value, height: -1) : Size(width: -1, height: value)
            guard let spec = ImplicitRows.contentSpecs(view, size: size).first(where: { $0.role == role }) else { return }
            let lowered = try ConstraintLowering.lower(spec, direction: scope.direction(of: view))
            place(key, lowered, old: rows[key], into: &changes, spec: spec) { spec.makeConstraint() }
            return
        }
        if current == constant { return }
        row.source._withUnsafeGuaranteedRef { $0.constant = LayoutConstant(value) }
        changes.constantChanges.append(RowChanges.ConstantChange(key: key, constant: constant, source: nil))
    }
}
