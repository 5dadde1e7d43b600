/// A recursive-descent parser of a whole JSON text into a ``JSONValue`` tree, over UTF-8 bytes.
/// The rules (lexing, separators, nesting, duplicate keys) are ``JSONScanning``'s, shared with
/// ``LinearSystemReader``. When asked, it records where every value is (``JSONPositions``) as it
/// parses.
package struct JSONParser: JSONScanning {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var offset = 0
    package var depth = 0
    package var scratch: [UInt8] = []
    private let recordsPositions: Bool
    private var positions = JSONPositions()
    /// The key of the member whose value comes next, and the offset of its opening quote (when
    /// recording positions).
    private var pendingKey: (key: String, quote: Int)?
    /// The nodes of the children of the containers being parsed (when recording positions).
    private var pendingChildren: [Int] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, recordsPositions: Bool) {
        self.bytes = bytes
        self.recordsPositions = recordsPositions
    }

    /// Parses a complete JSON text; the positions are empty unless `recordingPositions`.
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    package static func parse(_ bytes: [UInt8], recordingPositions: Bool) throws -> (value: JSONValue, positions: JSONPositions) {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, recordsPositions: recordingPositions)
            let value = try parser.scanDocument { parser in try parser.parseValue() }
            return (value, parser.positions)
        }
    }

    package func makeSyntaxError(_ message: String, at position: Int) -> any Error {
        let (line, column) = syntaxLocation(position)
        return JSONParseError(message: message, line: line, column: column)
    }

    package mutating func noteLineStart(_ offset: Int) {
        if recordsPositions { positions.lineStarts.append(offset) }
    }

    private mutating func parseValue() throws -> JSONValue {
        guard offset < bytes.count else { throw valueStartError() }
        let node = positions.nodes.count
        if recordsPositions {
            positions.nodes.append(.init(offset: offset, keyOffset: pendingKey?.quote ?? -1, key: pendingKey?.key,
                                         kind: .scalar))
            pendingKey = nil
        }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONValue)] = []
            // (Room for two at once: an object of a document has two or more members, and grown
            // from one it was allocated twice.)
            members.reserveCapacity(2)
            var keys: Set<String>?      // made once an object has many members
            let mark = pendingChildren.count
            try scanObject(key: { parser, token in
                let key = parser.text(of: token)
                // Small objects (nearly all) look for a repeated key without making a set.
                let repeated: Bool
                if keys != nil {
                    repeated = !keys!.insert(key).inserted
                } else {
                    repeated = members.contains { $0.key == key }
                    if !repeated, members.count >= 16 { keys = Set(members.map(\.key) + [key]) }
                }
                guard !repeated else { throw parser.duplicateKeyError(token) }
                if parser.recordsPositions {
                    parser.pendingKey = (key, token.quote)
                    parser.pendingChildren.append(parser.positions.nodes.count)
                }
                return key
            }, value: { parser, key in
                members.append((key, try parser.parseValue()))
            })
            if recordsPositions { finishContainer(node, kind: .object, childrenFrom: mark) }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            let mark = pendingChildren.count
            try scanArray { parser, _ in
                if parser.recordsPositions { parser.pendingChildren.append(parser.positions.nodes.count) }
                elements.append(try parser.parseValue())
            }
            if recordsPositions { finishContainer(node, kind: .array, childrenFrom: mark) }
            return .array(elements)
        case UInt8(ascii: "\""):
            let token = try scanString()
            if recordsPositions, token.escaped || !token.isASCII { recordScalars(of: token) }
            return .string(text(of: token))
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanNumber())
        default: throw valueStartError()
        }
    }

    /// Moves the children recorded since `mark` to the node of their container.
    private mutating func finishContainer(_ node: Int, kind: JSONPositions.Node.Kind, childrenFrom mark: Int) {
        positions.nodes[node].kind = kind
        positions.nodes[node].childStart = positions.children.count
        positions.nodes[node].childCount = pendingChildren.count - mark
        positions.children.append(contentsOf: pendingChildren[mark...])
        pendingChildren.removeSubrange(mark...)
    }

    /// Records where each scalar of a scanned (so valid) string is in the text.
    private mutating func recordScalars(of token: JSONStringToken) {
        var offsets: [Int] = []
        var i = token.start
        while i < token.end {
            offsets.append(i)
            let lead = bytes[i]
            if lead == UInt8(ascii: "\\") {
                guard bytes[i + 1] == UInt8(ascii: "u") else { i += 2; continue }
                // A high surrogate escape (\uD800...\uDBFF) is always followed by its low half.
                let isHigh = (bytes[i + 2] | 0x20) == UInt8(ascii: "d")
                    && [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(bytes[i + 3] | 0x20)
                i += isHigh ? 12 : 6
            } else {
                i += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            }
        }
        offsets.append(token.end)
        positions.stringScalarOffsets[token.quote] = offsets
    }
}
