// The arithmetic half of the operator set: `+ - * /` on variables, terms, expressions and numbers.
// Multiplying two expressions is not linear and is not offered.

/// The sum of two linear expressions.
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> LinearExpression {
    let l = lhs.expression, r = rhs.expression
    return LinearExpression(l.terms + r.terms, constant: l.constant + r.constant)
}

/// An expression plus a constant.
public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> LinearExpression {
    let l = lhs.expression
    return LinearExpression(l.terms, constant: l.constant + rhs)
}

/// A constant plus an expression.
public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> LinearExpression {
    rhs + lhs
}

/// The difference of two linear expressions.
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> LinearExpression {
    lhs + (-rhs)
}

/// An expression minus a constant.
public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> LinearExpression {
    lhs + (-rhs)
}

/// A constant minus an expression.
public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> LinearExpression {
    (-rhs) + lhs
}

/// The negated expression.
public prefix func - <E: ExpressionConvertible>(operand: E) -> LinearExpression {
    operand * -1
}

/// An expression scaled by a number.
public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> LinearExpression {
    let e = lhs.expression
    return LinearExpression(e.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: e.constant * rhs)
}

/// A number times an expression.
public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> LinearExpression {
    rhs * lhs
}

/// An expression divided by a number (`e * (1 / rhs)`); dividing by zero gives non-finite
/// coefficients, which ``Solver/add(_:)`` rejects.
public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> LinearExpression {
    let e = lhs.expression
    return LinearExpression(e.terms.map { Term($0.variable, $0.coefficient / rhs) }, constant: e.constant / rhs)
}
