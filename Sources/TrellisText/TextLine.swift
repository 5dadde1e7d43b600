import Trellis

/// One line of a ``Label``'s text as Pango broke it: what the line shows and where, relative to
/// the label's top-left corner (what ``PictureRenderer`` draws at that width).
///
/// ```swift
/// let label = Label(text: "Two words", numberOfLines: 0, lineBreakMode: .wordWrap)
/// label.lines(forWidth: 40).map(\.text)     // ["Two", "words"]
/// ```
package struct TextLine: Sendable, Hashable {
    /// The characters shown, without the spaces and line breaks it ends with; an ellipsis where
    /// the text was shortened.
    package var text: String
    /// The line's logical extent (aligned across the width as the label's ``Label/textAlignment`` says).
    package var frame: Rect
    /// The line's baseline, from the top of the text.
    package var baseline: Double
}

/// The font Pango uses for a ``Label``: family, size and style, as a picture outside Pango names it.
package struct TextFace: Sendable, Hashable {
    /// The family fontconfig gave (``Label/resolvedFontFamily``), or the one asked for when none loads.
    package var family: String
    /// The size in points.
    package var size: Double
    /// Whether the weight is bold or heavier (600 and up).
    package var isBold: Bool
    /// Whether the style is italic or oblique.
    package var isItalic: Bool
}

extension Label {
    /// The lines of the text laid out at `width` points — as measured, aligned as drawn — at most
    /// ``numberOfLines`` of them (all when 0). Empty for empty text.
    package func lines(forWidth width: Double) -> [TextLine] {
        let key = key(width: width)
        guard !key.text.isEmpty else { return [] }
        return PangoThreadContext.current.lines(of: key, alignment: textAlignment)
    }

    /// The font the text is measured and drawn with.
    package var face: TextFace { PangoThreadContext.current.face(of: font) }
}
