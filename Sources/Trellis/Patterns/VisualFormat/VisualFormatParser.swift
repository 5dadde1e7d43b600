import TrellisSupport

/// Reads a visual format string (Apple's grammar, plus weights `~w`) into views, connections and
/// predicates, resolving view and metric names. Errors point at the column.
///
/// ```
/// format     ::= (("H" | "V") ":")? ("|" connection)? view (connection view)* (connection "|")?
/// view       ::= "[" name ("(" predicate ("," predicate)* ")")? "]"
/// connection ::= "" | "-" | "-" (number | metric | "(" predicate ("," predicate)* ")") "-"
/// predicate  ::= ("==" | "<=" | ">=" | "~")? (number | metric | view) ("@" (number | metric))?
/// ```
/// Spaces between tokens are ignored. A view name as the object of a predicate is only allowed
/// inside a view (`[a(==b)]`: equal sizes); `~w` is a weight (a positive number or metric).
struct VisualFormatParser {
    struct Predicate {
        enum Kind { case equal, lessThanOrEqual, greaterThanOrEqual, weight }
        enum Object {
            case constant(Double)
            case view(LayoutItem)
        }

        let kind: Kind
        let object: Object
        let priority: Priority?
        /// 0-based index of the predicate's first character.
        let start: Int
    }

    enum Connection {
        /// Nothing between the views: they touch.
        case flush
        /// A lone `-`: the standard spacing.
        case standard
        /// `-8-`, `-gap-`, `-(>=8@750)-`, `-(~1)-`.
        case predicates([Predicate])
    }

    struct Link {
        let connection: Connection
        /// The connection as written (`-(>=8)-`, `-`, or empty).
        let text: String
    }

    struct ViewNode {
        let item: LayoutItem
        let predicates: [Predicate]
        /// The view as written: `[icon(24)]`.
        let text: String
    }

    struct Parsed {
        var vertical = false
        /// The `|` at the start (its index) and the connection after it.
        var leadingSuperview: (start: Int, link: Link)?
        var views: [ViewNode] = []
        /// `links[i]` connects `views[i]` and `views[i + 1]`.
        var links: [Link] = []
        /// The `|` at the end (its index) and the connection before it.
        var trailingSuperview: (start: Int, link: Link)?
    }

    private let format: String
    private let chars: [Character]
    private let metrics: [String: Double]
    private let views: [String: LayoutItem]
    private let location: CodeLocation
    private var index = 0

    init(format: String, metrics: [String: Double], views: [String: LayoutItem], location: CodeLocation) {
        self.format = format
        self.chars = Array(format)
        self.metrics = metrics
        self.views = views
        self.location = location
    }

    func error(_ message: String, at position: Int) -> VisualFormatError {
        VisualFormatError(format: format, column: position + 1, message: message, location: location)
    }

    // MARK: - Tokens

    private var peek: Character? { index < chars.count ? chars[index] : nil }

