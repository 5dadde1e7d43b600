/// The state and the work behind ``Solver``: the constraints and edit variables, the solved
/// components and where each variable lives in them, and the solve itself — planning
/// (``Plan``), its budget (``Budget``), drag and constant steps (``Drag``, ``takeSteps(in:)``),
/// solving from scratch (``solveFromScratch(_:states:slides:coldStarts:remaining:into:)``) and
/// reading values (``Solver/ValuePlaces``), each in its own file. ``Solver`` forwards to it one
/// call a method.
///
/// Its methods check what ``Solver``'s of the same names do, and do what those document; a
/// method that throws leaves the engine as it was.
final class SolverEngine {
    struct Edit {
        let variable: Variable
        let strength: Strength
        /// The edit row `variable - value == 0`; its constant is supplied at solve time.
        let constraint: Constraint
        var value: Double
    }

    /// The constraints added (edit rows excluded), and where each is in that list. Not checked
    /// dynamically for exclusive access (one thread, never accessed overlappingly): `add` reads
    /// and writes both once per constraint, and the checks were a third of its cost.
    @exclusivity(unchecked) var constraintList: [Constraint] = []
    @exclusivity(unchecked) var constraintIndex = IdentityTable()
    /// (The properties an edit step reads are not checked dynamically for exclusive access: a
    /// solver is used from one thread at a time and never accesses them overlappingly, and each
    /// check costs about a hundred instructions on a step of about a microsecond.)
    @exclusivity(unchecked) var edits: [UInt64: Edit] = [:]
    /// Edits by the identity of their row.
    var editOfRow: [ObjectIdentifier: UInt64] = [:]

    /// The solved components and where each variable lives in them.
    /// (This and the other properties a solve reads and writes on every step or constant change
    /// are not checked dynamically for exclusive access either, for the reason given above.)
    @exclusivity(unchecked) var states: [ComponentState] = []
    /// Where each variable lives: ``variableIndex`` maps its id to an index into ``places``.
    @exclusivity(unchecked) var variableIndex = IdentityTable()
    @exclusivity(unchecked) var places: [Plan.Place] = []
    /// Soft constraints without terms: a constant cost.
    @exclusivity(unchecked) var constantCost = 0.0

    /// Variables whose constraints were added or removed since the last solve.
    @exclusivity(unchecked) var structureTouched: [UInt64] = []
    @exclusivity(unchecked) var structureChanged = true
    /// Edit variables whose suggestion changed since the last solve.
    @exclusivity(unchecked) var suggestionsTouched = TouchedSuggestions()

    /// A set of edit variables that holds its first member outside the hashed set: a drag
    /// suggests one variable per solve, and then neither hashes it nor empties a set.
    struct TouchedSuggestions: Sequence {
        var first: UInt64?
        var rest: Set<UInt64> = []

        var isEmpty: Bool { first == nil }

        /// The one member, nil unless there is exactly one.
        var single: UInt64? { rest.isEmpty ? first : nil }

        mutating func insert(_ id: UInt64) {
            if let first {
                if id != first { rest.insert(id) }
            } else {
                first = id
            }
        }

        mutating func removeAll() {
            first = nil
            if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
        }

        func makeIterator() -> Iterator { Iterator(pending: first, rest: rest.makeIterator()) }

        struct Iterator: IteratorProtocol {
            var pending: UInt64?
            var rest: Set<UInt64>.Iterator

            mutating func next() -> UInt64? {
                if let next = pending {
                    pending = nil
                    return next
                }
                return rest.next()
            }
        }
    }
    /// Constraints made by ``updateConstant(of:to:)`` (still in the solver): their rows stay LP
    /// rows whenever their component is built, so that the next change can follow the basis.
    @exclusivity(unchecked) var movedConstraints = IdentityTable()
    /// Rows whose constant changed since the last solve, when no structural change is pending.
    @exclusivity(unchecked) var constantsTouched: [TouchedRow] = []
    /// A row whose constant changed: its state's index and its index there. (A struct, not a
    /// labelled tuple: see "A process's first pass" in Benchmarks/README.md.)
    struct TouchedRow {
        var state: Int
        var row: Int
    }

