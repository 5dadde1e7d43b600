/// Lists of indices, one a group, in one flat array: group g's are `items[start[g] ..<
/// start[g + 1]]`. A partition's components (their variables and constraints) and a split
/// tableau's blocks (their rows, columns and basics) are a thousand small lists on a 1000-row
/// screen: an array each, grown an index at a time, was an allocation a list and most of the
/// cost of making them (3 M of the 52 M instructions of a chat screen's first resize).
struct GroupedLists {
    private var start: [Int32] = [0]
    private var items: [Int32] = []

    init() {}

    /// Room for `counts[g]` indices in group `g`'s list (each set by ``put(_:group:at:)``).
    init(counts: [Int32]) {
        start = [Int32](filled: 0, count: counts.count + 1)
        for (group, count) in counts.enumerated() { start[group + 1] = start[group] + count }
        items = [Int32](filled: 0, count: Int(start[counts.count]))
    }

    /// The indices `0 ..< count` in `groups` lists, each in the group `groupOf` gives it (none
    /// when negative), in increasing order within a list: a counting sort.
    init(groups: Int, indices count: Int, groupOf: (Int) -> Int32) {
        var start = [Int32](filled: 0, count: groups + 1)
        for index in 0..<count {
            let group = groupOf(index)
            if group >= 0 { start[Int(group) + 1] += 1 }
        }
        for group in 0..<groups { start[group + 1] += start[group] }
        var fill = start
        var items = [Int32](filled: 0, count: Int(start[groups]))
        for index in 0..<count {
            let group = Int(groupOf(index))
            guard group >= 0 else { continue }
            items[Int(fill[group])] = Int32(index)
            fill[group] += 1
        }
        self.start = start
        self.items = items
    }

    /// The number of groups.
    var count: Int { start.count - 1 }
    var indices: Range<Int> { 0..<count }

    /// Group `group`'s list: a slice, indexed from its `startIndex`.
    subscript(group: Int) -> ArraySlice<Int32> { items[Int(start[group])..<Int(start[group + 1])] }

    /// Place `local` of group `group`'s list (read in place: a slice kept in a closure or a
    /// local copies and releases the whole list's array, through generic witnesses).
    func item(_ local: Int, of group: Int) -> Int32 { items[Int(start[group]) + local] }

    /// The length of group `group`'s list.
    func count(of group: Int) -> Int { Int(start[group + 1] - start[group]) }

    /// Sets place `local` of group `group`'s list.
    mutating func put(_ item: Int32, group: Int, at local: Int) {
        items[Int(start[group]) + local] = item
    }
}
