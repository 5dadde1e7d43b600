/// Diagnostics: conflicts, recovery, violations, ambiguity, explanations and sensitivity.
///
/// None of this runs during ``Solver/solve()``: each diagnostic is a separate analysis, asked for
/// explicitly, that rebuilds the LP of the component(s) it needs from the solver's constraints
/// (same lowering, same priority levels) and studies its optimal basis. A diagnostic that needs
/// the optimum brings the solution up to date first (it calls ``Solver/solve()``, which does
/// nothing when nothing changed), so it throws what `solve()` throws.
extension Solver {
    // MARK: - The system as diagnostics see it

    /// The solver's rows split into components, with the constants they are solved with.
    struct DiagnosticSystem {
        var components: [Component]
        /// Constraints without terms.
        var constantOnly: [Constraint]
        /// The constant of every row (edit rows: minus the suggestion).
        var constantOf: [ObjectIdentifier: Double]
        /// Edit rows → their edit variable.
        var editVariableOf: [ObjectIdentifier: Variable]
        /// Variable id → index into ``components``.
        var componentOfVariable: [UInt64: Int]

        func constants(of component: Component) -> [Double] {
            component.constraints.map { constantOf[ObjectIdentifier($0)]! }
        }

        func componentIndex(of constraint: Constraint) -> Int? {
            constraint.expression.terms.first.flatMap { componentOfVariable[$0.variable.id] }
        }
    }

    /// Every constraint and edit row of the solver, partitioned like ``solve()`` does.
    func diagnosticSystem() -> DiagnosticSystem {
        var withTerms: [Constraint] = []
        var constantOnly: [Constraint] = []
        var constantOf: [ObjectIdentifier: Double] = [:]
        var editVariableOf: [ObjectIdentifier: Variable] = [:]
        for constraint in constraints {
            constantOf[ObjectIdentifier(constraint)] = constraint.expression.constant
            if constraint.expression.terms.isEmpty { constantOnly.append(constraint) } else { withTerms.append(constraint) }
        }
        for edit in edits.values {
            constantOf[ObjectIdentifier(edit.constraint)] = -edit.value
            editVariableOf[ObjectIdentifier(edit.constraint)] = edit.variable
            withTerms.append(edit.constraint)
        }
        let components = Component.partition(withTerms)
        var componentOfVariable: [UInt64: Int] = [:]
        for (index, component) in components.enumerated() {
            for variable in component.variables { componentOfVariable[variable.id] = index }
        }
        return DiagnosticSystem(components: components, constantOnly: constantOnly, constantOf: constantOf,
                                editVariableOf: editVariableOf, componentOfVariable: componentOfVariable)
    }

    /// The diagnostic model of a component, which must be feasible (the caller solved first).
    private func feasibleModel(_ component: Component, system: DiagnosticSystem, reduced: Bool,
                               recordsPressure: Bool = false) throws -> DiagnosticModel {
        guard let model = try DiagnosticModel.make(component: component, constants: system.constants(of: component),
                                                   reduced: reduced, recordsPressure: recordsPressure,
                                                   timeLimit: timeLimitMilliseconds) else {
            throw TrellisError.numericalFailure("a component that solved is infeasible when rebuilt for diagnostics")
        }
        return model
    }

    /// Residual and scale of a row with the given constant at the solver's values.
    private func residual(of constraint: Constraint, constant: Double) -> Double {
        var sum = constant
        var scale = abs(constant)
        for term in constraint.expression.terms {
            let product = term.coefficient * value(of: term.variable)
            sum += product
            scale += abs(product)
        }
        let raw = constraint.relation.violation(of: sum)
        // Simplex values are exact to about 1e-9 of the row's magnitude: below that is noise.
        return raw <= 1e-9 * max(1, scale) ? 0 : raw
    }

    // MARK: - Conflicts

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
    public func solveRecoveringFromConflicts(relaxingTo priority: Priority = Priority.required - 1) throws -> ConflictRecovery? {
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
        var broken: [Violation] = []
        for (original, relaxed) in replaced {
            let amount = residual(of: relaxed, constant: relaxed.expression.constant)
            if amount > 0 { broken.append(Violation(constraint: original, amount: amount)) }
        }
        restore()
        return ConflictRecovery(conflicts: conflicts, relaxed: replaced.map(\.original), broken: broken, priority: priority)
    }

