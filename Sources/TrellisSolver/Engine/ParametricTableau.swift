import TrellisSupport

/// The last optimal basis of a component's LP, kept in Swift so that an edit step that leaves the
/// basis-preserving range can follow the basis along the move instead of calling GLPK again.
///
/// The LP is GLPK's form: auxiliary variables `r = A x` (one per row, index `i` < m) and columns
/// `x` (index m + j), each with bounds; jointly `[I | -A] z = 0`. A change of an edit row's
/// constant shifts that row's bounds. Parametrising the shift by t in [0, 1], the basic values
/// move linearly until one of them reaches a bound (a breakpoint); there the basis changes by a
/// dual simplex pivot (the blocking variable leaves at that bound, the entering one is chosen by
/// the dual ratio test, so the basis stays dual feasible — optimal), and the move continues from
/// the new basis, until t = 1. The end point is an optimal vertex for the new constants, the same
/// optimum a cold solve finds (up to ties between optimal vertices).
///
/// The basis inverse is dense (m × m), built from the basis matrix by Gauss–Jordan elimination at
/// the first move and updated by each pivot, so it is only kept for LPs of at most
/// ``maximumRows`` rows (a larger LP is followed block by block when it falls apart into
/// smaller ones: ``SplitTableau``).
///
/// With several priority levels the objective is lexicographic: one cost vector per level,
/// highest first, and a basis is optimal when every non-basic variable's reduced costs, read
/// level by level, first differ from zero with the sign its bound needs. The dual ratio test
/// then compares level by level (the lowest ratio at the highest level, ties broken by the next
/// level), and a pivot updates every level's reduced costs, so the basis stays optimal for each
/// level in turn: the end point is the lexicographic optimum for the new constants, what the
/// level-by-level simplex runs find (up to ties). GLPK's last basis is such a basis: each level
/// was solved with the higher levels' optimal faces fixed, and a variable fixed there had a
/// reduced cost of the right sign at that level, zero at the ones above. (Checked when the
/// inverse is built: a level skipped at zero error, never run, can leave a basis that is not;
/// then the move is given up and the component solved again with every level run,
/// ``ComponentState/solvesEveryLevel``, so that the moves after it can follow its basis.) A move of several levels that pivoted and ends where the
/// optimum may not be the only one is given up too — some non-basic variable with a zero reduced
/// cost at every level that could move off its bound (``optimumIsUnique()``): which optimum a
/// layout gets must not depend on the path to it (GLPK solving again picks the one a fresh
/// solve picks).
///
/// Any numerical doubt (a tiny pivot, a basis that does not hold its bounds or optimality after
/// the move, too many pivots) returns nil and the caller re-solves with the simplex method.
struct ParametricTableau {
    /// A row's shift: the row, and how far its bounds move. (Unlabelled, as ``JournalEntry``: a
    /// labelled tuple is a type of its own, made by the runtime the first time a process meets
    /// it, at a first resize; the cold pass has made this one.)
    typealias Shift = (Int, Double)

    /// The largest LP (rows) whose basis inverse is kept: 512² doubles are 2 MB.
    static let maximumRows = 512

