import TrellisSolver

extension LinearSystem {
    /// What to examine in ``diagnose(_:)``.
    ///
    /// ```swift
    /// var options = LinearSystem.DiagnosisOptions()
    /// options.explain = ["x"]            // why x has its value
    /// options.sensitivity = ["window"]   // how far the constant of constraint "window" may move
    /// options.recover = true             // on a conflict, relax it to 999 and report what broke
    /// ```
    public struct DiagnosisOptions: Sendable {
        /// Variables to explain (names).
        public var explain: [String] = []
        /// Constraints (ids) or edit variables (names) whose constant / suggestion to range.
        public var sensitivity: [String] = []
        /// On a conflict, relax the conflicting constraints to priority 999 and report what breaks.
        public var recover = false
        /// Look for undetermined variables (on by default).
        public var ambiguity = true
        /// A time limit per simplex run, in milliseconds.
        public var timeLimitMilliseconds: Int?

        /// The defaults: ambiguity and violations, no explanations, no recovery.
        ///
        /// ```swift
        /// let options = LinearSystem.DiagnosisOptions()
        /// ```
        public init() {}
    }

    /// The diagnostics of a `linear-system/1` document after all its steps: conflicts (and the
    /// recovery, if asked for), violated soft constraints, undetermined variables with their
    /// ranges, and the explanations and sensitivity ranges asked for. What `trellis explain`
    /// prints, as text or JSON.
    ///
    /// ```swift
    /// let system = try LinearSystem.parse(Array(text.utf8))
    /// let diagnosis = try system.diagnose()
    /// print(diagnosis.text)
    /// print(diagnosis.json)
    /// ```
    public struct Diagnosis: Sendable {
        /// Whether the required constraints can all hold.
        public var status: Answer.Status
        /// How many steps were applied before the diagnosis (0 without steps).
        public var stepsApplied: Int
        /// The objective of the final solve (of the recovered solve for a recovered conflict).
        public var objective: Double?
        /// Every minimal conflicting set, as constraint ids (empty when satisfiable).
        public var conflicts: [[String]]
        /// The recovery, when asked for and needed.
        public var recovery: ConflictRecovery<Constraint>?
        /// The violated soft constraints (edit rows included), highest cost first.
        public var violations: [Violation<Constraint>]
        /// The undetermined variables (nil when not examined: unsatisfiable, or not asked for).
        public var ambiguity: AmbiguityReport<Variable>?
        /// The explanations asked for.
        public var explanations: [Explanation<Constraint>]
        /// The sensitivity ranges asked for.
        public var sensitivities: [SensitivityRange<Constraint>]
        /// In-process milliseconds of each phase (`solve`, `conflicts`, `recovery`, `violations`,
        /// `ambiguity`, `explain`, `sensitivity`), in the order run.
        public var timings: [(phase: String, milliseconds: Double)] = []

        /// The timings as one line: `solve 12.3 ms, ambiguity 4.5 ms`.
        public var timingText: String {
            "timing: " + timings.map { "\($0.phase) \(DiagnosticText.number(($0.milliseconds * 100).rounded() / 100)) ms" }
                .joined(separator: ", ")
        }

        /// The timings as a JSON object (`{"solve_ms": 12.3, …}`).
        public var timingJSON: String {
            "{" + timings.map { "\"\($0.phase)_ms\": \(DiagnosticText.json($0.milliseconds))" }.joined(separator: ", ") + "}"
        }

