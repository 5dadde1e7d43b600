import TrellisSupport

/// The constant of a layout constraint: a number, a ``Point``, a ``Size``, ``EdgeInsets`` or
/// ``DirectionalEdgeInsets`` — or a sum of them — whose value is chosen per attribute.
///
/// | Constant | Attribute | Value |
/// |---|---|---|
/// | number | any | the number |
/// | `Point` | `left right leading trailing centerX` / `top bottom centerY` and baselines | `x` / `y` (0 for width, height) |
/// | `Size` | `width` / `height` | `width` / `height` (0 otherwise) |
/// | `EdgeInsets` | `top left bottom right` | `top`, `left`, `-bottom`, `-right` |
/// | `EdgeInsets` | `leading` / `trailing` | left-to-right: `left` / `-right`; right-to-left: `right` / `-left` |
/// | `EdgeInsets` | `width` / `height` | `-(left + right)` / `-(top + bottom)` |
/// | `EdgeInsets` | `centerX` / `centerY` | `(left - right) / 2` / `(top - bottom) / 2` |
/// | `EdgeInsets` | `firstBaseline` / `lastBaseline` | `top` / `-bottom` |
/// | `DirectionalEdgeInsets` | all | as `EdgeInsets` resolved for the layout direction |
/// | ``SystemSpacing`` × m | all but baselines | `8 × m`, UIKit's standard spacing between sibling views |
/// | ``SystemSpacing`` × m | `firstBaseline` / `lastBaseline` | `m ×` the larger line height of the relation's items with text (``View/textLineHeight``), 8 × m when none has text |
///
/// So `card~.edges == root~ + insets` insets the card, and `card~.size == root~ + insets` or
/// `card~.center == root~ + insets` agree with it. The layout direction is that of the first item
/// on the left side.
///
/// ```swift
/// let c: LayoutConstant = 8
/// c.value(for: .top)                                      // 8
/// LayoutConstant(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).value(for: .width)   // -6
/// ```
public struct LayoutConstant: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    CustomStringConvertible
{
    /// The plain number, used for every attribute.
    public var scalar: Double
    /// The point part.
    public var point: Point {
        get { box?.parts.point ?? .zero }
        set { updateParts { $0.point = newValue } }
    }
    /// The size part.
    public var size: Size {
        get { box?.parts.size ?? .zero }
        set { updateParts { $0.size = newValue } }
    }
    /// The edge-insets part.
    public var insets: EdgeInsets {
        get { box?.parts.insets ?? .zero }
        set { updateParts { $0.insets = newValue } }
    }
    /// The directional edge-insets part.
    public var directionalInsets: DirectionalEdgeInsets {
        get { box?.parts.directionalInsets ?? .zero }
        set { updateParts { $0.directionalInsets = newValue } }
    }
    /// The system-spacing part: how many system spacings (``SystemSpacing``; see the table).
    public var systemSpacingMultiple: Double {
        get { box?.parts.systemSpacingMultiple ?? 0 }
        set { updateParts { $0.systemSpacingMultiple = newValue } }
    }

    /// Every part but the number: most constants are plain numbers, so the other parts (twelve
    /// numbers) live in a shared box that only the others have — a constant is two words, not
    /// fourteen, in every constraint and every parsed relation.
    private struct Parts: Hashable {
        var point = Point.zero
        var size = Size.zero
        var insets = EdgeInsets.zero
        var directionalInsets = DirectionalEdgeInsets.zero
        var systemSpacingMultiple = 0.0

        static let zero = Parts()
    }

    /// The box of the parts other than the number (immutable: a change makes a new one).
    private final class Box: Sendable {
        let parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    /// The parts other than the number; nil when they are all zero.
    private var box: Box?

    private var parts: Parts { box?.parts ?? .zero }

    private mutating func updateParts(_ change: (inout Parts) -> Void) {
        var parts = self.parts
        change(&parts)
        box = parts == .zero ? nil : Box(parts)
    }

    /// Creates a constant from its parts (all zero by default).
    public init(scalar: Double = 0, point: Point = .zero, size: Size = .zero, insets: EdgeInsets = .zero,
                directionalInsets: DirectionalEdgeInsets = .zero, systemSpacingMultiple: Double = 0) {
        self.scalar = scalar
        let parts = Parts(point: point, size: size, insets: insets, directionalInsets: directionalInsets,
                          systemSpacingMultiple: systemSpacingMultiple)
        self.box = parts == .zero ? nil : Box(parts)
    }

    /// Equal when every part is.
    public static func == (lhs: LayoutConstant, rhs: LayoutConstant) -> Bool {
        lhs.scalar == rhs.scalar && lhs.parts == rhs.parts
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scalar)
        hasher.combine(parts)
    }

    /// The points of one system spacing between sibling views' edges: 8, as in UIKit.
    public static let standardSystemSpacing: Double = 8

    /// The constant with its system-spacing part turned into points: `unit` points per system
    /// spacing (``standardSystemSpacing`` except between baselines).
    package func resolvingSystemSpacing(unit: Double) -> LayoutConstant {
        guard systemSpacingMultiple != 0 else { return self }
        var copy = self
        copy.scalar += systemSpacingMultiple * unit
        copy.systemSpacingMultiple = 0
        return copy
    }

