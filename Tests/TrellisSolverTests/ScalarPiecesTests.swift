import Testing
import TrellisTestSupport
@testable import TrellisSolver

/// Components whose moving rows leave one-variable pieces (``ScalarPieces``): a label's width
/// named by its own rows alone, once presolve substituted the rest. The pieces are solved in
/// closed form, and again when their rows move; the steps land where a cold solve does.
@Suite("Scalar pieces")
struct ScalarPiecesTests {
    /// `isolated` labels capped by the fixed root (each a piece), and `coupled` pairs of labels
    /// that share a cap (an LP beside the pieces), hugging and compressing to their sizes.
    struct Form {
        var constraints: [Constraint] = []
        var widths: [Variable] = []
        /// Each label's centre, required half its width in from a fixed edge, and preferring 100
        /// (weakly): substituted away, it follows its width (what a step evaluates again after
        /// the widths), its preference a row of the width's piece.
        var centres: [Variable] = []
        var measured: [(hugging: Constraint, compression: Constraint)] = []
        var sizes: [Double] = []

        init(isolated: Int, coupled: Int) {
            let root = Variable("root")
            constraints.append(root == 375)
            for index in 0..<(isolated + 2 * coupled) {
                let w = Variable("w\(index)")
                let size = 100 + Double((index * 37) % 321)
                // (The second of a coupled pair gives way first: one optimum, wherever the sizes are.)
                let yields = index >= isolated && (index - isolated) % 2 == 1
                let hugging = (w <= size) ~~ .priority(.defaultLow)
                let compression = (w >= size) ~~ .priority(yields ? Priority(740) : .defaultHigh)
                let centre = Variable("c\(index)")
                constraints += [w + 24 <= root * 0.7, hugging, compression, w >= 0, centre == w * 0.5 + 16,
                                (centre == 100) ~~ .priority(Priority(1))]
                measured.append((hugging, compression))
                widths.append(w)
                centres.append(centre)
                sizes.append(size)
            }
            for pair in 0..<coupled {
                // Two labels of one row, side by side: together at most 300 wide.
                let a = widths[isolated + 2 * pair], b = widths[isolated + 2 * pair + 1]
                constraints.append(a + b <= 300)
            }
        }

        /// Label `index` measured again at `size` (both rows), in `solver` and in ``constraints``.
        mutating func remeasure(_ index: Int, to size: Double, in solver: Solver) throws {
            var (hugging, compression) = measured[index]
            for row in [0, 1] {
                let old = row == 0 ? hugging : compression
                let new = try solver.updateConstant(of: old, to: -size)
                constraints[constraints.firstIndex { $0 === old }!] = new
                if row == 0 { hugging = new } else { compression = new }
            }
            measured[index] = (hugging, compression)
            sizes[index] = size
        }

        func expectMatchesCold(_ solver: Solver, _ context: String) throws {
            let cold = try ColdSolve.solver(constraints)
            for v in widths + centres {
                #expect(abs(solver.value(of: v) - cold.value(of: v)) <= 1e-9,
                        "\(context): \(v) \(solver.value(of: v)) stepped, \(cold.value(of: v)) cold")
            }
            #expect(Tolerance.close(solver.objective, cold.objective, 1e-9), "\(context): objective \(solver.objective), cold \(cold.objective)")
        }
    }

    @Test("Pieces beside an LP: labels re-measured across their caps step where a cold solve lands, the pieces solved again, the LP stepped")
    func piecesBesideAnLP() throws {
        var form = Form(isolated: 40, coupled: 4)
        let solver = Solver()
        try solver.add(form.constraints)
        try solver.solve()
        // Every label measured once more: its rows become parameters (a solve).
        for index in form.widths.indices { try form.remeasure(index, to: form.sizes[index] + 1, in: solver) }
        try solver.solve()
        try form.expectMatchesCold(solver, "first")
        let solves = solver.statistics.componentSolves, pieceSteps = solver.statistics.pieceSteps
        let steps = solver.statistics.affineSteps
        var rng = SplitMix(seed: 7)
        for round in 0..<8 {
            // Isolated labels (pieces) and coupled ones (the LP), across the cap and back.
            for _ in 0..<5 {
                let index = rng.int(0...(form.widths.count - 1))
                try form.remeasure(index, to: Double(rng.int(40...420)), in: solver)
            }
            try solver.solve()
            try form.expectMatchesCold(solver, "round \(round)")
        }
        #expect(solver.statistics.componentSolves == solves, "every round stepped")
        #expect(solver.statistics.affineSteps > steps)
        #expect(solver.statistics.pieceSteps > pieceSteps)
    }

    @Test("A piece whose required rows stop holding: the step gives way to the simplex method, which judges it as a cold solve does; moved back, the pieces step again")
    func pieceWithoutValue() throws {
        // Each label's width required equal to its size (a moving row) and capped by the root.
        let root = Variable("root")
        var constraints: [Constraint] = [root == 375]
        var widths: [Variable] = [], fixes: [Constraint] = []
        for index in 0..<12 {
            let w = Variable("w\(index)")
            let fix = w == 100 + Double(index)
            constraints += [w + 24 <= root * 0.7, fix, (w <= 0) ~~ .priority(.defaultLow)]
            widths.append(w)
            fixes.append(fix)
        }
        let solver = Solver()
        try solver.add(constraints)
        try solver.solve()
        func move(_ index: Int, to value: Double) throws {
            let new = try solver.updateConstant(of: fixes[index], to: -value)
            constraints[constraints.firstIndex { $0 === fixes[index] }!] = new
            fixes[index] = new
        }
        // Every width moved once: its row becomes a parameter (a solve), each width a piece.
        for index in widths.indices { try move(index, to: 101 + Double(index)) }
        try solver.solve()
        let solves = solver.statistics.componentSolves, pieceSteps = solver.statistics.pieceSteps
        try move(3, to: 130)
        try solver.solve()
        #expect(solver.value(of: widths[3]) == 130)
        #expect(solver.statistics.componentSolves == solves, "a step")
        #expect(solver.statistics.pieceSteps == pieceSteps + 1)
        // Beyond the cap (375 × 0.7 − 24 = 238.5): no value satisfies both required rows.
        try move(3, to: 300)
        #expect(throws: (any Error).self) { try solver.solve() }
        #expect(throws: (any Error).self) { try ColdSolve.solver(constraints) }
        #expect(solver.statistics.componentSolves > solves, "the simplex method judged")
        try move(3, to: 200)
        try solver.solve()
        let cold = try ColdSolve.solver(constraints)
        for w in widths { #expect(solver.value(of: w) == cold.value(of: w), "\(w)") }
        #expect(solver.value(of: widths[3]) == 200)
    }
}
