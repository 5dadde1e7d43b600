/// How a component's solution moves when only edit suggestions change.
///
/// While the optimal basis stays primal feasible, a change of the right-hand side (a suggested
/// value) moves the basic variables along a fixed direction: the simplex tableau column of the
/// edit row. The basis stays dual feasible (costs did not change), so the moved point is still
/// optimal. A drag step is then O(affected variables) with no GLPK call at all; only when a basic
/// variable would leave its bounds does the model follow the basis through the breakpoints with
/// a ``ParametricTableau`` (single-level LPs of moderate size), and only when that is not possible
/// does the component go back to the simplex method.
///
/// Built inside the synchronous call that owns the GLPK problem, from values read out of it;
/// nothing here refers to GLPK.
final class AffineModel {
    /// How one edit row moves the basic variables.
    struct Direction {
        /// (position in the basic arrays, change per unit of right-hand side)
        var entries: [(position: Int, alpha: Double)]
        /// Change of the weighted objective per unit of right-hand side (the row's dual).
        var slope: Double
        /// The substitutions the direction reaches, in evaluation order (a step re-evaluates
        /// only those, not every substitution).
        var reached: [Int]
    }

    /// What a step reads and changes, kept in one stored property so that a step is one
    /// exclusive access to the model rather than one per array element (class properties are
    /// checked dynamically).
    private struct Moving {
        /// Values of the non-eliminated component variables.
        var remaining: [Double]
        /// The current constant of every constraint of the component (edit rows move).
        var constants: [Double]
        var basicValue: [Double] = []
        var basicLower: [Double] = []
        var basicUpper: [Double] = []
        /// The component variable a basic position is, or -1 (rows, error columns).
        var basicVariable: [Int] = []
        /// By constraint index: an index into ``directions``, or -1 (no LP row, or a basic one:
        /// any change needs a pivot).
        var directionOf: [Int32] = []
        var directions: [Direction] = []
        /// Presolve's substitutions, flat (built at the first step through the tableau).
        var substitutions = FlatSubstitutions()
        /// Scratch flags for the incremental expansion (all false between steps).
        var dirty: [Bool] = []
        /// The component variables the last step changed (basic ones, then substitutions).
        var changed: [Int] = []
        /// What the last step overwrote, with the old values, for an undo. Reused between steps.
        var basicJournal: [(position: Int, value: Double)] = []
        var valueJournal: [(variable: Int, value: Double)] = []
        var remainingJournal: [(variable: Int, value: Double)] = []
        var constantJournal: [(index: Int, value: Double)] = []

        mutating func rollBackBasics() {
            for (position, value) in basicJournal.reversed() { basicValue[position] = value }
            basicJournal.removeAll(keepingCapacity: true)
        }
    }

    /// Presolve's substitutions in flat arrays: substitution k sets `variable[k]` to
    /// `constant[k] + Σ termCoefficient[t] × value[termVariable[t]]` over start[k]..<start[k+1].
    struct FlatSubstitutions {
        var variable: [Int32] = []
        var constant: [Double] = []
        var start: [Int32] = [0]
        var termVariable: [Int32] = []
        var termCoefficient: [Double] = []

        init() {}

        init(_ substitutions: [Presolve.Substitution]) {
            for substitution in substitutions {
                variable.append(Int32(substitution.variable))
                constant.append(substitution.constant)
                for (other, coefficient) in substitution.terms {
                    termVariable.append(Int32(other))
                    termCoefficient.append(coefficient)
                }
                start.append(Int32(termVariable.count))
            }
        }
    }

    /// What a step through breakpoints replaced, for ``undoLastStep(values:)``.
    private struct Saved {
        var moving: Moving
        var tableau: ParametricTableau?
        var tableauConstants: [Double]
        var tableauInSync: Bool
        var followsTableau: Bool
        var quietTableauSteps: Int
        var values: [Double]
    }

