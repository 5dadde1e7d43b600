import TrellisSolver
import TrellisSupport

/// Lowering: a layout constraint (or an implicit row's spec) in the solver's form, a reduced
/// linear row with its relation and strength. Pure functions of the constraint and the scope:
/// the engine decides what to do with the rows (``LayoutEngine``).
enum ConstraintLowering {
    /// The solver form of a DSL constraint, or nil when it does not belong to this layout (its
    /// items meet only above the root: an outer layout's constraint).
    ///
    /// A relation is evaluated in the coordinate space of its items' nearest common ancestor, as
    /// in Auto Layout. The solver's variables are global (the root's superview's space), so a
    /// position `p` enters as `p − origin`, where `origin` is that ancestor's left (top) edge.
    /// When the position coefficients cancel (`a.left == b.right + 8`, every relation of
    /// Auto Layout's form without a multiplier) the origins cancel too and nothing is added;
    /// otherwise (`dot.centerX == container.centerX * 0.5`) the ancestor's edge enters the row.
    ///
    /// In a right-to-left relation (the first item is right-to-left and the relation names
    /// leading or trailing), leading and trailing are the right and left edges measured
    /// leftwards (``LayoutAttribute``), and so is `centerX`: `c.centerX == a.leading` puts the
    /// centre on `a`'s right edge, and a positive constant points in the reading direction.
    static func lower(_ constraint: LayoutConstraint, in scope: LayoutScope) throws -> LoweredRow? {
        if let problem = constraint.problem {
            throw LayoutError.invalidConstraint(constraint.info, reason: problem)
        }
        // The resolved operands live on the stack for the call (an array of them, allocated and
        // freed per constraint, was a sixth of lowering one).
        let count = constraint.operands.count
        return try withUnsafeTemporaryAllocation(of: ResolvedOperand.self, capacity: count) { buffer in
            var operands = ResolvedOperands(buffer: buffer)
            defer { operands.deinitialize() }
            try resolveOperands(of: constraint, in: scope, into: &operands)
            // Scope: every item must be in this layout; items meeting above the root belong to an
            // outer layout; items in different trees are an error.
            if operands.outside {
                let tops = operands.resolved.map { LayoutScope.topmostAncestor(of: $0.item) }
                if let first = tops.first, let top = first, tops.allSatisfy({ $0 === top }) { return nil }
                throw LayoutError.noCommonAncestor(constraint.info)
            }
            guard constraint.priority.isValid else {
                throw LayoutError.invalidConstraint(constraint.info,
                                                    reason: "priority \(NumberFormat.priority(constraint.priority)) is outside 1...1000")
            }
            let expression = Self.expression(of: operands, constant: constraint.loweredConstant, attribute: constraint.constantAttribute)
            if let problem = Self.numberProblem(expression) {
                throw LayoutError.invalidConstraint(constraint.info, reason: problem)
            }
            return LoweredRow(expression: expression, relation: constraint.relation,
                              strength: .priority(constraint.priority))
        }
    }

    /// The constant of `constraint`'s row — what ``lower(_:in:)`` would give as its
    /// expression's constant, computed the same way in the same order, so the same to the last
    /// bit — without making the row: for a constraint whose constant alone changed since its
    /// row was made (``LayoutConstraint/noteChange(constantOnly:)``), the rest of the row stands.
    /// Nil when the full lowering must judge (an item gone or outside the layout, an unusable
    /// constant: it throws what applies). `scratch` takes the terms on the way (the same
    /// ``LayoutItem/accumulate(_:direction:scale:into:constant:)`` as a full lowering: the
    /// same sums), emptied after.
    static func loweredConstant(of constraint: LayoutConstraint, in scope: LayoutScope, scratch: inout [Term]) -> Double? {
        guard constraint.problem == nil else { return nil }
        let count = constraint.operands.count
        return withUnsafeTemporaryAllocation(of: ResolvedOperand.self, capacity: count) { buffer in
            var operands = ResolvedOperands(buffer: buffer)
            defer { operands.deinitialize() }
            guard (try? resolveOperands(of: constraint, in: scope, into: &operands)) != nil, !operands.outside else { return nil }
            var constant = -constraint.loweredConstant.value(for: constraint.constantAttribute, direction: operands.leftDirection)
            let mirrored = operands.mirrored
            defer { scratch.removeAll(keepingCapacity: true) }
            for operand in operands.resolved {
                operand.item.accumulate(operand.attribute, direction: operand.direction, scale: operand.scale(mirrored: mirrored),
                                        into: &scratch, constant: &constant)
            }
            constant += 0     // (as ``LinearExpression/init(reducing:constant:)``)
            return NumberCheck.isUsable(constant) ? constant : nil
        }
    }

