import TrellisSupport

/// What the solver keeps about one component between solves: its constraints, its last
/// solution and the affine model that lets edit steps skip the simplex method.
final class ComponentState {
    /// A component's solution.
    struct Solution {
        /// Values of ``Component/variables``, in order.
        var values: [Double]
        /// Σ weight × violation over the component's soft constraints (edits included), unless
        /// ``objectiveIsStale`` (read it through ``ComponentState/currentObjective``).
        var objective: Double
        /// Whether steps moved ``values`` since ``objective`` was computed: a step that would have to
        /// evaluate soft rows again leaves that to the next reader while nobody has read the
        /// objective (a layout pass never reads it).
        var objectiveIsStale = false
        /// How the solution moves with the edit rows' constants, while the basis allows.
        var affine: AffineModel?
        /// The optimal basis (nil when no LP was solved), for the next warm start.
        var basis: BasisMemory.Compact? = nil
        /// Each soft row's weight × violation at ``values`` (0 for required rows), kept by steps
        /// that must compute the objective again (several levels), so that a step re-evaluates
        /// only the rows it moved; nil until such a step first needs it.
        var rowCosts: [Double]? = nil
        /// Whether this solution came from a cold start (``CrashBasis``) that needed no simplex
        /// iteration: a solve after a failed step then starts cold again.
        var crashWasOptimal = false
    }

    /// (Not checked dynamically for exclusive access, like ``solution``: a constant change reads
    /// and writes it and the properties below, from one thread, never overlappingly.)
    @exclusivity(unchecked) private(set) var component: Component
    /// For each edit variable in the component, the index of its row in ``Component/constraints``.
    let rowOfEdit: [UInt64: Int]
    /// The edit variable of each edit row.
    let editOfRowIndex: [Int: UInt64]
    /// Each constraint's terms as (position in ``Component/variables``, coefficient).
    let terms: RowStore
    /// Each constraint's own constant (edit rows: 0; their suggestion is supplied at solve time).
    @exclusivity(unchecked) private(set) var baseConstants: [Double]
    /// Rows whose constant has been changed in place (``Solver/updateConstant(of:to:)``): like
    /// edit rows they stay LP rows, so that later changes move along the affine model.
    /// (A list, each row once, in no particular order: a `Set<Int>` cost the first resize of a
    /// process 0.38 M instructions, the runtime making the set's storage type.)
    @exclusivity(unchecked) private(set) var parameterRows: [Int]
    /// The last committed solution (nil before the first).
    /// (Not checked dynamically for exclusive access, like ``stepping``: an edit step changes
    /// both through one `inout` access each, and the solver that owns the state is used from one
    /// thread at a time.)
    @exclusivity(unchecked) var solution: Solution?
    /// Where the state stands with the deferred bridge split (``SolverEngine/splitWork(in:)``):
    /// solved again from scratch, whole, once already; its component known not to split.
    @exclusivity(unchecked) var resolvedWhole = false
    @exclusivity(unchecked) var splitsNot = false
    /// Whether the simplex method runs every priority level of this component, none skipped
    /// at zero error: set once a move through breakpoints found the basis of such a solve not
    /// optimal at a skipped level (``AffineModel/needsEveryLevel``), so that the solves after
    /// it leave a basis the next moves can follow.
    @exclusivity(unchecked) var solvesEveryLevel = false

    /// The rows whose constants move between solves (edit and parameter rows), in order.
    var movingRows: [Int] { (Array(rowOfEdit.values) + parameterRows).sorted() }

    init(component: Component, editOfRow: [ObjectIdentifier: UInt64], moved: IdentityTable = IdentityTable()) {
        self.component = component
        var rows: [UInt64: Int] = [:]
        var editOf: [Int: UInt64] = [:]
        if !editOfRow.isEmpty {
            for (index, constraint) in component.constraints.enumerated() where constraint.expression.terms.count == 1 {
                if let variable = editOfRow[ObjectIdentifier(constraint)] {
                    rows[variable] = index
                    editOf[index] = variable
                }
            }
        }
        rowOfEdit = rows
        editOfRowIndex = editOf
        terms = component.terms
        // (One specialized allocation: reserving and appending took the generic path, twice.)
        baseConstants = component.constraints.map { $0.expression.constant }
        var parameters: [Int] = []
        if moved.count > 0 {
            for (index, constraint) in component.constraints.enumerated() where moved.contains(ObjectIdentifier(constraint).tableKey) {
                parameters.append(index)
            }
        }
        parameterRows = parameters
    }

    /// A state that moves on its own from here (``SolverEngine/fork()``): everything is a value
    /// but the affine model, which is copied.
    func copy() -> ComponentState { ComponentState(copying: self) }

