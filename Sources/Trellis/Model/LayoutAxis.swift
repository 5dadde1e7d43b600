/// The two axes of a layout: used for content hugging and compression resistance.
///
/// ```swift
/// label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
/// ```
public enum LayoutAxis: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Left to right: x, widths.
    case horizontal
    /// Top to bottom: y, heights.
    case vertical

    /// `horizontal` or `vertical`.
    public var description: String { rawValue }
}
