/// How a ``StackView`` sizes its arranged views along its axis — UIStackView's five distributions.
///
/// `gap` below is the distance between neighbours along the axis (`next.leading - previous.trailing`
/// in a horizontal stack, `next.top - previous.bottom` in a vertical one); `spacing` is the stack's
/// ``StackView/spacing`` or the custom spacing after the previous view. Gaps are rows of several
/// terms, not spacer views.
///
/// ```swift
/// let tabs = Tails.stack(.horizontal, spacing: 8, distribution: .fillEqually) { home; search; profile }
/// ```
public enum StackDistribution: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Gaps equal the spacing; the views' content hugging and compression resistance decide who
    /// grows or shrinks. Between views of equal priorities, the last view takes the difference.
    case fill
    /// Gaps equal the spacing; all views get the same size along the axis.
    case fillEqually
    /// Gaps equal the spacing; sizes along the axis are proportional to the views' intrinsic sizes
    /// (at priority 999). Views without an intrinsic size along the axis keep the size their own
    /// constraints give; if no view has one, the views get equal sizes.
    ///
    /// A measured view (``View/sizeForWidth``) counts along a horizontal stack with its natural
    /// width — its answer at an unbounded width, as UIKit counts a label's one-line intrinsic
    /// width — not the width it measures at the width it gets (a wrapped text's widest line,
    /// which follows the proportions it would set); along a vertical stack, with its height
    /// measured at the width it is laid out at.
    case fillProportionally
    /// Views keep their intrinsic sizes; all gaps are equal and at least their spacing.
    case equalSpacing
    /// Views keep their intrinsic sizes; the distances between neighbouring centres are equal (at
    /// priority 149, below content hugging) and every gap is at least its spacing.
    case equalCentering

    /// The case name.
    public var description: String { rawValue }
}
