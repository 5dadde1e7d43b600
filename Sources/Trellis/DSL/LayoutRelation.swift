import TrellisSupport

/// A relation written with the DSL — `lhs == rhs`, `lhs <= rhs` or `lhs >= rhs` — with a priority
/// and a label, ready to be installed with `Tails.install(_:file:line:)`.
///
/// ```swift
/// let relation = title~.top == header~.bottom + 8 ~~ .defaultHigh
/// Tails.install(relation.labeled("header gap"))
/// ```
///
/// **Attribute pairing.** Installing a relation makes one ``LayoutConstraint`` per pair of
/// attributes. With L the attributes on the left and R those of the (single) item on the right:
/// - the right item has no attributes (`title~.left == other~`): each left attribute is paired with
///   the same attribute of the right item (inference);
/// - L ⊆ R: each left attribute with the same one (`v~.top == o~.edges` is `top == o.top`);
/// - one left attribute: it is paired with each right attribute;
/// - one right attribute: each left attribute is paired with it (`v~.top.bottom == o~.centerY`);
/// - anything else is a misuse, reported by the layout pass as
///   ``LayoutError/invalidConstraint(_:reason:)`` naming the line.
///
/// A left side without attributes (`card~ == root~`) means `edges`. A right side of several items,
/// each with one attribute, is paired as a single attribute. A left side of several items
/// (`a~.width + b~.width == root~.width - 20`) needs exactly one attribute per item and makes one
/// constraint; right-side items without attributes then take the left attribute if all left
/// attributes are the same.
///
/// **Auto Layout's rules**: each constraint relates positions of one axis, uses
/// leading/trailing or left/right but not both, and never equates a lone position with a lone
/// size; a relation with several items must be translation-invariant (its position coefficients
/// cancel). A constraint that breaks a rule is made with a ``LayoutConstraint/problem`` and the
/// layout pass throws ``LayoutError/invalidConstraint(_:reason:)`` for it. Positions are measured
/// in the coordinate space of the items' nearest common ancestor, so multipliers on positions are
/// proportional within it (`dot~.centerX == container~.centerX * 0.5`).
///
/// **Constants only** on the right side (`view~.left == 20`) mean the same attributes of the
/// superview (of the owning view, for a guide) plus the constant — except `width` and `height`,
/// which are absolute (`view~.width == 50`). A constant-only right side of a multi-item left side
/// is absolute too.
public struct LayoutRelation: CustomStringConvertible {
    package let lhs: LayoutExpression
    let relation: Relation
    package let rhs: LayoutExpression
    /// The priority; by default that of the enclosing ``Tails/withPriority(_:_:)`` scope (required outside one).
    var assignedPriority: Priority = Tails.defaultPriority
    package var label: String?
    package var location: CodeLocation?

    package init(lhs: LayoutExpression, relation: Relation, rhs: LayoutExpression) {
        self.lhs = lhs
        self.relation = relation
        self.rhs = rhs
    }

    /// The same relation with a label, recording the line of this call as its source location.
    ///
    /// ```swift
    /// Tails.install((title~.top == header~.bottom + 8).labeled("header gap"))
    /// ```
    public func labeled(_ label: String, file: String = #fileID, line: UInt = #line) -> LayoutRelation {
        var copy = self
        copy.label = label
        copy.location = CodeLocation(fileID: file, line: line)
        return copy
    }

    /// The same relation at another priority (the method form of `~~`).
    public func priority(_ priority: Priority) -> LayoutRelation {
        var copy = self
        copy.assignedPriority = priority
        return copy
    }

    /// Reads like `title.top == header.bottom + 8 @750`, as written.
    public var description: String {
        var text = "\(lhs) \(relation) \(rhs)"
        if !assignedPriority.isRequired { text += " @\(NumberFormat.priority(assignedPriority))" }
        if let label { text = "\(label): " + text }
        return text
    }
}
