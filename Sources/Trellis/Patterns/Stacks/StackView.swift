import TrellisSupport

/// A view that lines up its arranged views along an axis — UIStackView, lowered to constraints.
///
/// Make one with ``Tails/stack(_:spacing:distribution:alignment:id:file:line:_:)`` (or the
/// initializer), add it to a view and constrain it like any other view; its arranged views are its
/// subviews. Stacks nest: an arranged view may be a stack.
///
/// ```swift
/// let row = Tails.stack(.horizontal, spacing: 8, alignment: .center) {
///     icon
///     title
///     Tails.spacing(16)                 // 16 after title instead of 8
///     badge
/// }
/// root.addSubview(row)
/// Tails.install(row~.top.leading.trailing == root~ + EdgeInsets(16))
/// try root.layoutIfNeeded()
/// ```
///
/// The stack makes its constraints at its first layout pass and keeps them (see
/// ``arrangementConstraints``): changing ``spacing``, a custom spacing, an arranged view's content
/// size or its ``View/isHidden`` moves constants of those rows at the next pass, as
/// ``ConstraintGroup/update(constant:)`` would — the pass lowers nothing else again; changing
/// ``axis``, ``distribution``, ``alignment``, the arrangement flags or the arranged views makes
/// new rows. (Hidden toggles in ``StackDistribution/fillEqually``, ``StackDistribution/fillProportionally``,
/// ``StackDistribution/equalSpacing`` and ``StackDistribution/equalCentering`` stacks, baseline
/// alignments and baseline-relative gaps make new rows too, as do proportional content sizes:
/// there the rows themselves depend on which views are visible, or on the sizes. A resize never
/// changes a horizontal proportional stack's proportions: they are its measured views' natural
/// widths, see ``StackDistribution/fillProportionally``.)
///
/// **Hidden arranged views** take no room, as in UIKit: the visible views and the gaps between
/// them are exactly as if the hidden ones were not arranged (the custom spacing after a hidden
/// view is unused), and each hidden view has a deterministic place:
/// - along the axis it has zero length (two rows at priority 999) and sits in the middle of the
///   gap between the visible views around it — half the spacing on each side, as UIKit places it;
///   a run of hidden views sits there end to end. Hidden views before the first visible view sit
///   at the start of the stack (or of its margins), those after the last visible view at its end;
///   with every view hidden they sit at the start and the stack hugs to nothing (priority 51);
/// - across the axis it follows the ``alignment`` like the visible views (required, as in UIKit),
///   with a zero cross size when its content does not size it (priority 25, every alignment but
///   fill); its spanning boundaries stand back, so a hidden view never makes a stack that hugs
///   its views larger — except that with fill alignment it spans the stack, so its content still
///   counts towards a cross size nothing else fixes.
///
/// Because the zero length is at 999, a hidden view whose own constraints demand a length (say a
/// required `row~.height == 44` in a vertical stack) keeps it, as in UIKit: the stack makes room
/// for it (half the spacing, the 44, half the spacing between its neighbours) instead of making
/// the layout unsatisfiable. Views inside a hidden view follow it as their constraints say
/// (pinned to its edges, they get zero length along the axis).
///
/// In a ``StackDistribution/fill`` stack every arranged view keeps its rows whether hidden or not,
/// and a toggle moves their constants (the rule is ``StackConstantRule``): the gaps of a chain
/// through all arranged views (the spacing, half of it next to a run of hidden views, zero inside
/// one and at the ends), each view's hiding rows (zero while hidden, standing back by
/// 10,000,000 points while visible) and its spanning boundaries.
///
/// The rows are those of UIStackView (see ``StackDistribution`` and ``StackAlignment``), except
/// that gaps are rows over the neighbours' edges instead of gap guides:
/// - the first and last visible views touch the stack's edges along the axis (or its
///   ``View/layoutMarginsGuide`` with ``isLayoutMarginsRelativeArrangement``);
/// - canvas, gap and alignment rows are required; proportional sizes and hiding rows (999),
///   equal centring (149), hugging across the axis (51), shrinking views without content size
///   (25) and tie-breaks (1) are optional.
open class StackView: View {
    // (The stack's stored properties are not checked dynamically for exclusive access, as the
    // engine's are not: one tree on one thread at a time, and every round reads them for each
    // of a screen's stacks — a check costs about a hundred instructions.)
    /// The axis the views are lined up along (default horizontal).
    @exclusivity(unchecked) public var axis: LayoutAxis {
        didSet { structureChanged() }
    }
    /// The gap between neighbours (the minimum gap for ``StackDistribution/equalSpacing`` and
    /// ``StackDistribution/equalCentering``), unless a custom spacing is set after a view.
    @exclusivity(unchecked) public var spacing: Double {
        didSet { setNeedsLayoutPass() }
    }
    /// How views are sized along the axis.
    @exclusivity(unchecked) public var distribution: StackDistribution {
        didSet { structureChanged() }
    }
    /// How views are placed across the axis.
    @exclusivity(unchecked) public var alignment: StackAlignment {
        didSet { structureChanged() }
    }
    /// In a vertical stack: gaps are measured from the last baseline of a view to the first
    /// baseline of the next, instead of bottom to top (ignored by horizontal stacks).
    @exclusivity(unchecked) public var isBaselineRelativeArrangement = false {
        didSet { structureChanged() }
    }
    /// Whether views are arranged within the stack's ``View/layoutMarginsGuide`` rather than its edges.
    @exclusivity(unchecked) public var isLayoutMarginsRelativeArrangement = false {
        didSet { structureChanged() }
    }

