/// The terms of a component's rows, back to back in one array: row `r` is
/// `entries[start[r] ..< start[r + 1]]`, each term a position in the component's variables and
/// a coefficient.
///
/// One array for every row, not an array per row: a structural solve of a thousand-view layout
/// builds thousands of rows, and an array each cost an allocation (and its header: about 48
/// bytes a row) for two or three terms.
struct RowStore: RandomAccessCollection {
    typealias Term = (variable: Int, coefficient: Double)

    /// Every row's terms, in row order.
    private(set) var entries: [Term] = []
    /// Where each row starts in ``entries``, and one past the last row's end.
    private var start: [Int32] = [0]

    /// No rows yet.
    init() {}

    /// No rows yet, with room for `rows` rows of `terms` terms in all.
    init(reservingRows rows: Int, terms: Int) {
        entries.reserveCapacity(terms)
        start.reserveCapacity(rows + 1)
    }

    /// The given rows, in order.
    init(_ rows: [[Term]]) {
        self.init(reservingRows: rows.count, terms: rows.reduce(0) { $0 + $1.count })
        for row in rows { appendRow(row) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { start.count - 1 }

    /// Row `row`'s terms.
    subscript(row: Int) -> Row {
        Row(entries: entries, lower: Int(start[row]), upper: Int(start[row + 1]))
    }

    /// The number of terms of every row.
    var termCount: Int { entries.count }

    /// The number of terms of row `row`.
    @inline(__always) func count(ofRow row: Int) -> Int { Int(start[row + 1] - start[row]) }

    /// Term `position` of row `row`, read without making a ``Row``.
    @inline(__always) func term(_ position: Int, ofRow row: Int) -> Term {
        precondition(position >= 0 && position < count(ofRow: row), "RowStore: term out of range")
        return entries[Int(start[row]) + position]
    }

    /// Calls `body` with every term (``entries``) and every row's start (one past the last
    /// row's end included) as buffers.
    func withBuffers<Result>(_ body: (UnsafeBufferPointer<Term>, UnsafeBufferPointer<Int32>) throws -> Result) rethrows -> Result {
        try entries.withUnsafeBufferPointer { entries in try start.withUnsafeBufferPointer { try body(entries, $0) } }
    }

    /// Adds a term to the row being built (closed by ``endRow()``).
    @inline(__always) mutating func append(_ term: Term) { entries.append(term) }

    /// Closes the row being built: the terms appended since the last row are the new last row.
    @inline(__always) mutating func endRow() { start.append(Int32(entries.count)) }

    /// Adds a row with the given terms.
    mutating func appendRow(_ terms: some Sequence<Term>) {
        entries.append(contentsOf: terms)
        endRow()
    }

    /// One row's terms: a zero-based view into the store (no copy).
    struct Row: RandomAccessCollection {
        fileprivate let entries: [Term]
        fileprivate let lower: Int
        fileprivate let upper: Int

        var startIndex: Int { 0 }
        var endIndex: Int { upper - lower }

        subscript(position: Int) -> Term {
            precondition(position >= 0 && position < upper - lower, "RowStore.Row: position out of range")
            return entries[lower + position]
        }

        /// Calls `body` with the row's terms as a buffer (the hot loops read them this way).
        func withTerms<Result>(_ body: (UnsafeBufferPointer<Term>) throws -> Result) rethrows -> Result {
            try entries.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
        }
    }
}
