import TrellisSolver

/// Interns names read from UTF-8 bytes: each distinct name gets a dense index (in order of first
/// insertion) and one `String`; later occurrences are found by their bytes without creating a
/// `String`.
///
/// Names compare as Swift `String`s do (canonical equivalence), exactly as the `Set<String>` and
/// `[String: …]` the format's checks and the solver use: an ASCII name is looked up by its bytes
/// (ASCII strings are equal only when their bytes are), and as soon as a non-ASCII name appears a
/// `[String: Int]` of every name takes over the lookups a byte match cannot settle (`"\u{212A}"`,
/// the Kelvin sign, equals `"K"`).
struct NameTable {
    /// The names, by index; the spelling of each name's first occurrence.
    private(set) var names: [String] = []
    /// Open addressing over the ASCII names: a name index, or -1 for an empty slot.
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    /// The bytes of every ASCII name, back to back (`byteStart[i]..<byteStart[i] + byteCount[i]`).
    private var arena: [UInt8] = []
    private var byteStart: [Int] = []
    private var byteCount: [Int] = []
    private var asciiCount = 0
    /// Every name, once a non-ASCII one has been seen.
    private var byString: [String: Int]?

    var count: Int { names.count }

    /// The index of the name spelled by `bytes` (valid UTF-8), inserting it when new.
    /// - Returns: the index, whether it was inserted, and whether the stored spelling has exactly
    ///   these bytes (false only for a canonically equivalent but differently spelled name).
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> (index: Int, inserted: Bool, sameSpelling: Bool) {
        if isASCII {
            let hash = Self.hash(bytes)
            let mask = slots.count - 1
            var slot = hash & mask
            while true {
                let found = Int(slots[slot])
                if found < 0 { break }
                if byteCount[found] == bytes.count, arenaMatches(found, bytes) {
                    return (found, false, true)
                }
                slot = (slot + 1) & mask
            }
            if byString != nil {
                let text = String(decoding: bytes, as: UTF8.self)
                if let index = byString![text] { return (index, false, false) }
            }
            let index = names.count
            names.append(String(decoding: bytes, as: UTF8.self))
            byString?[names[index]] = index
            insertASCII(index, bytes, hash: hash)
            return (index, true, true)
        }
        if byString == nil {
            var all: [String: Int] = [:]
            all.reserveCapacity(names.count * 2)
            for (index, name) in names.enumerated() { all[name] = index }
            byString = all
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let index = byString![text] {
            return (index, false, names[index].utf8.elementsEqual(bytes))
        }
        let index = names.count
        names.append(text)
        byString![text] = index
        // Keep the parallel byte arrays index-aligned; non-ASCII names are never matched by bytes.
        byteStart.append(arena.count)
        byteCount.append(-1)
        return (index, true, true)
    }

    private func arenaMatches(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = byteStart[index]
        return arena.withUnsafeBufferPointer { stored in
            for offset in 0..<bytes.count where stored[start + offset] != bytes[offset] { return false }
            return true
        }
    }

    private mutating func insertASCII(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, hash: Int) {
        byteStart.append(arena.count)
        byteCount.append(bytes.count)
        arena.append(contentsOf: bytes)
        asciiCount += 1
        if asciiCount * 2 > slots.count {
            let bigger = slots.count * 2
            var grown = Array(repeating: Int32(-1), count: bigger)
            for name in 0..<index where byteCount[name] >= 0 {
                let start = byteStart[name]
                let rehash = arena.withUnsafeBufferPointer {
                    Self.hash(UnsafeBufferPointer(rebasing: $0[start..<start + Int(byteCount[name])]))
                }
                var slot = rehash & (bigger - 1)
                while grown[slot] >= 0 { slot = (slot + 1) & (bigger - 1) }
                grown[slot] = Int32(name)
            }
            slots = grown
        }
        var slot = hash & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(index)
    }

    /// A seeded hash (the process-random `Hasher`), so hostile input cannot force collisions.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize() & Int.max
    }
}
