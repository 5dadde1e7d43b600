/// A value that can stand in a DSL expression: anchors (`view~.top`), expressions, and constants
/// (numbers, ``Point``, ``Size``, ``EdgeInsets``, ``DirectionalEdgeInsets``, ``LayoutConstant``).
///
/// The DSL's operators are concrete (see `LayoutExpression+Operators.swift`); this protocol is how
/// they, and APIs such as ``ConstraintGroup/update(constant:)``, turn any operand into an expression.
public protocol LayoutOperand {
    /// The value as a layout expression.
    var layoutExpression: LayoutExpression { get }
}