    /// The reduced problem the LP solved (substitutions undone after each step). Never
    /// mutated after construction: copying its rows each step would cost O(rows).
    private let presolve: Presolve
    private var moving: Moving
    /// The LP's basis in Swift, to follow a move through breakpoints (nil: not possible).
    private var tableau: ParametricTableau?
    /// The constants the tableau's values stand at: linear steps keep its basis but do not
    /// move its values, so a move through breakpoints starts from here.
    private var tableauConstants: [Double]
    /// The component variable of each LP column (for reading a tableau's values).
    private let variableOfColumn: [Int]
    /// The constraints whose constants move (edit and parameter rows).
    private let editRows: [Int]
    /// The factor applied to the weights in the LP's objective.
    private let costScale: Double
    /// Set by a step through breakpoints (the state before it), nil after a linear step.
    private var saved: Saved?
    /// Whether the objective moves by each direction's slope (one level), or must be computed
    /// again after a step (several levels: the final LP's duals price the lowest level only).
    let slopesObjective: Bool
    /// Whether the last successful step moved the tableau (then ``lastStepPivots`` counts its
    /// pivots through breakpoints).
    private(set) var lastStepUsedTableau = false
    /// Whether the objective change the last step returned is unknown (to be computed again).
    private(set) var lastStepNeedsObjective = false
    /// Pivots the last successful step made (0 for a linear step).
    private(set) var lastStepPivots = 0
    /// Whether the tableau's values stand at the current constants (no linear step since it
    /// moved), so that a move's objective change is the change of the LP's objective.
    private var tableauInSync = true
    /// Whether steps go to the tableau first: after a step that pivoted (a sweep goes on
    /// crossing breakpoints) until two in a row that did not (then the directions are read from
    /// the tableau and steps are linear again: a drag after a jump).
    private var followsTableau = false
    /// Tableau steps in a row that crossed no breakpoint (after two, steps are linear again).
    private var quietTableauSteps = 0

    /// Values of the non-eliminated component variables.
    var remaining: [Double] { moving.remaining }
    /// The current constant of every constraint of the component.
    var constants: [Double] { moving.constants }
    /// The component variables the last successful step changed.
    var changed: [Int] { moving.changed }

    /// A model for a component that needed no LP: edit rows only change constant violations.
    static func trivial(presolve: Presolve, remaining: [Double], editRows: [Int]) -> AffineModel? {
        guard !editRows.isEmpty else { return nil }
        return AffineModel(presolve: presolve, remaining: remaining)
    }

    private init(presolve: Presolve, remaining: [Double]) {
        self.presolve = presolve
        moving = Moving(remaining: remaining, constants: presolve.constants)
        moving.directionOf = Array(repeating: -1, count: presolve.constants.count)
        slopesObjective = true
        variableOfColumn = []
        editRows = []
        tableauConstants = []
        costScale = 1
    }

    /// Reads the basis, values and tableau columns of the edit rows from a solved `lp`, whose
    /// rows and columns have the given bounds (higher levels' optimal faces fixed included).
    /// `costScale` is nil when the LP's objective is the lowest of several levels. `tableau`,
    /// when given, is the same LP and basis in Swift, for steps through breakpoints.
    init(lp: LinearProgram, presolve: Presolve, remaining: [Double], editRows: [Int],
         variableOfColumn: [Int], rowBounds: [LinearProgram.Bound], columnBounds: [LinearProgram.Bound],
         costScale: Double?, tableau: ParametricTableau?) {
        self.presolve = presolve
        self.variableOfColumn = variableOfColumn
        self.editRows = editRows
        self.costScale = costScale ?? 1
        self.tableau = costScale == nil ? nil : tableau
        moving = Moving(remaining: remaining, constants: presolve.constants)
        tableauConstants = presolve.constants
        slopesObjective = costScale != nil
        let m = lp.rowCount
        var positionOf = [Int](repeating: -1, count: m + lp.columnCount)
        for basic in lp.basicVariables() {
            positionOf[basic] = moving.basicValue.count
            let (lower, upper) = (basic < m ? rowBounds[basic] : columnBounds[basic - m]).interval
            moving.basicLower.append(lower)
            moving.basicUpper.append(upper)
            if basic < m {
                moving.basicValue.append(lp.rowValue(basic))
                moving.basicVariable.append(-1)
            } else {
                let column = basic - m
                moving.basicValue.append(lp.columnValue(column))
                moving.basicVariable.append(column < variableOfColumn.count ? variableOfColumn[column] : -1)
            }
        }
        moving.directionOf = Array(repeating: -1, count: presolve.constants.count)
        for edit in editRows {
            guard case .row(let row)? = presolve.place(ofSource: edit),
                  let column = lp.tableauColumn(ofRow: row) else { continue }
            var entries: [(position: Int, alpha: Double)] = []
            entries.reserveCapacity(column.count)
            for entry in column where positionOf[entry.basic] >= 0 { entries.append((positionOf[entry.basic], entry.alpha)) }
            let slope = costScale.map { lp.rowDual(row) / $0 } ?? 0
            moving.directionOf[edit] = Int32(moving.directions.count)
            moving.directions.append(Direction(entries: entries, slope: slope, reached: []))
        }
        Self.findReached(&moving, presolve: presolve)
    }

