/// An attribute of a layout item: an edge, a dimension, a centre or a baseline.
///
/// Every attribute is a linear expression of the item's four variables (`left`, `top`, `width`,
/// `height`): `right = left + width`, `centerX = left + width / 2`, `firstBaseline = top +
/// firstBaselineOffsetFromTop`, and so on.
///
/// `leading` and `trailing` follow the item's layout direction. In a left-to-right layout they are
/// `left` and `right`. In a right-to-left layout they are the right and left edges *measured
/// right-to-left* (as Auto Layout does): `leading = -right`, `trailing = -left`. So positive
/// constants always point in the reading direction, and `b~.leading == a~.trailing + 8` keeps an
/// 8-point gap between `a` and `b` in both directions.
///
/// ```swift
/// title~.leading == root~.leading + 16     // 16 from the left edge (LTR) or the right edge (RTL)
/// ```
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// The left edge.
    case left
    /// The right edge (`left + width`).
    case right
    /// The top edge.
    case top
    /// The bottom edge (`top + height`).
    case bottom
    /// The leading edge: `left` in a left-to-right layout, the right edge measured leftwards otherwise.
    case leading
    /// The trailing edge: `right` in a left-to-right layout, the left edge measured leftwards otherwise.
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal centre (`left + width / 2`).
    case centerX
    /// The vertical centre (`top + height / 2`).
    case centerY
    /// The first baseline: `top + firstBaselineOffsetFromTop` (the top edge for items without text).
    case firstBaseline
    /// The last baseline: `bottom - lastBaselineOffsetFromBottom` (the bottom edge for items without text).
    case lastBaseline

    /// The axis the attribute measures along.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: .vertical
        }
    }

    /// Whether the attribute is a dimension (`width` or `height`) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute follows the layout direction (`leading` or `trailing`).
    var isDirectional: Bool { self == .leading || self == .trailing }

    /// Whether the attribute is an absolute horizontal edge (`left` or `right`).
    var isAbsolute: Bool { self == .left || self == .right }

    /// Whether the attribute is a baseline (`firstBaseline` or `lastBaseline`).
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// The attribute's name, as used in descriptions (`centerX`).
    public var description: String { rawValue }
}
