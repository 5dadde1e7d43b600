import TrellisSupport

/// Edge insets whose horizontal sides follow the layout direction: `leading` is the left inset
/// in a left-to-right layout and the right inset in a right-to-left one.
///
/// ```swift
/// row~.directionalEdges == root~ + DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 4)
/// ```
public struct DirectionalEdgeInsets: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The inset of the top edge.
    public var top: Double
    /// The inset of the leading edge (left in left-to-right layouts, right in right-to-left ones).
    public var leading: Double
    /// The inset of the bottom edge.
    public var bottom: Double
    /// The inset of the trailing edge (right in left-to-right layouts, left in right-to-left ones).
    public var trailing: Double

    /// Creates insets from their four sides.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Creates insets of `all` on every side.
    public init(_ all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    /// No inset.
    public static let zero = DirectionalEdgeInsets(0)

    /// The absolute insets for a layout direction.
    public func resolved(for direction: LayoutDirection) -> EdgeInsets {
        switch direction {
        case .leftToRight: EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
        case .rightToLeft: EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
        }
    }

    /// Reads like `(top 8, leading 16, bottom 8, trailing 4)`.
    public var description: String {
        "(top \(NumberFormat.short(top)), leading \(NumberFormat.short(leading)), "
            + "bottom \(NumberFormat.short(bottom)), trailing \(NumberFormat.short(trailing)))"
    }
}
