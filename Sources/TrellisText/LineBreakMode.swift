/// How a ``Label`` breaks and shortens its text when it does not fit its width — UIKit's
/// `NSLineBreakMode`, done by Pango.
///
/// ```swift
/// let bio = Label(id: "bio", text: longText, numberOfLines: 0, lineBreakMode: .wordWrap)
/// let title = Label(id: "title", text: longText, numberOfLines: 2, lineBreakMode: .truncateTail)
/// ```
///
/// The wrapping modes break lines at the width the label is laid out at; with a line limit
/// (``Label/numberOfLines``) the lines past it are cut. The truncating modes wrap by words too,
/// and Pango shortens the last allowed line with an ellipsis ("…"); with no line limit they
/// simply wrap. ``clip`` never wraps: each paragraph is one line, cut at the label's edge.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Break at word boundaries, and inside a word that does not fit a line on its own (Pango's
    /// `PANGO_WRAP_WORD_CHAR`).
    case wordWrap
    /// Break between any two characters (Pango's `PANGO_WRAP_CHAR`).
    case charWrap
    /// Wrap by words; an ellipsis replaces the start of the last allowed line.
    case truncateHead
    /// Wrap by words; an ellipsis replaces the middle of the last allowed line.
    case truncateMiddle
    /// Wrap by words; an ellipsis replaces the end of the last allowed line (the default).
    case truncateTail
    /// No wrapping: each paragraph is one line at its natural width, cut at the label's edge.
    case clip

    /// The case name.
    public var description: String { rawValue }
}
