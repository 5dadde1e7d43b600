import Trellis

extension LayoutDocument {
    /// The text of a view entry (`"text"`, `"font"`, `"lines"`, `"lineBreak"`, `"alignment"`): a
    /// text item whose size comes from measuring the text at the width it is laid out at.
    ///
    /// `Trellis` does not measure text with real fonts: ``LayoutDocument/defaultView(for:)`` makes
    /// views that follow ``LayoutDocument/modelTextSize(of:width:)``, a simple documented model.
    /// `TrellisText` measures with Pango (`Label.documentView(for:)`): pass it to
    /// ``LayoutDocument/makeLayout(width:height:makeView:)``.
    ///
    /// ```swift
    /// // {"id": "bubble", "text": "See you at eight?", "font": "DejaVu Sans 15", "lines": 0, "lineBreak": "wordWrap"}
    /// document.view(id: "bubble")?.text?.lines     // 0
    /// ```
    public struct TextEntry: Sendable, Hashable {
        /// The names `lineBreak` accepts, as `TrellisText`'s `LineBreakMode` spells them.
        public static let lineBreakModes = ["wordWrap", "charWrap", "truncateHead", "truncateMiddle", "truncateTail", "clip"]
        /// The names `alignment` accepts, as `TrellisText`'s `TextAlignment` spells them.
        public static let alignments = ["leading", "center", "trailing"]
        /// The font used when an entry gives none.
        public static let defaultFont = "DejaVu Sans 15"

        /// The text shown. Newlines start paragraphs.
        public var text: String
        /// The font, as a Pango font description (default ``defaultFont``).
        public var font: String
        /// The most lines shown; 0 means no limit (default 1).
        public var lines: Int
        /// How lines are broken and shortened, one of ``lineBreakModes`` (default `truncateTail`).
        public var lineBreak: String
        /// Where lines sit across the width, one of ``alignments`` (default `leading`); it changes
        /// the drawing only, never the size.
        public var alignment: String
        /// The text's colour in finished pictures (`"color"`), `#RRGGBB` or `#RRGGBBAA`; nil: black.
        public var color: String? = nil

        /// Creates a text entry.
        public init(text: String, font: String = TextEntry.defaultFont, lines: Int = 1,
                    lineBreak: String = "truncateTail", alignment: String = "leading") {
            self.text = text
            self.font = font
            self.lines = lines
            self.lineBreak = lineBreak
            self.alignment = alignment
        }

        /// The font's size in points, as the model reads it from ``font``: the last word when it is
        /// a number (`"DejaVu Sans Bold 15"` → 15, `"Sans 12px"` → 12), else 15.
        public var pointSize: Double {
            var last: Substring
            let utf8 = font.utf8
            if utf8.allSatisfy({ $0 < 0x80 }) {
                // ASCII (every font name in practice): the last word found on the bytes, without
                // splitting the string into words by its characters.
                var end = utf8.endIndex
                while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
                let start = utf8[..<end].lastIndex(of: UInt8(ascii: " ")).map { utf8.index(after: $0) } ?? utf8.startIndex
                guard start < end else { return 15 }
                last = Substring(utf8[start..<end])
            } else {
                guard let word = font.split(separator: " ").last else { return 15 }
                last = word
            }
            if last.hasSuffix("px") { last = last.dropLast(2) }
            guard let size = Double(last), size > 0, size <= LayoutDocument.maximumMagnitude else { return 15 }
            return size
        }
    }
}