    /// The views the stack arranges, in order (hidden ones included). Each is a subview of the
    /// stack: a view removed from the stack's subviews is no longer arranged.
    ///
    /// ```swift
    /// row.arrangedSubviews.map(\.id)        // ["icon", "title", "badge"]
    /// ```
    public var arrangedSubviews: [View] { arranged }

    /// The arranged views: always subviews (``willRemoveSubview(_:)`` takes a leaving one out).
    @exclusivity(unchecked) private var arranged: [View] = []

    @exclusivity(unchecked) private var customSpacings: [LayoutItemKey: Double] = [:]
    /// Where the stack was made, for the location of its constraints.
    let location: CodeLocation?
    /// The rows made for the current structure (``StackArrangement``), one constraint each — or,
    /// for a row that stood back when they were made, the identity reserved for it
    /// (``StackArrangement/Slot``): made when it first binds, or when ``arrangementConstraints``
    /// is read, by ``rowMaker``.
    @exclusivity(unchecked) private var slots: [StackArrangement.Slot] = []
    /// The arrangement that made the rows (its views, axis and labels, not its state): it makes
    /// the rows left unmade.
    @exclusivity(unchecked) private var rowMaker: StackArrangement?
    /// Per row of ``slots``: the rule its constant follows, and the constant it has.
    @exclusivity(unchecked) private var rules: [StackConstantRule] = []
    @exclusivity(unchecked) private var constants: [Double] = []
    /// Per row of ``slots``: whether the stack left it inactive (unmade, or made but not stored
    /// on its items), standing back, until it first binds (see ``makeRows()``).
    @exclusivity(unchecked) private var leftInactive: [Bool] = []
    /// What the rows were made for; nil until they are made.
    @exclusivity(unchecked) private var structure: StackStructure?
    /// Whether the rows must be made again: a property or the arranged views changed.
    @exclusivity(unchecked) private var needsRows = true
    /// The state the constants follow, read at each round into buffers kept between passes.
    // (The stack's stored state is not checked dynamically for exclusive access, as the
    // engine's is not: one tree on one thread at a time, and a round's reads of a thousand
    // stacks made a third of it in `swift_beginAccess`.)
    @exclusivity(unchecked) private var state = StackState()
    /// The pass (``PassContext/serial``) whose last round the state was read in.
    @exclusivity(unchecked) private(set) var preparedInPass: UInt64 = 0
    /// How many times the whole state was read (for tests: which passes follow measured lengths alone).
    @exclusivity(unchecked) private(set) var stateReads = 0
    /// How many times the stack was prepared (for tests: which rounds prepare the stacks).
    @exclusivity(unchecked) private(set) var prepareCount = 0

    /// Notes a change of what the rows are (not only their constants): they are made again at the next pass.
    private func structureChanged() {
        needsRows = true
        setNeedsLayout()
    }

