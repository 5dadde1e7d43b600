/// Where the values of a JSON text are, recorded by ``JSONParser`` while it parsed the text (see
/// ``JSONValue/parseWithPositions(_:)``): the byte offset of every value and of every member's
/// key, by path, and the start of every line, so a reader can place a problem with the content
/// (an unknown field, a value of the wrong type, an error inside a string) at a line and column
/// without reading the text again.
///
/// Lines and columns are 1-based and count bytes, as ``JSONParseError``'s do.
package struct JSONPositions: Sendable {
    /// A step of a path into a document.
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The offset of each value's first byte, by path (the document itself is `[]`).
    var valueOffsets: [[Step]: Int] = [:]
    /// The offset of the opening quote of each member's key, by the path of the member's value.
    var keyOffsets: [[Step]: Int] = [:]
    /// For strings with escapes or non-ASCII characters, by the offset of their opening quote:
    /// the offset of each scalar, then of the closing quote.
    var stringScalarOffsets: [Int: [Int]] = [:]
    /// The offset of the first byte of each line, ascending.
    var lineStarts: [Int] = [0]

    /// The byte offset of the value at `path`, or nil if there is none.
    package func offset(of path: [Step]) -> Int? { valueOffsets[path] }

    /// The byte offset of the key of the member whose value is at `path`, or nil.
    package func keyOffset(of path: [Step]) -> Int? { keyOffsets[path] }

    /// The line and column of byte `offset`.
    package func location(of offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset`.
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The column of each scalar of the string value whose opening quote is at `offset`, then
    /// of its closing quote; nil when the string is plain ASCII without escapes (its `n`-th
    /// scalar is then `n` columns right of the quote).
    package func scalarColumns(ofStringAt offset: Int) -> [Int]? {
        guard let offsets = stringScalarOffsets[offset] else { return nil }
        let column = location(of: offset).column
        return offsets.map { column + ($0 - offset) }   // a string never spans lines
    }
}
