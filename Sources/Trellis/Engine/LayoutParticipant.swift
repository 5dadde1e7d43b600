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
    /// Whether ``begin(_:)`` does anything (a stack's does not: the pass does not call it).
    var begins: Bool { get }
}

extension LayoutParticipant {
    var prepares: Bool { true }
    var begins: Bool { true }
    var maySettleNot: Bool { true }
}
