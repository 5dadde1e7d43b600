import TrellisSupport

extension SolverEngine {
    /// The blocks split off at translation bridges (``BridgeSplit``) and how far each slides.
    ///
    /// Each such block's state holds its solution where its bridge variable x is 0 (a pin row);
    /// its variables' values are that solution plus `direction × shift`, the shift putting x
    /// where its bridge `a·x + Σ c·v + k == 0` wants it given the values of the other variables
    /// (all in blocks before it). Shifts are computed once after each solve, in order, at the
    /// first read. Changing a bridge's constant moves the shift only: no solve.
    struct Slides {
        /// One bridge: the block (state) it places and how.
        struct Entry {
            var state: Int32
            var bridge: Constraint
            /// The bridge variable's position in the state and its coefficient in the bridge.
            var endpoint: Int32
            var coefficient: Double
            /// The bridge's other terms, by place.
            var others: [Other]
            /// By position in the state's component.
            var direction: [Double]

            /// A term of the bridge other than the bridge variable: where its variable lives.
            struct Other {
                let state: Int32
                let position: Int32
                let coefficient: Double
            }
        }
        /// In evaluation order: every entry's other terms are in states placed before it.
        var entries: [Entry] = []
        /// Per state: its entry (-1: none) and its split group (-1: not split). Empty when
        /// nothing is split.
        var entryOfState: [Int32] = []
        var groupOfState: [Int32] = []
        /// Each bridge's entry, by the bridge constraint's identity (an ``IdentityTable``: every
        /// constant a resize moves is looked up here; nil while nothing is split).
        var entryOfBridge: IdentityTable?
        /// Per state, the current shift (valid while ``current``).
        var shift: [Double] = []
        var current = false
        /// Bridge constants changed since the last solve (applied when it succeeds).
        var pending: [(entry: Int32, constraint: Constraint)] = []

        var isEmpty: Bool { entries.isEmpty }

        /// Whether the constraint whose table key is `key` is a bridge (read in place: a copy
        /// of the optional table retains its arrays, and every constant a resize moves asks).
        func isBridge(_ key: UInt64) -> Bool {
            entryOfBridge?.contains(key) ?? false
        }
    }

    /// The slides of the states of `plan`, made from the components they were built from
    /// (`parts`, parallel to the plan's states).
    func makeSlides(for parts: [Component], plan: Plan) -> Slides {
        var slides = Slides()
        guard parts.contains(where: { $0.slide != nil }) else { return slides }
        slides.entryOfState = [Int32](filled: -1, count: parts.count)
        slides.groupOfState = [Int32](filled: -1, count: parts.count)
        slides.shift = [Double](filled: 0, count: parts.count)
        for (index, component) in parts.enumerated() {
            guard let slide = component.slide else { continue }
            slides.groupOfState[index] = Int32(slide.group)
            guard let bridge = slide.bridge else { continue }
            let endpointID = component.variables[slide.endpoint].id
            var entry = Slides.Entry(state: Int32(index), bridge: bridge, endpoint: Int32(slide.endpoint), coefficient: 0,
                                     others: [], direction: slide.direction)
            for term in bridge.expression.terms {
                if term.variable.id == endpointID {
                    entry.coefficient = term.coefficient
                } else {
                    let place = plan.places[Int(plan.variableIndex.index(of: term.variable.id)!)]
                    entry.others.append(Slides.Entry.Other(state: place.state, position: place.position, coefficient: term.coefficient))
                }
            }
            slides.entryOfState[index] = Int32(slides.entries.count)
            if slides.entryOfBridge == nil { slides.entryOfBridge = IdentityTable(minimumCapacity: parts.count) }
            slides.entryOfBridge!.insert(ObjectIdentifier(bridge).tableKey, Int32(slides.entries.count))
            slides.entries.append(entry)
        }
        return slides
    }

    /// Records a new constant of a bridge row (`old` replaced by `replacement`); false when
    /// `old` is not a bridge.
    func updateBridge(_ old: Constraint, with replacement: Constraint) -> Bool {
        guard !slides.isEmpty, let entry = slides.entryOfBridge?.remove(ObjectIdentifier(old).tableKey) else { return false }
        slides.entryOfBridge!.insert(ObjectIdentifier(replacement).tableKey, entry)
        slides.pending.append((entry, replacement))
        statistics.slides += 1
        return true
    }

