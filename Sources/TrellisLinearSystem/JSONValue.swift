import TrellisSolver

/// A parsed JSON document, as strict as the `linear-system/1` format needs: objects keep their
/// key order and reject duplicate keys, numbers must be finite doubles, nesting is bounded.
///
/// Foundation's `JSONSerialization` silently keeps one of two duplicate keys and turns `1e999`
/// into infinity; both must be input errors here, with a position the user can find.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order (keys are unique).
    case object([(key: String, value: JSONValue)])

    /// The deepest nesting of arrays and objects the parser accepts.
    public static let maximumDepth = 64

    /// Parses a complete JSON text.
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    /// A short name of the value's kind for error messages ("an object", "a number", …).
    public var kind: String {
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
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// A JSON syntax error at a position in the text.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// 1-based line and column (in bytes) of the problem.
    public let line: Int, column: Int

    public var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}

/// A recursive-descent parser over UTF-8 bytes (the lexical part is ``JSONScanning``'s).
struct JSONParser: JSONScanning {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func makeSyntaxError(_ message: String, at position: Int) -> any Error {
        let (line, column) = syntaxLocation(position)
        return JSONParseError(message: message, line: line, column: column)
    }

    mutating func parseDocument() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count { throw scanError("unexpected text after the document") }
        return value
    }

    private mutating func parseValue() throws -> JSONValue {
        guard offset < bytes.count else { throw scanError("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanNumber())
        default:
            throw scanError("unexpected character '\(Character(UnicodeScalar(bytes[offset])))' (NaN and Infinity are not JSON)")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1; depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw scanError("expected a key string") }
            let keyStart = offset
            let key = try parseString()
            guard keys.insert(key).inserted else { throw scanError("duplicate key \"\(key)\"", at: keyStart) }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw scanError("expected ':'") }
            offset += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard offset < bytes.count else { throw scanError("unexpected end of input in an object") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; break }
            throw scanError("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1; depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw scanError("unexpected end of input in an array") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; break }
            throw scanError("expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws -> String {
        offset += 1   // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ runEnd: Int) throws {
            if runEnd == runStart { return }
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]), as: UTF8.self) else {
                throw scanError("invalid UTF-8 in a string")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard offset < bytes.count else { throw scanError("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let end = offset
                offset += 1
                try flush(end)   // (a bad run is reported just past the closing quote)
                break
            }
            if byte < 0x20 { throw scanError("control character in a string") }
            if byte != UInt8(ascii: "\\") { offset += 1; continue }
            try flush(offset)
            offset += 1
            scalars.append(try escapedScalar())
            runStart = offset
        }
        return String(scalars)
    }
}
