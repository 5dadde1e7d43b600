/// The attributes of several items at once, as made by `[a, b, c]~`: a relation with it on the
/// left makes one relation per item, each with the same right side.
///
/// ```swift
/// Tails.install {
///     [a, b, c]~.height == root~ * 0.3          // three relations
///     [a, b, c]~.top == header~.bottom + 8
///     [a, b]~.width == 80 ~~ .defaultHigh
/// }
/// ```
///
/// Every attribute of ``LayoutAnchors`` is available (`.top`, `.edges`, `.size`, chains like
/// `.top.leading`). The result is an array of relations: write it in a `Tails.install { … }` block
/// or pass it to `Tails.install(_:)` (arrays cannot be mixed into the variadic form).
@dynamicMemberLookup
public struct LayoutAnchorsArray: CustomStringConvertible {
    let anchors: [LayoutAnchors]

    /// The same attribute chain on every item: `[a, b]~.top`, `[a, b]~.top.leading`.
    ///
    /// ```swift
    /// let tops = [a, b]~.top.leading      // a.top.leading and b.top.leading
    /// ```
    public subscript(dynamicMember keyPath: KeyPath<LayoutAnchors, LayoutAnchors>) -> LayoutAnchorsArray {
        LayoutAnchorsArray(anchors: anchors.map { $0[keyPath: keyPath] })
    }

    /// Reads like `[a.top, b.top]`.
    public var description: String { "[" + anchors.map(\.description).joined(separator: ", ") + "]" }

    func relations(_ relation: Relation, _ rhs: LayoutExpression) -> [LayoutRelation] {
        anchors.map { LayoutRelation(lhs: $0.layoutExpression, relation: relation, rhs: rhs) }
    }
}

/// The attributes of several items: `[a, b, c]~.height`, `views~.top`.
///
/// ```swift
/// Tails.install { [a, b, c]~.width == root~.width / 3 }
/// ```
public postfix func ~ (items: [LayoutItem]) -> LayoutAnchorsArray {
    LayoutAnchorsArray(anchors: items.map { LayoutAnchors(item: $0) })
}

/// Every relation at a priority: `[a, b]~.width == 80 ~~ .defaultHigh`.
///
/// ```swift
/// Tails.install { [a, b]~.width == 80 ~~ .defaultHigh }
/// ```
public func ~~ (lhs: [LayoutRelation], rhs: Priority) -> [LayoutRelation] {
    lhs.map { $0.priority(rhs) }
}
