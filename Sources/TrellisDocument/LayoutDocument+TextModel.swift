import Trellis

extension LayoutDocument {
    /// The view `Trellis` makes for a view entry when no other factory is given to
    /// ``makeLayout(width:height:makeView:)``: a plain `View` with the entry's id, and for an entry
    /// with ``ViewEntry/text`` a view measured by ``modelTextSize(of:width:)`` (its
    /// `View.sizeForWidth`), with its first baseline 0.8 × the font size below the top and its
    /// last baseline 0.4 × the font size above the bottom (0.8 × the size below the top of the
    /// last line).
    ///
    /// `TrellisText`'s `Label.documentView(for:)` makes the same views, except that text is a
    /// `Label` measured by Pango.
    ///
    /// ```swift
    /// let layout = try document.makeLayout(makeView: LayoutDocument.defaultView(for:))   // the default
    /// ```
    public static func defaultView(for entry: ViewEntry) -> View {
        let view = View(id: entry.id)
        guard let text = entry.text else { return view }
        view.sizeForWidth = modelTextMeasure(of: text)
        if !text.text.isEmpty {
            view.firstBaselineOffsetFromTop = 0.8 * text.pointSize
            view.lastBaselineOffsetFromBottom = 0.4 * text.pointSize
            view.textLineHeight = 1.2 * text.pointSize       // one model line: baseline system spacing
        }
        return view
    }

    /// The size of a text item laid out at `width` points in the simple text model `Trellis` uses
    /// without real fonts (``defaultView(for:)``); `s` is the font's ``TextEntry/pointSize``:
    ///
    /// - every character (a Swift `Character`, spaces included) is 0.6 × `s` wide, every line
    ///   1.2 × `s` tall; so a line holds ⌊`width` / (0.6 × `s`)⌋ characters, at least one;
    /// - newlines start paragraphs; `wordWrap` and the truncating modes break a paragraph greedily
    ///   at spaces (runs of spaces count as one; a word longer than a line is cut between
    ///   characters), `charWrap` between any two characters, and `clip` not at all;
    /// - with ``TextEntry/lines`` above 0, only that many lines are kept (the truncating modes
    ///   shorten the last one in a real font; the model keeps its length);
    /// - the size is the widest line (at most `width`, except with `clip`) × the lines kept;
    ///   empty text is 0 × 0.
    ///
    /// ```swift
    /// let text = LayoutDocument.TextEntry(text: "See you at eight?", font: "DejaVu Sans 10",
    ///                                     lines: 0, lineBreak: "wordWrap")
    /// LayoutDocument.modelTextSize(of: text, width: 1e7)   // 102 × 12: 17 characters of 6 points
    /// LayoutDocument.modelTextSize(of: text, width: 60)    // 60 × 24: "See you at" / "eight?"
    /// ```
    public static func modelTextSize(of entry: TextEntry, width: Double) -> Size {
        ModelText(entry).size(width: width)
    }

    /// ``modelTextSize(of:width:)`` of `entry` as a measuring closure, the entry read once (a
    /// view is measured at every width a pass tries).
    package static func modelTextMeasure(of entry: TextEntry) -> @Sendable (Double) -> Size {
        let text = ModelText(entry)
        return { width in text.size(width: width) }
    }
}
