// System spacing in the DSL: `b~.leading == a~.trailing + .systemSpacing`, `.systemSpacing * 2`.
//
// No operator of its own: `.systemSpacing` is a static member of `LayoutExpression` (a constant
// expression of one ``SystemSpacing``), so `a~.trailing + .systemSpacing` is the existing
// `LayoutAnchors + LayoutExpression` and `.systemSpacing * 2` the existing `LayoutExpression * Double`.
// Operators taking a `SystemSpacing` made every DSL expression slower to type-check (the
// overload sets of `+`, `-` and `*` grew, and the implicit member had more types to try).

extension LayoutExpression {
    /// UIKit's system spacing (``SystemSpacing``) as a constant expression, written after `+` or
    /// `-` in a relation: 8 points between sibling views' edges; between baselines, the larger
    /// line height of the relation's items that have text.
    ///
    /// ```swift
    /// Tails.install(b~.leading == a~.trailing + .systemSpacing,   // UIKit's 8 points
    ///               c~.top >= b~.bottom + .systemSpacing * 2,     // at least 16
    ///               a~.trailing <= d~.leading - .systemSpacing)
    /// ```
    ///
    /// In a relation that is not between two edges or two baselines (`a~.width == .systemSpacing`)
    /// it is 8 points, as between edges.
    public static var systemSpacing: LayoutExpression { SystemSpacing(multiple: 1).layoutExpression }
}
