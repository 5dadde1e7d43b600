import TrellisSupport

/// A linear combination of item attributes plus a constant, as built by `+`, `-`, `*` and `/`
/// from anchors (`view~.width`) and constants (numbers, ``Point``, ``Size``, ``EdgeInsets``,
/// ``DirectionalEdgeInsets``).
///
/// ```swift
/// let e = a~.width + b~.width + 16        // a LayoutExpression
/// Tails.install(e == root~.width)
/// Tails.install((a~.left + a~.right) / 2 == c~.centerX)
/// Tails.install(badge~.right == 20 - card~.left)     // 20 − card.left: the subtraction is negated properly
/// ```
///
/// Everything stays linear: `(o~ + 10) * 2` is `2·o + 20`, constants included. A term may carry
/// several attributes (`o~.size * 2`): then the relation pairs attributes (see ``LayoutRelation``).
/// Not `Equatable`: `==` builds a ``LayoutRelation``.
public struct LayoutExpression: LayoutItemOperand, CustomStringConvertible {
    /// `coefficient × item.(attributes)`.
    package struct Term {
        package var item: LayoutItem?
        package var entries: [AnchorEntry]
        package var coefficient: Double
    }

    package var terms: [Term]
    package var constant: LayoutConstant

    package init(terms: [Term], constant: LayoutConstant) {
        self.terms = terms
        self.constant = constant
    }

    /// `self`.
    public var layoutExpression: LayoutExpression { self }

    /// The sum of two expressions.
    package func adding(_ other: LayoutExpression) -> LayoutExpression {
        LayoutExpression(terms: terms + other.terms, constant: constant.adding(other.constant))
    }

    /// The expression times `factor` (coefficients and constant).
    package func scaled(by factor: Double) -> LayoutExpression {
        LayoutExpression(
            terms: terms.map { Term(item: $0.item, entries: $0.entries, coefficient: $0.coefficient * factor) },
            constant: constant.scaled(by: factor))
    }

    /// Reads like `a.width + b.width * 2 + 16`.
    public var description: String {
        var text = ""
        for (index, term) in terms.enumerated() {
            var name = term.item?.name ?? "nil"
            if !term.entries.isEmpty { name += "." + term.entries.map(\.attribute.rawValue).joined(separator: ".") }
            let magnitude = abs(term.coefficient)
            let body = magnitude == 1 ? name : "\(name) * \(NumberFormat.short(magnitude))"
            if index == 0 {
                text = term.coefficient < 0 ? "-" + body : body
            } else {
                text += term.coefficient < 0 ? " - " + body : " + " + body
            }
        }
        if terms.isEmpty { return constant.description }
        if !constant.isZero {
            if constant.point == .zero, constant.size == .zero, constant.insets == .zero,
               constant.directionalInsets == .zero, constant.scalar < 0 {
                text += " - \(NumberFormat.short(-constant.scalar))"
            } else {
                text += " + \(constant)"
            }
        }
        return text
    }
}
