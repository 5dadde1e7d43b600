extension Tails {
    /// Relations that align `attribute` of every item with that of the first item.
    ///
    /// ```swift
    /// Tails.install(Tails.align(.centerY, [icon, title, badge]))
    /// // title.centerY == icon.centerY, badge.centerY == icon.centerY
    /// ```
    public static func align(_ attribute: LayoutAttribute, _ items: [LayoutItem]) -> [LayoutRelation] {
        guard let first = items.first else { return [] }
        return items.dropFirst().map { item in
            LinearRow.relation([.init(item, attribute)], .equal, [.init(first, attribute)], explicitPriority: nil,
                               label: "align \(attribute)", location: nil)
        }
    }

    /// Relations that chain items along `axis` with fixed gaps: each item starts `spacing` after
    /// the previous one ends (leading to trailing, or top to bottom). Sizes are left to other
    /// constraints.
    ///
    /// ```swift
    /// Tails.install(Tails.distribute(.horizontal, [a, b, c], spacing: 8))
    /// // b.leading == a.trailing + 8, c.leading == b.trailing + 8
    /// ```
    public static func distribute(_ axis: LayoutAxis, _ items: [LayoutItem], spacing: Double) -> [LayoutRelation] {
        let (start, end): (LayoutAttribute, LayoutAttribute) = axis == .horizontal ? (.leading, .trailing) : (.top, .bottom)
        return zip(items, items.dropFirst()).map { previous, item in
            LinearRow.relation([.init(item, start), .init(previous, end, -1)], .equal, constant: spacing,
                               explicitPriority: nil, label: "distribute", location: nil)
        }
    }

    /// Relations that spread items across `container` along `axis` with equal gaps: the first item
    /// starts `inset` after the container's start, the last ends `inset` before its end, and every
    /// gap between neighbours is the same and at least `minimumSpacing` — rows over the items'
    /// edges, no spacer views. Sizes are left to other constraints.
    ///
    /// ```swift
    /// Tails.install(Tails.distribute(.horizontal, [a, b, c], in: root, inset: 16))
    /// // a.leading == root.leading + 16, root.trailing - c.trailing == 16,
    /// // c.leading - b.trailing == b.leading - a.trailing, gaps >= 0
    /// ```
    public static func distribute(_ axis: LayoutAxis, _ items: [LayoutItem], in container: LayoutItem,
                                  inset: Double = 0, minimumSpacing: Double = 0) -> [LayoutRelation] {
        guard let first = items.first, let last = items.last else { return [] }
        let (start, end): (LayoutAttribute, LayoutAttribute) = axis == .horizontal ? (.leading, .trailing) : (.top, .bottom)
        func relation(_ lhs: [LinearRow.Term], _ relation: Relation, _ rhs: [LinearRow.Term] = [], constant: Double = 0)
            -> LayoutRelation {
            LinearRow.relation(lhs, relation, rhs, constant: constant, explicitPriority: nil, label: "distribute",
                               location: nil)
        }
        var relations = [
            relation([.init(first, start), .init(container, start, -1)], .equal, constant: inset),
            relation([.init(container, end), .init(last, end, -1)], .equal, constant: inset),
        ]
        let gaps: [[LinearRow.Term]] = zip(items, items.dropFirst()).map { previous, item in
            [.init(item, start), .init(previous, end, -1)]
        }
        for gap in gaps {
            relations.append(relation(gap, .greaterThanOrEqual, constant: minimumSpacing))
        }
        for gap in gaps.dropFirst() {
            relations.append(relation(gap, .equal, gaps[0]))
        }
        return relations
    }
}
