extension LayoutSnapshot {
    /// Whether the frames are rounded to a display's grid (``displayScale`` > 0).
    public var isSnapped: Bool { exactEntries != nil }

    /// The snapshot with the exact frames the solver found: itself when not snapped, else the
    /// same entries with the frames before ``FrameSnapping`` rounded them.
    ///
    /// ```swift
    /// root.displayScale = 1
    /// let snapshot = try root.layoutSnapshot()
    /// snapshot[id: "sidebar"]          // (0, 0, 27, 24): on whole cells
    /// snapshot.exact[id: "sidebar"]    // (0, 0, 26.67, 24): as solved
    /// ```
    public var exact: LayoutSnapshot {
        guard let exactEntries else { return self }
        return LayoutSnapshot(rootKey: rootKey, entries: exactEntries)
    }
}
