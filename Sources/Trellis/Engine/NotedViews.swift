import TrellisSolver

/// Views in the order they were first noted, each once, found by identity: the views whose
/// content size changed since the last lowering (``LayoutEngine/markContentSizeChanged(_:)``).
/// (A text change notes thousands of views, some more than once — a new measuring callback,
/// then an invalidation: a scan of the list per note made it quadratic.)
struct NotedViews {
    /// The views, first noted first.
    private(set) var list: [View] = []
    /// The views' identities. (An identity table, kept with its room from pass to pass: a `Set`
    /// hashed each view and grew again after every pass — a quarter of what noting a thousand
    /// labels' new texts cost.)
    private var keys = IdentityTable()

    var isEmpty: Bool { list.isEmpty }

    /// Notes `view`; returns whether it was not noted yet.
    mutating func insert(_ view: View) -> Bool {
        guard keys.insert(ObjectIdentifier(view).tableKey, Int32(truncatingIfNeeded: list.count)).inserted else { return false }
        list.append(view)
        return true
    }

    mutating func removeAll() {
        guard !list.isEmpty else { return }
        list.removeAll(keepingCapacity: true)
        keys.removeAll()
    }
}
