/// One component's LP, rebuilt for diagnostics and kept for analysis.
///
/// The lowering and the levels are those of ``ComponentSolver`` (variables are free columns, soft
/// rows get non-negative error columns, levels are optimised highest first), with these
/// differences:
///
/// - the **optimal face** is fixed after *every* level, the last one included (reduced-cost
///   fixing: non-basic columns with a non-zero reduced cost and non-basic rows with a non-zero
///   dual are fixed where they stand), so that what is left free is exactly the set of optimal
///   solutions, over which values can then be minimised and maximised. "Non-zero" is decided by
///   ``LevelCertificate``: exactly, in rational arithmetic, whenever floating point cannot tell
///   (weights spanning 1e-2…1e7 in one level make a genuine reduced cost look like noise);
/// - optionally (for explanations), each row and column fixed on the face remembers the soft
///   constraints of its level whose cost holds it there (``pressure``);
/// - the dual of each row is recorded at the first (highest) level where it is non-zero: the
///   row's *price*, in weight units of that level;
/// - when a minimisation over the face fails, a separate copy of the face with the objective
///   bounded tells an unbounded direction from a numerical failure.
///
/// Only ``LinearProgram``'s own (guarded) entry points are used. Built on demand by the
/// diagnostics: ``Solver/solve()`` never builds one. A model owns its GLPK problem and lives
/// inside one synchronous diagnostic call.
final class DiagnosticModel {
    let component: Component
    /// The constant of each constraint of the component (edit rows: minus their suggestion).
    let constants: [Double]
    let presolve: Presolve
    /// Nil when presolve left no row (everything determined or free).
    let lp: LinearProgram?
    /// Component variable → LP column, or -1 (eliminated, or in no LP row).
    let columnOfVariable: [Int]
    /// LP column → component variable, for the first `variableOfColumn.count` columns.
    let variableOfColumn: [Int]
    /// For each error column (LP column − `variableOfColumn.count`): its LP row.
    let rowOfErrorColumn: [Int]
    /// Number of LP rows.
    let rowCount: Int
    /// Bounds of every LP row and column as lowered, before face fixing.
    let rowBounds: [LinearProgram.Bound]
    let columnBounds: [LinearProgram.Bound]
    /// Each LP row's and column's entries.
    private let matrixRows: [[(column: Int, coefficient: Double)]]
    private let matrixColumns: [[(row: Int, coefficient: Double)]]
    /// The current bounds of each LP row and column (as lowered, or fixed on the face).
    private var currentRowBounds: [LinearProgram.Bound]
    private var currentColumnBounds: [LinearProgram.Bound]
    /// Whether each LP row / column is currently fixed (lowered fixed, or fixed on the face).
    private var rowFixed: [Bool]
    private var columnFixed: [Bool]
    /// For LP rows whose dual was non-zero at some level: the first such level and the dual,
    /// in that level's weight units (∂ cost / ∂ right-hand side).
    private(set) var prices: [Int: (level: Float, dual: Double)] = [:]
    /// The values of ``Component/variables`` at the optimum found.
    private(set) var values: [Double]
    let timeLimit: Int?
    /// LP columns whose objective coefficient is currently non-zero.
    private var objectiveColumns: [Int] = []
    /// Number of LPs solved over the face (for reports and benchmarks).
    private(set) var faceRuns = 0
    /// Whether to record ``pressure`` while solving the levels (for explanations).
    let recordsPressure: Bool
    /// For each row or column fixed on the face by a level's optimality (GLPK joint index: rows,
    /// then columns): the LP rows of the soft constraints of that level whose cost changes when it
    /// moves, each with its share of the reduced cost (cost × tableau entry: the change of its
    /// cost per unit increase of the fixed one).
    private(set) var pressure: [Int: [(row: Int, share: Double)]] = [:]

    /// The largest bound beyond which a value over the face counts as unbounded: the solver's
    /// largest supported magnitude (a smaller one, relative to the problem's numbers, is used
    /// when it is enough).
    static let unboundedMagnitude = NumberCheck.limit

