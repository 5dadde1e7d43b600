/// The one number formatter behind every text Trellis writes for people: descriptions of
/// constraints, diagnostics, document errors and picture labels. Integers print without a
/// fraction (`8`, `-20`), other values as Swift prints them (`0.5`) or rounded to a number of
/// decimals, and non-finite values always as `NaN`, `∞` and `-∞`. (JSON output uses
/// ``JSONText/number(_:)`` instead.)
package enum NumberFormat {
    /// `value` as text; with `decimals`, rounded to that many places first (solver noise such as
    /// `15.999999999` disappears; magnitudes from 1e9 up are printed as they are).
    package static func text(_ value: Double, decimals: Int? = nil) -> String {
        if value.isNaN { return "NaN" }
        if value == .infinity { return "∞" }
        if value == -.infinity { return "-∞" }
        var shown = value
        if let decimals, abs(value) < 1e9 {
            var factor = 1.0
            for _ in 0..<max(0, min(decimals, 9)) { factor *= 10 }
            shown = (value * factor).rounded() / factor
        }
        shown += 0   // -0 prints as 0
        if shown == shown.rounded(), abs(shown) < 1e15 { return String(Int64(shown)) }
        return "\(shown)"
    }

    /// ``text(_:decimals:)`` without rounding: `8`, `-20`, `0.5`.
    package static func short(_ value: Double) -> String { text(value) }
}
