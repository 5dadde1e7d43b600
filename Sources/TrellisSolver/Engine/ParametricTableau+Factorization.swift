import TrellisSupport

/// Building a ``ParametricTableau`` from the LP read, and factorizing its basis: its dense
/// inverse, the reduced costs read from it, and whether the optimum they certify is the only one.
extension ParametricTableau {
    /// The LP as ComponentSolver read it: `rows[i]` the entries of row i, the bounds, the
    /// objective of each level, highest first (`objectives[l][j]` of column j), the basic
    /// variables (joint indices) in the order of the basis header, and the values of rows and
    /// columns.
    struct Inputs {
        let rows: LinearProgram.SparseRows
        let rowBounds: [LinearProgram.Bound]
        let columnBounds: [LinearProgram.Bound]
        let objectives: [[Double]]
        let basic: [Int]
        let rowValues: [Double]
        let columnValues: [Double]
    }

    /// Builds the tableau's arrays from ``pending`` (at the first move; nothing once built): the
    /// whole LP as one block (``init(block:columns:basic:of:localColumn:pinnedPart:costScale:)``).
    mutating func build() {
        guard let inputs = pending else { return }
        let columns = Array(0..<Int32(n))
        self = ParametricTableau(block: Array(0..<Int32(m))[...], columns: columns[...],
                                 basic: inputs.basic.map { Int32($0) }[...], of: inputs,
                                 localColumn: columns, pinnedPart: Array(filled: 0, count: m),
                                 costScale: Self.costScales(inputs.objectives))
    }

    /// Each level's largest |cost|, at least 1: the scale of its reduced-cost tolerances.
    static func costScales(_ objectives: [[Double]]) -> [Double] {
        objectives.map { objective in max(1, objective.reduce(0) { max($0, abs($1)) }) }
    }

    /// Builds the tableau, its basis inverse and its reduced costs now, as a first move would;
    /// false when the basis cannot be followed. Both or neither: an inverse kept without its
    /// reduced costs would count as factorized (``isFactorized``) and be read.
    mutating func factorizeNow() -> Bool {
        build()
        guard inverse.isEmpty else { return true }
        guard factorize() else { return false }
        guard computeReducedCosts() else {
            inverse = []
            notOptimalAtEveryLevel = true
            return false
        }
        return true
    }

    /// Builds the dense inverse of the basis matrix (Gauss–Jordan with partial pivoting).
    mutating func factorize() -> Bool {
        guard m > 0, m <= Self.maximumRows else { return false }
        var b = [Double](filled: 0, count: m * m)
        for p in 0..<m {
            let k = Int(header[p])
            if k < m {
                b[k * m + p] = 1
            } else {
                let j = k - m
                for e in Int(start[j])..<Int(start[j + 1]) { b[Int(entryRow[e]) * m + p] = -entryValue[e] }
            }
        }
        // Rows of B⁻¹ follow the positions of the basis (row p of inv pairs with column p of B).
        guard let inv = DenseMatrix.inverse(of: b, size: m, tolerance: 1e-12) else { return false }
        inverse = inv
        return true
    }

    /// Reduced costs `d = c - πᵀ M` with `πᵀ = c_Bᵀ B⁻¹`, level by level; false when the basis
    /// is not dual feasible beyond a tolerance (tiny wrong-signed values, GLPK's tolerance,
    /// become 0). With several levels a variable's reduced costs are read highest level first: a
    /// zero (within the tolerance) passes the judgement on to the next level, the first one that
    /// is not decides.
    mutating func computeReducedCosts() -> Bool {
        let size = m + n
        var d = [Double](filled: 0, count: levels * size)
        var pi = [Double](filled: 0, count: m)
        for level in 0..<levels {
            let base = level * size
            for i in 0..<m { pi[i] = 0 }
            for p in 0..<m {
                let c = cost[base + Int(header[p])]
                if c == 0 { continue }
                let rowStart = p * m
                for i in 0..<m { pi[i] += c * inverse[rowStart + i] }
            }
            for k in 0..<size where positionOf[k] < 0 {
                if k < m {
                    d[base + k] = -pi[k]
                } else {
                    let j = k - m
                    var reduced = cost[base + k]
                    for e in Int(start[j])..<Int(start[j + 1]) { reduced += pi[Int(entryRow[e])] * entryValue[e] }
                    d[base + k] = reduced
                }
            }
        }
        for k in 0..<size where positionOf[k] < 0 && lower[k] < upper[k] {
            let free = lower[k] == -.infinity && upper[k] == .infinity
            for level in 0..<levels {
                let reduced = d[level * size + k]
                let wrong = free ? abs(reduced) : (atUpper[k] ? reduced : -reduced)
                if wrong > 1e-7 * costScale[level] { return false }
                if wrong > 0 { d[level * size + k] = 0 }
                if -wrong > 1e-7 * costScale[level] { break }   // of the right sign: decided
            }
        }
        reducedCost = d
        return true
    }

