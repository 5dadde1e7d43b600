/// A string of the text as scanned: its bytes are `start..<end` of the input when it has no
/// escapes; with escapes, its decoded UTF-8 is the scanner's ``JSONScanning/scratch``.
package struct JSONStringToken {
    /// The offset of the opening quote.
    package var quote: Int
    /// The raw contents are `start..<end`, between the quotes.
    package var start: Int
    package var end: Int
    /// Whether the string has escapes (its decoded bytes are then the scanner's `scratch`).
    package var escaped: Bool
    /// Whether every scalar of the decoded string is ASCII.
    package var isASCII: Bool
}

/// The one set of JSON rules, shared by the two readers over UTF-8 bytes: ``JSONParser`` (a
/// whole document to a ``JSONValue`` tree) and ``LinearSystemReader`` (a `linear-system/1`
/// document straight to a ``LinearSystem``). Whitespace, literals, numbers, strings and escapes,
/// the walk through objects and arrays (separators, trailing commas, the nesting limit), the
/// duplicate-key message and what may follow the document are all here, so both readers accept
/// exactly the same JSON and word their syntax errors the same way, at the same position (each
/// reader only chooses the error type a message is wrapped in).
///
/// Errors are placed at the byte that is wrong: the comma of a trailing comma, the backslash of
/// a bad escape, the first byte of invalid UTF-8, the opening quote of an unterminated string.
package protocol JSONScanning {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    var offset: Int { get set }
    var depth: Int { get set }
    /// The decoded UTF-8 of the last string scanned that had escapes.
    var scratch: [UInt8] { get set }
    /// The reader's error for a syntax problem at byte `position` (its line and column are
    /// given by ``syntaxLocation(_:)``).
    func makeSyntaxError(_ message: String, at position: Int) -> any Error
    /// Called with the offset of each line's first byte after the first line, as whitespace is
    /// skipped (outside strings, the only place a JSON text can break a line).
    mutating func noteLineStart(_ offset: Int)
}

extension JSONScanning {
    /// 1-based line and column (in bytes) of byte `position`.
    package func syntaxLocation(_ position: Int) -> (line: Int, column: Int) {
        let end = min(position, bytes.count)
        var line = 1, column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[0..<end]) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// A syntax error at `position`, or at the current offset.
    package func scanError(_ message: String, at position: Int? = nil) -> any Error {
        makeSyntaxError(message, at: position ?? offset)
    }

