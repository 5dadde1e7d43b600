/// Optimising over a ``DiagnosticModel``'s optimal face: the smallest and largest value of a
/// linear form over the set of optimal solutions, with the rows that press on it.
extension DiagnosticModel {
    /// The result of minimising a linear form of LP columns over the optimal face.
    struct Extreme {
        /// The optimum (±infinity when unbounded).
        var value: Double
        /// ∂ optimum / ∂ right-hand side of each constraint row with a non-zero dual (empty when unbounded).
        var rowDuals: [Int: Double]
        /// The LP rows of the soft constraints whose cost holds the optimum: rows and columns fixed
        /// on the face that the optimum presses beyond their own bounds (only a level's optimality
        /// keeps them there), mapped to that level's ``DiagnosticModel/pressure`` (empty unless
        /// pressure was recorded and duals were asked for).
        var pressureRows: [Int] = []
    }

    /// The soft constraints (LP rows) behind the face-fixed rows and columns an optimum presses
    /// against beyond their original bounds. `dual(k)` is the reduced cost of joint index `k` in
    /// the minimisation, `value(k)` its value.
    private func pressureRows(dual: (Int) -> Double, value: (Int) -> Double) -> [Int] {
        var rows = Set<Int>()
        for (k, held) in pressure {
            let d = dual(k)
            guard abs(d) > 1e-11 else { continue }
            let v = value(k)
            let original = originalBounds(ofVariable: k)
            let slack = 1e-9 * max(1, abs(v))
            // d > 0: the minimisation would lower k; d < 0: raise it. Its own bound there is
            // enough when the value sits on it.
            if d > 0 ? v - original.lower <= slack : original.upper - v <= slack { continue }
            // The minimisation would move k by -sign(d): the soft constraints that resist are
            // those whose cost would rise that way (those whose cost would fall want the move).
            for (row, share) in held where d > 0 ? share < 0 : share > 0 { rows.insert(row) }
        }
        return rows.sorted()
    }

    /// Minimises `Σ coefficient × column` over the optimal face (`sign` 1), or maximises it
    /// (`sign` -1). Warm-started primal simplex from the current basis.
    func optimize(_ terms: [(column: Int, coefficient: Double)], sign: Double, wantDuals: Bool) throws -> Extreme {
        guard let lp else { preconditionFailure("DiagnosticModel.optimize: no LP") }
        for column in objectiveColumns { lp.setObjective(column, 0) }
        objectiveColumns = terms.map(\.column)
        for (column, coefficient) in terms { lp.setObjective(column, sign * coefficient) }
        func value() -> Double { terms.reduce(0.0) { $0 + $1.coefficient * lp.columnValue($1.column) } }
        func duals() -> [Int: Double] {
            guard wantDuals else { return [:] }
            var duals: [Int: Double] = [:]
            for row in 0..<rowCount {
                let dual = lp.rowDual(row)
                if abs(dual) > 1e-11 { duals[row] = sign * dual }
            }
            return duals
        }
        faceRuns += 1
        switch lp.simplex(presolve: false, dual: false, timeLimit: timeLimit) {
        case .optimal:
            var result = Extreme(value: value(), rowDuals: duals())
            if wantDuals && !pressure.isEmpty {
                let m = rowCount
                result.pressureRows = pressureRows(dual: { $0 < m ? lp.rowDual($0) : lp.columnDual($0 - m) },
                                                   value: { $0 < m ? lp.rowValue($0) : lp.columnValue($0 - m) })
            }
            try lp.verify()
            return result
        case .timeLimit:
            throw TrellisError.limitExceeded("the time budget ran out while ranging a value over the optimal face")
        case .infeasible, .failed:
            try lp.verify()
        }
        // Unbounded, or a numerical failure (the face is feasible: its point was just at hand):
        // ask a copy of the face with the form bounded.
        return try boundedOptimum(terms, sign: sign, wantDuals: wantDuals)
    }

