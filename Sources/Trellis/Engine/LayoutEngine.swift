import TrellisSolver

/// Lowers the constraints of a view's subtree to a ``Solver`` and solves them: one solve, with
/// the content sizes the caller gives. ``LayoutPass`` owns the rounds and calls the engine; the
/// engine never calls back into the pass or its participants.
///
/// One engine is kept per root view, with one solver: each solve compares what it lowers with
/// what the solver holds, removes and adds only the rows that changed, and lets the solver
/// re-solve only the components they touch; rows that did not change keep their solver
/// identity, so a solve after a small change is incremental. A solve takes one of three routes:
/// - **direct** (``resizedScope(root:mode:)``, ``constantChangedScope(root:mode:)``, in
///   `LayoutEngine+DirectPaths.swift`): only the root's frame, or only constants of lowered
///   constraints, changed — the rows move to their new constants, nothing is collected;
/// - **incremental** (``lowerChanges(_:scope:into:)``, in `LayoutEngine+Lowering.swift`): only
///   constants changed, content sizes included — the changed constraints (their constants
///   alone when nothing else of them changed) and implicit specs are lowered again;
/// - **full** (``lowerEverything(scope:mode:budget:limits:into:)``, there too): after any other
///   change (``markDirty()``), every constraint and implicit row (``ImplicitRows``) is lowered again.
final class LayoutEngine {
    /// What holds the root.
    enum Mode: Equatable {
        /// The root's frame is given (required).
        case frame(Rect)
        /// The root's size is pulled towards a target at the given priorities (a fitting-size query).
        case fitting(target: Size, horizontal: Priority, vertical: Priority)
    }

    /// Counters of the work solves did, for tests.
    struct Statistics {
        /// Solves that lowered every constraint again.
        var fullLowerings = 0
        /// Solves that lowered only what changed (constants, content sizes, the root).
        var incrementalLowerings = 0
        /// Of those, solves whose changes were constants the solver took directly (a resize,
        /// `update(constant:)`): nothing lowered but the changed constraints.
        var directPasses = 0
        /// Times the engine started over after a failure (``reset()``).
        var resets = 0
        /// Solves run (a lowering alone, ``lower(root:mode:contentSizes:budget:)``, runs none).
        var solves = 0
    }
    @exclusivity(unchecked) var statistics = Statistics()

    // (The engine's stored properties are not checked dynamically for exclusive access: an
    // engine is used from one thread at a time and never accesses them overlappingly, and a
    // warm pass of a few microseconds made dozens of checked accesses of ~75 instructions each.)

    @exclusivity(unchecked) var solver = LayoutEngine.makeSolver()
    /// The rows the solver holds, by what they stand for.
    @exclusivity(unchecked) var rows = RowTable()
    /// Active constraints that the solver holds no row for because they stand back
    /// (``LayoutConstraint/isStackRowStandingBack``: a visible view's hiding rows, a hidden
    /// view's spanning boundaries — millions of points away, they never bind). A stack leaves
    /// such a row inactive until it first binds (``StackView``), then active: one that stops
    /// standing back (a hidden toggle) gets its row then.
    /// (By address: a `Set` hashed each with SipHash, a third of a settings form's rows at a
    /// cold pass, and each row a stack moves.)
    @exclusivity(unchecked) var standingBack = IdentityTable()
    /// The last answer of ``widthsAreFixed(of:)``: forgotten when rows are added or removed.
    @exclusivity(unchecked) var fixedWidths: FixedWidths?
    /// Rows whose constants moved since ``fixedWidths`` read them (``noteConstantMoved(_:)``).
    @exclusivity(unchecked) var movedConstants: [RowKey] = []
    /// Content sizes that replace ``View/intrinsicContentSize`` in this solve (height-for-width
    /// measurement), by view: given by each ``solve(root:mode:contentSizes:budget:)``.
    @exclusivity(unchecked) var contentSizes = SizeTable()

