// `~~` gives a constraint its strength (the relations themselves are in LinearExpression+Arithmetic.swift).

precedencegroup ConstraintStrengthPrecedence {
    associativity: left
    lowerThan: ComparisonPrecedence
    higherThan: AssignmentPrecedence
}

/// Gives a constraint a strength: `(x == 3 * y) ~~ .weight(10)`.
infix operator ~~ : ConstraintStrengthPrecedence

/// The same relation held with `strength`.
public func ~~ (lhs: Constraint, rhs: Strength) -> Constraint {
    lhs.with(strength: rhs)
}