    /// What makes GLPK's basis (after ``factorizeNow()``) the only optimum wherever it stays
    /// primal feasible: every non-basic variable that is not fixed has a reduced cost other than
    /// zero at some level — reduced costs do not depend on the constants — but at most one,
    /// ``UniquenessCertificate/loose``, which must then be blocked where the basis is used (see
    /// ``optimumIsUnique()``: a label at its natural size, its hugging and compression rows both
    /// holding, leaves one of them non-basic at no cost, held by the other). Nil with more.
    func uniquenessCertificate() -> UniquenessCertificate? {
        guard let undecided = looseVariable() else { return nil }
        guard undecided >= 0 else { return UniquenessCertificate(loose: nil) }
        let w = basisColumn(of: undecided)
        let scale = max(1, w.reduce(0) { max($0, abs($1)) })
        var speeds: [(position: Int, speed: Double)] = []
        for p in 0..<m where abs(w[p]) > 1e-9 * scale { speeds.append((p, -w[p])) }
        return UniquenessCertificate(loose: (speeds, directions(of: undecided)))
    }

    /// The one or two non-basic variables that are not fixed and have a zero reduced cost at
    /// every level (-1 for none; nil: more than two).
    private func looseVariables() -> (Int, Int)? {
        let size = m + n
        var found = (-1, -1)
        for k in 0..<size where positionOf[k] < 0 && lower[k] < upper[k] {
            var decided = false
            for level in 0..<levels where abs(reducedCost[level * size + k]) > 1e-9 * costScale[level] {
                decided = true
                break
            }
            if decided { continue }
            if found.0 < 0 { found.0 = k } else if found.1 < 0 { found.1 = k } else { return nil }
        }
        return found
    }

    /// The one non-basic variable that is not fixed and has a zero reduced cost at every level
    /// (-1: none; nil: more than one).
    private func looseVariable() -> Int? {
        guard let (first, second) = looseVariables(), second < 0 else { return nil }
        return first
    }

    /// The directions non-basic variable `k` may move in: +1 off a lower bound, -1 off an upper
    /// one, both when it is free.
    private func directions(of k: Int) -> [Double] {
        let only = onlyDirection(of: k)
        return only == 0 ? [1, -1] : [only]
    }

    /// The one way variable `k` can move off where it stands — +1 off a lower bound, -1 off an
    /// upper one — or 0 when it can move both ways (free).
    private func onlyDirection(of k: Int) -> Double {
        lower[k] > -.infinity && !atUpper[k] ? 1 : upper[k] < .infinity && atUpper[k] ? -1 : 0
    }

    /// -B⁻¹ times joint variable k's column: how the basic variables move (by position) per unit of z_k
    /// is minus this (B z_B + N z_N = 0).
    private func basisColumn(of k: Int) -> [Double] {
        [Double](unsafeUninitializedCapacity: m) { w, count in
            basisColumn(of: k, into: w)
            count = m
        }
    }

    /// ``basisColumn(of:)`` into `w` (room for `m` values, written over).
    private func basisColumn(of k: Int, into w: UnsafeMutableBufferPointer<Double>) {
        if k < m {
            for p in 0..<m { w[p] = inverse[p * m + k] }
        } else {
            for p in 0..<m { w[p] = 0 }
            let j = k - m
            for e in Int(start[j])..<Int(start[j + 1]) {
                let i = Int(entryRow[e]), a = entryValue[e]
                for p in 0..<m { w[p] -= inverse[p * m + i] * a }
            }
        }
    }

