import Trellis

/// What Pango measured for a text at a width: the size of the lines shown and where the first
/// and last baselines lie, in points (one Pango unit is `1 / PANGO_SCALE` point: the text is laid
/// out at 72 dpi).
///
/// ```swift
/// let label = Label(text: "Hello, world", font: "DejaVu Sans 15", numberOfLines: 0)
/// let measured = label.measurement(forWidth: 60)
/// measured.lineCount          // 2: "Hello," / "world"
/// measured.size               // the widest line × the two lines' height
/// ```
public struct TextMeasurement: Sendable, Hashable, CustomStringConvertible {
    /// The widest shown line's logical width × the shown lines' logical height (zero for empty text).
    public let size: Size
    /// The first line's baseline, from the top.
    public let firstBaseline: Double
    /// The last shown line's baseline, from the top.
    public let lastBaseline: Double
    /// How many lines are shown (at most the label's line limit; 0 for empty text).
    public let lineCount: Int
    /// Whether Pango cut the text with an ellipsis (a truncating ``LineBreakMode`` whose text
    /// did not fit its lines).
    public let isTruncated: Bool

    /// The last shown line's baseline, from the bottom of ``size``.
    public var lastBaselineFromBottom: Double { size.height - lastBaseline }

    /// Reads like `120.5 × 36 (2 lines, baselines 14 and 32)`.
    public var description: String {
        "\(size) (\(lineCount) line\(lineCount == 1 ? "" : "s"), baselines \(firstBaseline) and \(lastBaseline))"
    }

    /// The measurement of empty text.
    static let empty = TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0, isTruncated: false)
}
