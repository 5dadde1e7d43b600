/// A parsed JSON document, as strict as the `linear-system/1` and `layout-document/1` formats
/// need: objects keep their key order and reject duplicate keys, numbers must be finite doubles,
/// nesting is bounded.
///
/// Foundation's `JSONSerialization` silently keeps one of two duplicate keys and turns `1e999`
/// into infinity; both must be input errors here, with a position the user can find. Not public:
/// the package's readers use it (``JSONParser`` makes it).
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order (keys are unique).
    case object([(key: String, value: JSONValue)])

    /// The deepest nesting of arrays and objects the parser accepts.
    package static let maximumDepth = 64

    /// Parses a complete JSON text.
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser.parse(bytes, recordingPositions: false).value
    }

    /// Parses a complete JSON text, recording where each value (and each member's key) is, so
    /// that problems with the content can be placed at a line and column too.
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    package static func parseWithPositions(_ bytes: [UInt8]) throws -> (value: JSONValue, positions: JSONPositions) {
        try JSONParser.parse(bytes, recordingPositions: true)
    }

    /// A short name of the value's kind for error messages ("an object", "a number", …).
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The member named `key` of an object, or nil.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
