// Diagnostics, violations: an analysis asked for explicitly (see Solver+DiagnosticSystem.swift).
extension Solver {
    /// The soft constraints (edit rows included) that do not hold at the values of the last
    /// successful ``solve()``: highest priority level first, then largest cost first.
    ///
    /// No LP is solved: this reads the current values. Differences below about 1e-9 of a row's
    /// magnitude are floating-point noise and do not count.
    ///
    /// ```swift
    /// let x = Variable("x")
    /// let solver = Solver()
    /// try solver.add(x <= 10)
    /// try solver.add((x >= 40) ~~ .priority(.defaultHigh))
    /// try solver.add((x == 0) ~~ .priority(.defaultLow))
    /// try solver.solve()
    /// solver.violations().map(\.amount)   // [30, 10]: @750 first, then @250
    /// ```
    public func violations() -> [Violation<Constraint>] {
        var result: [Violation<Constraint>] = []
        for constraint in constraints where !constraint.strength.isRequired {
            let amount = residual(of: constraint, constant: constraint.expression.constant)
            if amount > 0 { result.append(Violation(constraint: constraint, amount: amount)) }
        }
        for edit in edits.values {
            let amount = residual(of: edit.constraint, constant: -edit.value)
            if amount > 0 { result.append(Violation(constraint: edit.constraint, amount: amount, editVariable: edit.variable)) }
        }
        return result.sorted { a, b in
            if a.strength.level != b.strength.level { return a.strength.level > b.strength.level }
            if a.cost != b.cost { return a.cost > b.cost }
            return a.constraint.canonicallyPrecedes(b.constraint)
        }
    }
}
