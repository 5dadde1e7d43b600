import CPangoCairo

/// A colour with alpha, each component from 0 to 1 (sRGB, not premultiplied), as pictures draw it.
///
/// ```swift
/// let accent = Color(hex: "#2563eb")!              // opaque
/// let shade = Color(hex: "#0f172a80")!             // alpha 0x80 / 255
/// let ink = Color(red: 0.1, green: 0.1, blue: 0.1) // alpha 1
/// ```
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour; components outside 0...1 (or not finite) are clamped (NaN gives 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    /// A colour written `#RRGGBB` or `#RRGGBBAA` (hexadecimal digits, either case); nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.utf8.dropFirst()
        guard digits.count == 6 || digits.count == 8,
              digits.allSatisfy({ (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }),
              let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { return nil }
        let rgba = digits.count == 6 ? value << 8 | 0xff : value
        func channel(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xff) / 255 }
        self.init(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func byte(_ unit: Double) -> String {
            let text = String(Int((unit * 255).rounded()), radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// This colour with its alpha multiplied by `factor` (clamped to 0...1).
    public func withAlphaMultiplied(by factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * Self.unit(factor))
    }

    /// Makes this colour Cairo's source.
    func set(on cr: OpaquePointer) { cairo_set_source_rgba(cr, red, green, blue, alpha) }

    private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
