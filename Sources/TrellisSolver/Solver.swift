/// An incremental solver for linear constraints with strengths, backed by GLPK.
///
/// Add constraints, optionally declare edit variables and suggest values for them, then
/// ``solve()`` and read values:
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let solver = Solver()
/// try solver.add(x + y == 100)
/// try solver.add((x == 3 * y) ~~ .weight(10))
/// try solver.addEditVariable(x, strength: .weight(1_000_000))
/// try solver.suggest(x, value: 80)
/// try solver.solve()
/// solver.value(of: x)   // 80
/// solver.value(of: y)   // 20
/// ```
///
/// **Semantics.** Required constraints must hold. A soft constraint that cannot hold costs
/// `weight × violation`; soft constraints are optimised level by level (see ``Strength``), and
/// within a level the total cost is minimised exactly (an LP optimum, not a local one).
///
/// **Determinism.** Results do not depend on the order in which constraints were added. Where
/// several solutions are optimal (an ambiguous system), the one returned is the simplex vertex
/// reached from a canonical ordering of rows (by content) and columns (by variable creation) and
/// a starting basis built from that order (for a single free variable: the optimal point nearest
/// to 0), so the same system always gives the same values. After edits or structural changes the
/// simplex method starts from the previous basis, so a tie can follow that history.
///
/// **Incrementality.** The system is split into independent components (sets of constraints
/// that share variables); ``solve()`` re-solves only components touched since the last solve.
/// When only suggested values changed and the last optimal basis stays feasible, a component's
/// solution is moved along the edit rows' simplex directions without calling GLPK at all.
///
/// **Errors lose nothing.** A call that throws leaves the solver as it was before the call.
///
/// A `Solver` is not thread-safe: use it from one task or thread at a time. GLPK objects never
/// outlive a single synchronous call, so separate solvers can run on separate threads.
public final class Solver {
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
    @exclusivity(unchecked) private var constraintList: [Constraint] = []
    @exclusivity(unchecked) private var constraintIndex = IdentityTable()
    /// (The properties an edit step reads are not checked dynamically for exclusive access: a
    /// solver is used from one thread at a time and never accesses them overlappingly, and each
    /// check costs about a hundred instructions on a step of about a microsecond.)
    @exclusivity(unchecked) private(set) var edits: [UInt64: Edit] = [:]
    /// Edits by the identity of their row.
    private var editOfRow: [ObjectIdentifier: UInt64] = [:]

    /// The solved components and where each variable lives in them.
    /// (This and the other properties a solve reads and writes on every step or constant change
    /// are not checked dynamically for exclusive access either, for the reason given above.)
    @exclusivity(unchecked) private var states: [ComponentState] = []
    /// Where each variable lives: ``variableIndex`` maps its id to an index into ``places``.
    @exclusivity(unchecked) private var variableIndex = IdentityTable()
    @exclusivity(unchecked) private var places: [(state: Int32, position: Int32)] = []
    /// Soft constraints without terms: a constant cost.
    @exclusivity(unchecked) private var constantCost = 0.0

    /// Variables whose constraints were added or removed since the last solve.
    @exclusivity(unchecked) private var structureTouched: [UInt64] = []
    @exclusivity(unchecked) private var structureChanged = true
    /// Edit variables whose suggestion changed since the last solve.
    @exclusivity(unchecked) private var suggestionsTouched = TouchedSuggestions()

    /// A set of edit variables that holds its first member outside the hashed set: a drag
    /// suggests one variable per solve, and then neither hashes it nor empties a set.
    private struct TouchedSuggestions: Sequence {
        private var first: UInt64?
        private var rest: Set<UInt64> = []

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
    @exclusivity(unchecked) private var movedConstraints: Set<ObjectIdentifier> = []
    /// Rows whose constant changed since the last solve (state index, row), when no structural
    /// change is pending.
    @exclusivity(unchecked) private var constantsTouched: [(state: Int, row: Int)] = []

