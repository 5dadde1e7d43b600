// Diagnostics, ambiguity: an analysis asked for explicitly (see Solver+DiagnosticSystem.swift).
extension Solver {
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
    public func ambiguityReport(for variables: [Variable]? = nil) throws -> AmbiguityReport<Variable> {
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

    private func ambiguity(of variables: [Variable]?, stopAtFirst: Bool) throws -> AmbiguityReport<Variable> {
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

        var entries: [AmbiguityReport<Variable>.Entry] = []
        var certified = 0
        var runs = 0
        var byComponent: [Int: [Variable]] = [:]
        for variable in targets {
            if let index = system.componentOfVariable[variable.id] {
                byComponent[index, default: []].append(variable)
            } else {
                entries.append(.init(subject: variable, value: value(of: variable), minimum: -.infinity, maximum: .infinity))
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
            var found: [AmbiguityReport<Variable>.Entry] = []
            var groupCertified = 0
            try Self.rangeCandidates(candidates.map { (variable: $0.variable, form: forms[$0.position]!) }, model: model,
                                     value: { self.value(of: $0) }, stopAtFirst: stopAtFirst,
                                     found: &found, groupCertified: &groupCertified)
            entries += found
            certified += groupCertified
            if stopAtFirst && !found.isEmpty { runs += model.faceRuns; break componentLoop }
            runs += model.faceRuns
        }
        entries.sort { $0.subject.id < $1.subject.id }
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
                                        found: inout [AmbiguityReport<Variable>.Entry], groupCertified: inout Int) throws {
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
                found.append(.init(subject: variable, value: current, minimum: low, maximum: high))
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
}
