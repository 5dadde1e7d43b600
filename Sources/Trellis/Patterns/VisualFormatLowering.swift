/// Turns a parsed visual format into relations: sizes from view predicates, gaps from
/// connections (rows over neighbouring edges), one proportion row per weighted element after the
/// first, and the alignment options.
struct VisualFormatLowering {
    typealias Term = LinearRow.Term
    typealias Predicate = VisualFormatParser.Predicate

    let parsed: VisualFormatParser.Parsed
    let parser: VisualFormatParser
    let options: VisualFormatOptions
    let standardSpacing: Double
    let standardEdgeSpacing: Double
    let location: CodeLocation

    private struct Weighted {
        let terms: [Term]
        let weight: Double
        let priority: Priority?
        let text: String
    }

    func relations() throws(VisualFormatError) -> [LayoutRelation] {
        let vertical = parsed.vertical
        // Along the format: the edge a view starts at, the one it ends at, and the sign of a gap.
        let start: LayoutAttribute, end: LayoutAttribute, sign: Double
        if options.contains(.directionLeftToRight) && options.contains(.directionRightToLeft) {
            throw parser.error("the options directionLeftToRight and directionRightToLeft contradict each other", at: 0)
        }
        if vertical {
            (start, end, sign) = (.top, .bottom, 1)
        } else if options.contains(.directionLeftToRight) {
            (start, end, sign) = (.left, .right, 1)
        } else if options.contains(.directionRightToLeft) {
            (start, end, sign) = (.right, .left, -1)
        } else {
            (start, end, sign) = (.leading, .trailing, 1)
        }
        if options.contains(.spacingBaselineToBaseline) && !vertical {
            throw parser.error("the option spacingBaselineToBaseline needs a V: format", at: 0)
        }
        let length: LayoutAttribute = vertical ? .height : .width
        let views = parsed.views

        var superview: LayoutItem?
        for edge in [parsed.leadingSuperview?.start, parsed.trailingSuperview?.start].compactMap({ $0 }) {
            guard let parent = views[0].item.shorthandParent else {
                throw parser.error("'|' stands for the superview of \(views[0].item.name), which has none", at: edge)
            }
            superview = parent
        }

        var relations: [LayoutRelation] = []
        var weighted: [Weighted] = []
        func add(_ lhs: [Term], _ relation: Relation, _ rhs: [Term] = [], constant: Double = 0, priority: Priority?,
                 label: String) {
            relations.append(LinearRow.relation(lhs, relation, rhs, constant: constant, explicitPriority: priority,
                                                label: label, location: location))
        }
        func relation(_ kind: Predicate.Kind) -> Relation {
            switch kind {
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            case .equal, .weight: .equal
            }
        }
        func connect(_ link: VisualFormatParser.Link, gap: [Term], edge: Bool, label: String) {
            switch link.connection {
            case .flush:
                add(gap, .equal, priority: nil, label: label)
            case .standard:
                add(gap, .equal, constant: edge ? standardEdgeSpacing : standardSpacing, priority: nil, label: label)
            case .predicates(let predicates):
                for predicate in predicates {
                    guard case .constant(let value) = predicate.object else { continue }  // the parser allows no views here
                    if predicate.kind == .weight {
                        weighted.append(Weighted(terms: gap, weight: value, priority: predicate.priority, text: label))
                    } else {
                        add(gap, relation(predicate.kind), constant: value, priority: predicate.priority, label: label)
                    }
                }
            }
        }

        if let (_, link) = parsed.leadingSuperview, let superview {
            connect(link, gap: [Term(views[0].item, start, sign), Term(superview, start, -sign)], edge: true,
                    label: "|" + link.text + views[0].text)
        }
        for (index, node) in views.enumerated() {
            for predicate in node.predicates {
                switch predicate.object {
                case .constant(let value) where predicate.kind == .weight:
                    weighted.append(Weighted(terms: [Term(node.item, length)], weight: value, priority: predicate.priority,
                                             text: node.text))
                case .constant(let value):
                    add([Term(node.item, length)], relation(predicate.kind), constant: value, priority: predicate.priority,
                        label: node.text)
                case .view(let other):
                    add([Term(node.item, length)], relation(predicate.kind), [Term(other, length)], priority: predicate.priority,
                        label: node.text)
                }
            }
            guard index + 1 < views.count else { continue }
            let next = views[index + 1]
            let gap: [Term] = vertical && options.contains(.spacingBaselineToBaseline)
                ? [Term(next.item, .firstBaseline), Term(node.item, .lastBaseline, -1)]
                : [Term(next.item, start, sign), Term(node.item, end, -sign)]
            connect(parsed.links[index], gap: gap, edge: false, label: node.text + parsed.links[index].text + next.text)
        }
        if let (_, link) = parsed.trailingSuperview, let superview, let last = views.last {
            connect(link, gap: [Term(superview, end, sign), Term(last.item, end, -sign)], edge: true,
                    label: last.text + link.text + "|")
        }

        // Weights: every weighted element in proportion to the first (size / weight equal).
        if let reference = weighted.first {
            for element in weighted.dropFirst() {
                let priority: Priority? = switch (reference.priority, element.priority) {
                case let (a?, b?): min(a, b)
                case let (a?, nil): a
                case let (nil, b): b
                }
                add(element.terms.map { $0.scaled(by: reference.weight) }, .equal,
                    reference.terms.map { $0.scaled(by: element.weight) }, priority: priority,
                    label: "\(element.text) ~\(NumberFormat.short(element.weight)) : \(reference.text) ~\(NumberFormat.short(reference.weight))")
            }
        }

        for alignment in VisualFormatOptions.alignments where options.contains(alignment.option) {
            guard alignment.horizontalFormat != vertical else {
                throw parser.error("the option \(alignment.name) aligns along the axis of this \(vertical ? "V:" : "H:") format; "
                                       + "use it with \(vertical ? "H:" : "V:") formats", at: 0)
            }
            for (previous, node) in zip(views, views.dropFirst()) {
                add([Term(node.item, alignment.attribute)], .equal, [Term(previous.item, alignment.attribute)], priority: nil,
                    label: alignment.name)
            }
        }
        return relations
    }
}
