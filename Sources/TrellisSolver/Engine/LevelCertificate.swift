/// Which non-basic rows and columns of a level's optimal basis have a non-zero reduced cost:
/// exactly those must stay where they are for the level's cost to stay optimal, so fixing them
/// (and nothing else) restricts the problem to the level's optimal face.
///
/// Deciding "non-zero" is where a relative tolerance goes wrong: within one level weights may
/// span 1e-2…1e7 (costs 1…1e9 after ``ComponentSolver/costs(_:)``), and a direction that costs the
/// smallest weight per unit has a reduced cost a billion times below the largest cost, as close
/// to the old tolerance (1e-9 × largest cost) as noise is. So each reduced cost is judged against
/// two thresholds relative to the level's largest cost: above 1e-9 it is certainly non-zero
/// (floating-point noise is far below that), at most 1e-13 it is noise; anything in between makes
/// the whole level re-solve in exact rational arithmetic (`glp_exact`, from the current basis),
/// after which a reduced cost is zero exactly when it reads 0 (GLPK converts the exact rationals).
/// A level already solved exactly (weight ratio beyond 1e9) is judged exactly at once.
struct LevelCertificate {
    /// Non-basic, not yet fixed rows (`k` < row count) and columns (`row count + column`) with a
    /// non-zero reduced cost, in GLPK's joint order.
    let binding: [Int]
    /// Non-basic rows with a non-zero dual, fixed ones included when asked for (the rows
    /// with a price at this level).
    let pricedRows: [Int]
    /// Whether the reduced costs were read from an exact solution.
    let exact: Bool

    /// Reduced costs above this fraction of the level's largest cost are certainly non-zero.
    static let certainlyNonzero = 1e-9
    /// Reduced costs at most this fraction of the level's largest cost are floating-point noise.
    static let noise = 1e-13

    /// Certifies the optimum `lp` holds for a level whose largest cost is `largestCost`.
    /// - Parameters:
    ///   - exact: the current solution already comes from ``LinearProgram/exactPolish(timeLimit:)``.
    ///   - pricingFixedRows: also decide the duals of rows that `skip` leaves out (for
    ///     ``pricedRows``; they then count for the exact re-solve too).
    ///   - skip: joint indices to leave out (already fixed).
    /// - Throws: ``TrellisError/limitExceeded(_:)`` when the exact re-solve runs out of time,
    ///   ``TrellisError/numericalFailure(_:)`` when it fails.
    init(_ lp: LinearProgram, largestCost: Double, exact: Bool, timeLimit: Int?, pricingFixedRows: Bool = false,
         skip: (Int) -> Bool) throws {
        let m = lp.rowCount
        let high = Self.certainlyNonzero * max(1, largestCost), low = Self.noise * max(1, largestCost)
        func classify(exact: Bool) -> (binding: [Int], priced: [Int], undecided: Bool) {
            var binding: [Int] = [], priced: [Int] = []
            var undecided = false
            func nonzero(_ d: Double) -> Bool {
                let magnitude = abs(d)
                if exact ? magnitude != 0 : magnitude > high { return true }
                if !exact && magnitude > low { undecided = true }
                return false
            }
            for row in 0..<m where !lp.rowIsBasic(row) {
                let skipped = skip(row)
                guard !skipped || pricingFixedRows, nonzero(lp.rowDual(row)) else { continue }
                priced.append(row)
                if !skipped { binding.append(row) }
            }
            for column in 0..<lp.columnCount where !skip(m + column) && !lp.columnIsBasic(column) {
                if nonzero(lp.columnDual(column)) { binding.append(m + column) }
            }
            return (binding, priced, undecided)
        }
        var (binding, priced, undecided) = classify(exact: exact)
        var isExact = exact
        if undecided {
            switch lp.exactPolish(timeLimit: timeLimit) {
            case .optimal:
                (binding, priced, _) = classify(exact: true)
                isExact = true
            case .timeLimit:
                throw TrellisError.limitExceeded("the time budget ran out in an exact re-solve deciding a level's optimal face")
            case .infeasible:
                try lp.verify()
                throw TrellisError.numericalFailure("the exact re-solve of an optimal level found it infeasible")
            case .failed(let reason):
                try lp.verify()
                throw TrellisError.numericalFailure("the exact re-solve deciding a level's optimal face failed (\(reason))")
            }
        }
        try lp.verify()
        self.binding = binding
        self.pricedRows = priced
        self.exact = isExact
    }
}