    /// Fills in each direction's ``Direction/reached`` substitutions.
    private static func findReached(_ m: inout Moving, presolve: Presolve) {
        var marked = Array(repeating: false, count: presolve.lower.count)
        for d in m.directions.indices {
            var touched: [Int] = []
            for (position, _) in m.directions[d].entries {
                let variable = m.basicVariable[position]
                if variable >= 0 && !marked[variable] {
                    marked[variable] = true
                    touched.append(variable)
                }
            }
            m.directions[d].reached = presolve.dependentSubstitutions(of: &marked, touched: &touched)
            for variable in touched { marked[variable] = false }
        }
    }

    /// Moves the solution for new constants of edit rows (`changes[i]` = new constant of
    /// constraint `i`, with its weight), writing the new values of the component variables into
    /// `values` (a full expansion of ``remaining``, as the component's solution holds it) and
    /// listing them in ``changed``. Returns the change of the weighted objective (unknown when
    /// ``lastStepNeedsObjective``), or nil — leaving the model and `values` untouched — when the
    /// simplex method is needed. ``undoLastStep(values:)`` takes a successful step back.
    ///
    /// A step moves along the stored directions while the basis stays feasible; beyond, it
    /// moves the tableau, which follows the basis through the breakpoints. After a step that
    /// crossed breakpoints the next one goes to the tableau directly.
    /// With `undoable` false (nothing else in the solve can fail after this step) the tableau
    /// moves in place instead of keeping a copy of the old one.
    func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
              values: inout [Double], undoable: Bool = true) -> Double? {
        saved = nil
        lastStepUsedTableau = false
        lastStepNeedsObjective = false
        lastStepPivots = 0
        if !followsTableau, let change = Self.step(changes, values: &values, moving: &moving, presolve: presolve) {
            if !moving.basicJournal.isEmpty || !moving.constantJournal.isEmpty { tableauInSync = false }
            return change
        }
        guard tableau != nil, let change = tableauStep(changes, values: &values, undoable: undoable) else { return nil }
        quietTableauSteps = lastStepPivots > 0 ? 0 : quietTableauSteps + 1
        followsTableau = quietTableauSteps < 2
        if !followsTableau {
            quietTableauSteps = 0
            Self.adopt(tableau!, into: &moving, presolve: presolve, variableOfColumn: variableOfColumn, editRows: editRows,
                       costScale: costScale)
        }
        return change
    }

    /// Takes the basis, values and directions of a moved tableau for linear steps.
    private static func adopt(_ t: ParametricTableau, into m: inout Moving, presolve: Presolve,
                              variableOfColumn: [Int], editRows: [Int], costScale: Double) {
        m.basicValue.removeAll(keepingCapacity: true)
        m.basicLower.removeAll(keepingCapacity: true)
        m.basicUpper.removeAll(keepingCapacity: true)
        m.basicVariable.removeAll(keepingCapacity: true)
        for p in 0..<t.m {
            let k = Int(t.header[p])
            let (lower, upper) = t.bounds(atPosition: p)
            m.basicValue.append(t.value[k])
            m.basicLower.append(lower)
            m.basicUpper.append(upper)
            let column = k - t.m
            m.basicVariable.append(column >= 0 && column < variableOfColumn.count ? variableOfColumn[column] : -1)
        }
        var directions: [Direction] = []
        for index in editRows {
            guard case .row(let row)? = presolve.place(ofSource: index), !t.rowIsBasic(row) else {
                m.directionOf[index] = -1
                continue
            }
            m.directionOf[index] = Int32(directions.count)
            directions.append(Direction(entries: t.direction(ofRow: row), slope: t.rowReducedCost(row) / costScale, reached: []))
        }
        m.directions = directions
        findReached(&m, presolve: presolve)
    }

    /// A step that keeps the basis (nil when a basic variable would leave its bounds).
    private static func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                             values: inout [Double], moving m: inout Moving, presolve: Presolve) -> Double? {
        m.basicJournal.removeAll(keepingCapacity: true)
        m.valueJournal.removeAll(keepingCapacity: true)
        m.remainingJournal.removeAll(keepingCapacity: true)
        m.constantJournal.removeAll(keepingCapacity: true)
        m.changed.removeAll(keepingCapacity: true)
        var objectiveChange = 0.0
        var movedEdits = 0
        var movedDirection = -1
        for (index, constant, weight) in changes {
            let delta = constant - m.constants[index]
            if delta == 0 { continue }
            movedEdits += 1
            switch presolve.place(ofSource: index) {
            case .row:
                let d = Int(m.directionOf[index])
                guard d >= 0 else { m.rollBackBasics(); return nil }
                movedDirection = d
                // The constant moves by delta, so the row's right-hand side moves by -delta.
                objectiveChange -= m.directions[d].slope * delta
                for (position, alpha) in m.directions[d].entries {
                    let old = m.basicValue[position]
                    m.basicJournal.append((position, old))
                    let new = old - alpha * delta
                    m.basicValue[position] = new
                }
            case .constant(let i):
                // The row's constant moved with the edit's: base + (current - original).
                let old = presolve.constantRows[i].constant + (m.constants[index] - presolve.constant(ofSource: index))
                objectiveChange += weight * (abs(old + delta) - abs(old))
            case nil:
                break
            }
        }
        for (position, _) in m.basicJournal {
            let value = m.basicValue[position]
            let slack = 1e-9 * max(1, abs(value))
            if value < m.basicLower[position] - slack || value > m.basicUpper[position] + slack {
                m.rollBackBasics()
                return nil
            }
        }
        for (index, constant, _) in changes where m.constants[index] != constant {
            m.constantJournal.append((index, m.constants[index]))
            m.constants[index] = constant
        }
        for (position, _) in m.basicJournal where m.basicVariable[position] >= 0 {
            let variable = m.basicVariable[position]
            m.remainingJournal.append((variable, m.remaining[variable]))
            m.remaining[variable] = m.basicValue[position]
            m.valueJournal.append((variable, values[variable]))
            values[variable] = m.basicValue[position] + 0
            m.changed.append(variable)
        }
        if movedEdits == 1 && movedDirection >= 0 {
            // One edit moved (a drag): re-evaluate exactly what its direction reaches.
            let order = m.directions[movedDirection].reached
            for k in order {
                let variable = presolve.substitutions[k].variable
                m.valueJournal.append((variable, values[variable]))
                m.changed.append(variable)
            }
            presolve.evaluate(order, into: &values)
        } else if !m.basicJournal.isEmpty {
            if m.dirty.count != values.count { m.dirty = Array(repeating: false, count: values.count) }
            let basics = m.changed.count
            for variable in m.changed { m.dirty[variable] = true }
            let before = values
            presolve.reexpand(&values, dirty: &m.dirty, changed: &m.changed)
            for variable in m.changed { m.dirty[variable] = false }
            for variable in m.changed[basics...] { m.valueJournal.append((variable, before[variable])) }
        }
        return objectiveChange
    }

    /// A step that moves the tableau, following its basis through the breakpoints of the move
    /// (see ``ParametricTableau``). Nil — nothing changed — when the tableau cannot follow it.
    private func tableauStep(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                             values: inout [Double], undoable: Bool) -> Double? {
        var target = moving.constants
        // Edit rows (whose last linear steps the tableau did not follow), and any other LP row
        // whose constant is changed now (a constraint's first update: it is no parameter row yet).
        var rows = editRows
        var constantRowChange = 0.0
        for (index, constant, weight) in changes {
            target[index] = constant
            if !rows.contains(index) { rows.append(index) }
            if case .constant(let i)? = presolve.place(ofSource: index), constant != moving.constants[index] {
                let old = presolve.constantRows[i].constant + (moving.constants[index] - presolve.constant(ofSource: index))
                constantRowChange += weight * (abs(old + constant - moving.constants[index]) - abs(old))
            }
        }
        var shifts: [(row: Int, amount: Double)] = []
        for index in rows {
            let delta = target[index] - tableauConstants[index]
            guard delta != 0, case .row(let row)? = presolve.place(ofSource: index) else { continue }
            shifts.append((row, -delta))   // the right-hand side is minus the constant
        }
        let moved: ParametricTableau.Moved
        if undoable {
            guard var copy = tableau, let result = copy.move(shifts) else { return nil }
            saved = Saved(moving: moving, tableau: tableau, tableauConstants: tableauConstants,
                          tableauInSync: tableauInSync, followsTableau: followsTableau,
                          quietTableauSteps: quietTableauSteps, values: values)
            tableau = copy
            moved = result
        } else {
            // In place: on failure the tableau is in no usable state, so it is dropped (and with
            // it the directions, which stopped following the basis once the tableau took over).
            guard let result = tableau!.move(shifts) else {
                disableTableau()
                return nil
            }
            moved = result
        }
        let wasInSync = tableauInSync
        tableauConstants = target
        tableauInSync = true
        for index in rows where moving.constants[index] != target[index] {
            moving.constantJournal.append((index, moving.constants[index]))
            moving.constants[index] = target[index]
        }
        Self.readValues(moved.columnValues, into: &moving, values: &values, presolve: presolve,
                        variableOfColumn: variableOfColumn)
        lastStepUsedTableau = true
        lastStepPivots = moved.pivots
        guard wasInSync else {
            lastStepNeedsObjective = true
            return 0
        }
        return (moved.objectiveAfter - moved.objectiveBefore) / costScale + constantRowChange
    }

    /// Drops the tableau and every stored direction: the next step of this model needs the
    /// simplex method (which builds a new model).
    private func disableTableau() {
        tableau = nil
        followsTableau = false
        for index in moving.directionOf.indices { moving.directionOf[index] = -1 }
    }

    /// Takes the values of a moved tableau's columns into ``Moving/remaining`` and `values`
    /// (with what the substitutions make of them), listing what changed.
    private static func readValues(_ columnValues: ArraySlice<Double>, into m: inout Moving, values: inout [Double],
                                   presolve: Presolve, variableOfColumn: [Int]) {
        m.changed.removeAll(keepingCapacity: true)
        for (column, variable) in variableOfColumn.enumerated() {
            let value = columnValues[columnValues.startIndex + column]
            if value != m.remaining[variable] {
                m.remainingJournal.append((variable, m.remaining[variable]))
                m.valueJournal.append((variable, values[variable]))
                m.remaining[variable] = value
                values[variable] = value + 0
                m.changed.append(variable)
            }
        }
        guard !m.changed.isEmpty else { return }
        if m.dirty.count != values.count { m.dirty = Array(repeating: false, count: values.count) }
        if m.substitutions.variable.count != presolve.substitutions.count {
            m.substitutions = FlatSubstitutions(presolve.substitutions)
        }
        for variable in m.changed { m.dirty[variable] = true }
        // What the substitutions make of them (as Presolve.reexpand, journaling each old value).
        let flat = m.substitutions
        for k in stride(from: flat.variable.count - 1, through: 0, by: -1) {
            var touched = false
            var value = flat.constant[k]
            for t in Int(flat.start[k])..<Int(flat.start[k + 1]) {
                let other = Int(flat.termVariable[t])
                touched = touched || m.dirty[other]
                value += flat.termCoefficient[t] * values[other]
            }
            guard touched else { continue }
            let variable = Int(flat.variable[k])
            m.valueJournal.append((variable, values[variable]))
            values[variable] = value
            if !m.dirty[variable] {
                m.dirty[variable] = true
                m.changed.append(variable)
            }
        }
        for variable in m.changed { m.dirty[variable] = false }
    }

    /// Whether a change of constraint `source`'s constant can be followed without the simplex
    /// method: it is an LP row with a direction, or a soft row presolve reduced to a constant.
    func canMove(source: Int, required: Bool) -> Bool {
        switch presolve.place(ofSource: source) {
        case .row: return moving.directionOf[source] >= 0 || tableau != nil
        case .constant: return !required
        case nil: return false
        }
    }

    /// Takes back the last successful ``step(_:values:)``: the model and `values` (the same
    /// array the step wrote) are as they were before it.
    func undoLastStep(values: inout [Double]) {
        if let saved {
            moving = saved.moving
            tableau = saved.tableau
            tableauConstants = saved.tableauConstants
            tableauInSync = saved.tableauInSync
            followsTableau = saved.followsTableau
            quietTableauSteps = saved.quietTableauSteps
            values = saved.values
            self.saved = nil
            moving.changed.removeAll(keepingCapacity: true)
            return
        }
        Self.undo(&moving, values: &values)
        // A tableau moved in place stands at the step's end point and cannot be taken back.
        if lastStepUsedTableau { disableTableau() }
    }

    private static func undo(_ m: inout Moving, values: inout [Double]) {
        for (variable, value) in m.valueJournal.reversed() { values[variable] = value }
        for (variable, value) in m.remainingJournal.reversed() { m.remaining[variable] = value }
        for (index, value) in m.constantJournal.reversed() { m.constants[index] = value }
        m.rollBackBasics()
        m.valueJournal.removeAll(keepingCapacity: true)
        m.remainingJournal.removeAll(keepingCapacity: true)
        m.constantJournal.removeAll(keepingCapacity: true)
        m.changed.removeAll(keepingCapacity: true)
    }
}
