import Testing
import Trellis
import TrellisTestSupport

/// No constraint is ever silently dropped: a constraint whose items are not in one tree always
/// throws ``LayoutError/noCommonAncestor(_:)``, whatever else the items are constrained by, and
/// every other active constraint is in the solve (it holds, or it is a soft constraint that
/// ``View/unsatisfiedConstraints()`` lists).
@Suite("Nothing silently dropped")
struct NothingDroppedTests {
    // MARK: - Every combination

    enum Stranger: String, CaseIterable, Sendable {
        case loneView, childOfOtherRoot, grandchildOfOtherRoot, otherRoot, guideOfOtherTree, guideWithoutView
        case deallocatedView, removedFromTree
    }

    enum Inside: String, CaseIterable, Sendable {
        case child, grandchild, guide, margins, root
    }

    enum Company: String, CaseIterable, Sendable {
        case alone, sized, edges, chained
    }

    struct Combination: Sendable, CustomStringConvertible {
        let stranger: Stranger
        let inside: Inside
        let company: Company
        let strangerOnLeft: Bool
        var description: String { "\(inside) ~ \(stranger), \(company), stranger on the \(strangerOnLeft ? "left" : "right")" }
    }

    static let combinations: [Combination] = Stranger.allCases.flatMap { stranger in
        Inside.allCases.flatMap { inside in
            Company.allCases.flatMap { company in
                [false, true].map { Combination(stranger: stranger, inside: inside, company: company, strangerOnLeft: $0) }
            }
        }
    }

    @Test("A constraint to an item outside the tree always throws noCommonAncestor naming it", arguments: combinations)
    func everyCombination(_ c: Combination) throws {
        let root = makeRoot(width: 400, height: 300)
        let child = addViews(["child"], to: root)[0]
        let grandchild = addViews(["grandchild"], to: child)[0]
        let guide = LayoutGuide(id: "guide")
        child.addLayoutGuide(guide)

        let otherRoot = makeRoot("otherRoot")
        let otherChild = addViews(["otherChild"], to: otherRoot)[0]
        let otherGrandchild = addViews(["otherGrandchild"], to: otherChild)[0]
        let otherGuide = LayoutGuide(id: "otherGuide")
        otherChild.addLayoutGuide(otherGuide)
        let looseGuide = LayoutGuide(id: "looseGuide")
        let removed = addViews(["removed"], to: root)[0]
        let lone = View(id: "lone")

        let inside: LayoutItem = switch c.inside {
        case .child: child
        case .grandchild: grandchild
        case .guide: guide
        case .margins: child.layoutMarginsGuide
        case .root: root
        }
        switch c.company {
        case .alone: break
        case .sized: Tails.install(child~.size == 50, grandchild~.size == 20, guide~.size == 10)
        case .edges: Tails.install(child~.edges == 0, grandchild~.edges == 0, guide~.edges == child~)
        case .chained:
            Tails.install(child~.top.leading == 8, child~.size == 100, grandchild~.leading == child~.leading + 4,
                          grandchild~.top == 4, grandchild~.size == child~ * 0.5, guide~.top == grandchild~.bottom,
                          guide~.leading == grandchild~.trailing)
        }

        var group: ConstraintGroup?
        func relate(_ stranger: LayoutItem) {
            group = c.strangerOnLeft
                ? Tails.install(stranger~.width == inside~.width * 2 ~~ .defaultLow)
                : Tails.install(inside~.width == stranger~.width)
        }
        weak var gone: View?
        switch c.stranger {
        case .loneView: relate(lone)
        case .childOfOtherRoot: relate(otherChild)
        case .grandchildOfOtherRoot: relate(otherGrandchild)
        case .otherRoot: relate(otherRoot)
        case .guideOfOtherTree: relate(otherGuide)
        case .guideWithoutView: relate(looseGuide)
        case .deallocatedView:
            do {
                let temporary = View(id: "temporary")
                gone = temporary
                relate(temporary)
            }
        case .removedFromTree:
            relate(removed)
            removed.removeFromSuperview()
            // UIKit's rule: removing a view deactivates its constraints to views outside it.
            #expect(group?.isActive == false, "\(c)")
            try root.layoutIfNeeded()
            return
        }
        #expect(gone == nil)
        guard let group else { Issue.record("no constraint made"); return }
        guard case .noCommonAncestor(let info)? = layoutError(root) else {
            Issue.record("\(c): the constraint to the stranger did not throw noCommonAncestor")
            return
        }
        #expect(info.id == group.constraints[0].id, "\(c)")
        // The same from the diagnostics, which solve the same constraints.
        #expect(throws: LayoutError.self) { _ = try root.hasAmbiguousLayout }
        group.deactivate()
        try root.layoutIfNeeded()
        withExtendedLifetime((otherRoot, looseGuide, lone)) {}
    }

    // MARK: - Random constraint sets

