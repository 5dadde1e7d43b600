/// The canonical order of a component's rows: by a fingerprint of each row's content, ties by
/// the content itself, so that a component's rows come in the same order however its
/// constraints were added (``Component/partition(_:batching:splitting:)``).
extension Component {
    /// A component's constraints (`members`) in canonical order: by content fingerprint, ties
    /// by content. `position` holds the component's position of each of its slots.
    static func canonicalOrder(_ members: ArraySlice<Int32>, constraints: [Constraint], termSlots: [Int32],
                               termStart: [Int], position: [Int32]) -> [(key: UInt64, index: Int32)] {
        var keyed: [(key: UInt64, index: Int32)] = []
        keyed.reserveCapacity(members.count)
        for k in members {
            let k = Int(k)
            keyed.append((constraints[k].contentFingerprint(slots: termSlots[termStart[k]..<termStart[k + 1]],
                                                            position: position), Int32(k)))
        }
        if keyed.count > 1 {
            // Members come in input order, so a stable sort by key alone is the sort by (key, index).
            if keyed.count >= radixThreshold {
                radixSort(&keyed)
            } else if keyed.count <= shortSort {
                insertionSort(&keyed) { $0 < $1 }
            } else {
                keyed.sort { $0 < $1 }
            }
            // Equal fingerprints (identical rows, or a rare collision): order those runs by content.
            var start = 0
            while start < keyed.count {
                var end = start + 1
                while end < keyed.count && keyed[end].key == keyed[start].key { end += 1 }
                if end - start > 1 {
                    keyed[start..<end].sort { constraints[Int($0.index)].canonicallyPrecedes(constraints[Int($1.index)]) }
                }
                start = end
            }
        }
        return keyed
    }

    /// From this many rows, ``canonicalOrder(_:constraints:termSlots:termStart:position:)`` sorts by radix:
    /// a chain of a thousand views has components of about 1 500 rows, where the comparison
    /// sort spent about 45 instructions a comparison.
    static let radixThreshold = 64

    /// Up to this many, a component's variables and rows are sorted by insertion: a split
    /// feed's thousand blocks of a few rows each spent about a thousand instructions a block in
    /// the standard sort's setup (both orders are total: any sort gives the same result).
    static let shortSort = 16

    /// Sorts `list` by `less` in place by insertion (stable).
    @inline(__always)
    static func insertionSort<T>(_ list: inout [T], by less: (T, T) -> Bool) {
        list.withUnsafeMutableBufferPointer { b in
            for i in 1..<max(b.count, 1) {
                var j = i
                while j > 0 && less(b[j], b[j - 1]) {
                    b.swapAt(j, j - 1)
                    j -= 1
                }
            }
        }
    }

    /// Sorts `keyed` by key, ties kept in their current order: a stable least-significant-digit
    /// radix sort, a byte a pass, with every byte's counts taken in one read and the passes
    /// skipped where all keys share the byte.
    static func radixSort(_ keyed: inout [(key: UInt64, index: Int32)]) {
        let n = keyed.count
        guard n > 1 else { return }
        var scratch = keyed
        var counts = [Int](filled: 0, count: 8 * 256)
        var resultInScratch = false
        keyed.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                counts.withUnsafeMutableBufferPointer { c in
                    for entry in a {
                        var key = entry.key
                        for digit in 0..<8 {
                            c[digit &* 256 &+ Int(truncatingIfNeeded: key & 0xFF)] &+= 1
                            key >>= 8
                        }
                    }
                    var source = a, target = b
                    for digit in 0..<8 {
                        let base = digit * 256, shift = UInt64(8 * digit)
                        // The same byte in every key: this pass would move nothing.
                        if c[base + Int(truncatingIfNeeded: (source[0].key >> shift) & 0xFF)] == n { continue }
                        var sum = 0
                        for value in base..<base + 256 {
                            let count = c[value]
                            c[value] = sum
                            sum &+= count
                        }
                        for entry in source {
                            let value = base &+ Int(truncatingIfNeeded: (entry.key >> shift) & 0xFF)
                            target[c[value]] = entry
                            c[value] &+= 1
                        }
                        swap(&source, &target)
                        resultInScratch.toggle()
                    }
                }
            }
        }
        if resultInScratch { keyed = scratch }
    }
}

extension Constraint {
    /// FNV-1a over the bit patterns of the content but the constant (stable across runs, unlike
    /// `Hasher`), with variables entering by their position within the component
    /// (`position[slot]` of each term's slot), not their process-wide id: the same system is
    /// ordered the same way in every run, whatever else the process created before it.
    /// Constraints are ordered by this key, with ``canonicallyPrecedes(_:)`` breaking the (rare)
    /// ties — rows that differ in their constant only among them — so a component's rows depend
    /// only on what its constraints say, never on how they were added. Without the constant, two
    /// blocks that differ only in constants (a feed's rows of other text heights) have their
    /// rows in the same order, and one's solve can be moved to the other's constants
    /// (``AlikeBlocks``, ``ComponentTemplates``).
    func contentFingerprint(slots: ArraySlice<Int32>, position: [Int32]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        mix(UInt64(relation == .equal ? 1 : relation == .lessThanOrEqual ? 2 : 3))
        mix(UInt64(strength.level.bitPattern))
        mix(strength.weight.bitPattern)
        // (Read through a buffer by index: no term, and so no variable reference, is copied.)
        expression.terms.withUnsafeBufferPointer { terms in
            var slot = slots.startIndex
            for k in 0..<terms.count {
                mix(UInt64(position[Int(slots[slot])]))
                mix(terms[k].coefficient.bitPattern)
                slot += 1
            }
        }
        return hash
    }

    /// A total order on constraint *content* (relation, strength, terms, constant), so that a
    /// component's rows come in the same order however the constraints were added. Constraints
    /// that compare equal are identical rows, whose order cannot change the solution.
    func canonicallyPrecedes(_ other: Constraint) -> Bool {
        if relation != other.relation { return relation.rawValue < other.relation.rawValue }
        if strength.level != other.strength.level { return strength.level > other.strength.level }
        if strength.weight != other.strength.weight { return strength.weight > other.strength.weight }
        let a = expression.terms, b = other.expression.terms
        if a.count != b.count { return a.count < b.count }
        for k in 0..<a.count {
            if a[k].variable.id != b[k].variable.id { return a[k].variable.id < b[k].variable.id }
            if a[k].coefficient != b[k].coefficient { return a[k].coefficient < b[k].coefficient }
        }
        return expression.constant < other.expression.constant
    }
}
