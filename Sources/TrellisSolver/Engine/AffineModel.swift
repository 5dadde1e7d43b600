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
        /// only those, not every substitution); found when a step first needs them
        /// (``reachedIsKnown``), the storage kept when the directions are read again.
        var reached: [Int] = []
        var reachedIsKnown = false
    }

    /// What a step reads and changes about the solution.
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
        /// Presolve's substitutions, flat (built at the first step that re-evaluates them).
        var substitutions = FlatSubstitutions()
        /// Scratch flags for the incremental expansion (all false between steps).
        var dirty: [Bool] = []
        /// Scratch flags per substitution for ``readValues`` (all false between steps).
        var pending: [Bool] = []
        /// The component variables the last step changed (basic ones, then substitutions).
        var changed = ScratchList<Int>()
        /// What the last step overwrote, with the old values, for an undo. Reused between steps
        /// (emptied by resetting their counts).
        var basicJournal = ScratchList<(index: Int, value: Double)>()
        var valueJournal = ScratchList<(variable: Int, value: Double)>()
        var remainingJournal = ScratchList<(variable: Int, value: Double)>()
        var constantJournal = ScratchList<(index: Int, value: Double)>()
        /// The old values of the variables a re-expansion changed, by variable: those listed in
        /// ``changed`` from ``expandedFrom`` on (-1: no re-expansion in this step).
        var prior: [Double] = []
        var expandedFrom = -1
        /// Scratch of ``reached(by:_:presolve:)``: the variables a direction reaches.
        var touched = ScratchList<Int>()

        mutating func rollBackBasics() { basicJournal.rollBack(into: &basicValue) }

        mutating func rollBackConstants() { constantJournal.rollBack(into: &constants) }

        mutating func clearJournals() {
            basicJournal.removeAll()
            valueJournal.removeAll()
            remainingJournal.removeAll()
            constantJournal.removeAll()
            changed.removeAll()
            expandedFrom = -1
        }
    }

    /// Presolve's substitutions in flat arrays: substitution k sets `variable[k]` to
    /// `constant[k] + Σ termCoefficient[t] × value[termVariable[t]]` over start[k]..<start[k+1].
    /// `users[userStart[v]..<userStart[v+1]]` are the substitutions that name variable v.
    struct FlatSubstitutions {
        var variable: [Int32] = []
        var constant: [Double] = []
        var start: [Int32] = [0]
        var termVariable: [Int32] = []
        var termCoefficient: [Double] = []
        var userStart: [Int32] = []
        var users: [Int32] = []
        /// Whether the arrays were built (an empty list of substitutions is built too).
        var built = false

        init() {}

        init(_ substitutions: [Presolve.Substitution], variables: Int) {
            for substitution in substitutions {
                variable.append(Int32(substitution.variable))
                constant.append(substitution.constant)
                for (other, coefficient) in substitution.terms {
                    termVariable.append(Int32(other))
                    termCoefficient.append(coefficient)
                }
                start.append(Int32(termVariable.count))
            }
            var userStart = [Int32](repeating: 0, count: variables + 1)
            for other in termVariable { userStart[Int(other) + 1] += 1 }
            for v in 0..<variables { userStart[v + 1] += userStart[v] }
            var fill = userStart
            var users = [Int32](repeating: 0, count: termVariable.count)
            for k in variable.indices {
                for t in Int(start[k])..<Int(start[k + 1]) {
                    let other = Int(termVariable[t])
                    users[Int(fill[other])] = Int32(k)
                    fill[other] += 1
                }
            }
            self.userStart = userStart
            self.users = users
            built = true
        }

        /// What the substitutions make of the changed variables listed in `changed` (as
        /// Presolve.reexpand, listing what changes in turn, and keeping each listed variable's
        /// old value in `prior`, by variable: no journal entry per substitution),
        /// visiting only the substitutions that name a changed variable: a substitution names
        /// variables that later ones (evaluated before it) define, so one pass from the last
        /// flagged substitution down meets every one after whatever flags it. `dirty` (per
        /// variable) and `pending` (per substitution) are all false before and after.
        func reexpand(_ values: inout [Double], dirty: inout [Bool], pending: inout [Bool], changed: inout ScratchList<Int>,
                      prior: inout [Double]) {
            withTables { tables in
                values.withUnsafeMutableBufferPointer { values in
                    prior.withUnsafeMutableBufferPointer { prior in
                        dirty.withUnsafeMutableBufferPointer { dirty in
                            pending.withUnsafeMutableBufferPointer { pending in
                                Self.reexpand(tables, values: values, prior: prior, dirty: dirty, pending: pending,
                                              changed: &changed)
                            }
                        }
                    }
                }
            }
        }

        /// The substitutions that name one of the variables in `touched` or (in turn) what those
        /// define, appended to `order` in evaluation order — as Presolve.dependentSubstitutions,
        /// visiting only the substitutions that name a touched variable (see ``reexpand``).
        /// `touched` gets the variables they define; `dirty` and `pending` are all false before
        /// and after.
        func dependents(of touched: inout ScratchList<Int>, dirty: inout [Bool], pending: inout [Bool], order: inout [Int]) {
            withTables { t in
                dirty.withUnsafeMutableBufferPointer { dirty in
                    pending.withUnsafeMutableBufferPointer { pending in
                        var highest = -1
                        for index in 0..<touched.count where !dirty[touched[index]] {
                            let variable = touched[index]
                            dirty[variable] = true
                            for u in Int(t.userStart[variable])..<Int(t.userStart[variable + 1]) {
                                pending[Int(t.users[u])] = true
                                highest = max(highest, Int(t.users[u]))
                            }
                        }
                        var k = highest
                        while k >= 0 {
                            if pending[k] {
                                pending[k] = false
                                order.append(k)
                                let variable = Int(t.variable[k])
                                if !dirty[variable] {
                                    dirty[variable] = true
                                    touched.append(variable)
                                    for u in Int(t.userStart[variable])..<Int(t.userStart[variable + 1]) {
                                        let user = Int(t.users[u])
                                        pending[user] = true
                                        if user > k { k = user + 1 }
                                    }
                                }
                            }
                            k -= 1
                        }
                        for index in 0..<touched.count { dirty[touched[index]] = false }
                    }
                }
            }
        }

        /// The arrays as buffers (the loops of a step read them without bounds checks).
        struct Tables {
            let variable: UnsafeBufferPointer<Int32>
            let constant: UnsafeBufferPointer<Double>
            let start: UnsafeBufferPointer<Int32>
            let termVariable: UnsafeBufferPointer<Int32>
            let termCoefficient: UnsafeBufferPointer<Double>
            let userStart: UnsafeBufferPointer<Int32>
            let users: UnsafeBufferPointer<Int32>
        }

        func withTables<R>(_ body: (Tables) -> R) -> R {
            variable.withUnsafeBufferPointer { variable in
                constant.withUnsafeBufferPointer { constant in
                    start.withUnsafeBufferPointer { start in
                        termVariable.withUnsafeBufferPointer { termVariable in
                            termCoefficient.withUnsafeBufferPointer { termCoefficient in
                                userStart.withUnsafeBufferPointer { userStart in
                                    users.withUnsafeBufferPointer { users in
                                        body(Tables(variable: variable, constant: constant, start: start, termVariable: termVariable,
                                                    termCoefficient: termCoefficient, userStart: userStart, users: users))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        private static func reexpand(_ t: Tables, values: UnsafeMutableBufferPointer<Double>, prior: UnsafeMutableBufferPointer<Double>,
                                     dirty: UnsafeMutableBufferPointer<Bool>, pending: UnsafeMutableBufferPointer<Bool>,
                                     changed: inout ScratchList<Int>) {
            var highest = -1
            for index in 0..<changed.count {
                let variable = changed[index]
                dirty[variable] = true
                for u in Int(t.userStart[variable])..<Int(t.userStart[variable + 1]) {
                    let k = Int(t.users[u])
                    pending[k] = true
                    highest = max(highest, k)
                }
            }
            var k = highest
            while k >= 0 {
                if pending[k] {
                    pending[k] = false
                    var value = t.constant[k]
                    for e in Int(t.start[k])..<Int(t.start[k + 1]) {
                        value += t.termCoefficient[e] * values[Int(t.termVariable[e])]
                    }
                    let variable = Int(t.variable[k])
                    if !dirty[variable] {
                        prior[variable] = values[variable]
                        values[variable] = value
                        dirty[variable] = true
                        changed.append(variable)
                        for u in Int(t.userStart[variable])..<Int(t.userStart[variable + 1]) {
                            let user = Int(t.users[u])
                            pending[user] = true
                            // Presolve substitutes a variable away from every later row,
                            // so its users come before it; should one not, go back up.
                            if user > k { k = user + 1 }
                        }
                    } else {
                        values[variable] = value
                    }
                }
                k -= 1
            }
            for index in 0..<changed.count { dirty[changed[index]] = false }
        }

        /// Re-evaluates the substitutions `order` (in that order) into `values`, journaling the
        /// old values and listing the variables.
        func evaluate(_ order: [Int], into values: inout [Double], journal: inout ScratchList<(variable: Int, value: Double)>,
                      changed: inout ScratchList<Int>) {
            withTables { t in
                order.withUnsafeBufferPointer { order in
                    values.withUnsafeMutableBufferPointer { values in
                        journal.append(upTo: order.count, filler: (0, 0)) { journal in
                            changed.append(upTo: order.count, filler: 0) { changed in
                                for (i, k) in order.enumerated() {
                                    let variable = Int(t.variable[k])
                                    journal[i] = (variable, values[variable])
                                    changed[i] = variable
                                }
                                for k in order {
                                    var value = t.constant[k]
                                    for e in Int(t.start[k])..<Int(t.start[k + 1]) {
                                        value += t.termCoefficient[e] * values[Int(t.termVariable[e])]
                                    }
                                    values[Int(t.variable[k])] = value
                                }
                                return order.count
                            }
                            return order.count
                        }
                    }
                }
            }
        }
    }

    /// What a step through breakpoints replaced, for ``undoLastStep(values:)``.
    private struct Saved {
        var moving: Moving
        var tableau: ParametricTableau?
        var tableauConstants: [Double]
        var linearChange: Double
        var followsTableau: Bool
        var quietTableauSteps: Int
        var values: [Double]
    }

    /// Everything a step changes, in one stored property so that a step is one exclusive
    /// access to the model rather than one per property (class properties are checked
    /// dynamically).
    private struct Core {
        var moving: Moving
        /// The LP's basis in Swift, to follow a move through breakpoints (nil: not possible).
        var tableau: ParametricTableau?
        /// The constants the tableau's values stand at: linear steps keep its basis but do not
        /// move its values, so a move through breakpoints starts from here.
        var tableauConstants: [Double]
        /// Set by a step through breakpoints (the state before it), nil after a linear step.
        var saved: Saved?
        /// Whether the last successful step moved the tableau.
        var usedTableau = false
        /// The change of the LP's own objective (in weights) made by the linear steps since the
        /// tableau last moved: a move's objective change starts from the tableau's point.
        var linearChange = 0.0
        /// The part of ``linearChange`` the last linear step added (taken back by an undo).
        var lastLinearChange = 0.0
        /// Whether steps go to the tableau first: after a step that pivoted (a sweep goes on
        /// crossing breakpoints) until two in a row that did not (then the directions are read
        /// from the tableau and steps are linear again: a drag after a jump).
        var followsTableau = false
        /// Tableau steps in a row that crossed no breakpoint (after two, steps are linear again).
        var quietTableauSteps = 0
        /// Scratch of a tableau step: the rows it moves and their shifts.
        var rows = ScratchList<Int>()
        var shifts = ScratchList<(row: Int, amount: Double)>()
    }

    /// What a successful step did.
    struct Outcome {
        /// The change of the weighted objective (unknown when ``needsObjective``).
        var objectiveChange: Double
        /// Whether the objective must be computed again (several levels).
        var needsObjective: Bool
        /// The pivots made following the basis through breakpoints (0: the basis was kept).
        var pivots: Int
    }

    /// The reduced problem the LP solved (substitutions undone after each step). Never
    /// mutated after construction: copying its rows each step would cost O(rows).
    private let presolve: Presolve
    /// Not checked dynamically for exclusive access: a step is the only writer, through one
    /// `inout` access of its own (the model is used from one thread, as its solver is), and the
    /// check costs about a hundred instructions per access on a path of a few thousand.
    @exclusivity(unchecked) private var core: Core
    /// The component variable of each LP column (for reading a tableau's values).
    private let variableOfColumn: [Int]
    /// The constraints whose constants move (edit and parameter rows).
    private let editRows: [Int]
    /// The factor applied to the weights in the LP's objective.
    private let costScale: Double
    /// Whether the objective moves by each direction's slope (one level), or must be computed
    /// again after a step (several levels: the final LP's duals price the lowest level only).
    let slopesObjective: Bool

    /// Values of the non-eliminated component variables.
    var remaining: [Double] { core.moving.remaining }
    /// The current constant of every constraint of the component.
    var constants: [Double] { core.moving.constants }
    /// The component variables the last successful step changed.
    var changed: ArraySlice<Int> { core.moving.changed.elements }

    /// A model for a component that needed no LP: edit rows only change constant violations.
    static func trivial(presolve: Presolve, remaining: [Double], editRows: [Int]) -> AffineModel? {
        guard !editRows.isEmpty else { return nil }
        return AffineModel(presolve: presolve, remaining: remaining)
    }

    private init(presolve: Presolve, remaining: [Double]) {
        self.presolve = presolve
        var moving = Moving(remaining: remaining, constants: presolve.constants)
        moving.directionOf = Array(repeating: -1, count: presolve.constants.count)
        core = Core(moving: moving, tableau: nil, tableauConstants: [])
        slopesObjective = true
        variableOfColumn = []
        editRows = []
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
        slopesObjective = costScale != nil
        var moving = Moving(remaining: remaining, constants: presolve.constants)
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
            moving.directions.append(Direction(entries: entries, slope: slope))
        }
        core = Core(moving: moving, tableau: costScale == nil ? nil : tableau, tableauConstants: presolve.constants)
    }

    /// The substitutions direction `d` reaches (see ``Direction/reached``).
    private static func reached(by d: Int, _ m: inout Moving, presolve: Presolve) -> [Int] {
        if m.directions[d].reachedIsKnown { return m.directions[d].reached }
        if !m.substitutions.built {
            m.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
        }
        let count = m.substitutions.variable.count
        if m.dirty.count != presolve.lower.count { m.dirty = Array(repeating: false, count: presolve.lower.count) }
        if m.pending.count != count { m.pending = Array(repeating: false, count: count) }
        // The basic variables the direction moves, then (by the substitutions that name them) the rest.
        m.touched.removeAll()
        for (position, _) in m.directions[d].entries where m.basicVariable[position] >= 0 {
            m.touched.append(m.basicVariable[position])
        }
        m.directions[d].reached.removeAll(keepingCapacity: true)
        m.substitutions.dependents(of: &m.touched, dirty: &m.dirty, pending: &m.pending, order: &m.directions[d].reached)
        m.directions[d].reachedIsKnown = true
        return m.directions[d].reached
    }

    /// Moves the solution for new constants of edit rows (`changes[i]` = new constant of
    /// constraint `i`, with its weight), writing the new values of the component variables into
    /// `values` (a full expansion of ``remaining``, as the component's solution holds it) and
    /// listing them in ``changed``. Returns what the step did, or nil — leaving the model and
    /// `values` untouched — when the simplex method is needed. ``undoLastStep(values:)`` takes
    /// a successful step back.
    ///
    /// A step moves along the stored directions while the basis stays feasible; beyond, it
    /// moves the tableau, which follows the basis through the breakpoints. After a step that
    /// crossed breakpoints the next one goes to the tableau directly.
    /// With `undoable` false (nothing else in the solve can fail after this step) the tableau
    /// moves in place instead of keeping a copy of the old one.
    func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
              values: inout [Double], undoable: Bool = true) -> Outcome? {
        step(changes, values: &values, undoable: undoable, core: &core)
    }

    private func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                      values: inout [Double], undoable: Bool, core c: inout Core) -> Outcome? {
        c.saved = nil
        c.usedTableau = false
        c.moving.clearJournals()
        if !c.followsTableau, let change = Self.step(changes, values: &values, moving: &c.moving, presolve: presolve) {
            c.linearChange += change.lp
            c.lastLinearChange = change.lp
            return Outcome(objectiveChange: change.total, needsObjective: !slopesObjective, pivots: 0)
        }
        guard c.tableau != nil, let moved = tableauStep(changes, values: &values, undoable: undoable, core: &c) else { return nil }
        c.usedTableau = true
        c.quietTableauSteps = moved.pivots > 0 ? 0 : c.quietTableauSteps + 1
        c.followsTableau = c.quietTableauSteps < 2
        if !c.followsTableau {
            c.quietTableauSteps = 0
            Self.adopt(c.tableau!, into: &c.moving, presolve: presolve, editRows: editRows, variableOfColumn: variableOfColumn,
                       costScale: costScale)
        }
        return Outcome(objectiveChange: moved.objectiveChange, needsObjective: false, pivots: moved.pivots)
    }

    /// Takes the basis, values and directions of a moved tableau for linear steps.
    private static func adopt(_ t: ParametricTableau, into m: inout Moving, presolve: Presolve, editRows: [Int],
                              variableOfColumn: [Int], costScale: Double) {
        if m.basicValue.count != t.m {
            m.basicValue = Array(repeating: 0, count: t.m)
            m.basicLower = m.basicValue
            m.basicUpper = m.basicValue
            m.basicVariable = Array(repeating: -1, count: t.m)
        }
        // (In place, on buffers: this runs whenever steps go back from the tableau to directions.)
        m.basicValue.withUnsafeMutableBufferPointer { value in
            m.basicLower.withUnsafeMutableBufferPointer { lower in
                m.basicUpper.withUnsafeMutableBufferPointer { upper in
                    m.basicVariable.withUnsafeMutableBufferPointer { variable in
                        for p in 0..<t.m {
                            let k = Int(t.header[p])
                            (lower[p], upper[p]) = t.bounds(atPosition: p)
                            value[p] = t.value[k]
                            let column = k - t.m
                            variable[p] = column >= 0 && column < variableOfColumn.count ? variableOfColumn[column] : -1
                        }
                    }
                }
            }
        }
        // The directions' storage is reused (their entries and reached substitutions).
        var count = 0
        for index in editRows {
            guard case .row(let row)? = presolve.place(ofSource: index), !t.rowIsBasic(row) else {
                m.directionOf[index] = -1
                continue
            }
            if count == m.directions.count { m.directions.append(Direction(entries: [], slope: 0)) }
            t.direction(ofRow: row, into: &m.directions[count].entries)
            m.directions[count].slope = t.rowReducedCost(row) / costScale
            m.directions[count].reachedIsKnown = false
            m.directionOf[index] = Int32(count)
            count += 1
        }
        if m.directions.count > count { m.directions.removeLast(m.directions.count - count) }
    }

    /// A step that keeps the basis (nil when a basic variable would leave its bounds): the
    /// change of the weighted objective, and the part of it that is the LP's (LP rows moved).
    private static func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                             values: inout [Double], moving m: inout Moving,
                             presolve: Presolve) -> (total: Double, lp: Double)? {
        var lpChange = 0.0
        var constantRowChange = 0.0
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
                lpChange -= m.directions[d].slope * delta
                moveBasics(along: d, by: delta, &m)
            case .constant(let i):
                // The row's constant moved with the edit's: base + (current - original).
                let old = presolve.constantRows[i].constant + (m.constants[index] - presolve.constant(ofSource: index))
                constantRowChange += weight * (abs(old + delta) - abs(old))
            case nil:
                break
            }
        }
        guard basicsHoldBounds(m) else {
            m.rollBackBasics()
            return nil
        }
        for (index, constant, _) in changes where m.constants[index] != constant {
            m.constantJournal.append((index, m.constants[index]))
            m.constants[index] = constant
        }
        takeBasics(&m, values: &values)
        if movedEdits == 1 && movedDirection >= 0 {
            // One edit moved (a drag): re-evaluate exactly what its direction reaches.
            let order = reached(by: movedDirection, &m, presolve: presolve)
            if !order.isEmpty {
                if !m.substitutions.built {
                    m.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
                }
                m.substitutions.evaluate(order, into: &values, journal: &m.valueJournal, changed: &m.changed)
            }
        } else if !m.basicJournal.isEmpty {
            reexpand(&m, values: &values, presolve: presolve)
        }
        return (lpChange + constantRowChange, lpChange)
    }

    /// Moves the basic values along direction `d` by `delta` (the constant's change), journaled.
    /// (On buffers: a drag or resize moves many basic variables, and every array element write
    /// or append would check the array's uniqueness.)
    private static func moveBasics(along d: Int, by delta: Double, _ m: inout Moving) {
        let entries = m.directions[d].entries
        entries.withUnsafeBufferPointer { entries in
            m.basicValue.withUnsafeMutableBufferPointer { value in
                m.basicJournal.append(upTo: entries.count, filler: (0, 0)) { journal in
                    for i in 0..<entries.count {
                        let (position, alpha) = entries[i]
                        let old = value[position]
                        journal[i] = (position, old)
                        value[position] = old - alpha * delta
                    }
                    return entries.count
                }
            }
        }
    }

    /// Whether every basic value the step moved stays within its bounds (to a relative 1e-9).
    private static func basicsHoldBounds(_ m: Moving) -> Bool {
        m.basicJournal.elements.withUnsafeBufferPointer { journal in
            m.basicValue.withUnsafeBufferPointer { value in
                m.basicLower.withUnsafeBufferPointer { lower in
                    m.basicUpper.withUnsafeBufferPointer { upper in
                        for (position, _) in journal {
                            let v = value[position]
                            let slack = 1e-9 * max(1, abs(v))
                            if v < lower[position] - slack || v > upper[position] + slack { return false }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// Writes the moved basic values of component variables into ``Moving/remaining`` and
    /// `values` (journaled), listing the variables in ``Moving/changed``.
    private static func takeBasics(_ m: inout Moving, values: inout [Double]) {
        let moved = m.basicJournal.elements
        let (basicValue, basicVariable) = (m.basicValue, m.basicVariable)
        var written = 0
        moved.withUnsafeBufferPointer { moved in
            m.remaining.withUnsafeMutableBufferPointer { remaining in
                values.withUnsafeMutableBufferPointer { values in
                    m.remainingJournal.append(upTo: moved.count, filler: (0, 0)) { remainingJournal in
                        m.valueJournal.append(upTo: moved.count, filler: (0, 0)) { valueJournal in
                            m.changed.append(upTo: moved.count, filler: 0) { changed in
                                for (position, _) in moved where basicVariable[position] >= 0 {
                                    let variable = basicVariable[position]
                                    remainingJournal[written] = (variable, remaining[variable])
                                    remaining[variable] = basicValue[position]
                                    valueJournal[written] = (variable, values[variable])
                                    values[variable] = basicValue[position] + 0
                                    changed[written] = variable
                                    written += 1
                                }
                                return written
                            }
                            return written
                        }
                        return written
                    }
                }
            }
        }
    }

    /// What the substitutions make of the variables in ``Moving/changed`` (listed in
    /// ``Moving/changed`` in turn, their old values kept in ``Moving/prior``).
    private static func reexpand(_ m: inout Moving, values: inout [Double], presolve: Presolve) {
        guard !m.changed.isEmpty, !presolve.substitutions.isEmpty else { return }
        if !m.substitutions.built {
            m.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
        }
        let count = m.substitutions.variable.count
        if m.dirty.count != values.count { m.dirty = Array(repeating: false, count: values.count) }
        if m.pending.count != count { m.pending = Array(repeating: false, count: count) }
        if m.prior.count != values.count { m.prior = Array(repeating: 0, count: values.count) }
        m.expandedFrom = m.changed.count
        m.substitutions.reexpand(&values, dirty: &m.dirty, pending: &m.pending, changed: &m.changed, prior: &m.prior)
    }

    /// A step that moves the tableau, following its basis through the breakpoints of the move
    /// (see ``ParametricTableau``): the change of the weighted objective and the pivots made.
    /// Nil — nothing changed — when the tableau cannot follow it.
    private func tableauStep(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                             values: inout [Double], undoable: Bool,
                             core c: inout Core) -> (objectiveChange: Double, pivots: Int)? {
        if undoable {
            c.saved = Saved(moving: c.moving, tableau: c.tableau, tableauConstants: c.tableauConstants,
                            linearChange: c.linearChange, followsTableau: c.followsTableau,
                            quietTableauSteps: c.quietTableauSteps, values: values)
        }
        // The new constants go in first (journaled, taken back should the move fail). Edit rows
        // (whose last linear steps the tableau did not follow), and any other LP row whose
        // constant is changed now (a constraint's first update: it is no parameter row yet).
        c.rows.removeAll()
        for index in editRows { c.rows.append(index) }
        var constantRowChange = 0.0
        for (index, constant, weight) in changes {
            if !c.rows.contains(where: { $0 == index }) { c.rows.append(index) }
            let current = c.moving.constants[index]
            guard constant != current else { continue }
            if case .constant(let i)? = presolve.place(ofSource: index) {
                let old = presolve.constantRows[i].constant + (current - presolve.constant(ofSource: index))
                constantRowChange += weight * (abs(old + constant - current) - abs(old))
            }
            c.moving.constantJournal.append((index, current))
            c.moving.constants[index] = constant
        }
        c.shifts.removeAll()
        for k in 0..<c.rows.count {
            let index = c.rows[k]
            let delta = c.moving.constants[index] - c.tableauConstants[index]
            guard delta != 0, case .row(let row)? = presolve.place(ofSource: index) else { continue }
            c.shifts.append((row, -delta))   // the right-hand side is minus the constant
        }
        let moved: ParametricTableau.Moved
        if undoable {
            var copy = c.tableau
            guard let result = copy!.move(c.shifts.elements) else {
                c.moving = c.saved!.moving
                c.saved = nil
                return nil
            }
            c.tableau = copy
            moved = result
        } else {
            // In place: on failure the tableau is in no usable state, so it is dropped (and with
            // it the directions, which stopped following the basis once the tableau took over).
            guard let result = c.tableau!.move(c.shifts.elements) else {
                c.moving.rollBackConstants()
                Self.disableTableau(&c)
                return nil
            }
            moved = result
        }
        for k in 0..<c.rows.count { c.tableauConstants[c.rows[k]] = c.moving.constants[c.rows[k]] }
        // The LP's objective moved from the tableau's point; the linear steps since then had
        // already counted their part of that change.
        let objectiveChange = (moved.objectiveAfter - moved.objectiveBefore) / costScale - c.linearChange + constantRowChange
        c.linearChange = 0
        readValues(moved.columnValues, into: &c.moving, values: &values)
        return (objectiveChange, moved.pivots)
    }

    /// Drops the tableau and every stored direction: the next step of this model needs the
    /// simplex method (which builds a new model).
    private static func disableTableau(_ c: inout Core) {
        c.tableau = nil
        c.followsTableau = false
        for index in c.moving.directionOf.indices { c.moving.directionOf[index] = -1 }
    }

    /// Takes the values of a moved tableau's columns into ``Moving/remaining`` and `values`
    /// (with what the substitutions make of them), listing what changed.
    private func readValues(_ columnValues: ArraySlice<Double>, into m: inout Moving, values: inout [Double]) {
        m.changed.removeAll()
        columnValues.withUnsafeBufferPointer { columnValues in
            variableOfColumn.withUnsafeBufferPointer { variableOfColumn in
                m.remaining.withUnsafeMutableBufferPointer { remaining in
                    values.withUnsafeMutableBufferPointer { values in
                        for column in 0..<variableOfColumn.count {
                            let variable = variableOfColumn[column]
                            let value = columnValues[column]
                            if value != remaining[variable] {
                                m.remainingJournal.append((variable, remaining[variable]))
                                m.valueJournal.append((variable, values[variable]))
                                remaining[variable] = value
                                values[variable] = value + 0
                                m.changed.append(variable)
                            }
                        }
                    }
                }
            }
        }
        // What the substitutions make of them.
        Self.reexpand(&m, values: &values, presolve: presolve)
    }

    /// Whether a change of constraint `source`'s constant can be followed without the simplex
    /// method: it is an LP row with a direction, or a soft row presolve reduced to a constant.
    func canMove(source: Int, required: Bool) -> Bool {
        switch presolve.place(ofSource: source) {
        case .row: return core.moving.directionOf[source] >= 0 || core.tableau != nil
        case .constant: return !required
        case nil: return false
        }
    }

    /// Takes back the last successful ``step(_:values:)``: the model and `values` (the same
    /// array the step wrote) are as they were before it.
    func undoLastStep(values: inout [Double]) {
        Self.undoLastStep(values: &values, core: &core)
    }

    private static func undoLastStep(values: inout [Double], core c: inout Core) {
        if let saved = c.saved {
            c.moving = saved.moving
            c.tableau = saved.tableau
            c.tableauConstants = saved.tableauConstants
            c.linearChange = saved.linearChange
            c.followsTableau = saved.followsTableau
            c.quietTableauSteps = saved.quietTableauSteps
            values = saved.values
            c.saved = nil
            c.moving.changed.removeAll()
            return
        }
        undo(&c.moving, values: &values)
        // A tableau moved in place stands at the step's end point and cannot be taken back.
        if c.usedTableau {
            disableTableau(&c)
        } else {
            c.linearChange -= c.lastLinearChange
            c.lastLinearChange = 0
        }
    }

    private static func undo(_ m: inout Moving, values: inout [Double]) {
        if m.expandedFrom >= 0 {
            for index in m.expandedFrom..<m.changed.count {
                let variable = m.changed[index]
                values[variable] = m.prior[variable]
            }
            m.expandedFrom = -1
        }
        var k = m.valueJournal.count - 1
        while k >= 0 {
            let (variable, value) = m.valueJournal[k]
            values[variable] = value
            k -= 1
        }
        k = m.remainingJournal.count - 1
        while k >= 0 {
            let (variable, value) = m.remainingJournal[k]
            m.remaining[variable] = value
            k -= 1
        }
        m.rollBackConstants()
        m.rollBackBasics()
        m.valueJournal.removeAll()
        m.remainingJournal.removeAll()
        m.changed.removeAll()
    }
}
