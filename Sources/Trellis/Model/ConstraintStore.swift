/// The active constraints stored on one item (``LayoutItem/storedConstraints``), each once.
///
/// Most items are named by a handful of constraints: those are kept in a plain list, found by
/// a scan — a few words an item, where a dictionary took a hash table of its own. An item named
/// by many (a root every row refers to) gets an index of positions once its list is longer
/// than ``indexThreshold``, so that storing and removing stay constant-time. Removing moves the
/// last constraint into the gap: the order is not kept (readers that need one sort by
/// ``LayoutConstraint/id``).
struct ConstraintStore: Sequence {
    /// The list length from which positions are indexed.
    static let indexThreshold = 16

    private var list: [LayoutConstraint] = []
    /// The position of each constraint in `list`, once the list is long.
    private var positions: [ObjectIdentifier: Int]?

    /// The constraints, in no particular order.
    var values: [LayoutConstraint] { list }

    /// How many constraints are stored.
    var count: Int { list.count }

    /// Whether no constraint is stored.
    var isEmpty: Bool { list.isEmpty }

    /// The constraint with identity `key`, if stored; setting a constraint stores it (once),
    /// setting nil removes it.
    subscript(key: ObjectIdentifier) -> LayoutConstraint? {
        get { position(of: key).map { list[$0] } }
        set {
            if let newValue {
                assert(ObjectIdentifier(newValue) == key, "a constraint is stored under its own identity")
                insert(newValue)
            } else {
                remove(key)
            }
        }
    }

    private func position(of key: ObjectIdentifier) -> Int? {
        if let positions { return positions[key] }
        return list.firstIndex { ObjectIdentifier($0) == key }
    }

    private mutating func insert(_ constraint: LayoutConstraint) {
        let key = ObjectIdentifier(constraint)
        if positions != nil {
            // One lookup: the position is written, and put back in the rare case the constraint
            // was there already (a constraint naming an item twice is stored with it twice).
            if let stored = positions!.updateValue(list.count, forKey: key) {
                positions![key] = stored
                return
            }
            list.append(constraint)
            return
        }
        guard position(of: key) == nil else { return }
        list.append(constraint)
        if list.count > Self.indexThreshold {
            var index: [ObjectIdentifier: Int] = [:]
            index.reserveCapacity(list.count * 2)
            for (offset, stored) in list.enumerated() { index[ObjectIdentifier(stored)] = offset }
            positions = index
        }
    }

    private mutating func remove(_ key: ObjectIdentifier) {
        guard let position = position(of: key) else { return }
        let last = list.removeLast()
        if position < list.count {
            list[position] = last
            positions?[ObjectIdentifier(last)] = position
        }
        positions?[key] = nil
    }

    /// Each constraint with its identity, as a dictionary of them would give them.
    func makeIterator() -> Iterator { Iterator(base: list.makeIterator()) }

    /// Yields `(key, value)` pairs: each constraint's identity and the constraint.
    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[LayoutConstraint]>

        mutating func next() -> (key: ObjectIdentifier, value: LayoutConstraint)? {
            base.next().map { (ObjectIdentifier($0), $0) }
        }
    }
}