    let m: Int
    let n: Int
    /// The LP as read, until the first move builds the arrays below from it (most tableaux of
    /// a layout are never moved: their components step without breakpoints, or not at all).
    var pending: Inputs?
    /// The columns of A (sparse, by column): rows and values of column j in start[j]..<start[j+1].
    var start: [Int32] = []
    var entryRow: [Int32] = []
    var entryValue: [Double] = []
    /// The objective's priority levels (1: one weighted sum).
    var levels = 1
    /// Objective coefficient of every joint variable (rows: 0), level by level, highest first:
    /// level l's at `l · (m + n) + k`.
    var cost: [Double] = []
    /// Each level's largest |cost|, the scale of its reduced-cost tolerances.
    var costScale: [Double] = []
    /// The joint variables with a non-zero cost at the lowest level (``objectiveValue`` sums
    /// over these only).
    var costed: [Int32] = []
    /// Bounds of every joint variable (rows first); moved rows' bounds shift with each move.
    var lower: [Double] = []
    var upper: [Double] = []
    /// The joint variable basic at each position.
    var header: [Int32] = []
    /// The position of each joint variable in ``header``, or -1 when non-basic.
    var positionOf: [Int32] = []
    /// Current values of every joint variable.
    var value: [Double] = []
    /// Whether each non-basic variable stands at its upper bound (else its lower bound, or 0 when free).
    var atUpper: [Bool] = []
    /// The basis inverse, row-major (m × m); empty until the first move.
    var inverse: [Double] = []
    /// Reduced costs of every joint variable (0 for basic ones), level by level as ``cost``;
    /// valid once ``inverse`` is built.
    var reducedCost: [Double] = []
    /// Pivots since the reduced costs were last computed from scratch (the updates of each
    /// pivot drift a little; every ``refreshInterval`` pivots they are recomputed).
    var pivotsSinceRefresh = 0
    /// Whether a move was given up because the basis read is not optimal at every level (a
    /// level the solve skipped at zero error, ``ComponentSolver/skipsLevelsAtZeroError``).
    var notOptimalAtEveryLevel = false
    static let refreshInterval = 16

    /// Work arrays of a move, kept between moves (no allocation per step); one may serve
    /// several tableaux (the blocks of a ``SplitTableau``), each move leaving it as it found it.
    struct Scratch {
        /// Per joint variable: how fast its bounds move (non-zero for the moving rows only).
        var rate: [Double] = []
        var moving: [Int] = []
        /// Velocities of the basic variables.
        var g: [Double] = []
        /// The pivot row of the tableau, per joint variable.
        var alphaRow: [Double] = []
        /// The entering column of the tableau, per position.
        var w: [Double] = []
        /// The non-basic variables still in the running in the dual ratio test.
        var candidates: [Int32] = []
        /// Where the moving rows' bounds end (emptied at each move).
        var ends: [Target] = []

        /// Makes room for a tableau of `m` rows and `n` columns.
        mutating func fit(m: Int, n: Int) {
            if rate.count < m + n {
                rate = Array(filled: 0, count: m + n)
                alphaRow = rate
            }
            if g.count < m {
                g = Array(filled: 0, count: m)
                w = g
            }
        }
    }
    private var scratch = Scratch()

    /// A tableau of the LP as ComponentSolver read it (see ``Inputs``), built at its first move.
    init(_ inputs: Inputs) {
        m = inputs.rows.count
        n = inputs.columnValues.count
        pending = inputs
    }

    /// The values of the columns.
    var columnValues: ArraySlice<Double> { value[m...] }

    /// The most pivots one move may make before it is given up (degenerate cycling).
    var pivotLimit: Int { 2 * m + 20 }

    /// Whether the basis inverse has been built (at the first move).
    var isFactorized: Bool { !inverse.isEmpty }

    /// The LP's objective (its lowest level's) at the current values.
    var objectiveValue: Double {
        let lowest = (levels - 1) * (m + n)
        var sum = 0.0
        for k in costed { sum += cost[lowest + Int(k)] * value[Int(k)] }
        return sum
    }

    /// The value of column `j`.
    func columnValue(_ j: Int) -> Double { value[m + j] }

    /// The bounds of the variable basic at position `p`.
    func bounds(atPosition p: Int) -> (lower: Double, upper: Double) {
        let k = Int(header[p])
        return (lower[k], upper[k])
    }

    /// Whether row `i` is basic.
    func rowIsBasic(_ i: Int) -> Bool { positionOf[i] >= 0 }

    /// The position of row `i` in the basis, nil when it is not basic.
    func basicPosition(ofRow i: Int) -> Int? { positionOf[i] >= 0 ? Int(positionOf[i]) : nil }

