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
/// reached from a canonical ordering of rows (by content) and columns (by variable creation) and
/// a starting basis built from that order (for a single free variable: the optimal point nearest
/// to 0), so the same system always gives the same values. After edits or structural changes the
/// simplex method starts from the previous basis, so a tie can follow that history.
///
/// **Incrementality.** The system is split into independent components (sets of constraints
/// that share variables); ``solve()`` re-solves only components touched since the last solve.
/// When only suggested values changed and the last optimal basis stays feasible, a component's
/// solution is moved along the edit rows' simplex directions without calling GLPK at all.
///
/// **Errors lose nothing.** A call that throws leaves the solver as it was before the call.
///
/// A `Solver` is not thread-safe: use it from one task or thread at a time. GLPK objects never
/// outlive a single synchronous call, so separate solvers can run on separate threads.
public final class Solver {
    /// The state and the work behind this API: planning, budgets, drags and value places.
    let engine: SolverEngine

    /// Budgets for each ``solve()`` (size and wall-clock time); unlimited by default.
    public var limits: SolveLimits {
        get { engine.limits }
        set { engine.limits = newValue }
    }

    /// The wall-clock budget of a solve in milliseconds (``SolveLimits/milliseconds``).
    public var timeLimitMilliseconds: Int? {
        get { engine.limits.milliseconds }
        set { engine.limits.milliseconds = newValue }
    }

    /// Creates an empty solver.
    public init() { engine = SolverEngine() }

    private init(engine: SolverEngine) { self.engine = engine }

    /// A second solver that goes on from this one's state — its constraints, edit variables,
    /// last solution and bases — each changing its own from here on: solving both the same
    /// problems from pass to pass costs the second no solve from scratch. Not while a solve
    /// runs (a solver is used from one thread at a time).
    package func fork() -> Solver { Solver(engine: engine.fork()) }

    // MARK: - Constraints

    /// Adds a constraint.
    ///
    /// Only the constraint itself is checked here (numbers and strength); whether the required
    /// constraints can hold together is found out by ``solve()``.
    /// - Throws: ``TrellisError/duplicateConstraint(_:)`` if it was added already,
    ///   ``TrellisError/invalidNumber(_:)`` for a NaN, infinite, subnormal or out-of-range number,
    ///   ``TrellisError/invalidStrength(_:)`` for an unusable weight or priority. Nothing is added then.
    public func add(_ constraint: Constraint) throws { try engine.add(constraint) }

    /// Adds several constraints, all or none: if any is rejected, none is added.
    /// - Throws: for the first constraint rejected, what adding it alone throws (a constraint
    ///   named twice in `constraints` is a ``TrellisError/duplicateConstraint(_:)``). Nothing is
    ///   added then.
    public func add(_ constraints: [Constraint]) throws { try engine.add(constraints) }

    /// ``add(_:)-([Constraint])``, for constraints whose numbers and strengths the caller has
    /// already checked as the solver would (a layout's lowering checks every row it makes, and
    /// names the layout constraint in its error): only duplicates are looked for.
    package func add(checked constraints: [Constraint]) throws { try engine.add(constraints, numbersChecked: true) }

    /// Removes a constraint.
    /// - Throws: ``TrellisError/unknownConstraint(_:)`` if it is not in the solver.
    public func remove(_ constraint: Constraint) throws { try engine.remove(constraint) }

    /// Changes the constant of a constraint in the solver: returns the constraint that replaces
    /// it — the same terms, relation, strength and label, `constant` as its constant — and the
    /// old one leaves the solver. The same as removing it and adding the new one, but cheaper:
    /// nothing is re-partitioned, and while the optimal basis stays feasible the next
    /// ``solve()`` moves the solution along it without the simplex method, as for a suggested
    /// value (a window resized, a constant animated).
    ///
    /// ```swift
    /// var width = (x == 320)                                 // stored as x - 320 == 0
    /// try solver.add(width)
    /// width = try solver.updateConstant(of: width, to: -360) // x == 360 from the next solve
    /// try solver.solve()
    /// ```
    /// - Throws: ``TrellisError/unknownConstraint(_:)``, ``TrellisError/invalidNumber(_:)``;
    ///   nothing changes then.
    @discardableResult
    public func updateConstant(of constraint: Constraint, to constant: Double) throws -> Constraint {
        try engine.updateConstant(of: constraint, to: constant)
    }

    /// ``updateConstant(of:to:)`` for a constraint only its caller and this solver hold (a row
    /// the layout engine made): the constant changes in the object itself, which comes back,
    /// unless a forked solver holds it too (``Constraint/isShared``) or it is a bridge between
    /// split blocks — then a new constraint comes back, as from ``updateConstant(of:to:)``.
    /// - Throws: as ``updateConstant(of:to:)``; nothing changes then.
    @discardableResult
    package func moveConstant(of constraint: Constraint, to constant: Double) throws -> Constraint {
        try engine.moveConstant(of: constraint, to: constant, inPlace: true) ?? constraint
    }

