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
        let roleText: String
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
    }
    private(set) var statistics = Statistics()

    private var solver = Solver()
    private var entries: [EntryKey: Entry] = [:]
    /// Content sizes that replace ``View/intrinsicContentSize`` in the next solve (height-for-width
    /// measurement, set by ``LayoutPass``), by view.
    var measuredSizes: [ObjectIdentifier: Size] = [:]

    /// Lays out `root`'s subtree and returns the frames, without writing them: one solve, or —
    /// when stacks, layout sets or measured views take part — solves until they settle (``LayoutPass``).
    func solve(root: View, mode: Mode) throws -> LayoutSnapshot {
        if !isDirty, let last, last.mode == mode, last.limits == root.layoutLimits { return last.snapshot }
        isRunning = true
        defer { isRunning = false }
        isDirty = false
        do {
            let snapshot = try LayoutPass.run(engine: self, root: root, mode: mode)
            last = (mode, root.layoutLimits, snapshot)
            isApplied = false
            return snapshot
        } catch {
            isDirty = true
            last = nil
            throw error
        }
    }

    /// Whether something that layout reads changed since the last pass (``View/setNeedsLayout()``).
    private(set) var isDirty = true
    /// Whether a pass is running: what the pass changes itself (a stack's rows, a layout set's
    /// case) is not a change from outside.
    private var isRunning = false
    /// The last successful pass: how the root was held, under which limits, and its frames.
    private var last: (mode: Mode, limits: SolveLimits, snapshot: LayoutSnapshot)?
    /// Whether the last pass's frames are the ones written in the tree (``View/layoutIfNeeded()``).
    var isApplied = false

    /// Notes a change that layout reads; the next pass solves again and lowers every
    /// constraint again (the hierarchy, insets, directions or the set of constraints changed).
    func markDirty() {
        if !isRunning { isDirty = true }
        needsLowering = true
    }

    /// Notes that an active constraint's constant or priority changed: the next pass lowers
    /// just that constraint again (if nothing else changed).
    func markChanged(_ constraint: LayoutConstraint) {
        if !isRunning { isDirty = true }
        changedConstraints.append(constraint)
    }

    /// Whether every constraint must be lowered again at the next solve (else only
    /// ``changedConstraints``, the root's frame and measured sizes are looked at).
    private var needsLowering = true
    private var changedConstraints: [LayoutConstraint] = []
    /// The scope of the last full lowering, and the content sizes its content-size rows used.
    private var loweredScope: LayoutScope.Detached?
    private var loweredSizes: [ObjectIdentifier: Size] = [:]

    /// The items of the last pass's scope, in snapshot order — but for index 0, which stands for
    /// the root — when `snapshot` is that pass's frames (so ``LayoutSnapshot/apply(to:)`` can
    /// write them without looking items up).
    func itemsOfLastPass(matching snapshot: LayoutSnapshot, root: View) -> [LayoutItem]? {
        guard !needsLowering, let last, let detached = loweredScope, ObjectIdentifier(root) == detached.rootIdentifier,
              last.snapshot.rootKey == snapshot.rootKey,
              detached.items.count == snapshot.entries.count else { return nil }
        // The same stored entries (a copy of the value), not merely equal ones.
        let same = last.snapshot.entries.withUnsafeBufferPointer { a in
            snapshot.entries.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
        return same ? detached.items : nil
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
        let kept = needsLowering ? nil : loweredScope?.attached(to: root)
        var incremental = kept != nil
        var changedSpecs: [ImplicitSpec] = []
        if let kept {
            if let specs = try changedImplicitSpecs(scope: kept, mode: mode) { changedSpecs = specs } else { incremental = false }
        }
        let scope = incremental ? kept! : LayoutScope(root: root)
        if incremental {
            statistics.incrementalLowerings += 1
        } else {
            statistics.fullLowerings += 1
            lastSnapshot = nil      // of another scope
        }

        // A full lowering builds the entries anew; an incremental one changes them in place.
        var next: [EntryKey: Entry] = [:]
        if !incremental { next.reserveCapacity(entries.count) }
        func record(_ key: EntryKey, _ entry: Entry) {
            if incremental { entries[key] = entry } else { next[key] = entry }
        }
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

        func place(_ key: EntryKey, _ lowered: Lowered, source: () -> LayoutConstraint) {
            if let old = entries[key] {
                if lowered.matches(old.constraint) {
                    if !incremental { next[key] = old }
                    return
                }
                if lowered.matchesExceptConstant(old.constraint) {
                    let made = old.source.isImplicit ? source() : old.source
                    constantChanges.append((key, old, lowered.expression.constant, made))
                    return
                }
                if incremental { removals.append(old.constraint) }
            }
            let made = source()
            var expression = lowered.expression
            if Self.isMovable(key, source: made) {
                let constant = expression.constant
                movable.append((key, made, constant))
                // Any other valid constant: the same magnitude, or 1 for 0.
                expression = LinearExpression(expression.terms, constant: constant == 0 ? 1 : -constant)
            }
            let constraint = Constraint(expression, lowered.relation, strength: lowered.strength, label: made.label)
            record(key, Entry(source: made, constraint: constraint))
            additions.append(constraint)
        }

        if incremental {
            // 1. Only the constraints that changed, the root, and content sizes that changed.
            // (The entries change in place: should lowering throw, start over next time.)
            do {
                var seen = Set<ObjectIdentifier>()
                for constraint in changedConstraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                    let key = EntryKey.explicit(ObjectIdentifier(constraint))
                    guard constraint.isActive, entries[key] != nil, let lowered = try lower(constraint, in: scope) else { continue }
                    place(key, lowered) { constraint }
                }
                for spec in changedSpecs {
                    let lowered = try lower(spec, direction: scope.direction(of: spec.item))
                    place(.implicit(spec.item.key, spec.role), lowered) { Self.makeConstraint(spec) }
                }
            } catch {
                reset()
                throw error
            }
        } else {
            // 1. The constraints written with the DSL.
            let active = scope.activeConstraints()
            if limits.maximumVariables != nil || limits.maximumConstraints != nil {
                let owned = scope.items.count(where: { !(($0 as? LayoutGuide)?.isSystemGuide ?? false) })
                try budget.checkSize(variables: 4 * owned, constraints: active.count + 4)
            }
            for constraint in active {
                guard let lowered = try lower(constraint, in: scope) else { continue }
                place(.explicit(ObjectIdentifier(constraint)), lowered) { constraint }
            }

            // 2. The constraints the pass makes: the root, then content size.
            let specs = try implicitSpecs(scope: scope, mode: mode)
            if limits.maximumConstraints != nil {
                try budget.checkSize(variables: 0, constraints: active.count + specs.count)
            }
            for spec in specs {
                let lowered = try lower(spec, direction: scope.direction(of: spec.item))
                place(.implicit(spec.item.key, spec.role), lowered) { Self.makeConstraint(spec) }
            }
            let changedKeys = Set(constantChanges.map(\.key))
            for (key, old) in entries where next[key]?.constraint !== old.constraint && !changedKeys.contains(key) {
                removals.append(old.constraint)
            }
        }

        // 3. Bring the solver in line: change constants in place, remove what went away or
        // changed, add what is new.
        do {
            for change in constantChanges {
                let replacement = try solver.updateConstant(of: change.old.constraint, to: change.constant)
                record(change.key, Entry(source: change.source, constraint: replacement))
            }
            for constraint in removals { try solver.remove(constraint) }
            try solver.add(additions)
            for (key, source, constant) in movable {
                let added = incremental ? entries[key]! : next[key]!
                let moved = try solver.updateConstant(of: added.constraint, to: constant)
                record(key, Entry(source: source, constraint: moved))
            }
        } catch let error as TrellisError {
            reset()
            throw LayoutError.solverFailure(error)
        }
        if !incremental { entries = next }
        loweredScope = scope.detached(placeholder: placeholder)
        loweredSizes = measuredSizes
        needsLowering = false
        changedConstraints.removeAll()

        // 4. Solve.
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

        let made = snapshot(scope: scope, mode: mode, previous: incremental ? lastSnapshot : nil)
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
    private var survey: Survey?

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
    private var lastSnapshot: LayoutSnapshot?

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
    func diagnosticSnapshot(root: View, mode: Mode) -> LayoutSnapshot { snapshot(scope: LayoutScope(root: root), mode: mode) }

    /// Forgets everything: the next pass starts from an empty solver.
    func reset() {
        solver = Solver()
        entries = [:]
        isDirty = true
        last = nil
        needsLowering = true
        loweredScope = nil
        lastSnapshot = nil
        survey = nil
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
        // Resolve every operand to a live item; note whether all of them are in this layout.
        var resolved: [ResolvedOperand] = []
        resolved.reserveCapacity(constraint.lhs.count + constraint.rhs.count)
        var outside = false
        var leftDirection = LayoutDirection.leftToRight
        var namesDirectional = false
        for side in 0..<2 {
            let operands = side == 0 ? constraint.lhs : constraint.rhs
            for index in operands.indices {
                let item: LayoutItem
                switch operands[index].target {
                case .item(let box):
                    // An item that no longer exists was never part of this hierarchy (views in
                    // it are kept alive by their superviews, guides by their views).
                    guard let live = box.value else { throw LayoutError.noCommonAncestor(constraint.info) }
                    item = live
                case .superviewOf(let box):
                    guard let live = box.value else { throw LayoutError.noCommonAncestor(constraint.info) }
                    guard let parent = live.shorthandParent else {
                        throw LayoutError.missingSuperview(constraint.info)
                    }
                    item = parent
                case .missing:
                    throw LayoutError.invalidConstraint(constraint.info, reason: "an item is nil")
                }
                let direction = scope.direction(ofMember: item)
                if direction == nil { outside = true }
                if side == 0 && index == 0 { leftDirection = direction ?? .leftToRight }
                let attribute = operands[index].attribute
                if attribute == .leading || attribute == .trailing { namesDirectional = true }
                let coefficient = operands[index].coefficient
                resolved.append(ResolvedOperand(item: item, attribute: attribute,
                                                scale: side == 0 ? coefficient : -coefficient,
                                                direction: direction ?? .leftToRight))
            }
        }

        // Scope: every item must be in this layout; items meeting above the root belong to an
        // outer layout; items in different trees are an error.
        if outside {
            let tops = resolved.map { LayoutScope.topmostAncestor(of: $0.item) }
            if let first = tops.first, let top = first, tops.allSatisfy({ $0 === top }) { return nil }
            throw LayoutError.noCommonAncestor(constraint.info)
        }

        guard constraint.priority.isValid else {
            throw LayoutError.invalidConstraint(constraint.info,
                                                reason: "priority \(NumberFormat.priority(constraint.priority)) is outside 1...1000")
        }

        var terms: [Term] = []
        terms.reserveCapacity(resolved.count * 2 + 1)
        var constant = -constraint.constant.value(for: constraint.constantAttribute, direction: leftDirection)
        let mirrored = namesDirectional && leftDirection == .rightToLeft
        // The net coefficient of positions per axis: how much the row moves when the origin does.
        var horizontalShift = 0.0, verticalShift = 0.0, largest = 0.0
        for operand in resolved {
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
           let ancestor = LayoutScope.nearestCommonAncestor(of: resolved.map(\.item)) {
            // Positions relative to the ancestor's origin: subtract shift × origin.
            if horizontalShift != 0 { terms.append(Term(ancestor.variables.left, -horizontalShift)) }
            if verticalShift != 0 { terms.append(Term(ancestor.variables.top, -verticalShift)) }
        }
        let expression = Self.reduced(terms, constant: constant)
        if let problem = Self.numberProblem(expression) {
            throw LayoutError.invalidConstraint(constraint.info, reason: problem)
        }
        return Lowered(expression: expression, relation: constraint.relation,
                       strength: .priority(constraint.priority))
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
        var specs = rootSpecs(scope: scope, mode: mode)
        var keys = Set<ObjectIdentifier>()
        for key in Set(measuredSizes.keys).union(loweredSizes.keys) where measuredSizes[key] != loweredSizes[key] {
            keys.insert(key)
        }
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
                                      priority: view.contentHuggingPriority(for: axis), roleText: "content hugging"))
            specs.append(ImplicitSpec(item: view, role: .compression(axis), attribute: attribute,
                                      relation: .greaterThanOrEqual, value: value,
                                      priority: view.contentCompressionResistancePriority(for: axis),
                                      roleText: "compression resistance"))
        }
        return specs
    }

    /// The specs that hold the root: its frame, or the fitting-size targets.
    private func rootSpecs(scope: LayoutScope, mode: Mode) -> [ImplicitSpec] {
        var specs: [ImplicitSpec] = []
        let root = scope.root
        switch mode {
        case .frame(let frame):
            specs.append(ImplicitSpec(item: root, role: .rootLeft, attribute: .left, relation: .equal,
                                      value: frame.minX, priority: .required, roleText: "root frame"))
            specs.append(ImplicitSpec(item: root, role: .rootTop, attribute: .top, relation: .equal,
                                      value: frame.minY, priority: .required, roleText: "root frame"))
            specs.append(ImplicitSpec(item: root, role: .rootWidth, attribute: .width, relation: .equal,
                                      value: frame.width, priority: .required, roleText: "root frame"))
            specs.append(ImplicitSpec(item: root, role: .rootHeight, attribute: .height, relation: .equal,
                                      value: frame.height, priority: .required, roleText: "root frame"))
        case .fitting(let target, let horizontal, let vertical):
            specs.append(ImplicitSpec(item: root, role: .rootLeft, attribute: .left, relation: .equal,
                                      value: 0, priority: .required, roleText: "fitting size"))
            specs.append(ImplicitSpec(item: root, role: .rootTop, attribute: .top, relation: .equal,
                                      value: 0, priority: .required, roleText: "fitting size"))
            specs.append(ImplicitSpec(item: root, role: .rootWidth, attribute: .width, relation: .equal,
                                      value: target.width, priority: horizontal, roleText: "fitting size"))
            specs.append(ImplicitSpec(item: root, role: .rootHeight, attribute: .height, relation: .equal,
                                      value: target.height, priority: vertical, roleText: "fitting size"))
        }
        return specs
    }

    private static func makeConstraint(_ spec: ImplicitSpec) -> LayoutConstraint {
        LayoutConstraint(
            lhs: [LayoutConstraint.Operand(target: .item(LayoutConstraint.WeakItem(spec.item)),
                                           attribute: spec.attribute, coefficient: 1)],
            relation: spec.relation, rhs: [], constantAttribute: spec.attribute, constant: LayoutConstant(spec.value),
            priority: spec.priority, label: spec.roleText, location: nil, implicitRole: spec.roleText)
    }

    /// `terms + constant` in the solver's reduced form (``LinearExpression/reduced()``): each variable once,
    /// in creation order, zero coefficients dropped. Rows have a handful of terms, so a stable
    /// insertion sort beats hashing (and sums repeated variables in the same order the solver does).
    static func reduced(_ terms: [Term], constant: Double) -> LinearExpression {
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
        func problem(_ value: Double) -> String? {
            if value.isNaN { return "is NaN" }
            if !value.isFinite { return "is infinite" }
            if value.isSubnormal { return "\(value) is too close to zero to compute with" }
            if abs(value) > 1e15 { return "\(value) exceeds the supported magnitude 1e15" }
            return nil
        }
        for term in expression.terms {
            if let text = problem(term.coefficient) { return "the coefficient of \(term.variable) \(text)" }
        }
        return problem(expression.constant).map { "the constant \($0)" }
    }

    // MARK: - Results

    /// The frames at the solver's values. `previous`, a snapshot of the same scope (the same
    /// items in the same order), lends its keys, names and index, so that only frames are made.
    private func snapshot(scope: LayoutScope, mode: Mode, previous: LayoutSnapshot? = nil) -> LayoutSnapshot {
        let count = scope.items.count
        let previous = previous.flatMap { $0.entries.count == count && $0.rootKey == scope.root.key ? $0 : nil }
        var global = [Rect](repeating: .zero, count: count)
        var depths = [Int](repeating: 0, count: count)
        var entries: [LayoutSnapshot.Entry] = []
        entries.reserveCapacity(count)

        let rootGlobal: Rect
        switch mode {
        case .frame(let frame): rootGlobal = frame
        case .fitting: rootGlobal = rect(of: scope.root.variables)
        }

        for index in scope.items.indices {
            let item = scope.item(at: index)
            let parent = scope.parentIndex[index]
            let parentGlobal = parent >= 0 ? global[parent] : rootGlobal
            let frame: Rect
            if let guide = item as? LayoutGuide {
                let g = guide.isSystemGuide ? parentGlobal.inset(by: guide.systemInsets) : rect(of: guide.variables)
                global[index] = g
                frame = g.offsetBy(dx: -parentGlobal.minX, dy: -parentGlobal.minY)
                depths[index] = (parent >= 0 ? depths[parent] : 0) + 1
            } else if item === scope.root {
                global[index] = rootGlobal
                switch mode {
                case .frame(let given): frame = given
                case .fitting: frame = Rect(origin: .zero, size: rootGlobal.size)
                }
                depths[index] = 0
            } else {
                let g = rect(of: item.variables)
                global[index] = g
                frame = g.offsetBy(dx: -parentGlobal.minX, dy: -parentGlobal.minY)
                depths[index] = (parent >= 0 ? depths[parent] : 0) + 1
            }
            let inRoot = global[index].offsetBy(dx: -rootGlobal.minX, dy: -rootGlobal.minY)
            if let previous {
                // The same scope as the last snapshot: the same items in the same places.
                let old = previous.entries[index]
                entries.append(LayoutSnapshot.Entry(key: old.key, id: old.id, name: old.name, kind: old.kind, parent: old.parent,
                                                    depth: old.depth, frame: frame, frameInRoot: inRoot))
            } else {
                entries.append(LayoutSnapshot.Entry(key: item.key, id: item.id, name: item.name,
                                                    kind: item is LayoutGuide ? .guide : .view,
                                                    parent: parent >= 0 ? scope.item(at: parent).key : nil,
                                                    depth: depths[index], frame: frame, frameInRoot: inRoot))
            }
        }
        return previous.map { $0.withEntries(entries) } ?? LayoutSnapshot(rootKey: scope.root.key, entries: entries)
    }

    private func rect(of variables: LayoutVariables) -> Rect {
        Rect(x: solver.value(of: variables.left) + 0, y: solver.value(of: variables.top) + 0,
             width: solver.value(of: variables.width) + 0, height: solver.value(of: variables.height) + 0)
    }
}
