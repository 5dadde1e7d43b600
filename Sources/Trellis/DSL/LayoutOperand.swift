/// A value that can stand in a DSL expression: anchors (`view~.top`), expressions, and constants
/// (numbers, ``Point``, ``Size``, ``EdgeInsets``, ``DirectionalEdgeInsets``, ``LayoutConstant``).
///
/// The DSL's operators are written once, generically over this protocol and its two refinements,
/// which keeps the overload set small and type checking fast.
public protocol LayoutOperand {
    /// The value as a layout expression.
    var layoutExpression: LayoutExpression { get }
}