    // MARK: - Violations

    /// The soft constraints (edit rows included) that do not hold at the values of the last
    /// successful ``solve()``: highest priority level first, then largest cost first.
    ///
    /// No LP is solved: this reads the current values. Differences below about 1e-9 of a row's
    /// magnitude are floating-point noise and do not count.
    ///
    /// ```swift
    /// let x = Variable("x")
    /// let solver = Solver()
    /// try solver.add(x <= 10)
    /// try solver.add((x >= 40) ~~ .priority(.defaultHigh))
    /// try solver.add((x == 0) ~~ .priority(.defaultLow))
    /// try solver.solve()
    /// solver.violations().map(\.amount)   // [30, 10]: @750 first, then @250
    /// ```
    public func violations() -> [Violation] {
        var result: [Violation] = []
        for constraint in constraints where !constraint.strength.isRequired {
            let amount = residual(of: constraint, constant: constraint.expression.constant)
            if amount > 0 { result.append(Violation(constraint: constraint, amount: amount)) }
        }
        for edit in edits.values {
            let amount = residual(of: edit.constraint, constant: -edit.value)
            if amount > 0 { result.append(Violation(constraint: edit.constraint, amount: amount, editVariable: edit.variable)) }
        }
        return result.sorted { a, b in
            if a.strength.level != b.strength.level { return a.strength.level > b.strength.level }
            if a.cost != b.cost { return a.cost > b.cost }
            return a.constraint.canonicallyPrecedes(b.constraint)
        }
    }

    // MARK: - Ambiguity

    /// Which variables the constraints leave undetermined, with the range each can take over the
    /// optimal solutions.
    ///
    /// Cheap certificates come first: a variable fixed by presolve, or one that no free direction
    /// of the optimal face moves, is unique without further work. Each remaining candidate is
    /// minimised and maximised over the optimal face (two warm-started LPs); it is reported when
    /// its range exceeds 1e-7 × max(1, |value|).
    ///
    /// ```swift
    /// let a = Variable("a"), b = Variable("b"), c = Variable("c")
    /// let solver = Solver()
    /// try solver.add([a + b == 100, a >= 10, b >= 20, c == 5])
    /// let report = try solver.ambiguityReport()
    /// report[a].map { ($0.minimum, $0.maximum) }   // (10, 80)
    /// report[c]                                    // nil: c is determined
    /// ```
    /// - Parameter variables: the variables to examine; nil (the default) for every variable of
    ///   the solver's constraints and edit variables. A variable the solver does not know is
    ///   unconstrained: reported with range (-∞, ∞).
    /// - Throws: what ``solve()`` throws.
    public func ambiguityReport(for variables: [Variable]? = nil) throws -> AmbiguityReport {
        try ambiguity(of: variables, stopAtFirst: false)
    }

    /// Whether some variable of the system is undetermined: the same analysis as
    /// ``ambiguityReport(for:)``, stopping at the first undetermined variable.
    ///
    /// ```swift
    /// let x = Variable("x"), y = Variable("y")
    /// let solver = Solver()
    /// try solver.add(x + y == 10)
    /// try solver.hasAmbiguousSolution   // true
    /// ```
    public var hasAmbiguousSolution: Bool {
        get throws { try ambiguity(of: nil, stopAtFirst: true).isAmbiguous }
    }

    /// Whether some of `variables` is undetermined (a variable the solver does not know is):
    /// ``ambiguityReport(for:)`` restricted to them, stopping at the first undetermined one.
    ///
    /// ```swift
    /// let x = Variable("x"), y = Variable("y"), z = Variable("z")
    /// let solver = Solver()
    /// try solver.add([x + y == 10, z == 3])
    /// try solver.hasAmbiguity(among: [z])      // false
    /// try solver.hasAmbiguity(among: [x, z])   // true
    /// ```
    public func hasAmbiguity(among variables: [Variable]) throws -> Bool {
        try ambiguity(of: variables, stopAtFirst: true).isAmbiguous
    }

