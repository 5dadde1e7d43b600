import Trellis

/// A text entry read once for ``LayoutDocument/modelTextSize(of:width:)``: its point size, and
/// each paragraph's character count and word lengths. A view measured again at every width a
/// pass tries (and at every resize) then costs a walk over integers, not a split of its string
/// into paragraphs and words and a parse of its font each time.
struct ModelText: Sendable {
    private let pointSize: Double
    /// The most lines kept (``LayoutDocument/TextEntry/lines``; `Int.max` for 0).
    private let lineLimit: Int
    private enum Breaking: Sendable { case clip, characters, words }
    private let breaking: Breaking
    /// Per paragraph: its characters, and its words' range in ``wordLengths``.
    private let paragraphs: [(characters: Int, words: Range<Int>)]
    /// The character count of every word (runs of spaces between words count as one), paragraph
    /// after paragraph.
    private let wordLengths: [Int]
    private let isEmpty: Bool

    init(_ entry: LayoutDocument.TextEntry) {
        pointSize = entry.pointSize
        lineLimit = entry.lines > 0 ? entry.lines : Int.max
        breaking = switch entry.lineBreak {
        case "clip": .clip
        case "charWrap": .characters
        default: .words
        }
        isEmpty = entry.text.isEmpty
        var paragraphs: [(characters: Int, words: Range<Int>)] = []
        var wordLengths: [Int] = []
        // ASCII without carriage returns (nearly every text): each byte is one character, so the
        // bytes are counted without breaking the string into characters.
        let utf8 = entry.text.utf8
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            for paragraph in utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                paragraphs.append(Self.read(paragraph, space: UInt8(ascii: " "), into: &wordLengths))
            }
        } else {
            for paragraph in entry.text.split(separator: "\n", omittingEmptySubsequences: false) {
                paragraphs.append(Self.read(paragraph, space: " ", into: &wordLengths))
            }
        }
        self.paragraphs = paragraphs
        self.wordLengths = wordLengths
    }

    /// One paragraph, as its characters (bytes of ASCII text, or `Character`s): appends its
    /// words' lengths to `wordLengths` and returns its character count and words' range.
    private static func read<Paragraph: Collection>(_ paragraph: Paragraph, space: Paragraph.Element,
                                                    into wordLengths: inout [Int])
        -> (characters: Int, words: Range<Int>) where Paragraph.Element: Equatable
    {
        let first = wordLengths.count
        var characters = 0
        var word = 0
        for character in paragraph {
            characters += 1
            if character == space {
                if word > 0 { wordLengths.append(word) }
                word = 0
            } else {
                word += 1
            }
        }
        if word > 0 { wordLengths.append(word) }
        return (characters, first..<wordLengths.count)
    }

    /// The size at `width`, by the rules of ``LayoutDocument/modelTextSize(of:width:)``.
    func size(width: Double) -> Size {
        guard !isEmpty else { return .zero }
        let characterWidth = 0.6 * pointSize
        let available = width.isFinite ? max(width, 0) : 1e7
        let perLine = max(1, Int(min(available / characterWidth + 1e-9, 1e9).rounded(.down)))
        var lines = Lines(limit: lineLimit)
        for paragraph in paragraphs where !lines.full {
            switch breaking {
            case .clip:
                lines.add(paragraph.characters)
            case .characters:
                if paragraph.characters == 0 { lines.add(0) }
                var start = 0
                while start < paragraph.characters && !lines.full {
                    lines.add(min(perLine, paragraph.characters - start))
                    start += perLine
                }
            case .words:
                // Greedy at spaces; a word longer than a line is cut between characters.
                var current = 0
                for k in paragraph.words where !lines.full {
                    var length = wordLengths[k]
                    if current > 0, current + 1 + length <= perLine {
                        current += 1 + length
                        continue
                    }
                    if current > 0 { lines.add(current) }
                    while length > perLine && !lines.full {
                        lines.add(perLine)
                        length -= perLine
                    }
                    current = length
                }
                lines.add(current)
            }
        }
        var lineWidth = Double(lines.widest) * characterWidth
        if breaking != .clip { lineWidth = min(lineWidth, available) }
        return Size(width: lineWidth, height: Double(lines.count) * 1.2 * pointSize)
    }

    /// The lines kept so far: how many, and the widest (in characters).
    private struct Lines {
        let limit: Int
        var count = 0
        var widest = 0
        var full: Bool { count >= limit }

        mutating func add(_ characters: Int) {
            guard count < limit else { return }
            count += 1
            widest = max(widest, characters)
        }
    }
}
