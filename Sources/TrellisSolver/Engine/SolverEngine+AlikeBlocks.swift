extension SolverEngine {
    /// The solutions of a split group's blocks (`members`, none solved, none with moving rows)
    /// when they come in a few kinds of identical blocks — the same rows, terms, priorities and
    /// constants (a feed's rows of three text heights) — each kind solved once, alone, and every
    /// other block of it given that solution; nil when that does not pay (a single block, or
    /// more kinds than a third of the blocks plus one) or is not exact, and the group is then
    /// solved as one LP (``solveGroupsTogether(_:states:slides:remaining:into:)``).
    ///
    /// Exactness: a block's own LP (pinned where its bridge variable is 0) has the optimum the
    /// unsplit component's LP gives it slid back — when that optimum is the only one. So a kind's
    /// solution is used only when its solve certifies that (``ComponentSolver/solveCertifying()``: presolve
    /// determined every value, or the basis prices every variable free to move); one kind that
    /// does not certify sends the whole group back to the one LP, where its blocks get the
    /// answer they always had.
    func solveAlikeBlocks(_ members: [Int], states: [ComponentState], remaining: () throws -> Int?)
        throws -> [Solved]? {
        // Kinds first, by comparison alone: more kinds than this share of the blocks, and the
        // one LP is cheaper than a solve a kind. (A small block's own solve costs about what
        // two or three blocks add to the one LP: a ten-row feed's eleven blocks of four kinds,
        // 0.95 M instructions as one LP, 0.71 M a kind at a time.)
        guard members.count >= 2 else { return nil }
        let mostKinds = members.count / 3 + 1
        var kinds: [Int] = []            // a member of each kind, by first appearance
        var kindOf: [Int] = []           // by position in `members`
        kindOf.reserveCapacity(members.count)
        // The kinds with each count of variables and rows (a few at most).
        var kindsByCounts = ListsByKey()
        for index in members {
            let state = states[index]
            let counts = UInt64(state.component.variables.count) << 32 | UInt64(state.baseConstants.count)
            let candidates = kindsByCounts.list(counts)
            if let kind = candidates.first(where: { kind in
                let other = states[kinds[kind]]
                return ComponentTemplates.sameRows(state, other, otherConstants: other.baseConstants) { _ in true }
            }) {
                kindOf.append(kind)
                continue
            }
            guard kinds.count < mostKinds else { return nil }
            kindsByCounts.append(kinds.count, to: counts)
            kindOf.append(kinds.count)
            kinds.append(index)
        }
        var solutions: [ComponentState.Solution] = []
        solutions.reserveCapacity(kinds.count)
        for index in kinds {
            let state = states[index]
            var solver = ComponentSolver(component: state.component, terms: state.terms, constants: state.baseConstants,
                                         editRows: [], warmStart: .none, timeLimit: try remaining())
            solver.certifiesUniqueness = true
            statistics.componentSolves += 1
            let (result, unique) = try solver.solveCertifying()
            guard case .solved(let values, _, _, let iterations) = result, unique else {
                return nil
            }
            statistics.simplexIterations += iterations
            // As the one LP's blocks have it: no model, no basis (the group's next solve starts
            // from the rows' keyed bases, as it did).
            solutions.append(ComponentState.Solution(values: values.map { $0 + 0 },
                                                     objective: state.objective(values: values, constants: state.baseConstants),
                                                     affine: nil))
        }
        statistics.templateSolves += members.count - kinds.count
        statistics.componentSolves += members.count - kinds.count
        return zip(members, kindOf).map { Solved(index: $0, solution: solutions[$1]) }
    }
}
