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
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
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

/// A recursive-descent parser over UTF-8 bytes.
struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count { throw error("unexpected text after the document") }
        return value
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONParseError {
        let end = min(position ?? offset, bytes.count)
        var line = 1, column = 1
        for byte in bytes[0..<end] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return JSONParseError(message: message, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        guard offset < bytes.count else { throw error("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error("unexpected character '\(Character(UnicodeScalar(bytes[offset])))' (NaN and Infinity are not JSON)")
        }
    }

    private mutating func literal(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw error("invalid literal (expected \(word))")
        }
        offset += utf8.count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > JSONValue.maximumDepth { throw error("nesting deeper than \(JSONValue.maximumDepth) levels") }
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
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyStart = offset
            let key = try parseString()
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\"", at: keyStart) }
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':'") }
            offset += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; break }
            throw error("expected ',' or '}'")
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
            guard offset < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; break }
            throw error("expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws -> String {
        offset += 1   // opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() throws {
            if run.isEmpty { return }
            guard let text = String(validating: run, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { offset += 1; break }
            if byte < 0x20 { throw error("control character in a string") }
            if byte != UInt8(ascii: "\\") { run.append(byte); offset += 1; continue }
            try flush()
            offset += 1
            guard offset < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(scalar)
            default:
                throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
            }
        }
        try flush()
        return String(scalars)
    }

    private mutating func hex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
        }
        offset += 4
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = offset
        func digits() -> Int {
            let begin = offset
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
            return offset - begin
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let intStart = offset
        guard digits() > 0 else { throw error("invalid number", at: start) }
        if bytes[intStart] == UInt8(ascii: "0"), offset - intStart > 1 { throw error("leading zero in a number", at: start) }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error("invalid number: digits expected after '.'", at: start) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw error("invalid number: exponent digits expected", at: start) }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number \(text)", at: start) }
        guard value.isFinite else { throw error("number \(text) overflows a double", at: start) }
        return value
    }
}
