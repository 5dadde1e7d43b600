/// A set of small non-negative integers (component state indices) as flags in an array.
///
/// Not a `Set<Int>`: the runtime makes a set's storage type for a new element type by scanning
/// every protocol conformance the program has (0.4 M instructions at a process's first solve),
/// and these sets hold a few indices into an array at hand.
struct IndexFlags {
    private var flags: [Bool] = []

    /// Adds `index` (non-negative).
    mutating func insert(_ index: Int) {
        if index >= flags.count { flags.append(contentsOf: repeatElement(false, count: index + 1 - flags.count)) }
        flags[index] = true
    }

    /// Whether `index` was added.
    func contains(_ index: Int) -> Bool { index < flags.count && flags[index] }
}