    private init(copying other: ComponentState) {
        component = other.component
        rowOfEdit = other.rowOfEdit
        editOfRowIndex = other.editOfRowIndex
        terms = other.terms
        baseConstants = other.baseConstants
        parameterRows = other.parameterRows
        solution = other.solution
        solution?.affine = other.solution?.affine?.copy()
        resolvedWhole = other.resolvedWhole
        splitsNot = other.splitsNot
        rowIndex = other.rowIndex
        stepping = other.stepping
    }

    /// The row of `constraint` in the component, found by identity (``RowIndex``).
    ///
    /// The first few are found by a scan instead: a resize moves one or two rows of a component
    /// of thousands (the root's), and the table cost the first resize of a feed a twentieth of
    /// its instructions; a component whose rows keep moving (measured texts) gets its table.
    func row(of constraint: Constraint) -> Int? {
        if !rowIndex.built && rowIndex.scans < Self.scannedLookups {
            rowIndex.scans += 1
            let key = ObjectIdentifier(constraint)
            return component.constraints.withUnsafeBufferPointer { rows in
                for index in rows.indices where ObjectIdentifier(rows[index]) == key { return index }
                return nil
            }
        }
        if !rowIndex.built {
            var index = IdentityTable(minimumCapacity: component.constraints.count)
            for (row, c) in component.constraints.enumerated() { index.insert(ObjectIdentifier(c).tableKey, Int32(row)) }
            rowIndex.table = index
            rowIndex.isParameter = Array(filled: false, count: component.constraints.count)
            for row in parameterRows { rowIndex.isParameter[row] = true }
            rowIndex.built = true
        }
        return rowIndex.table.index(of: ObjectIdentifier(constraint).tableKey).map(Int.init)
    }
    /// The rows by identity (built at the first ``row(of:)`` past ``scannedLookups``; a
    /// constant change, which comes with it, keeps it up to date) and which rows are parameter
    /// rows, so that a change of a row's constant needs no hashing but the table's. One stored
    /// property, one access.
    private struct RowIndex {
        var table = IdentityTable()
        var isParameter: [Bool] = []
        var built = false
        /// Lookups answered by a scan, before the table is built.
        var scans = 0
    }
    /// How many lookups are answered by a scan before the table is built.
    static let scannedLookups = 8
    @exclusivity(unchecked) private var rowIndex = RowIndex()

    /// Puts `constraint` (the same terms, relation and strength, another constant) in place of
    /// the one at `row` — or takes the new constant of the same object, moved in place — and
    /// the row becomes a parameter row. The solution is left as it is.
    func replace(row: Int, with constraint: Constraint) {
        // (By identity: the old row is not held, not retained.)
        let old = ObjectIdentifier(component.constraints[row])
        if old != ObjectIdentifier(constraint) {
            component.replaceConstraint(at: row, with: constraint)
            if rowIndex.built {
                rowIndex.table.remove(old.tableKey)
                rowIndex.table.insert(ObjectIdentifier(constraint).tableKey, Int32(row))
            }
        }
        baseConstants[row] = constraint.expression.constant
        if stepping.rowCheck.built { stepping.rowCheck.constant[row] = constraint.expression.constant }
        if rowIndex.built {
            if rowIndex.isParameter[row] { return }
            rowIndex.isParameter[row] = true
        } else if parameterRows.contains(row) {
            return
        }
        parameterRows.append(row)
    }

    /// Row `row` as a step takes it: the row, its constant and its weight (0 when required).
    /// (The constraint read in place, not retained: a text pass steps thousands of rows.)
    func rowChange(_ row: Int) -> (Int, Double, Double) {
        component.constraints.withUnsafeBufferPointer { constraints in
            Unmanaged.passUnretained(constraints[row])._withUnsafeGuaranteedRef { constraint in
                (row, constraint.expression.constant, constraint.strength.isRequired ? 0 : constraint.strength.weight)
            }
        }
    }

    /// Whether a change of row `row`'s constant can move along the affine model (else the
    /// component needs the simplex method).
    func canStep(row: Int) -> Bool {
        guard let affine = solution?.affine else { return false }
        return affine.canMove(source: row, required: component.constraints[row].strength.isRequired)
    }

    /// Whether the values at `positions` are all finite: their sum times zero is zero (infinity
    /// or NaN times zero is NaN), one multiply-add a value, no branch (a resize's determined step
    /// checks thousands).
    static func allFinite(_ values: [Double], at positions: ArraySlice<Int>) -> Bool {
        values.withUnsafeBufferPointer { values in
            positions.withUnsafeBufferPointer { positions in
                var sum = 0.0
                for position in positions { sum += values[position] * 0 }
                return sum == 0
            }
        }
    }

