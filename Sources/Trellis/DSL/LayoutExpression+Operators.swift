// The arithmetic of the DSL: `+ - * /` on anchors, expressions and constants. At least one side of
// `+` and `-` names an item, and `*` and `/` take a number: the result is always linear.

/// The sum of an expression and an operand: `root~.width - 20`, `card~ + EdgeInsets(8)`, `a~.width + b~.width`.
public func + <L: LayoutItemOperand, R: LayoutOperand>(lhs: L, rhs: R) -> LayoutExpression {
    lhs.layoutExpression.adding(rhs.layoutExpression)
}

/// A constant plus an expression: `20 + view~.left`.
public func + <L: LayoutConstantConvertible, R: LayoutItemOperand>(lhs: L, rhs: R) -> LayoutExpression {
    lhs.layoutExpression.adding(rhs.layoutExpression)
}

/// The difference of an expression and an operand: `card~ - Point(x: 0, y: 20)`, `b~.left - a~.right`.
public func - <L: LayoutItemOperand, R: LayoutOperand>(lhs: L, rhs: R) -> LayoutExpression {
    lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1))
}

/// A constant minus an expression: `20 - view~` is `20 − view`, properly negated.
public func - <L: LayoutConstantConvertible, R: LayoutItemOperand>(lhs: L, rhs: R) -> LayoutExpression {
    lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1))
}

/// The negated expression: `-view~.left`.
public prefix func - <E: LayoutItemOperand>(operand: E) -> LayoutExpression {
    operand.layoutExpression.scaled(by: -1)
}

/// An expression times a number (the multiplier): `icon~ * 2`.
public func * <E: LayoutItemOperand>(lhs: E, rhs: Double) -> LayoutExpression {
    lhs.layoutExpression.scaled(by: rhs)
}

/// A number times an expression: `2 * icon~`.
public func * <E: LayoutItemOperand>(lhs: Double, rhs: E) -> LayoutExpression {
    rhs.layoutExpression.scaled(by: lhs)
}

/// An expression divided by a number: `root~.width / 3`. Dividing by zero gives non-finite
/// coefficients, which the layout pass reports as ``LayoutError/invalidConstraint(_:reason:)``.
public func / <E: LayoutItemOperand>(lhs: E, rhs: Double) -> LayoutExpression {
    lhs.layoutExpression.scaled(by: 1 / rhs)
}
