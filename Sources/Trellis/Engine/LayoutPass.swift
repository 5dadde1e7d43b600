/// One layout pass over a root's subtree, with the participants that depend on solved frames:
/// stacks, layout sets and measured views (``LayoutParticipant``).
///
/// Without participants a pass is a single solve. With them it runs rounds: every participant
/// prepares (a stack regenerates its rows, a layout set activates the case for its view's
/// estimated size), the engine solves, and every participant checks the solved frames (a
/// measured view is measured again at its solved width, a layout set checks its view's solved
/// size). The pass ends when a round changes nothing, and throws
/// ``LayoutError/notConverged(rounds:unsettled:)`` after ``maximumRounds`` rounds.
///
/// Every pass starts from the same state (measured views from their unconstrained size), so
/// the result depends on the views and constraints only, not on earlier passes. From an
/// engine's second pass on, when measured views are the only participants, the first round runs
/// on a second engine that only ever solves with the unconstrained sizes
/// (``LayoutEngine/firstRoundEngine(participants:mode:)``): the same problems, each solver
/// moving a little from pass to pass.
final class LayoutPass {
    /// The most solves one pass runs before it gives up.
    static let maximumRounds = 10

    /// The view being laid out.
    let root: View
    /// How the root is held.
    let mode: LayoutEngine.Mode
    /// Measured content sizes (height-for-width) by view, used instead of ``View/intrinsicContentSize``.
    var measuredSizes: [ObjectIdentifier: Size] = [:]

    private init(root: View, mode: LayoutEngine.Mode) {
        self.root = root
        self.mode = mode
    }

    /// The content size the solve uses for `view`: measured, else its ``View/intrinsicContentSize``.
    func intrinsicSize(of view: View) -> Size? {
        measuredSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize
    }

    /// Lays out `root` with `engine`, running rounds while participants change.
    static func run(engine: LayoutEngine, root: View, mode: LayoutEngine.Mode) throws -> LayoutSnapshot {
        var (participants, safeArea) = engine.participants(root: root)
        if let safeArea { participants.append(safeArea) }
        engine.measuredSizes = [:]
        let budget = PassBudget(root.layoutLimits)
        if participants.isEmpty {
            engine.dropProbe()
            return try engine.solveOnce(root: root, mode: mode, budget: budget)
        }
        do {
            return try rounds(engine: engine, root: root, mode: mode, participants: participants, budget: budget)
        } catch {
            safeArea?.restore()
            throw error
        }
    }

    private static func rounds(engine: LayoutEngine, root: View, mode: LayoutEngine.Mode,
                               participants: [any LayoutParticipant], budget: PassBudget) throws -> LayoutSnapshot {

        let pass = LayoutPass(root: root, mode: mode)
        for participant in participants { participant.begin(pass) }
        var unsettled: [String] = []
        var round = 0
        if let probe = engine.firstRoundEngine(participants: participants, mode: mode),
           let moved = firstRound(on: probe, pass: pass, participants: participants, budget: budget) {
            unsettled = moved
            round = 1
        }
        while round < maximumRounds {
            for participant in participants { participant.prepare(pass) }
            engine.measuredSizes = pass.measuredSizes
            let snapshot = try engine.solveOnce(root: root, mode: mode, budget: budget)
            unsettled = participants.compactMap { $0.settle(pass, snapshot: snapshot) }
            if unsettled.isEmpty { return snapshot }
            round += 1
        }
        throw LayoutError.notConverged(rounds: maximumRounds, unsettled: unsettled)
    }

    /// The first round on the engine's probe (``LayoutEngine/firstRoundEngine(participants:mode:)``):
    /// what did not settle, the pass going on from round 2 with the engine itself. Nil when the
    /// round must run on the engine after all, as if there were no probe: everything settled
    /// (the frames to return are the engine's) or the probe failed (the engine fails the same
    /// way, with its own state to diagnose).
    private static func firstRound(on probe: LayoutEngine, pass: LayoutPass, participants: [any LayoutParticipant],
                                   budget: PassBudget) -> [String]? {
        for participant in participants { participant.prepare(pass) }
        probe.measuredSizes = pass.measuredSizes
        guard let snapshot = try? probe.solveOnce(root: pass.root, mode: pass.mode, budget: budget) else { return nil }
        // Settling changes the measured sizes of the views that did not settle only.
        let unsettled = participants.compactMap { $0.settle(pass, snapshot: snapshot) }
        return unsettled.isEmpty ? nil : unsettled
    }
}
