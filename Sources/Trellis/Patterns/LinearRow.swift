/// A constraint the patterns generate, written directly in item attributes:
/// `Σ lhs  relation  Σ rhs + constant`, each term `coefficient × item.attribute`.
///
/// The visual format turns them into ``LayoutRelation``s for the user to install.
struct LinearRow {
    /// `coefficient × item.attribute`.
    struct Term {
        let item: LayoutItem
        let attribute: LayoutAttribute
        let coefficient: Double

        init(_ item: LayoutItem, _ attribute: LayoutAttribute, _ coefficient: Double = 1) {
            self.item = item
            self.attribute = attribute
            self.coefficient = coefficient
        }

        /// The term times `factor`.
        func scaled(by factor: Double) -> Term { Term(item, attribute, coefficient * factor) }
    }

    /// What identifies a row for "did anything change" checks, without holding its items.
    struct Signature: Hashable {
        let lhs: [TermSignature]
        let relation: Relation
        let rhs: [TermSignature]
        let constant: Double
        let priority: Priority
        let label: String?
        let problem: String?
    }

    /// A term's identity: item key, attribute, coefficient.
    struct TermSignature: Hashable {
        let key: LayoutItemKey
        let attribute: LayoutAttribute
        let coefficient: Double
    }

    var lhs: [Term]
    var relation: Relation
    var rhs: [Term]
    var constant: Double
    var priority: Priority
    var label: String?
    var problem: String?

    init(_ lhs: [Term], _ relation: Relation, _ rhs: [Term] = [], constant: Double = 0,
         priority: Priority = .required, label: String? = nil, problem: String? = nil) {
        self.lhs = lhs
        self.relation = relation
        self.rhs = rhs
        self.constant = constant
        self.priority = priority
        self.label = label
        self.problem = problem
    }

    var signature: Signature {
        func sign(_ terms: [Term]) -> [TermSignature] {
            terms.map { TermSignature(key: $0.item.key, attribute: $0.attribute, coefficient: $0.coefficient) }
        }
        return Signature(lhs: sign(lhs), relation: relation, rhs: sign(rhs), constant: constant, priority: priority,
                         label: label, problem: problem)
    }

    /// The row as a relation; `explicitPriority` nil keeps the relation's default priority (that of
    /// the enclosing ``Tails/withPriority(_:_:)`` scope).
    static func relation(_ lhs: [Term], _ relation: Relation, _ rhs: [Term] = [], constant: Double = 0,
                         explicitPriority: Priority?, label: String?, location: CodeLocation?) -> LayoutRelation {
        func expression(_ terms: [Term], _ constant: Double) -> LayoutExpression {
            LayoutExpression(terms: terms.map { LayoutExpression.Term(item: $0.item, entries: [AnchorEntry($0.attribute)],
                                                                      coefficient: $0.coefficient) },
                             constant: LayoutConstant(constant))
        }
        var made = LayoutRelation(lhs: expression(lhs, 0), relation: relation, rhs: expression(rhs, constant))
        if let explicitPriority { made.assignedPriority = explicitPriority }
        made.label = label
        made.location = location
        return made
    }
}
