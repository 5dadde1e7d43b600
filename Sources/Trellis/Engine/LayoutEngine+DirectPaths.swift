import TrellisSolver

/// The two direct routes of ``LayoutEngine/solve(root:mode:contentSizes:budget:)``: a pass after
/// which only the root's frame changed (a resize), or only constants of lowered constraints
/// (`update(constant:)`), moves the rows the solver holds to their new constants — no scope
/// collected, no implicit specs, no ``RowChanges`` — as the general route would change them;
/// and the general route's own constant moves (``RowChanges/ConstantChange``), every row's
/// objects read without retaining them.
extension LayoutEngine {
    /// The kept scope when the root's frame is all that changed since the last lowering (a
    /// resize: no constraint, content size, hierarchy or mode change); the root rows whose
    /// value moved then take their new constants in the solver directly. Nil when anything else
    /// changed, or a new value is unusable: the general route then lowers what is left (the rows
    /// changed here already match their entries) and reports the unusable value.
    func resizedScope(root: View, mode: Mode) throws -> LayoutScope? {
        guard !needsLowering, changedConstraints.isEmpty, changedContentViews.isEmpty, case .frame(let frame) = mode,
              case .frame(let old)? = loweredMode, contentSizes.equals(&loweredSizes),
              let scope = loweredScope?.attached(to: root) else { return nil }
        var reached = old      // the frame the root's rows hold
        do {
            for edge in RootEdge.allCases {
                let value = edge.value(in: frame)
                if value == edge.value(in: old) { continue }
                guard NumberCheck.isUsable(RootEdge.rowConstant(value)),
                      let slot = rows.index(forKey: .implicit(root.key, .root(edge))) else {
                    loweredMode = .frame(reached)
                    return nil
                }
                try moveConstant(ofRowAt: slot, key: .implicit(root.key, .root(edge)), to: RootEdge.rowConstant(value))
                rows.values[slot].source.constant = LayoutConstant(value)
                reached = edge.setting(value, in: reached)
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        loweredMode = mode
        statistics.incrementalLowerings += 1
        statistics.directPasses += 1
        return scope
    }

    /// The kept scope when constant changes of lowered constraints (`update(constant:)`) are all
    /// that changed since the last lowering (no structural, content size, hierarchy or mode
    /// change); each changed constraint is lowered again as the general route lowers it — the
    /// same typed constant, multipliers, insets and pairing — and, when only its constant moved,
    /// takes it in the solver directly. Nil when anything else changed (a priority, an inactive
    /// or unknown constraint, an invalid constant): the general route then lowers what is left
    /// (the rows changed here already match their entries) and reports any problem.
    func constantChangedScope(root: View, mode: Mode) throws -> LayoutScope? {
        guard !needsLowering, !changedConstraints.isEmpty, changedConstraints.count <= 16, changedContentViews.isEmpty,
              loweredMode == mode,
              contentSizes.equals(&loweredSizes), let scope = loweredScope?.attached(to: root) else { return nil }
        do {
            for index in changedConstraints.indices {
                let constraint = changedConstraints[index]
                // Each once (a group update names a few; no set for so few).
                if changedConstraints[..<index].contains(where: { $0 === constraint }) { continue }
                let key = RowKey.explicit(ObjectIdentifier(constraint))
                // (A stack's row that stands back now leaves the solver: the general route takes
                // its row out, where moving its constant would pin a view millions of points away.)
                guard constraint.isActive, let slot = rows.index(forKey: key),
                      !constraint.mayStandBack || !constraint.isStackRowStandingBack else { return nil }
                // Its constant alone changed: that constant is all there is to lower. (What that
                // cannot judge, the full lowering below gives up on too.)
                if let constant = constantLoweredAlone(of: constraint, in: scope) {
                    if constant != rows.values[slot].constraint.expression.constant {
                        try moveConstant(ofRowAt: slot, key: key, to: constant)
                    }
                    continue
                }
                guard let lowered = try? ConstraintLowering.lower(constraint, in: scope) else { return nil }
                let entry = rows.values[slot]
                if lowered.matches(entry.constraint) { continue }
                guard lowered.matchesExceptConstant(entry.constraint) else { return nil }
                try moveConstant(ofRowAt: slot, key: key, to: lowered.expression.constant)
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        forgetChangedConstraints()
        statistics.incrementalLowerings += 1
        statistics.directPasses += 1
        return scope
    }

    /// Moves the constant of the row at `slot` of ``rows`` (under `key`) in the solver: the
    /// entry keeps the constraint the solver holds then (the same object when it moved in
    /// place), and a substitution reading the row takes the new constant.
    private func moveConstant(ofRowAt slot: Int, key: RowKey, to constant: Double) throws {
        // (Not retained: the rows hold it through the call; nothing is handed back when it moved in place.)
        let row = Unmanaged.passUnretained(rows.values[slot].constraint)
        if let moved = try row._withUnsafeGuaranteedRef({ try solver.moveConstantReplacing($0, to: constant) }) {
            rows.values[slot] = RowEntry(source: rows.values[slot].source, constraint: moved)
        }
        noteConstantMoved(key)
    }

    /// Makes a constant change (``RowChanges/ConstantChange``): the row under `key` in ``rows``
    /// moves to `constant` in the solver and stands for `source` (nil: its entry's) — in place
    /// in ``rows`` for an incremental lowering, into the next rows for a full one. Nothing is
    /// written (or retained) when the constant moved in the row's own object for the same source
    /// in an incremental lowering, the usual case.
    func moveConstant(ofRowUnder key: RowKey, to constant: Double, source: LayoutConstraint?,
                      in changes: inout RowChanges, solver: Solver) throws {
        guard let row = rows.unretainedEntry(forKey: key) else {
            preconditionFailure("a constant change of a row the engine does not hold")
        }
        // (Not retained: the rows hold it through the call, and nothing the solver does reaches them.)
        let replacement = try row.constraint._withUnsafeGuaranteedRef { try solver.moveConstantReplacing($0, to: constant) }
        guard replacement != nil || source != nil || !changes.incremental else { return }
        let entry = rows.values[row.slot]
        record(key, RowEntry(source: source ?? entry.source, constraint: replacement ?? entry.constraint), in: &changes)
    }
}