    /// Builds and solves the model, or returns nil when the required constraints are infeasible.
    /// - Parameter reduced: apply ``Presolve`` first (fast; used for ranging). Without it every
    ///   constraint is its own LP row, so rows and constraints correspond one to one (used to
    ///   explain values and to range constants).
    /// - Parameter recordsPressure: record, for each row and column fixed on the face, which
    ///   soft constraints hold it there (see ``pressure``; used to explain values).
    static func make(component: Component, constants: [Double], reduced: Bool, recordsPressure: Bool = false,
                     timeLimit: Int?) throws -> DiagnosticModel? {
        var position: [UInt64: Int] = [:]
        for (index, variable) in component.variables.enumerated() { position[variable.id] = index }
        let terms = RowStore(component.constraints.map { constraint in
            constraint.expression.terms.map { (variable: position[$0.variable.id]!, coefficient: $0.coefficient) }
        })
        let presolve = reduced
            ? (Presolve(component: component, terms: terms, constants: constants)
               ?? Presolve.identity(component: component, terms: terms, constants: constants))
            : Presolve.identity(component: component, terms: terms, constants: constants)
        let model = DiagnosticModel(component: component, constants: constants, presolve: presolve,
                                    recordsPressure: recordsPressure, timeLimit: timeLimit)
        return try model.solveLevels() ? model : nil
    }

    private init(component: Component, constants: [Double], presolve: Presolve, recordsPressure: Bool, timeLimit: Int?) {
        self.component = component
        self.recordsPressure = recordsPressure
        self.constants = constants
        self.presolve = presolve
        self.timeLimit = timeLimit
        (columnOfVariable, variableOfColumn) = presolve.columns()
        values = presolve.expand(presolve.startingValues())
        rowCount = presolve.rows.count

        guard !presolve.rows.isEmpty else {
            lp = nil
            rowOfErrorColumn = []
            rowBounds = []
            columnBounds = []
            matrixRows = []
            matrixColumns = []
            currentRowBounds = []
            currentColumnBounds = []
            rowFixed = []
            columnFixed = []
            return
        }
        let (errorColumns, rowOfErrorColumn, columnCount) = Self.errorColumns(of: presolve, constraints: component.constraints,
                                                                             firstColumn: variableOfColumn.count)
        let lp = LinearProgram(rows: rowCount, columns: columnCount)
        var columnBounds = Self.variableBounds(of: presolve, variableOfColumn: variableOfColumn, columnCount: columnCount)
        for (column, bound) in columnBounds.enumerated() where column < variableOfColumn.count { lp.setColumnBound(column, bound) }
        let (rowBounds, matrixRows, matrixColumns) = Self.setRows(of: presolve, constraints: component.constraints, in: lp,
                                                                  columnOfVariable: columnOfVariable, errorColumns: errorColumns,
                                                                  columnBounds: &columnBounds)
        lp.scale()
        self.lp = lp
        self.rowOfErrorColumn = rowOfErrorColumn
        self.rowBounds = rowBounds
        self.columnBounds = columnBounds
        self.matrixRows = matrixRows
        self.matrixColumns = matrixColumns
        currentRowBounds = rowBounds
        currentColumnBounds = columnBounds
        rowFixed = rowBounds.map(Self.isFixed)
        columnFixed = columnBounds.map(Self.isFixed)
    }

    /// The error columns of each row (none for a required row, two for a soft equality, one for
    /// a soft inequality), numbered from `firstColumn`; the row of each error column; the column count.
    private static func errorColumns(of presolve: Presolve, constraints: [Constraint], firstColumn: Int)
        -> (errorColumns: [[Int]], rowOfErrorColumn: [Int], columnCount: Int) {
        var columnCount = firstColumn
        var errorColumns: [[Int]] = []
        var rowOfErrorColumn: [Int] = []
        for (i, row) in presolve.rows.enumerated() {
            if constraints[row.source].strength.isRequired {
                errorColumns.append([])
            } else {
                let count = constraints[row.source].relation == .equal ? 2 : 1
                errorColumns.append(Array(columnCount..<columnCount + count))
                for _ in 0..<count { rowOfErrorColumn.append(i) }
                columnCount += count
            }
        }
        return (errorColumns, rowOfErrorColumn, columnCount)
    }

    /// The bounds of every column: the presolved bounds of the variable columns, free for the
    /// error columns until their rows are set.
    private static func variableBounds(of presolve: Presolve, variableOfColumn: [Int], columnCount: Int) -> [LinearProgram.Bound] {
        var columnBounds = Array(repeating: LinearProgram.Bound.free, count: columnCount)
        for (column, variable) in variableOfColumn.enumerated() {
            columnBounds[column] = switch (presolve.lower[variable], presolve.upper[variable]) {
            case (nil, nil): .free
            case (let lo?, nil): .lower(lo)
            case (nil, let up?): .upper(up)
            case (let lo?, let up?): .range(min(lo, up), max(lo, up))
            }
        }
        return columnBounds
    }