    /// Counters of the work done, for tests and benchmarks.
    struct Statistics {
        /// Components solved with the simplex method (or fully by presolve).
        var componentSolves = 0
        /// Of those, components solved by moving an alike one's basis to their constants
        /// (``ComponentTemplates``): no simplex run of their own.
        var templateSolves = 0
        /// Components moved along stored edit directions without GLPK.
        var affineSteps = 0
        /// Simplex iterations GLPK made (all levels, all components).
        var simplexIterations = 0
        /// Cold LPs started from their pinned blocks' optimal bases, the crash basis being far
        /// from the optimum (``PinnedBlocks``; their iterations in ``simplexIterations``).
        var blockStarts = 0
        /// Affine steps that left the basis-preserving range and followed the basis through
        /// its breakpoints in Swift (counted in ``affineSteps`` too), and their pivots.
        var pivotingSteps = 0
        var stepPivots = 0
        /// Affine steps that moved a tableau, through breakpoints or not (counted in
        /// ``affineSteps`` too; the others moved along stored directions).
        var tableauSteps = 0
        /// Of those, steps that moved a tableau split into blocks (``SplitTableau``).
        var blockSteps = 0
        /// Bridge constants changed: blocks slid, nothing solved (``Slides``).
        var slides = 0
        /// Steps of determined components, along their elimination's tape (``ConstantTape``;
        /// counted in ``affineSteps`` too).
        var determinedSteps = 0
        /// Steps that solved one-variable pieces again (``ScalarPieces``; counted in
        /// ``affineSteps`` too), and the pieces they solved.
        var pieceSteps = 0
        var solvedPieces = 0

        mutating func countStep(of state: ComponentState) {
            affineSteps += 1
            if state.lastStepUsedTableau { tableauSteps += 1 }
            if state.lastStepUsedBlocks { blockSteps += 1 }
            if state.lastStepDetermined { determinedSteps += 1 }
            if state.lastStepPieces > 0 {
                pieceSteps += 1
                solvedPieces += state.lastStepPieces
            }
            if let pivots = state.lastStepPivots {
                pivotingSteps += 1
                stepPivots += pivots
            }
        }
    }
    @exclusivity(unchecked) var statistics = Statistics()

    /// Budgets for each solve (``Solver/limits``).
    @exclusivity(unchecked) var limits = SolveLimits()
    /// What a drag reads besides the edit (see ``Drag``).
    @exclusivity(unchecked) var drag = Drag()
    /// The blocks split off at translation bridges and their shifts (``Slides``).
    @exclusivity(unchecked) var slides = Slides()
    /// Whether structural solves split components at translation bridges (``BridgeSplit``);
    /// tests turn it off to compare with the unsplit solve.
    var splitsAtBridges = true
    /// Whether structural solves split every component (from the start, ``Solver/splitsFromTheStart``,
    /// or the first split, ``splitWork(in:)``, on); until then only those with moved rows split.
    @exclusivity(unchecked) var splitsActively = false

    // MARK: - Constraints

    func add(_ constraint: Constraint) throws {
        try validate(constraint)
        insert(constraint)
    }

    /// Adds `constraints`, all or none; `numbersChecked` when the caller checked their numbers
    /// and strengths already (``Solver/add(checked:)``).
    func add(_ constraints: [Constraint], numbersChecked: Bool = false) throws {
        let before = constraintList.count
        constraintList.reserveCapacity(before + constraints.count)
        constraintIndex.reserve(before + constraints.count)
        for constraint in constraints {
            do {
                if !numbersChecked { try checkNumbers(of: constraint) }
                // One lookup both finds duplicates (here or in this batch) and records the constraint.
                guard constraintIndex.insert(ObjectIdentifier(constraint).tableKey, Int32(constraintList.count)).inserted else {
                    throw TrellisError.duplicateConstraint(constraint)
                }
                constraintList.append(constraint)
            } catch {
                // All or nothing: take back what this call recorded.
                for added in constraintList[before...] { constraintIndex.remove(ObjectIdentifier(added).tableKey) }
                constraintList.removeSubrange(before...)
                throw error
            }
        }
        for constraint in constraintList[before...] { touch(constraint) }
    }

