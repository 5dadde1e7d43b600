import TrellisSolver

extension View {
    /// The solver constraints of this view's layout, each with the layout constraint it lowers
    /// (a DSL or document constraint, or one the pass made: root frame, content hugging,
    /// compression resistance), in the order the layout constraints were made (creation order,
    /// then the solver's order) — what `trellis layout --export-system` writes out. The solver's
    /// own order depends on which rows earlier passes removed (in hash order), so it is not used
    /// alone: two exports of one document are the same file.
    ///
    /// Lays the subtree out first, as ``layoutSnapshot()`` does (one solve, or the passes stacks,
    /// layout sets and measured views need), so the constraints are those of the final pass. A
    /// conflict is not an error here: the constraints are returned as written, the conflicting
    /// ones included, so that solving them shows the conflict. Rows a stack holds back in the
    /// current state (a visible view's hiding rows and the like, ``LayoutConstraint/isStackRowStandingBack``)
    /// are left out: they never bind, and would only add a priority level to the export.
    ///
    /// - Throws: ``LayoutError`` other than ``LayoutError/unsatisfiable(conflict:)``.
    package func loweredConstraints() throws -> [(row: Constraint, source: LayoutConstraint)] {
        let layoutPass = rootLayoutPass()
        do {
            _ = try layoutPass.run(root: self, mode: .frame(frame))
        } catch LayoutError.unsatisfiable {
            // The constraints are in the solver all the same.
        }
        let (solver, sources) = layoutPass.engine.diagnosticState
        let rows = solver.constraints.enumerated().compactMap { position, row in
            sources[ObjectIdentifier(row)].flatMap { source in
                source.isStackRowStandingBack ? nil : (row: row, source: source, position: position)
            }
        }
        return rows.sorted { ($0.source.id, $0.position) < ($1.source.id, $1.position) }.map { ($0.row, $0.source) }
    }
}
