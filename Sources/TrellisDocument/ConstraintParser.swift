import Trellis
import TrellisSupport

/// Parses constraint strings written in the Tails syntax of the Swift DSL.
///
/// ```swift
/// let c = try ConstraintParser.parse("title~.leading == avatar~.trailing + 8 ~~ 750")
/// c.relation           // .equal
/// c.priority           // 750
/// ```
///
/// The grammar (whitespace is free between tokens):
///
/// ```text
/// constraint := sum relation sum ( "~~" priority | "~~" label )*     each suffix at most once
/// relation   := "==" | "<=" | ">="
/// sum        := product ( ( "+" | "-" ) product )*
/// product    := unary ( ( "*" | "/" ) unary )*
/// unary      := "-" unary | primary
/// primary    := number | item "~" ( "." attribute )* | constant | "(" sum ")" | "."? "systemSpacing"
/// item       := id ( "." ( "superview" | "layoutMarginsGuide" | "safeAreaLayoutGuide" ) )*
/// attribute  := left | right | top | bottom | leading | trailing | width | height | centerX
///             | centerY | firstBaseline | lastBaseline | edges | directionalEdges | size | center
/// constant   := "Point(x:" sum ", y:" sum ")" | "Size(width:" sum ", height:" sum ")"
///             | "EdgeInsets(" sum ")" | "EdgeInsets(top:" sum ", left:" sum ", bottom:" sum ", right:" sum ")"
///             | "DirectionalEdgeInsets(" sum ")"
///             | "DirectionalEdgeInsets(top:" sum ", leading:" sum ", bottom:" sum ", trailing:" sum ")"
/// priority   := number | "." name ( ( "+" | "-" ) number )?      name: required defaultHigh defaultLow fittingSizeLevel
/// label      := '"' text '"'                                     with \" and \\ escapes
/// ```
///
/// The arguments of a constant and the operands of `*` and `/` that scale an item must be
/// numbers; the left side must name an item. Errors carry the column where the problem starts.
public enum ConstraintParser {
    /// The deepest nesting of parentheses and unary minus accepted.
    public static let maximumNesting = 32

    /// Parses one constraint string.
    /// - Throws: ``ConstraintSyntaxError`` with the column of the first problem.
    public static func parse(_ text: String) throws(ConstraintSyntaxError) -> ConstraintSyntax {
        if let quick = ConstraintQuickReader.read(text) { return quick }
        return try parseInFull(text)
    }

    /// Parses one constraint string with the full grammar (``parse(_:)`` reads the common shape
    /// with ``ConstraintQuickReader`` first, which gives the same result).
    static func parseInFull(_ text: String) throws(ConstraintSyntaxError) -> ConstraintSyntax {
        var parser = Parser(tokens: try ConstraintLexer.tokens(text))
        return try parser.constraint(text: text)
    }
}

/// The recursive-descent parser behind ``ConstraintParser``.
private struct Parser {
    typealias Token = ConstraintLexer.Token
    typealias Expression = ConstraintSyntax.Expression

    let tokens: [Token]
    var index = 0
    var depth = 0

    init(tokens: [Token]) { self.tokens = tokens }

    var current: Token { tokens[index] }

    mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    func error(_ message: String, at token: Token? = nil) -> ConstraintSyntaxError {
        ConstraintSyntaxError(message, column: (token ?? current).column)
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier(let name): "\"\(name)\""
        case .number(_, let text): "the number \(text)"
        case .string: "a string"
        case .tilde: "~"
        case .doubleTilde: "~~"
        case .relation(let r): "\(r)"
        case .plus: "+"
        case .minus: "-"
        case .star: "*"
        case .slash: "/"
        case .leftParen: "("
        case .rightParen: ")"
        case .comma: ","
        case .colon: ":"
        case .dot: "."
        case .end: "the end of the constraint"
        }
    }

    // MARK: - Constraint

    mutating func constraint(text: String) throws(ConstraintSyntaxError) -> ConstraintSyntax {
        if current.kind == .end { throw error("the constraint is empty") }
        let lhsToken = current
        let lhs = try sum()
        guard case .relation(let relation) = current.kind else {
            if current.kind == .end {
                throw error("expected ==, <= or >= and a right side")
            }
            throw error("expected ==, <= or >=, found \(describe(current))")
        }
        guard lhs.value.namesItems else {
            throw error("the left side must name an item, such as title~.top", at: lhsToken)
        }
        advance()
        if current.kind == .end { throw error("expected a right side after \(relation)") }
        let rhs = try sum()
        var priority: Priority?
        var label: String?
        while current.kind == .doubleTilde {
            let marker = current
            advance()
            if case .string(let value) = current.kind {
                if label != nil { throw error("the label is given twice") }
                label = value
                advance()
            } else {
                if priority != nil { throw error("the priority is given twice", at: marker) }
                priority = try self.priority()
            }
        }
        guard current.kind == .end else {
            if case .relation = current.kind {
                throw error("a constraint has one relation; write a second constraint for the second one")
            }
            throw error("unexpected \(describe(current))")
        }
        return ConstraintSyntax(text: text, lhs: lhs.value, relation: relation, rhs: rhs.value,
                                explicitPriority: priority, label: label)
    }

    mutating func priority() throws(ConstraintSyntaxError) -> Priority {
        let start = current
        var value: Double
        switch current.kind {
        case .number(let number, _):
            value = number
            advance()
        case .dot:
            advance()
            guard case .identifier(let name) = current.kind else {
                throw error("expected a priority name after . (required, defaultHigh, defaultLow, fittingSizeLevel)")
            }
            switch name {
            case "required": value = 1000
            case "defaultHigh": value = 750
            case "defaultLow": value = 250
            case "fittingSizeLevel": value = 50
            default:
                throw error("unknown priority .\(name) (use .required, .defaultHigh, .defaultLow, "
                    + ".fittingSizeLevel or a number)")
            }
            advance()
            if current.kind == .plus || current.kind == .minus {
                let negative = current.kind == .minus
                advance()
                guard case .number(let offset, _) = current.kind else {
                    throw error("expected a number after \(negative ? "-" : "+")")
                }
                value += negative ? -offset : offset
                advance()
            }
        case .end:
            throw error("expected a priority or a \"label\" after ~~")
        default:
            throw error("expected a priority (a number or .defaultHigh, …) or a \"label\" after ~~, "
                + "found \(describe(current))")
        }
        guard value >= 1, value <= 1000 else {
            throw error("priority \(NumberFormat.short(value)) is outside 1...1000", at: start)
        }
        return Priority(Float(value))
    }

    // MARK: - Expressions

    /// An expression with the column where it starts.
    struct Located {
        var value: Expression
        var column: Int
    }

    mutating func sum() throws(ConstraintSyntaxError) -> Located {
        var result = try product()
        while current.kind == .plus || current.kind == .minus {
            let negative = current.kind == .minus
            advance()
            let operand = try product()
            result.value = Self.add(result.value, negative ? Self.scale(operand.value, -1) : operand.value)
        }
        return result
    }

    mutating func product() throws(ConstraintSyntaxError) -> Located {
        var result = try unary()
        while current.kind == .star || current.kind == .slash {
            let operatorToken = current
            let dividing = current.kind == .slash
            advance()
            let operand = try unary()
            if dividing {
                guard case .constant(let divisor) = operand.value, let number = Self.scalar(divisor) else {
                    throw ConstraintSyntaxError("the divisor must be a number", column: operand.column)
                }
                guard number != 0 else {
                    throw error("division by zero", at: operatorToken)
                }
                result.value = Self.scale(result.value, 1 / number)
            } else if case .constant(let c) = operand.value, let number = Self.scalar(c) {
                result.value = Self.scale(result.value, number)
            } else if case .constant(let c) = result.value, let number = Self.scalar(c) {
                result.value = Self.scale(operand.value, number)
            } else if result.value.namesItems && operand.value.namesItems {
                throw error("cannot multiply two expressions that name items (the result would not be linear)",
                            at: operatorToken)
            } else {
                throw error("one side of * must be a number", at: operatorToken)
            }
        }
        return result
    }

    mutating func unary() throws(ConstraintSyntaxError) -> Located {
        if current.kind == .minus {
            let column = current.column
            try enter()
            advance()
            let operand = try unary()
            depth -= 1
            return Located(value: Self.scale(operand.value, -1), column: column)
        }
        return try primary()
    }

    mutating func enter() throws(ConstraintSyntaxError) {
        depth += 1
        if depth > ConstraintParser.maximumNesting {
            throw error("nested more than \(ConstraintParser.maximumNesting) levels deep")
        }
    }

    mutating func primary() throws(ConstraintSyntaxError) -> Located {
        let start = current
        switch current.kind {
        case .number(let value, _):
            advance()
            return Located(value: .constant(LayoutConstant(value)), column: start.column)
        case .leftParen:
            try enter()
            advance()
            var inner = try sum()
            guard current.kind == .rightParen else {
                throw error("expected ) to close the ( at column \(start.column), found \(describe(current))")
            }
            advance()
            depth -= 1
            inner.column = start.column
            return inner
        case .identifier(let name):
            advance()
            if current.kind == .tilde {
                advance()
                return Located(value: try anchor(ConstraintSyntax.ItemReference(path: name, column: start.column)),
                               column: start.column)
            }
            if name == "systemSpacing" {
                return Located(value: .constant(LayoutConstant(SystemSpacing(multiple: 1))), column: start.column)
            }
            if current.kind == .leftParen, let kind = ConstantKind(rawValue: name) {
                return Located(value: .constant(try constant(kind)), column: start.column)
            }
            if ConstraintSyntax.AnchorName(rawValue: name) != nil || current.kind == .dot {
                throw error("expected ~ after \"\(name)\": write \(name)~ to use an item's attributes", at: current)
            }
            throw error("expected ~ after \"\(name)\" (write \(name)~.top, \(name)~.width, …)", at: current)
        case .dot:
            advance()
            if case .identifier("systemSpacing") = current.kind {
                advance()
                return Located(value: .constant(LayoutConstant(SystemSpacing(multiple: 1))), column: start.column)
            }
            throw error("a leading . is only used for .systemSpacing and for a priority after ~~ (as in ~~ .defaultHigh)",
                        at: start)
        case .end:
            throw error("expected a number, an item such as title~.top, or (")
        default:
            throw error("expected a number, an item such as title~.top, or (, found \(describe(current))")
        }
    }

    /// The attributes after `item~`.
    mutating func anchor(_ reference: ConstraintSyntax.ItemReference) throws(ConstraintSyntaxError) -> Expression {
        var names: [ConstraintSyntax.AnchorName] = []
        while current.kind == .dot {
            advance()
            guard case .identifier(let path) = current.kind else {
                throw error("expected an attribute after . (top, leading, width, edges, …)")
            }
            // Nearly always one known attribute: taken without splitting (no name has a dot).
            if let name = ConstraintSyntax.AnchorName(rawValue: path) {
                names.append(name)
                advance()
                continue
            }
            var column = current.column
            for part in path.split(separator: ".", omittingEmptySubsequences: false) {
                guard let name = ConstraintSyntax.AnchorName(rawValue: String(part)) else {
                    throw ConstraintSyntaxError("unknown attribute \"\(part)\" (attributes: "
                        + ConstraintSyntax.AnchorName.allCases.map(\.rawValue).joined(separator: " ") + ")",
                        column: column)
                }
                names.append(name)
                column += part.unicodeScalars.count + 1
            }
            advance()
        }
        if case .identifier(let name) = current.kind, ConstraintSyntax.AnchorName(rawValue: name) != nil {
            throw error("expected . before the attribute \"\(name)\"")
        }
        return .anchor(reference, names)
    }

    // MARK: - Constants

    enum ConstantKind: String {
        case point = "Point"
        case size = "Size"
        case edgeInsets = "EdgeInsets"
        case directionalEdgeInsets = "DirectionalEdgeInsets"

        var labels: [String] {
            switch self {
            case .point: ["x", "y"]
            case .size: ["width", "height"]
            case .edgeInsets: ["top", "left", "bottom", "right"]
            case .directionalEdgeInsets: ["top", "leading", "bottom", "trailing"]
            }
        }

        /// Whether `Kind(all)` with one unlabelled number is accepted.
        var takesOneNumber: Bool { self == .edgeInsets || self == .directionalEdgeInsets }
    }

    mutating func constant(_ kind: ConstantKind) throws(ConstraintSyntaxError) -> LayoutConstant {
        try enter()
        advance()   // (
        var values: [Double] = []
        let labels = kind.labels
        var labelled = true
        if case .identifier = current.kind {} else { labelled = false }
        if kind.takesOneNumber, !labelled {
            let all = try number(in: kind.rawValue)
            guard current.kind == .rightParen else {
                throw error("expected ) after \(kind.rawValue)(\(NumberFormat.short(all))")
            }
            values = Array(repeating: all, count: labels.count)
        }
        if values.isEmpty {
            for (position, label) in labels.enumerated() {
                guard case .identifier(let name) = current.kind, name == label else {
                    throw error("expected \(label): in \(kind.rawValue)(" + labels.map { "\($0):" }.joined(separator: ", ")
                        + ")")
                }
                advance()
                guard current.kind == .colon else { throw error("expected : after \(label)") }
                advance()
                values.append(try number(in: kind.rawValue))
                if position < labels.count - 1 {
                    guard current.kind == .comma else { throw error("expected , after the value of \(label)") }
                    advance()
                } else if current.kind != .rightParen {
                    throw error("expected ) after the value of \(label)")
                }
            }
        }
        advance()   // )
        depth -= 1
        switch kind {
        case .point: return LayoutConstant(Point(x: values[0], y: values[1]))
        case .size: return LayoutConstant(Size(width: values[0], height: values[1]))
        case .edgeInsets:
            return LayoutConstant(EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]))
        case .directionalEdgeInsets:
            return LayoutConstant(DirectionalEdgeInsets(top: values[0], leading: values[1], bottom: values[2],
                                                        trailing: values[3]))
        }
    }

    /// A constant argument: any expression that folds to a plain number.
    mutating func number(in constructor: String) throws(ConstraintSyntaxError) -> Double {
        let start = current
        let value = try sum()
        guard case .constant(let c) = value.value, let number = Self.scalar(c) else {
            throw error("the arguments of \(constructor) must be numbers", at: start)
        }
        return number
    }

    // MARK: - Folding

    /// The plain number a constant stands for, or nil for a point, size or insets.
    static func scalar(_ constant: LayoutConstant) -> Double? {
        LayoutConstant(constant.scalar) == constant ? constant.scalar : nil
    }

    static func add(_ a: Expression, _ b: Expression) -> Expression { Expression.folding(a, plus: b) }

    static func scale(_ e: Expression, _ factor: Double) -> Expression { Expression.scaling(e, by: factor) }
}
