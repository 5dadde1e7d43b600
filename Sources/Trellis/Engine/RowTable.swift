import TrellisSolver

/// The rows a ``LayoutEngine``'s solver holds, by what they stand for (``RowKey``): what a
/// `[RowKey: RowEntry]` would be, kept in an ``IdentityTable`` over an injective number per key
/// and two arrays.
///
/// Not a `Dictionary`: the runtime makes a dictionary's storage type for a key type it has not
/// met by scanning every protocol conformance the program has (0.4 M instructions at a
/// process's first layout), and hashes each key with SipHash where a multiplication does (the
/// engine looks a key up for every row it lowers). Removal moves the last entry into the hole,
/// so the order of iteration is no order at all, as a dictionary's is not.
struct RowTable: Sequence {
    private var slots = IdentityTable()
    private(set) var keys: [RowKey] = []
    /// The entries, in the order of ``keys`` (settable in place through an index from
    /// ``index(forKey:)``).
    var values: [RowEntry] = []

    /// The number of rows.
    var count: Int { keys.count }

    /// The non-zero number `key` is stored under: an object's address (16-byte aligned, so
    /// even) for a constraint written with the DSL, an odd number made of the item's creation
    /// number and the role's code for an implicit row.
    @inline(__always) static func number(_ key: RowKey) -> UInt64 {
        switch key {
        case .explicit(let identifier): identifier.tableKey
        case .implicit(let item, let role): item.rawValue << 6 | UInt64(role.code) << 1 | 1
        }
    }

    /// Room for `capacity` rows.
    mutating func reserveCapacity(_ capacity: Int) {
        slots.reserve(capacity)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// The position of `key`'s entry in ``values``, or nil.
    func index(forKey key: RowKey) -> Int? {
        slots.index(of: Self.number(key)).map(Int.init)
    }

    /// The entry of `key` — its position in ``values`` and its objects, not retained — or nil:
    /// for calls that only read or move the objects while the table holds them
    /// (`_withUnsafeGuaranteedRef`; a text pass moves a few thousand rows, and an entry copied
    /// out is two retains and two releases). Mutating, though it changes nothing: called on a
    /// table stored in a class (the engine's), a mutating method works on the table in place,
    /// where a non-mutating one is handed a copy (every array retained and released) — inlined,
    /// through a pointer or as a subscript alike.
    mutating func unretainedEntry(forKey key: RowKey)
        -> (slot: Int, source: Unmanaged<LayoutConstraint>, constraint: Unmanaged<Constraint>)? {
        guard let slot = index(forKey: key) else { return nil }
        return values.withUnsafeBufferPointer { values in
            (slot, Unmanaged.passUnretained(values[slot].source), Unmanaged.passUnretained(values[slot].constraint))
        }
    }

    /// The entry of `key`; setting nil removes it.
    subscript(key: RowKey) -> RowEntry? {
        get { index(forKey: key).map { values[$0] } }
        set {
            if let newValue {
                let (slot, inserted) = slots.insert(Self.number(key), Int32(keys.count))
                if inserted {
                    keys.append(key)
                    values.append(newValue)
                } else {
                    values[Int(slot)] = newValue
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Removes `key`'s entry and returns it (the last entry takes its place).
    @discardableResult
    mutating func removeValue(forKey key: RowKey) -> RowEntry? {
        guard let removed = slots.remove(Self.number(key)).map(Int.init) else { return nil }
        let entry = values[removed]
        let last = keys.count - 1
        if removed != last {
            keys[removed] = keys[last]
            values[removed] = values[last]
            slots.update(Self.number(keys[removed]), to: Int32(removed))
        }
        keys.removeLast()
        values.removeLast()
        return entry
    }

    func makeIterator() -> Zip2Sequence<[RowKey], [RowEntry]>.Iterator {
        zip(keys, values).makeIterator()
    }
}
