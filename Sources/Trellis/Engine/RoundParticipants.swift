/// The participants of a pass (``LayoutPass``), in tree order, and those of them a round calls:
/// each call through the protocol retains and releases its participant (a weakly referenced
/// view's, in the runtime's slow path), a tenth of a stack screen's resize when every
/// participant was called both times.
struct RoundParticipants {
    private(set) var all: [any LayoutParticipant]
    /// Those whose ``LayoutParticipant/begins`` is true, whose ``LayoutParticipant/prepares``
    /// is, and whose ``LayoutParticipant/maySettleNot`` is.
    private(set) var beginning: [any LayoutParticipant]
    private(set) var preparing: [any LayoutParticipant]
    private(set) var settling: [any LayoutParticipant]
    /// The measured views' participants, in order. (Kept with the lists, as the survey keeps
    /// them from pass to pass: a text screen's resize sorted a thousand participants by casting
    /// each, twice a pass.)
    private(set) var measurements: [SizeMeasurement]
    /// Whether every participant is a measured view's or a stack (the pass's fixed-width round
    /// and probe are for those).
    private(set) var onlyMeasurementsAndStacks: Bool

    init(_ participants: [any LayoutParticipant]) {
        all = participants
        beginning = participants.filter { $0.begins }
        preparing = participants.filter { $0.prepares }
        settling = participants.filter { $0.maySettleNot }
        measurements = []
        onlyMeasurementsAndStacks = true
        for participant in participants { sort(participant) }
    }

    /// Files `participant` in the lists of its kind (not in ``all`` and the lists by calls).
    private mutating func sort(_ participant: any LayoutParticipant) {
        if let measurement = participant as? SizeMeasurement {
            measurements.append(measurement)
            return
        }
        if !(participant is StackView) { onlyMeasurementsAndStacks = false }
    }

    /// These after `others` (a root's own participants before those of its subtree).
    func after(_ others: [any LayoutParticipant]) -> RoundParticipants {
        guard !others.isEmpty else { return self }
        let first = RoundParticipants(others)
        var joined = self
        joined.all = first.all + all
        joined.beginning = first.beginning + beginning
        joined.preparing = first.preparing + preparing
        joined.settling = first.settling + settling
        joined.measurements = first.measurements + measurements
        joined.onlyMeasurementsAndStacks = first.onlyMeasurementsAndStacks && onlyMeasurementsAndStacks
        return joined
    }

    var isEmpty: Bool { all.isEmpty }

    /// Whether a measured view takes part.
    var measures: Bool { !measurements.isEmpty }

    mutating func append(_ participant: any LayoutParticipant) {
        all.append(participant)
        if participant.begins { beginning.append(participant) }
        if participant.prepares { preparing.append(participant) }
        if participant.maySettleNot { settling.append(participant) }
        sort(participant)
    }

    /// Begins the pass for every participant that does anything then, in order.
    func beginEach(_ pass: PassContext) {
        for participant in beginning { participant.begin(pass) }
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