    private mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { index += 1 }
    }

    private mutating func take(_ text: String) -> Bool {
        let expected = Array(text)
        guard index + expected.count <= chars.count, Array(chars[index..<index + expected.count]) == expected else { return false }
        index += expected.count
        return true
    }

    private static func isIdentifierStart(_ c: Character) -> Bool {
        c == "_" || (c.isASCII && c.isLetter)
    }

    private static func isIdentifierPart(_ c: Character) -> Bool {
        isIdentifierStart(c) || (c.isASCII && c.isNumber)
    }

    private mutating func identifier() -> String? {
        guard let c = peek, Self.isIdentifierStart(c) else { return nil }
        let start = index
        while let c = peek, Self.isIdentifierPart(c) { index += 1 }
        return String(chars[start..<index])
    }

    /// A number: `-`? digits (`.` digits)?.
    private mutating func number(allowSign: Bool) throws(VisualFormatError) -> Double? {
        let start = index
        if allowSign, peek == "-" { index += 1 }
        guard let c = peek, c.isASCII, c.isNumber else {
            index = start
            return nil
        }
        while let c = peek, c.isASCII, c.isNumber { index += 1 }
        if peek == "." {
            index += 1
            guard let c = peek, c.isASCII, c.isNumber else { throw error("expected digits after '.'", at: index) }
            while let c = peek, c.isASCII, c.isNumber { index += 1 }
        }
        guard let value = Double(String(chars[start..<index])), value.isFinite else {
            throw error("the number is out of range", at: start)
        }
        return value
    }

    private func describe(_ c: Character?) -> String {
        c.map { "'\($0)'" } ?? "the end of the format"
    }

    // MARK: - Grammar

    mutating func parse() throws(VisualFormatError) -> Parsed {
        var parsed = Parsed()
        skipSpaces()
        if let c = peek, c == "H" || c == "V" {
            index += 1
            skipSpaces()
            guard peek == ":" else {
                throw error("expected ':' after '\(c)' to give the orientation (\(c):)", at: index)
            }
            index += 1
            parsed.vertical = c == "V"
        } else if let c = peek, Self.isIdentifierStart(c) {
            throw error("expected 'H:', 'V:', '|' or '[' at the start, found \(describe(c))", at: index)
        }
        skipSpaces()
        if peek == "|" {
            let start = index
            index += 1
            parsed.leadingSuperview = (start, try connection())
        }
        skipSpaces()
        guard peek == "[" else { throw error("expected a view ('[name]'), found \(describe(peek))", at: index) }
        parsed.views.append(try view())
        while true {
            skipSpaces()
            if peek == nil { break }
            let link = try connection()
            skipSpaces()
            if peek == "|" {
                let start = index
                index += 1
                skipSpaces()
                if peek != nil {
                    throw error("expected the end of the format after the closing '|', found \(describe(peek))", at: index)
                }
                parsed.trailingSuperview = (start, link)
                break
            }
            guard peek == "[" else {
                throw error("expected a view ('[name]') or '|' after the connection, found \(describe(peek))", at: index)
            }
            parsed.links.append(link)
            parsed.views.append(try view())
        }
        return parsed
    }

    /// A connection, before a `[` or `|` (which it does not consume).
    private mutating func connection() throws(VisualFormatError) -> Link {
        skipSpaces()
        let start = index
        guard peek == "-" else {
            if peek == "[" || peek == "|" { return Link(connection: .flush, text: "") }
            throw error("expected '-', '[' or '|', found \(describe(peek))", at: index)
        }
        index += 1
        skipSpaces()
        if peek == "[" || peek == "|" { return Link(connection: .standard, text: "-") }
        let predicates: [Predicate]
        if peek == "(" {
            predicates = try predicateList(inView: false)
        } else {
            let predicateStart = index
            if let value = try number(allowSign: false) {
                predicates = [Predicate(kind: .equal, object: .constant(value), priority: nil, start: predicateStart)]
            } else if let name = identifier() {
                guard let value = metrics[name] else {
                    throw error(views[name] == nil ? "unknown metric '\(name)': it is not in the metrics dictionary"
                                    : "'\(name)' is a view: a spacing takes a number or a metric", at: predicateStart)
                }
                predicates = [Predicate(kind: .equal, object: .constant(value), priority: nil, start: predicateStart)]
            } else {
                throw error("expected a spacing (a number, a metric or '('), a view or '|' after '-', found \(describe(peek))",
                            at: index)
            }
        }
        skipSpaces()
        guard peek == "-" else { throw error("expected '-' after the spacing, found \(describe(peek))", at: index) }
        index += 1
        return Link(connection: .predicates(predicates), text: String(chars[start..<index]))
    }

    private mutating func view() throws(VisualFormatError) -> ViewNode {
        let start = index
        index += 1  // "["
        skipSpaces()
        let nameStart = index
        guard let name = identifier() else { throw error("expected a view name after '[', found \(describe(peek))", at: index) }
        guard let item = views[name] else {
            throw error("unknown view '\(name)': it is not in the views dictionary", at: nameStart)
        }
        skipSpaces()
        let predicates = peek == "(" ? try predicateList(inView: true) : []
        skipSpaces()
        guard peek == "]" else { throw error("expected ']' to close the view '\(name)', found \(describe(peek))", at: index) }
        index += 1
        return ViewNode(item: item, predicates: predicates, text: String(chars[start..<index]))
    }

    private mutating func predicateList(inView: Bool) throws(VisualFormatError) -> [Predicate] {
        index += 1  // "("
        var predicates: [Predicate] = []
        while true {
            predicates.append(try predicate(inView: inView))
            skipSpaces()
            if peek == "," {
                index += 1
                continue
            }
            guard peek == ")" else { throw error("expected ',' or ')' in the predicate list, found \(describe(peek))", at: index) }
            index += 1
            return predicates
        }
    }

    private mutating func predicate(inView: Bool) throws(VisualFormatError) -> Predicate {
        skipSpaces()
        let start = index
        let kind: Predicate.Kind
        if take("==") {
            kind = .equal
        } else if take("<=") {
            kind = .lessThanOrEqual
        } else if take(">=") {
            kind = .greaterThanOrEqual
        } else if take("~") {
            kind = .weight
        } else if peek == "=" || peek == "<" || peek == ">" {
            throw error("expected '==', '<=' or '>=', found \(describe(peek))", at: index)
        } else {
            kind = .equal
        }
        skipSpaces()
        let objectStart = index
        let object: Predicate.Object
        if let value = try number(allowSign: true) {
            object = .constant(value)
        } else if let name = identifier() {
            if let value = metrics[name] {
                object = .constant(value)
            } else if let item = views[name] {
                guard inView else {
                    throw error("'\(name)' is a view: a spacing takes a number or a metric", at: objectStart)
                }
                object = .view(item)
            } else {
                throw error(inView ? "unknown metric or view '\(name)': it is in neither dictionary"
                                : "unknown metric '\(name)': it is not in the metrics dictionary", at: objectStart)
            }
        } else {
            throw error("expected a number or a name\(inView ? "" : " of a metric"), found \(describe(peek))", at: index)
        }
        if kind == .weight {
            guard case .constant(let weight) = object, weight > 0 else {
                throw error("a weight must be a positive number or metric", at: objectStart)
            }
        }
        skipSpaces()
        var priority: Priority?
        if peek == "@" {
            index += 1
            skipSpaces()
            let priorityStart = index
            let value: Double
            if let number = try number(allowSign: true) {
                value = number
            } else if let name = identifier() {
                guard let metric = metrics[name] else {
                    throw error("unknown metric '\(name)': it is not in the metrics dictionary", at: priorityStart)
                }
                value = metric
            } else {
                throw error("expected a priority (a number or a metric) after '@', found \(describe(peek))", at: index)
            }
            guard value >= 1, value <= 1000 else {
                throw error("the priority \(NumberFormat.short(value)) is outside 1...1000", at: priorityStart)
            }
            priority = Priority(Float(value))
        }
        return Predicate(kind: kind, object: object, priority: priority, start: start)
    }
}