    /// Creates a stack arranging `arrangedSubviews` (they become its subviews).
    ///
    /// ```swift
    /// let column = StackView(id: "column", axis: .vertical, spacing: 8, arrangedSubviews: [title, body])
    /// ```
    public init(id: String? = nil, axis: LayoutAxis = .horizontal, spacing: Double = 0,
                distribution: StackDistribution = .fill, alignment: StackAlignment = .fill,
                arrangedSubviews: [View] = [], file: String = #fileID, line: UInt = #line) {
        self.axis = axis
        self.spacing = spacing
        self.distribution = distribution
        self.alignment = alignment
        self.location = CodeLocation(fileID: file, line: line)
        super.init(id: id)
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    /// Appends `view` to the arranged views, making it a subview if it is not one (a view that is
    /// arranged already moves to the end).
    ///
    /// ```swift
    /// toolbar.addArrangedSubview(shareButton)
    /// ```
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arranged.count)
    }

    /// Inserts `view` among the arranged views at `index` (clamped), making it a subview if needed.
    /// Does nothing for the stack itself or one of its ancestors.
    ///
    /// ```swift
    /// toolbar.insertArrangedSubview(backButton, at: 0)
    /// ```
    public func insertArrangedSubview(_ view: View, at index: Int) {
        if view.superview === self {
            if let current = arranged.firstIndex(where: { $0 === view }) { arranged.remove(at: current) }
        } else {
            // Not a subview, so not arranged (a view leaving the subviews leaves `arranged`):
            // appending a thousand views is a thousand appends, not a search each.
            guard addSubview(view) else { return }
        }
        arranged.insert(view, at: min(max(0, index), arranged.count))
        structureChanged()
    }

    /// A subview leaving the stack is no longer arranged (its custom spacing is kept, as before).
    override func willRemoveSubview(_ subview: View) {
        guard let index = arranged.firstIndex(where: { $0 === subview }) else { return }
        arranged.remove(at: index)
        structureChanged()
    }

    /// Stops arranging `view`; it stays a subview (as in UIKit — call ``View/removeFromSuperview()``
    /// to remove it, which also stops arranging it).
    ///
    /// ```swift
    /// toolbar.removeArrangedSubview(shareButton)
    /// shareButton.removeFromSuperview()
    /// ```
    public func removeArrangedSubview(_ view: View) {
        arranged.removeAll { $0 === view }
        customSpacings[view.key] = nil
        structureChanged()
    }

    /// Sets the gap after the arranged view `view` (`nil` goes back to ``spacing``). The gap is
    /// between `view` and the next visible view, and unused while `view` is hidden.
    ///
    /// ```swift
    /// form.setCustomSpacing(24, after: passwordField)
    /// ```
    public func setCustomSpacing(_ spacing: Double?, after view: View) {
        customSpacings[view.key] = spacing
        setNeedsLayoutPass()
    }

    /// The custom gap after `view`, or `nil` when the stack's ``spacing`` applies.
    ///
    /// ```swift
    /// form.customSpacing(after: passwordField)     // 24
    /// ```
    public func customSpacing(after view: View) -> Double? {
        customSpacings[view.key]
    }

    /// The constraints the stack made at the last layout pass (empty before the first one).
    /// Rows that stand back in the current state — a visible view's hiding rows, a hidden view's
    /// spanning boundaries, placed millions of points away — are inactive until they first bind
    /// (as UIKit adds its `UISV-hiding` constraints only for hidden views); after that they stay
    /// active, and stand back by their constants.
    ///
    /// ```swift
    /// try root.layoutIfNeeded()
    /// print(row.arrangementConstraints.map(\.description).joined(separator: "\n"))
    /// ```
    public var arrangementConstraints: [LayoutConstraint] {
        slots.indices.map { index in
            switch slots[index] {
            case .made(let row): return row
            case .standingBack: return madeRow(index)
            }
        }
    }

    /// The constraint of row `index`, made now (with the identity kept for it, inactive) if it
    /// was left unmade.
    private func madeRow(_ index: Int) -> LayoutConstraint {
        switch slots[index] {
        case .made(let row):
            return row
        case .standingBack(let id):
            guard let rowMaker else { preconditionFailure("\(name): a row left unmade without its arrangement") }
            let row = rowMaker.standingRow(rules[index], constant: constants[index], id: id)
            slots[index] = .made(row)
            return row
        }
    }

    /// Reads like `row (StackView horizontal) frame (16, 16, 343, 44)`.
    /// A stack takes part in every layout pass: it reads its state and moves its rows' constants (see ``LayoutParticipant``).
    override var participantsInLayout: [any LayoutParticipant] { layoutParticipants + [self] }

    public override var description: String { "\(name) (StackView \(axis)) frame \(frame)" }

    /// Applies the elements of a stack block.
    func arrange(_ elements: [StackElement]) {
        var previous: View?
        for element in elements {
            switch element.kind {
            case .view(let view):
                addArrangedSubview(view)
                previous = view
            case .spacing(let value):
                if let previous { setCustomSpacing(value, after: previous) }
            }
        }
    }

    /// The intrinsic length of `view` along the axis in this pass, if it has one.
    private func intrinsicLength(of view: View, _ pass: PassContext) -> Double? {
        Self.length(proportionalWidths ? Self.unconstrainedSize(of: view) : pass.intrinsicSize(of: view), along: axis)
    }

    /// Whether the rows read the arranged views' unconstrained sizes (a horizontal
    /// ``StackDistribution/fillProportionally`` stack): its proportions are the views' natural
    /// widths — a measured view's answer at an unbounded width, as UIKit's intrinsic width of a
    /// one-line label — never the widths measured at the widths those proportions give, which
    /// would move the proportions (coefficients: new rows) from round to round and pass to pass.
    private var proportionalWidths: Bool { distribution == .fillProportionally && axis == .horizontal }

    /// `view`'s content size measured at an unbounded width, else its ``View/intrinsicContentSize``.
    private static func unconstrainedSize(of view: View) -> Size? {
        view.sizeMeasurement?.unconstrainedSize ?? view.intrinsicContentSize
    }

    /// A content size's length along `axis`, nil for none or an unusable one.
    private static func length(_ size: Size?, along axis: LayoutAxis) -> Double? {
        guard let size else { return nil }
        let value = axis == .horizontal ? size.width : size.height
        return value >= 0 && value.isFinite ? value : nil
    }

    /// Whether every row is active but those the stack left inactive until they first bind:
    /// else a row was deactivated from outside, and the rows are made again.
    private var rowsInPlace: Bool {
        guard !slots.isEmpty else { return false }
        for index in slots.indices where !leftInactive[index] {
            guard case .made(let row) = slots[index], row.isActive else { return false }
        }
        return true
    }

    /// Makes the rows for the current structure, replacing the old ones.
    private func makeRows() {
        let arrangement = StackArrangement(stack: self, views: arranged, state: state, location: location)
        let rows = arrangement.rows()
        // Every new row names the stack, its margins guide or an arranged view: the layouts to
        // tell are those of the stack and of the arranged views (told once each, not once a row).
        ConstraintGroup(arrangementConstraintsMade).deactivate()
        slots = rows.slots
        // (Without the state: its lists are the stack's, written in place at every pass.)
        rowMaker = StackArrangement(stack: self, views: arranged, state: StackState(), location: location,
                                    labels: arrangement.labels)
        rules = rows.rules
        constants = rows.constants
        // A row that stands back (``LayoutConstraint/isStackRowStandingBack``: a visible view's
        // hiding rows, a hidden view's spanning boundaries) is made and stored on its items the
        // first time it stops (``moveConstants(lengthsOnly:)``): until then no layout collects
        // it. (A third of a settings form's rows; making, storing, collecting and setting them
        // aside was a sixth of a cold pass's stacks.)
        // (By index: a zip or a key path here is a generic type a process's first pass makes.)
        leftInactive = Array(filled: false, count: slots.count)
        for index in slots.indices {
            switch slots[index] {
            case .made(let row): row.setActive(true)
            case .standingBack: leftInactive[index] = true
            }
        }
        setNeedsLayout()
        for view in arranged { view.setNeedsLayout() }
        structure = StackStructure(stack: self, state: state)
        needsRows = false
    }
}

