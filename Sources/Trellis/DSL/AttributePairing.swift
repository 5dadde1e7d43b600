/// Turns a ``LayoutRelation`` into ``LayoutConstraint``s, one per attribute pair (the rules are
/// documented on ``LayoutRelation``). Misuse never traps: it yields one constraint carrying the
/// problem, which the layout pass reports with the source location.
package enum AttributePairing {
    typealias Operand = LayoutConstraint.Operand

    /// One constraint's sides, in one buffer as the constraint keeps them (``LayoutConstraint/operands``).
    private struct Pair {
        var operands: [Operand]
        var lhsCount: Int
        var relation: Relation
        var key: LayoutAttribute

        init(lhs: [Operand], rhs: [Operand], relation: Relation, key: LayoutAttribute) {
            self.init(operands: rhs.isEmpty ? lhs : lhs + rhs, lhsCount: lhs.count, relation: relation, key: key)
        }

        init(operands: [Operand], lhsCount: Int, relation: Relation, key: LayoutAttribute) {
            self.operands = operands
            self.lhsCount = lhsCount
            self.relation = relation
            self.key = key
        }

        var lhs: ArraySlice<Operand> { operands.prefix(lhsCount) }
        var rhs: ArraySlice<Operand> { operands.dropFirst(lhsCount) }
    }

    /// The right side of a one-attribute pair (``singlePair(left:attribute:coefficient:flips:relation:rhs:)``).
    private enum RightSide {
        /// A constant: the superview's same attribute, except for a dimension (nothing).
        case constant
        /// One operand (a document's constraints: no list of one made).
        case one(Operand)
        /// Several operands.
        case many([Operand])
    }

    private struct Misuse: Error {
        let message: String
    }

    static func constraints(for relation: LayoutRelation) -> [LayoutConstraint] {
        let constant = relation.rhs.constant.adding(relation.lhs.constant.scaled(by: -1))
        let pairs: [Pair]
        do {
            pairs = try makePairs(relation)
        } catch let misuse as Misuse {
            return [invalidConstraint(relation, constant: constant, problem: misuse.message)]
        } catch {
            return [invalidConstraint(relation, constant: constant, problem: "\(error)")]
        }
        let nilProblem = hasNilItem(relation)
            ? "an item is nil (for example `view.superview~` for a view without a superview)" : nil
        let location = relation.location
        return pairs.map { pair in
            constraint(pair, constant: constant, priority: relation.assignedPriority, label: relation.label,
                       writtenAt: location ?? .nowhere, hasLocation: location != nil, nilProblem: nilProblem)
        }
    }

    /// The constraint `left.attribute REL coefficient × right.attribute + constant`, or
    /// `left.attribute REL constant` without a right item, made exactly as
    /// ``constraints(for:)`` makes that relation (a right item without an attribute takes the left
    /// one; a constant-only right side is the superview's same attribute but for a size) — for
    /// a caller that knows its relation has this form and need not build one: a layout
    /// document's entries. `constant` is the right side's (the left side has none).
    package static func constraint(_ left: LayoutItem, _ attribute: LayoutAttribute, _ relation: Relation,
                                   right: LayoutItem?, rightAttribute: LayoutAttribute?, coefficient: Double,
                                   constant: LayoutConstant, priority: Priority, label: String?,
                                   location: CodeLocation) -> LayoutConstraint {
        let rhs: RightSide = if let right {
            .one(Operand(target: .item(right.weakBox), attribute: rightAttribute ?? attribute, coefficient: coefficient))
        } else {
            .constant
        }
        let pair = singlePair(left: .item(left.weakBox), attribute: attribute, coefficient: 1, flips: false,
                              relation: relation, rhs: rhs)
        // As constraints(for:), the right side's constant minus the left side's, which is zero:
        // x + (-0) is x for every x, -0 included, so the constant is the right side's as it is.
        return Self.constraint(pair, constant: constant, priority: priority, label: label, writtenAt: location,
                               hasLocation: true, nilProblem: nil)
    }

    /// The constraint of `pair`, written at `location` if `hasLocation` (a plain location, never
    /// an optional one: see ``LayoutConstraint/location``).
    private static func constraint(_ pair: Pair, constant: LayoutConstant, priority: Priority, label: String?,
                                   writtenAt location: CodeLocation, hasLocation: Bool,
                                   nilProblem: String?) -> LayoutConstraint {
        let problem = nilProblem ?? PairingRule.problem(lhs: pair.lhs, rhs: pair.rhs, describe: LayoutConstraint.name(of:))
        return LayoutConstraint(operands: pair.operands, lhsCount: pair.lhsCount, relation: pair.relation,
                                constantAttribute: pair.key, constant: constant, priority: priority, label: label,
                                writtenAt: location, hasLocation: hasLocation, problem: problem)
    }

    // MARK: - Pairing

    private static func makePairs(_ r: LayoutRelation) throws -> [Pair] {
        let left = r.lhs.terms, right = r.rhs.terms
        guard !left.isEmpty else { throw Misuse(message: "the left side names no item") }

        if left.count == 1 {
            if let pair = singlePair(r, term: left[0]) { return [pair] }
            return try vectorPairs(r, term: left[0])
        }

        // Several items on the left: one attribute each, one constraint.
        guard left.allSatisfy({ $0.entries.count == 1 }) else {
            throw Misuse(message: "when the left side has several items, each must name exactly one attribute "
                + "(as in `a~.width + b~.width`), in `\(r.lhs) \(r.relation) \(r.rhs)`")
        }
        let leftAttributes = left.map { $0.entries[0].attribute }
        let common: LayoutAttribute? = leftAttributes.allSatisfy({ $0 == leftAttributes[0] }) ? leftAttributes[0] : nil
        var rhs: [Operand] = []
        for term in right {
            switch term.entries.count {
            case 1:
                rhs.append(operand(term, term.entries[0].attribute))
            case 0:
                guard let common else {
                    throw Misuse(message: "the right-side item \(term.item?.name ?? "nil") names no attribute, and the "
                        + "left side has no single attribute to take, in `\(r.lhs) \(r.relation) \(r.rhs)`")
                }
                rhs.append(operand(term, common))
            default:
                throw Misuse(message: "a composite right side (\(attributeList(term.entries))) cannot be paired with a "
                    + "left side of several items, in `\(r.lhs) \(r.relation) \(r.rhs)`")
            }
        }
        let lhs = left.map { operand($0, $0.entries[0].attribute) }
        return [Pair(lhs: lhs, rhs: rhs, relation: r.relation, key: leftAttributes[0])]
    }

    /// The most common form, made without lists of attributes: one attribute on the left and at
    /// most one on each right-side term (`a~.top == b~.bottom + 8`, `a~.width == 48`,
    /// `a~.leading == 16`). Each right-side term keeps its attribute or takes the left one, as
    /// ``vectorPairs(_:term:)`` pairs them; nil for every other form.
    private static func singlePair(_ r: LayoutRelation, term: LayoutExpression.Term) -> Pair? {
        guard term.entries.count == 1, r.rhs.terms.allSatisfy({ $0.entries.count <= 1 }) else { return nil }
        let entry = term.entries[0], attribute = entry.attribute
        let terms = r.rhs.terms
        let rhs: RightSide = switch terms.count {
        case 0: .constant
        case 1: .one(operand(terms[0], terms[0].entries.first?.attribute ?? attribute))
        default: .many(terms.map { operand($0, $0.entries.first?.attribute ?? attribute) })
        }
        return singlePair(left: term.item.map { .item($0.weakBox) } ?? .missing, attribute: attribute,
                          coefficient: term.coefficient, flips: entry.flipsInequality, relation: r.relation, rhs: rhs)
    }

    /// The pair of one left attribute with right-side operands (a constant-only right side is
    /// the superview's same attribute except for dimensions).
    private static func singlePair(left: Operand.Target, attribute: LayoutAttribute, coefficient: Double, flips: Bool,
                                   relation: Relation, rhs: RightSide) -> Pair {
        let first = Operand(target: left, attribute: attribute, coefficient: coefficient)
        let operands: [Operand]
        switch rhs {
        case .constant where attribute.isDimension:
            operands = [first]
        case .constant:
            let superview: Operand.Target = switch left {
            case .item(let item): .superviewOf(item)
            default: .missing
            }
            operands = [first, Operand(target: superview, attribute: attribute, coefficient: 1)]
        case .one(let second):
            operands = [first, second]
        case .many(let right):
            operands = [first] + right
        }
        return Pair(operands: operands, lhsCount: 1, relation: flips ? flipped(relation) : relation, key: attribute)
    }

    /// One item on the left (possibly with several attributes): one constraint per pair.
    private static func vectorPairs(_ r: LayoutRelation, term: LayoutExpression.Term) throws -> [Pair] {
        let entries = term.entries.isEmpty ? AnchorEntry.edges : term.entries
        let right = r.rhs.terms
        let explicit = right.filter { !$0.entries.isEmpty }

        func pair(_ entry: AnchorEntry, rhs: [Operand]) -> Pair {
            let relation = entry.flipsInequality ? flipped(r.relation) : r.relation
            return Pair(lhs: [operand(term, entry.attribute)], rhs: rhs, relation: relation, key: entry.attribute)
        }

        // Constant-only right side: the superview's same attribute, except for dimensions.
        if right.isEmpty {
            return entries.map { entry in
                if entry.attribute.isDimension { return pair(entry, rhs: []) }
                let target: Operand.Target = term.item.map { .superviewOf($0.weakBox) } ?? .missing
                return pair(entry, rhs: [Operand(target: target, attribute: entry.attribute, coefficient: 1)])
            }
        }

        // Right-side terms without attributes take the left attribute of each pair; the others
        // keep their own, chosen by `explicitAttribute(entryIndex, term)`.
        func rightOperands(left: LayoutAttribute, explicitAttribute: (LayoutExpression.Term) -> LayoutAttribute) -> [Operand] {
            right.map { rterm in
                operand(rterm, rterm.entries.isEmpty ? left : explicitAttribute(rterm))
            }
        }

        if explicit.isEmpty {
            return entries.map { entry in pair(entry, rhs: rightOperands(left: entry.attribute) { _ in entry.attribute }) }
        }

        if explicit.count == 1 {
            let rightAttributes = explicit[0].entries.map(\.attribute)
            let leftAttributes = entries.map(\.attribute)
            if leftAttributes.allSatisfy(rightAttributes.contains) {
                return entries.map { entry in pair(entry, rhs: rightOperands(left: entry.attribute) { _ in entry.attribute }) }
            }
            if entries.count == 1 {
                return rightAttributes.map { attribute in
                    pair(entries[0], rhs: rightOperands(left: entries[0].attribute) { _ in attribute })
                }
            }
            if rightAttributes.count == 1 {
                return entries.map { entry in pair(entry, rhs: rightOperands(left: entry.attribute) { _ in rightAttributes[0] }) }
            }
            throw Misuse(message: "cannot pair the left attributes \(attributeList(entries)) with the right attributes "
                + "\(attributeList(explicit[0].entries)) in `\(r.lhs) \(r.relation) \(r.rhs)`: use the same attributes, "
                + "or one attribute on either side")
        }

        // Several right-side items with attributes: one attribute each, paired with every left attribute.
        guard explicit.allSatisfy({ $0.entries.count == 1 }) else {
            throw Misuse(message: "when the right side has several items, each must name one attribute or none, "
                + "in `\(r.lhs) \(r.relation) \(r.rhs)`")
        }
        return entries.map { entry in
            pair(entry, rhs: rightOperands(left: entry.attribute) { $0.entries[0].attribute })
        }
    }

    // MARK: - Helpers

    private static func operand(_ term: LayoutExpression.Term, _ attribute: LayoutAttribute) -> Operand {
        let target: Operand.Target = term.item.map { .item($0.weakBox) } ?? .missing
        return Operand(target: target, attribute: attribute, coefficient: term.coefficient)
    }

    private static func flipped(_ relation: Relation) -> Relation {
        switch relation {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }

    private static func attributeList(_ entries: [AnchorEntry]) -> String {
        "[" + entries.map(\.attribute.rawValue).joined(separator: ", ") + "]"
    }

    private static func hasNilItem(_ r: LayoutRelation) -> Bool {
        r.lhs.terms.contains { $0.item == nil } || r.rhs.terms.contains { $0.item == nil }
    }

    /// A stand-in for a relation that could not be paired: it names the relation's items (so it is
    /// collected by their layout) and carries the problem.
    private static func invalidConstraint(_ r: LayoutRelation, constant: LayoutConstant, problem: String) -> LayoutConstraint {
        let lhs = r.lhs.terms.map { operand($0, $0.entries.first?.attribute ?? .left) }
        let rhs = r.rhs.terms.map { operand($0, $0.entries.first?.attribute ?? .left) }
        let key = r.lhs.terms.first?.entries.first?.attribute ?? .left
        return LayoutConstraint(lhs: lhs, relation: r.relation, rhs: rhs, constantAttribute: key, constant: constant,
                                priority: r.assignedPriority, label: r.label, location: r.location, problem: problem)
    }
}
