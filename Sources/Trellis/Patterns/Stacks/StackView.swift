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
/// The stack makes its constraints at every layout pass (see ``arrangementConstraints``), from its
/// properties as they are then, so changing ``axis``, ``spacing``, ``distribution``,
/// ``alignment``, the arranged views or their ``View/isHidden`` takes effect at the next pass.
/// **Hidden arranged views** take no room, as in UIKit: the visible views and the gaps between
/// them are exactly as if the hidden ones were not arranged (the custom spacing after a hidden
/// view is unused), and each hidden view is parked at a deterministic place, by rows at priority
/// 999 (not required):
/// - along the axis it has zero length and starts where the visible view before it ends (at the
///   start of the stack, or of its margins, when no visible view comes before it);
/// - across the axis it follows the ``alignment`` like the visible views (``StackAlignment/fill``:
///   the stack's cross edges; leading, centre or trailing: the same edge or centre; baselines: the
///   first visible view's baseline), with a zero cross size when its content does not size it
///   (priority 25, every alignment but fill). A hidden view never makes a stack that hugs its
///   views larger, except that with fill alignment it spans the stack, so its content still
///   counts towards a cross size nothing else fixes.
///
/// Because those rows are at 999, a hidden view whose own constraints demand a size (say a
/// required `row~.height == 44` in a vertical stack) keeps that size and its place — it starts
/// where the previous visible view ends and runs 44 past it, overlapping its visible neighbours
/// — instead of making the layout unsatisfiable. Views inside a hidden view follow it as their
/// constraints say (pinned to its edges, they get zero length along the axis).
///
/// The rows are those of UIStackView (see ``StackDistribution`` and ``StackAlignment``), except
/// that gaps are rows over the neighbours' edges instead of gap guides:
/// - the first and last visible views touch the stack's edges along the axis (or its
///   ``View/layoutMarginsGuide`` with ``isLayoutMarginsRelativeArrangement``);
/// - canvas, gap and alignment rows are required; proportional sizes and hidden views' rows
///   (999), equal centring (149), hugging across the axis (51), shrinking views without content
///   size (25) and tie-breaks (1) are optional.
open class StackView: View {
    /// The axis the views are lined up along (default horizontal).
    public var axis: LayoutAxis {
        didSet { setNeedsLayout() }
    }
    /// The gap between neighbours (the minimum gap for ``StackDistribution/equalSpacing`` and
    /// ``StackDistribution/equalCentering``), unless a custom spacing is set after a view.
    public var spacing: Double {
        didSet { setNeedsLayout() }
    }
    /// How views are sized along the axis.
    public var distribution: StackDistribution {
        didSet { setNeedsLayout() }
    }
    /// How views are placed across the axis.
    public var alignment: StackAlignment {
        didSet { setNeedsLayout() }
    }
    /// In a vertical stack: gaps are measured from the last baseline of a view to the first
    /// baseline of the next, instead of bottom to top (ignored by horizontal stacks).
    public var isBaselineRelativeArrangement = false {
        didSet { setNeedsLayout() }
    }
    /// Whether views are arranged within the stack's ``View/layoutMarginsGuide`` rather than its edges.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { setNeedsLayout() }
    }

    /// The views the stack arranges, in order (hidden ones included). Each is a subview of the
    /// stack: a view removed from the stack's subviews is no longer arranged.
    ///
    /// ```swift
    /// row.arrangedSubviews.map(\.id)        // ["icon", "title", "badge"]
    /// ```
    public var arrangedSubviews: [View] { arranged.filter { $0.superview === self } }

    private var arranged: [View] = []

    private var customSpacings: [LayoutItemKey: Double] = [:]
    /// Where the stack was made, for the location of its constraints.
    let location: CodeLocation?
    private var signature: [LinearRow.Signature] = []
    private var group = ConstraintGroup([])

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
        if view.superview !== self {
            guard addSubview(view) else { return }
        }
        arranged.removeAll { $0 === view || $0.superview !== self }
        arranged.insert(view, at: min(max(0, index), arranged.count))
        setNeedsLayout()
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
        setNeedsLayout()
    }

    /// Sets the gap after the arranged view `view` (`nil` goes back to ``spacing``). The gap is
    /// between `view` and the next visible view, and unused while `view` is hidden.
    ///
    /// ```swift
    /// form.setCustomSpacing(24, after: passwordField)
    /// ```
    public func setCustomSpacing(_ spacing: Double?, after view: View) {
        customSpacings[view.key] = spacing
        setNeedsLayout()
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
    ///
    /// ```swift
    /// try root.layoutIfNeeded()
    /// print(row.arrangementConstraints.map(\.description).joined(separator: "\n"))
    /// ```
    public var arrangementConstraints: [LayoutConstraint] { group.constraints }

    /// Reads like `row (StackView horizontal) frame (16, 16, 343, 44)`.
    /// A stack regenerates its arrangement in every layout pass (see ``LayoutParticipant``).
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

    /// The views arranged now (still subviews, in order): the visible ones, and the hidden ones
    /// with the visible view before each.
    private func currentArrangement() -> (visible: [View], hidden: [StackArrangement.Hidden]) {
        arranged.removeAll { $0.superview !== self }
        var visible: [View] = [], hidden: [StackArrangement.Hidden] = []
        for view in arranged {
            if view.isHidden {
                hidden.append(StackArrangement.Hidden(view: view, after: visible.last))
            } else {
                visible.append(view)
            }
        }
        return (visible, hidden)
    }
}

extension StackView: LayoutParticipant {
    func begin(_ pass: PassContext) {}

    func prepare(_ pass: PassContext) {
        let (visible, hidden) = currentArrangement()
        let gaps = visible.dropLast().map { customSpacings[$0.key] ?? spacing }
        let rows = StackArrangement(stack: self, views: visible, hidden: hidden, spacings: gaps, pass: pass).rows()
        let next = rows.map(\.signature)
        if next == signature, group.isActive { return }
        group.deactivate()
        group = ConstraintGroup(rows.map { $0.constraint(location: location) })
        group.activate()
        signature = next
    }

    /// Always settled, on purpose: a stack's rows depend only on its arranged views and settings,
    /// which ``prepare(_:)`` read, never on solved frames.
    func settle(_ pass: PassContext, snapshot: LayoutSnapshot) -> String? { nil }
}
