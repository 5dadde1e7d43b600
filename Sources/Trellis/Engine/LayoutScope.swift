import TrellisSupport

/// The items one layout pass works on: the root view's subtree, with the guides of each view,
/// in a fixed order (depth first, a view before its guides and its subviews). Index 0 of
/// ``views`` and ``items`` is the root — in a scope attached from a kept one (``Detached``), a
/// placeholder: ``item(at:)`` and ``view(at:)`` give the root there.
struct LayoutScope {
    let root: View
    let views: [View]
    let items: [LayoutItem]
    /// For each item, the index in ``items`` of its superview (views) or owning view (guides);
    /// -1 for the root.
    let parentIndex: [Int]
    /// Each item's index in ``items`` and layout direction, by identity.
    private var members: Members

    /// Where an item of the scope is in ``items``, and its layout direction (computed once per pass).
    struct Member {
        let index: Int32
        let direction: LayoutDirection
    }

    /// The members by identity: an ``IdentityTable`` from an item's address to its index in
    /// ``items`` (items are added in that order), and each item's direction. Not a dictionary:
    /// a pass looks items up by identity for every view it makes a scope of and every measured
    /// view whose size moved, and a dictionary hashes each with SipHash.
    struct Members {
        private var table: IdentityTable
        private var directions: [LayoutDirection] = []

        init(capacity: Int) {
            table = IdentityTable(minimumCapacity: capacity)
            directions.reserveCapacity(capacity)
        }

        subscript(identifier: ObjectIdentifier) -> Member? {
            table.index(of: identifier.tableKey).map { Member(index: $0, direction: directions[Int($0)]) }
        }

        /// Adds the next item of ``LayoutScope/items`` (its index is the count so far).
        mutating func append(_ identifier: ObjectIdentifier, direction: LayoutDirection) {
            table.insert(identifier.tableKey, Int32(directions.count))
            directions.append(direction)
        }
    }

    init(root: View) {
        self.root = root
        let views = root.subtreeViews()
        self.views = views
        var items: [LayoutItem] = []
        items.reserveCapacity(views.count)
        var members = Members(capacity: views.count)
        var parents: [Int] = []
        parents.reserveCapacity(views.count)
        for view in views {
            let direction: LayoutDirection
            switch view.semanticContentAttribute {
            case .forceLeftToRight: direction = .leftToRight
            case .forceRightToLeft: direction = .rightToLeft
            case .unspecified:
                if view === root {
                    direction = view.effectiveLayoutDirection
                } else {
                    direction = view.superview.flatMap { members[ObjectIdentifier($0)]?.direction } ?? .leftToRight
                }
            }
            let index = items.count
            members.append(ObjectIdentifier(view), direction: direction)
            parents.append(view === root ? -1 : view.superview.flatMap { members[ObjectIdentifier($0)].map { Int($0.index) } } ?? -1)
            items.append(view)
            for guide in view.allGuides {
                members.append(ObjectIdentifier(guide), direction: direction)
                items.append(guide)
                parents.append(index)
            }
        }
        self.items = items
        self.parentIndex = parents
        self.members = members
    }

    private init(root: View, views: [View], items: [LayoutItem], parentIndex: [Int],
                 members: Members) {
        self.root = root
        self.views = views
        self.items = items
        self.parentIndex = parentIndex
        self.members = members
    }

    /// The scope without its root, to keep between passes: the root owns the engine that keeps
    /// it, so a scope holding the root would keep the whole tree alive (a reference cycle). The
    /// arrays keep their layout, with a placeholder where the root was (index 0), so that
    /// attaching and detaching again copy nothing: copying them would retain and release every
    /// item, each pass.
    struct Detached {
        let rootIdentifier: ObjectIdentifier
        /// ``LayoutScope/views`` and ``LayoutScope/items`` with ``placeholder`` at index 0.
        let views: [View]
        let items: [LayoutItem]
        let parentIndex: [Int]
        let members: Members
        let placeholder: View

        /// The scope again, for the same root (index 0 of its arrays is the placeholder: read the
        /// root from ``LayoutScope/root``, or with ``LayoutScope/item(at:)``).
        func attached(to root: View) -> LayoutScope? {
            guard ObjectIdentifier(root) == rootIdentifier else { return nil }
            return LayoutScope(root: root, views: views, items: items, parentIndex: parentIndex, members: members)
        }
    }

    /// The scope without its root (``Detached``), `placeholder` in its place.
    func detached(placeholder: View) -> Detached {
        var views = self.views, items = self.items
        if views[0] !== placeholder { views[0] = placeholder }
        if items[0] !== placeholder { items[0] = placeholder }
        return Detached(rootIdentifier: ObjectIdentifier(root), views: views, items: items,
                        parentIndex: parentIndex, members: members, placeholder: placeholder)
    }

