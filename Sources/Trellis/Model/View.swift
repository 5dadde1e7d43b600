import Synchronization

/// A rectangle in a view hierarchy, placed by constraints.
///
/// ```swift
/// let root = View(id: "root")
/// root.frame = Rect(x: 0, y: 0, width: 375, height: 667)   // the root's frame is an input
/// let title = View(id: "title")
/// title.intrinsicContentSize = Size(width: 120, height: 20)
/// root.addSubview(title)
/// Tails.install(title~.top == root~.top + 20, title~.centerX == root~)
/// try root.layoutIfNeeded()
/// title.frame        // (127.5, 20, 120, 20), relative to root
/// ```
///
/// `View` is an open class: subclass it to model labels, images and so on — typically by
/// assigning (or overriding, with a getter and a setter) ``intrinsicContentSize`` and the baseline
/// offsets. Views are not `Sendable`; build and lay out a tree on one task, and pass results
/// across tasks as a ``LayoutSnapshot``.
///
/// Hidden views (``isHidden``) take part in layout like any other, as in UIKit — except that a
/// ``StackView`` gives its hidden arranged views no room: zero length where they would be.
open class View: LayoutItem {
    /// The view's rectangle in its superview's coordinate space.
    ///
    /// For the view on which ``layoutIfNeeded()`` is called (the layout's root) this is an input:
    /// the root's left, top, width and height are held to it (required). For every descendant it
    /// is written by the layout pass.
    public var frame: Rect {
        get { storedFrame }
        set {
            storedFrame = newValue
            isFrameSet = true
            if autoresizing.translates {
                noteAutoresizingFrame(newValue)
                setNeedsLayout()
            }
            // The view's own layout sees its new frame as a new mode; layouts above it only have
            // a frame to write again.
            superview?.forEachLayoutPass { $0.isApplied = false }
        }
    }

    /// The frame, written by layout passes without marking anything as needing a pass.
    /// (This and the other properties every layout pass or `update(constant:)` reads — the
    /// superview, the engine, the participants, the limits — are not checked dynamically for
    /// exclusive access: a tree is used from one thread at a time and never accesses them
    /// overlappingly, and each check costs ~75 instructions on a pass of a few microseconds.)
    @exclusivity(unchecked) var storedFrame: Rect = .zero

    /// Whether ``frame`` was ever set from outside (a layout pass writes ``storedFrame`` only):
    /// a root whose frame is still the initial zero rectangle has no frame.
    private(set) var isFrameSet = false

    /// Throws ``LayoutError/invalidRootFrame(view:reason:)`` unless the view, about to be laid out
    /// as a root, has a usable frame: set (or written by an outer layout), finite, of size at least 0 × 0.
    func checkRootFrame() throws {
        let f = storedFrame
        if !isFrameSet && f == .zero {
            throw LayoutError.invalidRootFrame(view: name, reason: "has no frame")
        }
        if !(f.origin.x.isFinite && f.origin.y.isFinite && f.size.width.isFinite && f.size.height.isFinite) {
            throw LayoutError.invalidRootFrame(view: name, reason: "has a frame with a part that is not a finite number: \(f)")
        }
        if f.size.width < 0 || f.size.height < 0 {
            throw LayoutError.invalidRootFrame(view: name, reason: "has a negative size: \(f)")
        }
    }

    /// The height of one line of the view's text — its font's line height — or nil (the default)
    /// for a view without text. A relation between baselines with ``SystemSpacing``
    /// uses it as UIKit uses the fonts' metrics: one system spacing is the larger line height of
    /// the relation's items that have text (`TrellisText`'s `Label` gives Pango's; a layout
    /// document's text item in the built-in model 1.2 × its font size).
    open var textLineHeight: Double? {
        didSet { if textLineHeight != oldValue { setNeedsLayout() } }
    }