    /// Whether every constraint must be lowered again at the next solve (else only
    /// ``changedConstraints``, the root's frame and content sizes are looked at).
    @exclusivity(unchecked) var needsLowering = true
    @exclusivity(unchecked) var changedConstraints: [LayoutConstraint] = []
    /// Those of ``changedConstraints`` that changed more than their constant (a priority, the
    /// baselines or insets they read), by address: the others' rows move to a constant lowered
    /// alone (``ConstraintLowering/loweredConstant(of:in:scratch:)``). Emptied with the list.
    @exclusivity(unchecked) var fullyChanged = IdentityTable()
    /// The terms a constant lowered alone passes through (``ConstraintLowering/loweredConstant(of:in:scratch:)``; empty).
    @exclusivity(unchecked) var constantScratch: [Term] = []
    /// Views whose content size may have changed since the last lowering
    /// (``markContentSizeChanged(_:)``): their content-size rows are lowered again.
    @exclusivity(unchecked) var changedContentViews = NotedViews()
    /// The scope of the last full lowering, and the content sizes its content-size rows used.
    @exclusivity(unchecked) var loweredScope: LayoutScope.Detached?
    @exclusivity(unchecked) var loweredSizes = SizeTable()
    /// The mode the root's rows were last lowered for.
    @exclusivity(unchecked) var loweredMode: Mode?
    /// Reads the frames after each solve; keeps what it needs between full lowerings.
    private let frames = FrameReader()
    /// The storage of ``RowChanges/constantChanges`` between solves (empty).
    @exclusivity(unchecked) private var spareConstantChanges: [RowChanges.ConstantChange] = []

    /// Stands for the root in the kept scope (``LayoutScope/Detached``); never in a hierarchy.
    /// Made at the first solve that keeps a scope (fitting-size engines are used once).
    private(set) lazy var placeholder = View(id: "placeholder")

    /// Notes a change that layout reads: the next solve lowers every constraint again (the
    /// hierarchy, insets, directions or the set of constraints changed).
    func markDirty() {
        needsLowering = true
    }

    /// Notes that an active constraint's constant or priority changed: the next solve lowers
    /// just that constraint again (if nothing else changed) — only its constant when that is all
    /// that changed (`constantOnly`).
    func markChanged(_ constraint: LayoutConstraint, constantOnly: Bool = false) {
        changedConstraints.append(constraint)
        if !constantOnly { fullyChanged.insert(ObjectIdentifier(constraint).tableKey, 0) }
    }

    /// Forgets the changed constraints (lowered).
    func forgetChangedConstraints() {
        // (One change, the usual case: removing the last element is a fraction of `removeAll`.)
        if changedConstraints.count == 1 { changedConstraints.removeLast() } else { changedConstraints.removeAll() }
        fullyChanged.removeAll()
    }

    /// Whether the last full lowering was of `root`'s subtree and still stands (no
    /// ``markDirty()`` since): what was found in the tree then is still there.
    func keepsLowering(of root: View) -> Bool {
        !needsLowering && loweredScope?.rootIdentifier == ObjectIdentifier(root)
    }

    /// The items of the kept scope, in snapshot order — index 0 stands for the root — while
    /// the lowering of `root`'s subtree stands.
    func keptItems(root: View) -> [LayoutItem]? {
        keepsLowering(of: root) ? loweredScope?.items : nil
    }

    /// One solve of `root`'s subtree with the constraints as they are now and `contentSizes`
    /// in place of measured views' intrinsic sizes, within `budget`.
    ///
    /// After a solve in which only constants changed (the root's frame, `update(constant:)`,
    /// a priority, content sizes) nothing is collected or lowered again but what changed; any
    /// other change (``markDirty()``) lowers every constraint.
    func solve(root: View, mode: Mode, contentSizes: SizeTable,
               budget: PassBudget = PassBudget(.unlimited)) throws -> LayoutSnapshot {
        let limits = try budget.solveLimits()
        let (scope, incremental) = try lower(root: root, mode: mode, contentSizes: contentSizes, budget: budget, limits: limits)
        try runSolver(limits: limits)
        return frames.snapshot(of: scope, mode: mode, solver: solver, incremental: incremental)
    }

