/// The layout passes of one root view: what ``View/layoutIfNeeded()`` and friends ask. Kept
/// per root (``View/layoutPass``) with its ``LayoutEngine``; data flows one way — the view asks
/// the pass, the pass runs the rounds of its participants (``LayoutParticipant``: measured
/// views, safe areas, stacks, layout sets) and calls the engine, which never calls back.
///
/// Without participants a pass is a single solve. With them it runs rounds: every participant
/// prepares (a stack moves the constants of its rows, a layout set activates the case for its view's
/// estimated size), the engine solves, and every participant checks the solved frames (a
/// measured view is measured again at its solved width, a layout set checks its view's solved
/// size). The pass ends when a round changes nothing, and throws
/// ``LayoutError/notConverged(rounds:unsettled:)`` after ``maximumRounds`` rounds.
///
/// Every pass starts from the same state (measured views from their unconstrained size), so
/// the result depends on the views and constraints only, not on earlier passes. When measured
/// views (and stacks) are the only participants, the first round need not solve with the
/// unconstrained sizes where they cannot move a measured width: it reads the widths from the rows
/// (``fixedWidthRound(context:participants:budget:participantsCurrent:)``). Else, from the
/// second pass on, it runs on a second engine that only ever solves with the unconstrained sizes
/// (``firstRoundEngine(participants:mode:)``):
/// the same problems, each solver moving a little from pass to pass.
final class LayoutPass {
    /// The most solves one pass runs before it gives up.
    static let maximumRounds = 10

    /// The engine every round but a probed first one solves on.
    let engine = LayoutEngine()

