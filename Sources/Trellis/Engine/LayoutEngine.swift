/// Lowers the constraints of a view's subtree to a ``Solver`` and solves them.
///
/// One engine is kept per root view, with one solver: each pass lowers the active constraints
/// again (cheap), compares them with what the solver holds, removes and adds only the
/// constraints that changed, and lets the solver re-solve only the components they touch.
/// Constraints that did not change keep their solver identity, so a pass after a small change
/// is incremental.
final class LayoutEngine {
    /// What holds the root.
    enum Mode: Equatable {
        /// The root's frame is given (required).
        case frame(Rect)
        /// The root's size is pulled towards a target at the given priorities (a fitting-size query).
        case fitting(target: Size, horizontal: Priority, vertical: Priority)
    }

    /// The constraints the layout pass makes itself, per item.
    enum ImplicitRole: Hashable {
        case rootLeft, rootTop, rootWidth, rootHeight
        case hugging(LayoutAxis)
        case compression(LayoutAxis)
    }

    private enum EntryKey: Hashable {
        case explicit(ObjectIdentifier)
        case implicit(LayoutItemKey, ImplicitRole)
    }

    private struct Entry {
        let source: LayoutConstraint
        let constraint: Constraint
    }

    /// A constraint the pass makes itself, before it is given a ``LayoutConstraint``.
    private struct ImplicitSpec {
        let item: View
        let role: ImplicitRole
        let attribute: LayoutAttribute
        let relation: Relation
        let value: Double
        let priority: Priority
        let roleText: RoleText
    }

    /// What an implicit row is for, as its label says (an enum, not a string: specs are made and
    /// copied on every pass, and a string would be retained and released with each copy).
    private enum RoleText: String {
        case rootFrame = "root frame"
        case fittingSize = "fitting size"
        case contentHugging = "content hugging"
        case compressionResistance = "compression resistance"
    }

    /// An operand with its item resolved: `scale × item.attribute` (the scale is negated on the right side).
    private struct ResolvedOperand {
        let item: LayoutItem
        let attribute: LayoutAttribute
        let scale: Double
        let direction: LayoutDirection
    }

    private struct Lowered {
        let expression: LinearExpression
        let relation: Relation
        let strength: Strength

        /// Whether the solver constraint already states exactly this.
        func matches(_ constraint: Constraint) -> Bool {
            expression.constant == constraint.expression.constant && matchesExceptConstant(constraint)
        }

        /// Whether the solver constraint states this but for the constant.
        func matchesExceptConstant(_ constraint: Constraint) -> Bool {
            guard relation == constraint.relation, strength == constraint.strength,
                  expression.terms.count == constraint.expression.terms.count else { return false }
            for (a, b) in zip(expression.terms, constraint.expression.terms) {
                if a.variable !== b.variable || a.coefficient != b.coefficient { return false }
            }
            return true
        }
    }

    /// Counters of the work passes did, for tests.
    struct Statistics {
        /// Solves that lowered every constraint again.
        var fullLowerings = 0
        /// Solves that lowered only what changed (constants, content sizes, the root).
        var incrementalLowerings = 0
        /// Of those, solves whose changes were constants the solver took directly (a resize,
        /// `update(constant:)`): nothing lowered but the changed constraints.
        var directPasses = 0
    }
    @exclusivity(unchecked) private(set) var statistics = Statistics()

    /// (The engine's stored properties are not checked dynamically for exclusive access: an
    /// engine is used from one thread at a time and never accesses them overlappingly, and a
    /// warm pass of a few microseconds made dozens of checked accesses of ~75 instructions each.)
    @exclusivity(unchecked) private var solver = Solver()
    @exclusivity(unchecked) private var entries: [EntryKey: Entry] = [:]
    /// Content sizes that replace ``View/intrinsicContentSize`` in the next solve (height-for-width
    /// measurement, set by ``LayoutPass``), by view.
    @exclusivity(unchecked) var measuredSizes: [ObjectIdentifier: Size] = [:]

    /// Lays out `root`'s subtree and returns the frames, without writing them: one solve, or —
    /// when stacks, layout sets or measured views take part — solves until they settle (``LayoutPass``).
    func solve(root: View, mode: Mode) throws -> LayoutSnapshot {
        if !isDirty, let last, last.mode == mode, last.limits == root.layoutLimits { return last.snapshot }
        isRunning = true
        defer { isRunning = false }
        isDirty = false
        last = nil      // so that the last snapshot's entries can take the new frames in place
        do {
            let snapshot = try LayoutPass.run(engine: self, root: root, mode: mode)
            last = LastPass(mode: mode, limits: root.layoutLimits, snapshot: snapshot)
            hasPassed = true
            isApplied = false
            return snapshot
        } catch {
            isDirty = true
            last = nil
            throw error
        }
    }

    /// Whether something that layout reads changed since the last pass (``View/setNeedsLayout()``).
    @exclusivity(unchecked) private(set) var isDirty = true
    /// Whether a pass is running: what the pass changes itself (a stack's rows, a layout set's
    /// case) is not a change from outside.
    @exclusivity(unchecked) private var isRunning = false
    /// The last successful pass: how the root was held, under which limits, and its frames.
    @exclusivity(unchecked) private var last: LastPass?
    /// (A struct, not a tuple: an optional tuple is copied and destroyed through its generic
    /// value witnesses, hundreds of instructions a pass.)
    private struct LastPass {
        let mode: Mode
        let limits: SolveLimits
        let snapshot: LayoutSnapshot
    }
    /// Whether the last pass's frames are the ones written in the tree (``View/layoutIfNeeded()``).
    @exclusivity(unchecked) var isApplied = false

    /// Notes a change that layout reads; the next pass solves again and lowers every
    /// constraint again (the hierarchy, insets, directions or the set of constraints changed).
    func markDirty() {
        if !isRunning { isDirty = true }
        needsLowering = true
        probe?.markDirty()
    }

    /// Notes that an active constraint's constant or priority changed: the next pass lowers
    /// just that constraint again (if nothing else changed).
    func markChanged(_ constraint: LayoutConstraint) {
        if !isRunning { isDirty = true }
        changedConstraints.append(constraint)
        probe?.markChanged(constraint)
    }

    /// Whether a pass of this engine succeeded before.
    @exclusivity(unchecked) private var hasPassed = false