    /// The first half of ``solve(root:mode:contentSizes:budget:)``: the solver's rows brought in
    /// line with the constraints and `contentSizes`, nothing solved (a pass reads fixed widths
    /// from the rows, ``fixedWidths(of:)``, before it solves with the sizes measured at them).
    func lower(root: View, mode: Mode, contentSizes: SizeTable, budget: PassBudget) throws {
        _ = try lower(root: root, mode: mode, contentSizes: contentSizes, budget: budget, limits: budget.solveLimits())
    }

    /// The rows brought in line: the scope they were lowered in, and whether only what changed was.
    private func lower(root: View, mode: Mode, contentSizes: SizeTable, budget: PassBudget,
                       limits: SolveLimits) throws -> (LayoutScope, incremental: Bool) {
        self.contentSizes = contentSizes
        if let scope = try resizedScope(root: root, mode: mode) ?? constantChangedScope(root: root, mode: mode) {
            return (scope, true)
        }
        let (scope, implicitChanges) = scopeOfSolve(root: root, mode: mode)
        var changes = RowChanges(incremental: implicitChanges != nil)
        // The list of constant changes (one or a few each solve) reuses the last solve's storage.
        swap(&changes.constantChanges, &spareConstantChanges)
        defer {
            changes.constantChanges.removeAll(keepingCapacity: true)
            swap(&changes.constantChanges, &spareConstantChanges)
        }
        if let implicitChanges {
            try lowerChanges(implicitChanges, scope: scope, into: &changes)
        } else {
            try lowerEverything(scope: scope, mode: mode, budget: budget, limits: limits, into: &changes)
        }
        try bringSolverInLine(with: &changes)
        keepLowering(scope: scope, mode: mode, incremental: changes.incremental)
        return (scope, changes.incremental)
    }

    /// The scope of this solve and, when only constants changed since the last lowering, the
    /// implicit rows that changed (nil: everything is lowered again, in a scope collected anew).
    private func scopeOfSolve(root: View, mode: Mode) -> (LayoutScope, ImplicitChanges?) {
        if !needsLowering, let kept = loweredScope?.attached(to: root),
           let changes = ImplicitRows.changed(scope: kept, mode: mode, contentSizes: contentSizes,
                                            loweredMode: loweredMode, loweredSizes: loweredSizes,
                                            changedViews: changedContentViews.list, hasRow: { rows[$0] != nil }) {
            statistics.incrementalLowerings += 1
            return (kept, changes)
        }
        statistics.fullLowerings += 1
        frames.forget()      // of another scope
        return (LayoutScope(root: root), nil)
    }

    /// Records `entry` under `key`: in place for an incremental lowering, else in the next rows.
    func record(_ key: RowKey, _ entry: RowEntry, in changes: inout RowChanges) {
        if changes.incremental { rows[key] = entry } else { changes.next[key] = entry }
    }

    /// Records that the row `old` under `key` now holds `constraint` (what the solver's
    /// ``Solver/moveConstant(of:to:)`` gave back) for `source`: nothing to write when the
    /// constant moved in the same object for the same source in an incremental lowering.
    private func recordMove(_ key: RowKey, from old: RowEntry, to constraint: Constraint, source: LayoutConstraint,
                            in changes: inout RowChanges) {
        guard constraint !== old.constraint || source !== old.source || !changes.incremental else { return }
        record(key, RowEntry(source: source, constraint: constraint), in: &changes)
    }

