// GetLaid-style target modifiers: method forms of `+`, `*`, `>=` and `<=` that read well at the
// end of a long line and type-check faster than operator chains.

extension LayoutItemOperand {
    /// The operand plus a constant (GetLaid's `.offset`): `header~.bottom.offset(8)` is `header~.bottom + 8`.
    ///
    /// ```swift
    /// Tails.install(title~.top == header~.bottom.offset(8))
    /// ```
    public func offset<C: LayoutConstantConvertible>(_ constant: C) -> LayoutExpression {
        layoutExpression.adding(constant.layoutExpression)
    }

    /// The operand times a factor (GetLaid's `.at`): `root~.width.at(0.5)` is `root~.width * 0.5`.
    ///
    /// ```swift
    /// Tails.install(image~.width == root~.width.at(0.5))
    /// ```
    public func at(_ factor: Double) -> LayoutExpression {
        layoutExpression.scaled(by: factor)
    }

    /// The relation `self >= target` (GetLaid's `.min` target: `target` is the minimum).
    ///
    /// ```swift
    /// Tails.install(button~.height.atLeast(44), title~.width.atLeast(root~.width.at(0.25)))
    /// ```
    public func atLeast<R: LayoutOperand>(_ target: R) -> LayoutRelation {
        LayoutRelation(lhs: layoutExpression, relation: .greaterThanOrEqual, rhs: target.layoutExpression)
    }

    /// The relation `self <= target` (GetLaid's `.max` target: `target` is the maximum).
    ///
    /// ```swift
    /// Tails.install(title~.trailing.atMost(root~.trailing.offset(-16)))
    /// ```
    public func atMost<R: LayoutOperand>(_ target: R) -> LayoutRelation {
        LayoutRelation(lhs: layoutExpression, relation: .lessThanOrEqual, rhs: target.layoutExpression)
    }
}
