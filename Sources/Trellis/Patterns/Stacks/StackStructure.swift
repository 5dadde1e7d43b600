/// What a stack's rows are made for beyond its properties and arranged views (which mark the
/// stack as needing rows when they change): the parts of its state that decide which rows there
/// are, not only their constants. While a stack's structure stays, a pass moves constants only.
struct StackStructure {
    /// Which arranged views are hidden, when the rows depend on it
    /// (``StackArrangement/rowsFollowHiddenFlags(_:)``); nil: hidden toggles move constants.
    let hidden: [Bool]?
    /// Whether every arranged view is hidden (the stack then hugs to nothing).
    let allHidden: Bool
    /// Per arranged view, what the rows take from its intrinsic length: whether it has one
    /// (``StackDistribution/fill``: its fill-order rows), its value
    /// (``StackDistribution/fillProportionally``: the proportions are coefficients), else nil.
    let lengths: [Double?]?

    init(stack: StackView, state: StackState) {
        hidden = StackArrangement.rowsFollowHiddenFlags(stack) ? state.hidden : nil
        allHidden = !state.hidden.isEmpty && state.lastVisible == nil
        lengths = switch stack.distribution {
        case .fill: state.lengths.map { $0.map { _ in 0 } }
        case .fillProportionally: state.lengths
        default: nil
        }
    }

    /// Whether rows made for this structure are those of `stack` in `state` (no allocation: a
    /// pass asks every stack).
    func matches(_ stack: StackView, _ state: StackState) -> Bool {
        if allHidden != (!state.hidden.isEmpty && state.lastVisible == nil) { return false }
        if let hidden, hidden != state.hidden { return false }
        guard let lengths else { return true }
        guard lengths.count == state.lengths.count else { return false }
        let proportional = stack.distribution == .fillProportionally
        for (kept, now) in zip(lengths, state.lengths) {
            if proportional ? kept != now : (kept == nil) != (now == nil) { return false }
        }
        return true
    }
}