    /// What the test wrote, to evaluate the constraint on the frames without the library's help.
    struct Written {
        let group: ConstraintGroup
        let first: LayoutItem
        let firstAttribute: LayoutAttribute
        let second: LayoutItem?
        let secondAttribute: LayoutAttribute?
        let multiplier: Double
        let constant: Double
        let relation: Relation
        let priority: Priority
        /// Whether a pairing rule forbids it (mixed axes, a position with a size, leading with left).
        let isMismatched: Bool
        /// Whether its items are in different trees (or one no longer exists).
        let crossesTrees: Bool
    }

    static let horizontalPositions: [LayoutAttribute] = [.left, .right, .centerX]
    static let directionalPositions: [LayoutAttribute] = [.leading, .trailing, .centerX]
    static let verticalPositions: [LayoutAttribute] = [.top, .bottom, .centerY]
    static let sizes: [LayoutAttribute] = [.width, .height]

    /// The value of `attribute` for a frame in root coordinates, measured from `origin` (left-to-right).
    static func value(_ attribute: LayoutAttribute, of r: Rect, origin: Point) -> Double {
        switch attribute {
        case .left, .leading: r.minX - origin.x
        case .right, .trailing: r.maxX - origin.x
        case .centerX: r.midX - origin.x
        case .top, .firstBaseline: r.minY - origin.y
        case .bottom, .lastBaseline: r.maxY - origin.y
        case .centerY: r.midY - origin.y
        case .width: r.width
        case .height: r.height
        }
    }

    /// The view an item lives in, and that view's ancestors (nearest first).
    static func ancestry(of item: LayoutItem) -> [View] {
        var view: View? = (item as? View) ?? (item as? LayoutGuide)?.owningView
        var chain: [View] = []
        while let current = view { chain.append(current); view = current.superview }
        return chain
    }

    @Test("Random constraint sets: every active constraint holds, is listed as unsatisfied, or was reported", arguments: 0..<60)
    func randomSets(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 7919 &+ 17)
        let root = makeRoot(width: 600, height: 400)
        var items: [LayoutItem] = [root]
        var views: [View] = [root]
        for index in 0..<(4 + random.below(6)) {
            let view = View(id: "v\(index)")
            random.pick(views).addSubview(view)
            views.append(view)
            items.append(view)
            if random.chance(20) {
                let guide = LayoutGuide(id: "g\(index)")
                view.addLayoutGuide(guide)
                items.append(guide)
            }
            if random.chance(20) { items.append(view.layoutMarginsGuide) }
        }
        let otherRoot = makeRoot("other")
        let strangers: [LayoutItem] = [otherRoot, addViews(["otherChild"], to: otherRoot)[0], View(id: "lone")]