    /// Whether the coming solve may move a block's solution or a bridge (else the shifts stand):
    /// a structural change, a bridge's constant, a constant or suggestion in a split component.
    func slidesMayMove() -> Bool {
        if structureChanged || !slides.pending.isEmpty { return true }
        for touched in constantsTouched where slides.groupOfState[touched.state] >= 0 { return true }
        for id in suggestionsTouched {
            guard let slot = variableIndex.index(of: id) else { continue }
            if slides.groupOfState[Int(places[Int(slot)].state)] >= 0 { return true }
        }
        return false
    }

    /// After a successful solve: the pending bridge constants take effect, shifts are stale.
    func slidesSolved() {
        guard !slides.isEmpty else { return }
        for (entry, constraint) in slides.pending { slides.entries[Int(entry)].bridge = constraint }
        slides.pending.removeAll()
        slides.current = false
    }

    /// Computes every shift, in order, from the states' solutions.
    func refreshSlides() {
        let states = self.states
        var shift = slides.shift
        for k in shift.indices { shift[k] = 0 }
        let entryOfState = slides.entryOfState
        // (The entries read in place: a loop over them copied each one, its bridge and two lists
        // retained and released — a resize of a hundred bridged rows refreshes them all.)
        slides.entries.withUnsafeBufferPointer { entries in
            for entry in entries.indices {
                var sum = Unmanaged.passUnretained(entries[entry].bridge)._withUnsafeGuaranteedRef { $0.expression.constant }
                entries[entry].others.withUnsafeBufferPointer { others in
                    for other in others {
                        let s = Int(other.state), p = Int(other.position)
                        var value = states[s].solution?.values[p] ?? 0
                        let e = entryOfState[s]
                        if e >= 0 { value += entries[Int(e)].direction[p] * shift[s] }
                        sum += other.coefficient * value
                    }
                }
                let state = Int(entries[entry].state)
                let local = states[state].solution?.values[Int(entries[entry].endpoint)] ?? 0
                shift[state] = -sum / entries[entry].coefficient - local
            }
        }
        slides.shift = shift
        slides.current = true
    }

    /// The value of the variable at `position` of state `state`, slid into place.
    func slidValue(state: Int, position: Int) -> Double {
        let local = states[state].solution?.values[position] ?? 0
        guard !slides.isEmpty else { return local }
        if !slides.current { refreshSlides() }
        let e = slides.entryOfState[state]
        return e < 0 ? local : local + slides.entries[Int(e)].direction[position] * slides.shift[state]
    }

    /// Slides the values read from state `state` (`out[output] = local value at position`) into place.
    func slide(_ out: UnsafeMutableBufferPointer<Double>, state: Int,
               entries: UnsafeBufferPointer<(output: Int, position: Int)>, range: Range<Int>) {
        guard !slides.isEmpty else { return }
        if !slides.current { refreshSlides() }
        let e = slides.entryOfState[state]
        guard e >= 0 else { return }
        let shift = slides.shift[state]
        slides.entries[Int(e)].direction.withUnsafeBufferPointer { direction in
            for k in range { out[entries[k].output] += direction[entries[k].position] * shift }
        }
    }

    /// Solves each split group all of whose blocks are in `work` without a solution or moving
    /// rows: by kinds of identical blocks when they are few and their optima certainly the only
    /// ones (``solveAlikeBlocks(_:states:remaining:)``), else as one component (the unsplit one:
    /// one LP, its order, its answer), each block given its values from it (slid back so that
    /// its bridge variable is 0). Returns the states solved.
    ///
    /// (Groups are numbered densely: arrays by group, no dictionary or set — a new key type's
    /// storage costs a process's first solve a scan of every protocol conformance.)
    func solveGroupsTogether(_ work: [Int], states: [ComponentState], slides: Slides, remaining: () throws -> Int?,
                             into results: inout [Solved]) throws -> IndexFlags {
        var groupCount = 0
        for group in slides.groupOfState where group >= 0 { groupCount = max(groupCount, Int(group) + 1) }
        var solved = IndexFlags()
        guard groupCount > 0 else { return solved }
        var size = [Int](filled: 0, count: groupCount), ready = [[Int]](filled: [], count: groupCount)
        for group in slides.groupOfState where group >= 0 { size[Int(group)] += 1 }
        for index in work where slides.groupOfState[index] >= 0 {
            let state = states[index]
            if state.solution == nil && state.rowOfEdit.isEmpty && state.parameterRows.isEmpty {
                ready[Int(slides.groupOfState[index])].append(index)
            }
        }
        for group in 0..<groupCount where ready[group].count == size[group] && size[group] > 1 {
            let members = ready[group]
            if let alike = try solveAlikeBlocks(members.sorted(), states: states, remaining: remaining) {
                results.append(contentsOf: alike)
                for result in alike { solved.insert(result.index) }
                continue
            }
            let parts = Component.partition(Self.groupConstraints(Int32(group), states: states, slides: slides))
            guard parts.count == 1, let component = parts.first else { continue }
            let constants = component.constraints.map(\.expression.constant)
            let solver = ComponentSolver(component: component, terms: component.terms, constants: constants, editRows: [],
                                         warmStart: .none, timeLimit: try remaining())
            statistics.componentSolves += 1
            guard case .solved(let values, _, _, let iterations, _) = try solver.solve() else {
                // Infeasible: each block on its own finds out, and names the conflict.
                continue
            }
            statistics.simplexIterations += iterations
            let byID = ValuesByID(component.variables, values)
            for index in members.sorted() {
                results.append(Solved(index: index, solution: Self.blockSolution(of: states[index], from: byID)))
                solved.insert(index)
            }
        }
        return solved
    }

