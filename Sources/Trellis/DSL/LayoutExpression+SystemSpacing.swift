// System spacing in the DSL: `b~.leading == a~.trailing + .systemSpacing`, `.systemSpacing * 2`.
// Four concrete operators, on the two item-side types, taking a ``SystemSpacing`` (whose static
// ``SystemSpacing/systemSpacing`` the implicit member `.systemSpacing` names), and `*` on
// `SystemSpacing` itself: the type checker finds `.systemSpacing` only there.

extension LayoutAnchors {
    /// The sum `lhs + rhs` with system spacing or `.systemSpacing * 2`.
    ///
    /// ```swift
    /// Tails.install(b~.leading == a~.trailing + .systemSpacing)   // UIKit's 8 points
    /// ```
    public static func + (lhs: LayoutAnchors, rhs: SystemSpacing) -> LayoutExpression {
        lhs.layoutExpression.adding(rhs.layoutExpression)
    }

    /// The difference `lhs - rhs` with system spacing.
    ///
    /// ```swift
    /// Tails.install(a~.trailing == b~.leading - .systemSpacing)
    /// ```
    public static func - (lhs: LayoutAnchors, rhs: SystemSpacing) -> LayoutExpression {
        lhs.layoutExpression.adding(rhs.layoutExpression.scaled(by: -1))
    }
}

extension LayoutExpression {
    /// The sum `lhs + rhs` with system spacing.
    ///
    /// ```swift
    /// Tails.install(c~.top >= b~.bottom + 4 + .systemSpacing)
    /// ```
    public static func + (lhs: LayoutExpression, rhs: SystemSpacing) -> LayoutExpression {
        lhs.adding(rhs.layoutExpression)
    }

    /// The difference `lhs - rhs` with system spacing.
    ///
    /// ```swift
    /// Tails.install(a~.trailing == b~.leading * 1 - .systemSpacing)
    /// ```
    public static func - (lhs: LayoutExpression, rhs: SystemSpacing) -> LayoutExpression {
        lhs.adding(rhs.layoutExpression.scaled(by: -1))
    }
}
