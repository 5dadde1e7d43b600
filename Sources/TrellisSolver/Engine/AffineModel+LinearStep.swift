import TrellisSupport

/// The linear steps of an ``AffineModel``: what a step that keeps the basis reads and changes
/// (``Moving``), and the moves, bound checks, value writes, re-expansions and undo of such a step.
extension AffineModel {
    /// Where an ``AffineModel`` with many edit rows reads a direction the first time a step needs
    /// it: the solved LP, kept as the solve left it (its basis and factorization unchanged: a linear
    /// step keeps the basis), and the basic position of each of its rows and columns.
    struct DirectionReader {
        let lp: LinearProgram
        let positionOf: [Int]
        /// The factor applied to the weights in the LP's objective; nil with several levels (no slope).
        let costScale: Double?
    }

    /// What a step reads and changes about the solution.
    struct Moving {
        /// Values of the non-eliminated component variables.
        var remaining: [Double]
        /// The current constant of every constraint of the component (edit rows move).
        var constants: [Double]
        var basicValue: [Double] = []
        var basicLower: [Double] = []
        var basicUpper: [Double] = []
        /// The component variable a basic position is, or -1 (rows, error columns).
        var basicVariable: [Int] = []
        /// By constraint index: an index into ``directions`` (a non-basic LP row: its constant
        /// moves the basic variables along the direction), `-2 - p` (a basic LP row at basic
        /// position `p`: its constant moves nothing but that position's bounds, which must still
        /// hold its value — a content size's hugging row, say, whose compression row holds the
        /// size), or -1 (no LP row, or no longer followed: any change needs the simplex method).
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
        var basicJournal = ScratchList<JournalEntry>()
        var valueJournal = ScratchList<JournalEntry>()
        var remainingJournal = ScratchList<JournalEntry>()
        var constantJournal = ScratchList<JournalEntry>()
        /// The bounds of basic positions (basic rows) the last step shifted, with the old values.
        var lowerJournal = ScratchList<JournalEntry>()
        var upperJournal = ScratchList<JournalEntry>()
        /// The old values of the variables a re-expansion changed, by variable: those listed in
        /// ``changed`` from ``expandedFrom`` on (-1: no re-expansion in this step).
        var prior: [Double] = []
        var expandedFrom = -1
        /// Scratch of ``reached(by:_:presolve:)``: the variables a direction reaches.
        var touched = ScratchList<Int>()
        /// Where unread directions (``AffineModel/unreadDirection``) are read from (nil: all read).
        var reader: DirectionReader?
        /// Scratch of a step: the moved edit rows whose directions are not read yet.
        var unread = ScratchList<(index: Int, row: Int, delta: Double)>()
        /// Scratch of a determined step (``ConstantTape/replay(_:rows:made:)``): the rows'
        /// constants as the replay leaves them, and the substitutions' constants it finds.
        var tapeRows: [Double] = []
        var tapeMade: [Double] = []
        /// The rows (sorted) whose moves ``tapeMoved`` and ``tapeOrder`` were found for: the
        /// substitutions whose constants they move, and those to evaluate again, in order.
        var tapeKey: [Int] = [-1]
        var tapeMoved: [Int] = []
        var tapeOrder: [Int] = []
        /// For one row: how the constants of ``tapeMoved`` move per unit of its constant (nil:
        /// every step replays the tape).
        var tapeSlopes: [Double]?
        /// The substitutions' constants a determined step changed (in ``substitutions``), with
        /// the old values.
        var substitutionJournal = ScratchList<JournalEntry>()
        /// Scratch of a step of one-variable pieces (``ScalarPieces``): the pieces the step's
        /// rows belong to, listed once (the marks all false between steps).
        var pieceMarks: [Bool] = []
        var pieceList = ScratchList<Int>()

