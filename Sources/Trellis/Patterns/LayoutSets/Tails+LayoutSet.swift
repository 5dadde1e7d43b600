extension Tails {
    /// A ``LayoutSet`` for `view`: add cases with ``LayoutSet/when(_:_:)`` and
    /// ``LayoutSet/otherwise(_:)``; each layout pass activates the first case whose
    /// query matches the view's size.
    ///
    /// ```swift
    /// Tails.layoutSet(for: root)
    ///     .when(.width(..<600)) { menu~.height == 0 }
    ///     .otherwise { menu~.height == 44 }
    /// ```
    ///
    /// The set is kept by the view (the returned reference is only needed to inspect or remove it).
    @discardableResult
    public static func layoutSet(for view: View) -> LayoutSet {
        let set = LayoutSet(view: view)
        view.layoutParticipants.append(set)
        return set
    }
}
