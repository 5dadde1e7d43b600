import TrellisSolver

/// The content sizes of a pass's measured views, by view: what a `[ObjectIdentifier: Size]`
/// would be, kept in an ``IdentityTable`` over the views' addresses and two arrays.
///
/// Not a `Dictionary`: a text screen's pass writes, reads and compares a size per measured view
/// several times (resumed, settled, lowered, compared with the last lowering), and a dictionary
/// hashes each identity with SipHash where a multiplication does. Equality is a dictionary's
/// (the same views with equal sizes, in any order); removal moves the last entry into the hole.
/// A twin of ``RowTable`` for another key and value, on purpose: one table generic over a key
/// protocol, tried for both, cost a process's first layout 0.47 M instructions (the runtime
/// looks the key's conformance up to make the generic type's metadata: a 10-row screen's cold
/// pass 3.8 → 4.3 M).
struct SizeTable: Sequence, Equatable {
    /// Made at the first insertion (an empty table, made at every pass, allocates nothing).
    private var slots: IdentityTable?
    private(set) var keys: [ObjectIdentifier] = []
    private(set) var values: [Size] = []

    /// The number of views.
    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The size of the view `key`, looked for first at position `hint` — where the caller found
    /// it last: a table made the same way from pass to pass keeps its order — which it updates.
    /// (A text screen's pass asks for each of its thousand labels' sizes at every round.)
    @inline(__always)
    func size(of key: ObjectIdentifier, hint: inout Int) -> Size? {
        if hint < keys.count, keys[hint] == key { return values[hint] }
        guard let slot = slots?.index(of: key.tableKey) else { return nil }
        hint = Int(slot)
        return values[hint]
    }

    /// The size of the view `key`; setting nil removes it.
    subscript(key: ObjectIdentifier) -> Size? {
        get { slots?.index(of: key.tableKey).map { values[Int($0)] } }
        set {
            if let newValue {
                if slots == nil { slots = IdentityTable() }
                let (slot, inserted) = slots!.insert(key.tableKey, Int32(keys.count))
                if inserted {
                    keys.append(key)
                    values.append(newValue)
                } else {
                    values[Int(slot)] = newValue
                }
            } else if let removed = slots?.remove(key.tableKey).map(Int.init) {
                let last = keys.count - 1
                if removed != last {
                    keys[removed] = keys[last]
                    values[removed] = values[last]
                    slots!.update(keys[removed].tableKey, to: Int32(removed))
                }
                keys.removeLast()
                values.removeLast()
            }
        }
    }

    /// Room for `capacity` views (a pass measures about as many views as the last one did).
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > 0 else { return }
        if slots == nil { slots = IdentityTable(minimumCapacity: capacity) } else { slots!.reserve(capacity) }
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        guard !keys.isEmpty else { return }
        self = SizeTable()
    }

    static func == (lhs: SizeTable, rhs: SizeTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Copies of one table (a pass that started from the last solve's sizes and changed none)
        // share their arrays: equal without a lookup.
        if lhs.keys.withUnsafeBufferPointer({ $0.baseAddress }) == rhs.keys.withUnsafeBufferPointer({ $0.baseAddress }),
           lhs.values.withUnsafeBufferPointer({ $0.baseAddress }) == rhs.values.withUnsafeBufferPointer({ $0.baseAddress }) {
            return true
        }
        for index in lhs.keys.indices where rhs[lhs.keys[index]] != lhs.values[index] { return false }
        return true
    }

    /// `self == other`, for two tables stored in a class (the engine's sizes and those of its
    /// last lowering): mutating, though it changes neither, so that both are compared where
    /// they are — `==` on two stored tables is handed copies of both, every array retained and
    /// released, and a resize compares them on each engine.
    mutating func equals(_ other: inout SizeTable) -> Bool {
        self == other
    }

    func makeIterator() -> Zip2Sequence<[ObjectIdentifier], [Size]>.Iterator {
        zip(keys, values).makeIterator()
    }
}
