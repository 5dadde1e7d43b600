import TrellisSupport

/// A number of UIKit system spacings (`constraint(equalToSystemSpacingAfter:multiplier:)`), as a
/// layout constant: 8 points between sibling views' edges; between baselines, the larger line
/// height of the relation's items that have text (``View/textLineHeight``; 8 when none has), as
/// UIKit derives it from the fonts.
///
/// In the DSL it is written ``LayoutExpression/systemSpacing``, after `+` or `-` in a relation:
///
/// ```swift
/// Tails.install(b~.leading == a~.trailing + .systemSpacing,       // 8
///               c~.top >= b~.bottom + .systemSpacing * 2)         // at least 16
/// ```
///
/// This type names the constant itself, for `update(constant:)` and
/// friends: `group.update(constant: SystemSpacing(multiple: 3))`.
public struct SystemSpacing: Sendable, Hashable, CustomStringConvertible {
    /// How many system spacings.
    public var multiple: Double

    /// `multiple` system spacings.
    public init(multiple: Double) { self.multiple = multiple }

    /// `systemSpacing`, or `systemSpacing * m`.
    public var description: String { multiple == 1 ? "systemSpacing" : "systemSpacing * \(NumberFormat.short(multiple))" }
}

extension SystemSpacing: LayoutConstantConvertible {
    /// The spacing as a layout constant (its system-spacing part).
    public var layoutConstant: LayoutConstant { LayoutConstant(self) }
}
