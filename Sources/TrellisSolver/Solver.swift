/// An incremental solver for linear constraints with strengths, backed by GLPK.
///
/// Add constraints, optionally declare edit variables and suggest values for them, then
/// ``solve()`` and read values:
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let solver = Solver()
/// try solver.add(x + y == 100)
/// try solver.add((x == 3 * y) ~~ .weight(10))
/// try solver.addEditVariable(x, strength: .weight(1_000_000))
/// try solver.suggest(x, value: 80)
/// try solver.solve()
/// solver.value(of: x)   // 80
/// solver.value(of: y)   // 20
/// ```
///
/// **Semantics.** Required constraints must hold. A soft constraint that cannot hold costs
/// `weight × violation`; soft constraints are optimised level by level (see ``Strength``), and
/// within a level the total cost is minimised exactly (an LP optimum, not a local one).
///
/// **Determinism.** Results do not depend on the order in which constraints were added. Where
/// several solutions are optimal (an ambiguous system), the one returned is the simplex vertex
/// reached from a canonical ordering of rows (by content) and columns (by variable creation),
/// so the same system always gives the same values.
///
/// **Incrementality.** The system is split into independent components (sets of constraints
/// that share variables); ``solve()`` re-solves only components touched since the last solve.
///
/// **Errors lose nothing.** A call that throws leaves the solver as it was before the call.
///
/// A `Solver` is not thread-safe: use it from one task or thread at a time. GLPK objects never
/// outlive a single synchronous call, so separate solvers can run on separate threads.
public final class Solver {
    private struct Edit {
        let variable: Variable
        let strength: Strength
        var constraint: Constraint
    }

    private var constraintsByID: [ObjectIdentifier: Constraint] = [:]
    private var edits: [UInt64: Edit] = [:]
    private var values: [UInt64: Double] = [:]
    private var dirty: Set<UInt64> = []
    private var allDirty = true
    private var lastObjective = 0.0

    /// An optional wall-clock budget for each component's simplex runs, in milliseconds.
    /// Exceeding it makes ``solve()`` throw ``TrellisError/numericalFailure(_:)`` naming the limit.
    public var timeLimitMilliseconds: Int?

    /// Creates an empty solver.
    public init() {}

    // MARK: - Constraints

    /// Adds a constraint.
    ///
    /// Only the constraint itself is checked here (numbers and strength); whether the required
    /// constraints can hold together is found out by ``solve()``.
    /// - Throws: ``TrellisError/duplicateConstraint(_:)`` if it was added already,
    ///   ``TrellisError/invalidNumber(_:)`` for a NaN, infinite, subnormal or out-of-range number,
    ///   ``TrellisError/invalidStrength(_:)`` for an unusable weight or priority. Nothing is added then.
    public func add(_ constraint: Constraint) throws {
        try validate(constraint)
        constraintsByID[ObjectIdentifier(constraint)] = constraint
        touch(constraint)
    }

    /// Adds several constraints, all or none: if any is rejected, none is added.
    public func add(_ constraints: [Constraint]) throws {
        var seen = Set<ObjectIdentifier>()
        for constraint in constraints {
            try validate(constraint)
            guard seen.insert(ObjectIdentifier(constraint)).inserted else {
                throw TrellisError.duplicateConstraint(constraint)
            }
        }
        for constraint in constraints {
            constraintsByID[ObjectIdentifier(constraint)] = constraint
            touch(constraint)
        }
    }

    /// Removes a constraint.
    /// - Throws: ``TrellisError/unknownConstraint(_:)`` if it is not in the solver.
    public func remove(_ constraint: Constraint) throws {
        guard constraintsByID.removeValue(forKey: ObjectIdentifier(constraint)) != nil else {
            throw TrellisError.unknownConstraint(constraint)
        }
        touch(constraint)
    }

