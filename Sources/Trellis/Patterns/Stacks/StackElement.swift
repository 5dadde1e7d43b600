/// One entry of a ``Tails/stack(_:spacing:distribution:alignment:id:file:line:_:)`` block: an
/// arranged view, or a custom spacing after the view before it.
///
/// ```swift
/// Tails.stack(.vertical, spacing: 8) {
///     title
///     Tails.spacing(20)        // 20 between title and body instead of 8
///     body
/// }
/// ```
public struct StackElement {
    enum Kind {
        case view(View)
        case spacing(Double)
    }

    let kind: Kind

    /// An arranged view.
    ///
    /// ```swift
    /// let element = StackElement.view(title)     // what a bare `title` line in a stack block makes
    /// ```
    public static func view(_ view: View) -> StackElement { StackElement(kind: .view(view)) }

    /// A custom spacing after the arranged view written before it (ignored at the start of a block).
    ///
    /// ```swift
    /// let element = StackElement.spacing(20)     // the same as `Tails.spacing(20)`
    /// ```
    public static func spacing(_ spacing: Double) -> StackElement { StackElement(kind: .spacing(spacing)) }
}
