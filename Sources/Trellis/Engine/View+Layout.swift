extension View {
    /// Lays out the view's subtree and writes the frames: ``frame`` of every descendant (relative
    /// to its superview) and ``LayoutGuide/layoutFrame`` of every guide.
    ///
    /// The view is the layout's root: its ``frame`` is an input (its left, top, width and height
    /// are held to it as required constraints). The pass collects the active constraints stored
    /// on the items of the subtree — constraints whose items meet only above the root belong to an
    /// outer layout and are left out — adds the content-size constraints of every descendant,
    /// and solves. The root keeps one solver between passes, so a pass after a small change
    /// re-solves only what the change touches, and a pass after no change at all (nothing
    /// Trellis sees: constraints, content sizes, hierarchy, hidden flags, margins, stacks, the
    /// root's frame; see ``setNeedsLayout()``) does nothing.
    ///
    /// ```swift
    /// try root.layoutIfNeeded()
    /// title.frame               // solved, relative to root
    /// ```
    ///
    /// **Many layouts at once.** Separate trees may be laid out at the same time, each on its own
    /// thread or task: every root keeps its own engine and solver, GLPK's state is per thread, and
    /// trees share nothing but process-wide id counters (atomic) and, for text views
    /// (`TrellisText`), a measurement cache behind a lock — so each tree gets exactly the frames it
    /// gets laid out alone. One tree — a root with its descendants, their guides and constraints —
    /// belongs to one thread at a time: views are not `Sendable`, and laying a tree out (or a
    /// subtree of it, or asking its ``systemLayoutSizeFitting(_:)``) while another thread changes
    /// or lays out any part of it is a data race. Build and lay out each tree on the task that
    /// owns it, and send the frames elsewhere as a ``LayoutSnapshot``:
    ///
    /// ```swift
    /// func makeScreen(width: Double) -> View { … }     // builds and constrains a new tree
    ///
    /// let snapshots = try await withThrowingTaskGroup(of: LayoutSnapshot.self) { group in
    ///     for width in [320.0, 390, 768] {
    ///         group.addTask { try makeScreen(width: width).layoutSnapshot() }   // a tree per task
    ///     }
    ///     return try await group.reduce(into: []) { $0.append($1) }
    /// }
    /// ```
    ///
    /// - Throws: ``LayoutError``. Nothing is written then: the frames of the last good layout stay.
    public func layoutIfNeeded() throws {
        if let layoutPass, layoutPass.isApplied, layoutPass.isCurrent(mode: .frame(frame), limits: layoutLimits) { return }
        let snapshot = try layoutSnapshot()
        snapshot.apply(to: self)
        layoutPass?.isApplied = true
    }

    /// Lays out the view's subtree like ``layoutIfNeeded()`` but returns the frames as a
    /// `Sendable` ``LayoutSnapshot`` instead of writing them.
    ///
    /// ```swift
    /// let snapshot = try root.layoutSnapshot()
    /// snapshot[title]           // the frame title would get
    /// snapshot.apply(to: root)  // the same as layoutIfNeeded()
    /// ```
    ///
    /// With a ``displayScale`` the frames are rounded by edges to that grid (``FrameSnapping``)
    /// and the exact ones stay available as ``LayoutSnapshot/exact``.
    ///
    /// The tree is read and its engine updated, so the same rule holds as for
    /// ``layoutIfNeeded()``: one tree on one thread at a time, different trees concurrently.
    public func layoutSnapshot() throws -> LayoutSnapshot {
        try checkRootFrame()
        let exact = try rootLayoutPass().run(root: self, mode: .frame(frame))
        return FrameSnapping(displayScale: displayScale)?.snapped(exact) ?? exact      // snapping hook
    }

    /// Marks the layouts this view takes part in as needing a pass without lowering anything
    /// again: for state that participants turn into constant changes (``LayoutPass/markNeedsPass()``).
    func setNeedsLayoutPass() {
        forEachLayoutPass { $0.markNeedsPass() }
    }

    /// The layout passes of this view as a root, made at the first pass.
    func rootLayoutPass() -> LayoutPass {
        if let layoutPass { return layoutPass }
        let made = LayoutPass()
        layoutPass = made
        return made
    }

    /// The engine of this view's layout as a root, if it was laid out (for tests and diagnostics).
    var engine: LayoutEngine? { layoutPass?.engine }

    /// Drops the solver kept between layout passes; the next pass starts from scratch (with the
    /// same result).
    public func resetLayoutEngine() {
        layoutPass = nil
    }

    /// The target size of ``systemLayoutSizeFitting(_:)`` for "as small as possible": `0 × 0`.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)

    /// The target size of ``systemLayoutSizeFitting(_:)`` for "as large as possible": `1e7 × 1e7`.
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size the view's subtree would take if its own size were free, pulled towards
    /// `targetSize` at the given priorities — Auto Layout's `systemLayoutSizeFitting`.
    ///
    /// The view's width and height become unknowns with `width == targetSize.width` at
    /// `horizontalFittingPriority` (required at 1000), likewise for the height; its own content
    /// size and constraints count, constraints to its superview do not. Nothing is written.
    ///
    /// ```swift
    /// // the height of a cell 320 wide, as small as its content allows
    /// let size = try cell.systemLayoutSizeFitting(Size(width: 320, height: 0),
    ///                                             withHorizontalFittingPriority: .required,
    ///                                             verticalFittingPriority: .fittingSizeLevel)
    /// ```
    public func systemLayoutSizeFitting(_ targetSize: Size, withHorizontalFittingPriority horizontalFittingPriority: Priority,
                                        verticalFittingPriority: Priority) throws -> Size {
        let snapshot = try LayoutPass().run(root: self, mode: .fitting(target: targetSize, horizontal: horizontalFittingPriority,
                                                                   vertical: verticalFittingPriority))
        return snapshot.entries.first?.frame.size ?? .zero
    }

    /// The size nearest `targetSize` the subtree allows, both axes at
    /// `Priority.fittingSizeLevel` (50): ``layoutFittingCompressedSize`` gives the smallest
    /// size, ``layoutFittingExpandedSize`` the largest.
    ///
    /// ```swift
    /// let smallest = try card.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
    /// ```
    public func systemLayoutSizeFitting(_ targetSize: Size) throws -> Size {
        try systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                    verticalFittingPriority: .fittingSizeLevel)
    }

    /// The smallest size the subtree allows, with the width and/or height optionally fixed.
    ///
    /// ```swift
    /// let height = try cell.fittingSize(width: 320).height      // height for width
    /// let natural = try badge.fittingSize()                      // compressed in both axes
    /// ```
    public func fittingSize(width: Double? = nil, height: Double? = nil) throws -> Size {
        try systemLayoutSizeFitting(Size(width: width ?? 0, height: height ?? 0),
                                    withHorizontalFittingPriority: width == nil ? .fittingSizeLevel : .required,
                                    verticalFittingPriority: height == nil ? .fittingSizeLevel : .required)
    }
}
