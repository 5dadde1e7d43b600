import TrellisSolver

extension LinearSystem {
    /// The answer to a system: one solve per step (one when there are no steps), or the
    /// conflicting required constraints.
    public struct Answer: Sendable {
        /// Whether the required constraints could hold.
        public enum Status: String, Sendable {
            /// Every required constraint holds and the soft ones are as satisfied as they can be.
            case optimal
            /// The required constraints contradict each other (see ``Answer/conflict``).
            case unsatisfiable
        }
        /// One solve: the objective and the value of every variable.
        public struct Solve: Sendable {
            /// The objective: Σ weight × violation over the soft constraints (the spec's formula).
            public var objective: Double
            /// Values by variable name, in ``LinearSystem/variables`` order.
            public var values: [(variable: String, value: Double)] {
                get { zip(names, numbers).map { ($0, $1) } }
                set {
                    names = newValue.map(\.variable)
                    numbers = newValue.map(\.value)
                }
            }
            /// The names (one array shared by every solve of an answer) and the values, in order.
            var names: [String]
            var numbers: [Double]

            init(objective: Double, names: [String], numbers: [Double]) {
                self.objective = objective
                self.names = names
                self.numbers = numbers
            }
        }

        /// Whether the system could be solved.
        public var status: Status
        /// One solve per step (one when the system has no steps); empty when unsatisfiable.
        public var solves: [Solve]
        /// For ``Status/unsatisfiable``: the ids of a minimal conflicting set of required constraints.
        public var conflict: [String]
        /// In-process milliseconds of the first solve (from the parsed system to values out).
        public var solveMilliseconds: Double
        /// In-process milliseconds of each step's solve.
        public var stepMilliseconds: [Double]
    }

    /// Solves the system on one `Solver`: the constraints are added once, the system is solved,
    /// then each step suggests its values and solves again (incrementally, not from scratch).
    /// - Throws: `TrellisError.numericalFailure(_:)` or `TrellisError.limitExceeded(_:)` only;
    ///   unsatisfiable systems are an answer, not an error.
    ///
    /// The system is consumed: once its constraints are in the solver, its own copy of them is
    /// released, so a large system is not held twice while it is solved. (A caller that keeps
    /// using its value gets a copy, as for any consuming call.)
    public consuming func solve(timeLimitMilliseconds: Int? = nil) throws -> Answer {
        let clock = ContinuousClock()
        let start = clock.now
        // Variables by index into `variables` (names were resolved when the file was read).
        var variableObjects: [Variable] = []
        variableObjects.reserveCapacity(variables.count)
        for name in variables { variableObjects.append(Variable(name)) }
        let termVariables = termVariableIndices()
        let solver = Solver()
        solver.timeLimitMilliseconds = timeLimitMilliseconds
        var built: [Constraint] = []
        built.reserveCapacity(constraints.count)
        var position = 0
        for entry in constraints {
            var terms: [Term] = []
            terms.reserveCapacity(entry.terms.count)
            for term in entry.terms {
                terms.append(Term(variableObjects[Int(termVariables[position])], term.coefficient))
                position += 1
            }
            // In variable order already (ids follow `variables`), the constraint keeps this array
            // as it is instead of reducing a copy.
            if terms.count > 1 { terms.sort { $0.variable.id < $1.variable.id } }
            let strength: Strength = entry.weight.map { .weight($0) } ?? .required
            built.append(Constraint(LinearExpression(terms, constant: entry.constant), entry.relation,
                                    strength: strength, label: entry.id))
        }
        try solver.add(built)
        built = []
        for (edit, index) in zip(edits, editVariableIndices()) {
            try solver.addEditVariable(variableObjects[index], strength: .weight(edit.weight))
        }
        let indexedSteps = indexedSteps()
        constraints = []   // in the solver now; drop this copy (the variables stay, for the answer)

        func snapshot() -> Answer.Solve {
            Answer.Solve(objective: solver.objective, names: variables,
                         numbers: variableObjects.map { solver.value(of: $0) })
        }
        func elapsed(since instant: ContinuousClock.Instant) -> Double {
            let duration = instant.duration(to: clock.now)
            return Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
        }

        do {
            try solver.solve()
        } catch TrellisError.unsatisfiable(let conflict) {
            return Answer(status: .unsatisfiable, solves: [], conflict: conflict.compactMap(\.label),
                          solveMilliseconds: elapsed(since: start), stepMilliseconds: [])
        }
        let firstSolve = elapsed(since: start)
        if steps.isEmpty {
            return Answer(status: .optimal, solves: [snapshot()], conflict: [],
                          solveMilliseconds: firstSolve, stepMilliseconds: [])
        }
        var solves: [Answer.Solve] = []
        var stepTimes: [Double] = []
        for step in indexedSteps {
            let stepStart = clock.now
            for (index, value) in step { try solver.suggest(variableObjects[index], value: value) }
            try solver.solve()
            stepTimes.append(elapsed(since: stepStart))
            solves.append(snapshot())
        }
        return Answer(status: .optimal, solves: solves, conflict: [],
                      solveMilliseconds: firstSolve, stepMilliseconds: stepTimes)
    }
}
