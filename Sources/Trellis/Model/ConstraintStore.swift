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
    /// The room a list takes at its first constraint.
    static let initialCapacity = 6

    private var list: [LayoutConstraint] = []
    /// The position of each constraint in `list`, once the list is long.
    private var positions: [ObjectIdentifier: Int]?
    /// Whether a stored constraint names a baseline, found at the first question since the
    /// list last changed (0: not yet, 1: no, 2: yes).
    private var baselineAnswer: UInt8 = 0

    /// The constraints, in no particular order.
    var values: [LayoutConstraint] { list }

    /// How many constraints are stored.
    var count: Int { list.count }

    /// Whether no constraint is stored.
    var isEmpty: Bool { list.isEmpty }

    private func position(of key: ObjectIdentifier) -> Int? {
        if let positions { return positions[key] }
        return list.firstIndex { ObjectIdentifier($0) == key }
    }

    /// Whether a stored constraint names a first or last baseline (of any item): asked for
    /// every label at every text change (``LayoutEngine/constraintsReadingBaselines(of:)``),
    /// where a label's handful of stack rows name none. Found once, until the list changes.
    mutating func namesBaseline() -> Bool {
        if baselineAnswer == 0 {
            baselineAnswer = list.contains { $0.namesBaseline } ? 2 : 1
        }
        return baselineAnswer == 2
    }

    /// Stores `constraint` (once).
    mutating func insert(_ constraint: LayoutConstraint) {
        baselineAnswer = 0
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
        // Room for a typical item's constraints at once (edges, size, a stack's rows): grown
        // one append at a time, the list was reallocated three times an item on a stack screen.
        if list.isEmpty { list.reserveCapacity(Self.initialCapacity) }
        list.append(constraint)
        if list.count > Self.indexThreshold {
            var index: [ObjectIdentifier: Int] = [:]
            index.reserveCapacity(list.count * 2)
            for (offset, stored) in list.enumerated() { index[ObjectIdentifier(stored)] = offset }
            positions = index
        }
    }

    /// Removes the constraint with identity `key`, if stored.
    mutating func remove(_ key: ObjectIdentifier) {
        guard let position = position(of: key) else { return }
        baselineAnswer = 0
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
