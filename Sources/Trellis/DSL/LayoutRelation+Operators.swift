// The relations of the DSL: `==`, `<=`, `>=` build a LayoutRelation; `~~` sets its priority or
// label. `~~` is the solver's operator, in its `ConstraintStrengthPrecedence` group (below the
// comparisons), so `a == b ~~ 750` reads as `(a == b) ~~ 750`.

/// `lhs == rhs`: `title~.top == root~.top + 20`, `card~.size == Size(width: 60, height: 40)`.
public func == <L: LayoutItemOperand, R: LayoutOperand>(lhs: L, rhs: R) -> LayoutRelation {
    LayoutRelation(lhs: lhs.layoutExpression, relation: .equal, rhs: rhs.layoutExpression)
}

/// `lhs <= rhs`: `label~.width <= icon~ * 2`.
public func <= <L: LayoutItemOperand, R: LayoutOperand>(lhs: L, rhs: R) -> LayoutRelation {
    LayoutRelation(lhs: lhs.layoutExpression, relation: .lessThanOrEqual, rhs: rhs.layoutExpression)
}

/// `lhs >= rhs`: `card~.edges >= root~ + EdgeInsets(8)` (inside by at least 8).
public func >= <L: LayoutItemOperand, R: LayoutOperand>(lhs: L, rhs: R) -> LayoutRelation {
    LayoutRelation(lhs: lhs.layoutExpression, relation: .greaterThanOrEqual, rhs: rhs.layoutExpression)
}

/// The relation at a priority: `label~.width <= icon~ * 2 ~~ .defaultLow`, `~~ 750`, `~~ .defaultHigh + 1`.
public func ~~ (lhs: LayoutRelation, rhs: Priority) -> LayoutRelation {
    lhs.priority(rhs)
}

/// The relation with a label: `title~.top == header~.bottom + 8 ~~ "header gap"`.
public func ~~ (lhs: LayoutRelation, rhs: String) -> LayoutRelation {
    var copy = lhs
    copy.label = rhs
    return copy
}
