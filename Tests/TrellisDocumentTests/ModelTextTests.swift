import Testing
import Trellis
@testable import TrellisDocument

/// The text model read once (`ModelText`, behind ``LayoutDocument/modelTextSize(of:width:)`` and
/// the default view's measuring) against the model written out plainly: every line kept as an
/// array, paragraphs and words split from the string at every call.
@Suite("Layout documents: the text model read once")
struct ModelTextTests {
    /// The documented model, written the plain way (the reference).
    static func plainSize(of entry: LayoutDocument.TextEntry, width: Double) -> Size {
        guard !entry.text.isEmpty else { return .zero }
        let size = entry.pointSize
        let characterWidth = 0.6 * size
        let available = width.isFinite ? max(width, 0) : 1e7
        let perLine = max(1, Int(min(available / characterWidth + 1e-9, 1e9).rounded(.down)))
        var lines: [Int] = []
        for paragraph in entry.text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch entry.lineBreak {
            case "clip":
                lines.append(paragraph.count)
            case "charWrap":
                let count = paragraph.count
                if count == 0 { lines.append(0) }
                var start = 0
                while start < count {
                    lines.append(min(perLine, count - start))
                    start += perLine
                }
            default:
                var current = 0
                var paragraphLines: [Int] = []
                for word in paragraph.split(separator: " ") {
                    var length = word.count
                    if current > 0, current + 1 + length <= perLine {
                        current += 1 + length
                        continue
                    }
                    if current > 0 { paragraphLines.append(current) }
                    while length > perLine {
                        paragraphLines.append(perLine)
                        length -= perLine
                    }
                    current = length
                }
                paragraphLines.append(current)
                lines += paragraphLines
            }
        }
        if entry.lines > 0, lines.count > entry.lines { lines.removeLast(lines.count - entry.lines) }
        var lineWidth = Double(lines.max() ?? 0) * characterWidth
        if entry.lineBreak != "clip" { lineWidth = min(lineWidth, available) }
        return Size(width: lineWidth, height: Double(lines.count) * 1.2 * size)
    }

    /// A deterministic generator (the tests must not depend on the run).
    struct Mix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("Random texts (runs of spaces, empty paragraphs, long words, é and emoji) in every mode, line limit and width")
    func randomTexts() {
        var mix = Mix(state: 21)
        let pieces = ["a", "bb", "word", "longerword", "abcdefghijklmnopqrstuvwxyz", " ", "  ", "\n", "\n\n", "é", "👍🏽", "x y",
                      "\r\n", "\r"]
        let fonts = ["DejaVu Sans 10", "Sans 12px", "Serif", "Mono 7.5"]
        var compared = 0
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<mix.next(14) { text += pieces[mix.next(pieces.count)] }
            for mode in LayoutDocument.TextEntry.lineBreakModes {
                let entry = LayoutDocument.TextEntry(text: text, font: fonts[mix.next(fonts.count)], lines: mix.next(4),
                                                     lineBreak: mode)
                let measure = LayoutDocument.modelTextMeasure(of: entry)
                for width in [0, 1, 6, 13.5, 36, 60, 61, 200, 1e7, .infinity] {
                    let expected = Self.plainSize(of: entry, width: width)
                    #expect(measure(width) == expected, "\(text.debugDescription) \(mode) lines \(entry.lines) at \(width)")
                    #expect(LayoutDocument.modelTextSize(of: entry, width: width) == expected)
                    compared += 1
                }
            }
        }
        #expect(compared == 400 * 6 * 10)
    }

    @Test("The point size is the font's last word when it is a number (px allowed), else 15")
    func pointSizes() {
        let cases: [(String, Double)] = [
            ("DejaVu Sans Bold 15", 15), ("Sans 12px", 12), ("Serif", 15), ("Mono 7.5", 7.5), ("Sans 9 ", 9),
            ("Sans  11  ", 11), ("  ", 15), ("", 15), ("12", 12), ("12px", 12), ("Sans px", 15), ("Sans 0", 15),
            ("Sans 2e6", 15), ("Sans\t12", 15), ("Sans é 11", 11), ("Sans 11é", 15), ("Noto Sans CJK 14", 14),
        ]
        for (font, size) in cases {
            let entry = LayoutDocument.TextEntry(text: "x", font: font, lines: 0, lineBreak: "wordWrap")
            #expect(entry.pointSize == size, "\(font.debugDescription)")
        }
    }
}