    /// How the basic variables move per unit of row `i`'s value (row `i` non-basic): the tableau
    /// column `-B⁻¹ e_i`, as (position, change) with zeros left out.
    /// (Into `entries`, emptied first: its storage is reused from one basis to the next.)
    func direction(ofRow i: Int, into entries: inout [(position: Int, alpha: Double)]) {
        Self.direction(ofRow: i, inverse: inverse, m: m, offset: 0, into: &entries)
    }

    /// ``direction(ofRow:into:)`` from the inverse of a basis of `m` rows, positions moved by `offset`.
    static func direction(ofRow i: Int, inverse: [Double], m: Int, offset: Int, into entries: inout [(position: Int, alpha: Double)]) {
        entries.removeAll(keepingCapacity: true)
        entries.reserveCapacity(m)
        inverse.withUnsafeBufferPointer { inverse in
            for p in 0..<m {
                let alpha = -inverse[p * m + i]
                if abs(alpha) > 1e-13 { entries.append((offset + p, alpha)) }
            }
        }
    }

    /// The reduced cost of row `i` (the change of the LP objective, its lowest level's, per unit
    /// of its value).
    func rowReducedCost(_ i: Int) -> Double { reducedCost[(levels - 1) * (m + n) + i] }

    /// Moves the bounds of the given rows by the given amounts (a constant's change shifts its
    /// row's bounds by minus that change), following the optimal basis through every breakpoint.
    /// Returns the number of pivots made, or nil — leaving `self` in an unspecified state, so
    /// callers move a copy — when the move cannot be followed safely.
    /// What a move did: its pivots, the LP's objective before and after, the columns' values.
    struct Moved {
        var pivots: Int
        var objectiveBefore: Double
        var objectiveAfter: Double
        var columnValues: ArraySlice<Double>
    }

    /// ``move(_:pivotLimit:)`` with what the caller reads afterwards (read here, in place, so
    /// that the caller does not copy the tableau to read it).
    mutating func move(_ shifts: ArraySlice<Shift>) -> Moved? {
        // Taken out by swapping (no copy: a copy and its write-back retain and release every array).
        var s = Scratch()
        swap(&s, &scratch)
        defer { swap(&s, &scratch) }
        return move(shifts, scratch: &s)
    }

    /// ``move(_:)`` with work arrays of the caller's, and where given the bounds the moved rows
    /// end at (`targets`, rows of `shifts` each: the caller computes them in one expression, as
    /// a fresh solve would, rather than as start plus shift).
    mutating func move(_ shifts: ArraySlice<Shift>, scratch s: inout Scratch,
                       targets: ArraySlice<Target> = []) -> Moved? {
        build()
        let before = objectiveValue
        guard let pivots = move(shifts, pivotLimit: pivotLimit, s: &s, targets: targets) else { return nil }
        return Moved(pivots: pivots, objectiveBefore: before, objectiveAfter: objectiveValue, columnValues: value[m...])
    }