    /// Brings the solver in line with a lowering: changes constants in place, removes what went
    /// away or changed, adds what is new (movable rows with another constant, then moved).
    private func bringSolverInLine(with changes: inout RowChanges) throws {
        do {
            // (By index, field by field: a change copied whole is a retain and a release, and a
            // resize that re-measures text moves a few thousand rows. The solver held in a local:
            // each call on the engine's `solver` property retains and releases it.)
            let solver = self.solver
            for index in changes.constantChanges.indices {
                let key = changes.constantChanges[index].key
                try moveConstant(ofRowUnder: key, to: changes.constantChanges[index].constant,
                                 source: changes.constantChanges[index].source, in: &changes, solver: solver)
                noteConstantMoved(key)
            }
            for constraint in changes.removals { try solver.remove(constraint) }
            if !changes.additions.isEmpty { try solver.add(checked: changes.additions) }   // (ConstraintLowering checked the numbers)
            for movable in changes.movable {
                let key = movable.key
                let added = changes.incremental ? rows[key]! : changes.next[key]!
                let moved = try solver.moveConstant(of: added.constraint, to: movable.constant)
                recordMove(key, from: added, to: moved, source: movable.source, in: &changes)
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        if !changes.incremental { rows = changes.next }
        if !changes.additions.isEmpty || !changes.removals.isEmpty { fixedWidths = nil }
    }

    /// Keeps what the next incremental lowering compares with: the scope (an incremental
    /// lowering's is the kept one), the content sizes, the mode.
    private func keepLowering(scope: LayoutScope, mode: Mode, incremental: Bool) {
        if !incremental { loweredScope = scope.detached(placeholder: placeholder) }
        loweredSizes = contentSizes
        loweredMode = mode
        needsLowering = false
        forgetChangedConstraints()
        changedContentViews.removeAll()
    }

    /// Solves, with the solver's errors as layout errors.
    private func runSolver(limits: SolveLimits) throws {
        statistics.solves += 1
        solver.limits = limits
        do {
            try solver.solve()
        } catch TrellisError.unsatisfiable(let conflict) {
            var sources: [ObjectIdentifier: LayoutConstraint] = [:]
            for entry in rows.values { sources[ObjectIdentifier(entry.constraint)] = entry.source }
            let infos = conflict.compactMap { sources[ObjectIdentifier($0)]?.info }
            throw LayoutError.unsatisfiable(conflict: infos)
        } catch TrellisError.limitExceeded(let text) {
            throw LayoutError.limitExceeded(text)
        } catch let error as TrellisError {
            throw LayoutError.solverFailure(error)
        }
    }

    /// For the diagnostics (`Sources/Trellis/Diagnostics/`): the solver as the last solve left
    /// it, and the layout constraint behind each of its constraints.
    var diagnosticState: (solver: Solver, sources: [ObjectIdentifier: LayoutConstraint]) {
        (solver, Dictionary(rows.values.map { (ObjectIdentifier($0.constraint), $0.source) }, uniquingKeysWith: { a, _ in a }))
    }

    /// For the diagnostics: the frames at the solver's current values.
    func diagnosticSnapshot(root: View, mode: Mode) -> LayoutSnapshot {
        frames.freshSnapshot(of: LayoutScope(root: root), mode: mode, solver: solver)
    }

    /// A layout's solver splits components at translation bridges from its first solve on, so
    /// that a block's answer does not depend on which change first solved it again (ambiguous
    /// layouts land where a fresh tree's cold pass lands).
    static func makeSolver() -> Solver {
        let solver = Solver()
        solver.splitsFromTheStart = true
        return solver
    }

    /// Forgets everything: the next solve starts from an empty solver.
    func reset() {
        statistics.resets += 1
        solver = Self.makeSolver()
        rows = RowTable()
        standingBack = IdentityTable()
        fixedWidths = nil
        movedConstants.removeAll()
        needsLowering = true
        changedContentViews.removeAll()
        loweredScope = nil
        frames.forget()
    }
}