    /// A number.
    public init(_ scalar: Double) { self.init(scalar: scalar) }
    /// A point.
    public init(_ point: Point) { self.init(point: point) }
    /// A size.
    public init(_ size: Size) { self.init(size: size) }
    /// Edge insets.
    public init(_ insets: EdgeInsets) { self.init(insets: insets) }
    /// Directional edge insets.
    public init(_ insets: DirectionalEdgeInsets) { self.init(directionalInsets: insets) }
    /// A number of system spacings (``SystemSpacing``).
    public init(_ spacing: SystemSpacing) { self.init(systemSpacingMultiple: spacing.multiple) }
    /// A number from an integer literal.
    public init(integerLiteral value: Int) { self.init(scalar: Double(value)) }
    /// A number from a floating-point literal.
    public init(floatLiteral value: Double) { self.init(scalar: value) }

    /// Zero.
    public static let zero = LayoutConstant()

    /// Whether every part is zero.
    public var isZero: Bool { scalar == 0 && box == nil }

    /// The value of the constant for `attribute` in a layout reading in `direction`.
    public func value(for attribute: LayoutAttribute, direction: LayoutDirection = .leftToRight) -> Double {
        guard let box else { return scalar + 0 }
        let parts = box.parts, point = parts.point, size = parts.size, insets = parts.insets
        let directionalInsets = parts.directionalInsets, systemSpacingMultiple = parts.systemSpacingMultiple
        var total = scalar
        switch attribute {
        case .left, .right, .leading, .trailing, .centerX: total += point.x
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: total += point.y
        case .width: total += size.width
        case .height: total += size.height
        }
        total += Self.insetValue(insets, attribute, direction)
        total += Self.insetValue(directionalInsets.resolved(for: direction), attribute, direction)
        total += systemSpacingMultiple * Self.standardSystemSpacing
        return total + 0
    }

    private static func insetValue(_ i: EdgeInsets, _ attribute: LayoutAttribute, _ direction: LayoutDirection) -> Double {
        switch attribute {
        case .top, .firstBaseline: i.top
        case .bottom, .lastBaseline: -i.bottom
        case .left: i.left
        case .right: -i.right
        case .leading: direction == .leftToRight ? i.left : i.right
        case .trailing: direction == .leftToRight ? -i.right : -i.left
        case .width: -(i.left + i.right)
        case .height: -(i.top + i.bottom)
        case .centerX: (i.left - i.right) / 2
        case .centerY: (i.top - i.bottom) / 2
        }
    }

    /// The part-wise sum.
    package func adding(_ other: LayoutConstant) -> LayoutConstant {
        LayoutConstant(
            scalar: scalar + other.scalar,
            point: Point(x: point.x + other.point.x, y: point.y + other.point.y),
            size: Size(width: size.width + other.size.width, height: size.height + other.size.height),
            insets: EdgeInsets(top: insets.top + other.insets.top, left: insets.left + other.insets.left,
                               bottom: insets.bottom + other.insets.bottom, right: insets.right + other.insets.right),
            directionalInsets: DirectionalEdgeInsets(
                top: directionalInsets.top + other.directionalInsets.top,
                leading: directionalInsets.leading + other.directionalInsets.leading,
                bottom: directionalInsets.bottom + other.directionalInsets.bottom,
                trailing: directionalInsets.trailing + other.directionalInsets.trailing),
            systemSpacingMultiple: systemSpacingMultiple + other.systemSpacingMultiple)
    }

    /// Every part multiplied by `factor`.
    package func scaled(by factor: Double) -> LayoutConstant {
        LayoutConstant(
            scalar: scalar * factor,
            point: Point(x: point.x * factor, y: point.y * factor),
            size: Size(width: size.width * factor, height: size.height * factor),
            insets: EdgeInsets(top: insets.top * factor, left: insets.left * factor,
                               bottom: insets.bottom * factor, right: insets.right * factor),
            directionalInsets: DirectionalEdgeInsets(
                top: directionalInsets.top * factor, leading: directionalInsets.leading * factor,
                bottom: directionalInsets.bottom * factor, trailing: directionalInsets.trailing * factor),
            systemSpacingMultiple: systemSpacingMultiple * factor)
    }

    /// The non-zero parts joined by `+`, such as `8`, `(10, 20)` or `8 + (top 1, left 2, bottom 3, right 4)`.
    public var description: String {
        var parts: [String] = []
        if scalar != 0 { parts.append(NumberFormat.short(scalar)) }
        if point != .zero { parts.append(point.description) }
        if size != .zero { parts.append(size.description) }
        if insets != .zero { parts.append(insets.description) }
        if directionalInsets != .zero { parts.append(directionalInsets.description) }
        if systemSpacingMultiple == 1 { parts.append("systemSpacing") }
        else if systemSpacingMultiple != 0 { parts.append("systemSpacing * \(NumberFormat.short(systemSpacingMultiple))") }
        return parts.isEmpty ? "0" : parts.joined(separator: " + ")
    }
}