    package mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D: offset += 1
            case 0x0A: offset += 1; noteLineStart(offset)
            default: return
            }
        }
    }

    // MARK: - The document, objects and arrays

    /// Reads a whole text: `value` reads the one value, and nothing but whitespace may follow it.
    package mutating func scanDocument<Value>(_ value: (inout Self) throws -> Value) throws -> Value {
        skipWhitespace()
        guard offset < bytes.count else {
            throw scanError(bytes.isEmpty ? "empty input (expected a JSON value)" : "no JSON value, only whitespace")
        }
        let result = try value(&self)
        skipWhitespace()
        if offset < bytes.count { throw scanError("unexpected text after the document: \(describeByte(at: offset))") }
        return result
    }

    /// Walks an object (at its `{`): `key` sees each key right after it is read (to reject a
    /// duplicate at the key's opening quote), `value` must read the member's value.
    package mutating func scanObject<Key>(key: (inout Self, JSONStringToken) throws -> Key,
                                  value: (inout Self, Key) throws -> Void) throws {
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1; depth -= 1
            return
        }
        while true {
            guard offset < bytes.count else { throw scanError("unexpected end of input in an object") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                throw scanError("expected a key string (in double quotes), found \(describeByte(at: offset))")
            }
            let token = try scanString()
            let member = try key(&self, token)
            skipWhitespace()
            guard offset < bytes.count else { throw scanError("unexpected end of input in an object") }
            guard bytes[offset] == UInt8(ascii: ":") else {
                throw scanError("expected ':' after the key, found \(describeByte(at: offset))")
            }
            offset += 1
            skipWhitespace()
            try value(&self, member)
            skipWhitespace()
            guard offset < bytes.count else { throw scanError("unexpected end of input in an object") }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; break }
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw scanError("expected ',' or '}' after a member, found \(describeByte(at: offset))")
            }
            let comma = offset
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { throw scanError("trailing comma before '}'", at: comma) }
        }
        depth -= 1
    }

    /// Walks an array (at its `[`): `element` must read the element at the given index.
    package mutating func scanArray(_ element: (inout Self, Int) throws -> Void) throws {
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1; depth -= 1
            return
        }
        var index = 0
        while true {
            try element(&self, index)
            index += 1
            skipWhitespace()
            guard offset < bytes.count else { throw scanError("unexpected end of input in an array") }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; break }
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw scanError("expected ',' or ']' after an element, found \(describeByte(at: offset))")
            }
            let comma = offset
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { throw scanError("trailing comma before ']'", at: comma) }
        }
        depth -= 1
    }

    /// One level deeper into an array or object (the caller steps out with `depth -= 1`).
    package mutating func enter() throws {
        depth += 1
        if depth > JSONValue.maximumDepth { throw scanError("nesting deeper than \(JSONValue.maximumDepth) levels") }
    }

    /// The error for a duplicate key (keys compare as `String`s: canonically equivalent spellings
    /// are the same key), at the key's opening quote.
    package func duplicateKeyError(_ key: JSONStringToken) -> any Error {
        scanError("duplicate key \"\(text(of: key))\"", at: key.quote)
    }

    /// The error where a value should start but the byte there starts none (or the input ended).
    package func valueStartError() -> any Error {
        guard offset < bytes.count else { return scanError("unexpected end of input (expected a value)") }
        let message = switch bytes[offset] {
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            "unexpected character '\(Character(UnicodeScalar(bytes[offset])))' (NaN and Infinity are not JSON)"
        case UInt8(ascii: "+"): "invalid number: JSON numbers have no '+' sign"
        case UInt8(ascii: "."): "invalid number: a digit must come before '.' (write 0.5, not .5)"
        case UInt8(ascii: "'"): "expected a value, found a single quote (JSON strings take double quotes)"
        default: "expected a value, found \(describeByte(at: offset))"
        }
        return scanError(message)
    }

    /// How messages show the input at `position`: `','`, `U+00E9 'é'`, `U+0007`, `byte 0xFF`,
    /// or `the end of the input`.
    package func describeByte(at position: Int) -> String {
        guard position < bytes.count else { return "the end of the input" }
        let byte = bytes[position]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        if byte < 0x80 { return "U+" + hex(UInt32(byte)) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(rebasing: bytes[position...]).makeIterator()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return "byte 0x" + hex(UInt32(byte), width: 2) + " (not UTF-8)" }
        let scalar = Unicode.UTF8.decode(encoded)
        return "U+" + hex(scalar.value) + (scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
            ? "" : " '\(Character(scalar))'")
    }

    private func hex(_ value: UInt32, width: Int = 4) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    package mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard offset + count <= bytes.count, bytes[offset..<offset + count].elementsEqual(expected) else {
            throw scanError("invalid literal (expected \(word))")
        }
        offset += count
    }

    // MARK: - Strings

    /// Reads a string (at its opening quote). Without escapes it stays in the input; with escapes
    /// its decoded UTF-8 goes to ``scratch``. Raw bytes must be UTF-8, with no control characters.
    package mutating func scanString() throws -> JSONStringToken {
        let quote = offset
        offset += 1
        let start = offset
        var escaped = false
        var isASCII = true
        var runStart = offset
        var runIsASCII = true
        func flush(_ runEnd: Int) throws {
            if !runIsASCII {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd])
                if String(validating: run, as: UTF8.self) == nil {
                    let position = firstInvalidUTF8(runStart, runEnd)
                    throw scanError("invalid UTF-8 in a string: byte 0x\(hex(UInt32(bytes[position]), width: 2))", at: position)
                }
            }
            if escaped { scratch.append(contentsOf: bytes[runStart..<runEnd]) }
        }
        let bytes = self.bytes
        while true {
            // A run of plain ASCII (no quote, backslash, control or non-ASCII byte), read with a
            // local index: most strings are nothing else.
            var index = offset
            if let base = bytes.baseAddress {
                // Eight bytes at a time while none of them ends the run (the byte loop below
                // finds which one does): a tenth of a document's parse went to reading strings
                // a byte at a time.
                while index + 8 <= bytes.count,
                      !Self.wordEndsRun(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            offset = index
            guard offset < bytes.count else { throw scanError("unterminated string (no closing '\"')", at: quote) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let end = offset
                try flush(end)
                offset += 1
                return JSONStringToken(quote: quote, start: start, end: end, escaped: escaped, isASCII: isASCII)
            }
            if byte < 0x20 {
                throw scanError("control character U+\(hex(UInt32(byte))) in a string (write it as an escape such as \\n)")
            }
            if byte != UInt8(ascii: "\\") {
                if byte >= 0x80 { runIsASCII = false; isASCII = false }
                offset += 1
                continue
            }
            if !escaped {
                escaped = true
                scratch.removeAll(keepingCapacity: true)
            }
            try flush(offset)
            let scalar = try escapedScalar()
            if !scalar.isASCII { isASCII = false }
            UTF8.encode(scalar) { scratch.append($0) }
            runStart = offset
            runIsASCII = true
        }
    }

    /// The offset of the first byte of `start..<end` that does not begin a valid UTF-8 sequence.
    private func firstInvalidUTF8(_ start: Int, _ end: Int) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(rebasing: bytes[start..<end]).makeIterator()
        var position = start
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) { position += encoded.count }
        return position
    }

    /// Whether one of the eight bytes of `word` is a quote, a backslash, a control character or
    /// not ASCII (exact as a whole, not which byte: a byte equal to `c` is a zero byte of
    /// `word ^ c…c`, found by the borrow of subtracting 1 from each byte; a byte below 0x20 by
    /// the borrow of subtracting 0x20).
    @inline(__always)
    static func wordEndsRun(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return ((hasQuote | hasBackslash | hasControl) & highs) | (word & highs) != 0
    }

    /// The string as a `String`.
    package func text(of token: JSONStringToken) -> String {
        if token.escaped { return String(decoding: scratch, as: UTF8.self) }
        let raw = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        // A short ASCII string (a key, an id: most of a document's strings) is copied into the
        // string's own bytes without decoding it again: 130 instructions, where decoding took
        // 330. (A longer one is validated either way: decoded as before.)
        guard token.isASCII, raw.count <= 15, let base = raw.baseAddress else { return String(decoding: raw, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: raw.count) { buffer in
            buffer.baseAddress!.update(from: base, count: raw.count)
            return raw.count
        }
    }

    /// Whether the string is exactly `word` (ASCII). No other spelling of the words matched here is
    /// equal to them as a `String`: the only characters whose canonical form is ASCII are U+212A
    /// KELVIN SIGN (K), U+037E (;) and U+1FEF (`), and none of the words has K, ; or `. (For a
    /// word with one, this byte comparison would miss spellings that `String` equality accepts.)
    package func matches(_ token: JSONStringToken, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        let word = UnsafeBufferPointer(start: word.utf8Start, count: count)
        if token.escaped {
            return scratch.count == count && scratch.elementsEqual(word)
        }
        guard token.end - token.start == count else { return false }
        for index in 0..<count where bytes[token.start + index] != word[index] { return false }
        return true
    }

    /// The scalar an escape stands for (at its backslash); errors are placed at the backslash.
    private mutating func escapedScalar() throws -> Unicode.Scalar {
        let backslash = offset
        guard offset + 1 < bytes.count else { throw scanError("unterminated string (the input ends in an escape)", at: backslash) }
        let escape = bytes[offset + 1]
        offset += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(escape)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var code = try hex4(backslash)
            if (0xDC00...0xDFFF).contains(code) {
                throw scanError("lone low surrogate \\u\(hex(code)) (it must follow a high surrogate \\uD800...\\uDBFF)",
                                at: backslash)
            }
            if (0xD800...0xDBFF).contains(code) {
                let second = offset
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw scanError("lone high surrogate \\u\(hex(code)) (it must be followed by a low surrogate "
                        + "\\uDC00...\\uDFFF)", at: backslash)
                }
                offset += 2
                let low = try hex4(second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw scanError("high surrogate \\u\(hex(code)) followed by \\u\(hex(low)), not by a low surrogate "
                        + "\\uDC00...\\uDFFF", at: backslash)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            // Every other code below 0x110000 is a scalar.
            return Unicode.Scalar(code) ?? "\u{FFFD}"
        default:
            let shown = escape >= 0x21 && escape < 0x7F ? "'\\\(Character(UnicodeScalar(escape)))'"
                : "'\\' followed by \(describeByte(at: backslash + 1))"
            throw scanError("invalid escape \(shown) (escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: backslash)
        }
    }

    /// The four hex digits after `\u` (the offset is just after the `u`); errors at `backslash`.
    private mutating func hex4(_ backslash: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for index in 0..<4 {
            let position = offset + index
            let digit: UInt32
            switch position < bytes.count ? bytes[position] : 0 {
            case let byte where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw scanError("invalid \\u escape (four hex digits expected)", at: backslash)
            }
            value = value * 16 + digit
        }
        offset += 4
        return value
    }

    // MARK: - Numbers

    /// Reads a number (at its first byte, `-` or a digit). Digits up to 2^53 scaled by at most
    /// 10^±22 are converted exactly from the bytes (one correctly rounded operation on exact
    /// operands, as Clinger's fast path); anything else goes through `Double(String)`. Both round
    /// correctly, so the value never depends on the path. Errors name the byte where a digit was
    /// expected; an overflow is placed at the number's start.
    package mutating func scanNumber() throws -> Double {
        let start = offset
        var mantissa: UInt64 = 0
        var mantissaExact = true
        // (Digits are read by a free function on the buffer: a nested function capturing `self`
        // copied the whole conforming reader on every call, outside this module.)
        let bytes = self.bytes
        let negative = bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        let intStart = offset
        guard jsonDigits(bytes, at: &offset, mantissa: &mantissa, exact: &mantissaExact) > 0 else {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "I") || bytes[offset] == UInt8(ascii: "N") || bytes[offset] == UInt8(ascii: ".") {
                throw valueStartError()
            }
            throw scanError("invalid number: a digit must follow '-', found \(describeByte(at: offset))")
        }
        if bytes[intStart] == UInt8(ascii: "0"), offset - intStart > 1 { throw scanError("leading zero in a number", at: intStart) }
        var exponent = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fraction = jsonDigits(bytes, at: &offset, mantissa: &mantissa, exact: &mantissaExact)
            guard fraction > 0 else {
                throw scanError("invalid number: digits expected after '.', found \(describeByte(at: offset))")
            }
            exponent -= fraction
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            let letter = Character(UnicodeScalar(bytes[offset]))
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
            guard offset > begin else {
                throw scanError("invalid number: exponent digits expected after '\(letter)', found \(describeByte(at: offset))")
            }
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

/// Reads the decimal digits at `offset` into `mantissa` (while it has room; `exact` is cleared
/// past that), moving `offset` past them; returns how many there were.
private func jsonDigits(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int, mantissa: inout UInt64,
                        exact: inout Bool) -> Int {
    let begin = offset
    var position = offset
    while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
        if mantissa < 100_000_000_000_000_000 {
            mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
        } else {
            exact = false
        }
        position += 1
    }
    offset = position
    return position - begin
}

/// Exact powers of ten as doubles (10^22 is the largest).
private let jsonPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
