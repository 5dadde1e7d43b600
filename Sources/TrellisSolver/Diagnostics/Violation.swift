/// A soft constraint that does not hold at the solution: by how much, at which strength, and
/// what it costs.
///
/// The solver's violations are `Violation<Constraint>` (``Solver/violations()``); a layout's are
/// the same type over its constraint references (`View.unsatisfiedConstraints()`).
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
public struct Violation<Reference: ConstraintReference>: Sendable, CustomStringConvertible {
    /// The soft constraint (for a solver edit variable: its edit row `variable - suggestion == 0`).
    public let constraint: Reference
    /// How far it is from holding: `|e|` for `==`, the shortfall for `<=` and `>=`.
    public let amount: Double
    /// The edit variable, when the constraint is a solver edit row (nil otherwise).
    public let editVariable: Variable?

    /// Creates a violation record.
    ///
    /// ```swift
    /// let v = Violation(constraint: (x == 50) ~~ .weight(2), amount: 40)
    /// ```
    public init(constraint: Reference, amount: Double, editVariable: Variable? = nil) {
        self.constraint = constraint
        self.amount = amount
        self.editVariable = editVariable
    }

    /// The constraint's strength (its priority level and weight).
    public var strength: Strength { constraint.strength }

    /// What the violation costs within its level: weight × amount.
    public var cost: Double { constraint.strength.weight * amount }

    /// The same violation naming its constraint another way, or nil when `transform` has no name
    /// for it (Trellis uses this to name the solver's rows by the layout constraints they came from).
    ///
    /// ```swift
    /// let source: [ObjectIdentifier: MyRow] = [:]   // MyRow: ConstraintReference
    /// let named = violation.mapConstraint { source[ObjectIdentifier($0)] }   // nil: no source known
    /// ```
    public func mapConstraint<Other>(_ transform: (Reference) -> Other?) -> Violation<Other>? {
        transform(constraint).map { Violation<Other>(constraint: $0, amount: amount, editVariable: editVariable) }
    }

    /// Reads like `title.width == 300 @750 (Header.swift:12) is off by 45`, with the cost after
    /// it when the weight is not 1 (`wish: x - 50 == 0 (weight 2) is off by 40 (cost 80)`).
    public var description: String {
        let subject = editVariable.map { "edit \($0) (\(constraint.strength))" } ?? constraint.description
        let text = "\(subject) is off by \(DiagnosticText.number(amount))"
        return constraint.strength.weight == 1 ? text : text + " (cost \(DiagnosticText.number(cost)))"
    }
}

extension Violation: Equatable where Reference: Equatable {
    /// Equal when they name equal constraints, by the same amount, for the same edit variable.
    public static func == (a: Violation, b: Violation) -> Bool {
        a.constraint == b.constraint && a.amount == b.amount && a.editVariable === b.editVariable
    }
}

extension Violation: Hashable where Reference: Hashable {
    /// Hashes the constraint and the amount.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(constraint)
        hasher.combine(amount)
    }
}
