/// Where the values of a JSON text are, recorded by ``JSONParser`` while it parsed the text (see
/// ``JSONValue/parseWithPositions(_:)``): the byte offset of every value and of every member's
/// key, by path, and the start of every line, so a reader can place a problem with the content
/// (an unknown field, a value of the wrong type, an error inside a string) at a line and column
/// without reading the text again.
///
/// Lines and columns are 1-based and count bytes, as ``JSONParseError``'s do.
///
/// The values are kept as a flat tree in document order (one ``Node`` per value, the children of
/// each array or object listed together in ``children``), so recording costs no path array and no
/// hashing per value; a lookup walks the path from the document down.
package struct JSONPositions: Sendable {
    /// A step of a path into a document.
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// One value of the text.
    struct Node: Sendable {
        enum Kind: UInt8, Sendable { case scalar, array, object }
        /// The offset of the value's first byte.
        var offset: Int
        /// The offset of the opening quote of the member's key, -1 for a value that is no member.
        var keyOffset: Int
        /// The member's key, nil for a value that is no member.
        var key: String?
        var kind: Kind
        /// Where the node's children start in ``JSONPositions/children``, and how many there are.
        var childStart = 0
        var childCount = 0
    }

    /// The values in document order; the document itself is the first.
    var nodes: [Node] = []
    /// The node indices of the children of each array or object, contiguous per container.
    var children: [Int] = []
    /// For strings with escapes or non-ASCII characters, by the offset of their opening quote:
    /// the offset of each scalar, then of the closing quote.
    var stringScalarOffsets: [Int: [Int]] = [:]
    /// The offset of the first byte of each line, ascending.
    var lineStarts: [Int] = [0]

    /// The node of the value at `path`, or nil if there is none.
    private func node(at path: [Step]) -> Node? {
        guard var node = nodes.first else { return nil }
        for step in path {
            let range = node.childStart..<(node.childStart + node.childCount)
            switch step {
            case .index(let index):
                guard node.kind == .array, index >= 0, index < node.childCount else { return nil }
                node = nodes[children[range.lowerBound + index]]
            case .key(let key):
                guard node.kind == .object,
                      let child = children[range].first(where: { nodes[$0].key == key }) else { return nil }
                node = nodes[child]
            }
        }
        return node
    }

    /// The byte offset of the value at `path`, or nil if there is none.
    package func offset(of path: [Step]) -> Int? { node(at: path)?.offset }

    /// The byte offset of each element of the array at `path`, in order, or nil if there is no
    /// array there: one walk for a reader that visits every element.
    package func elementOffsets(of path: [Step]) -> [Int]? {
        guard let node = node(at: path), node.kind == .array else { return nil }
        return children[node.childStart..<(node.childStart + node.childCount)].map { nodes[$0].offset }
    }

    /// The byte offset of the key of the member whose value is at `path`, or nil.
    package func keyOffset(of path: [Step]) -> Int? {
        guard let node = node(at: path), node.keyOffset >= 0 else { return nil }
        return node.keyOffset
    }

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