    /// An operand with its item resolved: `scale × item.attribute` (the scale is negated on the right side).
    /// Lives within one lowering, while the constraint's items are alive (a weak reference
    /// resolved them): the item is not retained, and the buffer needs no releasing.
    private struct ResolvedOperand {
        unowned(unsafe) let item: LayoutItem
        let attribute: LayoutAttribute
        let scale: Double
        let direction: LayoutDirection

        /// The scale the operand's attribute enters the row with: `centerX` in a right-to-left
        /// relation is measured leftwards (see ``ConstraintLowering/lower(_:in:)``).
        func scale(mirrored: Bool) -> Double {
            attribute == .centerX && mirrored ? -scale : scale
        }
    }

    /// A constraint's operands with their items resolved (``ResolvedOperand``), in a buffer the
    /// caller provides, and what lowering needs to know about them.
    private struct ResolvedOperands {
        let buffer: UnsafeMutableBufferPointer<ResolvedOperand>
        /// How many operands are resolved (initialized in ``buffer``).
        var count = 0
        /// Whether an item is outside this layout.
        var outside = false
        /// The layout direction of the first item (left to right if outside).
        var leftDirection = LayoutDirection.leftToRight
        /// Whether an operand names leading or trailing.
        var namesDirectional = false

        init(buffer: UnsafeMutableBufferPointer<ResolvedOperand>) { self.buffer = buffer }

        var resolved: UnsafeMutableBufferPointer<ResolvedOperand> { UnsafeMutableBufferPointer(rebasing: buffer[..<count]) }

        /// Whether the relation is right-to-left and names leading or trailing (its `centerX`
        /// then measured leftwards too).
        var mirrored: Bool { namesDirectional && leftDirection == .rightToLeft }

        mutating func append(_ operand: ResolvedOperand) {
            buffer.initializeElement(at: count, to: operand)
            count += 1
        }

        /// Ends the resolved operands' lifetime (nothing to release while they hold no
        /// references; the buffer is the caller's).
        mutating func deinitialize() {
            if count > 0 { _ = resolved.deinitialize() }
            count = 0
        }
    }

    /// Resolves every operand of `constraint` to a live item; notes whether all of them are in this layout.
    private static func resolveOperands(of constraint: LayoutConstraint, in scope: LayoutScope,
                                        into operands: inout ResolvedOperands) throws {
        // (Both sides in one list: the right side's, from `rhsStart` on, enter negated.)
        let all = constraint.operands, rhsStart = constraint.lhsCount
        for index in all.indices {
            let item = try Self.item(of: all[index].target, constraint: constraint)
            let direction = scope.direction(ofMember: item)
            if direction == nil { operands.outside = true }
            if index == 0 && rhsStart > 0 { operands.leftDirection = direction ?? .leftToRight }
            let attribute = all[index].attribute
            if attribute.isDirectional { operands.namesDirectional = true }
            let coefficient = all[index].coefficient
            operands.append(ResolvedOperand(item: item, attribute: attribute,
                                            scale: index < rhsStart ? coefficient : -coefficient,
                                            direction: direction ?? .leftToRight))
        }
    }

    /// The live item an operand names.
    private static func item(of target: LayoutConstraint.Operand.Target, constraint: LayoutConstraint) throws -> LayoutItem {
        switch target {
        case .item(let box):
            // An item that no longer exists was never part of this hierarchy (views in
            // it are kept alive by their superviews, guides by their views).
            guard let live = box.value else { throw LayoutError.noCommonAncestor(constraint.info) }
            return live
        case .superviewOf(let box):
            guard let live = box.value else { throw LayoutError.noCommonAncestor(constraint.info) }
            guard let parent = live.shorthandParent else {
                throw LayoutError.missingSuperview(constraint.info)
            }
            return parent
        case .missing:
            throw LayoutError.invalidConstraint(constraint.info, reason: "an item is nil")
        }
    }