    func remove(_ constraint: Constraint) throws {
        guard let index = constraintIndex.remove(ObjectIdentifier(constraint).tableKey).map(Int.init) else {
            throw TrellisError.unknownConstraint(constraint)
        }
        let last = constraintList.removeLast()
        if index < constraintList.count {
            constraintList[index] = last
            constraintIndex.update(ObjectIdentifier(last).tableKey, to: Int32(index))
        }
        movedConstraints.remove(ObjectIdentifier(constraint).tableKey)
        touch(constraint)
    }

    @discardableResult
    func updateConstant(of constraint: Constraint, to constant: Double) throws -> Constraint {
        try moveConstant(of: constraint, to: constant, inPlace: false) ?? constraint
    }

    /// ``updateConstant(of:to:)``, changing `constraint` itself when nothing else holds it
    /// (`inPlace`, not ``Constraint/isShared``, not a bridge between split blocks, whose old
    /// constant the slides keep until the solve): no identity moved in the tables that find it.
    /// Returns the new constraint that stands for `constraint`, or nil when `constraint` itself
    /// stands (its constant moved in place, or it had `constant` already) — so that the usual
    /// case hands back no reference (a text pass moves a few thousand rows; each reference
    /// handed back is a retain and a release).
    func moveConstant(of constraint: Constraint, to constant: Double, inPlace: Bool) throws -> Constraint? {
        let key = ObjectIdentifier(constraint).tableKey
        guard let slot = constraintIndex.index(of: key).map(Int.init) else {
            throw TrellisError.unknownConstraint(constraint)
        }
        // (Told without a message first: every row a resize moves passes here.)
        if !NumberCheck.isUsable(constant), let problem = NumberCheck.problem(constant) {
            throw TrellisError.invalidNumber("\(constraint.label ?? constraint.description): constant \(problem)")
        }
        if constant == constraint.expression.constant { return nil }
        var replacement: Constraint?
        if inPlace && !constraint.isShared && !slides.isBridge(key) {
            constraint.setConstant(constant)
            movedConstraints.insert(key, 0)
        } else {
            let made = constraint.withConstant(constant)
            constraintIndex.remove(key)
            constraintIndex.insert(ObjectIdentifier(made).tableKey, Int32(slot))
            constraintList[slot] = made
            movedConstraints.remove(key)
            movedConstraints.insert(ObjectIdentifier(made).tableKey, 0)
            // A bridge between blocks: only the blocks' shifts move (at the next solve).
            if !structureChanged && updateBridge(constraint, with: made) { return made }
            replacement = made
        }
        // (Each case on its own: `replacement ?? constraint` is a reference made, retained.)
        if let replacement { touch(constraint, movedTo: replacement) } else { touch(constraint, movedTo: constraint) }
        return replacement
    }

    /// Notes that `constraint`'s row now holds `moved` (itself when its constant moved in
    /// place) with a new constant: its component takes the new row as a parameter row, or —
    /// should that not do — the next solve is structural (the component is then rebuilt and
    /// solved from scratch).
    @inline(__always)
    private func touch(_ constraint: Constraint, movedTo moved: Constraint) {
        // (The ids read through the terms' buffer: iterating the array retains each variable.)
        let first: UInt64? = moved.expression.terms.withUnsafeBufferPointer { terms in
            for index in terms.indices { structureTouched.append(terms[index].variable.id) }
            return terms.isEmpty ? nil : terms[0].variable.id
        }
        guard let first, !structureChanged, !states.isEmpty, let variableSlot = variableIndex.index(of: first) else {
            structureChanged = true
            return
        }
        let stateIndex = Int(places[Int(variableSlot)].state)
        // (Not retained: the states hold it through the calls.)
        let state = states.withUnsafeBufferPointer { Unmanaged.passUnretained($0[stateIndex]) }
        let followed = state._withUnsafeGuaranteedRef { state in
            // A batch of closed-form pieces is rebuilt instead: the piece becomes a component of
            // its own, whose moved row the next changes can follow.
            guard !state.component.isScalarBatch, let row = state.row(of: constraint) else { return false }
            state.replace(row: row, with: moved)
            constantsTouched.append(TouchedRow(state: stateIndex, row: row))
            return true
        }
        if !followed { structureChanged = true }
    }

