import TrellisSupport

/// A width and a height.
///
/// ```swift
/// let s = Size(width: 60, height: 40)
/// card~.size == s                      // as a DSL constant: width for `width`, height for `height`
/// ```
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `0 × 0`.
    public static let zero = Size(width: 0, height: 0)

    /// Reads like `60 × 40`.
    public var description: String { "\(NumberFormat.short(width)) × \(NumberFormat.short(height))" }
}
