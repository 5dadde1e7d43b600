/// Number formatting for diagnostic texts.
enum DiagnosticText {
    /// A readable number: integers without a fraction, others rounded to 6 decimals (`391.5`,
    /// `0.333333`), and `∞` / `-∞`.
    static func number(_ value: Double) -> String {
        if value == .infinity { return "∞" }
        if value == -.infinity { return "-∞" }
        if value.isNaN { return "NaN" }
        let rounded = abs(value) < 1e9 ? (value * 1e6).rounded() / 1e6 : value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// `[a, b]` with infinite ends written open: `[392, ∞)`, `(-∞, 20]`.
    static func interval(_ lower: Double, _ upper: Double) -> String {
        let left = lower == -.infinity ? "(-∞" : "[\(number(lower))"
        let right = upper == .infinity ? "∞)" : "\(number(upper))]"
        return "\(left), \(right)"
    }

    /// A constraint as diagnostics name it: its label if it has one, else its text.
    static func name(_ constraint: Constraint) -> String {
        constraint.label ?? constraint.description
    }

    /// A strength in words: `required`, `weight 5`, `@750`.
    static func strength(_ strength: Strength) -> String { strength.description }

    /// The level a price is counted in: `@750`, or `weights` for kiwi-style weights.
    static func level(_ level: Float) -> String {
        level == 0 ? "weights" : "@\(Priority(level))"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSONText.quoted(text) }

    /// A JSON number with round-trip precision; `null` for infinities and NaN.
    static func json(_ value: Double) -> String {
        value.isFinite ? "\(value + 0)" : "null"
    }
}
