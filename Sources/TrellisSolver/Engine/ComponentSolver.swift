/// Solves one ``Component`` with GLPK: required constraints are hard rows, soft constraints are
/// rows with non-negative error columns, and the levels of soft constraints are optimised one
/// after another (lexicographically), highest first.
///
/// Before GLPK, ``Presolve`` substitutes away what required equalities determine; a fully
/// determined component never reaches GLPK.
///
/// Lexicographic order is kept exactly by *reduced-cost fixing*: after a level is optimal, every
/// non-basic column with a non-zero reduced cost, and every non-basic row with a non-zero dual, is
/// fixed where it stands. By complementary slackness the remaining freedom is exactly the set of
/// optimal solutions of that level, so lower levels can never buy anything at its expense. No
/// dense "objective ≤ z*" row and no ε are involved.
struct ComponentSolver {
    enum Result {
        /// Values of ``Component/variables``, in order, and what later edit steps may reuse.
        case solved(values: [Double], affine: AffineModel?)
        /// The required constraints cannot all hold.
        case infeasible
    }

    let component: Component
    /// Each constraint's terms as (position in ``Component/variables``, coefficient).
    let terms: [[(variable: Int, coefficient: Double)]]
    /// The constant of each constraint (edit rows carry their suggested value).
    let constants: [Double]
    /// Indices (into ``Component/constraints``) of edit rows, for the affine model.
    let editRows: [Int]
    var timeLimit: Int?

    func solve() throws -> Result {
        if let presolve = Presolve(component: component, terms: terms, constants: constants) {
            return try solve(presolve)
        }
        // Presolve met a contradiction: let GLPK judge the unreduced problem.
        return try solve(Presolve.identity(component: component, terms: terms, constants: constants))
    }

    /// Solves the reduced problem described by `presolve`.
    func solve(_ presolve: Presolve) throws -> Result {
        let variableCount = component.variables.count
        let constraints = component.constraints

        // LP columns: remaining variables that appear in some row, then error columns.
        var columnOfVariable = Array(repeating: -1, count: variableCount)
        var variableOfColumn: [Int] = []
        for row in presolve.rows {
            for term in row.terms where columnOfVariable[term.variable] < 0 {
                columnOfVariable[term.variable] = variableOfColumn.count
                variableOfColumn.append(term.variable)
            }
        }
        var remaining = Array(repeating: 0.0, count: variableCount)
        for j in 0..<variableCount where !presolve.eliminated[j] {
            remaining[j] = Self.clamp(0, presolve.lower[j], presolve.upper[j])
        }
        if presolve.rows.isEmpty {
            let affine = AffineModel.trivial(presolve: presolve, remaining: remaining, editRows: editRows)
            return .solved(values: presolve.expand(remaining), affine: affine)
        }

        var columnCount = variableOfColumn.count
        var errorColumns: [[Int]] = []
        errorColumns.reserveCapacity(presolve.rows.count)
        for row in presolve.rows {
            let constraint = constraints[row.source]
            if constraint.strength.isRequired {
                errorColumns.append([])
            } else {
                let count = constraint.relation == .equal ? 2 : 1
                errorColumns.append(Array(columnCount..<columnCount + count))
                columnCount += count
            }
        }

        let lp = LinearProgram(rows: presolve.rows.count, columns: columnCount)
        for (column, variable) in variableOfColumn.enumerated() {
            switch (presolve.lower[variable], presolve.upper[variable]) {
            case (nil, nil): break
            case (let lo?, nil): lp.setColumnBound(column, .lower(lo))
            case (nil, let up?): lp.setColumnBound(column, .upper(up))
            case (let lo?, let up?): lp.setColumnBound(column, .range(min(lo, up), max(lo, up)))
            }
        }
        for (i, row) in presolve.rows.enumerated() {
            let constraint = constraints[row.source]
            var indices = row.terms.map { Int32(columnOfVariable[$0.variable]) }
            var values = row.terms.map(\.coefficient)
            let errors = errorColumns[i]
            switch (constraint.relation, errors.count) {
            case (.equal, 2):
                indices.append(Int32(errors[0])); values.append(-1)   // surplus
                indices.append(Int32(errors[1])); values.append(1)    // shortfall
            case (.lessThanOrEqual, 1):
                indices.append(Int32(errors[0])); values.append(-1)
            case (.greaterThanOrEqual, 1):
                indices.append(Int32(errors[0])); values.append(1)
            default:
                break
            }
            lp.setRow(i, indices: indices, values: values)
            lp.setRowBound(i, Self.rowBound(constraint.relation, constant: row.constant))
            for column in errors { lp.setColumnBound(column, .lower(0)) }
        }
        lp.scale()

        // Soft levels, highest first.
        var levels: [Float: [(column: Int, weight: Double)]] = [:]
        for (i, row) in presolve.rows.enumerated() where !constraints[row.source].strength.isRequired {
            let strength = constraints[row.source].strength
            for column in errorColumns[i] { levels[strength.level, default: []].append((column, strength.weight)) }
        }
        let order = levels.keys.sorted(by: >)

        var lastCosts: (columns: [(column: Int, weight: Double)], scale: Double)?
        if order.isEmpty {
            if try run(lp, cold: true) == .infeasible { return .infeasible }
        } else {
            var previous: [(column: Int, weight: Double)] = []
            for (step, level) in order.enumerated() {
                let columns = levels[level]!
                for (column, _) in previous { lp.setObjective(column, 0) }
                let costs = Self.costs(columns.map(\.weight))
                for ((column, _), cost) in zip(columns, costs.values) { lp.setObjective(column, cost) }
                var outcome = try run(lp, cold: step == 0)
                if outcome == .optimal && costs.needExact {
                    outcome = lp.exactPolish(timeLimit: timeLimit)
                    if case .failed(let reason) = outcome {
                        throw TrellisError.numericalFailure("exact re-solve of a level with weight ratio beyond 1e9 failed (\(reason))")
                    }
                }
                if outcome == .infeasible {
                    if step == 0 { return .infeasible }
                    throw TrellisError.numericalFailure("a lower priority level became infeasible after fixing a higher one")
                }
                if step < order.count - 1 { fixOptimalFace(lp, costs: costs.values) }
                previous = columns
                lastCosts = (columns, costs.scale)
            }
        }

        for (column, variable) in variableOfColumn.enumerated() { remaining[variable] = lp.columnValue(column) }
        var affine: AffineModel?
        if order.count <= 1 && !editRows.isEmpty {
            affine = AffineModel(lp: lp, presolve: presolve, remaining: remaining, editRows: editRows,
                                 variableOfColumn: variableOfColumn, costScale: lastCosts?.scale ?? 1)
        }
        return .solved(values: presolve.expand(remaining), affine: affine)
    }

