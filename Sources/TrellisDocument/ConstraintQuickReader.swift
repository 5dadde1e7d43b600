import Trellis

/// Reads the shape nearly every constraint string has, in one pass over its UTF-8 bytes and
/// without a token list:
///
/// ```text
/// item~.attribute  (== | <= | >=)  right  ( ~~ priority | ~~ "label" )*
/// right := number | -number | item~(.attribute)? ( (* | /) number )? ( (+ | -) number )?
/// ```
///
/// (`.attribute` optional on the left too; blanks anywhere between tokens, as the lexer allows.)
/// It returns exactly the ``ConstraintSyntax`` that ``ConstraintParser`` makes of the same text,
/// folded by the same rules (``ConstraintSyntax/Expression/folding(_:plus:)``), or nil for
/// anything else: other shapes, non-ASCII bytes, label escapes, exponents, and everything the
/// parser rejects, which the parser then reads in full and explains.
struct ConstraintQuickReader {
    private typealias Expression = ConstraintSyntax.Expression

    /// The kinds of token the quick shape uses; `.other` stands for everything else.
    private enum Token: Equatable {
        case identifier(start: Int, end: Int, dotted: Bool)
        case number(Double)
        case string(start: Int, end: Int)
        case tilde, doubleTilde, dot, plus, minus, star, slash
        case relation(Relation)
        case end
        case other
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The syntax of `text` when it has the quick shape, else nil.
    static func read(_ text: String) -> ConstraintSyntax? {
        let read = text.utf8.withContiguousStorageIfAvailable { bytes -> ConstraintSyntax? in
            guard bytes.count <= ConstraintLexer.maximumLength else { return nil }
            var reader = ConstraintQuickReader(bytes: bytes)
            return reader.constraint(text)
        }
        return read ?? nil
    }

    // MARK: - Grammar

    private mutating func constraint(_ text: String) -> ConstraintSyntax? {
        guard let lhs = anchor(after: next()), case .relation(let relation) = next() else { return nil }
        var token = next()
        let rhs: Expression
        switch token {
        case .number(let value):
            rhs = .constant(LayoutConstant(value))
            token = next()
        case .minus:
            guard case .number(let value) = next() else { return nil }
            rhs = Expression.scaling(.constant(LayoutConstant(value)), by: -1)
            token = next()
        default:
            guard var right = anchor(after: token) else { return nil }
            token = next()
            if token == .star || token == .slash {
                guard case .number(let factor) = next() else { return nil }
                if token == .slash {
                    guard factor != 0 else { return nil }
                    right = Expression.scaling(right, by: 1 / factor)
                } else {
                    right = Expression.scaling(right, by: factor)
                }
                token = next()
            }
            if token == .plus || token == .minus {
                guard case .number(let value) = next() else { return nil }
                let constant = Expression.constant(LayoutConstant(value))
                right = Expression.folding(right, plus: token == .minus ? Expression.scaling(constant, by: -1) : constant)
                token = next()
            }
            rhs = right
        }
        var priority: Priority?
        var label: String?
        while token == .doubleTilde {
            token = next()
            if case .string(let start, let end) = token {
                guard label == nil else { return nil }
                label = string(start, end)
                token = next()
            } else {
                guard priority == nil, let value = self.priority(after: token, following: &token) else { return nil }
                priority = value
            }
        }
        guard token == .end else { return nil }
        return ConstraintSyntax(text: text, lhs: lhs, relation: relation, rhs: rhs, explicitPriority: priority, label: label)
    }

    /// `item~` or `item~.attribute` starting with `token`, nil for anything else (several
    /// attributes, an unknown one, no `~`).
    private mutating func anchor(after token: Token) -> Expression? {
        guard case .identifier(let start, let end, _) = token, next() == .tilde else { return nil }
        let reference = ConstraintSyntax.ItemReference(path: asciiString(start, end), column: start + 1)
        let mark = index
        guard next() == .dot else {
            index = mark
            return .anchor(reference, [])
        }
        guard case .identifier(let nameStart, let nameEnd, false) = next(),
              let names = anchorNames(nameStart, nameEnd) else { return nil }
        let after = index
        if next() == .dot { return nil }       // a second attribute: the parser's
        index = after
        return .anchor(reference, names)
    }

    /// An anchor name's bytes in two words (names are at most 16 ASCII bytes; zero past the
    /// end), with the one-name list of it (shared, not made per constraint).
    private struct PackedName {
        let count: Int
        let words: (UInt64, UInt64)
        let list: [ConstraintSyntax.AnchorName]
    }

    /// Every anchor name, packed. (Compared two words at a time: 145 instructions an anchor,
    /// where walking a list of the names' byte arrays a byte at a time took 180.)
    private static let names: [PackedName] = ConstraintSyntax.AnchorName.allCases.compactMap { name in
        let bytes = Array(name.rawValue.utf8)
        guard bytes.count <= 16 else { return nil }   // none is: a longer one would be the parser's
        return bytes.withUnsafeBufferPointer { PackedName(count: $0.count, words: pack($0, 0, $0.count), list: [name]) }
    }

