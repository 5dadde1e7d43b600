extension ConstraintGroup {
    /// Deactivates this group and activates `other` (Mortar's `replace(with:)`); returns `other`.
    ///
    /// ```swift
    /// var current = Tails.install(panel~.height == 44)
    /// let expanded = Tails.make(panel~.height == 300)
    /// current = current.replace(with: expanded)          // takes effect at the next layout pass
    /// ```
    @discardableResult
    public func replace(with other: ConstraintGroup) -> ConstraintGroup {
        if other !== self { deactivate() }
        other.activate()
        return other
    }
}

extension LayoutConstraint {
    /// Deactivates this constraint and activates `other` (Mortar's `replace(with:)`); returns `other`.
    ///
    /// ```swift
    /// let narrow = Tails.make(panel~.width == 200).constraints[0]
    /// let wide = Tails.install(panel~.width == 400).constraints[0]
    /// wide.replace(with: narrow)
    /// ```
    @discardableResult
    public func replace(with other: LayoutConstraint) -> LayoutConstraint {
        if other !== self { deactivate() }
        other.activate()
        return other
    }
}
