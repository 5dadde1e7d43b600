// `~~` sets a relation's priority or label (`==`, `<=`, `>=` are in LayoutExpression+Operators.swift).
// `~~` is the solver's operator, in its `ConstraintStrengthPrecedence` group (below the
// comparisons), so `a == b ~~ 750` reads as `(a == b) ~~ 750`.

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