        var written: [Written] = []
        for _ in 0..<(6 + random.below(14)) {
            let first = random.pick(items)
            var second: LayoutItem? = random.chance(85) ? random.pick(items) : nil
            var crosses = false
            if random.chance(8) {
                second = random.pick(strangers)
                crosses = true
            }
            if random.chance(4) {
                // A stranger that is deallocated right away (constraints hold items weakly).
                let group = Tails.install(first~.width == View(id: "temporary")~.width)
                written.append(Written(group: group, first: first, firstAttribute: .width, second: nil, secondAttribute: .width,
                                       multiplier: 1, constant: 0, relation: .equal, priority: .required,
                                       isMismatched: false, crossesTrees: true))
                continue
            }
            let family = random.pick([Self.horizontalPositions, Self.directionalPositions, Self.verticalPositions, Self.sizes])
            let firstAttribute = random.pick(family)
            var secondAttribute = second == nil ? nil : random.pick(family)
            var mismatched = false
            if second != nil, random.chance(8) {
                // A pairing the rules forbid.
                let pair = random.pick([(LayoutAttribute.left, LayoutAttribute.top), (.leading, .right), (.width, .centerX), (.centerY, .height)])
                secondAttribute = pair.1
                mismatched = true
                let group = Tails.install(first~.attribute(pair.0) == second!~.attribute(pair.1))
                written.append(Written(group: group, first: first, firstAttribute: pair.0, second: second, secondAttribute: pair.1,
                                       multiplier: 1, constant: 0, relation: .equal, priority: .required,
                                       isMismatched: true, crossesTrees: crosses))
                continue
            }
            if second == nil, !firstAttribute.isDimension {
                second = (first as? View)?.superview ?? (first as? LayoutGuide)?.owningView
                secondAttribute = firstAttribute
                if second == nil { continue }
            }
            let multiplier = random.chance(70) ? 1 : random.pick([0.5, 2, 0.25, -1])
            let constant = Double(random.below(81) - 40)
            let relation = random.pick([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
            let priority: Priority = random.chance(35) ? .required : Priority(Float(1 + random.below(999)))
            let lhs = first~.attribute(firstAttribute)
            let relationValue: LayoutRelation
            if let second, let secondAttribute {
                let rhs = second~.attribute(secondAttribute) * multiplier + constant
                relationValue = switch relation {
                case .equal: lhs == rhs
                case .lessThanOrEqual: lhs <= rhs
                case .greaterThanOrEqual: lhs >= rhs
                }
            } else {
                relationValue = switch relation {
                case .equal: lhs == constant
                case .lessThanOrEqual: lhs <= constant
                case .greaterThanOrEqual: lhs >= constant
                }
            }
            let group = Tails.install(relationValue ~~ priority)
            written.append(Written(group: group, first: first, firstAttribute: firstAttribute, second: second,
                                   secondAttribute: secondAttribute, multiplier: second == nil ? 0 : multiplier,
                                   constant: constant, relation: relation, priority: priority,
                                   isMismatched: mismatched, crossesTrees: crosses))
        }

        // Lay out; take out each constraint the pass reports, and check that it deserved it.
        var reported = Set<LayoutConstraint.ID>()
        for _ in 0..<(written.count + 1) {
            do {
                try root.layoutIfNeeded()
                break
            } catch let error as LayoutError {
                switch error {
                case .noCommonAncestor(let info):
                    let culprit = written.first { $0.group.constraints.contains { $0.id == info.id } }
                    #expect(culprit?.crossesTrees == true, "seed \(seed): \(info) reported as crossing trees")
                    culprit?.group.deactivate()
                    reported.insert(info.id)
                case .invalidConstraint(let info, _):
                    let culprit = written.first { $0.group.constraints.contains { $0.id == info.id } }
                    #expect(culprit?.isMismatched == true, "seed \(seed): \(info) reported invalid")
                    culprit?.group.deactivate()
                    reported.insert(info.id)
                case .unsatisfiable(let conflict):
                    let members = conflict.compactMap { info in written.first { $0.group.constraints.contains { $0.id == info.id } } }
                    #expect(!members.isEmpty, "seed \(seed): a conflict of implicit constraints only: \(conflict)")
                    #expect(members.allSatisfy { $0.priority == .required })
                    members.first?.group.deactivate()
                    for info in conflict { reported.insert(info.id) }
                default:
                    Issue.record("seed \(seed): \(error)")
                    return
                }
            }
        }
        let snapshot = try root.layoutSnapshot()
        let unsatisfied = Set(try root.unsatisfiedConstraints().map(\.constraint.id))

        for w in written where w.group.isActive {
            let id = w.group.constraints[0].id
            // Still active after a successful pass: it must be a constraint of this tree.
            #expect(!w.crossesTrees && !w.isMismatched, "seed \(seed): \(w.group.constraints[0]) was silently dropped")
            guard !w.crossesTrees, !w.isMismatched else { continue }
            let firstChain = Self.ancestry(of: w.first)
            let ancestor: View? = w.second.map { second in
                let secondChain = Self.ancestry(of: second)
                return firstChain.first { view in secondChain.contains { $0 === view } }!
            } ?? firstChain.first
            let origin = ancestor.flatMap { snapshot.entry(for: $0.key)?.frameInRoot.origin } ?? .zero
            guard let firstFrame = snapshot.entry(for: w.first.key)?.frameInRoot else {
                Issue.record("seed \(seed): no frame for \(w.first)"); continue
            }
            let lhs = Self.value(w.firstAttribute, of: firstFrame, origin: origin)
            var rhs = w.constant
            if let second = w.second, let attribute = w.secondAttribute {
                guard let frame = snapshot.entry(for: second.key)?.frameInRoot else {
                    Issue.record("seed \(seed): no frame for \(second)"); continue
                }
                rhs += w.multiplier * Self.value(attribute, of: frame, origin: origin)
            }
            let tolerance = 1e-6 * max(1, abs(lhs), abs(rhs))
            let holds = switch w.relation {
            case .equal: abs(lhs - rhs) <= tolerance
            case .lessThanOrEqual: lhs <= rhs + tolerance
            case .greaterThanOrEqual: lhs >= rhs - tolerance
            }
            if w.priority == .required {
                #expect(holds, "seed \(seed): required \(w.group.constraints[0]) does not hold: \(lhs) vs \(rhs)")
            } else {
                #expect(holds || unsatisfied.contains(id),
                        "seed \(seed): soft \(w.group.constraints[0]) neither holds (\(lhs) vs \(rhs)) nor is listed as unsatisfied")
            }
        }
        // Every constraint across trees or mismatched was reported (the loop above deactivated them).
        for w in written where w.crossesTrees || w.isMismatched {
            #expect(reported.contains(w.group.constraints[0].id) || !w.group.isActive,
                    "seed \(seed): \(w.group.constraints[0]) was neither reported nor deactivated")
        }
        withExtendedLifetime(strangers) {}
    }
}

extension LayoutAnchors {
    /// The anchor of one attribute chosen at run time.
    fileprivate func attribute(_ attribute: LayoutAttribute) -> LayoutAnchors {
        switch attribute {
        case .left: left
        case .right: right
        case .top: top
        case .bottom: bottom
        case .leading: leading
        case .trailing: trailing
        case .width: width
        case .height: height
        case .centerX: centerX
        case .centerY: centerY
        case .firstBaseline: firstBaseline
        case .lastBaseline: lastBaseline
        }
    }
}
