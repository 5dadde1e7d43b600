extension View {
    /// A guide inset from the view's edges by ``layoutMargins`` — and, when
    /// ``insetsLayoutMarginsFromSafeArea`` is on (the default), by ``effectiveSafeAreaInsets``
    /// as well.
    ///
    /// ```swift
    /// Tails.install(content~.edges == root.layoutMarginsGuide~)
    /// ```
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = marginsGuideStorage { return guide }
        let guide = LayoutGuide(systemGuideOf: self, kind: .margins)
        marginsGuideStorage = guide
        return guide
    }

    /// A guide inset from the view's edges by ``effectiveSafeAreaInsets``: the root's safe area,
    /// and for a descendant the part of it that lies inside its superview's safe area.
    ///
    /// ```swift
    /// root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    /// Tails.install(header~.top == root.safeAreaLayoutGuide~.top)
    /// ```
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = safeAreaGuideStorage { return guide }
        let guide = LayoutGuide(systemGuideOf: self, kind: .safeArea)
        safeAreaGuideStorage = guide
        return guide
    }

    /// The insets of ``layoutMarginsGuide`` from the view's edges.
    var effectiveMarginInsets: EdgeInsets {
        guard insetsLayoutMarginsFromSafeArea else { return layoutMargins }
        let s = effectiveSafeAreaInsets, m = layoutMargins
        return EdgeInsets(top: s.top + m.top, left: s.left + m.left, bottom: s.bottom + m.bottom, right: s.right + m.right)
    }
}