    /// The smallest and largest value `expression` takes over all optimal solutions (equal when
    /// it is determined; ±infinity when unbounded).
    ///
    /// ```swift
    /// let a = Variable("a"), b = Variable("b")
    /// let solver = Solver()
    /// try solver.add([a + b == 100, a >= 10, b >= 20])
    /// try solver.range(of: a - b)   // (minimum: -80, maximum: 60)
    /// try solver.range(of: a + b)   // (minimum: 100, maximum: 100)
    /// ```
    /// - Throws: what ``solve()`` throws.
    public func range(of expression: LinearExpression) throws -> (minimum: Double, maximum: Double) {
        try solve()
        let reduced = expression.reduced()
        let system = diagnosticSystem()
        var low = reduced.constant, high = reduced.constant
        var byComponent: [Int: [(position: Int, coefficient: Double)]] = [:]
        for term in reduced.terms {
            guard let index = system.componentOfVariable[term.variable.id] else {
                return (-.infinity, .infinity)   // unconstrained
            }
            let position = system.components[index].variables.firstIndex { $0 === term.variable }!
            byComponent[index, default: []].append((position, term.coefficient))
        }
        for (index, terms) in byComponent.sorted(by: { $0.key < $1.key }) {
            let model = try feasibleModel(system.components[index], system: system, reduced: true)
            let forms = model.forms(ofVariables: terms.map(\.position))
            var constant = 0.0
            var combined: [Int: Double] = [:]
            for (position, coefficient) in terms {
                let form = forms[position]!
                constant += coefficient * form.constant
                for (variable, a) in form.terms { combined[variable, default: 0] += coefficient * a }
            }
            let part = try model.range(constant: constant, terms: combined)
            low += part.minimum
            high += part.maximum
        }
        return (low, high)
    }

    private func ambiguity(of variables: [Variable]?, stopAtFirst: Bool) throws -> AmbiguityReport {
        try solve()
        let system = diagnosticSystem()
        var targets: [Variable]
        if let variables {
            var seen = Set<UInt64>()
            targets = variables.filter { seen.insert($0.id).inserted }
        } else {
            targets = system.components.flatMap(\.variables)
        }
        targets.sort { $0.id < $1.id }

        var entries: [AmbiguityReport.Entry] = []
        var certified = 0
        var runs = 0
        var byComponent: [Int: [Variable]] = [:]
        for variable in targets {
            if let index = system.componentOfVariable[variable.id] {
                byComponent[index, default: []].append(variable)
            } else {
                entries.append(.init(variable: variable, value: value(of: variable), minimum: -.infinity, maximum: .infinity))
                if stopAtFirst { return AmbiguityReport(entries: entries, checkedCount: targets.count, certifiedCount: 0, linearProgramCount: 0) }
            }
        }
        componentLoop: for (index, variables) in byComponent.sorted(by: { $0.key < $1.key }) {
            let component = system.components[index]
            let model = try feasibleModel(component, system: system, reduced: true)
            let certain = try model.certainVariables()
            var position: [UInt64: Int] = [:]
            for (p, variable) in component.variables.enumerated() { position[variable.id] = p }
            var candidates: [(variable: Variable, position: Int)] = []
            for variable in variables {
                let p = position[variable.id]!
                if certain[p] { certified += 1 } else { candidates.append((variable, p)) }
            }
            let forms = model.forms(ofVariables: candidates.map(\.position))
            var found: [AmbiguityReport.Entry] = []
            var groupCertified = 0
            try Self.rangeCandidates(candidates.map { (variable: $0.variable, form: forms[$0.position]!) }, model: model,
                                     value: { self.value(of: $0) }, stopAtFirst: stopAtFirst,
                                     found: &found, groupCertified: &groupCertified)
            entries += found
            certified += groupCertified
            if stopAtFirst && !found.isEmpty { runs += model.faceRuns; break componentLoop }
            runs += model.faceRuns
        }
        entries.sort { $0.variable.id < $1.variable.id }
        return AmbiguityReport(entries: entries, checkedCount: targets.count, certifiedCount: certified, linearProgramCount: runs)
    }

