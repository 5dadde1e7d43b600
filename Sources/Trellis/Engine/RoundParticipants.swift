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
