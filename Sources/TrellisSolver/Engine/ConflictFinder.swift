/// Finds a minimal set of required constraints that cannot hold together (an irreducible
/// infeasible subsystem).
///
/// 1. **Elastic filter.** Every required row gets non-negative elastic columns of cost 1 and the
///    total elasticity is minimised. Rows with a non-zero dual at that optimum carry the
///    infeasibility certificate (Farkas): together they are already infeasible, and usually few.
/// 2. **Deletion filter.** Each candidate is dropped in turn; if the rest is still infeasible it
///    stays dropped. What remains is infeasible, and feasible again without any one member.
///
/// Only required constraints matter: soft rows can always be satisfied through their error columns.
struct ConflictFinder {
    let constraints: [Constraint]     // required, with terms, canonical order
    var timeLimit: Int?

    func minimalConflict() throws -> [Constraint] {
        var candidates = try elasticSupport() ?? constraints
        if try isFeasible(candidates) {
            // The certificate was numerically off: start from everything.
            candidates = constraints
        }
        var index = 0
        while index < candidates.count {
            var rest = candidates
            rest.remove(at: index)
            if try isFeasible(rest) {
                index += 1          // needed: keep it
            } else {
                candidates = rest   // not needed: drop it
            }
        }
        return candidates
    }

    /// The rows with a non-zero dual in the minimum-elasticity LP, or nil if that LP failed.
    private func elasticSupport() throws -> [Constraint]? {
        let built = build(constraints, elastic: true)
        let lp = built.lp
        guard lp.simplex(presolve: false, dual: false, timeLimit: timeLimit) == .optimal else { return nil }
        guard lp.objectiveValue > 0 else { return nil }
        var support: [Constraint] = []
        for (row, constraint) in constraints.enumerated() {
            let dual = lp.rowDual(row)
            if abs(dual) > 1e-9 { support.append(constraint) }
        }
        return support.isEmpty ? nil : support
    }

    private func isFeasible(_ subset: [Constraint]) throws -> Bool {
        if subset.isEmpty { return true }
        let lp = build(subset, elastic: false).lp
        switch lp.simplex(presolve: true, dual: true, timeLimit: timeLimit) {
        case .optimal: return true
        case .infeasible: return false
        case .timeLimit: throw TrellisError.limitExceeded("the solve's time budget ran out while isolating a conflict")
        case .failed:
            lp.resetBasis()
            switch lp.simplex(presolve: false, dual: false, timeLimit: timeLimit) {
            case .optimal: return true
            case .infeasible: return false
            case .timeLimit: throw TrellisError.limitExceeded("the solve's time budget ran out while isolating a conflict")
            case .failed(let reason):
                try lp.verify()   // a GLPK fault caught by the guard
                throw TrellisError.numericalFailure("GLPK failed while isolating a conflict (\(reason))")
            }
        }
    }

    private func build(_ rows: [Constraint], elastic: Bool) -> (lp: LinearProgram, columns: Int) {
        var columnOf: [UInt64: Int] = [:]
        for constraint in rows {
            for term in constraint.expression.terms where columnOf[term.variable.id] == nil {
                columnOf[term.variable.id] = columnOf.count
            }
        }
        let variableCount = columnOf.count
        var elasticCount = 0
        if elastic {
            for constraint in rows { elasticCount += constraint.relation == .equal ? 2 : 1 }
        }
        let lp = LinearProgram(rows: rows.count, columns: variableCount + elasticCount)
        var next = variableCount
        for (i, constraint) in rows.enumerated() {
            var indices = constraint.expression.terms.map { Int32(columnOf[$0.variable.id]!) }
            var values = constraint.expression.terms.map(\.coefficient)
            if elastic {
                let signs: [Double] = switch constraint.relation {
                case .equal: [-1, 1]
                case .lessThanOrEqual: [-1]
                case .greaterThanOrEqual: [1]
                }
                for sign in signs {
                    indices.append(Int32(next)); values.append(sign)
                    lp.setColumnBound(next, .lower(0))
                    lp.setObjective(next, 1)
                    next += 1
                }
            }
            lp.setRow(i, indices: indices, values: values)
            let rhs = -constraint.expression.constant + 0
            switch constraint.relation {
            case .equal: lp.setRowBound(i, .fixed(rhs))
            case .lessThanOrEqual: lp.setRowBound(i, .upper(rhs))
            case .greaterThanOrEqual: lp.setRowBound(i, .lower(rhs))
            }
        }
        lp.scale()
        return (lp, variableCount)
    }
}