    /// The first required row of `component` that `values` break by more than a relative 1e-6
    /// (of the size of its terms), and by how much; nil when every one holds.
    static func brokenRequiredRow(of component: Component, terms: RowStore, constants: [Double],
                                  at values: [Double]) -> (row: Int, violation: Double)? {
        for (row, constraint) in component.constraints.enumerated() where constraint.strength.isRequired {
            let (sum, scale) = evaluate(terms[row], constant: constants[row], at: values)
            let violation = constraint.relation.violation(of: sum)
            if !(violation <= 1e-6 * max(1, scale)) { return (row, violation) }
        }
        return nil
    }

    /// `constant + Σ coefficient × value` of a row at `values`, and the size of its terms
    /// (`|constant| + Σ |coefficient × value|`, the scale its rounding is judged against).
    static func evaluate(_ terms: RowStore.Row, constant: Double,
                         at values: [Double]) -> (sum: Double, scale: Double) {
        var sum = constant
        var scale = abs(sum)
        terms.withTerms { terms in
            for (variable, coefficient) in terms {
                let product = coefficient * values[variable]
                sum += product
                scale += abs(product)
            }
        }
        return (sum, scale)
    }

    /// The solution's objective (nil without a solution), computed from its values when steps
    /// left it stale — the same sum, in the same order, as a step that kept it would have made.
    /// Steps from here on keep it up to date.
    var currentObjective: Double? {
        guard solution != nil else { return nil }
        stepping.objectiveWanted = true
        if solution!.objectiveIsStale, let affine = solution!.affine {
            var costs: [Double]? = nil
            solution!.objective = Self.updatedObjective(&costs, rows: &stepping.softRows, component: component, terms: terms,
                                                        values: solution!.values, constants: affine.constants,
                                                        changedVariables: [], changedRows: EmptyCollection<(index: Int, constant: Double, weight: Double)>())
            solution!.rowCosts = costs
            solution!.objectiveIsStale = false
        }
        return solution!.objective
    }

    /// Σ weight × violation over the soft constraints, at `values` with `constants`.
    func objective(values: [Double], constants: [Double]) -> Double {
        Self.objective(component: component, terms: terms, values: values, constants: constants)
    }

    static func objective(component: Component, terms: RowStore,
                          values: [Double], constants: [Double]) -> Double {
        var total = 0.0
        for (index, constraint) in component.constraints.enumerated() where !constraint.strength.isRequired {
            let (sum, scale) = Self.evaluate(terms[index], constant: constants[index], at: values)
            total += constraint.strength.weight * SolverEngine.violation(sum: sum, scale: scale, relation: constraint.relation)
        }
        return total
    }

