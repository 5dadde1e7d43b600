import Trellis

/// Splits a constraint string into tokens, each with its 1-based column (in Unicode scalars).
///
/// Identifiers join dotted segments (`cell1.thumbnail`, `top.left`): a `.` directly between two
/// identifier segments belongs to the identifier; any other `.` is a token of its own
/// (`~.top`, `~~ .defaultHigh`).
struct ConstraintLexer {
    enum Kind: Equatable {
        case identifier(String)
        case number(Double, text: String)
        case string(String)
        case tilde
        case doubleTilde
        case relation(Relation)
        case plus, minus, star, slash
        case leftParen, rightParen, comma, colon, dot
        case end
    }

    struct Token: Equatable {
        let kind: Kind
        /// 1-based column of the first scalar.
        let column: Int
    }

    /// The longest constraint string accepted, in Unicode scalars.
    static let maximumLength = 2_000
    /// The largest magnitude of a number literal (a layout larger than this is a mistake).
    static let maximumMagnitude = 1e6
    /// The smallest magnitude of a number literal other than 0.
    static let minimumMagnitude = 1e-9

    // MARK: - Bytes (shared with ConstraintQuickReader)

    /// Whether `b` may start an identifier: an ASCII letter or `_`.
    static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_")
    }

    /// Whether `b` is an ASCII digit.
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Whether `b` is a blank between tokens: a space, a tab or a line break.
    static func isBlank(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
    }

    /// Whether a number literal's value is accepted: finite, and 0 or within
    /// ``minimumMagnitude``...``maximumMagnitude``.
    static func isAccepted(_ value: Double) -> Bool {
        value.isFinite && value <= maximumMagnitude && (value == 0 || value >= minimumMagnitude)
    }

    static func tokens(_ text: String) throws(ConstraintSyntaxError) -> [Token] {
        var cursor = try Cursor(text)
        var tokens: [Token] = []
        tokens.reserveCapacity(16)      // a typical constraint has about a dozen: one allocation
        while cursor.skipBlanks() {
            try cursor.lexToken(into: &tokens)
        }
        tokens.append(Token(kind: .end, column: cursor.column(at: cursor.bytes.count)))
        return tokens
    }

    /// The lexer's position in the UTF-8 bytes of one constraint string; each step reads one kind
    /// of token from there and moves past it. Every token but a label is ASCII, so the bytes are
    /// read as they are; columns count Unicode scalars, which are the bytes themselves unless the
    /// string has non-ASCII characters (then a table maps bytes to columns).
    private struct Cursor {
        let bytes: [UInt8]
        /// For a string with non-ASCII characters: the 1-based column of each byte (and one past
        /// the end); nil when every byte is a column.
        private let columns: [Int]?
        /// 0-based index of the next byte to read.
        var index = 0

        /// A cursor at the start of `text`, which must not be longer than ``maximumLength`` scalars.
        init(_ text: String) throws(ConstraintSyntaxError) {
            bytes = Array(text.utf8)
            var scalarCount = bytes.count
            if bytes.contains(where: { $0 >= 0x80 }) {
                var table: [Int] = []
                table.reserveCapacity(bytes.count + 1)
                var column = 0
                for byte in bytes {
                    if byte & 0xC0 != 0x80 { column += 1 }     // a scalar starts at every byte but continuations
                    table.append(column)
                }
                table.append(column + 1)
                scalarCount = column
                columns = table
            } else {
                columns = nil
            }
            if scalarCount > maximumLength {
                throw ConstraintSyntaxError("the constraint is longer than \(maximumLength) characters",
                                            column: maximumLength + 1)
            }
        }

        /// The 1-based column (in scalars) of the byte at `offset`.
        func column(at offset: Int) -> Int { columns?[offset] ?? offset + 1 }

        /// The 1-based column of the next byte.
        var column: Int { column(at: index) }

        /// The byte at `index`, nil past the end.
        func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Moves past spaces, tabs and line breaks; false when nothing is left to read.
        mutating func skipBlanks() -> Bool {
            while let b = at(index), ConstraintLexer.isBlank(b) {
                index += 1
            }
            return index < bytes.count
        }

        /// The scalar that starts at byte `offset`.
        func scalar(at offset: Int) -> Unicode.Scalar {
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        }

        /// Reads the token (or, for `~~~`, the two tokens) that starts at the next byte.
        mutating func lexToken(into tokens: inout [Token]) throws(ConstraintSyntaxError) {
            let b = bytes[index]
            if ConstraintLexer.isLetter(b) {
                tokens.append(lexIdentifier())
            } else if ConstraintLexer.isDigit(b) {
                tokens.append(try lexNumber())
            } else if b == UInt8(ascii: "~") {
                try lexTildes(into: &tokens)
            } else if b == UInt8(ascii: "=") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") {
                tokens.append(try lexRelation())
            } else if b == UInt8(ascii: "\"") {
                tokens.append(try lexString())
            } else if let kind = Self.punctuation(b) {
                tokens.append(Token(kind: kind, column: column))
                index += 1
            } else {
                let s = scalar(at: index)
                let shown = s.isASCII && s.value >= 0x20 ? "\"\(s)\"" : "U+\(String(s.value, radix: 16, uppercase: true))"
                throw ConstraintSyntaxError("unexpected character \(shown)", column: column)
            }
        }

        /// The token of a one-byte operator or separator, nil for any other byte.
        static func punctuation(_ b: UInt8) -> Kind? {
            switch b {
            case UInt8(ascii: "+"): .plus
            case UInt8(ascii: "-"): .minus
            case UInt8(ascii: "*"): .star
            case UInt8(ascii: "/"): .slash
            case UInt8(ascii: "("): .leftParen
            case UInt8(ascii: ")"): .rightParen
            case UInt8(ascii: ","): .comma
            case UInt8(ascii: ":"): .colon
            case UInt8(ascii: "."): .dot
            default: nil
            }
        }

        /// Reads an identifier: letters, digits and `_`, with a `.` joining it to a following segment.
        mutating func lexIdentifier() -> Token {
            let start = index
            while true {
                while let c = at(index), ConstraintLexer.isLetter(c) || ConstraintLexer.isDigit(c) { index += 1 }
                // A dot followed by a letter continues the identifier.
                if at(index) == UInt8(ascii: "."), let next = at(index + 1), ConstraintLexer.isLetter(next) {
                    index += 1
                    continue
                }
                break
            }
            return Token(kind: .identifier(text(from: start)), column: column(at: start))
        }

        /// The bytes from `start` up to the cursor, which are all ASCII (identifiers and numbers),
        /// as a string made in one step (ASCII needs no UTF-8 validation).
        func text(from start: Int) -> String {
            let count = index - start
            return String(unsafeUninitializedCapacity: count) { buffer in
                for offset in 0..<count { buffer[offset] = bytes[start + offset] }
                return count
            }
        }

        /// Reads a number literal (digits, an optional fraction and exponent) and checks its range.
        mutating func lexNumber() throws(ConstraintSyntaxError) -> Token {
            let startIndex = index
            let start = column
            skipDigits()
            skipFraction()
            skipExponent()
            let literal = text(from: startIndex)
            if let c = at(index), ConstraintLexer.isLetter(c) {
                throw ConstraintSyntaxError("unexpected \"\(Character(Unicode.Scalar(c)))\" after the number \(literal)",
                                            column: column)
            }
            let value = try Self.checkedValue(of: literal, column: start)
            return Token(kind: .number(value, text: literal), column: start)
        }

        /// Moves past a run of digits.
        mutating func skipDigits() {
            while let c = at(index), ConstraintLexer.isDigit(c) { index += 1 }
        }

        /// Moves past a `.` and the digits after it, when a digit follows the `.`.
        mutating func skipFraction() {
            guard at(index) == UInt8(ascii: "."), let next = at(index + 1), ConstraintLexer.isDigit(next) else { return }
            index += 1
            skipDigits()
        }

        /// Moves past an exponent (`e`, an optional sign, digits), when a digit completes it.
        mutating func skipExponent() {
            guard let e = at(index), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") else { return }
            var j = index + 1
            if let sign = at(j), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { j += 1 }
            guard let d = at(j), ConstraintLexer.isDigit(d) else { return }
            index = j
            skipDigits()
        }

        /// The value of the number literal `text`, which must be 0 or within ``minimumMagnitude``...``maximumMagnitude``.
        static func checkedValue(of text: String, column: Int) throws(ConstraintSyntaxError) -> Double {
            guard let value = Double(text), value.isFinite else {
                throw ConstraintSyntaxError("the number \(text) is too large", column: column)
            }
            if value > maximumMagnitude {
                throw ConstraintSyntaxError("the number \(text) is too large (at most 1e6)", column: column)
            }
            if value != 0, value < minimumMagnitude {
                throw ConstraintSyntaxError("the number \(text) is too small (use 0, or at least 1e-9)", column: column)
            }
            return value
        }

        /// Reads a run of `~`: `~` and `~~` are tokens, `~~~` is `~` then `~~`, a longer run is an error.
        mutating func lexTildes(into tokens: inout [Token]) throws(ConstraintSyntaxError) {
            let start = column
            var run = 0
            while at(index + run) == UInt8(ascii: "~") { run += 1 }
            switch run {
            case 1: tokens.append(Token(kind: .tilde, column: start))
            case 2: tokens.append(Token(kind: .doubleTilde, column: start))
            case 3:
                tokens.append(Token(kind: .tilde, column: start))
                tokens.append(Token(kind: .doubleTilde, column: start + 1))
            default:
                throw ConstraintSyntaxError("unexpected \(String(repeating: "~", count: run))", column: start)
            }
            index += run
        }

        /// Reads `==`, `<=` or `>=` (a lone `=`, `<` or `>` is an error that says what to write).
        mutating func lexRelation() throws(ConstraintSyntaxError) -> Token {
            let b = bytes[index]
            guard at(index + 1) == UInt8(ascii: "=") else {
                if b == UInt8(ascii: "=") {
                    throw ConstraintSyntaxError("a single = is not a relation: use ==, <= or >=", column: column)
                }
                let s = Character(Unicode.Scalar(b))
                throw ConstraintSyntaxError("strict \(s) is not a layout relation: use \(s)=", column: column)
            }
            let relation: Relation = b == UInt8(ascii: "=") ? .equal : b == UInt8(ascii: "<") ? .lessThanOrEqual
                : .greaterThanOrEqual
            let token = Token(kind: .relation(relation), column: column)
            index += 2
            return token
        }

        /// Reads a quoted label, where only `\"` and `\\` are escapes.
        mutating func lexString() throws(ConstraintSyntaxError) -> Token {
            let start = column
            var value: [UInt8] = []
            index += 1
            while true {
                guard let c = at(index) else {
                    throw ConstraintSyntaxError("unterminated string (a label needs a closing \")", column: start)
                }
                index += 1
                if c == UInt8(ascii: "\"") { break }
                if c == UInt8(ascii: "\\") {
                    // The error points at the backslash.
                    guard let escaped = at(index), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                        throw ConstraintSyntaxError("only \\\" and \\\\ may be escaped in a label", column: column(at: index - 1))
                    }
                    value.append(escaped)
                    index += 1
                } else {
                    value.append(c)
                }
            }
            return Token(kind: .string(String(decoding: value, as: UTF8.self)), column: start)
        }
    }
}
