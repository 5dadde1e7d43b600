import TrellisSolver

/// The lexical layer of JSON shared by the two readers over UTF-8 bytes: ``JSONParser`` (a
/// whole document to a ``JSONValue`` tree) and ``LinearSystemReader`` (a `linear-system/1`
/// document straight to a ``LinearSystem``). Whitespace, literals, the nesting limit, escapes and
/// numbers are read here once, so both accept exactly the same JSON and word their syntax errors
/// the same way (each reader only chooses the error type a message is wrapped in).
protocol JSONScanning {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    var offset: Int { get set }
    var depth: Int { get set }
    /// The reader's error for a syntax problem at byte `position` (its line and column are
    /// given by ``syntaxLocation(_:)``).
    func makeSyntaxError(_ message: String, at position: Int) -> any Error
}

extension JSONScanning {
    /// 1-based line and column (in bytes) of byte `position`.
    func syntaxLocation(_ position: Int) -> (line: Int, column: Int) {
        let end = min(position, bytes.count)
        var line = 1, column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[0..<end]) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// A syntax error at `position`, or at the current offset.
    func scanError(_ message: String, at position: Int? = nil) -> any Error {
        makeSyntaxError(message, at: position ?? offset)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard offset + count <= bytes.count, bytes[offset..<offset + count].elementsEqual(expected) else {
            throw scanError("invalid literal (expected \(word))")
        }
        offset += count
    }

    /// One level deeper into an array or object (the caller steps out with `depth -= 1`).
    mutating func enter() throws {
        depth += 1
        if depth > JSONValue.maximumDepth { throw scanError("nesting deeper than \(JSONValue.maximumDepth) levels") }
    }

    /// The scalar an escape stands for, read from the byte after the backslash.
    mutating func escapedScalar() throws -> Unicode.Scalar {
        guard offset < bytes.count else { throw scanError("unterminated escape") }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(escape)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw scanError("unpaired surrogate in \\u escape")
                }
                offset += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw scanError("invalid surrogate pair") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw scanError("invalid \\u escape") }
            return scalar
        default:
            throw scanError("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw scanError("short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw scanError("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
        }
        offset += 4
        return value
    }

    /// Reads a number (at its first byte). Digits up to 2^53 scaled by at most 10^±22 are
    /// converted exactly from the bytes (one correctly rounded operation on exact operands, as
    /// Clinger's fast path); anything else goes through `Double(String)`. Both round correctly,
    /// so the value never depends on the path.
    mutating func scanNumber() throws -> Double {
        let start = offset
        var mantissa: UInt64 = 0
        var mantissaExact = true
        func digits() -> Int {
            let begin = offset
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
                if mantissa < 100_000_000_000_000_000 {
                    mantissa = mantissa * 10 + UInt64(bytes[offset] - UInt8(ascii: "0"))
                } else {
                    mantissaExact = false
                }
                offset += 1
            }
            return offset - begin
        }
        let negative = bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        let intStart = offset
        guard digits() > 0 else { throw scanError("invalid number", at: start) }
        if bytes[intStart] == UInt8(ascii: "0"), offset - intStart > 1 { throw scanError("leading zero in a number", at: start) }
        var exponent = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fraction = digits()
            guard fraction > 0 else { throw scanError("invalid number: digits expected after '.'", at: start) }
            exponent -= fraction
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            var exponentNegative = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                exponentNegative = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            let begin = offset
            var written = 0
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
                if written < 100_000 { written = written * 10 + Int(bytes[offset] - UInt8(ascii: "0")) }
                offset += 1
            }
            guard offset > begin else { throw scanError("invalid number: exponent digits expected", at: start) }
            exponent += exponentNegative ? -written : written
        }
        if mantissaExact, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            if exponent < 0 { value /= jsonPowersOfTen[-exponent] } else { value *= jsonPowersOfTen[exponent] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text) else { throw scanError("invalid number \(text)", at: start) }
        guard value.isFinite else { throw scanError("number \(text) overflows a double", at: start) }
        return value
    }
}

/// Exact powers of ten as doubles (10^22 is the largest).
private let jsonPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
