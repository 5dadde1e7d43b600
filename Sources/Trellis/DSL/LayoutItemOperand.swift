/// An operand that names layout items: ``LayoutAnchors`` and ``LayoutExpression``. The left side
/// of a relation, and at least one side of `+` and `-`, must be one.
public protocol LayoutItemOperand: LayoutOperand {}
