/// Solves one ``Component`` with GLPK: required constraints are hard rows, soft constraints are
/// rows with non-negative error columns, and the levels of soft constraints are optimised one
/// after another (lexicographically), highest first.
///
/// Lexicographic order is kept exactly by *reduced-cost fixing*: after a level is optimal, every
/// non-basic column with a non-zero reduced cost, and every non-basic row with a non-zero dual, is
/// fixed where it stands. By complementary slackness the remaining freedom is exactly the set of
/// optimal solutions of that level, so lower levels can never buy anything at its expense. No
/// dense "objective ≤ z*" row and no ε are involved.
struct ComponentSolver {
    enum Result {
        /// Values of ``Component/variables``, in order.
        case solved([Double])
        /// The required constraints cannot all hold.
        case infeasible
    }

    let component: Component
    var timeLimit: Int?

    /// Where each soft constraint's error columns are, and how they enter its row.
    private struct Layout {
        var errorColumns: [[Int]] = []          // per constraint
        var columnCount = 0
    }

    func solve() throws -> Result {
        let variables = component.variables
        let constraints = component.constraints
        var columnOf: [UInt64: Int] = [:]
        columnOf.reserveCapacity(variables.count)
        for (j, variable) in variables.enumerated() { columnOf[variable.id] = j }

        // Columns: the variables, then the error columns of soft constraints.
        var layout = Layout(columnCount: variables.count)
        for constraint in constraints {
            if constraint.strength.isRequired {
                layout.errorColumns.append([])
            } else {
                let count = constraint.relation == .equal ? 2 : 1
                layout.errorColumns.append(Array(layout.columnCount..<layout.columnCount + count))
                layout.columnCount += count
            }
        }

        let lp = LinearProgram(rows: constraints.count, columns: layout.columnCount)
        for (i, constraint) in constraints.enumerated() {
            var indices: [Int32] = []
            var values: [Double] = []
            indices.reserveCapacity(constraint.expression.terms.count + 2)
            values.reserveCapacity(constraint.expression.terms.count + 2)
            for term in constraint.expression.terms {
                indices.append(Int32(columnOf[term.variable.id]!))
                values.append(term.coefficient)
            }
            let errors = layout.errorColumns[i]
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
            let rhs = -constraint.expression.constant + 0   // + 0 turns -0.0 into 0.0
            switch constraint.relation {
            case .equal: lp.setRowBound(i, .fixed(rhs))
            case .lessThanOrEqual: lp.setRowBound(i, .upper(rhs))
            case .greaterThanOrEqual: lp.setRowBound(i, .lower(rhs))
            }
            for column in errors { lp.setColumnBound(column, .lower(0)) }
        }
        lp.scale()

        // Soft levels, highest first.
        var levels: [Float: [(column: Int, weight: Double)]] = [:]
        for (i, constraint) in constraints.enumerated() where !constraint.strength.isRequired {
            for column in layout.errorColumns[i] {
                levels[constraint.strength.level, default: []].append((column, constraint.strength.weight))
            }
        }
        let order = levels.keys.sorted(by: >)

        if order.isEmpty {
            switch try run(lp, cold: true) {
            case .infeasible: return .infeasible
            case .optimal, .failed: break
            }
            return .solved((0..<variables.count).map { lp.columnValue($0) })
        }

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
            if step < order.count - 1 {
                fixOptimalFace(lp, columns: columns, layout: layout)
            }
            previous = columns
        }
        return .solved((0..<variables.count).map { lp.columnValue($0) })
    }

    /// Objective coefficients for one level's weights. Scaling a level's weights by one factor
    /// does not change its optimum; it keeps the smallest cost at 1 (and the largest at most 1e9),
    /// where GLPK's reduced-cost tolerances are reliable. A level whose weights span more than
    /// 1e9 cannot be trusted to floating point and is finished in exact arithmetic (`needExact`).
    static func costs(_ weights: [Double]) -> (values: [Double], needExact: Bool) {
        guard let smallest = weights.min(), let largest = weights.max() else { return ([], false) }
        let ratio = largest / smallest
        if ratio <= 1e9 {
            if smallest >= 1 && largest <= 1e9 { return (weights, false) }
            return (weights.map { $0 / smallest }, false)
        }
        let scale = 1e9 / largest
        return (weights.map { max($0 * scale, 1e-200) }, true)
    }

    /// Restricts the problem to the optimal face of the level just solved.
    private func fixOptimalFace(_ lp: LinearProgram, columns: [(column: Int, weight: Double)], layout: Layout) {
        let maxWeight = Self.costs(columns.map(\.weight)).values.reduce(1.0, max)
        // The level is fully satisfied: its errors are zero at every optimum, fix them there.
        var levelError = 0.0
        for (column, _) in columns { levelError += lp.columnValue(column) }
        let tolerance = 1e-9 * maxWeight
        if levelError <= 1e-9 {
            for (column, _) in columns { lp.setColumnBound(column, .fixed(0)) }
            return
        }
        for column in 0..<lp.columnCount where !lp.columnIsBasic(column) {
            if abs(lp.columnDual(column)) > tolerance {
                lp.setColumnBound(column, .fixed(max(0, lp.columnValue(column)) + 0))
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
