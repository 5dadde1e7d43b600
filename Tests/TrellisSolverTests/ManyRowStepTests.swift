import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// A component with many edit rows (a chat screen's bubbles, each capped by the root's width)
/// reads an edit row's direction from the kept LP only when a step first moves it. A step that
/// moves several unread rows at once moves the basic values with one solve with the basis
/// (``LinearProgram/basicChange(forRowAmounts:)``) instead of one tableau column per row: on
/// a large component each read costs a pass over all its rows.
@Suite("Steps of many edit rows")
struct ManyRowStepTests {
    /// Labels held at their measured widths by hugging (250) and compression resistance (750),
    /// capped by a required `w + 24 <= 0.7 × root`: one component through the root.
    struct Labels {
        static let root = 375.0
        static var cap: Double { root * 0.7 - 24 }
        var constraints: [Constraint] = []
        var widths: [Variable] = []
        var measured: [(hugging: Constraint, compression: Constraint)] = []
        var sizes: [Double] = []

        init(count: Int, rng: inout SplitMix) {
            let root = Variable("root")
            constraints.append(root == Self.root)
            for index in 0..<count {
                let w = Variable("w\(index)")
                let hugging = (w <= 0) ~~ .priority(.defaultLow)
                let compression = (w >= 0) ~~ .priority(.defaultHigh)
                constraints += [w + 24 <= root * 0.7, hugging, compression, w >= 0]
                measured.append((hugging, compression))
                widths.append(w)
                sizes.append(Self.size(below: index % 3 != 0, rng: &rng))
            }
        }

        /// A size below the cap or beyond it.
        static func size(below: Bool, rng: inout SplitMix) -> Double {
            below ? Double(rng.int(40...220)) : Double(rng.int(260...420))
        }

        /// Measures label `index` again at `size` in `solver` (both rows: `w - size OP 0`).
        mutating func remeasure(_ index: Int, to size: Double, in solver: Solver) throws {
            let (hugging, compression) = measured[index]
            let newHugging = try solver.updateConstant(of: hugging, to: -size)
            let newCompression = try solver.updateConstant(of: compression, to: -size)
            constraints[constraints.firstIndex { $0 === hugging }!] = newHugging
            constraints[constraints.firstIndex { $0 === compression }!] = newCompression
            measured[index] = (newHugging, newCompression)
            sizes[index] = size
        }

        func expectMatches(_ solver: Solver, _ context: String) {
            for (w, size) in zip(widths, sizes) {
                let expected = min(size, Self.cap)
                #expect(abs(solver.value(of: w) - expected) <= 1e-9 * max(1, expected), "\(context): \(w) \(solver.value(of: w)), expected \(expected)")
            }
        }
    }

    /// Labels enough that their component has no ``ParametricTableau`` (two LP rows each: the
    /// cap is a column bound once the root's width is substituted): steps read directions.
    static let labelsBeyondTheTableau = ParametricTableau.maximumRows / 2 + 10

    @Test("Labels re-measured several at a time on their side of the cap: one GLPK call a step, values as a cold solve",
          arguments: [0, 1, 2])
    func remeasuredOnTheirSide(seed: Int) throws {
        let count = Self.labelsBeyondTheTableau
        var rng = SplitMix(seed: UInt64(seed) &* 104_729 &+ 17)
        var labels = Labels(count: count, rng: &rng)
        let solver = Solver()
        try solver.add(labels.constraints)
        // The measured rows move once before the first solve, as a layout's measured views start.
        for index in labels.widths.indices { try labels.remeasure(index, to: labels.sizes[index], in: solver) }
        try solver.solve()
        labels.expectMatches(solver, "first solve")
        var steppedRounds = 0
        for round in 0..<12 {
            // Three to eight labels a round, each staying on its side of the cap.
            var moved = Set<Int>()
            while moved.count < 3 + rng.below(6) { moved.insert(rng.below(count)) }
            for index in moved.sorted() {
                try labels.remeasure(index, to: Labels.size(below: labels.sizes[index] < Labels.cap, rng: &rng), in: solver)
            }
            let solves = solver.statistics.componentSolves, pivots = solver.statistics.stepPivots
            let calls = GLPKGuard.callCount
            try solver.solve()
            let glpkCalls = Int(GLPKGuard.callCount - calls)
            labels.expectMatches(solver, "count \(count), round \(round)")
            let cold = try ColdSolve.solver(labels.constraints)
            for w in labels.widths {
                #expect(abs(solver.value(of: w) - cold.value(of: w)) <= 1e-9 * max(1, abs(cold.value(of: w))),
                        "count \(count), round \(round): \(w) \(solver.value(of: w)) stepped, \(cold.value(of: w)) cold")
            }
            if solver.statistics.componentSolves == solves && solver.statistics.stepPivots == pivots {
                // A linear step: its unread rows read together (a read per row would be one call each).
                steppedRounds += 1
                #expect(glpkCalls <= 1, "count \(count), round \(round): \(glpkCalls) GLPK calls for \(moved.count) labels")
            }
        }
        #expect(steppedRounds >= 6, "count \(count): \(steppedRounds) of 12 rounds stepped without the simplex method")
    }

    @Test("Labels re-measured across the cap with others: the step gives up, the values are a cold solve's",
          arguments: [40, labelsBeyondTheTableau])
    func remeasuredAcrossTheCap(count: Int) throws {
        var rng = SplitMix(seed: UInt64(count))
        var labels = Labels(count: count, rng: &rng)
        let solver = Solver()
        try solver.add(labels.constraints)
        for index in labels.widths.indices { try labels.remeasure(index, to: labels.sizes[index], in: solver) }
        try solver.solve()
        for round in 0..<6 {
            for _ in 0..<4 {
                let index = rng.below(count)
                try labels.remeasure(index, to: Labels.size(below: rng.below(2) == 0, rng: &rng), in: solver)
            }
            try solver.solve()
            labels.expectMatches(solver, "count \(count), round \(round)")
        }
    }
}
