import Trellis
import TrellisDocument
import TrellisText

extension Label {
    /// The view for an entry of a layout document, with text measured by Pango: a ``Label`` for
    /// an entry with text (its text, font, line limit, line-break mode and alignment), else the
    /// view `Trellis` makes (``LayoutDocument/defaultView(for:)``). Pass it to
    /// ``LayoutDocument/makeLayout(width:height:makeView:)``:
    ///
    /// ```swift
    /// let document = try LayoutDocument.parse(bytes, name: "chat.json")
    /// let result = try document.makeLayout(width: 390, makeView: Label.documentView(for:)).layout()
    /// result.snapshot?[id: "bubble1"]     // sized by Pango's wrapping at the bubble's width
    /// ```
    ///
    /// The document's `lineBreak` and `alignment` names are those of ``LineBreakMode`` and
    /// ``TextAlignment`` (a name neither knows, which a parsed document never has, gives the
    /// defaults).
    static func documentView(for entry: LayoutDocument.ViewEntry) -> View {
        guard let text = entry.text else { return LayoutDocument.defaultView(for: entry) }
        return Label(id: entry.id, text: text.text, font: text.font, numberOfLines: text.lines,
                     lineBreakMode: LineBreakMode(rawValue: text.lineBreak) ?? .truncateTail,
                     textAlignment: TextAlignment(rawValue: text.alignment) ?? .leading)
    }
}
