import TrellisSupport

/// UIKit's system spacing (`constraint(equalToSystemSpacingAfter:multiplier:)`), written
/// `.systemSpacing` after `+` or `-` in a relation, or `.systemSpacing * 2`: 8 points between
/// sibling views' edges; between baselines, the larger line height of the relation's items that
/// have text (``View/textLineHeight``; 8 when none has), as UIKit derives it from the fonts.
///
/// ```swift
/// Tails.install(b~.leading == a~.trailing + .systemSpacing,       // 8
///               c~.top >= b~.bottom + .systemSpacing * 2)         // at least 16
/// ```
///
/// A type of its own, not a number: no literal becomes one, so `+ 20` never considers it, and the
/// baseline case can be told apart when the constraint is lowered.
public struct SystemSpacing: Sendable, Hashable, CustomStringConvertible {
    /// How many system spacings.
    public var multiple: Double

    /// `multiple` system spacings.
    public init(multiple: Double) { self.multiple = multiple }

    /// One system spacing.
    public static let systemSpacing = SystemSpacing(multiple: 1)

    /// `lhs.multiple × rhs` system spacings: `.systemSpacing * 2`.
    public static func * (lhs: SystemSpacing, rhs: Double) -> SystemSpacing { SystemSpacing(multiple: lhs.multiple * rhs) }

    /// `systemSpacing`, or `systemSpacing * m`.
    public var description: String { multiple == 1 ? "systemSpacing" : "systemSpacing * \(NumberFormat.short(multiple))" }
}

extension SystemSpacing: LayoutConstantConvertible {
    /// The spacing as a layout constant (its system-spacing part).
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}
