/// A soft constraint that does not hold at the solver's current values: by how much, at which
/// strength, and what it costs.
///
/// ```swift
/// let x = Variable("x")
/// let solver = Solver()
/// try solver.add(x <= 10)
/// let wish = (x == 50) ~~ .weight(2)
/// try solver.add(wish)
/// try solver.solve()
/// let broken = solver.violations()
/// broken[0].constraint === wish   // true
/// broken[0].amount                // 40
/// broken[0].cost                  // 80 (weight 2 × 40)
/// ```
public struct Violation: Sendable, CustomStringConvertible {
    /// The soft constraint (for an edit variable: its edit row `variable - suggestion == 0`).
    public let constraint: Constraint
    /// How far it is from holding: `|e|` for `==`, the shortfall for `<=` and `>=`.
    public let amount: Double
    /// The edit variable, when the constraint is an edit row.
    public let editVariable: Variable?

    /// Creates a violation record.
    ///
    /// ```swift
    /// let v = Violation(constraint: (x == 50) ~~ .weight(2), amount: 40)
    /// ```
    public init(constraint: Constraint, amount: Double, editVariable: Variable? = nil) {
        self.constraint = constraint
        self.amount = amount
        self.editVariable = editVariable
    }

    /// The constraint's strength (its priority level and weight).
    public var strength: Strength { constraint.strength }

    /// What the violation costs within its level: weight × amount.
    public var cost: Double { constraint.strength.weight * amount }

    /// Reads like `wish: x - 50 == 0 (weight 2) violated by 40 (cost 80)`.
    public var description: String {
        let subject = editVariable.map { "edit \($0) (\(constraint.strength))" } ?? constraint.description
        return "\(subject) violated by \(DiagnosticText.number(amount)) (cost \(DiagnosticText.number(cost)))"
    }
}
