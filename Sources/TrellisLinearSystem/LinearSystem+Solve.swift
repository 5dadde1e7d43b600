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
            /// The names (one array shared by every solve of an answer).
            var names: [String]
            /// The values, in order: ``base`` with the values at ``changedPositions`` replaced by
            /// ``changedValues``. A step's solve usually moves a small part of a large layout, and
            /// an answer keeps every step: the later solves store only what differs from the
            /// first one (whose array they share), not a copy of every value each.
            private var base: [Double]
            private(set) var changedPositions: [Int32] = []
            private var changedValues: [Double] = []

            /// The values, in order.
            var numbers: [Double] {
                get {
                    guard !changedPositions.isEmpty else { return base }
                    var numbers = base
                    for (position, value) in zip(changedPositions, changedValues) { numbers[Int(position)] = value }
                    return numbers
                }
                set {
                    base = newValue
                    changedPositions = []
                    changedValues = []
                }
            }

            init(objective: Double, names: [String], numbers: [Double]) {
                self.objective = objective
                self.names = names
                base = numbers
            }

            /// A solve stored as its differences from `reference` (the same variables) when
            /// that is smaller; values compare by bit pattern, so ``numbers`` is exactly `numbers`.
            init(objective: Double, names: [String], numbers: [Double], relativeTo reference: [Double]) {
                self.init(objective: objective, names: names, numbers: numbers)
                guard reference.count == numbers.count else { return }
                var positions: [Int32] = [], values: [Double] = []
                // 12 bytes a change against 8 a value: worth it below two thirds of the values.
                let limit = numbers.count * 2 / 3
                for k in numbers.indices where numbers[k].bitPattern != reference[k].bitPattern {
                    guard positions.count < limit else { return }
                    positions.append(Int32(k))
                    values.append(numbers[k])
                }
                base = reference
                changedPositions = positions
                changedValues = values
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
            let first = position, count = entry.terms.count
            var terms = entry.terms.indices.map { k in
                Term(variableObjects[Int(termVariables[first + k])], entry.terms[k].coefficient)
            }
            position += count
            // In variable order already (ids follow `variables`), the constraint keeps this array
            // as it is instead of reducing a copy. (Two terms, most rows: at most a swap.)
            if count == 2 {
                if terms[1].variable.id < terms[0].variable.id { terms.swapAt(0, 1) }
            } else if count > 2 {
                terms.sort { $0.variable.id < $1.variable.id }
            }
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
            // Every step after the first is kept as its differences from the first.
            let taken = snapshot()
            solves.append(solves.isEmpty ? taken : Answer.Solve(objective: taken.objective, names: variables,
                                                                numbers: taken.numbers, relativeTo: solves[0].numbers))
        }
        return Answer(status: .optimal, solves: solves, conflict: [],
                      solveMilliseconds: firstSolve, stepMilliseconds: stepTimes)
    }
}
