extension View {
    /// Adds `view` as the frontmost subview.
    ///
    /// A view that has another superview is first removed from it (see ``removeFromSuperview()``).
    /// Adding a view to itself or to one of its descendants would make a cycle: the call does
    /// nothing and returns `false`.
    @discardableResult
    public func addSubview(_ view: View) -> Bool {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` among the subviews at `index` (clamped to `0...subviews.count`).
    ///
    /// Returns `false`, changing nothing, if `view` is this view or one of its ancestors.
    @discardableResult
    public func insertSubview(_ view: View, at index: Int) -> Bool {
        if view === self || isDescendant(of: view) { return false }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            setNeedsLayout()
            return true
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        view.setNeedsLayout()
        return true
    }

    /// Removes the view from its superview.
    ///
    /// As in UIKit, the constraints that tie the view or its descendants to views outside it
    /// (including superview-shorthand constraints such as `view~.left == 20`) are deactivated;
    /// constraints inside the removed subtree stay active.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let inside = subtreeItemIdentifiers()
        for item in subtreeItems() {
            for constraint in item.storedConstraints.values where constraint.isActive {
                let crosses = constraint.currentlyReferencedItems().contains { !inside.contains(ObjectIdentifier($0)) }
                if crosses { constraint.deactivate() }
            }
        }
        setNeedsLayout()
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        setNeedsLayout()
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Adds a layout guide to this view (moving it from another view if needed).
    /// System guides cannot be added to another view: the call does nothing for them.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard !guide.isSystemGuide, guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        layoutGuides.append(guide)
        guide.owningView = self
        setNeedsLayout()
    }

    /// Removes a layout guide from this view. Its constraints to other items are deactivated,
    /// as for ``removeFromSuperview()``.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self, !guide.isSystemGuide else { return }
        for constraint in guide.storedConstraints.values where constraint.isActive {
            if constraint.currentlyReferencedItems().contains(where: { $0 !== guide }) { constraint.deactivate() }
        }
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
        setNeedsLayout()
    }

    /// The view and its descendants, depth first (a view before its subviews, subviews in order).
    public func subtreeViews() -> [View] {
        var result: [View] = []
        var stack: [View] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    /// The view, its guides and every descendant with its guides, in layout order.
    func subtreeItems() -> [LayoutItem] {
        var items: [LayoutItem] = []
        for view in subtreeViews() {
            items.append(view)
            items.append(contentsOf: view.allGuides)
        }
        return items
    }

    func subtreeItemIdentifiers() -> Set<ObjectIdentifier> {
        Set(subtreeItems().map(ObjectIdentifier.init))
    }

    /// The custom guides, then the system guides that were created.
    var allGuides: [LayoutGuide] {
        var guides = layoutGuides
        if let margins = marginsGuideStorage { guides.append(margins) }
        if let safeArea = safeAreaGuideStorage { guides.append(safeArea) }
        return guides
    }

    /// The tree drawn with indentation, one item per line, guides included:
    ///
    /// ```
    /// root (View) frame (0, 0, 375, 667)
    ///   title (View) frame (16, 20, 120, 20)
    /// ```
    public func recursiveDescription() -> String {
        var lines: [String] = []
        func visit(_ view: View, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            lines.append(indent + view.description)
            for guide in view.allGuides { lines.append(indent + "  " + guide.description) }
            for child in view.subviews { visit(child, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}