    /// Values of variables, looked up by variable id.
    struct ValuesByID {
        private var position: IdentityTable
        private let values: [Double]

        init(_ variables: [Variable], _ values: [Double]) {
            position = IdentityTable(minimumCapacity: variables.count)
            for (index, variable) in variables.enumerated() { position.insert(variable.id, Int32(index)) }
            self.values = values
        }

        subscript(id: UInt64) -> Double? { position.index(of: id).map { values[Int($0)] } }
    }

    /// A block's solution taken from values of its unsplit component (by variable id), slid
    /// back along its direction so that its bridge variable is 0 (the block's pin row).
    static func blockSolution(of state: ComponentState, from values: ValuesByID) -> ComponentState.Solution {
        let component = state.component
        var local = component.variables.map { values[$0.id]! }
        if let slide = component.slide, slide.endpoint >= 0 {
            let x = local[slide.endpoint]
            for p in local.indices { local[p] -= slide.direction[p] * x }
        }
        local = local.map { $0 + 0 }
        return ComponentState.Solution(values: local, objective: state.objective(values: local, constants: state.baseConstants),
                                       affine: nil)
    }

    /// The constraints of split group `group`: its blocks' (pins left out) and its bridges.
    static func groupConstraints(_ group: Int32, states: [ComponentState], slides: Slides) -> [Constraint] {
        var all: [Constraint] = []
        for (s, state) in states.enumerated() where slides.groupOfState[s] == group {
            let pin = state.component.slide?.pin.map(ObjectIdentifier.init)
            all.append(contentsOf: state.component.constraints.filter { ObjectIdentifier($0) != pin })
        }
        for entry in slides.entries where slides.groupOfState[Int(entry.state)] == group {
            all.append(slides.pending.last(where: { $0.entry == slides.entryOfState[Int(entry.state)] })?.constraint
                       ?? entry.bridge)
        }
        return all
    }

    /// The required constraints a conflict is looked for in when the state at `index` (of
    /// `states`, grouped by `groups`) is infeasible: those of its whole unsplit component, in
    /// that component's order, as if it had not been split.
    static func conflictCandidates(of index: Int, states: [ComponentState], slides: Slides) -> [Constraint] {
        let own = states[index].component
        guard !slides.groupOfState.isEmpty, slides.groupOfState[index] >= 0 else {
            return own.constraints.filter(\.strength.isRequired)
        }
        let all = groupConstraints(slides.groupOfState[index], states: states, slides: slides)
        return Component.partition(all).flatMap { $0.constraints.filter(\.strength.isRequired) }
    }
}

extension Component {
    /// How a block split off at a translation bridge stands in its component: the bridge, the
    /// block's variable in it, and the direction the block slides along.
    struct Slide {
        /// The bridge row (nil for the root block of a split component).
        var bridge: Constraint?
        /// The position of the bridge's variable in ``Component/variables`` (pinned to 0 by the
        /// block's last row), -1 for the root block.
        var endpoint: Int
        /// By position in ``Component/variables`` (empty for the root block).
        var direction: [Double]
        /// The index of the split component among the split ones of the partition.
        var group: Int
        /// The pin row `endpoint == 0` (the block's last constraint), nil for the root block.
        var pin: Constraint?
    }
}