        /// A readable report, one section per diagnostic.
        public var text: String {
            var lines: [String] = []
            let after = stepsApplied > 0 ? " (after \(stepsApplied) step\(stepsApplied == 1 ? "" : "s"))" : ""
            lines.append("status: \(status.rawValue)\(after)")
            for (index, conflict) in conflicts.enumerated() {
                lines.append("conflict \(index + 1): \(conflict.count) required constraint\(conflict.count == 1 ? "" : "s") cannot hold together:")
                lines += conflict.map { "  \($0)" }
            }
            if let recovery {
                lines.append("recovered by relaxing \(recovery.relaxed.count) constraint\(recovery.relaxed.count == 1 ? "" : "s") to priority \(recovery.priority); broken:")
                if recovery.broken.isEmpty { lines.append("  nothing") }
                lines += recovery.broken.map { "  \(Self.name($0.constraint)) by \(DiagnosticText.number($0.amount))" }
            }
            if let objective { lines.append("objective: \(DiagnosticText.number(objective))") }
            if status == .optimal || recovery != nil {
                if violations.isEmpty {
                    lines.append("violations: none (every soft constraint holds)")
                } else {
                    lines.append("violations (\(violations.count)):")
                    lines += violations.map { violation in
                        "  \(Self.name(violation.constraint)) (\(violation.strength)): violated by "
                            + "\(DiagnosticText.number(violation.amount)), cost \(DiagnosticText.number(violation.cost))"
                    }
                }
            }
            if let ambiguity {
                if ambiguity.entries.isEmpty {
                    lines.append("ambiguity: none (all \(ambiguity.checkedCount) variables are determined)")
                } else {
                    lines.append("ambiguous (\(ambiguity.entries.count) of \(ambiguity.checkedCount) variables):")
                    lines += ambiguity.entries.map {
                        "  \($0.subject) = \(DiagnosticText.number($0.value)), anywhere in \(DiagnosticText.interval($0.minimum, $0.maximum))"
                    }
                }
            }
            for explanation in explanations {
                lines.append("explain " + explanation.description)
            }
            for range in sensitivities {
                var text = "sensitivity \(Self.name(range.constraint)): constant \(DiagnosticText.number(range.constant)) "
                    + "keeps this shape within \(DiagnosticText.interval(range.lowerBound, range.upperBound))"
                if let limit = range.lowerLimit { text += "\n  below \(DiagnosticText.number(range.lowerBound)): \(Self.name(limit))" }
                if let limit = range.upperLimit { text += "\n  above \(DiagnosticText.number(range.upperBound)): \(Self.name(limit))" }
                lines.append(text)
            }
            return lines.joined(separator: "\n")
        }

