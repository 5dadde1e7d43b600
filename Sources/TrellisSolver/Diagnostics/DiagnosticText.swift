import TrellisSupport

/// Number formatting for diagnostic texts.
package enum DiagnosticText {
    /// A readable number: integers without a fraction, others rounded to 6 decimals (`391.5`,
    /// `0.333333`), `∞`, `-∞` and `NaN` (``NumberFormat``).
    package static func number(_ value: Double) -> String { NumberFormat.text(value, decimals: 6) }

    /// `[a, b]` with infinite ends written open: `[392, ∞)`, `(-∞, 20]`.
    package static func interval(_ lower: Double, _ upper: Double) -> String {
        let left = lower == -.infinity ? "(-∞" : "[\(number(lower))"
        let right = upper == .infinity ? "∞)" : "\(number(upper))]"
        return "\(left), \(right)"
    }

    /// A constraint as diagnostics name it: its label if it has one, else its text.
    package static func name(_ constraint: Constraint) -> String {
        constraint.label ?? constraint.description
    }

    /// A strength in words: `required`, `weight 5`, `@750`.
    package static func strength(_ strength: Strength) -> String { strength.description }

    /// The level a price is counted in: `@750`, or `weights` for kiwi-style weights.
    package static func level(_ level: Float) -> String {
        level == 0 ? "weights" : "@\(Priority(level))"
    }

    /// A JSON string literal.
    package static func quoted(_ text: String) -> String { JSONText.quoted(text) }

    /// A JSON number with round-trip precision; `null` for infinities and NaN.
    package static func json(_ value: Double) -> String { JSONText.number(value) }
}
