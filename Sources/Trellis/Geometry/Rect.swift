import TrellisSupport

/// An axis-aligned rectangle: an origin (its top-left corner, y growing downwards) and a size.
///
/// ```swift
/// let r = Rect(x: 10, y: 20, width: 100, height: 50)
/// r.maxX        // 110
/// r.midY        // 45
/// r.size        // 100 × 50
/// ```
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge, `origin.x`.
    public var minX: Double { origin.x }
    /// The horizontal centre, `origin.x + width / 2`.
    public var midX: Double { origin.x + size.width / 2 }
    /// The right edge, `origin.x + width`.
    public var maxX: Double { origin.x + size.width }
    /// The top edge, `origin.y`.
    public var minY: Double { origin.y }
    /// The vertical centre, `origin.y + height / 2`.
    public var midY: Double { origin.y + size.height / 2 }
    /// The bottom edge, `origin.y + height`.
    public var maxY: Double { origin.y + size.height }
    /// `size.width`.
    public var width: Double { size.width }
    /// `size.height`.
    public var height: Double { size.height }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `insets` on each side (grown where an inset is negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: origin.x + insets.left, y: origin.y + insets.top,
             width: size.width - insets.left - insets.right,
             height: size.height - insets.top - insets.bottom)
    }

    /// Reads like `(10, 20, 100, 50)`: x, y, width, height.
    public var description: String {
        "(\(NumberFormat.short(origin.x)), \(NumberFormat.short(origin.y)), "
            + "\(NumberFormat.short(size.width)), \(NumberFormat.short(size.height)))"
    }
}