    /// A second engine for the first round of this engine's passes when measured views take part
    /// (``LayoutPass``). That round always solves with the views' unconstrained sizes: kept apart
    /// from the later rounds, its solver sees only the root's changes from pass to pass, and this
    /// engine's solver only measured sizes that move a little — so both can move along their
    /// bases, where one solver would jump between the two sets of sizes and solve again, twice a
    /// pass. Both solve the same problems a single engine would.
    @exclusivity(unchecked) private var probe: LayoutEngine?

    /// Lets the probe go when passes no longer use it: it would keep collecting changed
    /// constraints, and keep the views of its last scope alive.
    func dropProbe() {
        probe = nil
    }

    /// The engine for the first round of a pass with `participants`, or nil for this one: a probe
    /// only from the second pass on (a one-off pass, such as a fitting-size query, keeps one
    /// solver), for a frame, and when every participant is a measured view (stacks, layout sets
    /// and safe areas change the constraints between rounds).
    func firstRoundEngine(participants: [any LayoutParticipant], mode: Mode) -> LayoutEngine? {
        guard hasPassed, case .frame = mode, participants.allSatisfy({ $0 is SizeMeasurement }) else {
            dropProbe()
            return nil
        }
        if let probe { return probe }
        let made = LayoutEngine()
        probe = made
        return made
    }

    /// Whether every constraint must be lowered again at the next solve (else only
    /// ``changedConstraints``, the root's frame and measured sizes are looked at).
    @exclusivity(unchecked) private var needsLowering = true
    @exclusivity(unchecked) private var changedConstraints: [LayoutConstraint] = []
    /// The scope of the last full lowering, and the content sizes its content-size rows used.
    @exclusivity(unchecked) private var loweredScope: LayoutScope.Detached?
    @exclusivity(unchecked) private var loweredSizes: [ObjectIdentifier: Size] = [:]
    /// The mode the root's rows were last lowered for.
    @exclusivity(unchecked) private var loweredMode: Mode?