    /// The item at `index` of ``items``: the root at 0 (a kept scope holds a placeholder there).
    func item(at index: Int) -> LayoutItem { index == 0 ? root : items[index] }

    /// The view at `index` of ``views``: the root at 0 (a kept scope holds a placeholder there).
    func view(at index: Int) -> View { index == 0 ? root : views[index] }

    /// Whether `item` is the root, a descendant, or a guide of one of them.
    func contains(_ item: LayoutItem) -> Bool { members[ObjectIdentifier(item)] != nil }

    /// The layout direction of an item of the scope (computed once per pass), or nil for an
    /// item outside the scope.
    func direction(ofMember item: LayoutItem) -> LayoutDirection? {
        members[ObjectIdentifier(item)]?.direction
    }

    /// The item's layout direction.
    func direction(of item: LayoutItem) -> LayoutDirection {
        members[ObjectIdentifier(item)]?.direction ?? item.effectiveLayoutDirection
    }

    /// The view of the scope with identity `identifier` (the root's included), or nil.
    func view(identifiedBy identifier: ObjectIdentifier) -> View? {
        members[identifier].flatMap { item(at: Int($0.index)) as? View }
    }

    /// The active constraints stored on the items of the scope, each once, in creation order.
    func activeConstraints() -> [LayoutConstraint] {
        // (Sized at once: each constraint is stored with every item it names, so the total bounds
        // the count; growing the list from empty copied it 14 times in a cold pass.)
        var stored = 0
        for index in items.indices { stored += item(at: index).storedConstraints.count }
        let stamp = LayoutConstraint.collectionCounter.wrappingAdd(1, ordering: .relaxed).newValue
        var result: [LayoutConstraint] = []
        result.reserveCapacity(stored)
        for index in items.indices {
            for constraint in item(at: index).storedConstraints.values where constraint.collectionStamp != stamp {
                constraint.collectionStamp = stamp
                result.append(constraint)
            }
        }
        return Self.ordered(result) { $0.id.rawValue }
    }

    /// `elements` ordered by `key`, distinct for each: constraints by creation, their ids a
    /// counter's values made together. Where the keys span a range not much wider than their
    /// number, each element is placed at its key's offset in that range (a comparison sort of
    /// a stack screen's 40,000 constraints read two objects' ids per comparison).
    static func ordered<Element>(_ elements: [Element], by key: (Element) -> UInt64) -> [Element] {
        guard elements.count > 1 else { return elements }
        var lowest = UInt64.max, highest: UInt64 = 0
        for element in elements {
            lowest = min(lowest, key(element))
            highest = max(highest, key(element))
        }
        guard highest - lowest < 4 * UInt64(elements.count) + 64 else {
            return elements.sorted { key($0) < key($1) }
        }
        var slot = [Int32](filled: -1, count: Int(highest - lowest) + 1)
        for (index, element) in elements.enumerated() { slot[Int(key(element) - lowest)] = Int32(index) }
        var ordered: [Element] = []
        ordered.reserveCapacity(elements.count)
        for index in slot where index >= 0 { ordered.append(elements[Int(index)]) }
        return ordered
    }

    /// The nearest common ancestor of the views the items live in (a guide lives in its owning
    /// view; a view counts as its own ancestor), or nil when they are not in one tree.
    ///
    /// ```
    /// nearestCommonAncestor(of: [dot, container])   // container (dot is its subview)
    /// nearestCommonAncestor(of: [a, b])             // their superview, for siblings
    /// ```
    static func nearestCommonAncestor(of items: [LayoutItem]) -> View? {
        guard let first = items.first?.hostView else { return nil }
        var chain: [View] = []
        var cursor: View? = first
        while let view = cursor { chain.append(view); cursor = view.superview }
        var depth = 0     // index into `chain` of the deepest common ancestor so far
        for item in items.dropFirst() {
            guard var view = item.hostView else { return nil }
            while true {
                if let index = chain[depth...].firstIndex(where: { $0 === view }) {
                    depth = index
                    break
                }
                guard let parent = view.superview else { return nil }
                view = parent
            }
        }
        return chain[depth]
    }

    /// The topmost ancestor of the view an item lives in, or nil for a guide without a view.
    static func topmostAncestor(of item: LayoutItem) -> View? {
        guard var view = item.hostView else { return nil }
        while let parent = view.superview { view = parent }
        return view
    }
}