extension StackView: LayoutParticipant {
    func begin(_ pass: PassContext) {}

    var begins: Bool { false }

    /// Reads the state (hidden flags, spacings, content sizes); makes the rows when the
    /// structure changed, else moves the constants that changed — constant changes the layout
    /// pass takes without lowering anything else.
    ///
    /// When only the root's frame and measured views' sizes changed since the last pass
    /// (``PassContext/onlyMeasuredSizesChanged``: a resize, new texts), or the stack was prepared
    /// in an earlier round of this pass, the only thing the constants follow that can have moved
    /// is the length of a measured arranged view; when other views' content sizes changed
    /// besides (``PassContext/onlySizesChanged``), the length of any arranged view. The stack
    /// then follows those lengths alone instead of reading its state (a settings form's thousand
    /// stacks read theirs at every round of every resize: 45 % of the pass; at a text change, 40 %).
    func prepare(_ pass: PassContext) {
        // Within a pass, from round to round, only measured sizes change (as after a resize).
        prepareCount += 1
        let sinceThisPass = pass.serial == preparedInPass
        preparedInPass = pass.serial
        // (When only the root changed since the last pass, the rows are as that pass left them:
        // in place, or none — a row deactivated from outside marks the layout dirty. Asking
        // walked every row of every stack at every resize.)
        if !needsRows {
            if pass.onlyMeasuredSizesChanged || (sinceThisPass && rowsInPlace) {
                if followLengths(pass, everyView: false) { return }
            } else if pass.onlySizesChanged, followLengths(pass, everyView: true) {
                return
            }
        }
        // (Most stacks have no custom spacing: then no key is hashed.)
        let spacing = self.spacing, custom = customSpacings
        stateReads += 1
        state.read(arranged, spacing: { custom.isEmpty ? spacing : custom[$0.key] ?? spacing },
                   length: { self.intrinsicLength(of: $0, pass) })
        guard !needsRows, rowsInPlace || slots.isEmpty, let structure, structure.matches(self, state) else {
            makeRows()
            return
        }
        moveConstants(lengthsOnly: false)
    }

