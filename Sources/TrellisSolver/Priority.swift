/// An Auto Layout priority: a number from 1 to 1000, where 1000 means required.
///
/// Higher priorities are satisfied strictly before lower ones: one constraint at 751 outweighs
/// any number of constraints at 750. Literals and arithmetic work as in UIKit:
///
/// ```swift
/// let p: Priority = 750
/// p == .defaultHigh            // true
/// (Priority.defaultHigh + 1).rawValue   // 751
/// ```
///
/// Values outside 1...1000 (or not finite) can be written, but the solver rejects them with
/// ``TrellisError/invalidStrength(_:)`` naming the constraint.
public struct Priority: RawRepresentable, Sendable, Hashable, Comparable, Codable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority's value, 1...1000.
    public var rawValue: Float

    /// Creates a priority with the given value.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority with the given value.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from a literal such as `750.5`.
    public init(floatLiteral value: Float) { self.rawValue = value }
    /// Creates a priority from a literal such as `750`.
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    /// 1000: the constraint must hold.
    public static let required = Priority(1000)
    /// 750: the priority of compression resistance, and of most "strong" preferences.
    public static let defaultHigh = Priority(750)
    /// 250: the priority of content hugging.
    public static let defaultLow = Priority(250)
    /// 50: the level at which a fitting-size query holds an item as small as it can be.
    public static let fittingSizeLevel = Priority(50)

    /// Whether this is ``required``.
    public var isRequired: Bool { rawValue == 1000 }

    /// Whether the value lies in 1...1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A priority raised by `rhs` (`.defaultHigh + 1` is 751).
    public static func + (lhs: Priority, rhs: Float) -> Priority { Priority(lhs.rawValue + rhs) }
    /// A priority lowered by `rhs` (`.required - 1` is 999).
    public static func - (lhs: Priority, rhs: Float) -> Priority { Priority(lhs.rawValue - rhs) }

    public var description: String {
        rawValue.isFinite && rawValue == rawValue.rounded() && abs(rawValue) < 1e9
            ? String(Int(rawValue)) : "\(rawValue)"
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Float.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