    /// The items of the last pass's scope, in snapshot order — but for index 0, which stands for
    /// the root — when `snapshot` is that pass's frames (so ``LayoutSnapshot/apply(to:)`` can
    /// write them without looking items up).
    func itemsOfLastPass(matching snapshot: LayoutSnapshot, root: View) -> [LayoutItem]? {
        // (The kept scope's and the last pass's parts are read in place: copying either whole
        // retains and releases each of their arrays, on every pass.)
        guard !needsLowering, let lastEntries = last?.snapshot.entries, last?.snapshot.rootKey == snapshot.rootKey,
              ObjectIdentifier(root) == loweredScope?.rootIdentifier, let items = loweredScope?.items,
              items.count == snapshot.entries.count else { return nil }
        // The same stored entries (a copy of the value), not merely equal ones.
        let same = lastEntries.withUnsafeBufferPointer { a in
            snapshot.entries.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
        return same ? items : nil
    }

    /// Stands for the root in the kept scope (``LayoutScope/Detached``); never in a hierarchy.
    /// Made at the first pass that keeps a scope (fitting-size engines are used once).
    private lazy var placeholder = View(id: "placeholder")

    /// Whether a pass with `mode` would change nothing: the last one's frames stand.
    func isCurrent(mode: Mode, limits: SolveLimits) -> Bool {
        guard !isDirty, let last else { return false }
        return last.mode == mode && last.limits == limits
    }

    /// One solve of `root`'s subtree with the constraints as they are now, within `budget`.
    ///
    /// After a pass in which only constants changed (the root's frame, `update(constant:)`,
    /// a priority, measured sizes) nothing is collected or lowered again but what changed; any
    /// other change (``markDirty()``) lowers every constraint.
    func solveOnce(root: View, mode: Mode, budget: PassBudget = PassBudget(.unlimited)) throws -> LayoutSnapshot {
        let limits = try budget.solveLimits()
        if let scope = try resizedScope(root: root, mode: mode) ?? constantChangedScope(root: root, mode: mode) {
            try runSolver(limits: limits)
            return snapshotOfPass(scope: scope, mode: mode, incremental: true)
        }
        let (scope, changedSpecs) = try scopeOfPass(root: root, mode: mode)
        var lowering = Lowering(incremental: changedSpecs != nil)
        // The list of constant changes (one or a few each pass) reuses the last pass's storage.
        swap(&lowering.constantChanges, &spareConstantChanges)
        defer {
            lowering.constantChanges.removeAll(keepingCapacity: true)
            swap(&lowering.constantChanges, &spareConstantChanges)
        }
        if let changedSpecs {
            try lowerChanges(changedSpecs, scope: scope, into: &lowering)
        } else {
            try lowerEverything(scope: scope, mode: mode, budget: budget, limits: limits, into: &lowering)
        }
        try bringSolverInLine(with: &lowering)
        keepLowering(scope: scope, mode: mode, incremental: lowering.incremental)
        try runSolver(limits: limits)
        return snapshotOfPass(scope: scope, mode: mode, incremental: lowering.incremental)
    }

    /// The kept scope when the root's frame is all that changed since the last lowering (a
    /// resize: no constraint, content size, hierarchy or mode change); the root rows whose
    /// value moved then take their new constants in the solver directly — no specs, no
    /// lowering — as ``lowerChanges(_:scope:into:)`` would change them. Nil when anything else
    /// changed, or a new value is unusable: the general path then lowers what is left (the rows
    /// changed here already match their entries) and reports the unusable value.
    private func resizedScope(root: View, mode: Mode) throws -> LayoutScope? {
        guard !needsLowering, changedConstraints.isEmpty, case .frame(let frame) = mode,
              case .frame(let old)? = loweredMode, measuredSizes == loweredSizes,
              let scope = loweredScope?.attached(to: root) else { return nil }
        var reached = old      // the frame the root's rows hold
        do {
            for index in 0..<4 {
                let value = Self.value(of: frame, index)
                if value == Self.value(of: old, index) { continue }
                guard NumberCheck.isUsable(Self.rootConstant(value)),
                      let slot = entries.index(forKey: .implicit(root.key, Self.rootRole(index))) else {
                    loweredMode = .frame(reached)
                    return nil
                }
                let entry = entries.values[slot]
                let moved = try solver.updateConstant(of: entry.constraint, to: Self.rootConstant(value))
                entry.source.constant = LayoutConstant(value)
                entries.values[slot] = Entry(source: entry.source, constraint: moved)
                reached = Self.frame(reached, index, setTo: value)
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        loweredMode = mode
        statistics.incrementalLowerings += 1
        statistics.directPasses += 1
        return scope
    }

    /// The kept scope when constant changes of lowered constraints (`update(constant:)`) are all
    /// that changed since the last lowering (no structural, content size, hierarchy or mode
    /// change); each changed constraint is lowered again as ``lowerChanges(_:scope:into:)``
    /// lowers it — the same typed constant, multipliers, insets and pairing — and, when only its
    /// constant moved, takes it in the solver directly: no specs, no ``Lowering``. Nil when
    /// anything else changed (a priority, an inactive or unknown constraint, an invalid constant):
    /// the general path then lowers what is left (the rows changed here already match their
    /// entries) and reports any problem.
    private func constantChangedScope(root: View, mode: Mode) throws -> LayoutScope? {
        guard !needsLowering, !changedConstraints.isEmpty, changedConstraints.count <= 16, loweredMode == mode,
              measuredSizes == loweredSizes, let scope = loweredScope?.attached(to: root) else { return nil }
        do {
            for index in changedConstraints.indices {
                let constraint = changedConstraints[index]
                // Each once (a group update names a few; no set for so few).
                if changedConstraints[..<index].contains(where: { $0 === constraint }) { continue }
                let key = EntryKey.explicit(ObjectIdentifier(constraint))
                guard constraint.isActive, let slot = entries.index(forKey: key),
                      let lowered = try? lower(constraint, in: scope) else { return nil }
                let entry = entries.values[slot]
                if lowered.matches(entry.constraint) { continue }
                guard lowered.matchesExceptConstant(entry.constraint) else { return nil }
                let moved = try solver.updateConstant(of: entry.constraint, to: lowered.expression.constant)
                entries.values[slot] = Entry(source: entry.source, constraint: moved)
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        // (One change, the usual case: removing the last element is a fraction of `removeAll`.)
        if changedConstraints.count == 1 { changedConstraints.removeLast() } else { changedConstraints.removeAll() }
        statistics.incrementalLowerings += 1
        statistics.directPasses += 1
        return scope
    }

    /// The left (0), top (1), width (2) or height (3) of `frame`: the root rows' values.
    private static func value(of frame: Rect, _ index: Int) -> Double {
        switch index {
        case 0: frame.minX
        case 1: frame.minY
        case 2: frame.width
        default: frame.height
        }
    }

    /// `frame` with its left (0), top (1), width (2) or height (3) set to `value`.
    private static func frame(_ frame: Rect, _ index: Int, setTo value: Double) -> Rect {
        var frame = frame
        switch index {
        case 0: frame.origin.x = value
        case 1: frame.origin.y = value
        case 2: frame.size.width = value
        default: frame.size.height = value
        }
        return frame
    }

    /// The constant of a root row holding an attribute at `value`: what ``lower(_:direction:)``
    /// gives for a root spec (the root is a view: its attributes have no offsets).
    private static func rootConstant(_ value: Double) -> Double { -value + 0 }

    /// The role of the root's left (0), top (1), width (2) or height (3) row.
    private static func rootRole(_ index: Int) -> ImplicitRole {
        switch index {
        case 0: .rootLeft
        case 1: .rootTop
        case 2: .rootWidth
        default: .rootHeight
        }
    }

    /// The storage of ``Lowering/constantChanges`` between passes (empty).
    @exclusivity(unchecked) private var spareConstantChanges: [(key: EntryKey, old: Entry, constant: Double, source: LayoutConstraint)] = []

    /// What one lowering hands to the solver (``solveOnce(root:mode:budget:)``), gathered by
    /// ``place(_:_:old:into:spec:source:)``.
    private struct Lowering {
        /// Whether only what changed is lowered (the entries then change in place); else every
        /// constraint is, and ``next`` becomes the entries.
        let incremental: Bool
        /// A full lowering's entries.
        var next: [EntryKey: Entry] = [:]
        var additions: [Constraint] = []
        var removals: [Constraint] = []
        /// Constraints whose constant alone changed (a resized root, `update(constant:)`): the
        /// solver changes them in place, so the next solve can follow its basis.
        var constantChanges: [(key: EntryKey, old: Entry, constant: Double, source: LayoutConstraint)] = []
        /// New constraints whose constant is likely to change (``isMovable(_:source:)``):
        /// added with another constant and moved to theirs with ``Solver/updateConstant(of:to:)``,
        /// so that the solver keeps their rows as it keeps the rows of constants changed before,
        /// and the first change moves along the basis like the later ones.
        var movable: [(key: EntryKey, source: LayoutConstraint, constant: Double)] = []
    }

    /// The scope of this solve and, when only constants changed since the last lowering, the
    /// implicit specs that changed (nil: everything is lowered again, in a scope collected anew).
    private func scopeOfPass(root: View, mode: Mode) throws -> (LayoutScope, [ImplicitSpec]?) {
        if !needsLowering, let kept = loweredScope?.attached(to: root),
           let specs = try changedImplicitSpecs(scope: kept, mode: mode) {
            statistics.incrementalLowerings += 1
            return (kept, specs)
        }
        statistics.fullLowerings += 1
        lastSnapshot = nil      // of another scope
        frameReader = nil
        framePlaces = Solver.ValuePlaces()
        return (LayoutScope(root: root), nil)
    }

    /// Records `entry` under `key`: in place for an incremental lowering, else in the next entries.
    private func record(_ key: EntryKey, _ entry: Entry, in lowering: inout Lowering) {
        if lowering.incremental { entries[key] = entry } else { lowering.next[key] = entry }
    }

    /// Compares a lowered constraint with the entry under `key`: the same stays, a new constant
    /// is changed in place, anything else replaces the old constraint.
    private func place(_ key: EntryKey, _ lowered: Lowered, old: Entry?, into lowering: inout Lowering,
                       spec: ImplicitSpec? = nil, source: () -> LayoutConstraint) {
        if let old {
            if lowered.matches(old.constraint) {
                if !lowering.incremental { lowering.next[key] = old }
                return
            }
            if lowered.matchesExceptConstant(old.constraint) {
                let made = old.source.isImplicit ? Self.source(old.source, changedTo: spec) ?? source() : old.source
                lowering.constantChanges.append((key, old, lowered.expression.constant, made))
                return
            }
            if lowering.incremental { lowering.removals.append(old.constraint) }
        }
        let made = source()
        var expression = lowered.expression
        if Self.isMovable(key, source: made) {
            let constant = expression.constant
            lowering.movable.append((key, made, constant))
            // Any other valid constant: the same magnitude, or 1 for 0.
            expression = LinearExpression(expression.terms, constant: constant == 0 ? 1 : -constant)
        }
        let constraint = Constraint(expression, lowered.relation, strength: lowered.strength, label: made.label)
        record(key, Entry(source: made, constraint: constraint), in: &lowering)
        lowering.additions.append(constraint)
    }

    /// An incremental lowering: only the constraints that changed, the root, and content sizes
    /// that changed. (The entries change in place: should lowering throw, start over next time.)
    private func lowerChanges(_ specs: [ImplicitSpec], scope: LayoutScope, into lowering: inout Lowering) throws {
        do {
            // Each once (a single change, the usual case, needs no set).
            var seen = Set<ObjectIdentifier>()
            for constraint in changedConstraints where changedConstraints.count == 1 || seen.insert(ObjectIdentifier(constraint)).inserted {
                let key = EntryKey.explicit(ObjectIdentifier(constraint))
                guard constraint.isActive, let old = entries[key], let lowered = try lower(constraint, in: scope) else { continue }
                place(key, lowered, old: old, into: &lowering) { constraint }
            }
            for spec in specs {
                let lowered = try lower(spec, direction: scope.direction(of: spec.item))
                let key = EntryKey.implicit(spec.item.key, spec.role)
                place(key, lowered, old: entries[key], into: &lowering, spec: spec) { Self.makeConstraint(spec) }
            }
        } catch {
            reset()
            throw error
        }
    }

    /// A full lowering: the constraints written with the DSL, then the ones the pass makes (the
    /// root, then content sizes); entries that are not made again are removed.
    private func lowerEverything(scope: LayoutScope, mode: Mode, budget: PassBudget, limits: SolveLimits,
                                 into lowering: inout Lowering) throws {
        lowering.next.reserveCapacity(entries.count)
        let active = scope.activeConstraints()
        if limits.maximumVariables != nil || limits.maximumConstraints != nil {
            let owned = scope.items.count(where: { !(($0 as? LayoutGuide)?.isSystemGuide ?? false) })
            try budget.checkSize(variables: 4 * owned, constraints: active.count + 4)
        }
        for constraint in active {
            guard let lowered = try lower(constraint, in: scope) else { continue }
            let key = EntryKey.explicit(ObjectIdentifier(constraint))
            place(key, lowered, old: entries[key], into: &lowering) { constraint }
        }
        let specs = try implicitSpecs(scope: scope, mode: mode)
        if limits.maximumConstraints != nil {
            try budget.checkSize(variables: 0, constraints: active.count + specs.count)
        }
        for spec in specs {
            let lowered = try lower(spec, direction: scope.direction(of: spec.item))
            let key = EntryKey.implicit(spec.item.key, spec.role)
            place(key, lowered, old: entries[key], into: &lowering, spec: spec) { Self.makeConstraint(spec) }
        }
        let changedKeys = Set(lowering.constantChanges.map(\.key))
        for (key, old) in entries where lowering.next[key]?.constraint !== old.constraint && !changedKeys.contains(key) {
            lowering.removals.append(old.constraint)
        }
    }

    /// Brings the solver in line with a lowering: changes constants in place, removes what went
    /// away or changed, adds what is new (movable rows with another constant, then moved).
    private func bringSolverInLine(with lowering: inout Lowering) throws {
        do {
            for change in lowering.constantChanges {
                let replacement = try solver.updateConstant(of: change.old.constraint, to: change.constant)
                record(change.key, Entry(source: change.source, constraint: replacement), in: &lowering)
            }
            for constraint in lowering.removals { try solver.remove(constraint) }
            if !lowering.additions.isEmpty { try solver.add(lowering.additions) }
            for (key, source, constant) in lowering.movable {
                let added = lowering.incremental ? entries[key]! : lowering.next[key]!
                let moved = try solver.updateConstant(of: added.constraint, to: constant)
                record(key, Entry(source: source, constraint: moved), in: &lowering)
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        if !lowering.incremental { entries = lowering.next }
    }

    /// Keeps what the next incremental lowering compares with: the scope (an incremental
    /// lowering's is the kept one), the content sizes, the mode.
    private func keepLowering(scope: LayoutScope, mode: Mode, incremental: Bool) {
        if !incremental { loweredScope = scope.detached(placeholder: placeholder) }
        loweredSizes = measuredSizes
        loweredMode = mode
        needsLowering = false
        changedConstraints.removeAll()
    }

    /// Solves, with the solver's errors as layout errors.
    private func runSolver(limits: SolveLimits) throws {
        solver.limits = limits
        do {
            try solver.solve()
        } catch TrellisError.unsatisfiable(let conflict) {
            var sources: [ObjectIdentifier: LayoutConstraint] = [:]
            for entry in entries.values { sources[ObjectIdentifier(entry.constraint)] = entry.source }
            let infos = conflict.compactMap { sources[ObjectIdentifier($0)]?.info }
            throw LayoutError.unsatisfiable(conflict: infos)
        } catch TrellisError.limitExceeded(let text) {
            throw LayoutError.limitExceeded(text)
        } catch let error as TrellisError {
            throw LayoutError.solverFailure(error)
        }
    }

    /// The frames of this solve. After an incremental lowering the last snapshot (of the same
    /// scope) takes the new frames in place — its entries are not copied unless someone else
    /// holds it — and the variables to read are the ones kept since the last full lowering.
    private func snapshotOfPass(scope: LayoutScope, mode: Mode, incremental: Bool) -> LayoutSnapshot {
        var previous = lastSnapshot.take()      // so that only `previous` holds its entries
        if !incremental { previous = nil }
        let reader = frameReader ?? FrameReader(scope: scope)
        frameReader = reader
        let made = snapshot(scope: scope, mode: mode, reader: reader, previous: &previous)
        lastSnapshot = made
        return made
    }

    /// What a pass needs from the tree besides constraints (``participants(root:)``), as found
    /// for the kept scope.
    private struct Survey {
        let rootIdentifier: ObjectIdentifier
        /// The participants of the views below the root, in tree order.
        let participants: [any LayoutParticipant]
        /// The subtree's views, ``placeholder`` at index 0 (the root owns the engine).
        let views: [View]
        /// Whether safe areas are propagated (``SafeAreaPropagation/isNeeded(root:views:)``).
        let safeArea: Bool
    }
    @exclusivity(unchecked) private var survey: Survey?

    /// The participants of a pass over `root`'s subtree (``LayoutPass``): layout sets, measured
    /// views and stacks, in tree order, and the safe-area propagation if the tree needs one.
    ///
    /// Found by walking the tree, and kept while the tree keeps its lowering (any change to the
    /// hierarchy or to a view's participants marks the layout as needing a full one): a pass
    /// after a resize or a constant change walks nothing. The root's own participants are asked
    /// for each time, so that nothing kept holds the root.
    func participants(root: View) -> (participants: [any LayoutParticipant], safeArea: SafeAreaPropagation?) {
        let found: Survey
        if !needsLowering, let survey, survey.rootIdentifier == ObjectIdentifier(root),
           loweredScope?.rootIdentifier == ObjectIdentifier(root) {
            found = survey
        } else {
            var views = root.subtreeViews()
            var others: [any LayoutParticipant] = []
            for view in views.dropFirst() {
                others.append(contentsOf: view.participantsInLayout)
            }
            let safeArea = SafeAreaPropagation.isNeeded(root: root, views: views)
            views[0] = placeholder
            found = Survey(rootIdentifier: ObjectIdentifier(root), participants: others, views: views, safeArea: safeArea)
            survey = found
        }
        var participants = root.participantsInLayout
        participants.append(contentsOf: found.participants)
        return (participants, found.safeArea ? SafeAreaPropagation(root: root, views: found.views) : nil)
    }

    /// The last snapshot ``solveOnce(root:mode:budget:)`` made, of the scope kept in ``loweredScope``.
    @exclusivity(unchecked) private var lastSnapshot: LayoutSnapshot?

    /// Whether a new constraint's constant is likely to change from pass to pass, so that its row
    /// should be ready to move along the solver's basis from the first change: the content size
    /// of a measured view (text re-wrapped at a new width), and constraints from a
    /// `Tails.install` whose group someone keeps (to call ``ConstraintGroup/update(constant:)``
    /// on). Other rows the solver may fold away (a fixed size becomes a bound), which makes a cold
    /// solve cheaper.
    private static func isMovable(_ key: EntryKey, source: LayoutConstraint) -> Bool {
        switch key {
        case .explicit:
            return source.keptGroupCount > 0
        case .implicit(_, let role):
            switch role {
            case .rootLeft, .rootTop, .rootWidth, .rootHeight:
                // Not the root's frame: a row instead of a bound for it picks another optimum in
                // ambiguous layouts than every cold layout so far did (the first resize solves once).
                return false
            case .hugging, .compression:
                guard let view = source.firstItem as? View else { return false }
                return view.layoutParticipants.contains { $0 is SizeMeasurement }
            }
        }
    }

    /// For the diagnostics (`Sources/Trellis/Diagnostics/`): the solver as the last solve left
    /// it, and the layout constraint behind each of its constraints.
    var diagnosticState: (solver: Solver, sources: [ObjectIdentifier: LayoutConstraint]) {
        (solver, Dictionary(entries.values.map { (ObjectIdentifier($0.constraint), $0.source) }, uniquingKeysWith: { a, _ in a }))
    }

    /// For the diagnostics: the frames at the solver's current values.
    func diagnosticSnapshot(root: View, mode: Mode) -> LayoutSnapshot {
        let scope = LayoutScope(root: root)
        var previous: LayoutSnapshot?
        return snapshot(scope: scope, mode: mode, reader: FrameReader(scope: scope), previous: &previous)
    }

    /// Forgets everything: the next pass starts from an empty solver.
    func reset() {
        solver = Solver()
        entries = [:]
        isDirty = true
        last = nil
        needsLowering = true
        loweredScope = nil
        lastSnapshot = nil
        frameReader = nil
        framePlaces = Solver.ValuePlaces()
        survey = nil
        probe = nil
    }

    // MARK: - Lowering

    /// The solver form of a DSL constraint, or nil when it does not belong to this layout (its
    /// items meet only above the root: an outer layout's constraint).
    ///
    /// A relation is evaluated in the coordinate space of its items' nearest common ancestor, as
    /// in Auto Layout. The solver's variables are global (the root's superview's space), so a
    /// position `p` enters as `p − origin`, where `origin` is that ancestor's left (top) edge.
    /// When the position coefficients cancel (`a.left == b.right + 8`, every relation of
    /// Auto Layout's form without a multiplier) the origins cancel too and nothing is added;
    /// otherwise (`dot.centerX == container.centerX * 0.5`) the ancestor's edge enters the row.
    ///
    /// In a right-to-left relation (the first item is right-to-left and the relation names
    /// leading or trailing), leading and trailing are the right and left edges measured
    /// leftwards (``LayoutAttribute``), and so is `centerX`: `c.centerX == a.leading` puts the
    /// centre on `a`'s right edge, and a positive constant points in the reading direction.
    private func lower(_ constraint: LayoutConstraint, in scope: LayoutScope) throws -> Lowered? {
        if let problem = constraint.problem {
            throw LayoutError.invalidConstraint(constraint.info, reason: problem)
        }
        let operands = try resolveOperands(of: constraint, in: scope)
        // Scope: every item must be in this layout; items meeting above the root belong to an
        // outer layout; items in different trees are an error.
        if operands.outside {
            let tops = operands.resolved.map { LayoutScope.topmostAncestor(of: $0.item) }
            if let first = tops.first, let top = first, tops.allSatisfy({ $0 === top }) { return nil }
            throw LayoutError.noCommonAncestor(constraint.info)
        }
        guard constraint.priority.isValid else {
            throw LayoutError.invalidConstraint(constraint.info,
                                                reason: "priority \(NumberFormat.priority(constraint.priority)) is outside 1...1000")
        }
        let expression = Self.expression(of: operands, constant: constraint.loweredConstant, attribute: constraint.constantAttribute)
        if let problem = Self.numberProblem(expression) {
            throw LayoutError.invalidConstraint(constraint.info, reason: problem)
        }
        return Lowered(expression: expression, relation: constraint.relation,
                       strength: .priority(constraint.priority))
    }

    /// A constraint's operands with their items resolved (``ResolvedOperand``), and what lowering
    /// needs to know about them.
    private struct ResolvedOperands {
        var resolved: [ResolvedOperand] = []
        /// Whether an item is outside this layout.
        var outside = false
        /// The layout direction of the first item (left to right if outside).
        var leftDirection = LayoutDirection.leftToRight
        /// Whether an operand names leading or trailing.
        var namesDirectional = false
    }

    /// Resolves every operand of `constraint` to a live item; notes whether all of them are in this layout.
    private func resolveOperands(of constraint: LayoutConstraint, in scope: LayoutScope) throws -> ResolvedOperands {
        var operands = ResolvedOperands()
        operands.resolved.reserveCapacity(constraint.lhs.count + constraint.rhs.count)
        for side in 0..<2 {
            let sideOperands = side == 0 ? constraint.lhs : constraint.rhs
            for index in sideOperands.indices {
                let item = try Self.item(of: sideOperands[index].target, constraint: constraint)
                let direction = scope.direction(ofMember: item)
                if direction == nil { operands.outside = true }
                if side == 0 && index == 0 { operands.leftDirection = direction ?? .leftToRight }
                let attribute = sideOperands[index].attribute
                if attribute == .leading || attribute == .trailing { operands.namesDirectional = true }
                let coefficient = sideOperands[index].coefficient
                operands.resolved.append(ResolvedOperand(item: item, attribute: attribute,
                                                         scale: side == 0 ? coefficient : -coefficient,
                                                         direction: direction ?? .leftToRight))
            }
        }
        return operands
    }

    /// The live item an operand names.
    private static func item(of target: LayoutConstraint.Operand.Target, constraint: LayoutConstraint) throws -> LayoutItem {
        switch target {
        case .item(let box):
            // An item that no longer exists was never part of this hierarchy (views in
            // it are kept alive by their superviews, guides by their views).
            guard let live = box.value else { throw LayoutError.noCommonAncestor(constraint.info) }
            return live
        case .superviewOf(let box):
            guard let live = box.value else { throw LayoutError.noCommonAncestor(constraint.info) }
            guard let parent = live.shorthandParent else {
                throw LayoutError.missingSuperview(constraint.info)
            }
            return parent
        case .missing:
            throw LayoutError.invalidConstraint(constraint.info, reason: "an item is nil")
        }
    }

    /// The reduced row of resolved operands and a constant: each operand's terms, positions made
    /// relative to the nearest common ancestor's origin where they do not cancel.
    private static func expression(of operands: ResolvedOperands, constant value: LayoutConstant,
                                   attribute: LayoutAttribute) -> LinearExpression {
        var terms: [Term] = []
        terms.reserveCapacity(operands.resolved.count * 2 + 1)
        var constant = -value.value(for: attribute, direction: operands.leftDirection)
        let mirrored = operands.namesDirectional && operands.leftDirection == .rightToLeft
        // The net coefficient of positions per axis: how much the row moves when the origin does.
        var horizontalShift = 0.0, verticalShift = 0.0, largest = 0.0
        for operand in operands.resolved {
            var scale = operand.scale
            largest = max(largest, abs(scale))
            switch operand.attribute {
            case .width, .height:
                break
            case .leading, .trailing:
                horizontalShift += operand.direction == .rightToLeft ? -scale : scale
            case .centerX where mirrored:
                scale = -scale
                horizontalShift += scale
            case .left, .right, .centerX:
                horizontalShift += scale
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline:
                verticalShift += scale
            }
            operand.item.accumulate(operand.attribute, direction: operand.direction, scale: scale,
                                    into: &terms, constant: &constant)
        }
        // Shifts that cancel up to rounding (0.1 + 0.2 − 0.3) are translation-invariant (PairingRule).
        if abs(horizontalShift) <= 1e-9 * largest { horizontalShift = 0 }
        if abs(verticalShift) <= 1e-9 * largest { verticalShift = 0 }
        if horizontalShift != 0 || verticalShift != 0,
           let ancestor = LayoutScope.nearestCommonAncestor(of: operands.resolved.map(\.item)) {
            // Positions relative to the ancestor's origin: subtract shift × origin.
            if horizontalShift != 0 { terms.append(Term(ancestor.variables.left, -horizontalShift)) }
            if verticalShift != 0 { terms.append(Term(ancestor.variables.top, -verticalShift)) }
        }
        return reduced(terms, constant: constant)
    }

    private func lower(_ spec: ImplicitSpec, direction: LayoutDirection) throws -> Lowered {
        var terms: [Term] = []
        var constant = -spec.value
        spec.item.accumulate(spec.attribute, direction: direction, scale: 1, into: &terms, constant: &constant)
        let expression = Self.reduced(terms, constant: constant)
        if !spec.priority.isValid {
            throw LayoutError.invalidConstraint(Self.makeConstraint(spec).info,
                                                reason: "priority \(NumberFormat.priority(spec.priority)) is outside 1...1000")
        }
        if let problem = Self.numberProblem(expression) {
            throw LayoutError.invalidConstraint(Self.makeConstraint(spec).info, reason: problem)
        }
        return Lowered(expression: expression, relation: spec.relation, strength: .priority(spec.priority))
    }

    /// The root's specs and the content-size specs of views whose measured size changed since
    /// the last full lowering, or nil when a content size appeared or went away on an axis (then
    /// everything is lowered again).
    private func changedImplicitSpecs(scope: LayoutScope, mode: Mode) throws -> [ImplicitSpec]? {
        var specs = rootSpecs(scope: scope, mode: mode, changedFrom: loweredMode)
        var keys = Set<ObjectIdentifier>()
        for (key, size) in measuredSizes where loweredSizes[key] != size { keys.insert(key) }
        for key in loweredSizes.keys where measuredSizes[key] == nil { keys.insert(key) }
        guard !keys.isEmpty else { return specs }
        let changed = scope.views.indices.lazy.map { scope.view(at: $0) }.filter { keys.contains(ObjectIdentifier($0)) }
        guard changed.count == keys.count else { return nil }
        for view in changed {
            let before = loweredSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize
            let after = measuredSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize
            guard let before, let after, (before.width < 0) == (after.width < 0), (before.height < 0) == (after.height < 0)
            else { return nil }
            specs += contentSpecs(view, size: after)
        }
        return specs
    }

    private func implicitSpecs(scope: LayoutScope, mode: Mode) throws -> [ImplicitSpec] {
        var specs = rootSpecs(scope: scope, mode: mode)
        for view in scope.views {
            // The root's frame is an input; its own content size only matters when fitting.
            if view === scope.root, case .frame = mode { continue }
            guard let size = measuredSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize else { continue }
            specs += contentSpecs(view, size: size)
        }
        return specs
    }

    /// Content hugging and compression resistance of `view` for a content size.
    private func contentSpecs(_ view: View, size: Size) -> [ImplicitSpec] {
        var specs: [ImplicitSpec] = []
        for (axis, attribute, value) in [(LayoutAxis.horizontal, LayoutAttribute.width, size.width),
                                         (.vertical, .height, size.height)] where !(value < 0) {
            specs.append(ImplicitSpec(item: view, role: .hugging(axis), attribute: attribute,
                                      relation: .lessThanOrEqual, value: value,
                                      priority: view.contentHuggingPriority(for: axis), roleText: .contentHugging))
            specs.append(ImplicitSpec(item: view, role: .compression(axis), attribute: attribute,
                                      relation: .greaterThanOrEqual, value: value,
                                      priority: view.contentCompressionResistancePriority(for: axis),
                                      roleText: .compressionResistance))
        }
        return specs
    }

    /// The specs that hold the root: its frame, or the fitting-size targets — when `old` is
    /// given, only those whose value or priority differs from `old`'s (the others would lower to
    /// the rows the solver holds).
    private func rootSpecs(scope: LayoutScope, mode: Mode, changedFrom old: Mode? = nil) -> [ImplicitSpec] {
        if let old, old == mode { return [] }
        let text = Self.rootText(mode)
        var specs: [ImplicitSpec] = []
        for index in 0..<4 {
            let target = Self.rootTarget(mode, index)
            if let old {
                let previous = Self.rootTarget(old, index)
                if previous.value == target.value && previous.priority == target.priority { continue }
            }
            let (role, attribute): (ImplicitRole, LayoutAttribute) = switch index {
            case 0: (.rootLeft, .left)
            case 1: (.rootTop, .top)
            case 2: (.rootWidth, .width)
            default: (.rootHeight, .height)
            }
            specs.append(ImplicitSpec(item: scope.root, role: role, attribute: attribute, relation: .equal,
                                      value: target.value, priority: target.priority, roleText: text))
        }
        return specs
    }

    /// The role text of the root's rows under `mode`.
    private static func rootText(_ mode: Mode) -> RoleText {
        if case .frame = mode { .rootFrame } else { .fittingSize }
    }

    /// The root's left (0), top (1), width (2) or height (3) as `mode` holds it (no array: a
    /// resize asks for it on every pass).
    private static func rootTarget(_ mode: Mode, _ index: Int) -> (value: Double, priority: Priority) {
        switch mode {
        case .frame(let frame):
            switch index {
            case 0: (frame.minX, .required)
            case 1: (frame.minY, .required)
            case 2: (frame.width, .required)
            default: (frame.height, .required)
            }
        case .fitting(let target, let horizontal, let vertical):
            switch index {
            case 0, 1: (0, .required)
            case 2: (target.width, horizontal)
            default: (target.height, vertical)
            }
        }
    }

    /// The source of an implicit row whose constant alone changed, made from `spec`: the old
    /// source with the new constant when it says the same otherwise (a resize changes a root row
    /// on every pass: no new object each time), else nil. (The old source is the one kept under
    /// the same key: made for the same item and role by ``makeConstraint(_:)``.)
    private static func source(_ old: LayoutConstraint, changedTo spec: ImplicitSpec?) -> LayoutConstraint? {
        guard let spec, old.implicitRole == spec.roleText.rawValue, old.label == spec.roleText.rawValue, old.priority == spec.priority,
              old.relation == spec.relation, old.constantAttribute == spec.attribute else { return nil }
        old.constant = LayoutConstant(spec.value)
        return old
    }

    private static func makeConstraint(_ spec: ImplicitSpec) -> LayoutConstraint {
        LayoutConstraint(
            lhs: [LayoutConstraint.Operand(target: .item(LayoutConstraint.WeakItem(spec.item)),
                                           attribute: spec.attribute, coefficient: 1)],
            relation: spec.relation, rhs: [], constantAttribute: spec.attribute, constant: LayoutConstant(spec.value),
            priority: spec.priority, label: spec.roleText.rawValue, location: nil, implicitRole: spec.roleText.rawValue)
    }

    /// `terms + constant` in the solver's reduced form (``LinearExpression/reduced()``): each variable once,
    /// in creation order, zero coefficients dropped. Rows have a handful of terms, so a stable
    /// insertion sort beats hashing (and sums repeated variables in the same order the solver does).
    static func reduced(_ terms: [Term], constant: Double) -> LinearExpression {
        // One term (a root or content-size row, lowered again on every resize): already reduced.
        if terms.count == 1 && terms[0].coefficient != 0 { return LinearExpression(terms, constant: constant + 0) }
        var sorted = terms
        if sorted.count > 1 {
            for i in 1..<sorted.count {
                let term = sorted[i]
                var j = i
                while j > 0, sorted[j - 1].variable.id > term.variable.id {
                    sorted[j] = sorted[j - 1]
                    j -= 1
                }
                sorted[j] = term
            }
        }
        var merged: [Term] = []
        merged.reserveCapacity(sorted.count)
        var index = 0
        while index < sorted.count {
            let variable = sorted[index].variable
            var coefficient = sorted[index].coefficient
            index += 1
            while index < sorted.count, sorted[index].variable === variable {
                coefficient += sorted[index].coefficient
                index += 1
            }
            if coefficient != 0 { merged.append(Term(variable, coefficient)) }
        }
        return LinearExpression(merged, constant: constant + 0)
    }

    /// Why a lowered expression cannot go to the solver (the solver's own limits), or nil.
    private static func numberProblem(_ expression: LinearExpression) -> String? {
        for term in expression.terms {
            if let text = NumberCheck.problem(term.coefficient) { return "the coefficient of \(term.variable) \(text)" }
        }
        return NumberCheck.problem(expression.constant).map { "the constant \($0)" }
    }


    // MARK: - Results

    /// How to read the frames of a scope's items after a solve: per item (in scope order), the
    /// offset in ``variables`` of its left, top, width and height, or -1 for a system guide (its
    /// frame is its view's, inset). Made at a full lowering and kept until the next, so that a
    /// pass reads every value at once (``Solver/values(of:into:)``), without casts or look-ups
    /// per item.
    private struct FrameReader {
        let offsets: [Int]
        let variables: [Variable]

        init(scope: LayoutScope) {
            var offsets: [Int] = [], variables: [Variable] = []
            offsets.reserveCapacity(scope.items.count)
            variables.reserveCapacity(4 * scope.items.count)
            for index in scope.items.indices {
                let item = scope.item(at: index)
                if let guide = item as? LayoutGuide, guide.isSystemGuide {
                    offsets.append(-1)
                    continue
                }
                offsets.append(variables.count)
                let own = item.variables
                variables.append(contentsOf: [own.left, own.top, own.width, own.height])
            }
            self.offsets = offsets
            self.variables = variables
        }
    }
    /// The reader of the kept scope (``loweredScope``); nil until the next full lowering makes one.
    @exclusivity(unchecked) private var frameReader: FrameReader?
    /// Where the reader's variables live in the solver, kept between passes.
    @exclusivity(unchecked) private var framePlaces = Solver.ValuePlaces()
    /// Buffers the snapshots reuse from pass to pass: the values read, and the frames relative to
    /// the parent and to the root's superview (the solver's space).
    @exclusivity(unchecked) private var frameValues: [Double] = []
    @exclusivity(unchecked) private var localFrames: [Rect] = []
    @exclusivity(unchecked) private var globalFrames: [Rect] = []

    /// The frames at the solver's values. When `previous` is a snapshot of the same scope (the
    /// same items in the same order) it takes the new frames — in place when nothing else holds
    /// its entries — and keeps its keys, names and index; it is consumed either way.
    private func snapshot(scope: LayoutScope, mode: Mode, reader: FrameReader,
                          previous: inout LayoutSnapshot?) -> LayoutSnapshot {
        let count = scope.items.count
        var local = localFrames, global = globalFrames
        localFrames = []
        globalFrames = []
        defer {
            localFrames = local
            globalFrames = global
        }
        let rootGlobal = readFrames(scope: scope, mode: mode, reader: reader, local: &local, global: &global)
        func inRoot(_ index: Int) -> Rect { global[index].offsetBy(dx: -rootGlobal.minX, dy: -rootGlobal.minY) }

        if var made = previous.take(), made.entries.count == count, made.rootKey == scope.root.key {
            made.updateFrames { index in (local[index], inRoot(index)) }
            return made
        }
        var depths = [Int](repeating: 0, count: count)
        var entries: [LayoutSnapshot.Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let item = scope.item(at: index)
            let parent = scope.parentIndex[index]
            depths[index] = index == 0 ? 0 : (parent >= 0 ? depths[parent] : 0) + 1
            entries.append(LayoutSnapshot.Entry(key: item.key, id: item.id, name: item.name,
                                                kind: item is LayoutGuide ? .guide : .view,
                                                parent: parent >= 0 ? scope.item(at: parent).key : nil,
                                                depth: depths[index], frame: local[index], frameInRoot: inRoot(index)))
        }
        return LayoutSnapshot(rootKey: scope.root.key, entries: entries)
    }

    /// Reads the solved frames of the scope's items into `local` (relative to the parent; the
    /// root's own frame for the root) and `global` (in the solver's space); returns the root's
    /// global frame.
    private func readFrames(scope: LayoutScope, mode: Mode, reader: FrameReader,
                            local: inout [Rect], global: inout [Rect]) -> Rect {
        let count = scope.items.count
        var values = frameValues
        frameValues = []
        defer { frameValues = values }
        solver.values(of: reader.variables, into: &values, places: &framePlaces)
        func rect(at offset: Int) -> Rect {
            Rect(x: values[offset] + 0, y: values[offset + 1] + 0, width: values[offset + 2] + 0, height: values[offset + 3] + 0)
        }
        if local.count != count {
            local = [Rect](repeating: .zero, count: count)
            global = [Rect](repeating: .zero, count: count)
        }
        let rootGlobal: Rect
        switch mode {
        case .frame(let frame):
            rootGlobal = frame
            local[0] = frame
        case .fitting:
            rootGlobal = rect(at: reader.offsets[0])
            local[0] = Rect(origin: .zero, size: rootGlobal.size)
        }
        global[0] = rootGlobal
        guard count > 1 else { return rootGlobal }
        // On buffers: this runs for every item of every pass, and each element write to an
        // array checks its uniqueness and bounds.
        let parentIndex = scope.parentIndex, offsets = reader.offsets
        // (The reader was made from this scope: its offsets and the values read cover every item.)
        precondition(parentIndex.count == count && offsets.count == count && values.count == reader.variables.count)
        values.withUnsafeBufferPointer { values in
            global.withUnsafeMutableBufferPointer { global in
                local.withUnsafeMutableBufferPointer { local in
                    for index in 1..<count {
                        let parent = parentIndex[index]
                        let parentGlobal = parent >= 0 ? global[parent] : rootGlobal
                        let offset = offsets[index]
                        let frame = offset >= 0
                            ? Rect(x: values[offset] + 0, y: values[offset + 1] + 0,
                                   width: values[offset + 2] + 0, height: values[offset + 3] + 0)
                            : parentGlobal.inset(by: unsafeDowncast(scope.item(at: index), to: LayoutGuide.self).systemInsets)
                        global[index] = frame
                        local[index] = frame.offsetBy(dx: -parentGlobal.minX, dy: -parentGlobal.minY)
                    }
                }
            }
        }
        return rootGlobal
    }
}