        /// Makes the basic arrays `m` long (their contents then written by the caller).
        mutating func sizeBasis(_ m: Int) {
            guard basicValue.count != m else { return }
            basicValue = Array(filled: 0, count: m)
            basicLower = basicValue
            basicUpper = basicValue
            basicVariable = Array(filled: -1, count: m)
        }

        mutating func rollBackBasics() {
            basicJournal.rollBack(into: &basicValue)
            lowerJournal.rollBack(into: &basicLower)
            upperJournal.rollBack(into: &basicUpper)
        }

        mutating func rollBackConstants() { constantJournal.rollBack(into: &constants) }

        /// Takes the constants of `changes` that differ, journaling the old ones.
        mutating func takeConstants(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>) {
            for (index, constant, _) in changes where constants[index] != constant {
                constantJournal.append((index, constants[index]))
                constants[index] = constant
            }
        }

        mutating func clearJournals() {
            basicJournal.removeAll()
            valueJournal.removeAll()
            remainingJournal.removeAll()
            constantJournal.removeAll()
            lowerJournal.removeAll()
            upperJournal.removeAll()
            substitutionJournal.removeAll()
            changed.removeAll()
            expandedFrom = -1
        }
    }

    /// The substitutions the direction at index `direction` reaches (see ``Direction/reached``).
    static func reached(by direction: Int, _ moving: inout Moving, presolve: Presolve) -> [Int] {
        if moving.directions[direction].reachedIsKnown { return moving.directions[direction].reached }
        if !moving.substitutions.built {
            moving.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
        }
        let count = moving.substitutions.variable.count
        if moving.dirty.count != presolve.lower.count { moving.dirty = Array(filled: false, count: presolve.lower.count) }
        if moving.pending.count != count { moving.pending = Array(filled: false, count: count) }
        // The basic variables the direction moves, then (by the substitutions that name them) the rest.
        moving.touched.removeAll()
        for (position, _) in moving.directions[direction].entries where moving.basicVariable[position] >= 0 {
            moving.touched.append(moving.basicVariable[position])
        }
        moving.directions[direction].reached.removeAll(keepingCapacity: true)
        moving.substitutions.dependents(of: &moving.touched, dirty: &moving.dirty, pending: &moving.pending,
                                        order: &moving.directions[direction].reached)
        moving.directions[direction].reachedIsKnown = true
        return moving.directions[direction].reached
    }

    /// A step that keeps the basis (nil when a basic variable would leave its bounds): the
    /// change of the weighted objective, and the part of it that is the LP's (LP rows moved).
    static func step(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                             values: inout [Double], moving: inout Moving,
                             presolve: Presolve) -> (total: Double, lp: Double)? {
        var lpChange = 0.0
        var constantRowChange = 0.0
        var movedEdits = 0
        var movedDirection = -1
        moving.unread.removeAll()
        for (index, constant, weight) in changes {
            let delta = constant - moving.constants[index]
            if delta == 0 { continue }
            movedEdits += 1
            switch presolve.place(ofSource: index) {
            case .row(let row):
                let direction = Int(moving.directionOf[index])
                if direction == Int(AffineModel.unreadDirection) {
                    moving.unread.append((index, row, delta))
                    continue
                }
                if direction <= -2 {
                    // A basic row: the right-hand side (its bounds) moves by -delta, no value does.
                    shiftBounds(atPosition: -2 - direction, by: -delta, &moving)
                    continue
                }
                guard direction >= 0 else { moving.rollBackBasics(); return nil }
                movedDirection = direction
                // The constant moves by delta, so the row's right-hand side moves by -delta.
                lpChange -= moving.directions[direction].slope * delta
                moveBasics(along: direction, by: delta, &moving)
            case .constant(let i):
                // The row's constant moved with the edit's: base + (current - original).
                let old = presolve.constantRows[i].constant + (moving.constants[index] - presolve.constant(ofSource: index))
                constantRowChange += weight * (abs(old + delta) - abs(old))
            case nil:
                break
            }
        }
        if moving.unread.count == 1 {
            // One row not read yet (a drag's): read its direction, kept for the steps to come.
            let (index, row, delta) = moving.unread[0]
            let direction = read(index, row: row, &moving)
            guard direction >= 0 else { moving.rollBackBasics(); return nil }
            movedDirection = direction
            lpChange -= moving.directions[direction].slope * delta
            moveBasics(along: direction, by: delta, &moving)
        } else if !moving.unread.isEmpty {
            // Several (a resize that re-wraps many texts of a large component): one solve with
            // the basis moves them all, where reading each direction would cost one each.
            guard let slope = moveBasicsAlongUnread(&moving) else { moving.rollBackBasics(); return nil }
            lpChange -= slope
        }
        guard basicsHoldBounds(moving) else {
            moving.rollBackBasics()
            return nil
        }
        moving.takeConstants(changes)
        takeBasics(&moving, values: &values)
        if movedEdits == 1 && movedDirection >= 0 {
            // One edit moved (a drag): re-evaluate exactly what its direction reaches.
            let order = reached(by: movedDirection, &moving, presolve: presolve)
            if !order.isEmpty {
                if !moving.substitutions.built {
                    moving.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
                }
                moving.substitutions.evaluate(order, into: &values, journal: &moving.valueJournal, changed: &moving.changed)
            }
        } else if !moving.basicJournal.isEmpty {
            reexpand(&moving, values: &values, presolve: presolve)
        }
        return (lpChange + constantRowChange, lpChange)
    }