    private mutating func move(_ shifts: ArraySlice<Shift>, pivotLimit: Int, s: inout Scratch,
                               targets: ArraySlice<Target>) -> Int? {
        guard factorizeNow() else { return nil }
        s.fit(m: m, n: n)
        defer {
            for r in s.moving { s.rate[r] = 0 }
            s.moving.removeAll(keepingCapacity: true)
        }
        for (row, amount) in shifts where amount != 0 {
            if s.rate[row] == 0 { s.moving.append(row) }
            s.rate[row] += amount
        }
        // Where the moving rows' bounds (and the values of those that stay non-basic) end: their
        // start plus the whole rate, set exactly at the end — a sum of the steps' shares
        // (step × rate, over several pivots) lands a unit in the last place away from it.
        // (In the scratch, as the other work arrays: an array made per move went through the
        // standard library's generic allocation.)
        s.ends.removeAll(keepingCapacity: true)
        for r in s.moving { s.ends.append(Target(row: r, lower: lower[r] + s.rate[r], upper: upper[r] + s.rate[r])) }
        for target in targets {
            if let k = s.ends.firstIndex(where: { $0.row == target.row }) { s.ends[k] = target }
        }
        var t = 0.0
        var pivots = 0
        while true {
            // The basic variables' velocities: -B⁻¹ Σ e_r rate_r over the moving non-basic rows.
            let m = m
            s.g.withUnsafeMutableBufferPointer { g in
                for p in 0..<m { g[p] = 0 }
                inverse.withUnsafeBufferPointer { inverse in
                    for r in s.moving where positionOf[r] < 0 {
                        let amount = s.rate[r]
                        for p in 0..<m { g[p] -= inverse[p * m + r] * amount }
                    }
                }
            }
            let (step, leave, toUpper) = primalRatioTest(s, limit: 1 - t)
            value.withUnsafeMutableBufferPointer { value in
                header.withUnsafeBufferPointer { header in
                    for p in 0..<m { value[Int(header[p])] += step * s.g[p] }
                }
                for r in s.moving where positionOf[r] < 0 { value[r] += step * s.rate[r] }
            }
            for r in s.moving {
                lower[r] += step * s.rate[r]
                upper[r] += step * s.rate[r]
            }
            t += step
            guard leave >= 0 else { break }
            pivots += 1
            guard pivots <= pivotLimit else { return nil }
            let k = Int(header[leave])
            value[k] = toUpper ? upper[k] : lower[k]
            guard let q = enteringVariable(leaving: leave, toUpper: toUpper, alphaRow: &s.alphaRow,
                                           candidates: &s.candidates) else { return nil }
            guard pivot(leave: leave, toUpper: toUpper, enter: q, alphaRow: s.alphaRow, w: &s.w) else { return nil }
        }
        let exact = pivots > 0 || !targets.isEmpty
        if exact {
            for end in s.ends {
                let r = end.row
                lower[r] = end.lower
                upper[r] = end.upper
                // A non-basic row stands at one of its bounds: the nearer one, now exact.
                guard positionOf[r] < 0 else { continue }
                if abs(value[r] - end.upper) <= abs(value[r] - end.lower) {
                    if end.upper.isFinite { value[r] = end.upper }
                } else if end.lower.isFinite {
                    value[r] = end.lower
                }
            }
        }
        if levels > 1 && pivots > 0 && !optimumIsUnique() { return nil }
        pivotsSinceRefresh += pivots
        return finish(exact: exact, rhs: &s.g) ? pivots : nil
    }

    /// The primal ratio test: how far (at most `limit`) the move goes before the first basic
    /// variable reaches a bound (which may itself move), and which one (-1: none) at which bound.
    private func primalRatioTest(_ s: Scratch, limit: Double) -> (step: Double, leave: Int, toUpper: Bool) {
        var step = limit
        var leave = -1
        var toUpper = false
        var leaveSpeed = 0.0
        for p in 0..<m {
            let k = Int(header[p])
            let speed = s.g[p] - s.rate[k]   // relative to the bounds, which move at rate[k]
            if abs(speed) <= 1e-14 { continue }
            let room: Double
            if speed < 0 {
                guard lower[k] > -.infinity else { continue }
                room = max(0, value[k] - lower[k]) / -speed
            } else {
                guard upper[k] < .infinity else { continue }
                room = max(0, upper[k] - value[k]) / speed
            }
            if room < step || (leave >= 0 && room == step && abs(speed) > leaveSpeed) {
                step = room
                leave = p
                toUpper = speed > 0
                leaveSpeed = abs(speed)
            }
        }
        return (step, leave, toUpper)
    }