    /// Moves the solution in place for new constants of edit rows; false — leaving the
    /// solution as it was — when the simplex method is needed (no model, the basis would become
    /// infeasible, or the moved values do not hold the required rows they touch to a relative
    /// 1e-6, as can happen when a tiny coefficient magnifies the rounding of the update; a
    /// determined step's rows hold by construction, ``AffineModel/Outcome/determined``).
    /// ``undoLastStep()`` takes a successful step back (when a later part of the same solve fails).
    /// (A step through breakpoints keeps no copy of the basis: taken back, it drops the basis,
    /// and the component is solved again at its next change; see ``AffineModel/undoLastStep(values:)``.)
    func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>) -> Bool {
        step(changes, solution: &solution, stepping: &stepping)
    }

    /// ``step(_:)`` on the state's two stored properties that a step changes, each
    /// accessed once (class properties are checked dynamically, per access).
    private func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                      solution: inout Solution?, stepping: inout Stepping) -> Bool {
        stepping.lastStepPivots = nil
        stepping.lastStepUsedTableau = false
        stepping.lastStepUsedBlocks = false
        stepping.lastStepDetermined = false
        stepping.lastStepPieces = 0
        guard let affine = solution?.affine,
              let outcome = affine.step(changes, values: &solution!.values) else { return false }
        if !outcome.determined {
            if !stepping.rowCheck.built { stepping.rowCheck.build(component: component, terms: terms, constants: baseConstants) }
            guard Self.requiredRowsHold(&stepping.rowCheck, values: solution!.values, changed: affine.changed) else {
                affine.undoLastStep(values: &solution!.values)
                return false
            }
        } else if !Self.allFinite(solution!.values, at: affine.changed) {
            // A replayed elimination dividing by a tiny coefficient overflowed: the simplex
            // method judges it (and a solve reports a value beyond double precision).
            affine.undoLastStep(values: &solution!.values)
            return false
        }
        stepping.lastObjective = solution!.objective
        stepping.lastObjectiveWasStale = solution!.objectiveIsStale
        // (A stale objective stays so, whatever the step: its next reader computes it from the values.)
        if !solution!.objectiveIsStale {
            if !outcome.needsObjective {
                let sum = solution!.objective + outcome.objectiveChange
                if !sum.isFinite || (abs(solution!.objective) + abs(outcome.objectiveChange)) * 1e-12 > abs(sum) {
                    // The change cancels nearly all of the objective (a suggestion of -1e15
                    // taken back: 3.7e21 - 3.7e21), and the sum's rounding could be all that is
                    // left, even below zero; or the objective overflowed (weight × violation
                    // beyond 1.8e308), and a step's change came out as ∞ − ∞. The next reader
                    // computes it from the values instead (∞ where it overflows, never NaN).
                    solution!.objectiveIsStale = true
                } else {
                    solution!.objective = sum
                }
                // (The row costs would be stale; a later step that needs them computes them again.)
                if solution!.rowCosts != nil { solution!.rowCosts = nil }
            } else if stepping.objectiveWanted {
                solution!.objective = Self.updatedObjective(&solution!.rowCosts, rows: &stepping.softRows, component: component,
                                                            terms: terms, values: solution!.values,
                                                            constants: affine.constants, changedVariables: affine.changed,
                                                            changedRows: changes)
            } else {
                solution!.objectiveIsStale = true
                solution!.rowCosts = nil
            }
        }
        if outcome.pivots > 0 { stepping.lastStepPivots = outcome.pivots }
        stepping.lastStepUsedTableau = outcome.usedTableau
        stepping.lastStepUsedBlocks = outcome.usedBlocks
        stepping.lastStepDetermined = outcome.determined
        stepping.lastStepPieces = outcome.pieces
        return true
    }

    /// What a step keeps besides the solution: the required-row check's scratch, the objective
    /// before the last step, and the pivots it made.
    private struct Stepping {
        var rowCheck = RowCheck()
        var lastObjective = 0.0
        var lastObjectiveWasStale = false
        /// Whether anyone has read ``currentObjective``: then steps keep the objective up to date
        /// (the soft rows they moved evaluated again), else they leave it stale.
        var objectiveWanted = false
        var lastStepPivots: Int?
        var lastStepUsedTableau = false
        var lastStepUsedBlocks = false
        var lastStepDetermined = false
        var lastStepPieces = 0
        var softRows = SoftRows()
    }
    @exclusivity(unchecked) private var stepping = Stepping()

    /// How many pivots the last ``step(_:)`` made following the basis through breakpoints,
    /// nil when it kept the basis (or failed).
    var lastStepPivots: Int? { stepping.lastStepPivots }

    /// Whether the last ``step(_:)`` moved the tableau (else it moved along stored directions).
    var lastStepUsedTableau: Bool { stepping.lastStepUsedTableau }

    /// Whether the tableau the last ``step(_:)`` moved is split into blocks (``SplitTableau``).
    var lastStepUsedBlocks: Bool { stepping.lastStepUsedBlocks }
    /// Whether the last step replayed a determined component's elimination (``ConstantTape``).
    var lastStepDetermined: Bool { stepping.lastStepDetermined }
    /// How many one-variable pieces the last step solved again (``ScalarPieces``).
    var lastStepPieces: Int { stepping.lastStepPieces }

    /// Takes back the last successful ``step(_:)``.
    func undoLastStep() {
        guard solution != nil, let affine = solution!.affine else { return }
        affine.undoLastStep(values: &solution!.values)
        solution!.objective = stepping.lastObjective
        solution!.objectiveIsStale = stepping.lastObjectiveWasStale
        // (Not kept for an undo, a rare event: the next step that needs them computes them again.)
        solution!.rowCosts = nil
    }

    /// The objective after a step, as ``objective(component:terms:values:constants:)`` computes
    /// it — the same sum, in the same order, of the same products — with only the soft rows the
    /// step moved evaluated again: those naming a changed variable and those whose constant
    /// changed. `costs` (each soft row's weight × violation) is brought up to date, computed in
    /// full when nil.
    private static func updatedObjective(_ costs: inout [Double]?, rows: inout SoftRows, component: Component,
                                         terms: RowStore, values: [Double],
                                         constants: [Double], changedVariables: ArraySlice<Int>,
                                         changedRows: some Collection<(index: Int, constant: Double, weight: Double)>) -> Double {
        if !rows.built { rows.build(component: component, terms: terms) }
        if costs == nil {
            var fresh = [Double](filled: 0, count: rows.stamp.count)
            for index in rows.soft {
                let (sum, scale) = Self.evaluate(terms[index], constant: constants[index], at: values)
                fresh[index] = rows.weight[index] * SolverEngine.violation(sum: sum, scale: scale, relation: rows.relation[index])
            }
            costs = fresh
        } else {
            let now = Self.nextStamp(&rows.now, clearing: &rows.stamp)
            let (start, list, weight, relation) = (rows.start, rows.rows, rows.weight, rows.relation)
            costs!.withUnsafeMutableBufferPointer { costs in
                rows.stamp.withUnsafeMutableBufferPointer { stamp in
                    func update(_ index: Int) {
                        stamp[index] = now
                        let (sum, scale) = Self.evaluate(terms[index], constant: constants[index], at: values)
                        costs[index] = weight[index] * SolverEngine.violation(sum: sum, scale: scale, relation: relation[index])
                    }
                    for change in changedRows where weight[change.index] > 0 && stamp[change.index] != now {
                        update(change.index)
                    }
                    for variable in changedVariables {
                        for k in Int(start[variable])..<Int(start[variable + 1]) where stamp[Int(list[k])] != now {
                            update(Int(list[k]))
                        }
                    }
                }
            }
        }
        // Summed as the full computation sums (row order, required rows skipped), so that the
        // result is the very same number.
        var total = 0.0
        costs!.withUnsafeBufferPointer { costs in
            for index in rows.soft { total += costs[index] }
        }
        return total
    }

    /// The stamp of a new step: rows marked with it were visited in this step (no set to clear
    /// between steps). When the counter wraps around, every old mark is cleared first.
    @inline(__always)
    static func nextStamp(_ now: inout UInt32, clearing stamp: inout [UInt32]) -> UInt32 {
        now &+= 1
        if now == 0 {
            for k in stamp.indices { stamp[k] = 0 }
            now = 1
        }
        return now
    }

    /// For each variable, the soft rows that name it (built at the first step that needs it),
    /// and a stamp per row so that a step evaluates each row once.
    private struct SoftRows {
        var start: [Int32] = []
        var rows: [Int32] = []
        var stamp: [UInt32] = []
        var now: UInt32 = 0
        /// The soft rows in order, and each row's weight (0 for a required row) and relation
        /// (a row's replacement keeps both: only its constant changes).
        var soft: [Int] = []
        var weight: [Double] = []
        var relation: [Relation] = []
        var built = false

        mutating func build(component: Component, terms: RowStore) {
            soft = component.constraints.indices.filter { !component.constraints[$0].strength.isRequired }
            weight = component.constraints.map { $0.strength.isRequired ? 0 : $0.strength.weight }
            relation = component.constraints.map(\.relation)
            // (The soft rows' variables laid flat, the others left without.)
            var termStart = [Int32](filled: 0, count: component.constraints.count + 1)
            var termVariable: [Int32] = []
            for (index, constraint) in component.constraints.enumerated() {
                if !constraint.strength.isRequired {
                    for position in 0..<terms.count(ofRow: index) { termVariable.append(Int32(terms.term(position, ofRow: index).variable)) }
                }
                termStart[index + 1] = Int32(termVariable.count)
            }
            (start, rows) = ComponentState.rowsNaming(variables: component.variables.count, termStart: termStart,
                                                      termVariable: termVariable)
            stamp = Array(filled: 0, count: component.constraints.count)
            built = true
        }
    }

    /// For each of `variables` variables, the rows that name it, in row order: variable `j`'s are
    /// `rows[start[j]..<start[j + 1]]`, from the rows' terms laid flat (row `i`'s variables are
    /// `termVariable[termStart[i]..<termStart[i + 1]]`; a row left out has none). The index both
    /// a step's required-row check (``RowCheck``) and its soft-row objective (``SoftRows``) walk
    /// from the variables the step changed.
    static func rowsNaming(variables n: Int, termStart: [Int32], termVariable: [Int32]) -> (start: [Int32], rows: [Int32]) {
        var start = [Int32](filled: 0, count: n + 1)
        for variable in termVariable { start[Int(variable) + 1] += 1 }
        for j in 0..<n { start[j + 1] += start[j] }
        var fill = start
        var rows = [Int32](filled: 0, count: Int(start[n]))
        for index in 0..<(termStart.count - 1) {
            for k in Int(termStart[index])..<Int(termStart[index + 1]) {
                let variable = Int(termVariable[k])
                rows[Int(fill[variable])] = Int32(index)
                fill[variable] += 1
            }
        }
        return (start, rows)
    }
}
