/// Number handling shared by the renderers: short decimal text and overflow-safe rounding.
enum PictureNumber {
    /// The value rounded to `decimals` places, without trailing zeros: `127.5`, `16`, `0.33`.
    /// Solver noise (`15.999999999`) disappears; values beyond 1e12 print as Swift prints them.
    static func text(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        var factor = 1.0
        for _ in 0..<max(0, min(decimals, 9)) { factor *= 10 }
        let rounded = (value * factor).rounded() / factor + 0
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// ``text(_:decimals:)`` for a label: `?` for NaN and infinities.
    static func label(_ value: Double, decimals: Int = 2) -> String {
        value.isFinite ? text(value, decimals: decimals) : "?"
    }

    /// `value` rounded to the nearest integer and clamped to `range` (NaN gives the lower bound).
    static func clamped(_ value: Double, to range: ClosedRange<Int>) -> Int {
        guard !value.isNaN else { return range.lowerBound }
        let rounded = value.rounded()
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        if rounded >= Double(range.upperBound) { return range.upperBound }
        return Int(rounded)
    }
}
