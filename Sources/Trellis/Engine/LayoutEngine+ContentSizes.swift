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
        if !changedContentViews.contains(where: { $0 === view }) { changedContentViews.append(view) }
        // The offsets of its baselines are constants of the constraints that name them (a
        // label's new text may have another first line): those are lowered again too.
        for constraint in Self.constraintsReadingBaselines(of: view) { changedConstraints.append(constraint) }
    }

    /// The active constraints that name a baseline of `view`: its own (stored on it) and the superview shorthands of its
    /// subviews and guides (`child~.firstBaseline == superview`, stored on the child).
    static func constraintsReadingBaselines(of view: View) -> [LayoutConstraint] {
        var found: [LayoutConstraint] = []
        func reads(_ constraint: LayoutConstraint, through superviewOf: Bool) -> Bool {
            for operand in constraint.lhs + constraint.rhs
            where operand.attribute == .firstBaseline || operand.attribute == .lastBaseline {
                switch operand.target {
                case .item(let box) where !superviewOf && box.value === view: return true
                case .superviewOf(let box) where superviewOf && box.value?.shorthandParent === view: return true
                default: continue
                }
            }
            return false
        }
        for constraint in view.storedConstraints.values where constraint.isActive && reads(constraint, through: false) {
            found.append(constraint)
        }
        for item in view.subviews as [LayoutItem] + view.layoutGuides {
            for constraint in item.storedConstraints.values where constraint.isActive && reads(constraint, through: true) {
                found.append(constraint)
            }
        }
        return found
    }
}
