import TrellisSupport

/// Distances by which a rectangle is inset on each side, with absolute left and right.
///
/// As a DSL constant the item is *inset* by them: `card~.edges == root~ + EdgeInsets(top: 10,
/// left: 20, bottom: 40, right: 20)` makes `card.top == root.top + 10`, `card.left == root.left + 20`,
/// `card.bottom == root.bottom - 40` and `card.right == root.right - 20`. For other attributes the
/// mapping is SnapKit's: width `-(left + right)`, height `-(top + bottom)`, centerX
/// `(left - right) / 2`, centerY `(top - bottom) / 2`, leading/trailing by layout direction.
///
/// ```swift
/// let margins = EdgeInsets(8)              // 8 on every side
/// let bars = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
/// ```
public struct EdgeInsets: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The inset of the top edge.
    public var top: Double
    /// The inset of the left edge.
    public var left: Double
    /// The inset of the bottom edge.
    public var bottom: Double
    /// The inset of the right edge.
    public var right: Double

    /// Creates insets from their four sides.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates insets of `all` on every side.
    public init(_ all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// No inset.
    public static let zero = EdgeInsets(0)

    /// Reads like `(top 10, left 20, bottom 40, right 20)`.
    public var description: String {
        "(top \(NumberFormat.short(top)), left \(NumberFormat.short(left)), "
            + "bottom \(NumberFormat.short(bottom)), right \(NumberFormat.short(right)))"
    }
}
