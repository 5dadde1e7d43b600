// Layoutless's patterns, as relations to install (or, for `insetting`, a wrapper view).

extension LayoutItem {
    /// The relation that makes the item fill its superview (a guide: its owning view), inset by
    /// `insets` — Layoutless's `fillingParent(insets:relativeToSafeArea:)`.
    ///
    /// ```swift
    /// Tails.install(card.fillingParent(insets: EdgeInsets(16)))
    /// Tails.install(content.fillingParent(relativeToSafeArea: true))
    /// ```
    ///
    /// Without the safe area the parent is resolved at layout time (`card~.edges == insets`);
    /// with it, the parent's ``View/safeAreaLayoutGuide`` is taken now, so the item must have a
    /// parent already (otherwise the layout pass reports the nil item at the install line).
    public func fillingParent(insets: EdgeInsets = .zero, relativeToSafeArea: Bool = false) -> LayoutRelation {
        guard relativeToSafeArea else { return self~.edges == insets }
        let safeArea = (shorthandParent as? View)?.safeAreaLayoutGuide
        return self~.edges == safeArea~ + insets
    }

    /// The relation that makes the item fill its superview inset by directional insets (leading
    /// and trailing follow the layout direction).
    ///
    /// ```swift
    /// Tails.install(row.fillingParent(insets: DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 8)))
    /// ```
    public func fillingParent(insets: DirectionalEdgeInsets, relativeToSafeArea: Bool = false) -> LayoutRelation {
        guard relativeToSafeArea else { return self~.directionalEdges == insets }
        let safeArea = (shorthandParent as? View)?.safeAreaLayoutGuide
        return self~.directionalEdges == safeArea~ + insets
    }

    /// The relation that centres the item in its superview, moved by `offset` — Layoutless's
    /// `centeringInParent()`.
    ///
    /// ```swift
    /// Tails.install(spinner.centeringInParent(), badge.centeringInParent(offset: Point(x: 0, y: -20)))
    /// ```
    public func centeringInParent(offset: Point = .zero) -> LayoutRelation {
        self~.center == offset
    }

    /// The relation that fixes the item's size — Layoutless's `sizing(toWidth:height:)`.
    ///
    /// ```swift
    /// Tails.install(avatar.sizing(to: Size(width: 48, height: 48)))
    /// ```
    public func sizing(to size: Size) -> LayoutRelation {
        self~.size == size
    }

    /// The relation that fixes the item's width.
    ///
    /// ```swift
    /// Tails.install(sidebar.sizing(toWidth: 240))
    /// ```
    public func sizing(toWidth width: Double) -> LayoutRelation {
        self~.width == width
    }

    /// The relation that fixes the item's height.
    ///
    /// ```swift
    /// Tails.install(toolbar.sizing(toHeight: 44))
    /// ```
    public func sizing(toHeight height: Double) -> LayoutRelation {
        self~.height == height
    }

    /// The relation `width == height × ratio` — Layoutless's `constrainingAspectRatio(to:)`.
    ///
    /// ```swift
    /// Tails.install(video.constrainingAspectRatio(to: 16.0 / 9))
    /// ```
    public func constrainingAspectRatio(to ratio: Double) -> LayoutRelation {
        self~.width == self~.height * ratio
    }
}

extension View {
    /// A new view containing this one inset by `insets` — Layoutless's `insetting(by:)`, handy
    /// in stacks. The view becomes the container's subview (leaving its superview, as
    /// ``addSubview(_:)`` does) and `view~.edges == container~ + insets` is installed.
    ///
    /// ```swift
    /// let column = Tails.stack(.vertical) {
    ///     title.insetting(by: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
    ///     body
    /// }
    /// ```
    public func insetting(by insets: EdgeInsets, id: String? = nil) -> View {
        let container = View(id: id)
        container.addSubview(self)
        Tails.install(self~.edges == container~ + insets)
        return container
    }

    /// A new view containing this one inset by directional insets (see the `EdgeInsets` form).
    ///
    /// ```swift
    /// let padded = label.insetting(by: DirectionalEdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12))
    /// ```
    public func insetting(by insets: DirectionalEdgeInsets, id: String? = nil) -> View {
        let container = View(id: id)
        container.addSubview(self)
        Tails.install(self~.directionalEdges == container~ + insets)
        return container
    }
}