    /// Sets each presolved row in `lp` (its entries, its error columns, its bound) and the error
    /// columns' bounds (≥ 0); returns the row bounds and the matrix by rows and by columns.
    private static func setRows(of presolve: Presolve, constraints: [Constraint], in lp: LinearProgram,
                                columnOfVariable: [Int], errorColumns: [[Int]], columnBounds: inout [LinearProgram.Bound])
        -> (rowBounds: [LinearProgram.Bound], matrixRows: [[(column: Int, coefficient: Double)]],
            matrixColumns: [[(row: Int, coefficient: Double)]]) {
        var rowBounds: [LinearProgram.Bound] = []
        var matrixRows: [[(column: Int, coefficient: Double)]] = []
        var matrixColumns = Array(repeating: [(row: Int, coefficient: Double)](), count: columnBounds.count)
        rowBounds.reserveCapacity(presolve.rows.count)
        for (i, row) in presolve.rows.enumerated() {
            let constraint = constraints[row.source]
            let errors = errorColumns[i]
            let (indices, coefficients) = ComponentSolver.rowEntries(
                row, relation: constraint.relation, columnOfVariable: columnOfVariable, errorColumns: errors)
            lp.setRow(i, indices: indices, values: coefficients)
            for (index, coefficient) in zip(indices, coefficients) { matrixColumns[Int(index)].append((i, coefficient)) }
            matrixRows.append(zip(indices, coefficients).map { (Int($0), $1) })
            let bound = ComponentSolver.rowBound(constraint.relation, constant: row.constant)
            rowBounds.append(bound)
            lp.setRowBound(i, bound)
            for column in errors {
                lp.setColumnBound(column, .lower(0))
                columnBounds[column] = .lower(0)
            }
        }
        return (rowBounds, matrixRows, matrixColumns)
    }

    private static func isFixed(_ bound: LinearProgram.Bound) -> Bool {
        switch bound {
        case .fixed: true
        case .range(let lo, let up): lo == up
        default: false
        }
    }

    // MARK: - Solving to the optimal face

    /// Optimises the levels and fixes each one's optimal face. False when infeasible.
    private func solveLevels() throws -> Bool {
        guard let lp else { return true }
        let constraints = component.constraints
        var levels: [Float: [(column: Int, weight: Double)]] = [:]
        for (offset, row) in rowOfErrorColumn.enumerated() {
            let strength = constraints[presolve.rows[row].source].strength
            levels[strength.level, default: []].append((variableOfColumn.count + offset, strength.weight))
        }
        let order = levels.keys.sorted(by: >)
        if order.isEmpty, try run(lp, cold: true) == .infeasible { return false }
        var previous: [Int] = []
        for (step, level) in order.enumerated() {
            let columns = levels[level]!
            for column in previous { lp.setObjective(column, 0) }
            let costs = ComponentSolver.costs(columns.map(\.weight))
            for ((column, _), cost) in zip(columns, costs.values) { lp.setObjective(column, cost) }
            var outcome = try run(lp, cold: step == 0)
            if outcome == .optimal && costs.needExact {
                outcome = lp.exactPolish(timeLimit: timeLimit)
                switch outcome {
                case .optimal, .infeasible: break
                case .timeLimit: throw TrellisError.limitExceeded("the time budget ran out in an exact re-solve for diagnostics")
                case .failed(let reason):
                    try lp.verify()
                    throw TrellisError.numericalFailure("exact re-solve of a level with weight ratio beyond 1e9 failed (\(reason))")
                }
            }
            if outcome == .infeasible {
                if step == 0 { return false }
                throw TrellisError.numericalFailure("a lower priority level became infeasible after fixing a higher one")
            }
            let m = rowCount
            let certificate = try LevelCertificate(lp, largestCost: costs.values.reduce(1.0, max), exact: costs.needExact,
                                                   timeLimit: timeLimit, pricingFixedRows: true) { [rowFixed, columnFixed] k in
                k < m ? rowFixed[k] : columnFixed[k - m]
            }
            for k in certificate.pricedRows where prices[k] == nil {
                prices[k] = (level, lp.rowDual(k) / costs.scale)
            }
            if recordsPressure {
                var costOf: [Int: Double] = [:]
                for ((column, _), cost) in zip(columns, costs.values) { costOf[column] = cost }
                try recordPressure(lp, binding: certificate.binding, costs: costOf)
            }
            fixOptimalFace(lp, binding: certificate.binding)
            previous = columns.map(\.column)
        }
        for column in previous { lp.setObjective(column, 0) }
        var remaining = presolve.startingValues()
        for (column, variable) in variableOfColumn.enumerated() { remaining[variable] = lp.columnValue(column) }
        try lp.verify()
        values = presolve.expand(remaining)
        return true
    }

