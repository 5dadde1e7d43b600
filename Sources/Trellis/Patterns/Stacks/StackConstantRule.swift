import TrellisSupport

/// How the constant of one of a stack's rows follows the stack's state — which arranged views
/// are hidden, the spacings, the content sizes — so that a change of that state moves constants
/// of rows the solver already holds (``LayoutConstraint/constant``, the constant-change path of
/// a layout pass) instead of making new rows.
///
/// **The rule for hidden views** (``StackView``): every arranged view keeps its rows. In a
/// stack that chains all its arranged views (``StackArrangement/chainsHiddenViews``) the gap
/// between neighbours `i` and `i + 1` is ``chainGap(_:)``: between two visible views the spacing
/// after the first; from a visible view to a run of hidden views and from the run to the next
/// visible view half that spacing each (the run sits in the middle of the gap, as in UIKit); zero
/// inside a run and before the first or after the last visible view (those runs sit at the
/// stack's start or end). Each view's length is held to zero at 999 while it is hidden by two
/// rows whose constants are ``hidingUpper(_:)`` and ``hidingLower(_:)`` — `±inertLength` while
/// it is visible, so that they never bind — and its spanning boundaries across the axis stand
/// back by ``StackArrangement/inertLength`` while it is hidden (a hidden view never widens a
/// stack).
enum StackConstantRule: Equatable {
    /// Never moves.
    case fixed
    /// The spacing after arranged view `index` (its custom spacing, else the stack's).
    case spacing(after: Int)
    /// The gap from arranged view `index` to the next one in a chained stack (see the rule above).
    case chainGap(Int)
    /// `length <= c` of arranged view `index` at 999: 0 while hidden, `+inertLength` while visible.
    case hidingUpper(Int)
    /// `length >= c` of arranged view `index` at 999: 0 while hidden, `-inertLength` while visible.
    case hidingLower(Int)
    /// `length <= c` of arranged view `index` at 1 (``StackDistribution/fill``'s tie-break: every
    /// visible view but the last prefers its intrinsic length): that length, else `+inertLength`.
    case fillOrderUpper(Int)
    /// The lower side of ``fillOrderUpper(_:)``: the intrinsic length, else `-inertLength`.
    case fillOrderLower(Int)
    /// The intrinsic length of arranged view `index` (0 without one).
    case intrinsicLength(Int)
    /// The offset of arranged view `index`'s spanning boundary on the side `sign` points to
    /// (+1: `<=` rows, −1: `>=` rows): 0 while it is visible, `sign × inertLength` while hidden.
    case spanning(Int, sign: Double)

    /// Whether the constant follows an arranged view's intrinsic length (and nothing but it and
    /// the hidden flags).
    var readsLength: Bool {
        switch self {
        case .fillOrderUpper, .fillOrderLower, .intrinsicLength: true
        case .fixed, .spacing, .chainGap, .hidingUpper, .hidingLower, .spanning: false
        }
    }

    /// Whether the rule stands its row back (``StackArrangement/inertLength``) in some states.
    var mayStandBack: Bool {
        switch self {
        case .hidingUpper, .hidingLower, .fillOrderUpper, .fillOrderLower, .spanning: true
        case .fixed, .spacing, .chainGap, .intrinsicLength: false
        }
    }
}

/// The state of a stack that its rows' constants follow (``StackConstantRule``), read once a
/// round into buffers kept between passes.
struct StackState {
    /// Per arranged view: hidden.
    var hidden: [Bool] = []
    /// Per arranged view: the spacing after it.
    var spacings: [Double] = []
    /// Per arranged view: its intrinsic length along the axis, or nil.
    var lengths: [Double?] = []
    /// Per arranged view: the last visible view at or before it, and the first at or after it —
    /// kept only while a view is hidden (``allVisible``: each view's are itself; two lists made
    /// and filled per stack at every read for nothing, in most stacks).
    private var visibleAtOrBefore: [Int?] = []
    private var visibleAtOrAfter: [Int?] = []
    /// Whether no arranged view is hidden.
    private var allVisible = true
    /// The last visible arranged view.
    var lastVisible: Int?

    /// Reads the state of `views` (the stack's arranged views, in order).
    mutating func read(_ views: [View], spacing: (View) -> Double, length: (View) -> Double?) {
        let count = views.count
        // Written in place when the count stands (the usual case: emptying an array of optionals
        // and appending again went through the generic range replacement, a fifth of a read).
        if hidden.count != count {
            hidden = Array(filled: false, count: count)
            spacings = Array(filled: 0, count: count)
            lengths = Array(filled: nil, count: count)
        }
        var anyHidden = false
        for (index, view) in views.enumerated() {
            hidden[index] = view.isHidden
            anyHidden = anyHidden || hidden[index]
            spacings[index] = spacing(view)
            lengths[index] = length(view)
        }
        allVisible = !anyHidden
        guard anyHidden else {
            lastVisible = count > 0 ? count - 1 : nil
            return
        }
        if visibleAtOrBefore.count != count {
            visibleAtOrBefore = Array(filled: nil, count: count)
            visibleAtOrAfter = Array(filled: nil, count: count)
        }
        var last: Int?
        for index in 0..<count {
            if !hidden[index] { last = index }
            visibleAtOrBefore[index] = last
        }
        lastVisible = last
        var next: Int?
        for index in stride(from: count - 1, through: 0, by: -1) {
            if !hidden[index] { next = index }
            visibleAtOrAfter[index] = next
        }
    }

    /// The constant `rule` gives in this state.
    func constant(_ rule: StackConstantRule) -> Double {
        let inert = StackArrangement.inertLength
        switch rule {
        case .fixed:
            return 0
        case .spacing(let index):
            return spacings[index]
        case .chainGap(let index):
            if allVisible { return spacings[index] }
            guard let before = visibleAtOrBefore[index], let after = visibleAtOrAfter[index + 1] else { return 0 }
            let spacing = spacings[before]
            if before == index && after == index + 1 { return spacing }
            return before == index || after == index + 1 ? spacing / 2 : 0
        case .hidingUpper(let index):
            return hidden[index] ? 0 : inert
        case .hidingLower(let index):
            return hidden[index] ? 0 : -inert
        case .fillOrderUpper(let index):
            return hidden[index] || index == lastVisible ? inert : lengths[index] ?? inert
        case .fillOrderLower(let index):
            return hidden[index] || index == lastVisible ? -inert : lengths[index] ?? -inert
        case .intrinsicLength(let index):
            return lengths[index] ?? 0
        case .spanning(let index, let sign):
            return hidden[index] ? sign * inert : 0
        }
    }
}

extension LayoutConstraint {
    /// Whether this is a stack's row that stands back in the current state
    /// (``StackArrangement/inertLength`` away: a visible view's hiding or fill-order rows, a
    /// hidden view's spanning boundaries), so that it cannot bind.
    var isStackRowStandingBack: Bool {
        mayStandBack && abs(constant.value(for: constantAttribute, direction: .leftToRight)) == StackArrangement.inertLength
    }
}
