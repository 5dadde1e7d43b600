import Trellis

/// Overflow-safe rounding for the renderers (their text goes through `NumberFormat`).
enum PictureNumber {
    /// `value` rounded to the nearest integer and clamped to `range` (NaN gives the lower bound).
    static func clamped(_ value: Double, to range: ClosedRange<Int>) -> Int {
        guard !value.isNaN else { return range.lowerBound }
        let rounded = value.rounded()
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        if rounded >= Double(range.upperBound) { return range.upperBound }
        return Int(rounded)
    }
}