    /// The autoresizing mask, whether it is translated, and the frame it holds (``View/translatesAutoresizingMaskIntoConstraints``).
    var autoresizing = AutoresizingState()

    /// The view that contains this one, if any.
    // (Not a Swift `weak` reference, which gives the superview a side table and sends every
    // retain and release of it through it: set only while this view is among the superview's
    // ``subviews``, and set to nil when it leaves them or when the superview goes — its `deinit`.)
    public internal(set) var superview: View? {
        get { superviewLink?.takeUnretainedValue() }
        set { superviewLink = newValue.map(Unmanaged.passUnretained) }
    }
    /// ``superview``, as stored: read as is, a walk up the tree retains nothing
    /// (``forEachLayoutPass(_:)``; an `unowned(unsafe)` reference read for the next step was
    /// retained and released at every ancestor).
    @exclusivity(unchecked) var superviewLink: Unmanaged<View>?

    /// The views this one contains, back to front.
    @exclusivity(unchecked) public internal(set) var subviews: [View] = []

    /// Called just before `subview` stops being one of this view's subviews (UIKit's hook of the
    /// same name, internal here): a stack stops arranging it.
    func willRemoveSubview(_ subview: View) {}

    /// The layout guides added with ``addLayoutGuide(_:)``, in the order they were added.
    @exclusivity(unchecked) public internal(set) var layoutGuides: [LayoutGuide] = []

    /// The size the view's content would like to have, or `nil` (the default) for none.
    ///
    /// A component that is negative — such as ``View/noIntrinsicMetric`` — means "no intrinsic
    /// size on this axis". The layout pass turns each component into two constraints:
    /// `width <= intrinsic` at the content-hugging priority and `width >= intrinsic` at the
    /// compression-resistance priority (likewise for the height).
    ///
    /// A new value moves the constants of those constraints at the next pass, which lowers
    /// nothing else again; only an axis that gains or loses its size (a component turning
    /// negative or back, `nil`) makes the pass lower every constraint again.
    // (Not checked dynamically for exclusive access, like the frame: a tree is used from one
    // thread at a time, and a pass reads this and ``isHidden`` for every arranged view of
    // every stack, ~75 instructions a checked read.)
    @exclusivity(unchecked) open var intrinsicContentSize: Size? {
        didSet { contentSizeChanged() }
    }

    /// The offset of the first baseline from the top edge (default 0: the top edge).
    open var firstBaselineOffsetFromTop: Double = 0 {
        didSet { setNeedsLayout() }
    }

    /// The offset of the last baseline from the bottom edge (default 0: the bottom edge).
    open var lastBaselineOffsetFromBottom: Double = 0 {
        didSet { setNeedsLayout() }
    }

    /// The margins used by ``layoutMarginsGuide`` (default 8 on each side, as in UIKit).
    @exclusivity(unchecked) public var layoutMargins = EdgeInsets(8) {
        didSet { setNeedsLayout() }
    }

    /// Whether ``layoutMarginsGuide`` is inset from the safe area rather than from the edges
    /// (default `true`, as in UIKit): the margins are added to ``effectiveSafeAreaInsets``.
    @exclusivity(unchecked) public var insetsLayoutMarginsFromSafeArea = true {
        didSet { setNeedsLayout() }
    }

    /// The insets of the region not covered by bars and other content, an input (default zero).
    ///
    /// On the view you lay out (the layout's root) they are the safe area, as the system gives it
    /// to a window. Every descendant gets, as in UIKit, the part of its superview's safe area it
    /// overlaps: a view under a 44-point status bar has a top inset of 44 minus however far down
    /// it starts (``effectiveSafeAreaInsets``, written by each layout pass). Set on a descendant,
    /// they are added on top of that (like UIKit's `additionalSafeAreaInsets`).
    @exclusivity(unchecked) public var safeAreaInsets = EdgeInsets.zero {
        didSet { setNeedsLayout() }
    }

