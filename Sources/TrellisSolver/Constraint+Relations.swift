// The relation half of the operator set: `== <= >=` build constraints, `~~` sets their strength.

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

/// A required constraint `lhs == rhs`.
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// A required constraint `lhs == rhs`.
public func == <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// A required constraint `lhs == rhs`.
public func == <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// A required constraint `lhs <= rhs`.
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// A required constraint `lhs <= rhs`.
public func <= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// A required constraint `lhs <= rhs`.
public func <= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// A required constraint `lhs >= rhs`.
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// A required constraint `lhs >= rhs`.
public func >= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// A required constraint `lhs >= rhs`.
public func >= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
