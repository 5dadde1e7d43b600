import TrellisSupport

/// Auto Layout's rules for which attributes one constraint may relate, checked on every
/// constraint the DSL (and a layout document) makes. A constraint that breaks one carries the
/// reason as its ``LayoutConstraint/problem``: the layout pass throws
/// ``LayoutError/invalidConstraint(_:reason:)`` for it (a layout document rejects it when it is
/// read, with its line and column), so it never lays out.
///
/// The rules (see ``LayoutRelation``):
/// 1. Positions of one axis only: `a~.leading == b~.top` is an error. Sizes may cross axes
///    (`a~.width == a~.height * 2` is an aspect ratio).
/// 2. Leading/trailing or left/right, not both: `a~.leading == b~.left + 10` is an error.
///    `centerX` goes with either.
/// 3. One item on each side (Auto Layout's form, `first = multiplier × second + constant`):
///    a position with a position or a size with a size, never a lone position with a lone size
///    (`a~.width == b~.left` is an error). Any multiplier is allowed; multipliers on positions
///    are proportional within the items' nearest common ancestor.
/// 4. Several items (Trellis's multi-term expressions): the relation must not depend on where
///    the coordinate origin is — the position coefficients cancel (left side minus right side
///    sums to zero), as in `a~.width == b~.right - b~.left` or
///    `c~.centerX == (a~.centerX + b~.centerX) / 2`.
enum PairingRule {
    typealias Operand = LayoutConstraint.Operand

    /// Why a constraint `lhs OP rhs + constant` breaks a rule, or nil when it follows them.
    /// `describe` names an operand as the message should (`a.leading`).
    static func problem(lhs: ArraySlice<Operand>, rhs: ArraySlice<Operand>, describe: (Operand) -> String) -> String? {
        // Auto Layout's own form that follows the rules (two sizes, or two positions of one axis
        // without mixing leading/trailing and left/right): answered without the walk below.
        if lhs.count == 1, rhs.count == 1 {
            let first = lhs[lhs.startIndex].attribute, second = rhs[rhs.startIndex].attribute
            if first.isDimension, second.isDimension { return nil }
            if !first.isDimension, !second.isDimension, first.axis == second.axis,
               !(first.isDirectional && second.isAbsolute), !(first.isAbsolute && second.isDirectional) {
                return nil
            }
        }
        // The first position operand of each kind, found without making a list (this runs for
        // every constraint made).
        var horizontal: Operand?, vertical: Operand?, directional: Operand?, absolute: Operand?
        var hasPositions = false
        func note(_ side: ArraySlice<Operand>) {
            for operand in side where !operand.attribute.isDimension {
                hasPositions = true
                let attribute = operand.attribute
                if attribute.axis == .horizontal { horizontal = horizontal ?? operand } else { vertical = vertical ?? operand }
                if attribute.isDirectional { directional = directional ?? operand }
                if attribute.isAbsolute { absolute = absolute ?? operand }
            }
        }
        note(lhs)
        note(rhs)

        // 1. One axis for positions.
        if let horizontal, let vertical {
            return "it relates a horizontal position (\(describe(horizontal))) to a vertical one "
                + "(\(describe(vertical))); Auto Layout relates positions of one axis only"
        }

        // 2. Leading/trailing or left/right.
        if let directional, let absolute {
            return "it mixes leading/trailing (\(describe(directional))) with left/right (\(describe(absolute))); "
                + "use leading and trailing, or left and right, throughout"
        }

        // 3. Auto Layout's one-item form.
        if lhs.count == 1, rhs.count == 1 {
            let first = lhs[lhs.startIndex], second = rhs[rhs.startIndex]
            if first.attribute.isDimension != second.attribute.isDimension {
                let (position, size) = first.attribute.isDimension ? (second, first) : (first, second)
                return "it relates a position (\(describe(position))) to a size (\(describe(size))); "
                    + "relate positions to positions and sizes to sizes (a size as a difference of positions is "
                    + "written with both edges, as in `a~.width == b~.right - b~.left`)"
            }
            return nil
        }

        // 4. Several items: translation-invariant.
        guard hasPositions else { return nil }
        var sum = 0.0, magnitude = 0.0
        for operand in lhs where !operand.attribute.isDimension {
            sum += operand.coefficient
            magnitude = max(magnitude, abs(operand.coefficient))
        }
        for operand in rhs where !operand.attribute.isDimension {
            sum -= operand.coefficient
            magnitude = max(magnitude, abs(operand.coefficient))
        }
        if abs(sum) <= 1e-9 * max(1, magnitude) { return nil }
        let names = (lhs + rhs).filter { !$0.attribute.isDimension }.map(describe).joined(separator: ", ")
        return "its position terms (\(names)) do not cancel: with several terms a relation must not depend on the "
            + "coordinate origin (the position coefficients, left side minus right side, sum to "
            + "\(NumberFormat.short(sum)) instead of 0), as in `a~.width == b~.right - b~.left`; "
            + "a multiplier on a position needs the one-item form `a~.centerX == b~.centerX * 0.5`"
    }
}
