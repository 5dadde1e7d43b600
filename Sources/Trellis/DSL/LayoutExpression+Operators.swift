// The operators of the DSL: `+ - * /` on anchors, expressions and constants, and `== <= >=`
// building relations. Each is a concrete static operator on ``LayoutAnchors`` or
// ``LayoutExpression`` taking the other side as one of ``LayoutAnchors``, ``LayoutExpression``,
// `Double`, ``Point``, ``Size``, ``EdgeInsets`` or ``DirectionalEdgeInsets`` — no generic
// overloads, so the type checker settles `a~.top == b~.bottom + 8` by the operand types at once,
// a number literal is a `Double`, and the solver's operators (on `Variable` and
// `LinearExpression`) never match. At least one side of `+` and `-` names an item, and `*` and `/`
// take a number: the result is always linear.

extension LayoutAnchors {
    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: LayoutAnchors) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: Double) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: Point) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: Size) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: EdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: DirectionalEdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: LayoutAnchors) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: Double) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: Point) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: Size) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: EdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: DirectionalEdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: LayoutAnchors) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: Double) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: Point) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: Size) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: EdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: DirectionalEdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: LayoutAnchors) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: Double) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: Point) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: Size) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: EdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: DirectionalEdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs` of a number and an expression.
    public static func + (lhs: Double, rhs: LayoutAnchors) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: LayoutAnchors) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: Double) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: Point) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: Size) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: EdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: DirectionalEdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs` of a number and an expression (properly negated).
    public static func - (lhs: Double, rhs: LayoutAnchors) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The negated expression: `-view~.left`.
    public static prefix func - (operand: LayoutAnchors) -> LayoutExpression { operand.layoutExpression.scaled(by: -1) }

    /// `lhs` times a number (the multiplier): `icon~ * 2`.
    public static func * (lhs: LayoutAnchors, rhs: Double) -> LayoutExpression { lhs.layoutExpression.scaled(by: rhs) }

    /// A number times `rhs`: `2 * icon~`.
    public static func * (lhs: Double, rhs: LayoutAnchors) -> LayoutExpression { rhs.layoutExpression.scaled(by: lhs) }

    /// `lhs` divided by a number: `root~.width / 3`. Dividing by zero gives non-finite
    /// coefficients, which the layout pass reports as ``LayoutError/invalidConstraint(_:reason:)``.
    public static func / (lhs: LayoutAnchors, rhs: Double) -> LayoutExpression { lhs.layoutExpression.scaled(by: 1 / rhs) }

}

extension LayoutExpression {
    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutAnchors, rhs: LayoutExpression) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: LayoutAnchors) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: Double) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: Point) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: Size) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: EdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs == rhs`.
    public static func == (lhs: LayoutExpression, rhs: DirectionalEdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutAnchors, rhs: LayoutExpression) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: LayoutAnchors) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: Double) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: Point) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: Size) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: EdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs <= rhs`.
    public static func <= (lhs: LayoutExpression, rhs: DirectionalEdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutAnchors, rhs: LayoutExpression) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: LayoutAnchors) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: Double) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: Point) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: Size) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: EdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The relation `lhs >= rhs`.
    public static func >= (lhs: LayoutExpression, rhs: DirectionalEdgeInsets) -> LayoutRelation {
        LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
    }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutAnchors, rhs: LayoutExpression) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: LayoutAnchors) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: Double) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: Point) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: Size) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: EdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs`.
    public static func + (lhs: LayoutExpression, rhs: DirectionalEdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The sum `lhs + rhs` of a number and an expression.
    public static func + (lhs: Double, rhs: LayoutExpression) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutAnchors, rhs: LayoutExpression) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: LayoutAnchors) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: LayoutExpression) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: Double) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: Point) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: Size) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: EdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs`.
    public static func - (lhs: LayoutExpression, rhs: DirectionalEdgeInsets) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The difference `lhs - rhs` of a number and an expression (properly negated).
    public static func - (lhs: Double, rhs: LayoutExpression) -> LayoutExpression { lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1)) }

    /// The negated expression: `-view~.left`.
    public static prefix func - (operand: LayoutExpression) -> LayoutExpression { operand.layoutExpression.scaled(by: -1) }

    /// `lhs` times a number (the multiplier): `icon~ * 2`.
    public static func * (lhs: LayoutExpression, rhs: Double) -> LayoutExpression { lhs.layoutExpression.scaled(by: rhs) }

    /// A number times `rhs`: `2 * icon~`.
    public static func * (lhs: Double, rhs: LayoutExpression) -> LayoutExpression { rhs.layoutExpression.scaled(by: lhs) }

    /// `lhs` divided by a number: `root~.width / 3`. Dividing by zero gives non-finite
    /// coefficients, which the layout pass reports as ``LayoutError/invalidConstraint(_:reason:)``.
    public static func / (lhs: LayoutExpression, rhs: Double) -> LayoutExpression { lhs.layoutExpression.scaled(by: 1 / rhs) }

}