    /// Finds which candidates are undetermined and their ranges, with few LPs.
    ///
    /// Group test: minimise and maximise one generic positive combination `Σ cₖ xₖ` of all the
    /// pending candidates over the optimal face. A candidate that differs between the two optimal
    /// points is undetermined (the two points prove it) and is then ranged on its own (two LPs).
    /// When no candidate differs, the combination is constant over the face, and with generic
    /// weights (no layout direction is orthogonal to them) so is every candidate: the group is
    /// certified at once. Otherwise the test repeats on those not yet shown undetermined. The
    /// cost is about 2 + 4 × (number of undetermined candidates) LPs instead of 2 per candidate.
    private static func rangeCandidates(_ candidates: [(variable: Variable, form: (constant: Double, terms: [Int: Double]))],
                                        model: DiagnosticModel, value: (Variable) -> Double, stopAtFirst: Bool,
                                        found: inout [AmbiguityReport.Entry], groupCertified: inout Int) throws {
        struct Pending {
            let variable: Variable
            let columns: [(column: Int, coefficient: Double)]
            let constant: Double
            let current: Double
            let weight: Double
        }
        func threshold(_ value: Double) -> Double { 1e-7 * max(1, abs(value)) }
        func record(_ variable: Variable, _ current: Double, _ low: Double, _ high: Double) {
            if high - low > threshold(current) {
                found.append(.init(variable: variable, value: current, minimum: low, maximum: high))
            }
        }
        var pending: [Pending] = []
        for (variable, form) in candidates {
            let current = value(variable)
            let (columns, low, high) = model.split(constant: form.constant, terms: form.terms)
            if columns.isEmpty || !(low.isFinite && high.isFinite) || high - low > threshold(current) {
                // Nothing to optimise, or already known to move (a free variable in its form).
                let range = columns.isEmpty ? (low, high) : try model.range(constant: form.constant, terms: form.terms)
                record(variable, current, range.0, range.1)
                if columns.isEmpty && range.1 - range.0 <= threshold(current) { groupCertified += 1 }
                if stopAtFirst && !found.isEmpty { return }
                continue
            }
            // Generic weights in [1, 2): the fractional parts of multiples of the golden ratio.
            let weight = 1 + (Double(variable.id % 1_000_003) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
            pending.append(Pending(variable: variable, columns: columns, constant: low, current: current, weight: weight))
        }
        while !pending.isEmpty {
            var combined: [Int: Double] = [:]
            for item in pending {
                for (column, coefficient) in item.columns { combined[column, default: 0] += item.weight * coefficient }
            }
            let terms = combined.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { (column: $0.key, coefficient: $0.value) }
            var points: [[Double]] = []
            var bounded = !terms.isEmpty
            if bounded {
                for sign in [1.0, -1.0] {
                    let extreme = try model.optimize(terms, sign: sign, wantDuals: false)
                    guard extreme.value.isFinite else { bounded = false; break }
                    points.append(pending.map { $0.constant + model.currentValue(of: $0.columns) })
                }
            }
            var differing: [Int] = []
            if bounded {
                for (index, item) in pending.enumerated() where abs(points[1][index] - points[0][index]) > threshold(item.current) {
                    differing.append(index)
                }
            } else {
                differing = Array(pending.indices)   // an unbounded combination: range each one
            }
            if differing.isEmpty {
                groupCertified += pending.count
                return
            }
            for index in differing {
                let item = pending[index]
                let low = try model.optimize(item.columns, sign: 1, wantDuals: false).value
                let high = try model.optimize(item.columns, sign: -1, wantDuals: false).value
                record(item.variable, item.current, item.constant + low, item.constant + high)
                if stopAtFirst && !found.isEmpty { return }
            }
            let proven = Set(differing)
            pending = pending.enumerated().filter { !proven.contains($0.offset) }.map(\.element)
        }
    }

    // MARK: - Explain

    /// Why `variable` has its value: the binding constraints it depends on, with how it moves
    /// per unit of each one's constant and each one's price. See ``Explanation``.
    ///
    /// ```swift
    /// let x = Variable("x"), y = Variable("y")
    /// let solver = Solver()
    /// try solver.add((y == 10).labeled("y is 10"))
    /// try solver.add((x >= y + 5).labeled("gap"))
    /// try solver.add(((x == 0) ~~ .weight(1)).labeled("x small"))
    /// let why = try solver.explain(x)
    /// why.value                                 // 15
    /// why.reasons.compactMap(\.constraint.label) // ["y is 10", "gap", "x small"]
    /// why.reasons.last?.role                    // .broken: its cost keeps x from growing past the gap
    /// ```
    /// - Throws: what ``solve()`` throws.
    public func explain(_ variable: Variable) throws -> Explanation {
        try explain(LinearExpression(variable), subject: variable.description)
    }

    /// Why `expression` (for example a right edge `left + width`) has its value. See ``explain(_:)-(Variable)``.
    ///
    /// ```swift
    /// let why = try solver.explain(left + width, subject: "right edge")
    /// ```
    /// - Parameters:
    ///   - expression: The quantity to explain, e.g. a right edge `left + width`.
    ///   - subject: how to name the expression in the text (its description by default).
    public func explain(_ expression: LinearExpression, subject: String? = nil) throws -> Explanation {
        try solve()
        let reduced = expression.reduced()
        let system = diagnosticSystem()
        var value = reduced.constant
        var minimum = reduced.constant, maximum = reduced.constant
        var byComponent: [Int: [(position: Int, coefficient: Double)]] = [:]
        for term in reduced.terms {
            value += term.coefficient * self.value(of: term.variable)
            guard let index = system.componentOfVariable[term.variable.id] else {
                // A variable no constraint names: anything goes.
                minimum = -.infinity
                maximum = .infinity
                continue
            }
            let position = system.components[index].variables.firstIndex { $0 === term.variable }!
            byComponent[index, default: []].append((position, term.coefficient))
        }

        struct Gathered {
            var constraint: Constraint
            var below: Double?
            var above: Double?
            var violation: Double
            var priceLevel: Float?
            var price: Double
        }
        var gathered: [Gathered] = []
        for (index, terms) in byComponent.sorted(by: { $0.key < $1.key }) {
            let component = system.components[index]
            let model = try feasibleModel(component, system: system, reduced: false, recordsPressure: true)
            let columns = terms.map { (column: model.columnOfVariable[$0.position], coefficient: $0.coefficient) }
            precondition(model.lp != nil && columns.allSatisfy { $0.column >= 0 }, "explain: a variable of an unreduced model has no column")
            let low = try model.optimize(columns, sign: 1, wantDuals: true)
            let high = try model.optimize(columns, sign: -1, wantDuals: true)
            minimum += low.value
            maximum += high.value
            var slot: [Int: Int] = [:]   // LP row → index into gathered
            func gather(_ row: Int) -> Int {
                if let index = slot[row] { return index }
                let source = model.source(ofRow: row)
                let constraint = component.constraints[source]
                let price = model.prices[row]
                slot[row] = gathered.count
                gathered.append(Gathered(constraint: constraint, below: nil, above: nil,
                                         violation: residual(of: constraint, constant: model.constants[source]),
                                         priceLevel: price?.level, price: price.map { -$0.dual + 0 } ?? 0))
                return gathered.count - 1
            }
            for (extreme, isBelow) in [(low, true), (high, false)] {
                for (row, dual) in extreme.rowDuals.sorted(by: { $0.key < $1.key }) {
                    let index = gather(row)
                    // The row's right-hand side is -constant: d value / d constant = -dual.
                    if isBelow { gathered[index].below = -dual + 0 } else { gathered[index].above = -dual + 0 }
                }
                // Soft constraints whose cost holds the value at this end (typically broken ones
                // pushing it against a limit): they bind it although their own rows have no dual
                // here, so the value does not follow their constants (sensitivity 0).
                for row in extreme.pressureRows {
                    let index = gather(row)
                    if isBelow { gathered[index].below = gathered[index].below ?? 0 } else { gathered[index].above = gathered[index].above ?? 0 }
                }
            }
        }

        var reasons: [Explanation.Reason] = []
        for item in gathered {
            let role: Explanation.Role = item.constraint.strength.isRequired ? .required : (item.violation > 0 ? .broken : .holding)
            let side: Explanation.Side
            let sensitivity: Double
            switch (item.below, item.above) {
            case (let b?, _?): side = .both; sensitivity = b
            case (let b?, nil): side = .below; sensitivity = b
            case (nil, let a?): side = .above; sensitivity = a
            case (nil, nil): continue
            }
            reasons.append(Explanation.Reason(constraint: item.constraint, role: role, violation: item.violation, side: side,
                                              sensitivity: sensitivity, price: item.price, priceLevel: item.priceLevel))
        }
        reasons.sort { a, b in
            let ra = a.constraint.strength.isRequired, rb = b.constraint.strength.isRequired
            if ra != rb { return ra }
            if a.constraint.strength.level != b.constraint.strength.level { return a.constraint.strength.level > b.constraint.strength.level }
            if abs(a.sensitivity) != abs(b.sensitivity) { return abs(a.sensitivity) > abs(b.sensitivity) }
            return a.constraint.canonicallyPrecedes(b.constraint)
        }
        return Explanation(subject: subject ?? reduced.description, value: value, minimum: minimum, maximum: maximum,
                           reasons: reasons)
    }

    // MARK: - Sensitivity

    /// The range of `constraint`'s constant within which the solution keeps its shape (the same
    /// constraints binding, the same ones broken; values move linearly), and what changes at
    /// each end. See ``SensitivityRange``.
    ///
    /// ```swift
    /// let w = Variable("w"), a = Variable("a"), b = Variable("b")
    /// let solver = Solver()
    /// let width = (w == 400).labeled("width")
    /// try solver.add([width, (a + b == w), (a >= 100), ((b == 200) ~~ .weight(1))])
    /// let range = try solver.sensitivity(of: width)
    /// range.valueRange.lower   // 300: below it, b's preference would need a < 100
    /// ```
    /// - Throws: ``TrellisError/unknownConstraint(_:)``, or what ``solve()`` throws.
    public func sensitivity(of constraint: Constraint) throws -> SensitivityRange {
        let isEdit = edits.values.contains { $0.constraint === constraint }
        guard isEdit || hasConstraint(constraint) else { throw TrellisError.unknownConstraint(constraint) }
        try solve()
        let system = diagnosticSystem()
        let constant = system.constantOf[ObjectIdentifier(constraint)]!
        guard let index = system.componentIndex(of: constraint) else {
            // No terms: nothing moves with it; a required one only stays satisfiable.
            let (low, high): (Double, Double)
            switch (constraint.strength.isRequired, constraint.relation) {
            case (false, _): (low, high) = (-.infinity, .infinity)
            case (true, .equal): (low, high) = (0, 0)
            case (true, .lessThanOrEqual): (low, high) = (-.infinity, 0)
            case (true, .greaterThanOrEqual): (low, high) = (0, .infinity)
            }
            return SensitivityRange(constraint: constraint, constant: constant, lowerBound: low, upperBound: high,
                                    lowerLimit: nil, upperLimit: nil)
        }
        let component = system.components[index]
        let model = try feasibleModel(component, system: system, reduced: false)
        let source = component.constraints.firstIndex { $0 === constraint }!
        guard let lp = model.lp, let row = model.row(ofSource: source) else {
            throw TrellisError.numericalFailure("the constraint has no row in its rebuilt component")
        }
        let m = lp.rowCount

        func limit(for k: Int) -> SensitivityRange.Limit {
            if k < m {
                return .init(constraint: component.constraints[model.source(ofRow: k)], event: .becomesActive)
            }
            switch model.role(ofColumn: k - m) {
            case .variable: return .init(constraint: nil, event: .reachesBound)
            case .error(let errorRow): return .init(constraint: component.constraints[model.source(ofRow: errorRow)], event: .becomesSatisfied)
            }
        }

        if lp.rowIsBasic(row) {
            // The row is not binding: its constant can move until the row starts to press.
            let activity = lp.rowValue(row)
            try lp.verify()
            let itself = SensitivityRange.Limit(constraint: constraint, event: .becomesActive)
            switch constraint.relation {
            case .greaterThanOrEqual:   // activity ≥ -constant
                return SensitivityRange(constraint: constraint, constant: constant, lowerBound: min(-activity + 0, constant),
                                        upperBound: .infinity, lowerLimit: itself, upperLimit: nil)
            case .lessThanOrEqual:      // activity ≤ -constant
                return SensitivityRange(constraint: constraint, constant: constant, lowerBound: -.infinity,
                                        upperBound: max(-activity + 0, constant), lowerLimit: nil, upperLimit: itself)
            case .equal:                // a basic equality row: any move changes the basis
                return SensitivityRange(constraint: constraint, constant: constant, lowerBound: constant, upperBound: constant,
                                        lowerLimit: itself, upperLimit: itself)
            }
        }

        // Ratio test along the tableau column of the row: the row's activity (at its bound,
        // -constant) moves by δ, each basic variable by alpha × δ, within its original bounds.
        guard let column = lp.tableauColumn(ofRow: row) else {
            try lp.verify()
            throw TrellisError.numericalFailure("the optimal basis of a component could not be factorized to range a constant")
        }
        var ups: [(delta: Double, k: Int)] = [], downs: [(delta: Double, k: Int)] = []
        let magnitude = column.reduce(0.0) { max($0, abs($1.alpha)) }
        for (k, alpha) in column where abs(alpha) > 1e-12 * max(1, magnitude) {
            let bounds = model.originalBounds(ofVariable: k)
            let v = min(max(k < m ? lp.rowValue(k) : lp.columnValue(k - m), bounds.lower), bounds.upper)
            // lower ≤ v + alpha δ ≤ upper
            let up = alpha > 0 ? (bounds.upper - v) / alpha : (bounds.lower - v) / alpha
            let down = alpha > 0 ? (bounds.lower - v) / alpha : (bounds.upper - v) / alpha
            if up.isFinite { ups.append((up, k)) }
            if down.isFinite { downs.append((-down, k)) }
        }
        // The nearest limit; on a tie (several state changes at once) the most telling one: a
        // broken soft constraint coming to hold, then an inequality starting to press, then a
        // bound; among equals the constraint first in canonical order.
        func nearest(_ candidates: [(delta: Double, k: Int)]) -> (delta: Double, limit: SensitivityRange.Limit?) {
            guard let best = candidates.map(\.delta).min() else { return (.infinity, nil) }
            let tied = candidates.filter { $0.delta <= best + 1e-9 * max(1, abs(best)) }.map { limit(for: $0.k) }
            func rank(_ limit: SensitivityRange.Limit) -> Int {
                switch limit.event {
                case .becomesSatisfied: 0
                case .becomesActive: 1
                case .reachesBound: 2
                }
            }
            let chosen = tied.min { a, b in
                if rank(a) != rank(b) { return rank(a) < rank(b) }
                guard let ca = a.constraint, let cb = b.constraint else { return a.constraint != nil }
                return ca.canonicallyPrecedes(cb)
            }
            return (best, chosen)
        }
        let (deltaHigh, lowerLimit) = nearest(ups)
        let (negativeDeltaLow, upperLimit) = nearest(downs)
        let deltaLow = -negativeDeltaLow
        try lp.verify()
        // constant' = constant - δ
        return SensitivityRange(constraint: constraint, constant: constant,
                                lowerBound: constant - deltaHigh, upperBound: constant - deltaLow,
                                lowerLimit: lowerLimit, upperLimit: upperLimit)
    }

    /// The range of the suggested value of edit variable `variable` within which the solution
    /// keeps its shape. The range is that of the edit row's constant, which is minus the
    /// suggestion: read it with ``SensitivityRange/valueRange``.
    ///
    /// ```swift
    /// try solver.addEditVariable(x, strength: .weight(1000))
    /// try solver.suggest(x, value: 120)
    /// let range = try solver.sensitivity(ofSuggestionFor: x)
    /// range.valueRange     // where the suggestion may go with the same shape
    /// ```
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``, or what ``solve()`` throws.
    public func sensitivity(ofSuggestionFor variable: Variable) throws -> SensitivityRange {
        guard let edit = edits[variable.id] else { throw TrellisError.unknownEditVariable(variable) }
        return try sensitivity(of: edit.constraint)
    }
}
