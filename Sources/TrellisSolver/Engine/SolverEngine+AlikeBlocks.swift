extension SolverEngine {
    /// The solutions of a split group's blocks (`members`, none solved, none with moving rows)
    /// when they come in a few *families* — blocks with the same rows, terms and priorities
    /// (a feed's rows) — each family solved once, alone, and its other blocks given that
    /// solution: as it is where their constants are the same (a *kind*: a feed's rows of one
    /// text height), moved to theirs along the solve's affine model where they differ (another
    /// text height; ``ComponentTemplates/stepped(_:rows:from:constants:certificate:)``). Nil
    /// when that does not pay (a single block, or more solves than a third of the blocks plus
    /// one) or is not exact, and the group is then solved as one LP
    /// (``solveGroupsTogether(_:states:slides:remaining:into:)``).
    ///
    /// Exactness: a block's own LP (pinned where its bridge variable is 0) has the optimum the
    /// unsplit component's LP gives it slid back — when that optimum is the only one. So a solve's
    /// solution is used only when it certifies that (``ComponentSolver/solveCertifying()``:
    /// presolve determined every value, or the basis prices every variable free to move), and
    /// a moved one only where the solve's basis stays feasible and its uniqueness certificate
    /// holds (else that kind is solved too, and may serve its family's later kinds). One solve
    /// that does not certify sends the whole group back to the one LP, where its blocks get the
    /// answer they always had.
    func solveAlikeBlocks(_ members: [Int], states: [ComponentState], remaining: () throws -> Int?)
        throws -> [Solved]? {
        // Families and kinds first, by comparison alone: more families than this share of the
        // blocks (or, below, more solves), and the one LP is cheaper than a solve a family. (A
        // small block's own solve costs about what two or three blocks add to the one LP: a
        // ten-row feed's eleven blocks of four kinds, 0.95 M instructions as one LP, 0.71 M a
        // kind at a time.)
        guard members.count >= 2 else { return nil }
        let mostSolves = members.count / 3 + 1
        var blocks = AlikeBlocks()
        for index in members {
            guard blocks.add(index, states: states, mostFamilies: mostSolves) else { return nil }
        }
        let moving = blocks.movingRows(states: states)
        // Each kind's solution; the solved kinds of each family with what certifies their
        // optimum wherever their basis holds (a family's other bases: a text shorter than its
        // avatar, one taller), up to ``AlikeBlocks/templatesPerFamily``.
        var solutions: [ComponentState.Solution] = []
        solutions.reserveCapacity(blocks.kinds.count)
        var templates: [[AlikeBlocks.Template]] = Array(repeating: [], count: blocks.families.count)
        var solves = 0
        for kind in blocks.kinds {
            let state = states[kind.state]
            let rows = moving[kind.family]
            if let solution = Self.stepped(state, rows: rows, templates: templates[kind.family]) {
                solutions.append(solution)
                continue
            }
            solves += 1
            guard solves <= mostSolves else { return nil }
            var solver = ComponentSolver(component: state.component, terms: state.terms, constants: state.baseConstants,
                                         editRows: rows, warmStart: .none, timeLimit: try remaining())
            solver.certifiesUniqueness = true
            statistics.componentSolves += 1
            let (result, unique) = try solver.solveCertifying()
            guard case .solved(let values, let affine, let basis, let iterations, _) = result, unique else {
                return nil
            }
            statistics.simplexIterations += iterations
            if let affine, templates[kind.family].count < AlikeBlocks.templatesPerFamily,
               let certificate = affine.uniquenessCertificate() {
                let solved = ComponentState.Solution(values: values, objective: 0, affine: affine, basis: basis)
                templates[kind.family].append(AlikeBlocks.Template(solution: solved, constants: state.baseConstants,
                                                                   certificate: certificate))
            }
            // As the one LP's blocks have it: no model, no basis (the group's next solve starts
            // from the rows' keyed bases, as it did).
            solutions.append(ComponentState.Solution(values: values.map { $0 + 0 },
                                                     objective: state.objective(values: values, constants: state.baseConstants),
                                                     affine: nil))
        }
        statistics.templateSolves += members.count - solves
        statistics.componentSolves += members.count - solves
        var solved: [Solved] = []
        solved.reserveCapacity(members.count)
        for position in members.indices {
            solved.append(Solved(index: members[position], solution: solutions[blocks.kindOf[position]]))
        }
        return solved
    }

    /// `state`'s solution moved from one of its family's solved kinds (tried nearest in
    /// constants first), as the one LP's blocks have it (no model, no basis); nil when none does.
    private static func stepped(_ state: ComponentState, rows: [Int], templates: [AlikeBlocks.Template])
        -> ComponentState.Solution? {
        guard !templates.isEmpty else { return nil }
        // (The nearest is the likeliest to have the basis that holds the constants.)
        var order = Array(templates.indices)
        if order.count > 1 {
            let distances = templates.map { ComponentTemplates.distance(state.baseConstants, $0.constants, rows: rows) }
            order.sort { distances[$0] < distances[$1] }
        }
        for index in order {
            let template = templates[index]
            if let solution = ComponentTemplates.stepped(state, rows: rows, from: template.solution, constants: template.constants,
                                                         certificate: template.certificate) {
                return ComponentState.Solution(values: solution.values, objective: solution.objective, affine: nil)
            }
        }
        return nil
    }
}
