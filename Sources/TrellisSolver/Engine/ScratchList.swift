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

    /// Appends the elements `body` writes into the buffer it is given (room for `maximum`
    /// elements past the end; it returns how many it wrote): a step's loops write their journal
    /// entries without a uniqueness check per element. `filler` initialises new storage.
    mutating func append(upTo maximum: Int, filler: Element, _ body: (UnsafeMutableBufferPointer<Element>) -> Int) {
        let start = count
        if storage.count < start + maximum {
            storage.append(contentsOf: repeatElement(filler, count: start + maximum - storage.count))
        }
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            body(UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + maximum)]))
        }
        precondition(written >= 0 && written <= maximum)
        count = start + written
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

/// One entry of a journal of old values: a slot, and its value before the change. (Unlabelled:
/// a labelled tuple is a type of its own, which the runtime makes the first time a process
/// meets it, and the cold pass has made this one already; the first resize of a 10-row screen
/// met two labelled journal types and a labelled shift: 115 → 81 k instructions for a feed.)
typealias JournalEntry = (Int, Double)

/// A journal of old values: (slot, value before the change) entries.
extension ScratchList where Element == JournalEntry {
    /// Writes each entry's old value back into `values`, the last entry first (a slot journaled
    /// twice ends at its oldest value), and empties the journal.
    mutating func rollBack(into values: inout [Double]) {
        var k = count - 1
        while k >= 0 {
            let (index, value) = storage[k]
            values[index] = value
            k -= 1
        }
        count = 0
    }
}
