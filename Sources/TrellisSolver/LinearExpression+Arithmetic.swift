// The solver's operators: `+ - * /` on variables, expressions and numbers, and `== <= >=`
// building constraints. Each is a concrete static operator on ``Variable`` or ``LinearExpression``
// (no generic overloads), so the type checker settles `2 * x + y <= 100` by the operand types at
// once, and none of these can be mistaken for the layout DSL's operators. Multiplying two
// expressions is not linear and is not offered.

extension Variable {
    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression(lhs).adding(LinearExpression(rhs)) }

    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs).adding(LinearExpression([], constant: rhs)) }

    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression([], constant: lhs).adding(LinearExpression(rhs)) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression(lhs).subtracting(LinearExpression(rhs)) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs).subtracting(LinearExpression([], constant: rhs)) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression([], constant: lhs).subtracting(LinearExpression(rhs)) }

    /// The negated expression.
    public static prefix func - (operand: Variable) -> LinearExpression { LinearExpression(operand).scaled(by: -1) }

    /// `lhs` scaled by a number.
    public static func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs).scaled(by: rhs) }

    /// A number times `rhs`.
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression(rhs).scaled(by: lhs) }

    /// `lhs` divided by a number (`lhs * (1 / rhs)`); dividing by zero gives non-finite
    /// coefficients, which `Solver.add(_:)` rejects.
    public static func / (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression(lhs).divided(by: rhs) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Variable) -> Constraint { Constraint(LinearExpression(lhs).subtracting(LinearExpression(rhs)), .equal) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Double) -> Constraint { Constraint(LinearExpression(lhs).subtracting(LinearExpression([], constant: rhs)), .equal) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: Variable) -> Constraint { Constraint(LinearExpression([], constant: lhs).subtracting(LinearExpression(rhs)), .equal) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint { Constraint(LinearExpression(lhs).subtracting(LinearExpression(rhs)), .lessThanOrEqual) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Double) -> Constraint { Constraint(LinearExpression(lhs).subtracting(LinearExpression([], constant: rhs)), .lessThanOrEqual) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: Variable) -> Constraint { Constraint(LinearExpression([], constant: lhs).subtracting(LinearExpression(rhs)), .lessThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint { Constraint(LinearExpression(lhs).subtracting(LinearExpression(rhs)), .greaterThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Double) -> Constraint { Constraint(LinearExpression(lhs).subtracting(LinearExpression([], constant: rhs)), .greaterThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: Variable) -> Constraint { Constraint(LinearExpression([], constant: lhs).subtracting(LinearExpression(rhs)), .greaterThanOrEqual) }

}

extension LinearExpression {
    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs.adding(rhs) }

    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs.adding(LinearExpression(rhs)) }

    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs).adding(rhs) }

    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.adding(LinearExpression([], constant: rhs)) }

    /// The sum `lhs + rhs` as an expression.
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { LinearExpression([], constant: lhs).adding(rhs) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs.subtracting(rhs) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs.subtracting(LinearExpression(rhs)) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs).subtracting(rhs) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.subtracting(LinearExpression([], constant: rhs)) }

    /// The difference `lhs - rhs` as an expression.
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { LinearExpression([], constant: lhs).subtracting(rhs) }

    /// The negated expression.
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }

    /// `lhs` scaled by a number.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }

    /// A number times `rhs`.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }

    /// `lhs` divided by a number (`lhs * (1 / rhs)`); dividing by zero gives non-finite
    /// coefficients, which `Solver.add(_:)` rejects.
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.divided(by: rhs) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs.subtracting(rhs), .equal) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs.subtracting(LinearExpression(rhs)), .equal) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(lhs).subtracting(rhs), .equal) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs.subtracting(LinearExpression([], constant: rhs)), .equal) }

    /// A required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression([], constant: lhs).subtracting(rhs), .equal) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs.subtracting(rhs), .lessThanOrEqual) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs.subtracting(LinearExpression(rhs)), .lessThanOrEqual) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(lhs).subtracting(rhs), .lessThanOrEqual) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs.subtracting(LinearExpression([], constant: rhs)), .lessThanOrEqual) }

    /// A required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression([], constant: lhs).subtracting(rhs), .lessThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs.subtracting(rhs), .greaterThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs.subtracting(LinearExpression(rhs)), .greaterThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(lhs).subtracting(rhs), .greaterThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs.subtracting(LinearExpression([], constant: rhs)), .greaterThanOrEqual) }

    /// A required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression([], constant: lhs).subtracting(rhs), .greaterThanOrEqual) }

}