    /// The optimum of `sign × Σ coefficient × column` over a fresh copy of the current face with
    /// one more row bounding the form by ``unboundedMagnitude``: ±infinity when the bound is
    /// reached (the form is unbounded over the face). Solved from scratch, so that a failed
    /// warm start cannot be mistaken for an unbounded direction.
    private func boundedOptimum(_ terms: [(column: Int, coefficient: Double)], sign: Double, wantDuals: Bool) throws -> Extreme {
        guard let main = lp else { preconditionFailure("DiagnosticModel.boundedOptimum: no LP") }
        // A bound far beyond every number of the problem (a larger finite optimum would need
        // coefficients the layout does not have), but not so far that it ruins the simplex's
        // relative tolerances.
        var magnitude = 1.0
        for bound in currentRowBounds + currentColumnBounds {
            switch bound {
            case .free: break
            case .lower(let v), .upper(let v), .fixed(let v): magnitude = max(magnitude, abs(v))
            case .range(let lo, let up): magnitude = max(magnitude, abs(lo), abs(up))
            }
        }
        for column in 0..<main.columnCount { magnitude = max(magnitude, abs(main.columnValue(column))) }
        let limit = min(Self.unboundedMagnitude, 1e6 * magnitude)
        let copy = LinearProgram(rows: rowCount + 1, columns: main.columnCount)
        for (row, entries) in matrixRows.enumerated() {
            copy.setRow(row, indices: entries.map { Int32($0.column) }, values: entries.map(\.coefficient))
            copy.setRowBound(row, currentRowBounds[row])
        }
        for (column, bound) in currentColumnBounds.enumerated() { copy.setColumnBound(column, bound) }
        copy.setRow(rowCount, indices: terms.map { Int32($0.column) }, values: terms.map(\.coefficient))
        copy.setRowBound(rowCount, sign > 0 ? .lower(-limit) : .upper(limit))
        for (column, coefficient) in terms { copy.setObjective(column, sign * coefficient) }
        copy.scale()
        faceRuns += 1
        // The copy's rows were fixed at computed values and one row has a huge bound: GLPK's
        // methods do not always agree on such a problem (a spurious "infeasible" from one of
        // them was seen on both). Try them in turn; the first optimum wins.
        var outcome = LinearProgram.Outcome.infeasible
        attempts: for (presolve, dual, reset) in [(false, false, false), (true, true, false), (false, true, true), (false, false, true)] {
            if reset { copy.resetBasis() }
            outcome = copy.simplex(presolve: presolve, dual: dual, timeLimit: timeLimit)
            switch outcome {
            case .optimal: break attempts
            case .timeLimit: throw TrellisError.limitExceeded("the time budget ran out while ranging a value over the optimal face")
            case .infeasible, .failed: try copy.verify()
            }
        }
        switch outcome {
        case .optimal:
            let found = terms.reduce(0.0) { $0 + $1.coefficient * copy.columnValue($1.column) }
            var duals: [Int: Double] = [:]
            var held: [Int] = []
            if wantDuals {
                for row in 0..<rowCount {
                    let dual = copy.rowDual(row)
                    if abs(dual) > 1e-11 { duals[row] = sign * dual }
                }
                let m = rowCount
                if !pressure.isEmpty {
                    held = pressureRows(dual: { $0 < m ? copy.rowDual($0) : copy.columnDual($0 - m) },
                                        value: { $0 < m ? copy.rowValue($0) : copy.columnValue($0 - m) })
                }
            }
            try copy.verify()
            if abs(found) >= limit * (1 - 1e-6) { return Extreme(value: sign > 0 ? -.infinity : .infinity, rowDuals: [:]) }
            // The warm start failed numerically but the face is bounded: the copy's answer stands.
            return Extreme(value: found, rowDuals: duals, pressureRows: held)
        case .infeasible:
            try copy.verify()
            throw TrellisError.numericalFailure("the optimal face of a component became infeasible while ranging a value")
        case .timeLimit:
            throw TrellisError.limitExceeded("the time budget ran out while ranging a value over the optimal face")
        case .failed(let reason):
            try copy.verify()
            throw TrellisError.numericalFailure("GLPK could not range a value over the optimal face (\(reason))")
        }
    }

    /// The value of `Σ coefficient × column` at the LP's current point.
    func currentValue(of terms: [(column: Int, coefficient: Double)]) -> Double {
        guard let lp else { return 0 }
        return terms.reduce(0.0) { $0 + $1.coefficient * lp.columnValue($1.column) }
    }

    /// A form's terms split into LP columns and the range the other remaining variables (in no
    /// LP row, so free within their bounds, independently of everything else) add to it.
    func split(constant: Double, terms: [Int: Double]) -> (columns: [(column: Int, coefficient: Double)], low: Double, high: Double) {
        var low = constant, high = constant
        var columns: [(column: Int, coefficient: Double)] = []
        for (variable, coefficient) in terms.sorted(by: { $0.key < $1.key }) where coefficient != 0 {
            let column = columnOfVariable[variable]
            if column >= 0 {
                columns.append((column, coefficient))
            } else {
                let lo = presolve.lower[variable] ?? -.infinity, up = presolve.upper[variable] ?? .infinity
                low += coefficient > 0 ? coefficient * lo : coefficient * up
                high += coefficient > 0 ? coefficient * up : coefficient * lo
            }
        }
        return (columns, low, high)
    }

    /// The minimum and maximum of `constant + Σ coefficient × component variable` (variables presolve
    /// left) over the optimal face; ±infinity when unbounded.
    func range(constant: Double, terms: [Int: Double]) throws -> (minimum: Double, maximum: Double) {
        var (lpTerms, low, high) = split(constant: constant, terms: terms)
        guard lp != nil, !lpTerms.isEmpty else { return (low, high) }
        low += try optimize(lpTerms, sign: 1, wantDuals: false).value
        high += try optimize(lpTerms, sign: -1, wantDuals: false).value
        return (low, high)
    }
}
