import TrellisSolver
import TrellisSupport

/// The general route's two lowerings (``LayoutEngine/solve(root:mode:contentSizes:budget:)``):
/// everything again in a scope collected anew, or only what changed since the last one (changed
/// constraints — their constants alone when that is all that changed — the root's rows and
/// content sizes); each lowered row placed against the row the solver holds under its key.
extension LayoutEngine {
    /// The constant of `constraint`'s row lowered alone (``ConstraintLowering/loweredConstant(of:in:scratch:)``)
    /// when that constant is all of it that changed since the row was made (not in
    /// ``fullyChanged``); nil otherwise, or when the full lowering must judge. (Both routes that
    /// lower changed constraints ask this first.)
    func constantLoweredAlone(of constraint: LayoutConstraint, in scope: LayoutScope) -> Double? {
        guard !fullyChanged.contains(ObjectIdentifier(constraint).tableKey) else { return nil }
        return ConstraintLowering.loweredConstant(of: constraint, in: scope, scratch: &constantScratch)
    }

    /// Compares a lowered constraint with the row under `key`: the same stays, a new constant
    /// is changed in place, anything else replaces the old row.
    func place(_ key: RowKey, _ lowered: LoweredRow, old: RowEntry?, into changes: inout RowChanges,
               spec: ImplicitSpec? = nil, source: () -> LayoutConstraint) {
        if let old {
            if lowered.matches(old.constraint) {
                if !changes.incremental { changes.next[key] = old }
                return
            }
            if lowered.matchesExceptConstant(old.constraint) {
                let made = old.source.isImplicit ? spec?.reusing(old.source) ?? source() : old.source
                changes.constantChanges.append(RowChanges.ConstantChange(key: key, constant: lowered.expression.constant,
                                                                         source: made === old.source ? nil : made))
                return
            }
            if changes.incremental { changes.removals.append(old.constraint) }
        }
        let made = source()
        var expression = lowered.expression
        if startsMovable(key, source: made) {
            let constant = expression.constant
            changes.movable.append(RowChanges.Movable(key: key, source: made, constant: constant))
            // Any other valid constant: the same magnitude, or 1 for 0.
            expression = LinearExpression(expression.terms, constant: constant == 0 ? 1 : -constant)
        }
        let constraint = Constraint(expression, lowered.relation, strength: lowered.strength, label: made.label)
        record(key, RowEntry(source: made, constraint: constraint), in: &changes)
        changes.additions.append(constraint)
    }

    /// Whether a new row's constant is likely to change from solve to solve: constraints from a
    /// `Tails.install` whose group someone keeps (to call ``ConstraintGroup/update(constant:)``
    /// on), and implicit rows as their kind says (``ImplicitRole/startsMovable(measured:measuring:)``).
    private func startsMovable(_ key: RowKey, source: LayoutConstraint) -> Bool {
        switch key {
        case .explicit:
            return source.keptGroupCount > 0
        case .implicit(_, let role):
            let measured = (source.firstItem as? View).map { contentSizes[ObjectIdentifier($0)] != nil } ?? false
            return role.startsMovable(measured: measured, measuring: !contentSizes.isEmpty)
        }
    }

