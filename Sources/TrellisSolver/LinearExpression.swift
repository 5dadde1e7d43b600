import TrellisSupport

/// A linear expression: a sum of ``Term``s plus a constant.
///
/// Build expressions with `+`, `-`, `*` and `/` from variables and numbers:
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let e: LinearExpression = 2 * x - y / 2 + 10
/// e.constant                       // 10
/// ```
///
/// Expressions keep their terms as written; ``reduced()`` merges repeated variables and drops
/// zero coefficients, which the solver does for every constraint it is given.
public struct LinearExpression: Sendable, CustomStringConvertible {
    /// The summands, in the order they were written (possibly naming a variable twice).
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// Creates `terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 × variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// Creates a constant expression.
    public init(constant: Double) {
        self.init([], constant: constant)
    }

    /// `self + other`, terms concatenated.
    func adding(_ other: LinearExpression) -> LinearExpression {
        LinearExpression(terms + other.terms, constant: constant + other.constant)
    }

    /// `self − other`.
    func subtracting(_ other: LinearExpression) -> LinearExpression { adding(other.scaled(by: -1)) }

    /// Every coefficient and the constant times `factor`.
    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// Every coefficient and the constant divided by `divisor` (exactly, not times its reciprocal).
    func divided(by divisor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient / divisor) }, constant: constant / divisor)
    }

    /// The same expression with each variable named once (coefficients summed), zero
    /// coefficients dropped, and terms ordered by variable creation (``Variable/id``).
    public func reduced() -> LinearExpression {
        if terms.count <= 1 {
            if terms.count == 1 && terms[0].coefficient == 0 { return LinearExpression([], constant: constant) }
            return self
        }
        // Already reduced (ascending ids, no zero): nothing to copy.
        var isReduced = terms[0].coefficient != 0
        for k in 1..<terms.count where isReduced {
            isReduced = terms[k].coefficient != 0 && terms[k - 1].variable.id < terms[k].variable.id
        }
        if isReduced { return self }
        if terms.count <= 8 {
            // Small expressions (nearly all of them): insertion sort and merge in one copy, no hashing.
            var merged = terms
            for i in 1..<merged.count {
                let term = merged[i]
                var j = i
                while j > 0 && merged[j - 1].variable.id > term.variable.id {
                    merged[j] = merged[j - 1]
                    j -= 1
                }
                if j != i { merged[j] = term }
            }
            var count = 0
            for i in merged.indices {
                let term = merged[i]
                if count > 0 && merged[count - 1].variable === term.variable {
                    merged[count - 1] = Term(term.variable, merged[count - 1].coefficient + term.coefficient)
                } else {
                    merged[count] = term
                    count += 1
                }
            }
            var kept = 0
            for i in 0..<count where merged[i].coefficient != 0 {
                merged[kept] = merged[i]
                kept += 1
            }
            merged.removeLast(merged.count - kept)
            return LinearExpression(merged, constant: constant)
        }
        var sums: [UInt64: (Variable, Double)] = [:]
        sums.reserveCapacity(terms.count)
        for term in terms {
            sums[term.variable.id, default: (term.variable, 0)].1 += term.coefficient
        }
        let merged = sums.values
            .filter { $0.1 != 0 }
            .sorted { $0.0.id < $1.0.id }
            .map { Term($0.0, $0.1) }
        return LinearExpression(merged, constant: constant)
    }

    public var description: String {
        var text = ""
        for (index, term) in terms.enumerated() {
            let magnitude = abs(term.coefficient)
            let body = magnitude == 1 ? term.variable.description
                : "\(NumberFormat.short(magnitude)) * \(term.variable)"
            if index == 0 {
                text = term.coefficient < 0 ? "-" + body : body
            } else {
                text += term.coefficient < 0 ? " - " + body : " + " + body
            }
        }
        if terms.isEmpty { return NumberFormat.short(constant) }
        if constant != 0 {
            text += constant < 0 ? " - \(NumberFormat.short(-constant))" : " + \(NumberFormat.short(constant))"
        }
        return text
    }
}
