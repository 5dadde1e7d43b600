import TrellisSupport

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
        /// Values of ``Component/variables``, in order, what later edit steps may reuse, the
        /// optimal basis for the next warm start, the simplex iterations made (the pinned
        /// blocks' included), and whether the LP started from its pinned blocks' bases.
        case solved(values: [Double], affine: AffineModel?, basis: BasisMemory.Compact?, iterations: Int = 0,
                    blockStart: Bool = false)
        /// The required constraints cannot all hold.
        case infeasible
    }

    let component: Component
    /// Each constraint's terms as (position in ``Component/variables``, coefficient).
    let terms: RowStore
    /// The constant of each constraint (edit rows carry their suggested value).
    let constants: [Double]
    /// Indices (into ``Component/constraints``) of the rows whose constants move between solves —
    /// edit rows, and constraints whose constant was changed (``Solver/updateConstant(of:to:)``) —
    /// kept as LP rows for the affine model.
    let editRows: [Int]
    /// Where a previous basis comes from: none (start cold, with GLPK's presolver), this very
    /// component's last optimal basis, or the keyed bases of the components it was rebuilt from.
    enum WarmStart {
        case none
        case own(BasisMemory.Compact)
        case keyed(BasisMemory)

        /// Whether the solve starts cold (from ``CrashBasis`` when it reduces).
        var isCold: Bool {
            if case .none = self { true } else { false }
        }
    }
    var warmStart = WarmStart.none
    var timeLimit: Int?
    /// Whether to use the reductions beyond ``Presolve`` (closed-form one-variable pieces,
    /// ``RangeMerge``, skipping levels already at zero error) and the ``CrashBasis`` start.
    /// Tests turn them off to get the plain LP (cold: GLPK's presolver and its own start, every
    /// level solved) as an independent reference.
    var reduces = true
    /// Whether a level already at zero error is fixed there instead of run (with ``reduces``):
    /// its point is optimal, but the basis GLPK leaves need not price that level right, and a
    /// move through breakpoints needs it to (``ComponentState/solvesEveryLevel``).
    var skipsLevelsAtZeroError = true
    /// Whether a solve keeps the LP's matrix and levels to judge if its optimum is the only one
    /// (``solveCertifying()``).
    var certifiesUniqueness = false

    func solve() throws -> Result {
        var unique = false
        return try solve(unique: &unique)
    }

    /// ``solve()``, and whether the optimum found is certainly the only one (with
    /// ``certifiesUniqueness`` set; else false): presolve determined every value, or the LP's
    /// basis prices every variable free to move at some level but at most one, held at a bound
    /// (``ParametricTableau/optimumIsUnique()``). A closed-form one-variable solve counts as
    /// unique only when a required equality fixes it (else it may pick a point of an interval).
    func solveCertifying() throws -> (result: Result, unique: Bool) {
        var unique = false
        let result = try solve(unique: &unique)
        return (result, unique)
    }

    private func solve(unique: inout Bool) throws -> Result {
        if reduces && component.variables.count == 1 {
            // One array of rows straight from the component (most components of a layout are
            // this small: the per-component work is what counts).
            var rows: [ScalarComponent.Row] = []
            rows.reserveCapacity(component.constraints.count)
            for (index, constraint) in component.constraints.enumerated() {
                rows.append(ScalarComponent.Row(coefficient: terms.term(0, ofRow: index).coefficient, constant: constants[index],
                                                relation: constraint.relation, strength: constraint.strength))
            }
            if let value = ScalarComponent(rows: rows).solve() {
                // (The only optimum for certain when a required equality fixes it.)
                unique = certifiesUniqueness && rows.contains { $0.strength.isRequired && $0.relation == .equal && $0.coefficient != 0 }
                let values = [value]
                try checkRequired(values)
                return .solved(values: values, affine: nil, basis: nil)
            }
            // Infeasible (or a quotient overflowed): the LP below judges the inputs themselves.
        }
        if reduces, !editRows.isEmpty, Presolve.mayBeDetermined(component),
           let free = Presolve(component: component, terms: terms, constants: constants), free.constantTape != nil {
            // Moving rows need not stay LP rows when elimination determines every value: the
            // affine model replays it for their new constants (``ConstantTape``) — the same
            // values, no LP, and a step where the protected rows would have needed one.
            return try solve(free, unique: &unique)
        }
        if let presolve = Presolve(component: component, terms: terms, constants: constants, protecting: editRows) {
            return try solve(presolve, unique: &unique)
        }
        // Presolve met a contradiction: let GLPK judge the unreduced problem.
        return try solve(Presolve.identity(component: component, terms: terms, constants: constants), unique: &unique)
    }

    /// Solves the reduced problem described by `presolve`.
    func solve(_ presolve: Presolve) throws -> Result {
        var unique = false
        return try solve(presolve, unique: &unique)
    }

    private func solve(_ presolve: Presolve, unique: inout Bool) throws -> Result {
        var presolve = presolve
        let scalars = !reduces ? [] : presolve.splitOffScalars(protecting: editRows) { rows, lower, upper in
            scalar(rows, lower: lower, upper: upper).solve()
        }
        let merge = reduces && editRows.isEmpty ? RangeMerge(rows: presolve.rows, constraints: component.constraints, protected: editRows) : nil
        if let merge, merge.foldsAny { presolve.removeRows(folded: merge.isFolded) }
        // One-variable pieces whose rows move (measured labels' heights): closed forms, which
        // the affine model solves again when the rows move, not LP columns. (Not when
        // uniqueness is to be certified: a closed form does not certify it.)
        var pieces: ScalarPieces?
        if reduces && !editRows.isEmpty && !certifiesUniqueness && !presolve.rows.isEmpty,
           let found = ScalarPieces(presolve, constraints: component.constraints) {
            pieces = found
            presolve.removeRows(folded: found.pieceOfSource.map { $0 >= 0 })
        }

        // LP columns: remaining variables that appear in some row, then error columns.
        let (columnOfVariable, variableOfColumn) = presolve.columns()
        var remaining = presolve.startingValues()
        for (j, value) in scalars { remaining[j] = value }
        if let pieces { for piece in 0..<pieces.count { remaining[pieces.variable(of: piece)] = pieces.values[piece] } }
        if presolve.rows.isEmpty {
            unique = certifiesUniqueness && scalars.isEmpty
            let affine = AffineModel.trivial(presolve: presolve, remaining: remaining, editRows: editRows, pieces: pieces)
            // (Substitution can overflow where the closed forms did not: `w = 11·s` with s near
            // 1.3e308, from a required `1.2e-307·w >= 180`.)
            let values = presolve.expand(remaining)
            try checkFinite(values)
            return .solved(values: values, affine: affine, basis: nil)
        }
        var model = LPLowering(presolve, constraints: component.constraints, merge: merge, columnOfVariable: columnOfVariable,
                               variableOfColumn: variableOfColumn, keepsMatrix: !editRows.isEmpty || certifiesUniqueness)
        var warm = transplant(into: model.lp, presolve: presolve, variableOfColumn: variableOfColumn, errorColumns: model.errorColumns)
        let levels = LPLowering.softLevels(presolve, constraints: component.constraints, errorColumns: model.errorColumns)
            .map(\.columns)
        // (A large LP may restart from its pinned blocks' bases when the crash basis is far
        // from its first level's optimum.)
        var restart: (() -> Void)?
        var blockIterations: Int?
        if !warm && reduces {
            crash(model.lp, presolve: presolve, columnOfVariable: columnOfVariable, variableOfColumn: variableOfColumn,
                  errorColumns: model.errorColumns, merge: merge)
            warm = true
            if PinnedBlocks.mayExist(in: presolve, constraints: component.constraints) {
                let lowered = model
                restart = {
                    guard let blocks = PinnedBlocks(presolve, constraints: component.constraints, columnOfVariable: columnOfVariable,
                                                    columnCount: variableOfColumn.count) else { return }
                    blockIterations = startFromBlocks(blocks, lowered, presolve: presolve, columnOfVariable: columnOfVariable,
                                                      variableOfColumn: variableOfColumn, merge: merge)
                }
            }
        }
        guard let last = try solveLevels(levels, of: &model, presolve: presolve, warm: warm, restart: restart) else {
            return .infeasible
        }

        let lp = model.lp
        for (column, variable) in variableOfColumn.enumerated() { remaining[variable] = lp.columnValue(column) }
        let affine = editRows.isEmpty ? nil : affineModel(model, presolve: presolve, remaining: remaining,
                                                          variableOfColumn: variableOfColumn, levels: levels.count, last: last,
                                                          pieces: pieces)
        if certifiesUniqueness && scalars.isEmpty, let followable = last.followable, !followable.objectives.isEmpty {
            var tableau = ParametricTableau(tableauInputs(model, followable: followable))
            unique = tableau.factorizeNow() && tableau.optimumIsUnique()
        }
        let basis = harvest(lp, presolve: presolve, variableOfColumn: variableOfColumn, errorColumns: model.errorColumns)
        try lp.verify()   // a GLPK fault caught by the guard: nothing read above can be trusted
        let values = presolve.expand(remaining)
        try checkRequired(values)
        return .solved(values: values, affine: affine, basis: basis, iterations: lp.iterationCount + (blockIterations ?? 0),
                       blockStart: blockIterations != nil)
    }

    /// What the last solved level leaves for edit steps.
    struct LastLevel {
        /// The factor applied to the level's weights (nil: no level was solved).
        var scale: Double?
        /// What a step that follows the basis in Swift reads (nil: it may not): each level's
        /// objective by column, highest first, and the LP's bounds without the levels' optimal
        /// faces (which ``ParametricTableau`` keeps by its lexicographic test instead).
        var followable: (objectives: [[Double]], rowBounds: [LinearProgram.Bound], columnBounds: [LinearProgram.Bound])?
    }

    /// Optimises the levels one after another, fixing each one's optimal face before the next;
    /// nil when the required rows (or the highest level's) cannot hold. With `restart`, the
    /// first level's run from the current basis stops after ``crashIterations``; `restart`
    /// then sets another basis to run from.
    func solveLevels(_ levels: [[LPLowering.WeightedColumn]], of model: inout LPLowering,
                     presolve: Presolve, warm: Bool, restart: (() -> Void)? = nil) throws -> LastLevel? {
        let lp = model.lp
        var last = LastLevel()
        if levels.isEmpty {
            return try run(lp, first: true, warm: warm) == .infeasible ? nil : last
        }
        var previous: [LPLowering.WeightedColumn] = []
        if !editRows.isEmpty || certifiesUniqueness {
            last.followable = ([], model.rowBounds, model.columnBounds)
        }
        for (step, columns) in levels.enumerated() {
            // A lower level already at zero error is optimal where it stands: its optimal face
            // (within the higher levels') is "all its errors 0", so fix them there and skip
            // the simplex run (on a layout: hugging that already holds).
            if reduces && skipsLevelsAtZeroError && step > 0 && columns.allSatisfy({ lp.columnValue($0.column) <= 1e-9 }) {
                // (Fixed for the lowest level too: edit steps then keep it at zero error, or
                // leave the basis's range and solve again.)
                for entry in columns {
                    lp.setColumnBound(entry.column, .fixed(0))
                    model.columnBounds[entry.column] = .fixed(0)
                }
                // (The tableau keeps the level as an objective instead: fixed, it would hold the
                // errors at zero where a higher level comes to need them.)
                follow(columns, costs: Self.costs(columns.map(\.weight)), into: &last, columnCount: model.columnCount)
                continue
            }
            let costs = Self.costs(columns.map(\.weight))
            // The last level's columns back to 0, this level's to their costs: one GLPK call.
            var objectiveColumns: [Int] = [], coefficients: [Double] = []
            objectiveColumns.reserveCapacity(previous.count + columns.count)
            coefficients.reserveCapacity(previous.count + columns.count)
            for entry in previous {
                objectiveColumns.append(entry.column)
                coefficients.append(0)
            }
            for (entry, cost) in zip(columns, costs.values) {
                objectiveColumns.append(entry.column)
                coefficients.append(cost)
            }
            lp.setObjective(columns: objectiveColumns, coefficients: coefficients)
            let outcome: LinearProgram.Outcome
            if step == 0, let restart, !lp.reachesOptimum(within: Self.crashIterations, timeLimit: timeLimit) {
                restart()
                outcome = try runLevel(lp, first: true, warm: warm, exact: costs.needExact)
            } else if step == 0 && restart != nil {
                outcome = costs.needExact ? try lp.finishExactly(timeLimit: timeLimit, timeLimitMessage: Self.exactLimitMessage) : .optimal
            } else {
                outcome = try runLevel(lp, first: step == 0, warm: warm, exact: costs.needExact)
            }
            if outcome == .infeasible {
                if step == 0 { return nil }
                throw TrellisError.numericalFailure("a lower priority level became infeasible after fixing a higher one")
            }
            if step < levels.count - 1 {
                for (k, value) in try fixOptimalFace(lp, costs: costs.values, exact: costs.needExact) {
                    if k < model.rowBounds.count {
                        model.rowBounds[k] = .fixed(value)
                    } else {
                        model.columnBounds[k - model.rowBounds.count] = .fixed(value)
                    }
                }
            }
            previous = columns
            last.scale = costs.scale
            follow(columns, costs: costs, into: &last, columnCount: model.columnCount)
        }
        return last
    }

    /// Adds a level's objective to what the tableau reads (none when its weights need exact
    /// arithmetic). `costs` is evaluated only when a tableau is kept (a level skipped at zero
    /// error has not computed them).
    private func follow(_ columns: [LPLowering.WeightedColumn],
                        costs: @autoclosure () -> (values: [Double], needExact: Bool, scale: Double),
                        into last: inout LastLevel, columnCount: Int) {
        guard last.followable != nil else { return }
        let costs = costs()
        guard !costs.needExact else {
            last.followable = nil
            return
        }
        var objective = Array(filled: 0.0, count: columnCount)
        for (entry, cost) in zip(columns, costs.values) { objective[entry.column] = cost }
        last.followable!.objectives.append(objective)
    }

    /// One level's simplex run, finished in exact arithmetic when its weights need it.
    private func runLevel(_ lp: LinearProgram, first: Bool, warm: Bool, exact: Bool) throws -> LinearProgram.Outcome {
        let outcome = try run(lp, first: first, warm: warm)
        guard outcome == .optimal && exact else { return outcome }
        return try lp.finishExactly(timeLimit: timeLimit, timeLimitMessage: Self.exactLimitMessage)
    }

    /// What a time budget that runs out in an exact finish says.
    static let exactLimitMessage = "the solve's time budget ran out in an exact re-solve"

    /// The model edit steps move along: the edit rows' tableau columns, and the LP in Swift
    /// when a step may follow the basis through breakpoints.
    private func affineModel(_ model: LPLowering, presolve: Presolve, remaining: [Double], variableOfColumn: [Int],
                             levels: Int, last: LastLevel, pieces: ScalarPieces?) -> AffineModel {
        let lp = model.lp
        // With several levels the final LP holds every higher level's optimal face as fixed
        // bounds (at values a right-hand side does not move), so a step that keeps its basis
        // feasible keeps every level optimal; the objective is then recomputed, not sloped.
        // The tableau takes the levels' objectives instead of those faces.
        return AffineModel(lp: lp, presolve: presolve, remaining: remaining, editRows: editRows,
                           variableOfColumn: variableOfColumn, rowBounds: model.rowBounds, columnBounds: model.columnBounds,
                           costScale: levels > 1 ? nil : (last.scale ?? 1),
                           tableau: last.followable.flatMap { followable in
                               followable.objectives.isEmpty ? nil : SplitTableau(tableauInputs(model, followable: followable))
                           }, pieces: pieces)
    }

    /// The solved LP as a ``ParametricTableau`` reads it: its rows, its bounds without the
    /// levels' optimal faces, each level's objective, the basis and the values.
    private func tableauInputs(_ model: LPLowering, followable: (objectives: [[Double]], rowBounds: [LinearProgram.Bound],
                                                                columnBounds: [LinearProgram.Bound])) -> ParametricTableau.Inputs {
        let lp = model.lp
        return ParametricTableau.Inputs(rows: model.matrix, rowBounds: followable.rowBounds, columnBounds: followable.columnBounds,
                                        objectives: followable.objectives, basic: lp.basicVariables(),
                                        rowValues: (0..<lp.rowCount).map { lp.rowValue($0) },
                                        columnValues: (0..<model.columnCount).map { lp.columnValue($0) })
    }

    /// The one-variable problem of the given constraints (`coefficient·x + constant OP 0` each)
    /// and bounds.
    private func scalar(_ rows: ArraySlice<(source: Int, coefficient: Double, constant: Double)>,
                        lower: Double?, upper: Double?) -> ScalarComponent {
        var scalarRows: [ScalarComponent.Row] = []
        scalarRows.reserveCapacity(rows.count + 2)
        for row in rows {
            let constraint = component.constraints[row.source]
            scalarRows.append(ScalarComponent.Row(coefficient: row.coefficient, constant: row.constant,
                                                  relation: constraint.relation, strength: constraint.strength))
        }
        return ScalarComponent(rows: scalarRows, lower: lower, upper: upper)
    }

    /// Throws ``TrellisError/numericalFailure(_:)`` when a value is not finite: the answer of a
    /// required row like `2.2e-308·x == 175` is beyond double precision.
    private func checkFinite(_ values: [Double]) throws {
        if let position = values.firstIndex(where: { !$0.isFinite }) {
            throw TrellisError.numericalFailure(
                "the value of \(component.variables[position]) is beyond double precision (\(values[position])): a coefficient too small for its constant?")
        }
    }

    /// Throws ``TrellisError/numericalFailure(_:)`` unless every required constraint holds at
    /// `values` to a relative 1e-6 of its terms' size: GLPK can report "optimal" for a badly
    /// scaled problem (magnitudes hundreds of decades apart) whose answer does not hold, and a
    /// wrong answer must never be returned as a right one.
    private func checkRequired(_ values: [Double]) throws {
        // A required `2.2e-308·x == 175` has no answer in double precision (x ≈ 7.9e309): GLPK
        // may then report "optimal" with an infinite value, whose residual test below would pass.
        try checkFinite(values)
        if let (row, violation) = ComponentState.brokenRequiredRow(of: component, terms: terms, constants: constants, at: values) {
            let constraint = component.constraints[row]
            throw TrellisError.numericalFailure(
                "GLPK's answer breaks the required constraint \(constraint.label ?? constraint.description) by \(violation) (badly scaled numbers?)")
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

    /// Restricts the problem to the optimal face of the level just solved: fixes the non-basic
    /// rows and columns whose reduced cost is non-zero (decided by ``LevelCertificate``, exactly
    /// when floating point cannot tell).
    /// Fixes the level's optimal face; returns what was fixed: (row k < m or column k − m, value).
    private func fixOptimalFace(_ lp: LinearProgram, costs: [Double], exact: Bool) throws -> [(Int, Double)] {
        let m = lp.rowCount
        let certificate = try LevelCertificate(lp, largestCost: costs.reduce(1.0, max), exact: exact,
                                               timeLimit: timeLimit) { $0 < m && lp.rowIsFixed($0) }
        return lp.fixWhereTheyStand(certificate.binding)
    }

    /// One simplex run with fallbacks. The first level starts from the transplanted basis with
    /// the dual simplex when there is one, else cold with GLPK's presolver; later levels continue
    /// from the current basis with the primal simplex (only the objective changed). A failed run
    /// is retried cold, then from GLPK's advanced basis, before giving up with
    /// ``TrellisError/numericalFailure(_:)``.
    private func run(_ lp: LinearProgram, first: Bool, warm: Bool) throws -> LinearProgram.Outcome {
        try lp.runWithFallbacks(first && warm || !first ? .currentBasis(dual: first) : .cold, timeLimit: timeLimit,
                                timeLimitMessage: "the solve's time budget ran out in a component of \(component.constraints.count) constraints",
                                subject: "a component of \(component.constraints.count) constraints")
    }
}
