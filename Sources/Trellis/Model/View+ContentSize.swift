extension View {
    /// How strongly the view resists growing beyond its intrinsic size on `axis` (default 250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> Priority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    /// Sets how strongly the view resists growing beyond its intrinsic size on `axis`.
    ///
    /// ```swift
    /// title.setContentHuggingPriority(.defaultHigh, for: .horizontal)
    /// ```
    public func setContentHuggingPriority(_ priority: Priority, for axis: LayoutAxis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
    }

    /// How strongly the view resists shrinking below its intrinsic size on `axis` (default 750).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> Priority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size on `axis`.
    ///
    /// ```swift
    /// title.setContentCompressionResistancePriority(.required, for: .vertical)
    /// ```
    public func setContentCompressionResistancePriority(_ priority: Priority, for axis: LayoutAxis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
    }
}
