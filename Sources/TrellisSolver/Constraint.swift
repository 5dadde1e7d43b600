/// A linear relation `expression OP 0` with a ``Strength``.
///
/// Build constraints with `==`, `<=` and `>=` and give them a strength with `~~`:
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let c = (x + y == 100)                 // required
/// let soft = (x >= 2 * y) ~~ .weight(10)  // kiwi-style weight
/// c.relation                              // .equal
/// ```
///
/// A constraint is a reference with identity: the solver adds, finds and removes this object.
/// Its expression is stored ``LinearExpression/reduced()`` (repeated variables merged, zeros dropped),
/// with both sides moved to the left: `x + y == 100` is stored as `x + y - 100 == 0`.
///
/// Immutable to every public API (``Solver/updateConstant(of:to:)`` makes a new constraint).
/// The layout engine moves the constants of rows it made itself in place, through its own
/// solver (``Solver/moveConstant(of:to:)``), on the thread that owns both — never a row another
/// solver holds (``isShared``): hence `@unchecked Sendable`.
public final class Constraint: @unchecked Sendable, CustomStringConvertible {
    /// The left side after moving everything across: the constraint reads `expression OP 0`.
    @exclusivity(unchecked) public private(set) var expression: LinearExpression
    /// The relation to zero.
    public let relation: Relation
    /// How strongly it is held.
    public let strength: Strength
    /// An optional name used in diagnostics (for example the `id` of a `linear-system/1` entry).
    public let label: String?
    /// Whether a solver forked from the one that holds it holds it too (``Solver/fork()``): its
    /// constant then never moves in place.
    @exclusivity(unchecked) package var isShared = false

    /// Creates `expression OP 0` with the given strength.
    public init(_ expression: LinearExpression, _ relation: Relation, strength: Strength = .required,
                label: String? = nil) {
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// The constant when the expression is `1 × variable + constant` (a content-size row) for
    /// the variable whose ``Variable/id`` is `id`, else nil. (Read here, in the defining module:
    /// a read of ``expression`` from another module makes a dynamic exclusivity check, about
    /// seventy instructions, on every call. By id, no variable handed over: a variable read from
    /// its item for the call was retained and released around it, and a text pass asks for
    /// thousands.)
    package func constant(ifOnlyVariableWithID id: UInt64) -> Double? {
        guard expression.terms.count == 1, expression.terms[0].variable.id == id,
              expression.terms[0].coefficient == 1 else { return nil }
        return expression.constant
    }

    /// Moves the constant in place (``Solver/moveConstant(of:to:)`` only).
    func setConstant(_ constant: Double) {
        expression.constant = constant
    }

    /// The same relation with another strength (a new constraint object).
    public func with(strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// The same terms, relation, strength and label with another constant (a new constraint
    /// object; see ``Solver/updateConstant(of:to:)``).
    func withConstant(_ constant: Double) -> Constraint {
        Constraint(LinearExpression(expression.terms, constant: constant), relation, strength: strength, label: label)
    }

    /// The same relation with a label (a new constraint object).
    public func labeled(_ label: String) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// Reads like `x + y - 100 == 0 (required)`, prefixed by the label if there is one.
    public var description: String {
        let body = "\(expression) \(relation) 0 (\(strength))"
        return label.map { "\($0): \(body)" } ?? body
    }

    /// Whether ``numberProblem`` is nil: the usual case, told without building any message
    /// (small enough to inline where the solver adds constraints).
    var numbersAreUsable: Bool {
        var usable = NumberCheck.isUsable(expression.constant)
        expression.terms.withUnsafeBufferPointer { terms in
            for k in 0..<terms.count where usable { usable = NumberCheck.isUsable(terms[k].coefficient) }
        }
        return usable
    }

    /// Where the constraint's numbers are unusable (non-finite, or outside the solver's range), or nil.
    var numberProblem: String? {
        if numbersAreUsable { return nil }
        for term in expression.terms {
            if let problem = NumberCheck.problem(term.coefficient) {
                return "coefficient of \(term.variable) \(problem)"
            }
        }
        if let problem = NumberCheck.problem(expression.constant) { return "constant \(problem)" }
        return nil
    }
}

/// The numbers the solver accepts: finite, not subnormal, magnitude at most ``limit``.
package enum NumberCheck {
    /// The largest magnitude of a coefficient, constant, weight or suggested value (1e15).
    /// Beyond it, double precision cannot hold a layout's sums to the solver's tolerances.
    package static let limit = 1e15

    /// Whether ``problem(_:)`` finds nothing wrong with `value` (without making its message).
    @inlinable package static func isUsable(_ value: Double) -> Bool {
        value.isFinite && !value.isSubnormal && abs(value) <= limit
    }

    package static func problem(_ value: Double) -> String? {
        if value.isNaN { return "is NaN" }
        if !value.isFinite { return "is infinite" }
        if value.isSubnormal { return "\(value) is subnormal (too close to zero to compute with)" }
        if abs(value) > limit { return "\(value) exceeds the supported magnitude 1e15" }
        return nil
    }

    /// Weights may be any positive finite number, however large (nothing is promoted to
    /// required); only subnormal ones are refused, as too close to zero to compute with.
    package static func weightProblem(_ weight: Double) -> String? {
        if !weight.isFinite || weight <= 0 { return "weight \(weight) is not a positive finite number" }
        if weight.isSubnormal { return "weight \(weight) is subnormal (too close to zero to compute with)" }
        return nil
    }
}