    /// Whether the optimum reached is the only one, the point a cold solve finds too: every
    /// non-basic variable that is not fixed has a reduced cost other than zero at some level, or
    /// one or two have not and they cannot move off their bounds at all, alone or together — a
    /// basic variable standing at a bound of its own blocks every way (a degenerate vertex: a
    /// width exactly at its text's natural width, where the hugging and the compression rows
    /// both hold, leaves one of them non-basic with no cost to move it, and moving it would break
    /// the other; a chat bubble's name and body can leave two). The optimal face near the vertex
    /// is the cone the loose variables can move along, the others held at their bounds by their
    /// costs; with more than two it is not checked, and the move is given up.
    func optimumIsUnique() -> Bool {
        guard let (first, second) = looseVariables() else { return false }
        guard first >= 0 else { return true }
        // The basic variables move by -B⁻¹ M_k per unit of z_k (B z_B + N z_N = 0). (Judged here
        // without a certificate's arrays, the columns on the stack and the directions as flags: a
        // move through breakpoints asks this on every block, and the two lists it made were a
        // third of its cost.)
        let count = second >= 0 ? 2 : 1
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count * m) { w in
            let u = UnsafeMutableBufferPointer(rebasing: w[0..<m])
            basisColumn(of: first, into: u)
            var largest = 0.0
            for p in 0..<m { largest = max(largest, abs(u[p])) }
            guard second >= 0 else {
                let scale = max(1, largest), only = onlyDirection(of: first)
                func blocked(_ direction: Double) -> Bool {
                    for p in 0..<m where blocks(p, rate: u[p] * direction, scale: scale) { return true }
                    return false
                }
                return only == 0 ? blocked(1) && blocked(-1) : blocked(only)
            }
            let v = UnsafeMutableBufferPointer(rebasing: w[m..<(2 * m)])
            basisColumn(of: second, into: v)
            for p in 0..<m { largest = max(largest, abs(v[p])) }
            return pairIsBlocked(u, v, scale: max(1, largest), directions: (onlyDirection(of: first), onlyDirection(of: second)))
        }
    }

    /// Whether two loose variables, moving the basic variables by `-u` and `-v` per unit, can
    /// move together in no direction (x, y) ≠ 0 their bounds allow (`directions`: +1, -1 or 0
    /// for both ways) without pushing a basic variable standing at a bound past it. The
    /// directions allowed form a cone in the plane, bounded by lines where a blocking variable's
    /// speed is zero (perpendicular to (u[p], v[p])) and by the axes: when it holds more than
    /// the origin, one of those lines' directions is in it.
    private func pairIsBlocked(_ u: UnsafeMutableBufferPointer<Double>, _ v: UnsafeMutableBufferPointer<Double>,
                               scale: Double, directions: (Double, Double)) -> Bool {
        // A basic variable that some direction could push past a bound it stands at.
        func atBound(_ p: Int) -> Bool {
            let b = Int(header[p])
            return UniquenessCertificate.pushesPastBound(speed: 1, value: value[b], lower: lower[b], upper: upper[b])
                || UniquenessCertificate.pushesPastBound(speed: -1, value: value[b], lower: lower[b], upper: upper[b])
        }
        // Whether moving along (x, y) (a unit vector) is allowed and blocked by nothing.
        func free(_ x: Double, _ y: Double) -> Bool {
            if directions.0 != 0 && x * directions.0 < -1e-12 { return false }
            if directions.1 != 0 && y * directions.1 < -1e-12 { return false }
            for p in 0..<m where blocks(p, rate: x * u[p] + y * v[p], scale: scale) { return false }
            return true
        }
        if free(1, 0) || free(-1, 0) || free(0, 1) || free(0, -1) { return false }
        for p in 0..<m where atBound(p) {
            let length = (u[p] * u[p] + v[p] * v[p]).squareRoot()
            guard length > 1e-9 * scale else { continue }
            let x = -v[p] / length, y = u[p] / length
            if free(x, y) || free(-x, -y) { return false }
        }
        return true
    }

    /// Whether the basic variable at position `p`, moved at minus `rate` per unit of a loose
    /// variables' move, is pushed past a bound it stands at (a rate within 1e-9 of `scale`, the
    /// largest of the move's, does not move it).
    private func blocks(_ p: Int, rate: Double, scale: Double) -> Bool {
        let b = Int(header[p])
        return abs(rate) > 1e-9 * scale
            && UniquenessCertificate.pushesPastBound(speed: -rate, value: value[b], lower: lower[b], upper: upper[b])
    }
}

/// What certifies a basis's optimum as the only one at any constants it is primal feasible at
/// (``ParametricTableau/uniquenessCertificate()``).
struct UniquenessCertificate {
    /// The one non-basic variable free to move at no cost at any level, if any: the speed of each
    /// basic variable it moves (by basis position, per unit of it) and the directions it may
    /// move in (+1 off a lower bound, -1 off an upper one, both when free). The optimum is the
    /// only one where, in every such direction, some basic variable at a bound would be pushed
    /// past it (``isBlocked(value:lower:upper:)``).
    var loose: (speeds: [(position: Int, speed: Double)], directions: [Double])?

    /// Whether the loose variable, if any, is blocked in every direction it may move in: some
    /// basic variable it moves (`value`, `lower`, `upper` by basis position) stands at the bound
    /// it would be pushed past. The optimum is then the only one.
    func isBlocked(value: (Int) -> Double, lower: (Int) -> Double, upper: (Int) -> Double) -> Bool {
        guard let loose else { return true }
        return loose.directions.allSatisfy { direction in
            loose.speeds.contains { position, speed in
                Self.pushesPastBound(speed: speed * direction, value: value(position), lower: lower(position),
                                     upper: upper(position))
            }
        }
    }

    /// Whether a basic variable at `value` moving at `speed` (not 0) stands at the bound it moves
    /// towards (within 1e-9 of its size): a move at that speed would push it past.
    static func pushesPastBound(speed: Double, value: Double, lower: Double, upper: Double) -> Bool {
        let tolerance = 1e-9 * max(1, abs(value))
        return speed > 0 ? value >= upper - tolerance : value <= lower + tolerance
    }
}
