import Trellis

/// A constraint written as a string in the Tails syntax, parsed but not yet tied to layout items:
/// `"title~.leading == avatar~.trailing + 8 ~~ 750"`.
///
/// Make one with ``ConstraintParser/parse(_:)``; turn it into a `LayoutRelation` — the same
/// value the Swift DSL builds, lowered by the same rules — with ``relation(in:)``.
///
/// ```swift
/// let syntax = try ConstraintParser.parse("title~.top == header~.bottom + 8 ~~ .defaultHigh")
/// syntax.itemReferences.map(\.path)      // ["title", "header"]
/// Tails.install(try syntax.relation(in: root))
/// ```
///
/// Constant parts are folded while parsing (`8 * 2` is stored as 16), and everything that can be
/// checked without items is checked then: the result is linear, `/` divides by a non-zero number,
/// the left side names an item, the priority lies in 1...1000.
public struct ConstraintSyntax: Sendable, Hashable, CustomStringConvertible {
    /// An attribute name after `~` or `.`: every `LayoutAttribute` by its raw value (`top`,
    /// `centerX`, `firstBaseline`, …) and the DSL's composites `edges`, `directionalEdges`, `size`
    /// and `center`. The vocabulary is derived from `LayoutAttribute`, so the documents and the
    /// Swift DSL name attributes the same way.
    public struct AnchorName: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written.
        public let rawValue: String
        /// The single attribute this name stands for, nil for a composite (read once, here).
        private let singleAttribute: LayoutAttribute?

        /// The composites, each the DSL property of the same name.
        static let composites = ["edges", "directionalEdges", "size", "center"]

        /// Every name a document may use: the attributes, then the composites.
        public static let allCases: [AnchorName] =
            (LayoutAttribute.allCases.map(\.rawValue) + composites).map { AnchorName(checked: $0) }

        /// The name `rawValue`, or nil when it is neither an attribute nor a composite.
        public init?(rawValue: String) {
            guard let known = Self.byName[rawValue] else { return nil }
            self = known
        }

        /// Every name by its text, for ``init(rawValue:)``.
        private static let byName: [String: AnchorName] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

        private init(checked rawValue: String) {
            self.rawValue = rawValue
            singleAttribute = LayoutAttribute(rawValue: rawValue)
        }

        /// The name of one attribute.
        public static func attribute(_ attribute: LayoutAttribute) -> AnchorName { AnchorName(checked: attribute.rawValue) }

        /// The name as written.
        public var description: String { rawValue }

        /// The attribute this name stands for, nil for a composite.
        var attribute: LayoutAttribute? { singleAttribute }

        /// The anchors with this name added, exactly as the DSL property of the same name does.
        func applied(to anchors: LayoutAnchors) -> LayoutAnchors {
            if let singleAttribute { return anchors.adding(singleAttribute) }
            switch rawValue {
            case "edges": return anchors.edges
            case "directionalEdges": return anchors.directionalEdges
            case "size": return anchors.size
            default: return anchors.center
            }
        }
    }

    /// A reference to an item as written before `~`: an id (`avatar`, `cell1.thumbnail`), or an id
    /// followed by `.superview`, `.layoutMarginsGuide` or `.safeAreaLayoutGuide`.
    public struct ItemReference: Sendable, Hashable {
        /// The text before `~`, such as `screen.layoutMarginsGuide`.
        public let path: String
        /// The 1-based column of its first character in the constraint string.
        public let column: Int
    }

    /// A side of a relation, or a part of one.
    ///
    /// (Only the cases that hold expressions are `indirect`: a constant or an anchor, the whole of
    /// nearly every side, is stored inline rather than in a box of its own.)
    public enum Expression: Sendable, Hashable {
        /// A constant: a number, `Point(x:y:)`, `Size(width:height:)`, `EdgeInsets(…)`,
        /// `DirectionalEdgeInsets(…)`, or a folded combination of them.
        case constant(LayoutConstant)
        /// `item~.attr.attr…` (no attributes for a bare `item~`).
        case anchor(ItemReference, [AnchorName])
        /// The sum of two expressions.
        indirect case sum(Expression, Expression)
        /// An expression times a number.
        indirect case scaled(Expression, by: Double)

        /// Whether the expression names at least one item.
        public var namesItems: Bool {
            switch self {
            case .constant: false
            case .anchor: true
            case .sum(let a, let b): a.namesItems || b.namesItems
            case .scaled(let e, _): e.namesItems
            }
        }

        /// The item references, left to right.
        var references: [ItemReference] {
            var result: [ItemReference] = []
            var stack: [Expression] = [self]
            while let next = stack.popLast() {
                switch next {
                case .constant: break
                case .anchor(let reference, _): result.append(reference)
                case .sum(let a, let b): stack.append(b); stack.append(a)
                case .scaled(let e, _): stack.append(e)
                }
            }
            return result
        }
    }

    /// The text that was parsed.
    public let text: String
    /// The left side (it names at least one item).
    public let lhs: Expression
    /// `==`, `<=` or `>=`.
    public let relation: Relation
    /// The right side.
    public let rhs: Expression
    /// The priority after `~~` (required when there is none).
    public var priority: Priority { explicitPriority ?? .required }
    /// The priority written after `~~`, if any. Without one, ``relation(in:)`` leaves the
    /// relation's priority as the DSL would for a relation without `~~`.
    public let explicitPriority: Priority?
    /// The label after `~~ "…"`, if any.
    public let label: String?

    /// Every item reference, left side first, in the order written.
    public var itemReferences: [ItemReference] { lhs.references + rhs.references }

    /// The text that was parsed.
    public var description: String { text }
}

extension ConstraintSyntax.Expression {
    /// `a + b`, folded to one constant when both are constants: how the parsers build sums.
    static func folding(_ a: Self, plus b: Self) -> Self {
        if case .constant(let x) = a, case .constant(let y) = b { return .constant(x.adding(y)) }
        return .sum(a, b)
    }

    /// `e * factor`, folded into a constant or an existing scale: how the parsers scale.
    static func scaling(_ e: Self, by factor: Double) -> Self {
        switch e {
        case .constant(let c): .constant(c.scaled(by: factor))
        case .scaled(let inner, let by): .scaled(inner, by: by * factor)
        default: .scaled(e, by: factor)
        }
    }
}