    /// Fixes the rows and columns of a level's certificate where they stand.
    private func fixOptimalFace(_ lp: LinearProgram, binding: [Int]) {
        for k in binding {
            if k < rowCount {
                let value = lp.rowValue(k)
                lp.setRowBound(k, .fixed(value))
                currentRowBounds[k] = .fixed(value)
                rowFixed[k] = true
            } else {
                let column = k - rowCount
                let value = lp.columnValue(column)
                lp.setColumnBound(column, .fixed(value))
                currentColumnBounds[column] = .fixed(value)
                columnFixed[column] = true
            }
        }
    }

    /// For each row or column about to be fixed on the face: the soft constraints (LP rows) whose
    /// cost at this level makes moving it costly. Moving a non-basic `k` by one unit (the others
    /// staying put) moves each basic variable by its entry in `k`'s tableau column; the reduced
    /// cost of `k` is its own cost plus `cost × entry` summed over the basic error columns of the
    /// level. The soft constraints with a non-zero term are the ones whose violation would change:
    /// the pressure that holds `k` where it is.
    private func recordPressure(_ lp: LinearProgram, binding: [Int], costs: [Int: Double]) throws {
        let m = rowCount
        for k in binding {
            var rows: [(row: Int, share: Double)] = []
            if k >= m, let cost = costs[k - m], k - m >= variableOfColumn.count {
                rows.append((rowOfErrorColumn[k - m - variableOfColumn.count], cost))
            }
            guard let column = lp.tableauColumn(ofVariable: k) else {
                try lp.verify()
                throw TrellisError.numericalFailure("the optimal basis of a level could not be factorized to explain it")
            }
            let magnitude = column.reduce(0.0) { max($0, abs($1.alpha)) }
            for (basic, alpha) in column where basic >= m && abs(alpha) > 1e-11 * max(1, magnitude) {
                if let cost = costs[basic - m] {
                    rows.append((rowOfErrorColumn[basic - m - variableOfColumn.count], cost * alpha))
                }
            }
            pressure[k] = rows
        }
    }

    /// One simplex run with ComponentSolver's fallbacks (presolved dual, then a fresh primal).
    private func run(_ lp: LinearProgram, cold: Bool) throws -> LinearProgram.Outcome {
        var reasons: [String] = []
        func attempt(presolve: Bool, dual: Bool) throws -> LinearProgram.Outcome? {
            switch lp.simplex(presolve: presolve, dual: dual, timeLimit: timeLimit) {
            case .optimal: return .optimal
            case .infeasible: return .infeasible
            case .timeLimit:
                throw TrellisError.limitExceeded("the time budget ran out in a component of \(component.constraints.count) constraints rebuilt for diagnostics")
            case .failed(let reason):
                try lp.verify()
                reasons.append(reason)
                return nil
            }
        }
        if !cold, let outcome = try attempt(presolve: false, dual: false) { return outcome }
        if let outcome = try attempt(presolve: true, dual: true) { return outcome }
        lp.resetBasis()
        if let outcome = try attempt(presolve: false, dual: false) { return outcome }
        throw TrellisError.numericalFailure("GLPK could not solve a component of \(component.constraints.count) constraints rebuilt for diagnostics (\(reasons.joined(separator: "; then ")))")
    }

    // MARK: - Uniqueness