    func hasConstraint(_ constraint: Constraint) -> Bool {
        constraintIndex.contains(ObjectIdentifier(constraint).tableKey)
    }

    var constraints: [Constraint] { constraintList }

    // MARK: - Edit variables

    func addEditVariable(_ variable: Variable, strength: Strength) throws {
        if strength.isRequired { throw TrellisError.requiredEditStrength(variable) }
        if let problem = strength.problem { throw TrellisError.invalidStrength("edit variable \(variable): \(problem)") }
        guard edits[variable.id] == nil else { throw TrellisError.duplicateEditVariable(variable) }
        let row = Constraint(LinearExpression(variable), .equal, strength: strength, label: "edit \(variable)")
        edits[variable.id] = Edit(variable: variable, strength: strength, constraint: row, value: 0)
        editOfRow[ObjectIdentifier(row)] = variable.id
        touch(row)
    }

    func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: variable.id) else { throw TrellisError.unknownEditVariable(variable) }
        editOfRow[ObjectIdentifier(edit.constraint)] = nil
        touch(edit.constraint)
    }

    func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.id] != nil }

    func suggest(_ variable: Variable, value: Double) throws {
        guard let index = edits.index(forKey: variable.id) else { throw TrellisError.unknownEditVariable(variable) }
        if let problem = NumberCheck.problem(value) {
            throw TrellisError.invalidNumber("suggested value for \(variable) \(problem)")
        }
        edits.values[index].value = value
        suggestionsTouched.insert(variable.id)
        drag.lastSuggestion = (variable.id, value)
    }

    // MARK: - Solving

    func solve() throws {
        let slide = !slides.isEmpty && slidesMayMove()
        try solveComponents()
        if slide { slidesSolved() }
    }

    private func solveComponents() throws {
        if dragStep() || constantStep() { return }
        let budget = Budget(limits: limits)
        try checkConstraintLimit()
        var plan = Plan(states: states, variableIndex: variableIndex, places: places, constantCost: constantCost)
        if structureChanged { try rebuildComponents(into: &plan) }
        if let maximum = limits.maximumVariables, plan.places.count > maximum {
            throw TrellisError.limitExceeded("\(plan.places.count) variables exceed the limit of \(maximum)")
        }
        // Edit steps: move along the stored directions where the basis allows it. A step moves
        // a component's solution in place; should a later part of this solve fail, the steps
        // are taken back, so that the values stay those of the last successful solve.
        takeSteps(in: &plan)
        splitWork(in: &plan)
        var results: [Solved] = []
        do {
            try solveFromScratch(plan.work, states: plan.states, slides: plan.slides ?? slides, coldStarts: plan.coldStarts,
                                 remaining: budget.remaining, into: &results)
        } catch {
            for state in stepScratch.stepped.reversed() { state.undoLastStep() }
            stepScratch.stepped.removeAll(keepingCapacity: true)
            throw error
        }
        stepScratch.stepped.removeAll(keepingCapacity: true)
        commit(plan, results: results)
    }

    func checkConstraintLimit() throws {
        if let maximum = limits.maximumConstraints, constraintList.count + edits.count > maximum {
            throw TrellisError.limitExceeded("\(constraintList.count + edits.count) constraints exceed the limit of \(maximum)")
        }
    }

    /// ``takeSteps(in:)``'s lists, reused from solve to solve (`SolverEngine+Steps.swift`).
    @exclusivity(unchecked) var stepScratch = StepScratch()

    /// A component's new solution, by the component's index in the plan. (A struct, not a
    /// labelled tuple: see "A process's first pass" in Benchmarks/README.md.)
    struct Solved {
        let index: Int
        let solution: ComponentState.Solution
    }

    /// Makes the plan and the new solutions the solver's state.
    func commit(_ plan: Plan, results: [Solved]) {
        for result in results { plan.states[result.index].solution = result.solution }
        if let new = plan.slides { slides = new }
        if structureChanged || plan.placesMoved { placesGeneration &+= 1 }
        states = plan.states
        variableIndex = plan.variableIndex
        places = plan.places
        constantCost = plan.constantCost
        // (Capacity kept: a pass that changes a constant appends to both again.)
        structureTouched.removeAll(keepingCapacity: true)
        suggestionsTouched.removeAll()
        drag.target = nil
        constantsTouched.removeAll(keepingCapacity: true)
        structureChanged = false
    }

    func value(of variable: Variable) -> Double {
        guard let slot = variableIndex.index(of: variable.id) else { return 0 }
        let place = places[Int(slot)]
        return slidValue(state: Int(place.state), position: Int(place.position))
    }

    /// Changed whenever a solve replaces the components (and with them where variables live).
    @exclusivity(unchecked) var placesGeneration = 0

    var objective: Double {
        states.reduce(constantCost) { $0 + ($1.currentObjective ?? 0) }
    }

    func violation(of constraint: Constraint) -> Double {
        let constant = editOfRow[ObjectIdentifier(constraint)].map { -edits[$0]!.value } ?? constraint.expression.constant
        return Self.violation(of: constraint, constant: constant) { value(of: $0) }
    }

    // MARK: - Internals

    func validate(_ constraint: Constraint) throws {
        if hasConstraint(constraint) { throw TrellisError.duplicateConstraint(constraint) }
        try checkNumbers(of: constraint)
    }

    /// Throws for a constraint's unusable number or strength (not for a duplicate).
    func checkNumbers(of constraint: Constraint) throws {
        // (The usual case, every number usable and the strength required, told without a call.)
        if !constraint.numbersAreUsable, let problem = constraint.numberProblem {
            throw TrellisError.invalidNumber("\(constraint.label ?? constraint.description): \(problem)")
        }
        if !constraint.strength.isRequired, let problem = constraint.strength.problem {
            throw TrellisError.invalidStrength("\(constraint.label ?? constraint.description): \(problem)")
        }
    }

    func insert(_ constraint: Constraint) {
        constraintIndex.insert(ObjectIdentifier(constraint).tableKey, Int32(constraintList.count))
        constraintList.append(constraint)
        touch(constraint)
    }

    func touch(_ constraint: Constraint) {
        // Only consulted once there are solved components to keep (see solve()).
        if !states.isEmpty {
            for term in constraint.expression.terms { structureTouched.append(term.variable.id) }
        }
        structureChanged = true
    }

    /// The violation of a constraint (with the given constant) at the given values, with
    /// residuals below a relative 1e-11 of the row's magnitude treated as zero (floating-point
    /// noise, not a violation).
    static func violation(of constraint: Constraint, constant: Double, values: (Variable) -> Double) -> Double {
        var sum = constant
        var scale = abs(sum)
        for term in constraint.expression.terms {
            let product = term.coefficient * values(term.variable)
            sum += product
            scale += abs(product)
        }
        return violation(sum: sum, scale: scale, relation: constraint.relation)
    }

    /// The violation of `sum OP 0`, zero when within noise of the row's magnitude `scale`.
    static func violation(sum: Double, scale: Double, relation: Relation) -> Double {
        let raw = relation.violation(of: sum)
        return raw <= 1e-11 * max(1, scale) ? 0 : raw
    }
}