    /// An incremental lowering: only the constraints that changed, the root, and content sizes
    /// that changed. (The rows change in place: should lowering throw, start over next time.)
    func lowerChanges(_ implicit: ImplicitChanges, scope: LayoutScope, into changes: inout RowChanges) throws {
        do {
            // Each once (a single change, the usual case, needs no table; a stack's moved rows
            // are hundreds, looked up by address: a `Set` hashed each with SipHash).
            var seen = IdentityTable(minimumCapacity: changedConstraints.count > 1 ? changedConstraints.count : 0)
            for constraint in changedConstraints where changedConstraints.count == 1
                || seen.insert(ObjectIdentifier(constraint).tableKey, 0).inserted {
                let id = ObjectIdentifier(constraint), key = RowKey.explicit(id)
                // (A stack's row that may stand back and has neither: one the stack made inactive,
                // standing back, and stored on its items when it first binds — new to the layout.)
                guard constraint.isActive, rows[key] != nil || standingBack.contains(id.tableKey) || constraint.mayStandBack
                else { continue }
                if constraint.isStackRowStandingBack {
                    // (Its row goes; a row without one stays without.)
                    if let old = rows.removeValue(forKey: key) { changes.removals.append(old.constraint) }
                    standingBack.insert(id.tableKey, 0)
                    continue
                }
                // Its constant alone changed, and it has a row: the row moves to the new constant.
                if let row = rows.unretainedEntry(forKey: key), let constant = constantLoweredAlone(of: constraint, in: scope) {
                    if constant != row.constraint._withUnsafeGuaranteedRef({ $0.expression.constant }) {
                        changes.constantChanges.append(RowChanges.ConstantChange(key: key, constant: constant, source: nil))
                    }
                    continue
                }
                guard let lowered = try ConstraintLowering.lower(constraint, in: scope) else { continue }
                // (Only a row that may stand back can be among those standing back.)
                if constraint.mayStandBack { standingBack.remove(id.tableKey) }
                place(key, lowered, old: rows[key], into: &changes) { constraint }
            }
            for spec in implicit.specs {
                let lowered = try ConstraintLowering.lower(spec, direction: scope.direction(of: spec.item))
                let key = RowKey.implicit(spec.item.key, spec.role)
                place(key, lowered, old: rows[key], into: &changes, spec: spec) { spec.makeConstraint() }
            }
            for change in implicit.contents {
                try moveContentRows(of: change.view, to: change.size, from: change.before, scope: scope, into: &changes)
            }
        } catch {
            reset()
            throw error
        }
    }

    /// A full lowering: the constraints written with the DSL, then the implicit rows
    /// (``ImplicitRows/all(scope:mode:contentSizes:)``); rows that are not made again are removed.
    func lowerEverything(scope: LayoutScope, mode: Mode, budget: PassBudget, limits: SolveLimits,
                                 into changes: inout RowChanges) throws {
        let active = scope.activeConstraints()
        let specs = ImplicitRows.all(scope: scope, mode: mode, contentSizes: contentSizes)
        // (A cold pass's table starts empty: sized at once, it is not grown and rehashed 15 times.)
        changes.next.reserveCapacity(max(rows.count, active.count + specs.count))
        if limits.maximumVariables != nil || limits.maximumConstraints != nil {
            let owned = scope.items.count(where: { !(($0 as? LayoutGuide)?.isSystemGuide ?? false) })
            try budget.checkSize(variables: 4 * owned, constraints: active.count + 4)
        }
        standingBack.removeAll()
        for constraint in active {
            if constraint.isStackRowStandingBack {
                standingBack.insert(ObjectIdentifier(constraint).tableKey, 0)
                continue
            }
            guard let lowered = try ConstraintLowering.lower(constraint, in: scope) else { continue }
            let key = RowKey.explicit(ObjectIdentifier(constraint))
            place(key, lowered, old: rows[key], into: &changes) { constraint }
        }
        if limits.maximumConstraints != nil {
            try budget.checkSize(variables: 0, constraints: active.count + specs.count)
        }
        for spec in specs {
            let lowered = try ConstraintLowering.lower(spec, direction: scope.direction(of: spec.item))
            let key = RowKey.implicit(spec.item.key, spec.role)
            place(key, lowered, old: rows[key], into: &changes, spec: spec) { spec.makeConstraint() }
        }
        var changedKeys = IdentityTable(minimumCapacity: changes.constantChanges.count)
        for change in changes.constantChanges { changedKeys.insert(RowTable.number(change.key), 0) }
        for (key, old) in rows where changes.next[key]?.constraint !== old.constraint && !changedKeys.contains(RowTable.number(key)) {
            changes.removals.append(old.constraint)
        }
    }
}
