import Trellis
import TrellisLinearSystem

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
    /// An attribute name after `~`: one of the twelve attributes or a composite.
    public enum AnchorName: String, Sendable, Hashable, CaseIterable {
        /// `LayoutAttribute.left`.
        case left
        /// `LayoutAttribute.right`.
        case right
        /// `LayoutAttribute.top`.
        case top
        /// `LayoutAttribute.bottom`.
        case bottom
        /// `LayoutAttribute.leading`.
        case leading
        /// `LayoutAttribute.trailing`.
        case trailing
        /// `LayoutAttribute.width`.
        case width
        /// `LayoutAttribute.height`.
        case height
        /// `LayoutAttribute.centerX`.
        case centerX
        /// `LayoutAttribute.centerY`.
        case centerY
        /// `LayoutAttribute.firstBaseline`.
        case firstBaseline
        /// `LayoutAttribute.lastBaseline`.
        case lastBaseline
        /// `LayoutAnchors.edges`: top, left, bottom, right.
        case edges
        /// `LayoutAnchors.directionalEdges`: top, leading, bottom, trailing.
        case directionalEdges
        /// `LayoutAnchors.size`: width, height.
        case size
        /// `LayoutAnchors.center`: centerX, centerY.
        case center

        /// The anchors with this name added, exactly as the DSL property of the same name does.
        func applied(to anchors: LayoutAnchors) -> LayoutAnchors {
            switch self {
            case .left: anchors.left
            case .right: anchors.right
            case .top: anchors.top
            case .bottom: anchors.bottom
            case .leading: anchors.leading
            case .trailing: anchors.trailing
            case .width: anchors.width
            case .height: anchors.height
            case .centerX: anchors.centerX
            case .centerY: anchors.centerY
            case .firstBaseline: anchors.firstBaseline
            case .lastBaseline: anchors.lastBaseline
            case .edges: anchors.edges
            case .directionalEdges: anchors.directionalEdges
            case .size: anchors.size
            case .center: anchors.center
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
    public indirect enum Expression: Sendable, Hashable {
        /// A constant: a number, `Point(x:y:)`, `Size(width:height:)`, `EdgeInsets(…)`,
        /// `DirectionalEdgeInsets(…)`, or a folded combination of them.
        case constant(LayoutConstant)
        /// `item~.attr.attr…` (no attributes for a bare `item~`).
        case anchor(ItemReference, [AnchorName])
        /// The sum of two expressions.
        case sum(Expression, Expression)
        /// An expression times a number.
        case scaled(Expression, by: Double)

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