        /// The report as one JSON object (numbers with round-trip precision; infinite ends of
        /// ranges as `null`).
        public var json: String {
            var fields: [String] = ["\"status\": \"\(status.rawValue)\"", "\"steps_applied\": \(stepsApplied)"]
            if !conflicts.isEmpty {
                fields.append("\"conflicts\": [" + conflicts.map { "[" + $0.map(DiagnosticText.quoted).joined(separator: ", ") + "]" }
                    .joined(separator: ", ") + "]")
            }
            if let recovery {
                let broken = recovery.broken.map {
                    "{\"id\": \(DiagnosticText.quoted(Self.id($0.constraint))), \"amount\": \(DiagnosticText.json($0.amount))}"
                }
                fields.append("\"recovery\": {\"priority\": \(DiagnosticText.json(Double(recovery.priority.rawValue))), "
                              + "\"relaxed\": [" + recovery.relaxed.map { DiagnosticText.quoted(Self.id($0)) }.joined(separator: ", ")
                              + "], \"broken\": [" + broken.joined(separator: ", ") + "]}")
            }
            if let objective { fields.append("\"objective\": \(DiagnosticText.json(objective))") }
            if status == .optimal || recovery != nil {
                fields.append("\"violations\": [" + violations.map { violation in
                    "{\"id\": \(DiagnosticText.quoted(Self.id(violation.constraint))), \"weight\": \(DiagnosticText.json(violation.strength.weight)), "
                        + "\"amount\": \(DiagnosticText.json(violation.amount)), \"cost\": \(DiagnosticText.json(violation.cost))}"
                }.joined(separator: ", ") + "]")
            }
            if let ambiguity {
                fields.append("\"checked\": \(ambiguity.checkedCount), \"certified\": \(ambiguity.certifiedCount), "
                              + "\"face_lps\": \(ambiguity.linearProgramCount)")
                fields.append("\"ambiguous\": [" + ambiguity.entries.map { entry in
                    "{\"variable\": \(DiagnosticText.quoted(entry.subject.name)), \"value\": \(DiagnosticText.json(entry.value)), "
                        + "\"min\": \(DiagnosticText.json(entry.minimum)), \"max\": \(DiagnosticText.json(entry.maximum))}"
                }.joined(separator: ", ") + "]")
            }
            if !explanations.isEmpty {
                fields.append("\"explain\": [" + explanations.map { explanation in
                    let reasons = explanation.reasons.map { reason in
                        "{\"id\": \(DiagnosticText.quoted(Self.id(reason.constraint))), \"role\": \"\(reason.role.rawValue)\", "
                            + "\"side\": \"\(reason.side.rawValue)\", \"sensitivity\": \(DiagnosticText.json(reason.sensitivity)), "
                            + "\"violation\": \(DiagnosticText.json(reason.violation)), \"price\": \(DiagnosticText.json(reason.price))}"
                    }
                    return "{\"variable\": \(DiagnosticText.quoted(explanation.subject)), \"value\": \(DiagnosticText.json(explanation.value)), "
                        + "\"min\": \(DiagnosticText.json(explanation.minimum)), \"max\": \(DiagnosticText.json(explanation.maximum)), "
                        + "\"determined\": \(explanation.isDetermined), \"reasons\": [" + reasons.joined(separator: ", ") + "]}"
                }.joined(separator: ", ") + "]")
            }
            if !sensitivities.isEmpty {
                fields.append("\"sensitivity\": [" + sensitivities.map { range in
                    func limit(_ limit: SensitivityRange<Constraint>.Limit?) -> String {
                        guard let limit else { return "null" }
                        let id = limit.constraint.map { DiagnosticText.quoted(Self.id($0)) } ?? "null"
                        return "{\"id\": \(id), \"event\": \"\(limit.event.rawValue)\"}"
                    }
                    return "{\"id\": \(DiagnosticText.quoted(Self.id(range.constraint))), \"constant\": \(DiagnosticText.json(range.constant)), "
                        + "\"min\": \(DiagnosticText.json(range.lowerBound)), \"max\": \(DiagnosticText.json(range.upperBound)), "
                        + "\"below\": \(limit(range.lowerLimit)), \"above\": \(limit(range.upperLimit))}"
                }.joined(separator: ", ") + "]")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }

        /// A constraint's id (its label), or its text.
        static func id(_ constraint: Constraint) -> String { constraint.label ?? constraint.description }

        /// How a constraint is named in the text report: its id, with its relation.
        static func name(_ constraint: Constraint) -> String {
            let body = "\(constraint.expression) \(constraint.relation) 0"
            return constraint.label.map { "\($0): \(body)" } ?? body
        }

        static func name(_ limit: SensitivityRange<Constraint>.Limit) -> String {
            "\(limit.constraint.map { name($0) } ?? "a variable bound") \(limit.event.rawValue)"
        }
    }

    /// Builds a `Solver` for the document: its constraints (labelled with their ids) and edit
    /// variables, nothing solved yet.
    ///
    /// ```swift
    /// let (solver, variables) = try system.makeSolver()
    /// try solver.solve()
    /// solver.value(of: variables["x"]!)
    /// ```
    /// - Throws: `TrellisError` for a constraint the solver rejects.
    public func makeSolver() throws -> (solver: Solver, variables: [String: Variable]) {
        var variableByName: [String: Variable] = [:]
        for name in variables { variableByName[name] = Variable(name) }
        let solver = Solver()
        var built: [Constraint] = []
        built.reserveCapacity(constraints.count)
        for entry in constraints {
            let terms = entry.terms.map { Term(variableByName[$0.variable]!, $0.coefficient) }
            let strength: Strength = entry.weight.map { .weight($0) } ?? .required
            built.append(Constraint(LinearExpression(terms, constant: entry.constant), entry.relation, strength: strength, label: entry.id))
        }
        try solver.add(built)
        for edit in edits {
            try solver.addEditVariable(variableByName[edit.variable]!, strength: .weight(edit.weight))
        }
        return (solver, variableByName)
    }

