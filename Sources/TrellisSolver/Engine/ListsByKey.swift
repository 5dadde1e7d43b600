/// Lists of indices by a non-zero 64-bit key — a handful of keys, each list in the order its
/// indices came — as component templates and alike blocks keep theirs by counts of rows and
/// variables.
///
/// An ``IdentityTable`` finds a key's list, not a `[UInt64: [Int]]`: the runtime makes a
/// dictionary type's metadata the first time a process uses it, and checking that its key is
/// `Hashable` scanned every protocol conformance of the process — 0.37 M instructions, a tenth
/// of a ten-row text screen's first pass. The table is made at the first list: most solves keep
/// none, and an empty table allocates.
struct ListsByKey {
    private var listOfKey: IdentityTable?
    private var lists: [[Int]] = []

    /// The indices kept for `key` (empty: none).
    func list(_ key: UInt64) -> [Int] {
        listOfKey?.index(of: key).map { lists[Int($0)] } ?? []
    }

    /// Adds `index` to the end of `key`'s list.
    mutating func append(_ index: Int, to key: UInt64) {
        if let list = listOfKey?.index(of: key) {
            lists[Int(list)].append(index)
            return
        }
        if listOfKey == nil { listOfKey = IdentityTable() }
        listOfKey!.insert(key, Int32(lists.count))
        lists.append([index])
    }
}
