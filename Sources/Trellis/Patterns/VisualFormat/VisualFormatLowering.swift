import TrellisSupport

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

    /// Along the format: the edge a view starts at, the one it ends at, the sign of a gap, and
    /// the size the format lays out.
    private struct Axis {
        let start: LayoutAttribute
        let end: LayoutAttribute
        let sign: Double
        let length: LayoutAttribute
    }

    /// The relations made so far, and the weighted elements waiting for their proportion rows.
    private struct Output {
        let location: CodeLocation
        var relations: [LayoutRelation] = []
        var weighted: [Weighted] = []

        /// Adds the relation `lhs relation rhs + constant`.
        mutating func add(_ lhs: [Term], _ relation: Relation, _ rhs: [Term] = [], constant: Double = 0,
                          priority: Priority?, label: String) {
            relations.append(LinearRow.relation(lhs, relation, rhs, constant: constant, explicitPriority: priority,
                                                label: label, location: location))
        }
    }

    /// The format's relations: superview edges, sizes and gaps along it, then proportions and alignments.
    func relations() throws(VisualFormatError) -> [LayoutRelation] {
        let axis = try axis()
        let superview = try superview()
        var output = Output(location: location)
        let views = parsed.views
        if let (_, link) = parsed.leadingSuperview, let superview {
            connect(link, gap: [Term(views[0].item, axis.start, axis.sign), Term(superview, axis.start, -axis.sign)],
                    edge: true, label: "|" + link.text + views[0].text, into: &output)
        }
        for index in views.indices {
            addSizes(of: views[index], along: axis, into: &output)
            connectToNext(index, along: axis, into: &output)
        }
        if let (_, link) = parsed.trailingSuperview, let superview, let last = views.last {
            connect(link, gap: [Term(superview, axis.end, axis.sign), Term(last.item, axis.end, -axis.sign)],
                    edge: true, label: last.text + link.text + "|", into: &output)
        }
        addProportions(into: &output)
        try addAlignments(into: &output)
        return output.relations
    }

    /// The axis the format runs along, from `H:`/`V:` and the direction options (which must agree).
    private func axis() throws(VisualFormatError) -> Axis {
        let vertical = parsed.vertical
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
        return Axis(start: start, end: end, sign: sign, length: vertical ? .height : .width)
    }

    /// The item `|` stands for, when the format has one: the first view's superview, which must exist.
    private func superview() throws(VisualFormatError) -> LayoutItem? {
        let views = parsed.views
        var superview: LayoutItem?
        for edge in [parsed.leadingSuperview?.start, parsed.trailingSuperview?.start].compactMap({ $0 }) {
            guard let parent = views[0].item.shorthandParent else {
                throw parser.error("'|' stands for the superview of \(views[0].item.name), which has none", at: edge)
            }
            superview = parent
        }
        return superview
    }

    /// The relation a predicate states (a weight states an equality, of proportions).
    private func relation(_ kind: Predicate.Kind) -> Relation {
        switch kind {
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        case .equal, .weight: .equal
        }
    }

    /// The rows of a connection for the gap `gap`: flush, the standard spacing, or its predicates
    /// (a weight is kept for the proportion rows).
    private func connect(_ link: VisualFormatParser.Link, gap: [Term], edge: Bool, label: String,
                         into output: inout Output) {
        switch link.connection {
        case .flush:
            output.add(gap, .equal, priority: nil, label: label)
        case .standard:
            output.add(gap, .equal, constant: edge ? standardEdgeSpacing : standardSpacing, priority: nil, label: label)
        case .predicates(let predicates):
            for predicate in predicates {
                guard case .constant(let value) = predicate.object else { continue }  // the parser allows no views here
                if predicate.kind == .weight {
                    output.weighted.append(Weighted(terms: gap, weight: value, priority: predicate.priority, text: label))
                } else {
                    output.add(gap, relation(predicate.kind), constant: value, priority: predicate.priority, label: label)
                }
            }
        }
    }

    /// The rows of a view's size predicates along the axis (a weight is kept for the proportion rows).
    private func addSizes(of node: VisualFormatParser.ViewNode, along axis: Axis, into output: inout Output) {
        let size = [Term(node.item, axis.length)]
        for predicate in node.predicates {
            switch predicate.object {
            case .constant(let value) where predicate.kind == .weight:
                output.weighted.append(Weighted(terms: size, weight: value, priority: predicate.priority, text: node.text))
            case .constant(let value):
                output.add(size, relation(predicate.kind), constant: value, priority: predicate.priority, label: node.text)
            case .view(let other):
                output.add(size, relation(predicate.kind), [Term(other, axis.length)], priority: predicate.priority,
                           label: node.text)
            }
        }
    }

    /// The rows of the connection between the view at `index` and the next one, if there is one
    /// (baseline to baseline with the option, in a `V:` format).
    private func connectToNext(_ index: Int, along axis: Axis, into output: inout Output) {
        let views = parsed.views
        guard index + 1 < views.count else { return }
        let node = views[index], next = views[index + 1]
        let gap: [Term] = parsed.vertical && options.contains(.spacingBaselineToBaseline)
            ? [Term(next.item, .firstBaseline), Term(node.item, .lastBaseline, -1)]
            : [Term(next.item, axis.start, axis.sign), Term(node.item, axis.end, -axis.sign)]
        connect(parsed.links[index], gap: gap, edge: false, label: node.text + parsed.links[index].text + next.text,
                into: &output)
    }

    /// Weights: every weighted element in proportion to the first (size / weight equal).
    private func addProportions(into output: inout Output) {
        guard let reference = output.weighted.first else { return }
        for element in output.weighted.dropFirst() {
            let priority: Priority? = switch (reference.priority, element.priority) {
            case let (a?, b?): min(a, b)
            case let (a?, nil): a
            case let (nil, b): b
            }
            output.add(element.terms.map { $0.scaled(by: reference.weight) }, .equal,
                       reference.terms.map { $0.scaled(by: element.weight) }, priority: priority,
                       label: "\(element.text) ~\(NumberFormat.short(element.weight)) : \(reference.text) ~\(NumberFormat.short(reference.weight))")
        }
    }

    /// The rows of the alignment options: each view aligned with the one before (across the axis only).
    private func addAlignments(into output: inout Output) throws(VisualFormatError) {
        let vertical = parsed.vertical, views = parsed.views
        for alignment in VisualFormatOptions.alignments where options.contains(alignment.option) {
            guard alignment.horizontalFormat != vertical else {
                throw parser.error("the option \(alignment.name) aligns along the axis of this \(vertical ? "V:" : "H:") format; "
                                       + "use it with \(vertical ? "H:" : "V:") formats", at: 0)
            }
            for (previous, node) in zip(views, views.dropFirst()) {
                output.add([Term(node.item, alignment.attribute)], .equal, [Term(previous.item, alignment.attribute)],
                           priority: nil, label: alignment.name)
            }
        }
    }
}
