import TrellisSupport

/// A hash map from non-zero 64-bit identities (``Variable/id``, object addresses) to dense
/// `Int32` indices: open addressing with linear probing, a multiplicative hash and
/// backward-shift deletion (no tombstones).
///
/// The solver looks identities up for every term of every constraint on each structural change;
/// `Dictionary` spends most of that time in SipHash. Identities are not attacker-chosen keys
/// (they are creation counters and heap addresses), so a Fibonacci hash is enough.
///
/// Variable ids are creation numbers, so the variables of one system usually span a short
/// range: a table made with ``init(keysIn:minimumCapacity:)`` for such a range is *direct* — an
/// array indexed by `key - base`, no hashing or probing at all — and becomes a hash table
/// (transparently, the same contents) only if a key outside the range is inserted.
package struct IdentityTable {
    /// 0 marks an empty slot (no identity is 0: variable ids start at 1, addresses are non-null).
    /// Empty while the table is direct.
    @usableFromInline var keys: [UInt64]
    /// Hashed: the index of the key in the same slot. Direct: the index of key `base + slot`
    /// (-1: absent).
    @usableFromInline var values: [Int32]
    @usableFromInline var shift: UInt64
    /// The smallest key of a direct table.
    @usableFromInline var base: UInt64 = 0
    /// Whether the table is direct (``values`` indexed by `key - base`).
    @usableFromInline package internal(set) var isDirect = false
    /// The number of identities stored.
    @usableFromInline package internal(set) var count = 0

    /// A table that holds `minimumCapacity` identities before it grows.
    @inlinable package init(minimumCapacity: Int = 0) {
        var bits: UInt64 = 3
        while (1 << bits) < 2 * max(minimumCapacity, 4) { bits += 1 }
        keys = Array(filled: 0, count: 1 << bits)
        values = Array(filled: -1, count: 1 << bits)
        shift = 64 - bits
    }

    /// A table for about `minimumCapacity` identities, all (or most) in `range`: direct when the
    /// range is at most ``directSpan`` times that many keys wide (no larger than the hash table
    /// it replaces: 4 bytes a key of the range against 24 a stored identity), else hashed.
    @inlinable package init(keysIn range: ClosedRange<UInt64>, minimumCapacity: Int) {
        let span = range.upperBound - range.lowerBound
        if range.lowerBound > 0, span < UInt64(Self.directSpan * max(minimumCapacity, 8)) {
            self.init(directFrom: range.lowerBound, count: Int(span) + 1)
        } else {
            self.init(minimumCapacity: minimumCapacity)
        }
    }

    /// An empty direct table for keys `base ..< base + count`.
    @usableFromInline init(directFrom base: UInt64, count: Int) {
        keys = []
        values = Array(filled: -1, count: count)
        shift = 0
        self.base = base
        isDirect = true
    }

    /// How many keys wide (per identity stored) a direct table's range may be.
    @usableFromInline static let directSpan = 4

    @inlinable @inline(__always) func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The index stored for `key`, or nil.
    @inlinable @inline(__always) package func index(of key: UInt64) -> Int32? {
        if isDirect {
            let offset = key &- base
            guard offset < UInt64(values.count) else { return nil }
            let value = values[Int(offset)]
            return value >= 0 ? value : nil
        }
        let mask = keys.count - 1
        var slot = home(key)
        while true {
            let stored = keys[slot]
            if stored == key { return values[slot] }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `key` is stored.
    @inlinable package func contains(_ key: UInt64) -> Bool { index(of: key) != nil }

    /// Stores `value` for `key` unless `key` is there already; returns the index now stored
    /// and whether it was inserted.
    @inlinable @inline(__always) @discardableResult
    package mutating func insert(_ key: UInt64, _ value: Int32) -> (index: Int32, inserted: Bool) {
        if isDirect {
            let offset = key &- base
            if offset < UInt64(values.count) {
                let stored = values[Int(offset)]
                if stored >= 0 { return (stored, false) }
                values[Int(offset)] = value
                count += 1
                return (value, true)
            }
        }
        return insertHashed(key, value)
    }

    /// ``insert(_:_:)`` into the hash table (a direct table becomes one first).
    @usableFromInline mutating func insertHashed(_ key: UInt64, _ value: Int32) -> (index: Int32, inserted: Bool) {
        precondition(key != 0, "IdentityTable keys are non-zero")
        if isDirect { makeHashed(capacity: count + 1) }
        if 2 * (count + 1) > keys.count { grow() }
        let mask = keys.count - 1
        var slot = home(key)
        while true {
            let stored = keys[slot]
            if stored == key { return (values[slot], false) }
            if stored == 0 {
                keys[slot] = key
                values[slot] = value
                count += 1
                return (value, true)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Replaces the index of a stored `key` (no effect when absent).
    @inlinable package mutating func update(_ key: UInt64, to value: Int32) {
        if isDirect {
            let offset = key &- base
            if offset < UInt64(values.count) && values[Int(offset)] >= 0 { values[Int(offset)] = value }
            return
        }
        let mask = keys.count - 1
        var slot = home(key)
        while keys[slot] != 0 {
            if keys[slot] == key { values[slot] = value; return }
            slot = (slot + 1) & mask
        }
    }

    /// Removes `key`; returns the index it had.
    @inlinable @discardableResult
    package mutating func remove(_ key: UInt64) -> Int32? {
        if isDirect {
            let offset = key &- base
            guard offset < UInt64(values.count), values[Int(offset)] >= 0 else { return nil }
            let removed = values[Int(offset)]
            values[Int(offset)] = -1
            count -= 1
            return removed
        }
        let mask = keys.count - 1
        var slot = home(key)
        while keys[slot] != key {
            if keys[slot] == 0 { return nil }
            slot = (slot + 1) & mask
        }
        let removed = values[slot]
        // Backward-shift: move later members of the probe run into the hole when their home
        // position allows it, so lookups never need tombstones.
        var hole = slot
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            let wanted = home(keys[next])
            // Is `wanted` cyclically outside (hole, next]? Then the entry may move to the hole.
            let movable = hole <= next ? (wanted <= hole || wanted > next) : (wanted <= hole && wanted > next)
            if movable {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        values[hole] = -1
        count -= 1
        return removed
    }

    /// Removes every identity, keeping the room.
    package mutating func removeAll() {
        guard count > 0 else { return }
        if !isDirect {
            for slot in keys.indices { keys[slot] = 0 }
        }
        for slot in values.indices { values[slot] = -1 }
        count = 0
    }

    /// Makes room for `capacity` identities without growing on the way.
    /// One rehash into the final size, however far that is (not one per doubling).
    @inlinable package mutating func reserve(_ capacity: Int) {
        if isDirect { return }   // (grows only into a hash table, at a key outside its range)
        var doublings: UInt64 = 0
        while 2 * capacity > keys.count << doublings { doublings += 1 }
        if doublings > 0 { grow(by: doublings) }
    }

    /// Turns a direct table into a hash table with the same contents and room for `capacity`.
    @usableFromInline mutating func makeHashed(capacity: Int) {
        var hashed = IdentityTable(minimumCapacity: max(capacity, 2 * count))
        for (offset, value) in values.enumerated() where value >= 0 {
            hashed.insert(base + UInt64(offset), value)
        }
        self = hashed
    }

    @usableFromInline mutating func grow(by doublings: UInt64 = 1) {
        let oldKeys = keys, oldValues = values
        shift -= doublings
        keys = Array(filled: 0, count: oldKeys.count << doublings)
        values = Array(filled: -1, count: oldKeys.count << doublings)
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != 0 { insert(key, value) }
    }
}

extension ObjectIdentifier {
    /// The object's address as an ``IdentityTable`` key.
    @inlinable package var tableKey: UInt64 { UInt64(UInt(bitPattern: self)) }
}
