/// Something that adjusts constraints or content sizes around the solves of a layout pass: a
/// ``StackView`` (makes its rows once, then moves their constants), a ``LayoutSet`` (picks the case for the view's
/// size) and a size measurement (``View/sizeForWidth``).
///
/// ``LayoutPass`` calls ``begin(_:)`` once, then per round ``prepare(_:)`` on every participant,
/// one solve, and ``settle(_:snapshot:)`` on every participant; it stops when all have settled.
/// Participants see the pass through its ``PassContext`` only: the engine never calls them.
protocol LayoutParticipant: AnyObject {
    /// Called once at the start of a pass, before the first round.
    func begin(_ pass: PassContext)
    /// Called before each solve: bring the constraints in line with the current estimates.
    func prepare(_ pass: PassContext)
    /// Called after each solve: whether the solved frames agree with what ``prepare(_:)``
    /// assumed; if not, the pass solves again.
    func settle(_ pass: PassContext, snapshot: LayoutSnapshot) -> Bool
    /// What the last ``settle(_:snapshot:)`` that did not settle saw change, in one line. Made
    /// only when a pass gives up (``LayoutError/notConverged(rounds:unsettled:)``): a pass of a
    /// thousand re-wrapped texts formats nothing.
    var unsettledChange: String { get }
    /// Whether ``prepare(_:)`` may change anything (a measured view's and the safe areas' never
    /// do: the pass does not call them).
    var prepares: Bool { get }
    /// Whether ``settle(_:snapshot:)`` may say no (a stack's never does: the pass does not ask).
    var maySettleNot: Bool { get }
}

extension LayoutParticipant {
    var prepares: Bool { true }
    var maySettleNot: Bool { true }
}

/// The participants of a pass (``LayoutPass``), in tree order, and those of them a round calls:
/// each call through the protocol retains and releases its participant (a weakly referenced
/// view's, in the runtime's slow path), a tenth of a stack screen's resize when every
/// participant was called both times.
struct RoundParticipants {
    private(set) var all: [any LayoutParticipant]
    /// Those whose ``LayoutParticipant/prepares`` is true, and whose
    /// ``LayoutParticipant/maySettleNot`` is.
    private(set) var preparing: [any LayoutParticipant]
    private(set) var settling: [any LayoutParticipant]

    init(_ participants: [any LayoutParticipant]) {
        all = participants
        preparing = participants.filter { $0.prepares }
        settling = participants.filter { $0.maySettleNot }
    }

    /// These after `others` (a root's own participants before those of its subtree).
    func after(_ others: [any LayoutParticipant]) -> RoundParticipants {
        guard !others.isEmpty else { return self }
        let first = RoundParticipants(others)
        var joined = self
        joined.all = first.all + all
        joined.preparing = first.preparing + preparing
        joined.settling = first.settling + settling
        return joined
    }

    var isEmpty: Bool { all.isEmpty }

    mutating func append(_ participant: any LayoutParticipant) {
        all.append(participant)
        if participant.prepares { preparing.append(participant) }
        if participant.maySettleNot { settling.append(participant) }
    }

    /// Prepares every participant that may change anything, in order.
    func prepareEach(_ pass: PassContext) {
        for participant in preparing { participant.prepare(pass) }
    }

    /// The participants that did not settle after a solve, in order.
    func unsettled(_ pass: PassContext, snapshot: LayoutSnapshot) -> [any LayoutParticipant] {
        settling.filter { !$0.settle(pass, snapshot: snapshot) }
    }
}
