/// The tail operator: `view~` is the view's ``LayoutAnchors``.
postfix operator ~

/// The attributes of a layout item: `title~.top`, `card~.edges`, `title.superview~`.
///
/// Works on optionals too. A nil item (`view.superview~` for a view without superview) is not a
/// crash: the constraint records the problem and the layout pass throws
/// ``LayoutError/invalidConstraint(_:reason:)`` naming the line where it was written.
public postfix func ~ (item: LayoutItem?) -> LayoutAnchors {
    LayoutAnchors(item: item)
}
