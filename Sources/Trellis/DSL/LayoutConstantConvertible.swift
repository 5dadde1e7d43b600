/// A constant operand: numbers, ``Point``, ``Size``, ``EdgeInsets``, ``DirectionalEdgeInsets``
/// and ``LayoutConstant``.
///
/// ```swift
/// group.update(constant: EdgeInsets(12))     // any LayoutConstantConvertible
/// ```
public protocol LayoutConstantConvertible: LayoutOperand {
    /// The value as a layout constant.
    var layoutConstant: LayoutConstant { get }
}

extension LayoutConstantConvertible {
    /// A constant expression.
    public var layoutExpression: LayoutExpression { LayoutExpression(terms: [], constant: layoutConstant) }
}

extension LayoutConstant: LayoutConstantConvertible {
    /// `self`.
    public var layoutConstant: LayoutConstant { self }
}

extension Double: LayoutConstantConvertible {
    /// The number as a layout constant (the same value for every attribute).
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}

extension Point: LayoutConstantConvertible {
    /// The point as a layout constant: `x` for x-axis positions, `y` for y-axis positions.
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}

extension Size: LayoutConstantConvertible {
    /// The size as a layout constant: `width` for `width`, `height` for `height`.
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}

extension EdgeInsets: LayoutConstantConvertible {
    /// The insets as a layout constant (see ``LayoutConstant`` for the mapping).
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}

extension DirectionalEdgeInsets: LayoutConstantConvertible {
    /// The insets as a layout constant, resolved by layout direction.
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}