    /// The dual ratio test on row `leave` of the tableau: the non-basic variable whose reduced
    /// cost reaches zero first as the leaving variable's reduced cost grows from zero with the
    /// sign its bound needs (Harris's two passes: the largest pivot among near ties). With
    /// several levels the test runs level by level: the highest level's near ties go on to the
    /// next level's test, and so on; the largest pivot among the last ties enters. Fills
    /// `alphaRow` with the row for the non-basic variables.
    private func enteringVariable(leaving leave: Int, toUpper: Bool, alphaRow: inout [Double],
                                  candidates: inout [Int32]) -> Int? {
        let sigma = toUpper ? 1.0 : -1.0
        let rowStart = leave * m
        let m = m, n = n
        var largest = 0.0
        positionOf.withUnsafeBufferPointer { positionOf in
            inverse.withUnsafeBufferPointer { inverse in
                alphaRow.withUnsafeMutableBufferPointer { alphaRow in
                    for j in 0..<m where positionOf[j] < 0 {
                        alphaRow[j] = inverse[rowStart + j]
                        largest = max(largest, abs(alphaRow[j]))
                    }
                    for j in 0..<n where positionOf[m + j] < 0 {
                        var sum = 0.0
                        for e in Int(start[j])..<Int(start[j + 1]) { sum -= inverse[rowStart + Int(entryRow[e])] * entryValue[e] }
                        alphaRow[m + j] = sum
                        largest = max(largest, abs(sum))
                    }
                }
            }
        }
        let pivotTolerance = 1e-9 * max(1, largest)
        candidates.removeAll(keepingCapacity: true)
        // The variables that can enter at all: not fixed, and a pivot of the sign their bound needs.
        positionOf.withUnsafeBufferPointer { positionOf in
            alphaRow.withUnsafeBufferPointer { alphaRow in
                for k in 0..<(m + n) where positionOf[k] < 0 && lower[k] < upper[k] {
                    let s = sigma * alphaRow[k]
                    guard abs(s) > pivotTolerance else { continue }
                    let free = lower[k] == -.infinity && upper[k] == .infinity
                    if free || (atUpper[k] ? s < 0 : s > 0) { candidates.append(Int32(k)) }
                }
            }
        }
        guard !candidates.isEmpty else { return nil }
        for level in 0..<levels {
            let base = level * (m + n)
            let slack = 1e-9 * costScale[level]
            lower.withUnsafeBufferPointer { lower in
                upper.withUnsafeBufferPointer { upper in
                    reducedCost.withUnsafeBufferPointer { reducedCost in
                        atUpper.withUnsafeBufferPointer { atUpper in
                            alphaRow.withUnsafeBufferPointer { alphaRow in
                                /// The ratio of variable k at this level: its reduced cost with the sign
                                /// its bound needs over the pivot's size. At the highest level a value
                                /// of the wrong sign (within the tolerance) counts as 0; below, the
                                /// sign counts: a variable that ties at the levels above and would
                                /// go wrong at this one must enter first.
                                func ratio(_ k: Int) -> Double {
                                    let d = reducedCost[base + k]
                                    let free = lower[k] == -.infinity && upper[k] == .infinity
                                    if free { return abs(d) / abs(alphaRow[k]) }
                                    let signed = atUpper[k] ? -d : d
                                    return (level == 0 ? max(0, signed) : signed) / abs(alphaRow[k])
                                }
                                var bound = Double.infinity
                                for k in candidates { bound = min(bound, ratio(Int(k)) + slack / abs(alphaRow[Int(k)])) }
                                candidates.removeAll { ratio(Int($0)) > bound }
                            }
                        }
                    }
                }
            }
        }
        var best = -1
        var bestSize = 0.0
        for k in candidates where abs(alphaRow[Int(k)]) > bestSize {
            bestSize = abs(alphaRow[Int(k)])
            best = Int(k)
        }
        return best >= 0 ? best : nil
    }

