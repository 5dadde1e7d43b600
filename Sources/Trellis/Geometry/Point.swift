import TrellisSupport

/// A point in a two-dimensional coordinate space whose y axis points down (as in UIKit).
///
/// ```swift
/// let p = Point(x: 10, y: 20)
/// badge~.center == card~ - Point(x: 0, y: 20)   // as a DSL constant: x for x-axis attributes, y for y-axis ones
/// ```
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (growing downwards).
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Reads like `(10, 20)`.
    public var description: String { "(\(NumberFormat.short(x)), \(NumberFormat.short(y)))" }
}