    /// The insets ``safeAreaLayoutGuide`` uses: for the layout's root its ``safeAreaInsets``; for a
    /// descendant the part of its bounds outside its superview's safe area, plus its own
    /// ``safeAreaInsets``. Written by each layout pass (from the frames it solves: a view that
    /// reaches under a bar is solved again with its guide moved out from under it).
    ///
    /// ```swift
    /// root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    /// Tails.install(card~.top.leading.trailing == root~, card~.height == 100,
    ///               title~.top == card.safeAreaLayoutGuide~.top)
    /// try root.layoutIfNeeded()
    /// card.effectiveSafeAreaInsets.top        // 44: the card starts under the status bar
    /// ```
    public var effectiveSafeAreaInsets: EdgeInsets {
        let own = safeAreaInsets, derived = derivedSafeAreaInsets
        return EdgeInsets(top: own.top + derived.top, left: own.left + derived.left,
                          bottom: own.bottom + derived.bottom, right: own.right + derived.right)
    }

    /// The part of the view outside its superview's safe area, as of the last layout pass (zero
    /// for the layout's root).
    ///
    /// Only the constants of the constraints on the view's safe-area and margins guides depend on
    /// them, so a change marks just those constraints as changed (a pass lowers them alone again),
    /// not the whole layout: a safe-area tree stays as incremental as any other.
    @exclusivity(unchecked) var derivedSafeAreaInsets = EdgeInsets.zero {
        didSet { if derivedSafeAreaInsets != oldValue { systemGuidesMoved() } }
    }

    /// Marks the constraints on the view's safe-area and margins guides as changed (their
    /// constants follow ``effectiveSafeAreaInsets``).
    private func systemGuidesMoved() {
        for guide in [safeAreaGuideStorage, marginsGuideStorage] {
            guard let guide else { continue }
            for constraint in guide.storedConstraints.values { constraint.noteChange() }
        }
    }

    /// Whether the view decides its own layout direction (default: inherit the superview's).
    public var semanticContentAttribute = SemanticContentAttribute.unspecified {
        didSet { setNeedsLayout() }
    }