    /// ``moveConstant(of:to:)`` handing back only a new constraint: nil when `constraint`
    /// itself still stands for the row (moved in place, or already at `constant`) — no
    /// reference to hand back in the usual case (the layout engine moves thousands of rows a
    /// text pass). - Throws: as ``updateConstant(of:to:)``; nothing changes then.
    package func moveConstantReplacing(_ constraint: Constraint, to constant: Double) throws -> Constraint? {
        try engine.moveConstant(of: constraint, to: constant, inPlace: true)
    }

    /// Whether this very constraint object was added (and not removed). Throws nothing.
    public func hasConstraint(_ constraint: Constraint) -> Bool { engine.hasConstraint(constraint) }

    /// The constraints in the solver (edit variables excluded), in no particular order.
    public var constraints: [Constraint] { engine.constraintList }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: a soft `variable == suggested value` at `strength`
    /// (the suggested value is 0 until ``suggest(_:value:)`` is called).
    /// - Throws: ``TrellisError/requiredEditStrength(_:)`` for a required strength,
    ///   ``TrellisError/duplicateEditVariable(_:)``, ``TrellisError/invalidStrength(_:)``.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        try engine.addEditVariable(variable, strength: strength)
    }

    /// Stops treating `variable` as an edit variable.
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws { try engine.removeEditVariable(variable) }

    /// Whether `variable` is an edit variable of this solver. Throws nothing.
    public func hasEditVariable(_ variable: Variable) -> Bool { engine.hasEditVariable(variable) }

    /// Suggests a value for an edit variable; it takes effect at the next ``solve()``.
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``, ``TrellisError/invalidNumber(_:)``.
    public func suggest(_ variable: Variable, value: Double) throws { try engine.suggest(variable, value: value) }

    // MARK: - Solving

    /// Solves the system and updates the values returned by ``value(of:)``.
    ///
    /// - Throws: ``TrellisError/unsatisfiable(conflict:)`` with a minimal conflicting set of
    ///   required constraints; ``TrellisError/numericalFailure(_:)`` if GLPK cannot give a
    ///   trustworthy answer; ``TrellisError/limitExceeded(_:)`` when a budget of ``limits`` is
    ///   exceeded. Values stay those of the last successful solve.
    public func solve() throws { try engine.solve() }

    // MARK: - Values

    /// The value of `variable` at the last successful ``solve()``: 0 for a variable the solver
    /// does not know (or that no constraint names any more). Throws nothing.
    public func value(of variable: Variable) -> Double { engine.value(of: variable) }

    /// ``value(of:)`` of each of `variables`, written to `values` (resized to match) — for a
    /// caller that reads every variable after each solve (a layout pass writing frames): the
    /// solver's state is read once, not once per variable.
    package func values(of variables: [Variable], into values: inout [Double]) {
        engine.values(of: variables, into: &values)
    }

    /// ``values(of:into:)``, with the places of `variables` kept in `places` from one call to
    /// the next (the same variables each time; found again after a structural solve): no
    /// look-up per variable, and each component's values are read once.
    package func values(of variables: [Variable], into values: inout [Double], places cache: inout ValuePlaces) {
        engine.values(of: variables, into: &values, places: &cache)
    }

    /// The cost of the last successful solve: the sum over soft constraints (edits included) of
    /// weight × violation, all levels together.
    public var objective: Double { engine.objective }

    /// How far `constraint` is from holding at the current values (0 when it holds). Throws nothing.
    public func violation(of constraint: Constraint) -> Double { engine.violation(of: constraint) }

    // MARK: - For diagnostics and tests

    /// Counters of the work done (``SolverEngine/Statistics``).
    typealias Statistics = SolverEngine.Statistics
    var statistics: Statistics { engine.statistics }
    /// The edit variables, by variable id.
    var edits: [UInt64: SolverEngine.Edit] { engine.edits }
    /// How many component states the last solve left (the one-variable pieces solved in closed
    /// form share one).
    var componentStateCount: Int { engine.states.count }
    /// Whether structural solves split components at translation bridges (on by default; tests
    /// turn it off, before the first solve, to compare with the unsplit solve).
    var splitsAtBridges: Bool {
        get { engine.splitsAtBridges }
        set { engine.splitsAtBridges = newValue }
    }
    /// Whether the first solve already splits components at translation bridges (``BridgeSplit``),
    /// as a layout's solver does, instead of the first solve that must solve a component again
    /// (``SolverEngine/splitWork(in:)``). Set before the first solve.
    package var splitsFromTheStart: Bool {
        get { engine.splitsActively }
        set { engine.splitsActively = newValue }
    }
    /// How many blocks the last structural solve split off at translation bridges.
    var bridgeCount: Int { engine.slides.entries.count }

    /// The violation of a constraint (with the given constant) at the given values, noise
    /// treated as zero (``SolverEngine/violation(of:constant:values:)``).
    static func violation(of constraint: Constraint, constant: Double, values: (Variable) -> Double) -> Double {
        SolverEngine.violation(of: constraint, constant: constant, values: values)
    }
}
