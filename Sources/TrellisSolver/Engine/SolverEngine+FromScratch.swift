// Components solved with the simplex method, and the basis each starts from.
extension SolverEngine {
    /// Solves the components at `work` (indices into `states`) with the simplex method.
    func solveFromScratch(_ work: [Int], states: [ComponentState], slides: Slides, coldStarts: IndexFlags = IndexFlags(),
                          remaining: () throws -> Int?,
                          into results: inout [Solved]) throws {
        let newStates = states
        // A split component with no block solved is solved a kind of identical blocks at a time
        // or as one LP (1000 small LPs cost more).
        let solvedTogether = !slides.isEmpty
            ? try solveGroupsTogether(work, states: newStates, slides: slides, remaining: remaining, into: &results) : IndexFlags()
        // Blocks of one shape (a screen's text rows) after the first: its basis moved to their constants.
        var templates = ComponentTemplates()
        for index in work.sorted() {
            if solvedTogether.contains(index) { continue }
            let state = newStates[index]
            if !state.solvesEveryLevel, let solution = templates.solution(for: state) {
                statistics.componentSolves += 1
                statistics.templateSolves += 1
                results.append(Solved(index: index, solution: solution))
                continue
            }
            var constants = state.baseConstants
            for (row, variable) in state.editOfRowIndex { constants[row] = -edits[variable]!.value }
            let start = coldStarts.contains(index) ? .none : warmStart(for: state)
            var solver = ComponentSolver(component: state.component, terms: state.terms, constants: constants,
                                         editRows: state.movingRows, warmStart: start, timeLimit: try remaining())
            solver.skipsLevelsAtZeroError = !state.solvesEveryLevel
            statistics.componentSolves += 1
            switch try solver.solve() {
            case .solved(let values, let affine, let optimalBasis, let iterations, let blockStart):
                statistics.simplexIterations += iterations
                if blockStart { statistics.blockStarts += 1 }
                let objective = state.objective(values: values, constants: constants)
                let solution = ComponentState.Solution(values: values.map { $0 + 0 }, objective: objective, affine: affine,
                                                       basis: optimalBasis,
                                                       crashWasOptimal: start.isCold && iterations == 0 && optimalBasis != nil)
                templates.offer(state, solution: solution)
                results.append(Solved(index: index, solution: solution))
            case .infeasible:
                if !structureChanged && constantsTouched.isEmpty && slides.pending.isEmpty && state.solution != nil {
                    // Only suggestions (soft) moved since this component's last feasible solve:
                    // its required rows cannot have become contradictory. The simplex method lost
                    // them to the numbers' scale (a 1e-90 coefficient wanting a value of 1e92).
                    throw TrellisError.numericalFailure(
                        "a suggestion made the simplex method find the required constraints infeasible, which they were not before (badly scaled coefficients?)")
                }
                let required = Self.conflictCandidates(of: index, states: newStates, slides: slides)
                let conflict = try ConflictFinder(constraints: required, timeLimit: try remaining()).minimalConflict()
                throw TrellisError.unsatisfiable(conflict: conflict)
            }
        }
    }

    /// The basis to start `state`'s simplex run from: its own last optimal basis when it was
    /// solved before (an edit step left the affine range), else the bases of the solved
    /// components it shares variables with (it was rebuilt from them), keyed by identity.
    func warmStart(for state: ComponentState) -> ComponentSolver.WarmStart {
        if let basis = state.solution?.basis { return .own(basis) }
        guard !states.isEmpty else { return .none }
        var memory = BasisMemory()
        // The old states seen, by identity: a set of a type the solver hashes anyway (a set of
        // `Int32` cost a first resize 0.38 M instructions once per process, the runtime looking
        // up its element's `Hashable` conformance to make the set's storage type).
        var seen = Set<ObjectIdentifier>()
        // (A component's variables mostly come from one old component, in runs: the last one
        // seen is skipped without hashing.)
        var last: Int32 = -1
        for variable in state.component.variables {
            guard let slot = variableIndex.index(of: variable.id) else { continue }
            let old = places[Int(slot)].state
            guard old != last else { continue }
            last = old
            guard seen.insert(ObjectIdentifier(states[Int(old)])).inserted, let solution = states[Int(old)].solution,
                  let basis = solution.basis else { continue }
            memory.remember(basis, of: states[Int(old)].component)
        }
        return memory.isEmpty ? .none : .keyed(memory)
    }
}