    /// Solves the document (all its steps) and diagnoses the final state. See ``Diagnosis``.
    ///
    /// ```swift
    /// var options = LinearSystem.DiagnosisOptions()
    /// options.explain = ["x"]
    /// let diagnosis = try system.diagnose(options)
    /// diagnosis.ambiguity?.isAmbiguous
    /// ```
    /// - Throws: ``LinearSystemError`` for a variable or constraint id in `options` the document
    ///   does not have; `TrellisError.numericalFailure(_:)` or `TrellisError.limitExceeded(_:)`.
    ///   Conflicts are a result, not an error.
    public func diagnose(_ options: DiagnosisOptions = DiagnosisOptions()) throws -> Diagnosis {
        let (solver, variableByName) = try makeSolver()
        solver.timeLimitMilliseconds = options.timeLimitMilliseconds
        let byID = Dictionary(solver.constraints.compactMap { c in c.label.map { ($0, c) } }, uniquingKeysWith: { a, _ in a })
        for name in options.explain where variableByName[name] == nil {
            throw LinearSystemError("explain: unknown variable \"\(name)\"")
        }
        for name in options.sensitivity where byID[name] == nil && !(variableByName[name].map(solver.hasEditVariable) ?? false) {
            throw LinearSystemError("sensitivity: \"\(name)\" is neither a constraint id nor an edit variable")
        }
        var diagnosis = Diagnosis(status: .optimal, stepsApplied: 0, objective: nil, conflicts: [], recovery: nil,
                                  violations: [], ambiguity: nil, explanations: [], sensitivities: [])
        let clock = ContinuousClock()
        func timed<T>(_ phase: String, _ work: () throws -> T) rethrows -> T {
            let start = clock.now
            defer {
                let elapsed = start.duration(to: clock.now)
                let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
                if let index = diagnosis.timings.firstIndex(where: { $0.phase == phase }) {
                    diagnosis.timings[index].milliseconds += milliseconds
                } else {
                    diagnosis.timings.append((phase, milliseconds))
                }
            }
            return try work()
        }
        do {
            try timed("solve") {
                try solver.solve()
                for step in steps {
                    for (name, value) in step { try solver.suggest(variableByName[name]!, value: value) }
                    try solver.solve()
                    diagnosis.stepsApplied += 1
                }
            }
        } catch TrellisError.unsatisfiable {
            diagnosis.status = .unsatisfiable
            diagnosis.conflicts = try timed("conflicts") { try solver.conflicts().map { $0.map { $0.label ?? $0.description } } }
            if options.recover, let recovery = try timed("recovery", { try solver.solveRecoveringFromConflicts() }) {
                diagnosis.recovery = recovery
                diagnosis.objective = solver.objective
                diagnosis.violations = timed("violations") { solver.violations() }
            }
            return diagnosis
        }
        diagnosis.objective = solver.objective
        diagnosis.violations = timed("violations") { solver.violations() }
        if options.ambiguity {
            diagnosis.ambiguity = try timed("ambiguity") { try solver.ambiguityReport(for: variables.map { variableByName[$0]! }) }
        }
        for name in options.explain {
            diagnosis.explanations.append(try timed("explain") { try solver.explain(variableByName[name]!) })
        }
        for name in options.sensitivity {
            let range = try timed("sensitivity") {
                if let constraint = byID[name] { return try solver.sensitivity(of: constraint) }
                return try solver.sensitivity(ofSuggestionFor: variableByName[name]!)
            }
            diagnosis.sensitivities.append(range)
        }
        return diagnosis
    }
}
