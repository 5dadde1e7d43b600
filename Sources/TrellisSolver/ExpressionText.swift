import TrellisSupport

/// The one way a linear expression is written as text: `2 * x - y + 10` for the solver's
/// ``LinearExpression``, `title.width * 2 - root.width + 10` for a layout constraint's sides.
/// Terms in the order given, a coefficient of magnitude 1 left out, signs as binary operators,
/// numbers as ``NumberFormat/short(_:)`` writes them; with no terms, the constant alone.
package enum ExpressionText {
    /// Where a term's coefficient goes: `2 * x` or `x * 2`.
    package enum Order: Sendable {
        case coefficientFirst
        case coefficientLast
    }

    /// `terms` (their coefficients and names read by the closures) plus `constant`, as text.
    package static func format<Terms: Collection>(_ terms: Terms, constant: Double, order: Order,
                                                 coefficient: (Terms.Element) -> Double,
                                                 name: (Terms.Element) -> String) -> String {
        var text = ""
        for (index, term) in terms.enumerated() {
            let value = coefficient(term)
            let magnitude = abs(value)
            let body: String
            if magnitude == 1 {
                body = name(term)
            } else {
                body = order == .coefficientFirst ? "\(NumberFormat.short(magnitude)) * \(name(term))"
                    : "\(name(term)) * \(NumberFormat.short(magnitude))"
            }
            if index == 0 {
                text = value < 0 ? "-" + body : body
            } else {
                text += value < 0 ? " - " + body : " + " + body
            }
        }
        if terms.isEmpty { return NumberFormat.short(constant) }
        if constant != 0 {
            text += constant < 0 ? " - \(NumberFormat.short(-constant))" : " + \(NumberFormat.short(constant))"
        }
        return text
    }
}
