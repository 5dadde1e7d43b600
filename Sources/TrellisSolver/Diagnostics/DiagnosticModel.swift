import TrellisSupport

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
    /// The soft rows' error columns by level, highest first (``LPLowering/softLevels``).
    let levels: [LPLowering.SoftLevel]
    /// Bounds of every LP row and column as lowered, before face fixing.
    let rowBounds: [LinearProgram.Bound]
    let columnBounds: [LinearProgram.Bound]
    /// Each LP row's and column's entries.
    let matrixRows: [[(column: Int, coefficient: Double)]]
    let matrixColumns: [[(row: Int, coefficient: Double)]]
    /// The current bounds of each LP row and column (as lowered, or fixed on the face).
    var currentRowBounds: [LinearProgram.Bound]
    var currentColumnBounds: [LinearProgram.Bound]
    /// Whether each LP row / column is currently fixed (lowered fixed, or fixed on the face).
    var rowFixed: [Bool]
    var columnFixed: [Bool]
    /// For LP rows whose dual was non-zero at some level: the first such level and the dual,
    /// in that level's weight units (∂ cost / ∂ right-hand side).
    private(set) var prices: [Int: (level: Float, dual: Double)] = [:]
    /// The values of ``Component/variables`` at the optimum found.
    private(set) var values: [Double]
    let timeLimit: Int?
    /// LP columns whose objective coefficient is currently non-zero.
    var objectiveColumns: [Int] = []
    /// Number of LPs solved over the face (for reports and benchmarks).
    var faceRuns = 0
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
            levels = []
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
        // The solve's own lowering, its matrix kept (read by rows and by columns here).
        let lowering = LPLowering(presolve, constraints: component.constraints, merge: nil, columnOfVariable: columnOfVariable,
                                  variableOfColumn: variableOfColumn, keepsMatrix: true)
        let lp = lowering.lp
        var rowOfErrorColumn: [Int] = []
        for (row, errors) in lowering.errorColumns.enumerated() {
            for _ in errors { rowOfErrorColumn.append(row) }
        }
        let (rowBounds, columnBounds) = (lowering.rowBounds, lowering.columnBounds)
        let matrix = lowering.matrix
        let matrixRows = (0..<matrix.count).map { i in matrix.range(ofRow: i).map { (Int(matrix.columns[$0]), matrix.values[$0]) } }
        var matrixColumns = Array(filled: [(row: Int, coefficient: Double)](), count: lowering.columnCount)
        for (row, entries) in matrixRows.enumerated() {
            for (column, coefficient) in entries { matrixColumns[column].append((row, coefficient)) }
        }
        levels = LPLowering.softLevels(presolve, constraints: component.constraints, errorColumns: lowering.errorColumns)
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
        if levels.isEmpty, try run(lp, cold: true) == .infeasible { return false }
        var previous: [Int] = []
        for (step, softLevel) in levels.enumerated() {
            let level = softLevel.level, columns = softLevel.columns
            for column in previous { lp.setObjective(column, 0) }
            let costs = ComponentSolver.costs(columns.map(\.weight))
            for (entry, cost) in zip(columns, costs.values) { lp.setObjective(entry.column, cost) }
            var outcome = try run(lp, cold: step == 0)
            if outcome == .optimal && costs.needExact {
                outcome = try lp.finishExactly(timeLimit: timeLimit,
                                               timeLimitMessage: "the time budget ran out in an exact re-solve for diagnostics")
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
                for (entry, cost) in zip(columns, costs.values) { costOf[entry.column] = cost }
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
        for (k, value) in lp.fixWhereTheyStand(binding) {
            if k < rowCount {
                currentRowBounds[k] = .fixed(value)
                rowFixed[k] = true
            } else {
                currentColumnBounds[k - rowCount] = .fixed(value)
                columnFixed[k - rowCount] = true
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

    /// One simplex run with the solve's fallbacks (``LinearProgram/runWithFallbacks``): from the
    /// current basis unless `cold`, then presolved dual, then a fresh primal.
    private func run(_ lp: LinearProgram, cold: Bool) throws -> LinearProgram.Outcome {
        try lp.runWithFallbacks(cold ? .cold : .currentBasis(dual: false), timeLimit: timeLimit,
                                timeLimitMessage: "the time budget ran out in a component of \(component.constraints.count) constraints rebuilt for diagnostics",
                                subject: "a component of \(component.constraints.count) constraints rebuilt for diagnostics")
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
        var uncertainColumn = Array(filled: false, count: variableOfColumn.count)
        if let lp {
            let m = lp.rowCount
            var isBasic = Array(filled: false, count: m + lp.columnCount)
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
        var certain = Array(filled: false, count: n)
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
