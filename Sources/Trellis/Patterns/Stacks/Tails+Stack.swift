extension Tails {
    /// A ``StackView`` arranging the views of `content` along `axis` — UIStackView as constraints.
    ///
    /// ```swift
    /// let card = Tails.stack(.vertical, spacing: 8) {
    ///     Tails.stack(.horizontal, spacing: 8, alignment: .center) {   // stacks nest
    ///         avatar
    ///         name
    ///     }
    ///     bio
    ///     Tails.spacing(16)                                            // 16 after bio instead of 8
    ///     buttons
    /// }
    /// root.addSubview(card)
    /// Tails.install(card~.top.leading.trailing == root~ + EdgeInsets(16))
    /// ```
    ///
    /// The views become the stack's subviews (leaving any previous superview). The stack makes
    /// its constraints at each layout pass, so later changes to its properties, its arranged views
    /// or their ``View/isHidden`` take effect then. Hidden views take no room: the visible views
    /// and gaps are as if they were not there, and each hidden view gets zero length along the axis
    /// where the visible view before it ends (the stack's start when none does), aligned across
    /// the axis like the others — by rows at priority 999, so a hidden view whose own required
    /// constraints give it a length keeps that length there instead of making the layout
    /// unsatisfiable (see ``StackView``).
    ///
    /// - Parameters:
    ///   - axis: `.horizontal` (leading to trailing) or `.vertical` (top to bottom).
    ///   - spacing: The gap between neighbours (the minimum gap for the equal-spacing distributions).
    ///   - distribution: How views are sized along the axis (default ``StackDistribution/fill``).
    ///   - alignment: How views are placed across the axis (default ``StackAlignment/fill``).
    ///   - id: The stack's id, for diagnostics and snapshots.
    ///   - file: The file recorded for diagnostics (the caller's, by default).
    ///   - line: The line recorded for diagnostics (the caller's, by default).
    ///   - content: One view per line; ``spacing(_:)`` for a custom gap after the previous view.
    public static func stack(_ axis: LayoutAxis, spacing: Double = 0, distribution: StackDistribution = .fill,
                             alignment: StackAlignment = .fill, id: String? = nil, file: String = #fileID,
                             line: UInt = #line, @StackBuilder _ content: () -> [StackElement]) -> StackView {
        let stack = StackView(id: id, axis: axis, spacing: spacing, distribution: distribution, alignment: alignment,
                              file: file, line: line)
        stack.arrange(content())
        return stack
    }

    /// In a stack block: the gap after the previous view (UIKit's `setCustomSpacing(_:after:)`).
    ///
    /// ```swift
    /// Tails.stack(.vertical, spacing: 8) { title; Tails.spacing(24); body }
    /// ```
    public static func spacing(_ spacing: Double) -> StackElement { .spacing(spacing) }
}
