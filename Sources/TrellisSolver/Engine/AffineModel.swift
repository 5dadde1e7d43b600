/// How a component's solution moves when only edit suggestions change.
///
/// While the optimal basis stays primal feasible, a change of the right-hand side (a suggested
/// value) moves the basic variables along a fixed direction: the simplex tableau column of the
/// edit row. The basis stays dual feasible (costs did not change), so the moved point is still
/// optimal. A drag step is then O(affected variables) with no GLPK call at all; only when a basic
/// variable would leave its bounds does the component go back to the simplex method.
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
    }

    /// What a step changes, kept in one stored property so that a step is one exclusive
    /// access to the model rather than one per array element (class properties are checked
    /// dynamically).
    private struct Moving {
        /// Values of the non-eliminated component variables.
        var remaining: [Double]
        /// The current constant of every constraint of the component (edit rows move).
        var constants: [Double]
        var basicValue: [Double] = []
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

    /// The reduced problem the LP solved (substitutions undone after each step). Never
    /// mutated after construction: copying its rows each step would cost O(rows).
    private let presolve: Presolve
    /// By edit constraint index: the substitutions its direction reaches, in evaluation order
    /// (so a step re-evaluates only those, not every substitution).
    private let reached: [Int: [Int]]
    private let basicLower: [Double]
    private let basicUpper: [Double]
    /// The component variable a basic position is, or -1 (rows, error columns).
    private let basicVariable: [Int]
    /// By edit constraint index (edits with an LP row): its direction, or nil when the edit
    /// row's activity is basic (then any change needs the simplex method).
    private let directions: [Int: Direction?]
    private var moving: Moving
    /// Whether the objective moves by each direction's slope (one level), or must be computed
    /// again after a step (several levels: the final LP's duals price the lowest level only).
    let slopesObjective: Bool

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
        slopesObjective = true
        reached = [:]
        basicLower = []
        basicUpper = []
        basicVariable = []
        directions = [:]
    }

    /// Reads the basis, values and tableau columns of the edit rows from a solved `lp`, whose
    /// rows and columns have the given bounds (higher levels' optimal faces fixed included).
    /// `costScale` is nil when the LP's objective is the lowest of several levels.
    init(lp: LinearProgram, presolve: Presolve, remaining: [Double], editRows: [Int],
         variableOfColumn: [Int], rowBounds: [LinearProgram.Bound], columnBounds: [LinearProgram.Bound],
         costScale: Double?) {
        self.presolve = presolve
        moving = Moving(remaining: remaining, constants: presolve.constants)
        slopesObjective = costScale != nil
        let m = lp.rowCount
        var positionOf: [Int: Int] = [:]
        var basicValue: [Double] = [], basicLower: [Double] = [], basicUpper: [Double] = []
        var basicVariable: [Int] = []
        for basic in lp.basicVariables() {
            positionOf[basic] = basicValue.count
            let (lower, upper) = (basic < m ? rowBounds[basic] : columnBounds[basic - m]).interval
            basicLower.append(lower)
            basicUpper.append(upper)
            if basic < m {
                basicValue.append(lp.rowValue(basic))
                basicVariable.append(-1)
            } else {
                let column = basic - m
                basicValue.append(lp.columnValue(column))
                basicVariable.append(column < variableOfColumn.count ? variableOfColumn[column] : -1)
            }
        }
        var directions: [Int: Direction?] = [:]
        for edit in editRows {
            guard case .row(let row)? = presolve.place(ofSource: edit) else { continue }
            guard let column = lp.tableauColumn(ofRow: row) else {
                directions[edit] = .some(nil)
                continue
            }
            let entries = column.compactMap { entry in positionOf[entry.basic].map { ($0, entry.alpha) } }
            directions[edit] = Direction(entries: entries, slope: costScale.map { lp.rowDual(row) / $0 } ?? 0)
        }
        var reached: [Int: [Int]] = [:]
        var marked = Array(repeating: false, count: presolve.lower.count)
        for (edit, direction) in directions {
            guard let direction else { continue }
            var touched: [Int] = []
            for (position, _) in direction.entries where basicVariable[position] >= 0 && !marked[basicVariable[position]] {
                marked[basicVariable[position]] = true
                touched.append(basicVariable[position])
            }
            reached[edit] = presolve.dependentSubstitutions(of: &marked, touched: &touched)
            for variable in touched { marked[variable] = false }
        }
        moving.basicValue = basicValue
        self.basicLower = basicLower
        self.basicUpper = basicUpper
        self.basicVariable = basicVariable
        self.directions = directions
        self.reached = reached
    }

    /// Moves the solution for new constants of edit rows (`changes[i]` = new constant of
    /// constraint `i`, with its weight), writing the new values of the component variables into
    /// `values` (a full expansion of ``remaining``, as the component's solution holds it) and
    /// listing them in ``changed``. Returns the change of the weighted objective, or nil —
    /// leaving the model and `values` untouched — when the basis would stop being feasible and
    /// the simplex method is needed. ``undoLastStep(values:)`` takes a successful step back.
    func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
              values: inout [Double]) -> Double? {
        step(changes, values: &values, moving: &moving)
    }

    private func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                      values: inout [Double], moving m: inout Moving) -> Double? {
        m.basicJournal.removeAll(keepingCapacity: true)
        m.valueJournal.removeAll(keepingCapacity: true)
        m.remainingJournal.removeAll(keepingCapacity: true)
        m.constantJournal.removeAll(keepingCapacity: true)
        m.changed.removeAll(keepingCapacity: true)
        var objectiveChange = 0.0
        var movedEdits = 0
        var movedEdit = -1
        for (index, constant, weight) in changes {
            let delta = constant - m.constants[index]
            if delta == 0 { continue }
            movedEdits += 1
            movedEdit = index
            switch presolve.place(ofSource: index) {
            case .row:
                guard let direction = directions[index] ?? nil else { m.rollBackBasics(); return nil }
                // The constant moves by delta, so the row's right-hand side moves by -delta.
                objectiveChange -= direction.slope * delta
                for (position, alpha) in direction.entries {
                    m.basicJournal.append((position, m.basicValue[position]))
                    m.basicValue[position] -= alpha * delta
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
            if value < basicLower[position] - slack || value > basicUpper[position] + slack {
                m.rollBackBasics()
                return nil
            }
        }
        for (index, constant, _) in changes where m.constants[index] != constant {
            m.constantJournal.append((index, m.constants[index]))
            m.constants[index] = constant
        }
        for (position, _) in m.basicJournal where basicVariable[position] >= 0 {
            let variable = basicVariable[position]
            m.remainingJournal.append((variable, m.remaining[variable]))
            m.remaining[variable] = m.basicValue[position]
            m.valueJournal.append((variable, values[variable]))
            values[variable] = m.basicValue[position] + 0
            m.changed.append(variable)
        }
        if movedEdits == 1, let order = reached[movedEdit] {
            // One edit moved (a drag): re-evaluate exactly what its direction reaches.
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

    /// Whether a change of constraint `source`'s constant can be followed without the simplex
    /// method: it is an LP row with a direction, or a soft row presolve reduced to a constant.
    func canMove(source: Int, required: Bool) -> Bool {
        switch presolve.place(ofSource: source) {
        case .row: return (directions[source] ?? nil) != nil
        case .constant: return !required
        case nil: return false
        }
    }

    /// Takes back the last successful ``step(_:values:)``: the model and `values` (the same
    /// array the step wrote) are as they were before it.
    func undoLastStep(values: inout [Double]) {
        Self.undo(&moving, values: &values)
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