    /// Makes `enter` basic in place of the variable at position `leave`: updates the reduced
    /// costs and the basis inverse. False when the pivot is numerically unsafe.
    private mutating func pivot(leave: Int, toUpper: Bool, enter q: Int, alphaRow: [Double], w: inout [Double]) -> Bool {
        // The entering column of the tableau, B⁻¹ M_q.
        let size = m
        w.withUnsafeMutableBufferPointer { w in
            inverse.withUnsafeBufferPointer { inverse in
                if q < size {
                    for p in 0..<size { w[p] = inverse[p * size + q] }
                } else {
                    let j = q - size
                    for p in 0..<size { w[p] = 0 }
                    for e in Int(start[j])..<Int(start[j + 1]) {
                        let i = Int(entryRow[e]), a = entryValue[e]
                        for p in 0..<size { w[p] -= inverse[p * size + i] * a }
                    }
                }
            }
        }
        let element = w[leave]
        guard abs(element) > 1e-11, abs(element - alphaRow[q]) <= 1e-7 * max(1, abs(element)) else { return false }
        let k = Int(header[leave])
        let m = m, n = n
        reducedCost.withUnsafeMutableBufferPointer { reducedCost in
            positionOf.withUnsafeBufferPointer { positionOf in
                for level in 0..<levels {
                    let base = level * (m + n)
                    let thetaDual = reducedCost[base + q] / element
                    for j in 0..<(m + n) where positionOf[j] < 0 && j != q {
                        reducedCost[base + j] -= thetaDual * alphaRow[j]
                    }
                    reducedCost[base + k] = -thetaDual
                    reducedCost[base + q] = 0
                }
            }
        }
        // B⁻¹ ← E B⁻¹: divide the pivot row, eliminate the column from the others.
        let rowStart = leave * m
        let scale = 1 / element
        inverse.withUnsafeMutableBufferPointer { b in
            for c in 0..<m { b[rowStart + c] *= scale }
            for p in 0..<m where p != leave && w[p] != 0 {
                let factor = w[p]
                let target = p * m
                for c in 0..<m { b[target + c] -= factor * b[rowStart + c] }
            }
        }
        header[leave] = Int32(q)
        positionOf[q] = Int32(leave)
        positionOf[k] = -1
        atUpper[k] = toUpper
        return true
    }

    /// Checks that the basis is primal feasible. After a move that pivoted or whose rows were
    /// set to given end bounds (`exact`), the basic values are computed again from the non-basic
    /// values and the inverse first: the updates of each pivot (value += step × velocity) drift a
    /// little, and a value that should have landed on 63 would stay at 62.99999999999997 (a text
    /// measured at that width wraps where a fresh tree's, at 63, does not). Every
    /// ``refreshInterval`` pivots the reduced costs are computed again too, and the basis checked
    /// to be dual feasible.
    /// (`rhs`: room for `m` values, written over: the velocities' work array, free by then.)
    private mutating func finish(exact: Bool, rhs: inout [Double]) -> Bool {
        guard exact else {
            for p in 0..<m {
                let k = Int(header[p])
                let tolerance = 1e-9 * max(1, abs(value[k]))
                if value[k] < lower[k] - tolerance || value[k] > upper[k] + tolerance { return false }
            }
            return true
        }
        // B z_B = -N z_N.
        for c in 0..<m { rhs[c] = 0 }
        for k in 0..<(m + n) where positionOf[k] < 0 && value[k] != 0 {
            if k < m {
                rhs[k] -= value[k]
            } else {
                let j = k - m
                for e in Int(start[j])..<Int(start[j + 1]) { rhs[Int(entryRow[e])] += entryValue[e] * value[k] }
            }
        }
        for p in 0..<m {
            var sum = 0.0
            let rowStart = p * m
            for c in 0..<m where rhs[c] != 0 { sum += inverse[rowStart + c] * rhs[c] }
            let k = Int(header[p])
            let tolerance = 1e-9 * max(1, abs(sum))
            if sum < lower[k] - tolerance || sum > upper[k] + tolerance { return false }
            value[k] = sum
        }
        guard pivotsSinceRefresh >= Self.refreshInterval else { return true }
        pivotsSinceRefresh = 0
        return computeReducedCosts()
    }
}
