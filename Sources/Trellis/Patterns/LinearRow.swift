/// A relation the patterns generate, written directly in item attributes:
/// `Σ lhs  relation  Σ rhs + constant`, each term `coefficient × item.attribute`.
///
/// The visual format and the arrangement helpers write their rows this way, as
/// ``LayoutRelation``s for the user to install. (Stacks write theirs straight as constraints,
/// ``StackArrangement``.)
enum LinearRow {
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

    /// A row as a relation; `explicitPriority` nil keeps the relation's default priority (that of
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
