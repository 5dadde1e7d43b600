import TrellisSupport

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
    /// Per source (index into ``Component/constraints``): whether it is a required row folded away.
    private(set) var isFolded: [Bool]
    /// Whether any row was folded away.
    private(set) var foldsAny = false
    /// Per source: the range a soft equality that absorbed some must keep its expression in
    /// (empty until one does).
    private var rangeOfSource: [(lower: Double, upper: Double)?] = []

    /// The range the soft equality of constraint `source` keeps its expression in, if it absorbed any.
    func range(ofSource source: Int) -> (lower: Double, upper: Double)? {
        rangeOfSource.isEmpty ? nil : rangeOfSource[source]
    }

    // (No dictionary or set: a new key type's storage costs a process's first solve a scan of
    // every protocol conformance the program has. Rows are matched by a fingerprint of their
    // normalized terms in an ``IdentityTable``, and compared term by term on a match.)
    init(rows: [Presolve.Row], constraints: [Constraint], protected: [Int]) {
        isFolded = Array(filled: false, count: constraints.count)
        var isProtected = [Bool](filled: false, count: protected.isEmpty ? 0 : constraints.count)
        for source in protected where source < isProtected.count { isProtected[source] = true }
        // Each soft equality's normalized terms, by fingerprint (the first row of each wins;
        // rows of equal fingerprints but other terms are chained).
        var targets = IdentityTable()
        var targetRow: [Int32] = [], targetLead: [Double] = [], nextTarget: [Int32] = []
        var terms: [(variable: Int, coefficient: Double)] = [], other: [(variable: Int, coefficient: Double)] = []
        /// The target on the chain from `first` whose normalized terms are `terms` (nil: none),
        /// and the chain's last target.
        func match(from first: Int) -> (found: Int?, last: Int) {
            var candidate = first, last = first
            while candidate >= 0 {
                _ = Self.normalize(rows[Int(targetRow[candidate])], into: &other)
                if Self.sameRatios(terms, other) { return (candidate, last) }
                last = candidate
                candidate = Int(nextTarget[candidate])
            }
            return (nil, last)
        }
        for (index, row) in rows.enumerated() where !row.terms.isEmpty {
            let constraint = constraints[row.source]
            guard !constraint.strength.isRequired, constraint.relation == .equal,
                  isProtected.isEmpty || !isProtected[row.source] else { continue }
            let (key, lead) = Self.normalize(row, into: &terms)
            let (first, inserted) = targets.insert(key, Int32(targetRow.count))
            if !inserted {
                // The same terms already have a target: the first row keeps it.
                let (found, last) = match(from: Int(first))
                if found != nil { continue }
                nextTarget[last] = Int32(targetRow.count)
            }
            targetRow.append(Int32(index))
            targetLead.append(lead)
            nextTarget.append(-1)
        }
        guard !targetRow.isEmpty else { return }
        // Each target's range so far, and the required rows folded into it.
        var bounds = [(lower: Double, upper: Double)?](filled: nil, count: targetRow.count)
        var folds: [(target: Int32, source: Int32)] = []
        for row in rows where !row.terms.isEmpty {
            let constraint = constraints[row.source]
            guard constraint.strength.isRequired, constraint.relation != .equal else { continue }
            let (key, lead) = Self.normalize(row, into: &terms)
            guard let first = targets.index(of: key), let candidate = match(from: Int(first)).found else { continue }
            // row = k · target's expression + c, with k a power of two: exact.
            let k = lead / targetLead[candidate]
            guard Presolve.isPowerOfTwo(k) else { continue }
            let limit = -row.constant / k
            guard limit.isFinite else { continue }
            // k·expr + c <= 0 is expr <= -c/k for k > 0; a negative k or >= flips it.
            let isUpper = (constraint.relation == .lessThanOrEqual) == (k > 0)
            var entry = bounds[candidate] ?? (-.infinity, .infinity)
            if isUpper { entry.upper = min(entry.upper, limit) } else { entry.lower = max(entry.lower, limit) }
            bounds[candidate] = entry
            folds.append((Int32(candidate), Int32(row.source)))
        }
        guard !folds.isEmpty else { return }
        rangeOfSource = Array(filled: nil, count: constraints.count)
        for (target, range) in bounds.enumerated() {
            // (An empty range stays as rows, for the simplex method to report infeasible.)
            guard let range, range.lower <= range.upper else { continue }
            rangeOfSource[rows[Int(targetRow[target])].source] = range
        }
        for (target, source) in folds {
            guard let range = bounds[Int(target)], range.lower <= range.upper else { continue }
            isFolded[Int(source)] = true
            foldsAny = true
        }
    }

    /// `row`'s terms sorted by variable, each coefficient divided by the first (`terms`, as
    /// the ratios' bit patterns in `coefficient`), a non-zero fingerprint of them, and the first coefficient.
    private static func normalize(_ row: Presolve.Row, into terms: inout [(variable: Int, coefficient: Double)]) -> (key: UInt64, lead: Double) {
        terms.removeAll(keepingCapacity: true)
        for term in row.terms { terms.append(term) }
        if terms.count > 1 { terms.sort { $0.variable < $1.variable } }
        let lead = terms[0].coefficient
        var key: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in terms.indices {
            terms[index].coefficient = terms[index].coefficient / lead
            key = (key ^ UInt64(bitPattern: Int64(terms[index].variable))) &* 0x100_0000_01B3
            key = (key ^ terms[index].coefficient.bitPattern) &* 0x100_0000_01B3
        }
        return (key | 1, lead)
    }

    /// Whether two normalized rows have the same variables and the same ratios, bit for bit.
    private static func sameRatios(_ a: [(variable: Int, coefficient: Double)], _ b: [(variable: Int, coefficient: Double)]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices where a[index].variable != b[index].variable
            || a[index].coefficient.bitPattern != b[index].coefficient.bitPattern { return false }
        return true
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
