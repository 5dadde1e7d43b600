import TrellisSolver

/// The reference the incremental-path tests compare against: a fresh `Solver` given `constraints`,
/// each edit variable added at its weight and suggested its value, and solved once.
package enum ColdSolve {
    /// A fresh solver, solved: `constraints`, then `edits` (variable, weight, suggested value).
    /// - Throws: what `add`, `addEditVariable`, `suggest` or `solve` throws.
    package static func solver(_ constraints: [Constraint],
                               edits: [(variable: Variable, weight: Double, value: Double)] = []) throws -> Solver {
        let solver = Solver()
        try solver.add(constraints)
        for edit in edits {
            try solver.addEditVariable(edit.variable, strength: .weight(edit.weight))
            try solver.suggest(edit.variable, value: edit.value)
        }
        try solver.solve()
        return solver
    }
}
