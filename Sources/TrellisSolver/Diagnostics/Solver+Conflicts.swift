// Diagnostics, conflicts: an analysis asked for explicitly (see Solver+DiagnosticSystem.swift).
extension Solver {
    /// The minimal conflicting sets of required constraints: one per independent part of the
    /// system whose required constraints cannot all hold (empty when they can). Each set is
    /// infeasible, and feasible again without any one of its members.
    ///
    /// Unlike ``solve()``, which stops at the first conflict, this examines every component.
    /// Soft constraints never conflict (they can always give way).
    ///
    /// ```swift
    /// let x = Variable("x"), y = Variable("y")
    /// let solver = Solver()
    /// try solver.add([(x >= 10).labeled("x min"), (x <= 5).labeled("x max"),
    ///                 (y == 1).labeled("y one"), (y == 2).labeled("y two")])
    /// let conflicts = try solver.conflicts()
    /// conflicts.map { $0.compactMap(\.label) }   // [["x min", "x max"], ["y one", "y two"]] (some order)
    /// ```
    /// - Throws: ``TrellisError/numericalFailure(_:)`` only.
    public func conflicts() throws -> [[Constraint]] {
        let system = diagnosticSystem()
        var result: [[Constraint]] = []
        for constraint in system.constantOnly.sorted(by: { $0.canonicallyPrecedes($1) })
        where constraint.strength.isRequired && residual(of: constraint, constant: constraint.expression.constant) > 0 {
            result.append([constraint])
        }
        for component in system.components {
            let required = component.constraints.filter(\.strength.isRequired)
            guard !required.isEmpty else { continue }
            for part in Component.partition(required) {
                let constants = part.constraints.map(\.expression.constant)
                if try DiagnosticModel.make(component: part, constants: constants, reduced: true,
                                            timeLimit: timeLimitMilliseconds) == nil {
                    result.append(try ConflictFinder(constraints: part.constraints, timeLimit: timeLimitMilliseconds).minimalConflict())
                }
            }
        }
        return result
    }

    /// Solves like ``solve()``; when required constraints conflict, **recovers** the way Auto
    /// Layout does, but exactly: the members of each minimal conflict are relaxed to `priority`
    /// (999 by default: above every soft constraint, below required), the system is solved again
    /// (repeatedly, if relaxing one conflict reveals another), and the report says what was broken.
    ///
    /// Opt-in: ``solve()`` never does this. The solver's constraints are left as they were given
    /// (still required): only the values (``value(of:)``) are those of the relaxed system, so a
    /// later plain ``solve()`` throws the conflict again.
    ///
    /// ```swift
    /// let width = Variable("width")
    /// let solver = Solver()
    /// try solver.add([(width == 300).labeled("fixed width"), (width <= 200).labeled("max width")])
    /// let recovery = try solver.solveRecoveringFromConflicts()
    /// recovery?.broken.first?.amount     // 100: one of the two gives way by 100
    /// ```
    /// - Returns: nil when there was no conflict (a plain solve succeeded), else the report.
    /// - Throws: ``TrellisError/invalidStrength(_:)`` for a priority outside 1..<1000, or what
    ///   ``solve()`` throws other than a conflict. The constraints are restored in any case.
    @discardableResult
    public func solveRecoveringFromConflicts(relaxingTo priority: Priority = Priority.required - 1) throws -> ConflictRecovery<Constraint>? {
        guard priority.isValid, !priority.isRequired else {
            throw TrellisError.invalidStrength("recovery priority \(priority) is outside 1..<1000")
        }
        var conflicts: [[Constraint]] = []
        do {
            try solve()
            return nil
        } catch TrellisError.unsatisfiable(let conflict) {
            conflicts.append(conflict)
        }
        var replaced: [(original: Constraint, relaxed: Constraint)] = []
        var relaxedIDs = Set<ObjectIdentifier>()
        func restore() {
            // Cannot fail: each relaxed copy is present, each original was removed and is valid.
            for (original, relaxed) in replaced.reversed() {
                try? remove(relaxed)
                try? add(original)
            }
        }
        do {
            var pending = conflicts[0]
            while true {
                for constraint in pending where relaxedIDs.insert(ObjectIdentifier(constraint)).inserted {
                    let relaxed = constraint.with(strength: .priority(priority))
                    try remove(constraint)
                    replaced.append((constraint, relaxed))
                    try add(relaxed)
                }
                do {
                    try solve()
                    break
                } catch TrellisError.unsatisfiable(let next) {
                    conflicts.append(next)
                    pending = next
                }
            }
        } catch {
            restore()
            throw error
        }
        var broken: [Violation<Constraint>] = []
        for (original, relaxed) in replaced {
            let amount = residual(of: relaxed, constant: relaxed.expression.constant)
            if amount > 0 { broken.append(Violation(constraint: original, amount: amount)) }
        }
        restore()
        return ConflictRecovery(conflicts: conflicts, relaxed: replaced.map(\.original), broken: broken, priority: priority)
    }
}