    // (Not checked dynamically for exclusive access, as the engine's state: one thread at a
    // time, and read on every pass.)

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
        let mode: LayoutEngine.Mode
        let limits: SolveLimits
        let snapshot: LayoutSnapshot
    }
    /// Whether the last pass's frames are the ones written in the tree (``View/layoutIfNeeded()``).
    @exclusivity(unchecked) var isApplied = false
    /// Whether a pass succeeded before.
    @exclusivity(unchecked) private var hasPassed = false
    /// The engine of the first round when measured views take part (``firstRoundEngine(participants:mode:)``).
    /// That round always solves with the views' unconstrained sizes: kept apart from the later
    /// rounds, its solver sees only the root's changes from pass to pass, and ``engine``'s solver
    /// only measured sizes that move a little — so both can move along their bases, where one
    /// solver would jump between the two sets of sizes and solve again, twice a pass. Both solve
    /// the same problems a single engine would.
    @exclusivity(unchecked) private var probe: LayoutEngine?
    /// The participants found in the tree, kept while the engine keeps its lowering.
    @exclusivity(unchecked) private var survey: ParticipantSurvey?
    /// Whether nothing a participant reads besides the root's frame changed since the last
    /// successful pass (no ``markDirty()``, ``markNeedsPass()``, ``markContentSizeChanged(_:)``
    /// or ``markChanged(_:constantOnly:)``): then stacks, whose rows follow only their own state
    /// (``StackView``), already hold the constants a prepare would give them — a resize of a
    /// stack screen skips reading every stack's state.
    @exclusivity(unchecked) private var participantsCurrent = false
    /// Whether nothing a participant reads changed since the last successful pass besides the
    /// root's frame and views' content sizes (``markContentSizeChanged(_:)`` alone, a label's new
    /// text): then a stack's rows can have moved only with its arranged views' lengths. (Set and
    /// cleared with ``participantsCurrent`` but for content-size changes: true whenever it is.)
    @exclusivity(unchecked) private var participantsCurrentButSizes = false
    /// Whether every content-size change noted since the last successful pass was a measured
    /// view's (``View/sizeForWidth``: its size is measured, not read from the view): then,
    /// while ``participantsCurrentButSizes``, the stacks hold the constants for the last solve's
    /// sizes of every arranged view. (Set and cleared with ``participantsCurrentButSizes``.)
    @exclusivity(unchecked) private var onlyMeasuredSizesChanged = false
    /// Rounds run with participants, for tests (a pass that is a single solve adds none).
    @exclusivity(unchecked) private(set) var participantRounds = 0
    /// First rounds that read fixed widths instead of solving, for tests
    /// (``fixedWidthRound(context:participants:budget:participantsCurrent:)``).
    @exclusivity(unchecked) private(set) var fixedWidthRounds = 0
    /// Whether a probe engine is kept, for tests (``firstRoundEngine(participants:mode:)``).
    var keepsProbe: Bool { probe != nil }
    /// The probe's counters, and its solver (whose counters they are not), for tests.
    var probeStatistics: LayoutEngine.Statistics? { probe?.statistics }
    var probeSolver: Solver? { probe?.solver }

    /// Notes a change that layout reads; the next pass solves again and lowers every
    /// constraint again (the hierarchy, insets, directions or the set of constraints changed).
    func markDirty() {
        if !isRunning { isDirty = true }
        participantsCurrent = false
        participantsCurrentButSizes = false
        onlyMeasuredSizesChanged = false
        engine.markDirty()
        probe?.markDirty()
    }

    /// Notes a change that the participants read at their next round and turn into constant
    /// changes themselves (a stack's spacing, an arranged view's hidden flag): the next pass
    /// runs, lowering nothing again unless they change more than constants.
    func markNeedsPass() {
        if !isRunning { isDirty = true }
        participantsCurrent = false
        participantsCurrentButSizes = false
        onlyMeasuredSizesChanged = false
    }

    /// Notes that `view`'s content size may have changed (``View/intrinsicContentSize``): the
    /// next pass lowers its content-size rows again, nothing else unless an axis gained or lost
    /// its content size.
    func markContentSizeChanged(_ view: View) {
        if !isRunning { isDirty = true }
        participantsCurrent = false
        if !view.hasSizeMeasurement { onlyMeasuredSizesChanged = false }
        engine.markContentSizeChanged(view)
        probe?.markContentSizeChanged(view)
    }

    /// Notes that an active constraint's constant or priority changed: the next pass lowers
    /// just that constraint again (if nothing else changed).
    func markChanged(_ constraint: LayoutConstraint, constantOnly: Bool = false) {
        if !isRunning { isDirty = true }
        participantsCurrent = false
        participantsCurrentButSizes = false
        onlyMeasuredSizesChanged = false
        engine.markChanged(constraint, constantOnly: constantOnly)
        probe?.markChanged(constraint, constantOnly: constantOnly)
    }

    /// Whether a pass with `mode` would change nothing: the last one's frames stand.
    func isCurrent(mode: LayoutEngine.Mode, limits: SolveLimits) -> Bool {
        guard !isDirty, let last else { return false }
        return last.mode == mode && last.limits == limits
    }

    /// Lays out `root`'s subtree and returns the frames, without writing them: one solve, or —
    /// when stacks, layout sets or measured views take part — solves until they settle.
    func run(root: View, mode: LayoutEngine.Mode) throws -> LayoutSnapshot {
        if !isDirty, let last, last.mode == mode, last.limits == root.layoutLimits { return last.snapshot }
        isRunning = true
        defer { isRunning = false }
        isDirty = false
        last = nil      // so that the last snapshot's entries can take the new frames in place
        let resets = engine.statistics.resets
        let current = participantsCurrent, currentButSizes = participantsCurrentButSizes
        let stacksHoldLastSizes = currentButSizes && onlyMeasuredSizesChanged
        participantsCurrent = false
        participantsCurrentButSizes = false
        onlyMeasuredSizesChanged = false
        do {
            let snapshot = try rounds(root: root, mode: mode, participantsCurrent: current,
                                      currentButSizes: currentButSizes, stacksHoldLastSizes: stacksHoldLastSizes)
            last = LastPass(mode: mode, limits: root.layoutLimits, snapshot: snapshot)
            participantsCurrent = true
            participantsCurrentButSizes = true
            onlyMeasuredSizesChanged = true
            hasPassed = true
            isApplied = false
            return snapshot
        } catch {
            isDirty = true
            last = nil
            if engine.statistics.resets != resets { probe = nil }       // the engine started over
            throw error
        }
    }

    /// The items of the last pass, in snapshot order — but for index 0, which stands for the
    /// root — when `snapshot` is that pass's frames (so ``LayoutSnapshot/apply(to:)`` can
    /// write them without looking items up).
    func itemsOfLastPass(matching snapshot: LayoutSnapshot, root: View) -> [LayoutItem]? {
        // (The kept scope's and the last pass's parts are read in place: copying either whole
        // retains and releases each of their arrays, on every pass.)
        guard let items = engine.keptItems(root: root), let lastEntries = last?.snapshot.entries,
              last?.snapshot.rootKey == snapshot.rootKey, items.count == snapshot.entries.count else { return nil }
        // The same stored entries (a copy of the value), not merely equal ones.
        let same = lastEntries.withUnsafeBufferPointer { a in
            snapshot.entries.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
        return same ? items : nil
    }

    /// The rounds of one pass: a single solve without participants, else solves until every
    /// participant settles.
    ///
    /// When only the root's frame changed since the last successful pass (`participantsCurrent`)
    /// and every participant is a stack, nothing a participant reads changed: the pass is a
    /// single solve, as without participants.
    private func rounds(root: View, mode: LayoutEngine.Mode, participantsCurrent: Bool,
                        currentButSizes: Bool, stacksHoldLastSizes: Bool) throws -> LayoutSnapshot {
        let budget = PassBudget(root.layoutLimits)
        // (Checked on the kept survey first: the list of a thousand stacks is not even made.)
        if participantsCurrent, let survey, survey.onlyStacks, !survey.safeArea,
           survey.rootIdentifier == ObjectIdentifier(root), engine.keepsLowering(of: root),
           root.participantsInLayout.allSatisfy({ $0 is StackView }) {
            probe = nil
            return try engine.solve(root: root, mode: mode, contentSizes: SizeTable(), budget: budget)
        }
        var (participants, safeArea) = participants(root: root)
        if let safeArea { participants.append(safeArea) }
        if participants.isEmpty {
            probe = nil
            return try engine.solve(root: root, mode: mode, contentSizes: SizeTable(), budget: budget)
        }
        let context = PassContext(root: root, mode: mode, onlyRootChanged: participantsCurrent,
                                  onlySizesChanged: currentButSizes, onlyMeasuredSizesChanged: stacksHoldLastSizes)
        do {
            var unsettled: [any LayoutParticipant] = []
            var round = 0
            // Whether the stacks hold the constants for the sizes the next solve reads.
            var stacksCurrent = false
            if let moved = fixedWidthRound(context: context, participants: participants, budget: budget,
                                             participantsCurrent: participantsCurrent,
                                             stacksHoldLastSizes: stacksHoldLastSizes) {
                unsettled = moved
                round = 1
                // When only the root moved and every measured view kept, at its fixed width, the
                // size the last solve read, the stacks follow those sizes since the last pass:
                // the round does not prepare them (a settings form's resize walked every arranged
                // view of its hundred stacks to move nothing, an eighth of the pass).
                stacksCurrent = participantsCurrent && moved.isEmpty
            } else {
                context.measuredSizes.reserveCapacity(engine.contentSizes.count)
                participants.beginEach(context)
                if let probe = firstRoundEngine(participants: participants, mode: mode),
                   let moved = firstRound(on: probe, context: context, participants: participants, budget: budget) {
                    unsettled = moved
                    round = 1
                }
            }
            while round < Self.maximumRounds {
                participantRounds += 1
                if stacksCurrent {
                    stacksCurrent = false
                } else {
                    participants.prepareEach(context)
                }
                let snapshot = try engine.solve(root: root, mode: mode, contentSizes: context.measuredSizes, budget: budget)
                // A first round solved here from the unconstrained sizes is what a probe solves:
                // the probe goes on from it (``LayoutEngine/fork()``) rather than starting cold.
                if round == 0, probe == nil, probes(participants, mode: mode) { probe = engine.fork() }
                unsettled = participants.unsettled(context, snapshot: snapshot)
                if unsettled.isEmpty { return snapshot }
                round += 1
            }
            throw LayoutError.notConverged(rounds: Self.maximumRounds, unsettled: unsettled.map(\.unsettledChange))
        } catch {
            safeArea?.restore()
            throw error
        }
    }

    /// The first round without solving, when no content size moves a measured view's width
    /// (``LayoutEngine/widthsAreFixed(of:)``), for a frame, with measured views and stacks the
    /// only participants. The engine lowers the changes (the root's frame, constants; everything
    /// at the first pass) and the views are measured at the widths its rows fix
    /// (``LayoutEngine/fixedWidths(of:)``) — those a solve with the unconstrained sizes gives —
    /// so that the pass's first solve has the sizes the second round of a pass from the
    /// unconstrained sizes would have, and the rounds from there are the same. The sizes the
    /// round starts from are the last solve's (``SizeMeasurement/resume(_:from:)``): any do.
    /// What did not settle, the pass going on from round 2 (which solves even when everything
    /// settled); nil when the pass starts as usual: the rows are known not to fix the widths,
    /// the rows lowered do not (a constraint changed since the last pass), or lowering failed.
    ///
    /// When only the root's frame changed since the last pass (`participantsCurrent`), the
    /// stacks hold the constants for the last sizes already and are not prepared; nor when
    /// besides it only measured views changed (`stacksHoldLastSizes`: new texts) and the round
    /// starts from the last solve's sizes of exactly these views — the sizes the stacks hold
    /// (a text change prepared every stack twice, the first time to move nothing).
    private func fixedWidthRound(context: PassContext, participants: RoundParticipants, budget: PassBudget,
                                 participantsCurrent: Bool, stacksHoldLastSizes: Bool) -> [any LayoutParticipant]? {
        guard case .frame = context.mode, participants.onlyMeasurementsAndStacks else { return nil }
        let measured = participants.measurements
        assert(participants.beginning.allSatisfy { $0 is SizeMeasurement }, "a participant here begins a pass")
        // (Asked before lowering while the rows stand, so that a layout whose widths are not
        // fixed lowers nothing here; a new lowering is asked after.)
        guard !measured.isEmpty,
              !engine.keepsLowering(of: context.root) || engine.widthsAreFixed(of: measured) else { return nil }
        // When the last solve's sizes are those of exactly these views (a view has one
        // measurement), the pass starts from that table itself, shared until a size changes:
        // resuming a thousand labels one by one was a fifth of a settings form's resize.
        let sizes = engine.contentSizes
        let shared = context.measuredSizes.isEmpty && sizes.count == measured.count
            && measured.allSatisfy { $0.hasSize(in: sizes) }
        if shared { context.measuredSizes = sizes } else { context.measuredSizes.reserveCapacity(sizes.count) }
        // (The measured views begin from the last sizes; the stacks, the only other
        // participants here, do nothing at a pass's start: ``LayoutParticipant/begins``.)
        if !shared {
            for measurement in measured { measurement.resume(context, from: sizes) }
        }
        participantRounds += 1
        if !participantsCurrent && !(shared && stacksHoldLastSizes) {
            participants.prepareEach(context)
        }
        guard (try? engine.lower(root: context.root, mode: context.mode, contentSizes: context.measuredSizes,
                                 budget: budget)) != nil,
              let widths = engine.fixedWidths(of: measured) else {
            context.measuredSizes.removeAll()
            return nil
        }
        probe = nil
        fixedWidthRounds += 1
        var unsettled: [any LayoutParticipant] = []
        for index in measured.indices where !measured[index].settle(context, width: widths[index]) {
            unsettled.append(measured[index])
        }
        return unsettled
    }

    /// The first round on the probe (``firstRoundEngine(participants:mode:)``): what did not
    /// settle, the pass going on from round 2 with ``engine``. Nil when the round must run on
    /// ``engine`` after all, as if there were no probe: everything settled (the frames to return
    /// are the engine's) or the probe failed (the engine fails the same way, with its own state
    /// to diagnose).
    private func firstRound(on probe: LayoutEngine, context: PassContext, participants: RoundParticipants,
                            budget: PassBudget) -> [any LayoutParticipant]? {
        participants.prepareEach(context)
        guard let snapshot = try? probe.solve(root: context.root, mode: context.mode, contentSizes: context.measuredSizes,
                                              budget: budget) else { return nil }
        // Settling changes the measured sizes of the views that did not settle only.
        let unsettled = participants.unsettled(context, snapshot: snapshot)
        return unsettled.isEmpty ? nil : unsettled
    }

    /// The engine for the first round of a pass with `participants`, or nil for ``engine``: a
    /// probe only from the second pass on (a one-off pass, such as a fitting-size query, keeps
    /// one solver), for a frame, and when measured views take part and every other participant
    /// is a stack (layout sets and safe areas change the constraints between rounds). A stack
    /// moves constants of its rows between rounds (the lengths of measured views along its
    /// axis): each engine lowers again every constraint marked as changed since its own last
    /// solve, so each sees the constants of the rounds it solves — the probe the unconstrained
    /// sizes' from pass to pass, ``engine`` the measured ones'.
    ///
    /// The probe is forked from ``engine`` after the first round of the pass before
    /// (``LayoutEngine/fork()``), which solved from the unconstrained sizes too; it is made
    /// afresh only when that pass did not fork it (its first round read fixed widths).
    private func firstRoundEngine(participants: RoundParticipants, mode: LayoutEngine.Mode) -> LayoutEngine? {
        guard hasPassed, probes(participants, mode: mode) else {
            probe = nil
            return nil
        }
        if let probe { return probe }
        let made = LayoutEngine()
        probe = made
        return made
    }

    /// Whether passes with `participants` and `mode` run their first round on a probe: for a
    /// frame, with measured views, every other participant a stack.
    private func probes(_ participants: RoundParticipants, mode: LayoutEngine.Mode) -> Bool {
        guard case .frame = mode else { return false }
        return participants.measures && participants.onlyMeasurementsAndStacks
    }

    /// The participants of a pass over `root`'s subtree: layout sets, measured views and stacks,
    /// in tree order, and the safe-area propagation if the tree needs one.
    ///
    /// Found by walking the tree, and kept while the engine keeps its lowering (any change to
    /// the hierarchy or to a view's participants marks the layout as needing a full one): a pass
    /// after a resize or a constant change walks nothing. The root's own participants are asked
    /// for each time, so that nothing kept holds the root.
    func participants(root: View) -> (participants: RoundParticipants, safeArea: SafeAreaPropagation?) {
        let found: ParticipantSurvey
        if let survey, survey.rootIdentifier == ObjectIdentifier(root), engine.keepsLowering(of: root) {
            found = survey
        } else {
            found = ParticipantSurvey(root: root, placeholder: engine.placeholder)
            survey = found
        }
        // (The kept lists themselves when the root has none of its own: no copy of a thousand.)
        let participants = found.participants.after(root.participantsInLayout)
        return (participants, found.safeArea ? SafeAreaPropagation(root: root, views: found.views) : nil)
    }
}

/// What a pass needs from the tree besides constraints (``LayoutPass``), as found for the
/// engine's kept scope.
private struct ParticipantSurvey {
    let rootIdentifier: ObjectIdentifier
    /// The participants of the views below the root, in tree order (and those a round calls).
    let participants: RoundParticipants
    /// The subtree's views, the placeholder at index 0 (the root owns the pass).
    let views: [View]
    /// Whether safe areas are propagated (``SafeAreaPropagation/isNeeded(root:views:)``).
    let safeArea: Bool
    /// Whether every participant below the root is a ``StackView``.
    let onlyStacks: Bool

    init(root: View, placeholder: View) {
        var views = root.subtreeViews()
        var others: [any LayoutParticipant] = []
        for view in views.dropFirst() {
            others.append(contentsOf: view.participantsInLayout)
        }
        safeArea = SafeAreaPropagation.isNeeded(root: root, views: views)
        views[0] = placeholder
        rootIdentifier = ObjectIdentifier(root)
        participants = RoundParticipants(others)
        onlyStacks = others.allSatisfy { $0 is StackView }
        self.views = views
    }
}