    /// For each component variable, whether it is certainly the same at every optimal solution,
    /// found without any further LP. After the face is fixed, every point of it has the fixed
    /// non-basic variables where they are and the basic ones determined by the non-basic ones
    /// that can still move (the *free directions* of the face). So a variable is certain when it
    /// is a basic column with a zero entry in the tableau column of every free direction, or
    /// eliminated by presolve in terms of certain variables only, or bounded to one value.
    func certainVariables() throws -> [Bool] {
        let n = component.variables.count
        var uncertainColumn = Array(repeating: false, count: variableOfColumn.count)
        if let lp {
            let m = lp.rowCount
            var isBasic = Array(repeating: false, count: m + lp.columnCount)
            for k in lp.basicVariables() { isBasic[k] = true }
            var rowTableau: [Int: [(basic: Int, alpha: Double)]] = [:]
            func tableau(ofRow row: Int) throws -> [(basic: Int, alpha: Double)] {
                if let cached = rowTableau[row] { return cached }
                guard let column = lp.tableauColumn(ofRow: row) else {
                    try lp.verify()
                    throw TrellisError.numericalFailure("the optimal basis of a component could not be factorized to check uniqueness")
                }
                rowTableau[row] = column
                return column
            }
            func mark(_ entries: [(basic: Int, alpha: Double)]) {
                let magnitude = entries.reduce(0.0) { max($0, abs($1.alpha)) }
                for (basic, alpha) in entries where basic >= m && basic - m < variableOfColumn.count
                    && abs(alpha) > 1e-11 * max(1, magnitude) {
                    uncertainColumn[basic - m] = true
                }
            }
            for row in 0..<rowCount where !isBasic[row] && !rowFixed[row] {
                mark(try tableau(ofRow: row))
            }
            for column in 0..<lp.columnCount where !isBasic[m + column] && !columnFixed[column] {
                if column < variableOfColumn.count { uncertainColumn[column] = true }
                // The tableau column of a structural column j is B⁻¹Aⱼ = −Σᵢ aᵢⱼ Tᵢ, where Tᵢ = −B⁻¹eᵢ is
                // the tableau column of row i (a basic row only moves itself, not a column).
                var sum: [Int: Double] = [:]
                for (row, coefficient) in matrixColumns[column] where !isBasic[row] {
                    for (basic, alpha) in try tableau(ofRow: row) { sum[basic, default: 0] -= coefficient * alpha }
                }
                mark(sum.map { (basic: $0.key, alpha: $0.value) })
            }
            try lp.verify()
        }
        var certain = Array(repeating: false, count: n)
        for j in 0..<n where !presolve.eliminated[j] {
            let column = columnOfVariable[j]
            if column >= 0 {
                certain[j] = !uncertainColumn[column]
            } else if let lo = presolve.lower[j], let up = presolve.upper[j] {
                certain[j] = lo == up
            }
        }
        for substitution in presolve.substitutions.reversed() {
            certain[substitution.variable] = substitution.terms.allSatisfy { certain[$0.variable] }
        }
        return certain
    }

    /// Component variables as affine forms of the variables presolve left (`constant + Σ
    /// coefficient × remaining variable`), by variable. Shared sub-chains are expanded once.
    func forms(ofVariables variables: [Int]) -> [Int: (constant: Double, terms: [Int: Double])] {
        var substitutionOf: [Int: Presolve.Substitution] = [:]
        for substitution in presolve.substitutions { substitutionOf[substitution.variable] = substitution }
        var memo: [Int: (constant: Double, terms: [Int: Double])] = [:]
        var result: [Int: (constant: Double, terms: [Int: Double])] = [:]
        for variable in variables {
            // A substitution is in terms of variables eliminated later (or never): depth first.
            var stack: [Int] = [variable]
            while let top = stack.last {
                if memo[top] != nil { stack.removeLast(); continue }
                guard let substitution = substitutionOf[top] else {
                    memo[top] = (0, [top: 1])
                    stack.removeLast()
                    continue
                }
                let pending = substitution.terms.filter { memo[$0.variable] == nil }
                if !pending.isEmpty {
                    stack.append(contentsOf: pending.map(\.variable))
                    continue
                }
                var constant = substitution.constant
                var terms: [Int: Double] = [:]
                for (other, coefficient) in substitution.terms {
                    let inner = memo[other]!
                    constant += coefficient * inner.constant
                    for (y, a) in inner.terms { terms[y, default: 0] += coefficient * a }
                }
                memo[top] = (constant, terms.filter { $0.value != 0 })
                stack.removeLast()
            }
            result[variable] = memo[variable]!
        }
        return result
    }

    // MARK: - Optimising over the face

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

    // MARK: - Basis reads (unreduced models)

    /// The LP row of constraint `source` of the component, if it is one.
    func row(ofSource source: Int) -> Int? {
        if case .row(let row)? = presolve.place(ofSource: source) { return row }
        return nil
    }

    /// The constraint (index into ``Component/constraints``) behind LP row `row`.
    func source(ofRow row: Int) -> Int { presolve.rows[row].source }

    /// What LP column `column` stands for.
    enum ColumnRole {
        /// A component variable.
        case variable(Int)
        /// An error column of the constraint behind LP row `row`.
        case error(row: Int)
    }

    func role(ofColumn column: Int) -> ColumnRole {
        column < variableOfColumn.count ? .variable(variableOfColumn[column])
            : .error(row: rowOfErrorColumn[column - variableOfColumn.count])
    }

    /// Lower and upper bound of variable `k` (GLPK's joint numbering, 0-based: rows, then
    /// columns) as lowered, before face fixing.
    func originalBounds(ofVariable k: Int) -> (lower: Double, upper: Double) {
        let bound = k < rowBounds.count ? rowBounds[k] : columnBounds[k - rowBounds.count]
        switch bound {
        case .free: return (-.infinity, .infinity)
        case .lower(let lo): return (lo, .infinity)
        case .upper(let up): return (-.infinity, up)
        case .fixed(let v): return (v, v)
        case .range(let lo, let up): return (lo, up)
        }
    }
}
