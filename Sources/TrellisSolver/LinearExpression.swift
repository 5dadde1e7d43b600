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
        if Self.isReduced(terms) { return self }
        return LinearExpression(Self.merged(terms), constant: constant)
    }

    /// `terms + constant` in reduced form (as ``reduced()`` makes it), the constant's sign of
    /// zero dropped (`-0` becomes `0`): for a caller that builds a row's terms itself and needs
    /// them reduced (the layout engine lowering a constraint).
    package init(reducing terms: consuming [Term], constant: Double) {
        // One term (a root or content-size row, lowered again on every resize): already reduced.
        if terms.count == 1 && terms[0].coefficient != 0 || terms.isEmpty {
            self.init(terms, constant: constant + 0)
        } else {
            self.init(Self.isReduced(terms) ? terms : Self.merged(terms), constant: constant + 0)
        }
    }

    /// Whether `terms` name ascending variables with no zero coefficient.
    private static func isReduced(_ terms: [Term]) -> Bool {
        guard let first = terms.first, first.coefficient != 0 else { return terms.isEmpty }
        for k in 1..<terms.count where terms[k].coefficient == 0 || terms[k - 1].variable.id >= terms[k].variable.id {
            return false
        }
        return true
    }

    /// `terms` with each variable once (coefficients summed in the order written), zero
    /// coefficients dropped, ordered by variable creation.
    private static func merged(_ terms: consuming [Term]) -> [Term] {
        if terms.count <= 8 {
            // Small expressions (nearly all of them): insertion sort and merge in place, no
            // hashing. (Terms are swapped in the buffer, not assigned: each assignment retained
            // and released a variable, and the sort by assignments cost 1,400 instructions an
            // expression of a cold layout.)
            var merged = terms
            let kept = merged.withUnsafeMutableBufferPointer { b -> Int in
                for i in 1..<b.count {
                    var j = i
                    while j > 0 && b[j - 1].variable.id > b[j].variable.id {
                        b.swapAt(j - 1, j)
                        j -= 1
                    }
                }
                var count = 0
                for i in 0..<b.count {
                    if count > 0 && b[count - 1].variable === b[i].variable {
                        b[count - 1] = Term(b[i].variable, b[count - 1].coefficient + b[i].coefficient)
                    } else {
                        if count != i { b.swapAt(count, i) }
                        count += 1
                    }
                }
                var kept = 0
                for i in 0..<count where b[i].coefficient != 0 {
                    if kept != i { b.swapAt(kept, i) }
                    kept += 1
                }
                return kept
            }
            merged.removeLast(merged.count - kept)
            return merged
        }
        var sums: [UInt64: (Variable, Double)] = [:]
        sums.reserveCapacity(terms.count)
        for term in terms {
            sums[term.variable.id, default: (term.variable, 0)].1 += term.coefficient
        }
        return sums.values
            .filter { $0.1 != 0 }
            .sorted { $0.0.id < $1.0.id }
            .map { Term($0.0, $0.1) }
    }

    public var description: String {
        ExpressionText.format(terms, constant: constant, order: .coefficientFirst,
                              coefficient: \.coefficient, name: \.variable.description)
    }
}
