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

    static func tokens(_ text: String) throws(ConstraintSyntaxError) -> [Token] {
        var cursor = try Cursor(text)
        var tokens: [Token] = []
        tokens.reserveCapacity(16)      // a typical constraint has about a dozen: one allocation
        while cursor.skipBlanks() {
            try cursor.lexToken(into: &tokens)
        }
        tokens.append(Token(kind: .end, column: cursor.scalars.count + 1))
        return tokens
    }

    /// The lexer's position in the scalars of one constraint string; each step reads one kind of
    /// token from there and moves past it.
    private struct Cursor {
        let scalars: [Unicode.Scalar]
        /// 0-based index of the next scalar to read.
        var index = 0

        /// A cursor at the start of `text`, which must not be longer than ``maximumLength``.
        init(_ text: String) throws(ConstraintSyntaxError) {
            scalars = Array(text.unicodeScalars)
            if scalars.count > maximumLength {
                throw ConstraintSyntaxError("the constraint is longer than \(maximumLength) characters",
                                            column: maximumLength + 1)
            }
        }

        /// The 1-based column of the next scalar.
        var column: Int { index + 1 }

        /// The scalar at `index`, nil past the end.
        func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// Whether `s` may start an identifier: an ASCII letter or `_`.
        static func isLetter(_ s: Unicode.Scalar) -> Bool {
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_"
        }

        /// Whether `s` is an ASCII digit.
        static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

        /// Moves past spaces, tabs and line breaks; false when nothing is left to read.
        mutating func skipBlanks() -> Bool {
            while let s = at(index), s == " " || s == "\t" || s == "\n" || s == "\r" { index += 1 }
            return index < scalars.count
        }

        /// Reads the token (or, for `~~~`, the two tokens) that starts at the next scalar.
        mutating func lexToken(into tokens: inout [Token]) throws(ConstraintSyntaxError) {
            let s = scalars[index]
            if Self.isLetter(s) {
                tokens.append(lexIdentifier())
            } else if Self.isDigit(s) {
                tokens.append(try lexNumber())
            } else if s == "~" {
                try lexTildes(into: &tokens)
            } else if s == "=" || s == "<" || s == ">" {
                tokens.append(try lexRelation())
            } else if s == "\"" {
                tokens.append(try lexString())
            } else if let kind = Self.punctuation(s) {
                tokens.append(Token(kind: kind, column: column))
                index += 1
            } else {
                let shown = s.isASCII && s.value >= 0x20 ? "\"\(s)\"" : "U+\(String(s.value, radix: 16, uppercase: true))"
                throw ConstraintSyntaxError("unexpected character \(shown)", column: column)
            }
        }

        /// The token of a one-scalar operator or separator, nil for any other scalar.
        static func punctuation(_ s: Unicode.Scalar) -> Kind? {
            switch s {
            case "+": .plus
            case "-": .minus
            case "*": .star
            case "/": .slash
            case "(": .leftParen
            case ")": .rightParen
            case ",": .comma
            case ":": .colon
            case ".": .dot
            default: nil
            }
        }

        /// Reads an identifier: letters, digits and `_`, with a `.` joining it to a following segment.
        mutating func lexIdentifier() -> Token {
            let start = index
            while true {
                while let c = at(index), Self.isLetter(c) || Self.isDigit(c) { index += 1 }
                // A dot followed by a letter continues the identifier.
                if at(index) == ".", let next = at(index + 1), Self.isLetter(next) {
                    index += 1
                    continue
                }
                break
            }
            return Token(kind: .identifier(text(from: start)), column: start + 1)
        }

        /// The scalars from `start` up to the cursor, which are all ASCII (identifiers and
        /// numbers), as a string made in one step.
        func text(from start: Int) -> String {
            let count = index - start
            return String(unsafeUninitializedCapacity: count) { buffer in
                for offset in 0..<count { buffer[offset] = UInt8(truncatingIfNeeded: scalars[start + offset].value) }
                return count
            }
        }

        /// Reads a number literal (digits, an optional fraction and exponent) and checks its range.
        mutating func lexNumber() throws(ConstraintSyntaxError) -> Token {
            let start = column
            skipDigits()
            skipFraction()
            skipExponent()
            let literal = text(from: start - 1)
            if let c = at(index), Self.isLetter(c) {
                throw ConstraintSyntaxError("unexpected \"\(c)\" after the number \(literal)", column: column)
            }
            let value = try Self.checkedValue(of: literal, column: start)
            return Token(kind: .number(value, text: literal), column: start)
        }

        /// Moves past a run of digits.
        mutating func skipDigits() {
            while let c = at(index), Self.isDigit(c) { index += 1 }
        }

        /// Moves past a `.` and the digits after it, when a digit follows the `.`.
        mutating func skipFraction() {
            guard at(index) == ".", let next = at(index + 1), Self.isDigit(next) else { return }
            index += 1
            skipDigits()
        }

        /// Moves past an exponent (`e`, an optional sign, digits), when a digit completes it.
        mutating func skipExponent() {
            guard let e = at(index), e == "e" || e == "E" else { return }
            var j = index + 1
            if let sign = at(j), sign == "+" || sign == "-" { j += 1 }
            guard let d = at(j), Self.isDigit(d) else { return }
            index = j
            skipDigits()
        }

        /// The value of the number literal `text`, which must be 0 or within 1e-9...``maximumMagnitude``.
        static func checkedValue(of text: String, column: Int) throws(ConstraintSyntaxError) -> Double {
            guard let value = Double(text), value.isFinite else {
                throw ConstraintSyntaxError("the number \(text) is too large", column: column)
            }
            if value > maximumMagnitude {
                throw ConstraintSyntaxError("the number \(text) is too large (at most 1e6)", column: column)
            }
            if value != 0, value < 1e-9 {
                throw ConstraintSyntaxError("the number \(text) is too small (use 0, or at least 1e-9)", column: column)
            }
            return value
        }

        /// Reads a run of `~`: `~` and `~~` are tokens, `~~~` is `~` then `~~`, a longer run is an error.
        mutating func lexTildes(into tokens: inout [Token]) throws(ConstraintSyntaxError) {
            let start = column
            var run = 0
            while at(index + run) == "~" { run += 1 }
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
            let s = scalars[index]
            guard at(index + 1) == "=" else {
                if s == "=" {
                    throw ConstraintSyntaxError("a single = is not a relation: use ==, <= or >=", column: column)
                }
                throw ConstraintSyntaxError("strict \(s) is not a layout relation: use \(s)=", column: column)
            }
            let relation: Relation = s == "=" ? .equal : s == "<" ? .lessThanOrEqual : .greaterThanOrEqual
            let token = Token(kind: .relation(relation), column: column)
            index += 2
            return token
        }

        /// Reads a quoted label, where only `\"` and `\\` are escapes.
        mutating func lexString() throws(ConstraintSyntaxError) -> Token {
            let start = column
            var value = ""
            index += 1
            while true {
                guard let c = at(index) else {
                    throw ConstraintSyntaxError("unterminated string (a label needs a closing \")", column: start)
                }
                index += 1
                if c == "\"" { break }
                if c == "\\" {
                    // The error points at the backslash (`index` is now the escaped scalar's, 0-based).
                    guard let escaped = at(index), escaped == "\"" || escaped == "\\" else {
                        throw ConstraintSyntaxError("only \\\" and \\\\ may be escaped in a label", column: index)
                    }
                    value.unicodeScalars.append(escaped)
                    index += 1
                } else {
                    value.unicodeScalars.append(c)
                }
            }
            return Token(kind: .string(value), column: start)
        }
    }
}
