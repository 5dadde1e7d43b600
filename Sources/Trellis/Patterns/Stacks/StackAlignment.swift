/// How a ``StackView`` places its arranged views across its axis — UIStackView's alignments.
///
/// In a horizontal stack the cross axis is vertical (`top` and `leading` mean the top edge,
/// `bottom` and `trailing` the bottom edge); in a vertical stack it is horizontal (`leading` and
/// `top` mean the leading edge, `trailing` and `bottom` the trailing edge). Baseline alignments
/// need a horizontal stack: in a vertical one the layout pass reports
/// ``LayoutError/invalidConstraint(_:reason:)`` naming the stack.
///
/// With every alignment but ``fill`` the stack's cross size hugs its largest view (priority 51,
/// as UIKit) and views without an intrinsic cross size shrink to zero (priority 25) unless their
/// own constraints size them.
///
/// ```swift
/// let row = Tails.stack(.horizontal, spacing: 8, alignment: .firstBaseline) { title; detail }
/// ```
public enum StackAlignment: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Every view spans the stack's cross size.
    case fill
    /// Views at the leading edge of the cross axis (the top edge in a horizontal stack).
    case leading
    /// Views at the top edge (the leading edge in a vertical stack): the same as ``leading``.
    case top
    /// First baselines equal (horizontal stacks); the group sits at the top of the stack.
    case firstBaseline
    /// Views centred on the cross axis.
    case center
    /// Views at the trailing edge of the cross axis (the bottom edge in a horizontal stack).
    case trailing
    /// Views at the bottom edge (the trailing edge in a vertical stack): the same as ``trailing``.
    case bottom
    /// Last baselines equal (horizontal stacks); the group sits at the top of the stack.
    case lastBaseline

    /// The case name.
    public var description: String { rawValue }
}
