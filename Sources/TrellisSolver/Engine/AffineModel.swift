import TrellisSupport

/// How a component's solution moves when only edit suggestions change.
///
/// While the optimal basis stays primal feasible, a change of the right-hand side (a suggested
/// value) moves the basic variables along a fixed direction: the simplex tableau column of the
/// edit row. The basis stays dual feasible (costs did not change), so the moved point is still
/// optimal. A drag step is then O(affected variables) with no GLPK call at all; only when a basic
/// variable would leave its bounds does the model follow the basis through the breakpoints with
/// a ``ParametricTableau`` (one per independent block of the LP: ``SplitTableau``), and only when
/// that is not possible does the component go back to the simplex method. A component presolve
/// solved alone (every required row an equality it used up, soft rows left as constants) has no
/// basis: its constants move by replaying the elimination's arithmetic (``ConstantTape``), so
/// that a determined layout's first resize is a step too, not a presolve again with the moved
/// row protected.
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

    /// Everything a step changes, in one stored property so that a step is one exclusive
    /// access to the model rather than one per property (class properties are checked
    /// dynamically).
    private struct Core {
        var moving: Moving
        /// The LP's basis in Swift, to follow a move through breakpoints (nil: not possible).
        var tableau: SplitTableau?
        /// The constants the tableau's values stand at: linear steps keep its basis but do not
        /// move its values, so a move through breakpoints starts from here.
        var tableauConstants: [Double]
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
        var shifts = ScratchList<ParametricTableau.Shift>()
        /// Whether a linear step moved edit rows since the tableau last moved (the tableau then
        /// catches up with every edit row; else only with the rows a step changes).
        var linearSinceTableau = false
        /// Per constraint, whether it is in ``rows`` (empty until a tableau step first needs it).
        var listed: [Bool] = []
    }

    /// The reduced problem the LP solved (substitutions undone after each step). Never
    /// mutated after construction: copying its rows each step would cost O(rows).
    private let presolve: Presolve
    /// The one-variable pieces solved in closed form beside the LP, or with no LP (nil: none;
    /// see ``ScalarPieces``).
    private let pieces: ScalarPieces?
    /// Not checked dynamically for exclusive access: a step is the only writer, through one
    /// `inout` access of its own (the model is used from one thread, as its solver is), and the
    /// check costs about a hundred instructions per access on a path of a few thousand.
    @exclusivity(unchecked) private var core: Core
    /// The component variable of each LP column (for reading a tableau's values).
    private let variableOfColumn: [Int]
    /// The constraints whose constants move (edit and parameter rows).
    private let editRows: [Int]
    /// Whether a move through breakpoints was given up because the solve's basis is not
    /// optimal at every level: the component is then solved again with every level run
    /// (``ComponentState/solvesEveryLevel``). (Set at most once, when the tableau goes.)
    @exclusivity(unchecked) private(set) var needsEveryLevel = false
    /// The factor applied to the weights in the LP's objective.
    private let costScale: Double
    /// Whether the objective moves by each direction's slope (one level), or must be computed
    /// again after a step (several levels: the final LP's duals price the lowest level only;
    /// or coefficients spanning more than ``widestSlopedSpan``).
    let slopesObjective: Bool
    /// The widest span of an LP's coefficients (``LinearProgram/coefficientSpan``) at which a
    /// step's objective follows the slopes. Beyond it the slopes carry the scale's rounding: a
    /// 1.1e-90 coefficient beside ones made a drag step's objective -1.3e76 (Σ weight ×
    /// violation is never below 0; the fuzzer found it), where the values, checked against the
    /// required rows, were right. Layouts' coefficients (multipliers like 0.5 or 3) span far less.
    static let widestSlopedSpan = 1e6

    /// Values of the non-eliminated component variables.
    var remaining: [Double] { core.moving.remaining }
    /// The current constant of every constraint of the component.
    var constants: [Double] { core.moving.constants }
    /// The component variables the last successful step changed.
    var changed: ArraySlice<Int> { core.moving.changed.elements }

    /// A model for a component that needed no LP: edit rows only change constant violations; a
    /// determined component's constants move by its presolve's ``Presolve/constantTape``.
    /// With `pieces`, the rows left were one-variable pieces, solved in closed form: a step
    /// that moves their rows solves them again (``ScalarPieces``).
    static func trivial(presolve: Presolve, remaining: [Double], editRows: [Int], pieces: ScalarPieces? = nil) -> AffineModel? {
        guard !editRows.isEmpty || presolve.constantTape != nil else { return nil }
        return AffineModel(presolve: presolve, remaining: remaining, pieces: pieces)
    }

    private init(presolve: Presolve, remaining: [Double], pieces: ScalarPieces?) {
        self.presolve = presolve
        self.pieces = pieces
        var moving = Moving(remaining: remaining, constants: presolve.constants)
        moving.directionOf = Array(filled: -1, count: presolve.constants.count)
        core = Core(moving: moving, tableau: nil, tableauConstants: [])
        slopesObjective = true
        variableOfColumn = []
        editRows = []
        costScale = 1
    }

    /// A model that moves on its own from here (for a solver forked from this one,
    /// ``SolverEngine/fork()``): the same basis, values and directions. What the two share is
    /// never written after construction (the presolve, and the LP a lazy direction is read from).
    func copy() -> AffineModel { AffineModel(copying: self) }

    private init(copying other: AffineModel) {
        presolve = other.presolve
        pieces = other.pieces
        core = other.core
        variableOfColumn = other.variableOfColumn
        editRows = other.editRows
        costScale = other.costScale
        slopesObjective = other.slopesObjective
    }

    /// A copy of this model moved to new constants of edit rows along the stored directions
    /// only — the same basis, no breakpoint crossed — with `values` moved with it; nil when that
    /// basis does not hold the new constants (or the model is a determined component's, or
    /// follows its tableau). For a component just like this model's but for those constants
    /// (``ComponentTemplates``): the copy is then exactly the model a solve of it would make,
    /// when ``uniquenessCertificate()`` holds there.
    func copy(steppedAlong changes: some Collection<(index: Int, constant: Double, weight: Double)>,
              values: inout [Double]) -> AffineModel? {
        guard presolve.constantTape == nil, pieces == nil, !core.followsTableau else { return nil }
        let model = AffineModel(copying: self)
        model.core.usedTableau = false
        model.core.moving.clearJournals()
        guard let change = Self.step(changes, values: &values, moving: &model.core.moving, presolve: presolve) else {
            return nil
        }
        model.core.linearChange += change.lp
        model.core.linearSinceTableau = true
        model.core.lastLinearChange = change.lp
        return model
    }

    /// What makes the LP's optimal basis, as GLPK left it, the only optimum at any constants of
    /// the edit rows it stays feasible at (``SplitTableau/uniquenessCertificate()``); nil
    /// without a tableau, or when nothing does.
    func uniquenessCertificate() -> UniquenessCertificate? { core.tableau?.uniquenessCertificate() }

    /// Whether the basic values this model stands at block `certificate`'s loose variable in
    /// each direction it may move (a basic variable at a bound it would push past; bounds as
    /// the last LP had them, higher levels' optimal faces included, which a move off them
    /// would leave too): the optimum is then the only one.
    func isBlocked(_ certificate: UniquenessCertificate) -> Bool {
        let moving = core.moving
        return certificate.isBlocked(value: { moving.basicValue[$0] }, lower: { moving.basicLower[$0] },
                                     upper: { moving.basicUpper[$0] })
    }

    /// Reads the basis, values and tableau columns of the edit rows from a solved `lp`, whose
    /// rows and columns have the given bounds (higher levels' optimal faces fixed included).
    /// `costScale` is nil when the LP's objective is the lowest of several levels. `tableau`,
    /// when given, is the same LP and basis in Swift, for steps through breakpoints.
    init(lp: LinearProgram, presolve: Presolve, remaining: [Double], editRows: [Int],
         variableOfColumn: [Int], rowBounds: [LinearProgram.Bound], columnBounds: [LinearProgram.Bound],
         costScale: Double?, tableau: SplitTableau?, pieces: ScalarPieces? = nil) {
        self.presolve = presolve
        self.pieces = pieces
        self.variableOfColumn = variableOfColumn
        self.editRows = editRows
        self.costScale = costScale ?? 1
        slopesObjective = costScale != nil && lp.coefficientSpan <= Self.widestSlopedSpan
        var moving = Moving(remaining: remaining, constants: presolve.constants)
        let rowCount = lp.rowCount
        var positionOf = [Int](filled: -1, count: rowCount + lp.columnCount)
        for basic in lp.basicVariables() {
            positionOf[basic] = moving.basicValue.count
            let (lower, upper) = (basic < rowCount ? rowBounds[basic] : columnBounds[basic - rowCount]).interval
            moving.basicLower.append(lower)
            moving.basicUpper.append(upper)
            if basic < rowCount {
                moving.basicValue.append(lp.rowValue(basic))
                moving.basicVariable.append(-1)
            } else {
                let column = basic - rowCount
                moving.basicValue.append(lp.columnValue(column))
                moving.basicVariable.append(column < variableOfColumn.count ? variableOfColumn[column] : -1)
            }
        }
        moving.directionOf = Array(filled: -1, count: presolve.constants.count)
        // (An LP too large for one tableau reads its directions lazily all the same: its split
        // tableau is a fallback there, not where steps start.)
        let followsTableau = costScale != nil && tableau.map { $0.m <= ParametricTableau.maximumRows } ?? false
        // Many edit rows (a screen's measured texts): each direction is read when a step first
        // moves its row, most of them never (a resize re-wraps a few texts), from the LP kept.
        let lazy = !followsTableau && editRows.count >= Self.lazyDirectionRows
        if lazy { moving.reader = DirectionReader(lp: lp, positionOf: positionOf, costScale: costScale) }
        for edit in editRows {
            guard case .row(let row)? = presolve.place(ofSource: edit) else { continue }
            if positionOf[row] >= 0 {
                // A basic row: its constant moves only its own bounds (see ``Moving/directionOf``).
                moving.directionOf[edit] = Int32(-2 - positionOf[row])
                continue
            }
            if lazy {
                moving.directionOf[edit] = Self.unreadDirection
                continue
            }
            guard let column = lp.tableauColumn(ofRow: row) else { continue }
            var entries: [(position: Int, alpha: Double)] = []
            entries.reserveCapacity(column.count)
            for entry in column where positionOf[entry.basic] >= 0 { entries.append((positionOf[entry.basic], entry.alpha)) }
            let slope = costScale.map { lp.rowDual(row) / $0 } ?? 0
            moving.directionOf[edit] = Int32(moving.directions.count)
            moving.directions.append(Direction(entries: entries, slope: slope))
        }
        core = Core(moving: moving, tableau: tableau, tableauConstants: presolve.constants)
    }

    /// From this many edit rows on, directions are read when first needed (``DirectionReader``).
    static let lazyDirectionRows = 32
    /// ``Moving/directionOf`` of a non-basic edit row whose direction is not read yet.
    static let unreadDirection: Int32 = Int32.min

    /// Moves the solution for new constants of edit rows (`changes[i]` = new constant of
    /// constraint `i`, with its weight), writing the new values of the component variables into
    /// `values` (a full expansion of ``remaining``, as the component's solution holds it) and
    /// listing them in ``changed``. Returns what the step did, or nil — leaving the model and
    /// `values` untouched, but for the LP kept to read directions from, which is let go — when
    /// the simplex method is needed. ``undoLastStep(values:)`` takes
    /// a successful step back.
    ///
    /// A step moves along the stored directions while the basis stays feasible; beyond, it
    /// moves the tableau, which follows the basis through the breakpoints. After a step that
    /// crossed breakpoints the next one goes to the tableau directly. The tableau moves in
    /// place (no copy is kept to take it back: a screen's text pass steps a thousand
    /// components, and copying their tableaux for an undo that almost never comes was a third
    /// of it); a step taken back after that lets the tableau go instead (see ``undoLastStep(values:)``).
    func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
              values: inout [Double]) -> Outcome? {
        step(changes, values: &values, core: &core)
    }

    private func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                      values: inout [Double], core: inout Core) -> Outcome? {
        core.usedTableau = false
        core.moving.clearJournals()
        if let tape = presolve.constantTape { return determinedStep(changes, tape: tape, values: &values, core: &core) }
        guard let pieces else { return lpStep(changes, values: &values, core: &core) }
        // The LP's rows (if any) first, then the pieces whose rows moved, solved again at the
        // constants the LP's step took; both taken back should a piece have no value.
        Self.markPieces(changes, pieces: pieces, moving: &core.moving)
        defer { Self.clearPieceMarks(&core.moving) }
        guard var outcome = lpStep(changes, values: &values, core: &core) else { return nil }
        guard !core.moving.pieceList.isEmpty else { return outcome }
        guard Self.solvePieces(pieces, values: &values, moving: &core.moving, presolve: presolve) else {
            Self.undoLastStep(values: &values, core: &core)
            return nil
        }
        // (The pieces' soft rows moved with their values: the caller sums the objective again
        // over what changed.)
        outcome.needsObjective = true
        outcome.pieces = core.moving.pieceList.count
        return outcome
    }

    /// A step of the LP's rows (and of the constant rows): along the stored directions, else
    /// through the tableau's breakpoints; nil when the simplex method is needed.
    private func lpStep(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                        values: inout [Double], core: inout Core) -> Outcome? {
        if !core.followsTableau, let change = Self.step(changes, values: &values, moving: &core.moving, presolve: presolve) {
            core.linearChange += change.lp
            core.linearSinceTableau = true
            core.lastLinearChange = change.lp
            return Outcome(objectiveChange: change.total, needsObjective: !slopesObjective, pivots: 0)
        }
        guard core.tableau != nil, let moved = tableauStep(changes, values: &values, core: &core) else {
            // The component is about to be solved again: its kept LP goes now, before the new
            // one is made (directions not read yet then need the simplex method).
            core.moving.reader = nil
            return nil
        }
        core.usedTableau = true
        core.quietTableauSteps = moved.pivots > 0 ? 0 : core.quietTableauSteps + 1
        core.followsTableau = true
        if core.quietTableauSteps >= 2 {
            // Two steps without a breakpoint: linear steps again, along the tableau's basis (a
            // split tableau's, its pinned columns included).
            if let single = core.tableau!.single {
                core.followsTableau = false
                Self.adopt(single, into: &core.moving, presolve: presolve, editRows: editRows,
                           variableOfColumn: variableOfColumn, costScale: costScale)
            } else if core.tableau!.handsBack && core.tableau!.prepareHandBack() {
                core.followsTableau = false
                Self.adopt(core.tableau!, into: &core.moving, presolve: presolve, editRows: editRows,
                           variableOfColumn: variableOfColumn, costScale: costScale)
            }
            if !core.followsTableau { core.quietTableauSteps = 0 }
        }
        return Outcome(objectiveChange: moved.objectiveChange, needsObjective: !slopesObjective, pivots: moved.pivots,
                       usedTableau: true, usedBlocks: core.tableau!.single == nil)
    }

    /// A step that moves the tableau, following its basis through the breakpoints of the move
    /// (see ``ParametricTableau``): the change of the weighted objective and the pivots made.
    /// Nil — nothing changed — when the tableau cannot follow it.
    private func tableauStep(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                             values: inout [Double],
                             core: inout Core) -> (objectiveChange: Double, pivots: Int)? {
        // The new constants go in first (journaled, taken back should the move fail). Edit rows
        // (whose last linear steps the tableau did not follow), and any other LP row whose
        // constant is changed now (a constraint's first update: it is no parameter row yet).
        // (A screen's LP can have thousands of edit rows, its measured texts': after a tableau
        // step only those a step changes have moved.)
        core.rows.removeAll()
        if core.listed.count != core.moving.constants.count {
            core.listed = Array(filled: false, count: core.moving.constants.count)
        }
        if core.linearSinceTableau {
            for index in editRows where !core.listed[index] {
                core.listed[index] = true
                core.rows.append(index)
            }
        }
        defer { for k in 0..<core.rows.count { core.listed[core.rows[k]] = false } }
        var constantRowChange = 0.0
        for (index, constant, weight) in changes {
            if !core.listed[index] {
                core.listed[index] = true
                core.rows.append(index)
            }
            let current = core.moving.constants[index]
            guard constant != current else { continue }
            if case .constant(let i)? = presolve.place(ofSource: index) {
                let old = presolve.constantRows[i].constant + (current - presolve.constant(ofSource: index))
                constantRowChange += weight * (abs(old + constant - current) - abs(old))
            }
            core.moving.constantJournal.append((index, current))
            core.moving.constants[index] = constant
        }
        core.shifts.removeAll()
        for k in 0..<core.rows.count {
            let index = core.rows[k]
            let delta = core.moving.constants[index] - core.tableauConstants[index]
            guard delta != 0, case .row(let row)? = presolve.place(ofSource: index) else { continue }
            core.shifts.append((row, -delta))   // the right-hand side is minus the constant
        }
        // In place: on failure the tableau is in no usable state, so it is dropped (and with it
        // the directions, which stopped following the basis once the tableau took over); the
        // component is solved again.
        guard let moved = core.tableau!.move(core.shifts.elements) else {
            if core.tableau!.notOptimalAtEveryLevel { needsEveryLevel = true }
            core.moving.rollBackConstants()
            Self.disableTableau(&core)
            return nil
        }
        for k in 0..<core.rows.count { core.tableauConstants[core.rows[k]] = core.moving.constants[core.rows[k]] }
        core.linearSinceTableau = false
        // The LP's objective moved from the tableau's point; the linear steps since then had
        // already counted their part of that change.
        let objectiveChange = (moved.objectiveAfter - moved.objectiveBefore) / costScale - core.linearChange + constantRowChange
        core.linearChange = 0
        readValues(moved.columnValues, into: &core.moving, values: &values)
        return (objectiveChange, moved.pivots)
    }

    /// A step of a determined component (``Presolve/constantTape``: no LP; see
    /// ``determinedStep(_:tape:values:presolve:)``):
    /// the substitutions' constants moved for the new constants, and what depends on them
    /// evaluated again. Nil (nothing changed) when a row the elimination used up would no
    /// longer hold: the simplex method judges.
    private func determinedStep(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                                tape: ConstantTape, values: inout [Double], core: inout Core) -> Outcome? {
        core.moving.takeConstants(changes)
        guard core.moving.constantJournal.isEmpty
              || Self.determinedStep(&core.moving, tape: tape, values: &values, presolve: presolve) else { return nil }
        // (Soft rows are constants: they count in the objective, computed again when there are any.)
        return Outcome(objectiveChange: 0, needsObjective: !presolve.constantRows.isEmpty, pivots: 0, determined: true)
    }

    /// Drops the tableau and every stored direction: the next step of this model needs the
    /// simplex method (which builds a new model).
    private static func disableTableau(_ core: inout Core) {
        core.tableau = nil
        core.followsTableau = false
        for index in core.moving.directionOf.indices { core.moving.directionOf[index] = -1 }
    }

    /// Takes the values of a moved tableau's columns into ``Moving/remaining`` and `values`
    /// (with what the substitutions make of them), listing what changed.
    private func readValues(_ columnValues: ArraySlice<Double>, into moving: inout Moving, values: inout [Double]) {
        moving.changed.removeAll()
        columnValues.withUnsafeBufferPointer { columnValues in
            variableOfColumn.withUnsafeBufferPointer { variableOfColumn in
                moving.remaining.withUnsafeMutableBufferPointer { remaining in
                    values.withUnsafeMutableBufferPointer { values in
                        for column in 0..<variableOfColumn.count {
                            let variable = variableOfColumn[column]
                            let value = columnValues[column]
                            if value != remaining[variable] {
                                moving.remainingJournal.append((variable, remaining[variable]))
                                moving.valueJournal.append((variable, values[variable]))
                                remaining[variable] = value
                                values[variable] = value + 0
                                moving.changed.append(variable)
                            }
                        }
                    }
                }
            }
        }
        // What the substitutions make of them.
        Self.reexpand(&moving, values: &values, presolve: presolve)
    }

    /// Whether a change of constraint `source`'s constant can be followed without the simplex
    /// method: it is an LP row with a direction, a soft row presolve reduced to a constant, or a
    /// row of a one-variable piece (``ScalarPieces``).
    func canMove(source: Int, required: Bool) -> Bool {
        if presolve.constantTape != nil { return true }
        // (A piece's row: the piece is solved again, its required rows checked by the closed form.)
        if let pieces, pieces.pieceOfSource[source] >= 0 { return true }
        switch presolve.place(ofSource: source) {
        case .row: return core.moving.directionOf[source] != -1 || core.tableau != nil
        case .constant: return !required
        case nil: return false
        }
    }

    /// Takes back the last successful ``step(_:values:)``: `values` (the same array the step
    /// wrote) and the constants are as they were before it (from the step's journals). A step
    /// that moved the tableau cannot be taken back on it: the tableau and the directions go,
    /// and the component's next change is solved with the simplex method (this happens only
    /// when a later part of the same solve fails, or the moved values miss a required row).
    func undoLastStep(values: inout [Double]) {
        Self.undoLastStep(values: &values, core: &core)
    }

    private static func undoLastStep(values: inout [Double], core: inout Core) {
        undo(&core.moving, values: &values)
        // A tableau moved in place stands at the step's end point and cannot be taken back.
        if core.usedTableau {
            disableTableau(&core)
        } else {
            core.linearChange -= core.lastLinearChange
            core.lastLinearChange = 0
        }
    }
}