    /// Brings the state and the rows' constants up to the lengths of the arranged views, when
    /// the caller knows that nothing else can have moved, and tells whether that was all: the
    /// views a pass may measure (``PassContext/mayBeMeasured(_:)``), or with `everyView` every
    /// one (after content-size changes, ``PassContext/onlySizesChanged``). Not when a length
    /// appeared or went (a fill stack's rows change), in a proportional stack (its proportions
    /// are coefficients), or when the state has not been read for these views: then
    /// ``prepare(_:)`` reads the whole state. (A resize of a text screen re-measures every label:
    /// reading every stack's whole state again for it was a sixth of the pass.)
    private func followLengths(_ pass: PassContext, everyView: Bool) -> Bool {
        guard state.lengths.count == arranged.count else { return false }
        let proportional = distribution == .fillProportionally, unconstrained = proportionalWidths
        var moved = false
        // (The views unretained: this copy of the list holds them through the loop, whatever a
        // view's content size does, and a retain and release a view was most of a resize's
        // prepare.)
        let list = arranged
        let followed = list.withUnsafeBufferPointer { views in
            for index in views.indices {
                unowned(unsafe) let view = views[index]
                // (The pass's lookup written out: passing the unretained view on retains it.)
                let size: Size?
                if PassContext.mayBeMeasured(view) {
                    size = unconstrained ? Self.unconstrainedSize(of: view)
                        : pass.measuredSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize
                } else if everyView {
                    size = view.intrinsicContentSize
                } else {
                    continue
                }
                let now = Self.length(size, along: axis)
                let before = state.lengths[index]
                if now == before { continue }
                if proportional || (now == nil) != (before == nil) { return false }
                state.lengths[index] = now
                moved = true
            }
            return true
        }
        if followed && moved { moveConstants(lengthsOnly: true) }
        return followed
    }

    /// Moves the constants of the rows whose rule gives another value in the state (with
    /// `lengthsOnly`, of the rows whose rule reads a length).
    private func moveConstants(lengthsOnly: Bool) {
        for index in rules.indices where rules[index] != .fixed && (!lengthsOnly || rules[index].readsLength) {
            let value = state.constant(rules[index])
            if value != constants[index] { moveConstant(index, to: value) }
        }
    }

    /// Moves row `index`'s constant to `value` (the layouts told: ``LayoutConstraint/noteChange()``).
    /// (Apart, so that the loop above, which a resize runs for every stack and which mostly
    /// moves nothing, stays small enough to be inlined.)
    @inline(never)
    private func moveConstant(_ index: Int, to value: Double) {
        constants[index] = value
        if leftInactive[index] {
            activateIfBinding(index)
        } else if case .made(let row) = slots[index] {
            row.constant = LayoutConstant(value)
        }
    }

    /// Row `index`, left inactive standing back, at its new constant (``constants``): if it
    /// binds now, made if it was not, stored on its items, and the layouts told of it as of a
    /// changed constant (their engines add its row; see ``LayoutEngine``). (Apart, so that
    /// moving constants stays inlined where a resize calls it.)
    @inline(never)
    private func activateIfBinding(_ index: Int) {
        let value = constants[index]
        if case .made(let row) = slots[index] { row.constant = LayoutConstant(value) }
        guard abs(value) != StackArrangement.inertLength else { return }
        let row = madeRow(index)
        leftInactive[index] = false
        row.setActive(true)
        row.noteChange()
    }

    /// The rows made so far (those left unmade are inactive: there is nothing to deactivate).
    private var arrangementConstraintsMade: [LayoutConstraint] {
        slots.compactMap { slot in
            guard case .made(let row) = slot else { return nil }
            return row
        }
    }

    /// Always settled, on purpose: a stack's rows depend only on its arranged views, settings
    /// and content sizes, which ``prepare(_:)`` read, never on solved frames.
    func settle(_ pass: PassContext, snapshot: LayoutSnapshot) -> Bool { true }

    var maySettleNot: Bool { false }

    var unsettledChange: String { "" }
}
