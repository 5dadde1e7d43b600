/// A component with a single unknown, solved in closed form without an LP.
///
/// Layouts have many of them: a height that only its intrinsic size constrains (hugging and
/// compression resistance), a fixed width, an edit variable tied to nothing else. Every
/// constraint reads `a·x + c OP 0`, so the required ones cut an interval `[lower, upper]` and
/// each level of soft ones is a convex piecewise-linear cost in `x` with kinks at `-c/a`. The
/// levels are minimised one after another, highest first, each shrinking the interval to its
/// set of minimisers; that is the lexicographic optimum the LP path computes, exactly (no
/// simplex tolerances), in O(n log n).
///
/// Where the optimum is not unique, the point of the final interval nearest to 0 is returned,
/// as for a variable presolve leaves free.
struct ScalarComponent {
    /// One constraint `coefficient·x + constant OP 0`.
    struct Row {
        var coefficient: Double
        var constant: Double
        var relation: Relation
        var strength: Strength
    }

    let rows: [Row]

    init(rows: [Row]) { self.rows = rows }

    /// `rows` within a variable's bounds, each bound a required row after them (as presolve's
    /// pieces are solved: ``ComponentSolver``, ``ScalarPieces``).
    init(rows: consuming [Row], lower: Double?, upper: Double?) {
        var rows = rows
        if let lower { rows.append(Row(coefficient: 1, constant: -lower, relation: .greaterThanOrEqual, strength: .required)) }
        if let upper { rows.append(Row(coefficient: 1, constant: -upper, relation: .lessThanOrEqual, strength: .required)) }
        self.rows = rows
    }

    /// Whether a variable's `lower` and `upper` limits leave room for it up to the rounding of
    /// their quotients (3x == 1 and 6x == 2 need not give the same one) — relative to the limits
    /// themselves, not to 1: a variable can be tiny (b ≈ 4.6e-14 after `top = 1e15·b − 30` was
    /// substituted away), and limits 2.6e-14 apart there are 26 apart in what depends on it (the
    /// solver fuzzer met a required `top >= 16` answered with top = −10 that way). The one rule
    /// for the closed forms' required kinks and presolve's bounds.
    static func limitsMeet(lower: Double, upper: Double) -> Bool {
        lower - upper <= 1e-9 * max(abs(lower), abs(upper))
    }

    /// The optimal `x`, or nil when the required rows cannot all hold (or a number overflowed:
    /// then the LP path, which judges the validated inputs themselves, decides).
    ///
    /// (On the stack: the soft rows' indices and each level's kinks in temporary buffers, sorted
    /// in place as the arrays they replace were — a layout solves thousands of these, two or
    /// three rows each, and two arrays a solve were most of its cost.)
    func solve() -> Double? {
        rows.withUnsafeBufferPointer { rows in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, rows.count)) { soft in
                Self.solve(rows, soft: soft)
            }
        }
    }

    private static func solve(_ rows: UnsafeBufferPointer<Row>, soft buffer: UnsafeMutableBufferPointer<Int>) -> Double? {
        var lower = -Double.infinity, upper = Double.infinity
        var softCount = 0
        for index in 0..<rows.count {
            let row = rows[index]
            guard row.strength.isRequired else {
                buffer.initializeElement(at: softCount, to: index)
                softCount += 1
                continue
            }
            let kink = -row.constant / row.coefficient
            guard kink.isFinite else { return nil }
            switch row.relation {
            case .equal:
                lower = max(lower, kink)
                upper = min(upper, kink)
            case .lessThanOrEqual, .greaterThanOrEqual:
                // a·x + c <= 0 with a > 0 is x <= kink; a negative a or >= flips it.
                if (row.relation == .lessThanOrEqual) == (row.coefficient > 0) {
                    upper = min(upper, kink)
                } else {
                    lower = max(lower, kink)
                }
            }
        }
        if lower > upper {
            // Equal up to rounding: keep one point. Apart by more: infeasible.
            guard Self.limitsMeet(lower: lower, upper: upper) else { return nil }
            upper = lower
        }
        var soft = UnsafeMutableBufferPointer(rebasing: buffer[..<softCount])
        // Levels, highest first (usually just one: no grouping needed then).
        if soft.contains(where: { rows[$0].strength.level != rows[soft[0]].strength.level }) {
            soft.sort { rows[$0].strength.level > rows[$1].strength.level || (rows[$0].strength.level == rows[$1].strength.level && $0 < $1) }
        }
        guard softCount > 0 else { return min(max(0, lower), upper) }
        return withUnsafeTemporaryAllocation(of: (at: Double, step: Double).self, capacity: softCount) { kinks in
            var start = 0
            while start < soft.count {
                let level = rows[soft[start]].strength.level
                var end = start + 1
                while end < soft.count && rows[soft[end]].strength.level == level { end += 1 }
                guard let narrowed = minimisers(of: UnsafeBufferPointer(rebasing: soft[start..<end]), in: rows,
                                                within: lower, upper, kinks: kinks) else { return nil }
                (lower, upper) = narrowed
                start = end
            }
            return min(max(0, lower), upper)
        }
    }

    /// The interval of points of `[lower, upper]` where Σ weight × violation over `indices`
    /// is least (`kinks`: scratch, at least as long as `indices`).
    private static func minimisers(of indices: UnsafeBufferPointer<Int>, in rows: UnsafeBufferPointer<Row>,
                                   within lower: Double, _ upper: Double,
                                   kinks buffer: UnsafeMutableBufferPointer<(at: Double, step: Double)>) -> (Double, Double)? {
        // Each soft row contributes a kink at -c/a where its slope steps up from `left` to `right`.
        var slope = 0.0      // slope left of every kink
        var magnitude = 0.0  // Σ |slopes|, for the zero test
        var count = 0
        for index in indices {
            let row = rows[index]
            let kink = -row.constant / row.coefficient
            let steepness = row.strength.weight * abs(row.coefficient)
            guard kink.isFinite, steepness.isFinite else { return nil }
            let left: Double, right: Double
            switch row.relation {
            case .equal:
                left = -steepness; right = steepness
            case .lessThanOrEqual:
                // violation max(0, a·x + c): grows right of the kink when a > 0, left of it otherwise.
                (left, right) = row.coefficient > 0 ? (0, steepness) : (-steepness, 0)
            case .greaterThanOrEqual:
                (left, right) = row.coefficient > 0 ? (-steepness, 0) : (0, steepness)
            }
            slope += left
            magnitude += steepness
            buffer.initializeElement(at: count, to: (kink, right - left))
            count += 1
        }
        var kinks = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        kinks.sort { $0.at < $1.at }
        // Sums of the same weights in another order can miss zero by a few ulps.
        let zero = 16 * Double.ulpOfOne * magnitude
        var first = slope >= -zero ? -Double.infinity : Double.nan
        var last = Double.infinity
        var k = 0
        while k < kinks.count {
            let at = kinks[k].at
            while k < kinks.count && kinks[k].at == at {
                slope += kinks[k].step
                k += 1
            }
            if first.isNaN && slope >= -zero { first = at }
            if slope > zero { last = at; break }
        }
        if first.isNaN { first = kinks.last?.at ?? -Double.infinity }
        if last < lower { return (lower, lower) }
        if first > upper { return (upper, upper) }
        return (max(first, lower), min(last, upper))
    }
}
