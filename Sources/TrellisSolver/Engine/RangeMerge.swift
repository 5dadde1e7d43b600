/// Required inequalities folded into the error columns of a soft equality on the same expression.
///
/// Layouts say the same thing twice at two strengths: a gap `>= 8` (required) and `== 8`
/// (weak), an inset `>= 4` and `== 4`, a height `>= 10` and `== intrinsic`. As LP rows that is
/// one soft row `expr - e⁺ + e⁻ = t` and one or more required rows `lo <= expr <= hi`. Since
/// `expr = t + e⁺ - e⁻` and an optimum never has both errors positive, the required rows are
/// exactly the bounds `e⁺ ∈ [max(0, lo - t), max(0, hi - t)]`, `e⁻ ∈ [max(0, t - hi), max(0, t - lo)]`:
/// the required rows leave the LP (a grid loses a third of its rows) and the answer is the same.
///
/// Matching is by expression up to a power-of-two factor (so the bounds are exact), on the rows
/// presolve left. Edit rows are never targets (the affine model assumes unbounded errors).
struct RangeMerge {
    /// Sources (indices into ``Component/constraints``) of the required rows folded away.
    private(set) var folded: Set<Int> = []
    /// For each soft equality that absorbed some: the range its expression must stay in.
    private(set) var ranges: [Int: (lower: Double, upper: Double)] = [:]

    init(rows: [Presolve.Row], constraints: [Constraint], protected: [Int]) {
        struct Key: Hashable {
            var variables: [Int]
            var ratios: [UInt64]
        }
        let isProtected = Set(protected)
        /// Terms sorted by variable, and the coefficient everything is divided by.
        func normalized(_ row: Presolve.Row) -> (key: Key, lead: Double) {
            let terms = row.terms.sorted { $0.variable < $1.variable }
            let lead = terms[0].coefficient
            return (Key(variables: terms.map(\.variable), ratios: terms.map { ($0.coefficient / lead).bitPattern }), lead)
        }
        var targets: [Key: (index: Int, lead: Double)] = [:]
        for (index, row) in rows.enumerated() where !row.terms.isEmpty {
            let constraint = constraints[row.source]
            guard !constraint.strength.isRequired, constraint.relation == .equal, !isProtected.contains(row.source) else { continue }
            let (key, lead) = normalized(row)
            if targets[key] == nil { targets[key] = (index, lead) }
        }
        guard !targets.isEmpty else { return }
        var bounds: [Int: (lower: Double, upper: Double, folded: [Int])] = [:]
        for row in rows where !row.terms.isEmpty {
            let constraint = constraints[row.source]
            guard constraint.strength.isRequired, constraint.relation != .equal else { continue }
            let (key, lead) = normalized(row)
            guard let target = targets[key] else { continue }
            // row = k · target's expression + c, with k a power of two: exact.
            let k = lead / target.lead
            guard Presolve.isPowerOfTwo(k) else { continue }
            let limit = -row.constant / k
            guard limit.isFinite else { continue }
            // k·expr + c <= 0 is expr <= -c/k for k > 0; a negative k or >= flips it.
            let isUpper = (constraint.relation == .lessThanOrEqual) == (k > 0)
            var entry = bounds[target.index] ?? (-.infinity, .infinity, [])
            if isUpper { entry.upper = min(entry.upper, limit) } else { entry.lower = max(entry.lower, limit) }
            entry.folded.append(row.source)
            bounds[target.index] = entry
        }
        for (index, entry) in bounds where entry.lower <= entry.upper {
            // (An empty range stays as rows, for the simplex method to report infeasible.)
            ranges[rows[index].source] = (entry.lower, entry.upper)
            folded.formUnion(entry.folded)
        }
    }

    /// The bounds of a soft equality's surplus and shortfall columns for its range, given its
    /// target `t` (the row reads `expr - surplus + shortfall = t`).
    static func errorBounds(target t: Double, range: (lower: Double, upper: Double))
        -> (surplus: LinearProgram.Bound, shortfall: LinearProgram.Bound) {
        func bound(_ low: Double, _ high: Double) -> LinearProgram.Bound {
            high.isFinite ? .range(low, max(low, high)) : .lower(low)
        }
        let surplus = bound(max(0, range.lower - t), max(0, range.upper - t))
        let shortfall = bound(max(0, t - range.upper), max(0, t - range.lower))
        return (surplus, shortfall)
    }
}