    /// Whether this very constraint object was added (and not removed).
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraintsByID[ObjectIdentifier(constraint)] != nil
    }

    /// The constraints in the solver (edit variables excluded), in no particular order.
    public var constraints: [Constraint] { Array(constraintsByID.values) }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: a soft `variable == suggested value` at `strength`
    /// (the suggested value is 0 until ``suggest(_:value:)`` is called).
    /// - Throws: ``TrellisError/requiredEditStrength(_:)`` for a required strength,
    ///   ``TrellisError/duplicateEditVariable(_:)``, ``TrellisError/invalidStrength(_:)``.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        if strength.isRequired { throw TrellisError.requiredEditStrength(variable) }
        if let problem = strength.problem { throw TrellisError.invalidStrength("edit variable \(variable): \(problem)") }
        guard edits[variable.id] == nil else { throw TrellisError.duplicateEditVariable(variable) }
        edits[variable.id] = Edit(variable: variable, strength: strength,
                                  constraint: Self.editConstraint(variable, value: 0, strength: strength))
        dirty.insert(variable.id)
    }

    /// Stops treating `variable` as an edit variable.
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws {
        guard edits.removeValue(forKey: variable.id) != nil else { throw TrellisError.unknownEditVariable(variable) }
        dirty.insert(variable.id)
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.id] != nil }

    /// Suggests a value for an edit variable; it takes effect at the next ``solve()``.
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``, ``TrellisError/invalidNumber(_:)``.
    public func suggest(_ variable: Variable, value: Double) throws {
        guard var edit = edits[variable.id] else { throw TrellisError.unknownEditVariable(variable) }
        if let problem = NumberCheck.problem(value) {
            throw TrellisError.invalidNumber("suggested value for \(variable) \(problem)")
        }
        edit.constraint = Self.editConstraint(variable, value: value, strength: edit.strength)
        edits[variable.id] = edit
        dirty.insert(variable.id)
    }

    private static func editConstraint(_ variable: Variable, value: Double, strength: Strength) -> Constraint {
        Constraint(Expression([Term(variable)], constant: -value), .equal, strength: strength,
                   label: "edit \(variable)")
    }

    // MARK: - Solving

    /// Solves the system and updates the values returned by ``value(of:)``.
    ///
    /// - Throws: ``TrellisError/unsatisfiable(conflict:)`` with a minimal conflicting set of
    ///   required constraints; ``TrellisError/numericalFailure(_:)`` if GLPK cannot give a
    ///   trustworthy answer. Values stay those of the last successful solve.
    public func solve() throws {
        let all = Array(constraintsByID.values) + edits.values.map(\.constraint)

        // Constant-only constraints: required ones either hold or are a conflict on their own.
        var constantOnly: [Constraint] = []
        var withTerms: [Constraint] = []
        withTerms.reserveCapacity(all.count)
        for constraint in all {
            if constraint.expression.terms.isEmpty { constantOnly.append(constraint) } else { withTerms.append(constraint) }
        }
        if let broken = constantOnly
            .filter({ $0.strength.isRequired && Self.violation(of: $0, values: [:]) > 0 })
            .min(by: { $0.canonicallyPrecedes($1) }) {
            throw TrellisError.unsatisfiable(conflict: [broken])
        }

        var newValues: [UInt64: Double] = [:]
        newValues.reserveCapacity(values.count)
        for component in Component.partition(withTerms) {
            let touched = allDirty || component.variables.contains { dirty.contains($0.id) }
            if !touched, component.variables.allSatisfy({ values[$0.id] != nil }) {
                for variable in component.variables { newValues[variable.id] = values[variable.id] }
                continue
            }
            let solver = ComponentSolver(component: component, timeLimit: timeLimitMilliseconds)
            switch try solver.solve() {
            case .solved(let solution):
                for (variable, value) in zip(component.variables, solution) { newValues[variable.id] = value + 0 }
            case .infeasible:
                let required = component.constraints.filter(\.strength.isRequired)
                let conflict = try ConflictFinder(constraints: required, timeLimit: timeLimitMilliseconds).minimalConflict()
                throw TrellisError.unsatisfiable(conflict: conflict)
            }
        }
        values = newValues
        dirty.removeAll()
        allDirty = false
        lastObjective = all.reduce(0) { sum, constraint in
            constraint.strength.isRequired ? sum : sum + constraint.strength.weight * Self.violation(of: constraint, values: newValues)
        }
    }

    /// The value of `variable` at the last successful ``solve()``: 0 for a variable the solver
    /// does not know (or that no constraint names any more).
    public func value(of variable: Variable) -> Double { values[variable.id] ?? 0 }

    /// The cost of the last successful solve: the sum over soft constraints (edits included) of
    /// weight × violation, all levels together.
    public var objective: Double { lastObjective }

    /// How far `constraint` is from holding at the current values (0 when it holds).
    public func violation(of constraint: Constraint) -> Double {
        Self.violation(of: constraint, values: values)
    }

    // MARK: - Internals

    private func validate(_ constraint: Constraint) throws {
        if constraintsByID[ObjectIdentifier(constraint)] != nil { throw TrellisError.duplicateConstraint(constraint) }
        if let problem = constraint.numberProblem {
            throw TrellisError.invalidNumber("\(constraint.label ?? constraint.description): \(problem)")
        }
        if let problem = constraint.strength.problem {
            throw TrellisError.invalidStrength("\(constraint.label ?? constraint.description): \(problem)")
        }
    }

    private func touch(_ constraint: Constraint) {
        for term in constraint.expression.terms { dirty.insert(term.variable.id) }
    }

    /// The violation of a constraint at the given values, with residuals below a relative
    /// 1e-11 of the row's magnitude treated as zero (floating-point noise, not a violation).
    static func violation(of constraint: Constraint, values: [UInt64: Double]) -> Double {
        var sum = constraint.expression.constant
        var scale = abs(sum)
        for term in constraint.expression.terms {
            let product = term.coefficient * (values[term.variable.id] ?? 0)
            sum += product
            scale += abs(product)
        }
        let noise = 1e-11 * max(1, scale)
        let raw: Double = switch constraint.relation {
        case .equal: abs(sum)
        case .lessThanOrEqual: max(0, sum)
        case .greaterThanOrEqual: max(0, -sum)
        }
        return raw <= noise ? 0 : raw
    }
}