    static func rowBound(_ relation: Relation, constant: Double) -> LinearProgram.Bound {
        let rhs = -constant + 0   // + 0 turns -0.0 into 0.0
        switch relation {
        case .equal: return .fixed(rhs)
        case .lessThanOrEqual: return .upper(rhs)
        case .greaterThanOrEqual: return .lower(rhs)
        }
    }

    static func clamp(_ value: Double, _ lower: Double?, _ upper: Double?) -> Double {
        var v = value
        if let lower, v < lower { v = lower }
        if let upper, v > upper { v = upper }
        return v
    }

    /// Objective coefficients for one level's weights. Scaling a level's weights by one factor
    /// does not change its optimum; it keeps the smallest cost at 1 (and the largest at most 1e9),
    /// where GLPK's reduced-cost tolerances are reliable. A level whose weights span more than
    /// 1e9 cannot be trusted to floating point and is finished in exact arithmetic (`needExact`).
    /// `scale` is the factor applied (cost = weight × scale).
    static func costs(_ weights: [Double]) -> (values: [Double], needExact: Bool, scale: Double) {
        guard let smallest = weights.min(), let largest = weights.max() else { return ([], false, 1) }
        if largest / smallest <= 1e9 {
            if smallest >= 1 && largest <= 1e9 { return (weights, false, 1) }
            return (weights.map { $0 / smallest }, false, 1 / smallest)
        }
        let scale = 1e9 / largest
        return (weights.map { max($0 * scale, 1e-200) }, true, scale)
    }

    /// Restricts the problem to the optimal face of the level just solved.
    private func fixOptimalFace(_ lp: LinearProgram, costs: [Double]) {
        let tolerance = 1e-9 * costs.reduce(1.0, max)
        for column in 0..<lp.columnCount where !lp.columnIsBasic(column) {
            if abs(lp.columnDual(column)) > tolerance {
                lp.setColumnBound(column, .fixed(lp.columnValue(column)))
            }
        }
        for row in 0..<lp.rowCount where !lp.rowIsBasic(row) && !lp.rowIsFixed(row) {
            if abs(lp.rowDual(row)) > tolerance {
                lp.setRowBound(row, .fixed(lp.rowValue(row)))
            }
        }
    }

    /// One simplex run with a fallback: a failed run is retried once from a fresh basis with the
    /// other method before giving up with ``TrellisError/numericalFailure(_:)``.
    private func run(_ lp: LinearProgram, cold: Bool) throws -> LinearProgram.Outcome {
        let first = lp.simplex(presolve: cold, dual: cold, timeLimit: timeLimit)
        guard case .failed(let reason) = first else { return first }
        lp.resetBasis()
        let second = lp.simplex(presolve: false, dual: !cold, timeLimit: timeLimit)
        guard case .failed(let again) = second else { return second }
        throw TrellisError.numericalFailure("GLPK could not solve a component of \(component.constraints.count) constraints (\(reason); then \(again))")
    }
}
