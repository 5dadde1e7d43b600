/// A list that an edit step fills and empties every step: emptying it only resets its count
/// (an array's `removeAll(keepingCapacity:)` is a generic call of a few dozen instructions per
/// list per step), and its storage stays allocated between steps.
struct ScratchList<Element> {
    /// The storage; only the first ``count`` elements are the list.
    private(set) var storage: [Element] = []
    /// The number of elements in the list.
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The elements, in order.
    var elements: ArraySlice<Element> { storage[0..<count] }

    subscript(index: Int) -> Element {
        @inline(__always) get { storage[index] }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    /// Empties the list, keeping its storage.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Whether `element` is in the list (short lists: a linear scan).
    func contains(where matches: (Element) -> Bool) -> Bool {
        for index in 0..<count where matches(storage[index]) { return true }
        return false
    }
}