    /// Counters of the work done, for tests and benchmarks.
    struct Statistics {
        /// Components solved with the simplex method (or fully by presolve).
        var componentSolves = 0
        /// Components moved along stored edit directions without GLPK.
        var affineSteps = 0
        /// Simplex iterations GLPK made (all levels, all components).
        var simplexIterations = 0
        /// Affine steps that left the basis-preserving range and followed the basis through
        /// its breakpoints in Swift (counted in ``affineSteps`` too), and their pivots.
        var pivotingSteps = 0
        var stepPivots = 0

        mutating func countStep(of state: ComponentState) {
            affineSteps += 1
            if let pivots = state.lastStepPivots {
                pivotingSteps += 1
                stepPivots += pivots
            }
        }
    }
    @exclusivity(unchecked) private(set) var statistics = Statistics()

    /// Budgets for each ``solve()`` (size and wall-clock time); unlimited by default.
    @exclusivity(unchecked) public var limits = SolveLimits()

    /// The wall-clock budget of a solve in milliseconds (``SolveLimits/milliseconds``).
    public var timeLimitMilliseconds: Int? {
        get { limits.milliseconds }
        set { limits.milliseconds = newValue }
    }

    /// Creates an empty solver.
    public init() {}

    // MARK: - Constraints

    /// Adds a constraint.
    ///
    /// Only the constraint itself is checked here (numbers and strength); whether the required
    /// constraints can hold together is found out by ``solve()``.
    /// - Throws: ``TrellisError/duplicateConstraint(_:)`` if it was added already,
    ///   ``TrellisError/invalidNumber(_:)`` for a NaN, infinite, subnormal or out-of-range number,
    ///   ``TrellisError/invalidStrength(_:)`` for an unusable weight or priority. Nothing is added then.
    public func add(_ constraint: Constraint) throws {
        try validate(constraint)
        insert(constraint)
    }