    /// `bytes[start..<end]` (at most 16) as two words, zero past the end.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        if let base = bytes.baseAddress, end > start {
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base + start, byteCount: end - start) }
        }
        return words
    }

    /// The one-name list of the anchor name in `bytes[start..<end]`, nil for an unknown name.
    private func anchorNames(_ start: Int, _ end: Int) -> [ConstraintSyntax.AnchorName]? {
        let count = end - start
        guard count <= 16 else { return nil }
        let words = Self.pack(bytes, start, end)
        return Self.names.withUnsafeBufferPointer { names in
            for index in names.indices where names[index].words == words && names[index].count == count {
                return names[index].list
            }
            return nil
        }
    }

    /// The priority after `~~` that starts with `token`: a number, or `.name` with an optional
    /// `+ n` / `- n`, in 1...1000; `following` becomes the token after it.
    private mutating func priority(after token: Token, following: inout Token) -> Priority? {
        var value: Double
        switch token {
        case .number(let number):
            value = number
            following = next()
        case .dot:
            guard case .identifier(let start, let end, false) = next() else { return nil }
            switch string(start, end) {
            case "required": value = 1000
            case "defaultHigh": value = 750
            case "defaultLow": value = 250
            case "fittingSizeLevel": value = 50
            default: return nil
            }
            following = next()
            if following == .plus || following == .minus {
                guard case .number(let offset) = next() else { return nil }
                value += following == .minus ? -offset : offset
                following = next()
            }
        default:
            return nil
        }
        guard value >= 1, value <= 1000 else { return nil }
        return Priority(Float(value))
    }

    // MARK: - Tokens (the lexer's rules for the kinds above)

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The bytes `start..<end`, known to be ASCII letters, digits, `_` and `.`, as a string made
    /// without UTF-8 validation.
    private func asciiString(_ start: Int, _ end: Int) -> String {
        String(unsafeUninitializedCapacity: end - start) { buffer in
            for offset in 0..<(end - start) { buffer[offset] = bytes[start + offset] }
            return end - start
        }
    }

    private func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func next() -> Token {
        while let b = at(index), ConstraintLexer.isBlank(b) { index += 1 }
        guard let b = at(index) else { return .end }
        if ConstraintLexer.isLetter(b) { return identifier() }
        if ConstraintLexer.isDigit(b) { return number() }
        index += 1
        switch b {
        case UInt8(ascii: "~"):
            if at(index) != UInt8(ascii: "~") { return .tilde }
            index += 1
            return at(index) == UInt8(ascii: "~") ? .other : .doubleTilde
        case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"):
            guard at(index) == UInt8(ascii: "=") else { return .other }
            index += 1
            return .relation(b == UInt8(ascii: "=") ? .equal : b == UInt8(ascii: "<") ? .lessThanOrEqual : .greaterThanOrEqual)
        case UInt8(ascii: "\""):
            let start = index
            while let c = at(index), c != UInt8(ascii: "\"") {
                if c == UInt8(ascii: "\\") || c >= 0x80 { return .other }
                index += 1
            }
            guard index < bytes.count else { return .other }
            index += 1
            return .string(start: start, end: index - 1)
        case UInt8(ascii: "."): return .dot
        case UInt8(ascii: "+"): return .plus
        case UInt8(ascii: "-"): return .minus
        case UInt8(ascii: "*"): return .star
        case UInt8(ascii: "/"): return .slash
        default: return .other
        }
    }

    /// Letters, digits and `_`, a `.` followed by a letter joining segments.
    private mutating func identifier() -> Token {
        let start = index
        var dotted = false
        while true {
            while let c = at(index), ConstraintLexer.isLetter(c) || ConstraintLexer.isDigit(c) { index += 1 }
            if at(index) == UInt8(ascii: "."), let following = at(index + 1), ConstraintLexer.isLetter(following) {
                dotted = true
                index += 1
                continue
            }
            return .identifier(start: start, end: index, dotted: dotted)
        }
    }

    /// Digits with an optional fraction, in the lexer's range (``ConstraintLexer/isAccepted(_:)``); `.other` for an
    /// exponent, a letter right after, or a value out of range.
    private mutating func number() -> Token {
        let start = index
        var integer = 0
        var digits = 0
        while let c = at(index), ConstraintLexer.isDigit(c) {
            if digits < 15 { integer = integer * 10 + Int(c - UInt8(ascii: "0")) }
            digits += 1
            index += 1
        }
        var fraction = false
        if at(index) == UInt8(ascii: "."), let following = at(index + 1), ConstraintLexer.isDigit(following) {
            fraction = true
            index += 1
            while let c = at(index), ConstraintLexer.isDigit(c) { index += 1 }
        }
        if let c = at(index), ConstraintLexer.isLetter(c) { return .other }      // an exponent or a typo: the lexer's
        let value: Double
        if !fraction, digits <= 15 {
            value = Double(integer)                 // exact: what Double(text) reads
        } else {
            guard let read = Double(string(start, index)) else { return .other }
            value = read
        }
        guard ConstraintLexer.isAccepted(value) else { return .other }
        return .number(value)
    }
}
