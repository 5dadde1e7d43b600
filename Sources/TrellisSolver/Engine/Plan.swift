/// What a solve builds before it commits: the new component states, where each variable
/// lives in them, the constant cost, and the states to solve with the simplex method.
struct Plan {
    var states: [ComponentState]
    var variableIndex: IdentityTable
    var places: [Place]
    var constantCost: Double
    /// Indices into ``states`` to solve from scratch.
    var work: [Int] = []
    /// The slides of the new states after a structural change (nil: the old ones stand).
    var slides: SolverEngine.Slides?
    /// Whether variables moved to other states without a structural change (``SolverEngine/splitWork(in:)``).
    var placesMoved = false
    /// New states solved without a warm start (blocks just split off: tiny LPs, whose unsplit
    /// component's basis would cost far more to look up than it saves).
    var coldStarts = IndexFlags()

    /// Where a variable lives: its state, and its position in the state's component. (A struct,
    /// not a labelled tuple: see "A process's first pass" in Benchmarks/README.md.)
    struct Place {
        let state: Int32
        let position: Int32
    }

    /// Where each variable of `parts` (the components of ``states``, in order) lives: a new
    /// ``variableIndex`` and ``places``.
    mutating func placeVariables(of parts: [Component]) {
        let count: Int
        (variableIndex, count) = SolverEngine.variableTable(for: parts)
        places = []
        places.reserveCapacity(count)
        for (index, component) in parts.enumerated() {
            component.variables.withUnsafeBufferPointer { variables in
                for position in 0..<variables.count {
                    variableIndex.insert(variables[position].id, Int32(places.count))
                    places.append(Place(state: Int32(index), position: Int32(position)))
                }
            }
        }
    }
}

extension SolverEngine {
    /// After a structural change: the constant cost of the constraints without terms (throwing
    /// for a broken required one), and the components again — an untouched component keeps its
    /// state, the others get new ones, listed in the plan's work.
    func rebuildComponents(into plan: inout Plan) throws {
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
        let editOfRow = editOfRow, moved = movedConstraints, active = splitsActively
        let (components, batch) = Component.partition(withTerms, batching: editOfRow.isEmpty && moved.count == 0 ? { _ in true } : {
            editOfRow[ObjectIdentifier($0)] == nil && !moved.contains(ObjectIdentifier($0).tableKey)
        }, splitting: splitsAtBridges ? { members in
            // Before the first split, only components with rows expected to move (``movedConstraints``).
            active || (moved.count > 0 && members.contains { moved.contains(ObjectIdentifier(withTerms[Int($0)]).tableKey) })
        } : nil)
        var touched = IdentityTable(minimumCapacity: states.isEmpty ? 0 : structureTouched.count)
        if !states.isEmpty { for id in structureTouched { touched.insert(id, 0) } }
        plan.states = []
        plan.states.reserveCapacity(components.count + 1)
        let parts = components + (batch.map { [$0.component] } ?? [])
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
        }
        plan.placeVariables(of: parts)
        plan.slides = makeSlides(for: parts, plan: plan)
        if plan.slides?.isEmpty == false { splitsActively = true }
    }

    /// An empty table for the variables of `components`, and how many there are: direct (no
    /// hashing) when their ids span a short range, as those of one system made together do.
    static func variableTable(for components: [Component]) -> (table: IdentityTable, count: Int) {
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
    func unchangedState(of component: Component, touched: IdentityTable) -> ComponentState? {
        guard !states.isEmpty,
              !component.variables.contains(where: { touched.contains($0.id) }),
              let old = variableIndex.index(of: component.variables[0].id).map({ states[Int(places[Int($0)].state)] }),
              old.component.variables.count == component.variables.count,
              old.component.constraints.count == component.constraints.count,
              old.component.isScalarBatch == component.isScalarBatch else { return nil }
        return old
    }
}