    /// Adds several constraints, all or none: if any is rejected, none is added.
    public func add(_ constraints: [Constraint]) throws {
        let before = constraintList.count
        constraintList.reserveCapacity(before + constraints.count)
        constraintIndex.reserve(before + constraints.count)
        for constraint in constraints {
            do {
                try checkNumbers(of: constraint)
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

    /// Removes a constraint.
    /// - Throws: ``TrellisError/unknownConstraint(_:)`` if it is not in the solver.
    public func remove(_ constraint: Constraint) throws {
        guard let index = constraintIndex.remove(ObjectIdentifier(constraint).tableKey).map(Int.init) else {
            throw TrellisError.unknownConstraint(constraint)
        }
        let last = constraintList.removeLast()
        if index < constraintList.count {
            constraintList[index] = last
            constraintIndex.update(ObjectIdentifier(last).tableKey, to: Int32(index))
        }
        movedConstraints.remove(ObjectIdentifier(constraint))
        touch(constraint)
    }

    /// Changes the constant of a constraint in the solver: returns the constraint that replaces
    /// it — the same terms, relation, strength and label, `constant` as its constant — and the
    /// old one leaves the solver. The same as removing it and adding the new one, but cheaper:
    /// nothing is re-partitioned, and while the optimal basis stays feasible the next
    /// ``solve()`` moves the solution along it without the simplex method, as for a suggested
    /// value (a window resized, a constant animated).
    ///
    /// ```swift
    /// var width = (x == 320)                                 // stored as x - 320 == 0
    /// try solver.add(width)
    /// width = try solver.updateConstant(of: width, to: -360) // x == 360 from the next solve
    /// try solver.solve()
    /// ```
    /// - Throws: ``TrellisError/unknownConstraint(_:)``, ``TrellisError/invalidNumber(_:)``;
    ///   nothing changes then.
    @discardableResult
    public func updateConstant(of constraint: Constraint, to constant: Double) throws -> Constraint {
        let key = ObjectIdentifier(constraint).tableKey
        guard let slot = constraintIndex.index(of: key).map(Int.init) else {
            throw TrellisError.unknownConstraint(constraint)
        }
        if let problem = NumberCheck.problem(constant) {
            throw TrellisError.invalidNumber("\(constraint.label ?? constraint.description): constant \(problem)")
        }
        if constant == constraint.expression.constant { return constraint }
        let replacement = constraint.withConstant(constant)
        constraintIndex.remove(key)
        constraintIndex.insert(ObjectIdentifier(replacement).tableKey, Int32(slot))
        constraintList[slot] = replacement
        movedConstraints.remove(ObjectIdentifier(constraint))
        movedConstraints.insert(ObjectIdentifier(replacement))
        // Should the next solve be structural, the component is rebuilt (and solved) from scratch.
        for term in replacement.expression.terms { structureTouched.append(term.variable.id) }
        if replacement.expression.terms.isEmpty {
            structureChanged = true
        } else if !structureChanged, !states.isEmpty,
                  let variableSlot = variableIndex.index(of: replacement.expression.terms[0].variable.id) {
            let stateIndex = Int(places[Int(variableSlot)].state)
            // A batch of closed-form pieces is rebuilt instead: the piece becomes a component of
            // its own, whose moved row the next changes can follow.
            if !states[stateIndex].component.isScalarBatch, let row = states[stateIndex].row(of: constraint) {
                states[stateIndex].replace(row: row, with: replacement)
                constantsTouched.append((stateIndex, row))
            } else {
                structureChanged = true
            }
        } else {
            structureChanged = true
        }
        return replacement
    }

    /// Whether this very constraint object was added (and not removed).
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraintIndex.contains(ObjectIdentifier(constraint).tableKey)
    }

    /// The constraints in the solver (edit variables excluded), in no particular order.
    public var constraints: [Constraint] { constraintList }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: a soft `variable == suggested value` at `strength`
    /// (the suggested value is 0 until ``suggest(_:value:)`` is called).
    /// - Throws: ``TrellisError/requiredEditStrength(_:)`` for a required strength,
    ///   ``TrellisError/duplicateEditVariable(_:)``, ``TrellisError/invalidStrength(_:)``.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        if strength.isRequired { throw TrellisError.requiredEditStrength(variable) }
        if let problem = strength.problem { throw TrellisError.invalidStrength("edit variable \(variable): \(problem)") }
        guard edits[variable.id] == nil else { throw TrellisError.duplicateEditVariable(variable) }
        let row = Constraint(LinearExpression(variable), .equal, strength: strength, label: "edit \(variable)")
        edits[variable.id] = Edit(variable: variable, strength: strength, constraint: row, value: 0)
        editOfRow[ObjectIdentifier(row)] = variable.id
        touch(row)
    }

    /// Stops treating `variable` as an edit variable.
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: variable.id) else { throw TrellisError.unknownEditVariable(variable) }
        editOfRow[ObjectIdentifier(edit.constraint)] = nil
        touch(edit.constraint)
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.id] != nil }

    /// Suggests a value for an edit variable; it takes effect at the next ``solve()``.
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``, ``TrellisError/invalidNumber(_:)``.
    public func suggest(_ variable: Variable, value: Double) throws {
        guard let index = edits.index(forKey: variable.id) else { throw TrellisError.unknownEditVariable(variable) }
        if let problem = NumberCheck.problem(value) {
            throw TrellisError.invalidNumber("suggested value for \(variable) \(problem)")
        }
        edits.values[index].value = value
        suggestionsTouched.insert(variable.id)
        drag.lastSuggestion = (variable.id, value)
    }

    /// What a drag reads besides the edit: one stored property, one exclusive access.
    private struct Drag {
        /// The last suggestion made (the value of a drag, read without a dictionary lookup).
        var lastSuggestion: (variable: UInt64, value: Double) = (0, 0)
        /// Where the last drag's edit row is (component state, row, weight): kept until the
        /// next commit (the only place component states change), so that a drag of the same
        /// edit variable finds it without dictionary lookups.
        var target: (variable: UInt64, state: ComponentState, row: Int, weight: Double)?
    }
    @exclusivity(unchecked) private var drag = Drag()

    // MARK: - Solving

    /// Solves the system and updates the values returned by ``value(of:)``.
    ///
    /// - Throws: ``TrellisError/unsatisfiable(conflict:)`` with a minimal conflicting set of
    ///   required constraints; ``TrellisError/numericalFailure(_:)`` if GLPK cannot give a
    ///   trustworthy answer. Values stay those of the last successful solve.
    public func solve() throws {
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
        var results: [(index: Int, solution: ComponentState.Solution)] = []
        do {
            try solveFromScratch(plan.work, states: plan.states, remaining: budget.remaining, into: &results)
        } catch {
            for state in stepScratch.stepped.reversed() { state.undoLastStep() }
            stepScratch.stepped.removeAll(keepingCapacity: true)
            throw error
        }
        stepScratch.stepped.removeAll(keepingCapacity: true)
        commit(plan, results: results)
    }

    /// How many component states the last solve left (the one-variable pieces solved in closed
    /// form share one), for tests.
    var componentStateCount: Int { states.count }

    /// What a solve builds before it commits: the new component states, where each variable
    /// lives in them, the constant cost, and the states to solve with the simplex method.
    private struct Plan {
        var states: [ComponentState]
        var variableIndex: IdentityTable
        var places: [(state: Int32, position: Int32)]
        var constantCost: Double
        /// Indices into ``states`` to solve from scratch.
        var work: [Int] = []
    }

    /// The wall-clock budget of one solve (``SolveLimits/milliseconds``).
    private struct Budget {
        let clock: ContinuousClock
        let deadline: ContinuousClock.Instant?
        let milliseconds: Int?

        init(limits: SolveLimits) {
            let clock = ContinuousClock()
            self.clock = clock
            milliseconds = limits.milliseconds
            deadline = limits.milliseconds.map { clock.now.advanced(by: .milliseconds(max(0, $0))) }
        }

        /// Milliseconds left of the budget (nil: unlimited); throws once it is spent.
        func remaining() throws -> Int? {
            guard let deadline, let budget = milliseconds else { return nil }
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw TrellisError.limitExceeded("the solve took longer than its budget of \(budget) ms") }
            return max(1, Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
        }
    }

    /// A drag: one suggestion moved and nothing else changed. Steps along the stored direction
    /// without any of the bookkeeping of the general path (which does the same); true when done.
    private func dragStep() -> Bool {
        let limits = limits
        let drag = drag
        // The last suggestion is this variable's: any other since the last solve would be in
        // `suggestionsTouched` too.
        guard !structureChanged, constantsTouched.isEmpty, let id = suggestionsTouched.single,
              limits.maximumConstraints.map({ constraintList.count + edits.count <= $0 }) ?? true,
              limits.maximumVariables.map({ places.count <= $0 }) ?? true,
              drag.lastSuggestion.variable == id else { return false }
        let value = drag.lastSuggestion.value
        let target: (state: ComponentState, row: Int, weight: Double)
        if let cached = drag.target, cached.variable == id {
            target = (cached.state, cached.row, cached.weight)
        } else {
            guard let slot = variableIndex.index(of: id), let edit = edits[id] else { return false }
            let state = states[Int(places[Int(slot)].state)]
            guard let row = state.rowOfEdit[id] else { return false }
            target = (state, row, edit.strength.weight)
            self.drag.target = (id, state, row, edit.strength.weight)
        }
        guard target.state.step(CollectionOfOne((target.row, -value, target.weight)), undoable: false) else { return false }
        statistics.countStep(of: target.state)
        suggestionsTouched.removeAll()
        return true
    }

    /// One constant changed in place (a resize, an `update(constant:)`) and nothing else since
    /// the last solve: the step of its component that ``takeSteps(in:)`` would take (the same
    /// change, undoable as there), without a plan, a budget or a commit; true when done. When
    /// the component cannot move, nothing changed and the general path solves it.
    private func constantStep() -> Bool {
        let limits = limits
        guard !structureChanged, constantsTouched.count == 1, suggestionsTouched.isEmpty,
              limits.maximumConstraints.map({ constraintList.count + edits.count <= $0 }) ?? true,
              limits.maximumVariables.map({ places.count <= $0 }) ?? true else { return false }
        let (index, row) = constantsTouched[0]
        let state = states[index]
        guard state.canStep(row: row) else { return false }
        let constraint = state.component.constraints[row]
        let change = (index: row, constant: constraint.expression.constant,
                      weight: constraint.strength.isRequired ? 0 : constraint.strength.weight)
        guard state.step(CollectionOfOne(change)) else { return false }
        statistics.countStep(of: state)
        // What commit(_:results:) clears after a step.
        structureTouched.removeAll(keepingCapacity: true)
        constantsTouched.removeAll(keepingCapacity: true)
        drag.target = nil
        return true
    }

    private func checkConstraintLimit() throws {
        if let maximum = limits.maximumConstraints, constraintList.count + edits.count > maximum {
            throw TrellisError.limitExceeded("\(constraintList.count + edits.count) constraints exceed the limit of \(maximum)")
        }
    }

    /// After a structural change: the constant cost of the constraints without terms (throwing
    /// for a broken required one), and the components again — an untouched component keeps its
    /// state, the others get new ones, listed in the plan's work.
    private func rebuildComponents(into plan: inout Plan) throws {
        let all = edits.isEmpty ? constraintList : constraintList + edits.values.map(\.constraint)
        // Usually every constraint has terms: then `all` is used as it is, not copied.
        var withTerms = all
        var constantOnly: [Constraint] = []
        if all.contains(where: { $0.expression.terms.isEmpty }) {
            withTerms = []
            withTerms.reserveCapacity(all.count)
            for constraint in all {
                if constraint.expression.terms.isEmpty { constantOnly.append(constraint) } else { withTerms.append(constraint) }
            }
        }
        if let broken = constantOnly
            .filter({ $0.strength.isRequired && Self.violation(of: $0, constant: $0.expression.constant, values: { _ in 0 }) > 0 })
            .min(by: { $0.canonicallyPrecedes($1) }) {
            throw TrellisError.unsatisfiable(conflict: [broken])
        }
        plan.constantCost = constantOnly.reduce(0) { sum, c in
            c.strength.isRequired ? sum : sum + c.strength.weight * Self.violation(of: c, constant: c.expression.constant, values: { _ in 0 })
        }
        // One-variable components without edit rows or moved constants come solved, as one batch.
        let editOfRow = editOfRow, moved = movedConstraints
        let (components, batch) = Component.partition(withTerms, batching: editOfRow.isEmpty && moved.isEmpty ? { _ in true } : {
            editOfRow[ObjectIdentifier($0)] == nil && !moved.contains(ObjectIdentifier($0))
        })
        var touched = IdentityTable(minimumCapacity: states.isEmpty ? 0 : structureTouched.count)
        if !states.isEmpty { for id in structureTouched { touched.insert(id, 0) } }
        plan.states = []
        plan.states.reserveCapacity(components.count + 1)
        let parts = components + (batch.map { [$0.component] } ?? [])
        let variableCount: Int
        (plan.variableIndex, variableCount) = Self.variableTable(for: parts)
        plan.places = []
        plan.places.reserveCapacity(variableCount)
        for component in parts {
            let index = plan.states.count
            if let old = unchangedState(of: component, touched: touched) {
                plan.states.append(old)
            } else if component.isScalarBatch, let batch {
                let state = ComponentState(component: component, editOfRow: editOfRow, moved: moved)
                state.solution = ComponentState.Solution(values: batch.values,
                                                         objective: state.objective(values: batch.values, constants: state.baseConstants),
                                                         affine: nil)
                statistics.componentSolves += batch.values.count
                plan.states.append(state)
            } else {
                plan.states.append(ComponentState(component: component, editOfRow: editOfRow, moved: moved))
                plan.work.append(index)
            }
            component.variables.withUnsafeBufferPointer { variables in
                for position in 0..<variables.count {
                    plan.variableIndex.insert(variables[position].id, Int32(plan.places.count))
                    plan.places.append((Int32(index), Int32(position)))
                }
            }
        }
    }

    /// An empty table for the variables of `components`, and how many there are: direct (no
    /// hashing) when their ids span a short range, as those of one system made together do.
    private static func variableTable(for components: [Component]) -> (table: IdentityTable, count: Int) {
        var count = 0, smallest = UInt64.max, largest: UInt64 = 0
        for component in components {
            count += component.variables.count
            component.variables.withUnsafeBufferPointer { variables in
                for k in 0..<variables.count {
                    smallest = min(smallest, variables[k].id)
                    largest = max(largest, variables[k].id)
                }
            }
        }
        guard smallest <= largest else { return (IdentityTable(), 0) }
        return (IdentityTable(keysIn: smallest...largest, minimumCapacity: count), count)
    }

    /// The old state of `component` when it is exactly an old component (none of its variables
    /// touched, the same counts): it keeps its solution.
    private func unchangedState(of component: Component, touched: IdentityTable) -> ComponentState? {
        guard !states.isEmpty,
              !component.variables.contains(where: { touched.contains($0.id) }),
              let old = variableIndex.index(of: component.variables[0].id).map({ states[Int(places[Int($0)].state)] }),
              old.component.variables.count == component.variables.count,
              old.component.constraints.count == component.constraints.count,
              old.component.isScalarBatch == component.isScalarBatch else { return nil }
        return old
    }

    /// Moves the components whose suggestions or (in-place) constants changed along their
    /// stored directions; those that cannot move join the plan's work. The states moved are
    /// listed in ``StepScratch/stepped`` (to be taken back should the solve fail).
    private func takeSteps(in plan: inout Plan) {
        // (No dictionary or set on the usual path: what moved is gathered in a reused list,
        // sorted by state, edits before rows, edits by variable, rows by index.)
        let fresh = plan.work.isEmpty ? nil : Set(plan.work)
        var moved = stepScratch.moved
        stepScratch.moved = []
        moved.removeAll(keepingCapacity: true)
        defer { stepScratch.moved = moved }
        for variable in suggestionsTouched {
            guard let slot = plan.variableIndex.index(of: variable) else { continue }
            let state = Int(plan.places[Int(slot)].state)
            if let fresh, fresh.contains(state) { continue }
            moved.append((state, false, variable))
        }
        // Constants changed in place (updateConstant), by state, when nothing structural happened.
        if !structureChanged {
            for (state, row) in constantsTouched where !(fresh?.contains(state) ?? false) {
                moved.append((state, true, UInt64(row)))
            }
        }
        // (One change, a resize's or an update(constant:)'s, needs no sort: the sort's set-up
        // alone is a few hundred instructions.)
        if moved.count > 1 {
            moved.sort { ($0.state, $0.isRow ? 1 : 0, $0.key) < ($1.state, $1.isRow ? 1 : 0, $1.key) }
        }
        var stepped = stepScratch.stepped
        stepScratch.stepped = []
        stepped.removeAll(keepingCapacity: true)
        defer { stepScratch.stepped = stepped }
        var changes = stepScratch.changes
        stepScratch.changes = []
        defer { stepScratch.changes = changes }
        var k = 0
        while k < moved.count {
            let index = moved[k].state
            let state = plan.states[index]
            changes.removeAll(keepingCapacity: true)
            var movable = true
            while k < moved.count && moved[k].state == index {
                let (_, isRow, key) = moved[k]
                k += 1
                if !isRow {
                    // In variable order, so that floating-point sums are the same in every run.
                    guard let edit = edits[key], let row = state.rowOfEdit[key] else { continue }
                    changes.append((row, -edit.value, edit.strength.weight))
                } else {
                    // Each row once, in row order.
                    if k >= 2 && moved[k - 2].state == index && moved[k - 2].isRow && moved[k - 2].key == key { continue }
                    let row = Int(key)
                    let constraint = state.component.constraints[row]
                    movable = movable && state.canStep(row: row)
                    changes.append((row, constraint.expression.constant,
                                    constraint.strength.isRequired ? 0 : constraint.strength.weight))
                }
            }
            if movable, state.step(changes) {
                stepped.append(state)
                statistics.countStep(of: state)
            } else {
                plan.work.append(index)
            }
        }
    }

    /// Scratch of ``takeSteps(in:)``, reused from solve to solve: what moved — (state, whether a
    /// row, edit variable or row index) — and the changes handed to one state's step.
    private struct StepScratch {
        var moved: [(state: Int, isRow: Bool, key: UInt64)] = []
        var changes: [(index: Int, constant: Double, weight: Double)] = []
        /// The states the last ``takeSteps(in:)`` moved (emptied, capacity kept, once the solve
        /// is done with them).
        var stepped: [ComponentState] = []
    }
    @exclusivity(unchecked) private var stepScratch = StepScratch()

    /// Makes the plan and the new solutions the solver's state.
    private func commit(_ plan: Plan, results: [(index: Int, solution: ComponentState.Solution)]) {
        for (index, solution) in results { plan.states[index].solution = solution }
        if structureChanged { placesGeneration &+= 1 }
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

    /// Solves the components at `work` (indices into `states`) with the simplex method.
    private func solveFromScratch(_ work: [Int], states: [ComponentState], remaining: () throws -> Int?,
                                  into results: inout [(index: Int, solution: ComponentState.Solution)]) throws {
        let newStates = states
        for index in work.sorted() {
            let state = newStates[index]
            var constants = state.baseConstants
            for (row, variable) in state.editOfRowIndex { constants[row] = -edits[variable]!.value }
            let solver = ComponentSolver(component: state.component, terms: state.terms, constants: constants,
                                         editRows: state.movingRows,
                                         warmStart: warmStart(for: state), timeLimit: try remaining())
            statistics.componentSolves += 1
            switch try solver.solve() {
            case .solved(let values, let affine, let optimalBasis, let iterations):
                statistics.simplexIterations += iterations
                let objective = state.objective(values: values, constants: constants)
                results.append((index, ComponentState.Solution(values: values.map { $0 + 0 }, objective: objective,
                                                               affine: affine, basis: optimalBasis)))
            case .infeasible:
                let required = state.component.constraints.filter(\.strength.isRequired)
                let conflict = try ConflictFinder(constraints: required, timeLimit: try remaining()).minimalConflict()
                throw TrellisError.unsatisfiable(conflict: conflict)
            }
        }
    }

    /// The value of `variable` at the last successful ``solve()``: 0 for a variable the solver
    /// does not know (or that no constraint names any more).
    public func value(of variable: Variable) -> Double {
        guard let slot = variableIndex.index(of: variable.id) else { return 0 }
        let place = places[Int(slot)]
        return states[Int(place.state)].solution?.values[Int(place.position)] ?? 0
    }

    /// ``value(of:)`` of each of `variables`, written to `values` (resized to match) — for a
    /// caller that reads every variable after each solve (a layout pass writing frames): the
    /// solver's state is read once, not once per variable.
    package func values(of variables: [Variable], into values: inout [Double]) {
        let index = variableIndex, places = self.places
        let solved = states.map { $0.solution?.values }
        if values.count != variables.count { values = [Double](repeating: 0, count: variables.count) }
        variables.withUnsafeBufferPointer { variables in
            places.withUnsafeBufferPointer { places in
                values.withUnsafeMutableBufferPointer { out in
                    for position in 0..<variables.count {
                        guard let slot = index.index(of: variables[position].id) else { out[position] = 0; continue }
                        let place = places[Int(slot)]
                        out[position] = solved[Int(place.state)]?[Int(place.position)] ?? 0
                    }
                }
            }
        }
    }

    /// Where each of a list of variables lives in a solver's components, found once and kept for
    /// ``values(of:into:places:)`` while the components stay those it was found in.
    package struct ValuePlaces {
        /// The solver and the ``placesGeneration`` the places were found for (nil: none yet).
        fileprivate var solver: Solver?
        fileprivate var generation = 0
        fileprivate var count = -1
        /// The variables grouped by component state: group g is entries[start[g]..<start[g+1]]
        /// of state `state[g]`, each (position in the list, position in the component).
        fileprivate var state: [Int] = []
        fileprivate var start: [Int] = [0]
        fileprivate var entries: [(output: Int, position: Int)] = []
        /// Positions in the list of variables the solver does not know (their value is 0).
        fileprivate var unknown: [Int] = []

        /// No places yet: the first read finds them.
        package init() {}
    }

    /// ``values(of:into:)``, with the places of `variables` kept in `places` from one call to
    /// the next (the same variables each time; found again after a structural solve): no
    /// look-up per variable, and each component's values are read once.
    package func values(of variables: [Variable], into values: inout [Double], places cache: inout ValuePlaces) {
        if cache.solver !== self || cache.generation != placesGeneration || cache.count != variables.count {
            cache = ValuePlaces()
            cache.solver = self
            cache.generation = placesGeneration
            cache.count = variables.count
            var byState: [[(output: Int, position: Int)]] = Array(repeating: [], count: states.count)
            for (output, variable) in variables.enumerated() {
                guard let slot = variableIndex.index(of: variable.id) else { cache.unknown.append(output); continue }
                let place = places[Int(slot)]
                byState[Int(place.state)].append((output, Int(place.position)))
            }
            for (state, entries) in byState.enumerated() where !entries.isEmpty {
                cache.state.append(state)
                cache.entries.append(contentsOf: entries)
                cache.start.append(cache.entries.count)
            }
        }
        if values.count != variables.count { values = [Double](repeating: 0, count: variables.count) }
        let states = self.states
        values.withUnsafeMutableBufferPointer { out in
            for output in cache.unknown { out[output] = 0 }
            cache.entries.withUnsafeBufferPointer { entries in
                for group in cache.state.indices {
                    let range = cache.start[group]..<cache.start[group + 1]
                    guard let solved = states[cache.state[group]].solution?.values else {
                        for k in range { out[entries[k].output] = 0 }
                        continue
                    }
                    solved.withUnsafeBufferPointer { solved in
                        for k in range { out[entries[k].output] = solved[entries[k].position] }
                    }
                }
            }
        }
    }
    /// Changed whenever a solve replaces the components (and with them where variables live).
    @exclusivity(unchecked) private var placesGeneration = 0

    /// The cost of the last successful solve: the sum over soft constraints (edits included) of
    /// weight × violation, all levels together.
    public var objective: Double {
        states.reduce(constantCost) { $0 + ($1.solution?.objective ?? 0) }
    }

    /// How far `constraint` is from holding at the current values (0 when it holds).
    public func violation(of constraint: Constraint) -> Double {
        let constant = editOfRow[ObjectIdentifier(constraint)].map { -edits[$0]!.value } ?? constraint.expression.constant
        return Self.violation(of: constraint, constant: constant) { value(of: $0) }
    }

    // MARK: - Internals

    /// The basis to start `state`'s simplex run from: its own last optimal basis when it was
    /// solved before (an edit step left the affine range), else the bases of the solved
    /// components it shares variables with (it was rebuilt from them), keyed by identity.
    private func warmStart(for state: ComponentState) -> ComponentSolver.WarmStart {
        if let basis = state.solution?.basis { return .own(basis) }
        guard !states.isEmpty else { return .none }
        var memory = BasisMemory()
        var seen = Set<Int32>()
        for variable in state.component.variables {
            guard let slot = variableIndex.index(of: variable.id) else { continue }
            let old = places[Int(slot)].state
            guard seen.insert(old).inserted, let solution = states[Int(old)].solution,
                  let basis = solution.basis else { continue }
            memory.remember(basis, of: states[Int(old)].component)
        }
        return memory.isEmpty ? .none : .keyed(memory)
    }

    private func validate(_ constraint: Constraint) throws {
        if hasConstraint(constraint) { throw TrellisError.duplicateConstraint(constraint) }
        try checkNumbers(of: constraint)
    }

    /// Throws for a constraint's unusable number or strength (not for a duplicate).
    private func checkNumbers(of constraint: Constraint) throws {
        // (The usual case, every number usable and the strength required, told without a call.)
        if !constraint.numbersAreUsable, let problem = constraint.numberProblem {
            throw TrellisError.invalidNumber("\(constraint.label ?? constraint.description): \(problem)")
        }
        if !constraint.strength.isRequired, let problem = constraint.strength.problem {
            throw TrellisError.invalidStrength("\(constraint.label ?? constraint.description): \(problem)")
        }
    }

    private func insert(_ constraint: Constraint) {
        constraintIndex.insert(ObjectIdentifier(constraint).tableKey, Int32(constraintList.count))
        constraintList.append(constraint)
        touch(constraint)
    }

    private func touch(_ constraint: Constraint) {
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
