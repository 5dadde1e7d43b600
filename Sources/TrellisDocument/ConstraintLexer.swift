import Trellis
import TrellisLinearSystem

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
        let scalars = Array(text.unicodeScalars)
        if scalars.count > maximumLength {
            throw ConstraintSyntaxError("the constraint is longer than \(maximumLength) characters",
                                        column: maximumLength + 1)
        }
        var tokens: [Token] = []
        var i = 0

        func isLetter(_ s: Unicode.Scalar) -> Bool {
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_"
        }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
        func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        while i < scalars.count {
            let s = scalars[i]
            let column = i + 1
            if s == " " || s == "\t" || s == "\n" || s == "\r" {
                i += 1
                continue
            }
            if isLetter(s) {
                var name = ""
                while true {
                    while let c = at(i), isLetter(c) || isDigit(c) {
                        name.unicodeScalars.append(c)
                        i += 1
                    }
                    // A dot followed by a letter continues the identifier.
                    if at(i) == ".", let next = at(i + 1), isLetter(next) {
                        name.unicodeScalars.append(".")
                        i += 1
                        continue
                    }
                    break
                }
                tokens.append(Token(kind: .identifier(name), column: column))
                continue
            }
            if isDigit(s) {
                var text = ""
                while let c = at(i), isDigit(c) { text.unicodeScalars.append(c); i += 1 }
                if at(i) == ".", let next = at(i + 1), isDigit(next) {
                    text.unicodeScalars.append(".")
                    i += 1
                    while let c = at(i), isDigit(c) { text.unicodeScalars.append(c); i += 1 }
                }
                if let e = at(i), e == "e" || e == "E" {
                    var j = i + 1
                    if let sign = at(j), sign == "+" || sign == "-" { j += 1 }
                    if let d = at(j), isDigit(d) {
                        text.unicodeScalars.append(e)
                        if j == i + 2 { text.unicodeScalars.append(scalars[i + 1]) }
                        i = j
                        while let c = at(i), isDigit(c) { text.unicodeScalars.append(c); i += 1 }
                    }
                }
                if let c = at(i), isLetter(c) {
                    throw ConstraintSyntaxError("unexpected \"\(c)\" after the number \(text)", column: i + 1)
                }
                guard let value = Double(text), value.isFinite else {
                    throw ConstraintSyntaxError("the number \(text) is too large", column: column)
                }
                if value > maximumMagnitude {
                    throw ConstraintSyntaxError("the number \(text) is too large (at most 1e6)", column: column)
                }
                if value != 0, value < 1e-9 {
                    throw ConstraintSyntaxError("the number \(text) is too small (use 0, or at least 1e-9)", column: column)
                }
                tokens.append(Token(kind: .number(value, text: text), column: column))
                continue
            }
            switch s {
            case "~":
                var run = 0
                while at(i + run) == "~" { run += 1 }
                switch run {
                case 1: tokens.append(Token(kind: .tilde, column: column))
                case 2: tokens.append(Token(kind: .doubleTilde, column: column))
                case 3:
                    tokens.append(Token(kind: .tilde, column: column))
                    tokens.append(Token(kind: .doubleTilde, column: column + 1))
                default:
                    throw ConstraintSyntaxError("unexpected \(String(repeating: "~", count: run))", column: column)
                }
                i += run
            case "=", "<", ">":
                if at(i + 1) == "=" {
                    let relation: Relation = s == "=" ? .equal : s == "<" ? .lessThanOrEqual : .greaterThanOrEqual
                    tokens.append(Token(kind: .relation(relation), column: column))
                    i += 2
                } else if s == "=" {
                    throw ConstraintSyntaxError("a single = is not a relation: use ==, <= or >=", column: column)
                } else {
                    throw ConstraintSyntaxError("strict \(s) is not a layout relation: use \(s)=", column: column)
                }
            case "+": tokens.append(Token(kind: .plus, column: column)); i += 1
            case "-": tokens.append(Token(kind: .minus, column: column)); i += 1
            case "*": tokens.append(Token(kind: .star, column: column)); i += 1
            case "/": tokens.append(Token(kind: .slash, column: column)); i += 1
            case "(": tokens.append(Token(kind: .leftParen, column: column)); i += 1
            case ")": tokens.append(Token(kind: .rightParen, column: column)); i += 1
            case ",": tokens.append(Token(kind: .comma, column: column)); i += 1
            case ":": tokens.append(Token(kind: .colon, column: column)); i += 1
            case ".": tokens.append(Token(kind: .dot, column: column)); i += 1
            case "\"":
                var value = ""
                i += 1
                while true {
                    guard let c = at(i) else {
                        throw ConstraintSyntaxError("unterminated string (a label needs a closing \")", column: column)
                    }
                    i += 1
                    if c == "\"" { break }
                    if c == "\\" {
                        guard let escaped = at(i), escaped == "\"" || escaped == "\\" else {
                            throw ConstraintSyntaxError("only \\\" and \\\\ may be escaped in a label", column: i)
                        }
                        value.unicodeScalars.append(escaped)
                        i += 1
                    } else {
                        value.unicodeScalars.append(c)
                    }
                }
                tokens.append(Token(kind: .string(value), column: column))
            default:
                let shown = s.isASCII && s.value >= 0x20 ? "\"\(s)\"" : "U+\(String(s.value, radix: 16, uppercase: true))"
                throw ConstraintSyntaxError("unexpected character \(shown)", column: column)
            }
        }
        tokens.append(Token(kind: .end, column: scalars.count + 1))
        return tokens
    }
}