    /// Moves the basic values along direction `direction` by `delta` (the constant's change), journaled.
    /// (On buffers: a drag or resize moves many basic variables, and every array element write
    /// or append would check the array's uniqueness.)
    static func moveBasics(along direction: Int, by delta: Double, _ moving: inout Moving) {
        let entries = moving.directions[direction].entries
        entries.withUnsafeBufferPointer { entries in
            moving.basicValue.withUnsafeMutableBufferPointer { value in
                moving.basicJournal.append(upTo: entries.count, filler: (0, 0)) { journal in
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

    /// Moves the basic values for every row in ``Moving/unread`` by its delta at once, from the
    /// kept LP (journaled, as ``moveBasics(along:by:_:)``); their directions stay unread.
    /// Returns the change of the LP's weighted objective per unit of the step, or nil when the
    /// LP cannot tell.
    static func moveBasicsAlongUnread(_ moving: inout Moving) -> Double? {
        guard let reader = moving.reader,
              let change = reader.lp.basicChange(forRowAmounts: moving.unread.elements.lazy.map { ($0.row, $0.delta) })
        else { return nil }
        var slope = 0.0
        if let costScale = reader.costScale {
            for (_, row, delta) in moving.unread.elements { slope += reader.lp.rowDual(row) / costScale * delta }
            guard slope.isFinite else { return nil }
        }
        for (basic, amount) in change {
            let position = reader.positionOf[basic]
            guard position >= 0 else { continue }
            guard amount.isFinite else { return nil }   // (the caller rolls back what moved)
            moving.basicJournal.append((position, moving.basicValue[position]))
            moving.basicValue[position] += amount
        }
        return slope
    }

    /// Reads the direction of constraint `index` (LP row `row`, non-basic) from the kept LP:
    /// its index in ``Moving/directions``, or -1 when it cannot be read (then the step needs
    /// the simplex method, as for a row without a direction).
    static func read(_ index: Int, row: Int, _ moving: inout Moving) -> Int {
        guard let reader = moving.reader, let column = reader.lp.tableauColumn(ofRow: row) else {
            moving.directionOf[index] = -1
            return -1
        }
        var entries: [(position: Int, alpha: Double)] = []
        entries.reserveCapacity(column.count)
        for entry in column where reader.positionOf[entry.basic] >= 0 {
            entries.append((Int(reader.positionOf[entry.basic]), entry.alpha))
        }
        let slope = reader.costScale.map { reader.lp.rowDual(row) / $0 } ?? 0
        guard slope.isFinite else {
            moving.directionOf[index] = -1
            return -1
        }
        moving.directionOf[index] = Int32(moving.directions.count)
        moving.directions.append(Direction(entries: entries, slope: slope))
        return moving.directions.count - 1
    }

    /// Shifts the bounds of basic position `position` by `amount` (journaled), and lists the
    /// position among the moved ones (its value unchanged) so that the bound check sees it.
    static func shiftBounds(atPosition position: Int, by amount: Double, _ moving: inout Moving) {
        moving.basicJournal.append((position, moving.basicValue[position]))
        let (lower, upper) = (moving.basicLower[position], moving.basicUpper[position])
        moving.lowerJournal.append((position, lower))
        moving.upperJournal.append((position, upper))
        // (An infinite bound stays where it is.)
        if lower.isFinite { moving.basicLower[position] = lower + amount }
        if upper.isFinite { moving.basicUpper[position] = upper + amount }
    }

    /// Whether every basic value the step moved stays within its bounds (to a relative 1e-9).
    static func basicsHoldBounds(_ moving: Moving) -> Bool {
        moving.basicJournal.elements.withUnsafeBufferPointer { journal in
            moving.basicValue.withUnsafeBufferPointer { value in
                moving.basicLower.withUnsafeBufferPointer { lower in
                    moving.basicUpper.withUnsafeBufferPointer { upper in
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
    static func takeBasics(_ moving: inout Moving, values: inout [Double]) {
        let moved = moving.basicJournal.elements
        let (basicValue, basicVariable) = (moving.basicValue, moving.basicVariable)
        var written = 0
        moved.withUnsafeBufferPointer { moved in
            moving.remaining.withUnsafeMutableBufferPointer { remaining in
                values.withUnsafeMutableBufferPointer { values in
                    moving.remainingJournal.append(upTo: moved.count, filler: (0, 0)) { remainingJournal in
                        moving.valueJournal.append(upTo: moved.count, filler: (0, 0)) { valueJournal in
                            moving.changed.append(upTo: moved.count, filler: 0) { changed in
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
    /// With `from` above 0, the variables listed before it were expanded already in this step
    /// (see ``FlatSubstitutions/reexpand(_:dirty:pending:changed:prior:from:)``): an undo
    /// restores from where the first expansion began.
    static func reexpand(_ moving: inout Moving, values: inout [Double], presolve: Presolve, from: Int = 0) {
        guard moving.changed.count > from, !presolve.substitutions.isEmpty else { return }
        if !moving.substitutions.built {
            moving.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
        }
        let count = moving.substitutions.variable.count
        if moving.dirty.count != values.count { moving.dirty = Array(filled: false, count: values.count) }
        if moving.pending.count != count { moving.pending = Array(filled: false, count: count) }
        if moving.prior.count != values.count { moving.prior = Array(filled: 0, count: values.count) }
        if from == 0 || moving.expandedFrom < 0 { moving.expandedFrom = moving.changed.count }
        moving.substitutions.reexpand(&values, dirty: &moving.dirty, pending: &moving.pending, changed: &moving.changed,
                                      prior: &moving.prior, from: from)
    }

    static func undo(_ moving: inout Moving, values: inout [Double]) {
        if moving.expandedFrom >= 0 {
            for index in moving.expandedFrom..<moving.changed.count {
                let variable = moving.changed[index]
                values[variable] = moving.prior[variable]
            }
            moving.expandedFrom = -1
        }
        moving.valueJournal.rollBack(into: &values)
        moving.remainingJournal.rollBack(into: &moving.remaining)
        moving.rollBackConstants()
        moving.rollBackBasics()
        if !moving.substitutionJournal.isEmpty {
            moving.substitutionJournal.rollBack(into: &moving.substitutions.constant)
        }
        moving.changed.removeAll()
    }
}
