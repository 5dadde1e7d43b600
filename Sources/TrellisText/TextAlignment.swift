/// Where a ``Label`` places each line across its width.
///
/// Leading and trailing follow each paragraph's own direction, as Pango finds it from the text
/// (Arabic or Hebrew text starts at the right edge), not the label's layout direction.
///
/// ```swift
/// let price = Label(id: "price", text: "12 €")
/// price.textAlignment = .trailing
/// ```
public enum TextAlignment: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Lines start at the paragraph's leading edge (the default).
    case leading
    /// Lines are centred.
    case center
    /// Lines end at the paragraph's trailing edge.
    case trailing

    /// The case name.
    public var description: String { rawValue }
}