    /// The reduced row of resolved operands and a constant: each operand's terms, positions made
    /// relative to the nearest common ancestor's origin where they do not cancel.
    private static func expression(of operands: ResolvedOperands, constant value: LayoutConstant,
                                   attribute: LayoutAttribute) -> LinearExpression {
        var terms: [Term] = []
        terms.reserveCapacity(operands.count * 2 + 1)
        var constant = -value.value(for: attribute, direction: operands.leftDirection)
        let mirrored = operands.mirrored
        // The net coefficient of positions per axis: how much the row moves when the origin does.
        var horizontalShift = 0.0, verticalShift = 0.0, largest = 0.0
        for operand in operands.resolved {
            let scale = operand.scale(mirrored: mirrored)
            largest = max(largest, abs(scale))
            switch operand.attribute {
            case .width, .height:
                break
            case .leading, .trailing:
                horizontalShift += operand.direction == .rightToLeft ? -scale : scale
            case .left, .right, .centerX:
                horizontalShift += scale
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline:
                verticalShift += scale
            }
            operand.item.accumulate(operand.attribute, direction: operand.direction, scale: scale,
                                    into: &terms, constant: &constant)
        }
        // Shifts that cancel up to rounding (0.1 + 0.2 − 0.3) are translation-invariant (PairingRule).
        if abs(horizontalShift) <= 1e-9 * largest { horizontalShift = 0 }
        if abs(verticalShift) <= 1e-9 * largest { verticalShift = 0 }
        if horizontalShift != 0 || verticalShift != 0,
           let ancestor = LayoutScope.nearestCommonAncestor(of: operands.resolved.map(\.item)) {
            // Positions relative to the ancestor's origin: subtract shift × origin.
            if horizontalShift != 0 { terms.append(Term(ancestor.variables.left, -horizontalShift)) }
            if verticalShift != 0 { terms.append(Term(ancestor.variables.top, -verticalShift)) }
        }
        return LinearExpression(reducing: terms, constant: constant)
    }

    /// The solver form of an implicit row (``ImplicitSpec``), its item in `direction`.
    static func lower(_ spec: ImplicitSpec, direction: LayoutDirection) throws -> LoweredRow {
        var terms: [Term] = []
        var constant = -spec.value
        spec.item.accumulate(spec.attribute, direction: direction, scale: 1, into: &terms, constant: &constant)
        for other in spec.others {
            other.item.accumulate(other.attribute, direction: direction, scale: -other.coefficient,
                                  into: &terms, constant: &constant)
        }
        let expression = LinearExpression(reducing: terms, constant: constant)
        if !spec.priority.isValid {
            throw LayoutError.invalidConstraint(spec.makeConstraint().info,
                                                reason: "priority \(NumberFormat.priority(spec.priority)) is outside 1...1000")
        }
        if let problem = Self.numberProblem(expression) {
            throw LayoutError.invalidConstraint(spec.makeConstraint().info, reason: problem)
        }
        return LoweredRow(expression: expression, relation: spec.relation, strength: .priority(spec.priority))
    }

    /// Why a lowered expression cannot go to the solver (the solver's own limits), or nil.
    private static func numberProblem(_ expression: LinearExpression) -> String? {
        // (Every row is checked: the usable case, nearly all, is found on the coefficients alone,
        // without copying a term or making a message.)
        let usable = expression.terms.withUnsafeBufferPointer { terms in
            terms.indices.allSatisfy { NumberCheck.isUsable(terms[$0].coefficient) }
        }
        if usable, NumberCheck.isUsable(expression.constant) { return nil }
        for term in expression.terms {
            if let text = NumberCheck.problem(term.coefficient) { return "the coefficient of \(term.variable) \(text)" }
        }
        return NumberCheck.problem(expression.constant).map { "the constant \($0)" }
    }

}

/// A lowered constraint: the reduced row, its relation and strength.
struct LoweredRow {
    let expression: LinearExpression
    let relation: Relation
    let strength: Strength

    /// Whether the solver constraint already states exactly this.
    func matches(_ constraint: Constraint) -> Bool {
        expression.constant == constraint.expression.constant && matchesExceptConstant(constraint)
    }

    /// Whether the solver constraint states this but for the constant.
    func matchesExceptConstant(_ constraint: Constraint) -> Bool {
        guard relation == constraint.relation, strength == constraint.strength,
              expression.terms.count == constraint.expression.terms.count else { return false }
        for (a, b) in zip(expression.terms, constraint.expression.terms) {
            if a.variable !== b.variable || a.coefficient != b.coefficient { return false }
        }
        return true
    }
}
