/// The result builder of ``Tails/stack(_:spacing:distribution:alignment:id:file:line:_:)``: one
/// arranged view per line (any ``View``, including another stack), ``Tails/spacing(_:)`` for a
/// custom spacing after the previous view, with `if`, `switch` and `for` allowed.
///
/// ```swift
/// Tails.stack(.vertical, spacing: 4) {
///     header
///     for row in rows { row }
///     if showsFooter { footer }
/// }
/// ```
@resultBuilder
public enum StackBuilder {
    /// An arranged view.
    public static func buildExpression(_ view: View) -> [StackElement] { [.view(view)] }

    /// Several arranged views, in order.
    public static func buildExpression(_ views: [View]) -> [StackElement] { views.map(StackElement.view) }

    /// A custom spacing (``Tails/spacing(_:)``).
    public static func buildExpression(_ element: StackElement) -> [StackElement] { [element] }

    /// The elements of a block, in order.
    public static func buildBlock(_ components: [StackElement]...) -> [StackElement] { components.flatMap { $0 } }

    /// An `if` without `else`.
    public static func buildOptional(_ component: [StackElement]?) -> [StackElement] { component ?? [] }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [StackElement]) -> [StackElement] { component }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [StackElement]) -> [StackElement] { component }

    /// A `for` loop.
    public static func buildArray(_ components: [[StackElement]]) -> [StackElement] { components.flatMap { $0 } }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: [StackElement]) -> [StackElement] { component }
}
