/// A hash map from strings (a document's ids) to `Int32` values: open addressing with linear
/// probing over an FNV-1a hash of the UTF-8 bytes.
///
/// A document's constraints name their items by id, tens of thousands of lookups for a
/// 1000-row screen; `Dictionary<String, _>` spends most of each in SipHash (about 360
/// instructions a lookup of a short id). Ids are the author's own names, not keys an attacker
/// picks to collide, so a fast unkeyed hash is enough.
///
/// Keys match as `String`s do (canonical equivalence: what `Dictionary` would find is found).
/// ASCII bytes equal only themselves, but other spellings may be equivalent to each other and
/// even to ASCII ones (the Kelvin sign to `K`): once a key that is not ASCII is stored, every key
/// is hashed with `String`'s own hash instead; while all keys are ASCII, a query that is not is
/// compared with each key (such a query is nearly always an unknown id).
package struct NameTable {
    /// Per slot: the stored key's index + 1 (0: empty).
    private var slots: [Int32]
    /// Per slot: the hash of the key stored there.
    private var hashes: [UInt64]
    /// The keys, by index.
    private var keys: [String] = []
    /// The values, by index.
    private var values: [Int32] = []
    private var mask: Int
    /// Whether keys are hashed with `String`'s hash (some key is not ASCII), not FNV-1a.
    private var usesStringHash = false

    /// A table that holds `minimumCapacity` keys before it grows.
    package init(minimumCapacity: Int = 0) {
        var size = 8
        while size < 2 * max(minimumCapacity, 4) { size *= 2 }
        slots = Array(filled: 0, count: size)
        hashes = Array(filled: 0, count: size)
        mask = size - 1
        keys.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
    }

    /// How many keys are stored.
    package var count: Int { keys.count }

    /// The value stored for `key`, or nil.
    package func value(of key: String) -> Int32? {
        guard let hash = hash(key) else {
            // All keys ASCII, the query not: few such queries, each compared with every key.
            return keys.firstIndex(of: key).map { values[$0] }
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[slot] == hash && keys[index] == key { return values[index] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `value` for `key` unless the key is there already; returns whether it was stored
    /// (the first value stored for a key stays).
    @discardableResult
    package mutating func insert(_ key: String, _ value: Int32) -> Bool {
        guard let hash = hash(key) else {
            // The first key that is not ASCII: from now on every key hashes as `String` does.
            usesStringHash = true
            rehash(size: slots.count)
            return insert(key, value)
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[slot] == hash && keys[index] == key { return false }
            slot = (slot + 1) & mask
        }
        keys.append(key)
        values.append(value)
        slots[slot] = Int32(keys.count)
        hashes[slot] = hash
        if 2 * keys.count > slots.count { rehash(size: 2 * slots.count) }
        return true
    }

    /// Places every key again in `size` slots.
    private mutating func rehash(size: Int) {
        slots = Array(filled: 0, count: size)
        hashes = Array(filled: 0, count: size)
        mask = size - 1
        for index in keys.indices {
            let hash = hash(keys[index])!
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
            hashes[slot] = hash
        }
    }

    /// The key's hash: `String`'s own once some key is not ASCII; else FNV-1a over its bytes,
    /// nil when the key is not ASCII.
    private func hash(_ key: String) -> UInt64? {
        if usesStringHash { return UInt64(bitPattern: Int64(key.hashValue)) }
        let hashed = key.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for k in 0..<bytes.count {
                guard bytes[k] < 0x80 else { return nil }
                hash = (hash ^ UInt64(bytes[k])) &* 0x0000_0100_0000_01b3
            }
            return hash
        }
        if let hashed { return hashed }
        // A string without contiguous UTF-8 (bridged): its bytes one by one.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            guard byte < 0x80 else { return nil }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
