/// Views in the order they were first noted, each once, found by identity: the views whose
/// content size changed since the last lowering (``LayoutEngine/markContentSizeChanged(_:)``).
/// (A text change notes thousands of views, some more than once — a new measuring callback,
/// then an invalidation: a scan of the list per note made it quadratic.)
struct NotedViews {
    /// The views, first noted first.
    private(set) var list: [View] = []
    private var keys = Set<ObjectIdentifier>()

    var isEmpty: Bool { list.isEmpty }

    /// Notes `view`; returns whether it was not noted yet.
    mutating func insert(_ view: View) -> Bool {
        guard keys.insert(ObjectIdentifier(view)).inserted else { return false }
        list.append(view)
        return true
    }

    mutating func removeAll() {
        list.removeAll()
        keys.removeAll()
    }
}