    /// Whether the view is hidden. Hidden views still take part in layout, as in UIKit (a
    /// ``StackView`` gives hidden arranged views no room: zero length where they would be, at
    /// priority 999; see ``StackView``).
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue { setNeedsLayoutPass() } }
    }

    /// Budgets for a layout pass with this view as its root, as `Solver.limits` for a solver:
    /// `maximumVariables` (4 per view or guide) and `maximumConstraints` (the active constraints,
    /// stacks' and content sizes' included) are checked before the pass lowers anything, and
    /// `milliseconds` bounds the whole pass — every round of measuring, stacks and layout sets,
    /// not each solve. A pass over budget throws ``LayoutError/limitExceeded(_:)`` and writes
    /// nothing. Default: `SolveLimits.unlimited`.
    ///
    /// ```swift
    /// root.layoutLimits = SolveLimits(maximumVariables: 40_000, milliseconds: 50)
    /// ```
    @exclusivity(unchecked) public var layoutLimits = SolveLimits.unlimited

    /// The grid a layout pass with this view as its root rounds frames to: `1 / displayScale`
    /// points, by edges in root coordinates as Auto Layout rounds to pixels (``FrameSnapping``).
    /// 0 (the default), or anything not finite and positive, keeps frames exact. Frames written by
    /// ``layoutIfNeeded()`` are the rounded ones; ``LayoutSnapshot/exact`` keeps the exact ones.
    ///
    /// ```swift
    /// root.displayScale = 2       // @2x pixels
    /// ```
    public var displayScale: Double = 0 {
        didSet { if displayScale != oldValue { layoutPass?.isApplied = false } }   // frames to write again
    }

    var huggingPriorities: (horizontal: Priority, vertical: Priority) = (.defaultLow, .defaultLow) {
        didSet { setNeedsLayout() }
    }
    var compressionPriorities: (horizontal: Priority, vertical: Priority) = (.defaultHigh, .defaultHigh) {
        didSet { setNeedsLayout() }
    }
    var marginsGuideStorage: LayoutGuide?
    var safeAreaGuideStorage: LayoutGuide?
    /// The layout passes of this view as a root, made at its first pass (``rootLayoutPass()``).
    @exclusivity(unchecked) var layoutPass: LayoutPass? {
        didSet {
            if (oldValue == nil) != (layoutPass == nil) {
                Self.viewsWithLayoutPasses.add(layoutPass == nil ? -1 : 1, ordering: .relaxed)
            }
        }
    }

    /// How many views hold layout passes (``layoutPass``), in the whole process.
    private static let viewsWithLayoutPasses = Atomic<Int>(0)

    /// Whether any view was laid out as a root and still keeps its layout passes: while none is,
    /// there is no layout to tell about a change (a layout made later starts from scratch), so
    /// activating constraints — thousands, when a layout document is built — tells no view.
    static var anyLayoutPassExists: Bool { viewsWithLayoutPasses.load(ordering: .relaxed) > 0 }

    deinit {
        if layoutPass != nil { Self.viewsWithLayoutPasses.subtract(1, ordering: .relaxed) }
        // The references back to this view that are zeroed by hand (see ``superview`` and
        // ``LayoutGuide/owningView``): its subviews outlive it when someone else holds them.
        for subview in subviews { subview.superview = nil }
        for guide in layoutGuides { guide.owningView = nil }
        marginsGuideStorage?.owningView = nil
        safeAreaGuideStorage?.owningView = nil
    }
    /// Layout sets and size measurements attached to the view (see ``LayoutParticipant``).
    @exclusivity(unchecked) var layoutParticipants: [any LayoutParticipant] = [] {
        didSet {
            sizeMeasurement = nil
            for participant in layoutParticipants {
                if let measurement = participant as? SizeMeasurement { sizeMeasurement = measurement }
            }
            setNeedsLayout()
        }
    }
    /// The size measurement (``sizeForWidth``) among ``layoutParticipants``, if any (at most
    /// one): kept apart, as every label's new text asks for it twice — a cast of each
    /// participant each time.
    @exclusivity(unchecked) private(set) var sizeMeasurement: SizeMeasurement?
    /// Whether the view has a size measurement (asked for every view whose content size changes).
    var hasSizeMeasurement: Bool { sizeMeasurement != nil }
    /// Everything that takes part in a layout pass on this view's behalf: its attached
    /// ``layoutParticipants``, and the view itself when it is one (a ``StackView`` overrides this).
    var participantsInLayout: [any LayoutParticipant] { layoutParticipants }

    /// Creates a view with a zero frame.
    /// - Parameter id: A name for diagnostics and snapshots (variables are named `id.left` and so on).
    public init(id: String? = nil) {
        super.init(id: id, kind: "View")
    }

    /// The value of an ``intrinsicContentSize`` component meaning "no intrinsic size on this axis".
    ///
    /// ```swift
    /// label.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 20)   // height only
    /// ```
    public static let noIntrinsicMetric: Double = -1

    /// Marks the layouts this view takes part in as needing a pass: the next ``layoutIfNeeded()``
    /// of this view or of an ancestor solves again. Trellis calls it for every change it sees
    /// (constraints, content sizes, hierarchy, hidden flags, margins, stacks); call it yourself
    /// only for state of your own that your constraints depend on. Without a change, a layout
    /// pass does nothing.
    ///
    /// ```swift
    /// root.setNeedsLayout()
    /// try root.layoutIfNeeded()     // solves, even though nothing Trellis sees has changed
    /// ```
    public func setNeedsLayout() {
        // Before any layout (a document being built: every setter of every view calls this)
        // there is no pass to tell, and no walk up the tree to find one.
        guard Self.anyLayoutPassExists else { return }
        forEachLayoutPass { $0.markDirty() }
    }

    /// Calls `body` with the layout passes of this view and of each ancestor that has them
    /// (the layouts this view takes part in), nearest first.
    ///
    /// The views are walked unretained (the chain is held by this view, which the caller holds,
    /// and `body` only marks passes): a strong walk retained and released every ancestor, for
    /// each constant a stack moves and each `update(constant:)`.
    func forEachLayoutPass(_ body: (LayoutPass) -> Void) {
        var nothing: Void = ()
        forEachLayoutPass(&nothing) { _, layoutPass in body(layoutPass) }
    }

    /// ``forEachLayoutPass(_:)`` with `state` handed to `body` by reference: a caller that keeps
    /// bookkeeping across the passes (``LayoutConstraint/noteChange(constantOnly:)``) passes it
    /// here rather than capturing it, which would box it.
    func forEachLayoutPass<State>(_ state: inout State, _ body: (inout State, LayoutPass) -> Void) {
        var view = Unmanaged.passUnretained(self)
        while true {
            // (The link read as stored, the pass only where there is one: reading either as a
            // reference retained and released it, for every ancestor.)
            let (hasPass, superview) = view._withUnsafeGuaranteedRef { ($0.layoutPass != nil, $0.superviewLink) }
            if hasPass, let layoutPass = view._withUnsafeGuaranteedRef({ $0.layoutPass }) { body(&state, layoutPass) }
            guard let superview else { return }
            view = superview
        }
    }

    /// Tells layout that the view's content size changed: a subclass that computes
    /// ``intrinsicContentSize`` (or baselines) from its own state calls it when that state
    /// changes, and measurements cached from ``sizeForWidth`` are dropped, as in UIKit. The next
    /// pass moves the constants of the view's content-size constraints and of the constraints
    /// that read its baselines, as for a new ``intrinsicContentSize``.
    ///
    /// ```swift
    /// label.text = "A longer title"
    /// label.invalidateIntrinsicContentSize()
    /// ```
    open func invalidateIntrinsicContentSize() {
        sizeMeasurement?.forgetMeasurements()
        contentSizeChanged()
    }

    /// Marks the layouts this view takes part in as needing a pass that moves the constants of
    /// its content-size rows (and of the constraints that read its baselines), lowering nothing
    /// else again (``LayoutPass/markContentSizeChanged(_:)``).
    func contentSizeChanged() {
        forEachLayoutPass { $0.markContentSizeChanged(self) }
    }

    /// The view's rectangle in its own coordinate space: origin zero, size of ``frame``.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    override var hostView: View? { self }
    override var shorthandParent: LayoutItem? { superview }
    override var baselineOffsets: (first: Double, last: Double) {
        (firstBaselineOffsetFromTop, lastBaselineOffsetFromBottom)
    }

    /// The layout direction: forced by ``semanticContentAttribute``, else the superview's, else
    /// left-to-right.
    public override var effectiveLayoutDirection: LayoutDirection {
        var current: View? = self
        while let view = current {
            switch view.semanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified: current = view.superview
            }
        }
        return .leftToRight
    }

    /// The effective layout direction; setting it forces the direction for this view and the
    /// descendants that don't force their own (it sets ``semanticContentAttribute``).
    ///
    /// ```swift
    /// root.layoutDirection = .rightToLeft
    /// child.layoutDirection          // .rightToLeft (inherited)
    /// ```
    public var layoutDirection: LayoutDirection {
        get { effectiveLayoutDirection }
        set { semanticContentAttribute = newValue == .leftToRight ? .forceLeftToRight : .forceRightToLeft }
    }

    /// Reads like `title (View) frame (16, 20, 120, 20)`, with the subclass name for subclasses.
    public override var description: String { "\(name) (\(type(of: self))) frame \(frame)" }
}
