import Testing
import TrellisTestSupport
@testable import TrellisSolver

/// A component whose LP is too large for one tableau but falls apart once its pinned parameter
/// (a root's width, fixed by the row a resize moves) is taken out: every label capped at a share
/// of the root is a block of its own, followed through its breakpoints without the simplex method,
/// and lands where a cold solve does.
@Suite("Split tableaux")
struct SplitTableauTests {
    /// Labels capped at `share` of the root (less 24), hugging and compressing to their sizes;
    /// `margin`: a second pinned variable subtracted from each cap too.
    struct Labels {
        var constraints: [Constraint] = []
        var widths: [Variable] = []
        var rootRow: Constraint
        var marginRow: Constraint?
        /// Each label's hugging and compression rows (`w - size OP 0`).
        var measured: [(hugging: Constraint, compression: Constraint)] = []

        init(count: Int, share: Double, root width: Double, margin: Double?, compression: Priority = .defaultHigh) {
            let root = Variable("root")
            rootRow = root == width
            constraints.append(rootRow)
            let marginVariable = Variable("margin")
            if let margin {
                let row = marginVariable == margin
                marginRow = row
                constraints.append(row)
            }
            for index in 0..<count {
                let w = Variable("w\(index)")
                // Sizes on both sides of the caps the widths below make (sized 100 to 420).
                let size = 100 + Double((index * 37) % 321)
                let cap: Constraint = margin == nil ? (w + 24 <= root * share) : (w + 24 + marginVariable <= root * share)
                let hugging = (w <= size) ~~ .priority(.defaultLow), compression = (w >= size) ~~ .priority(compression)
                constraints += [cap, hugging, compression, w >= 0]
                measured.append((hugging, compression))
                widths.append(w)
            }
        }

        /// Replaces `row` by the same row with a new constant, in `solver` and in ``constraints``.
        mutating func move(_ row: inout Constraint, to value: Double, in solver: Solver) throws {
            let old = row
            row = try solver.updateConstant(of: old, to: -value)
            constraints[constraints.firstIndex { $0 === old }!] = row
        }
    }

    /// Label `index` measured again at `size` in `solver`.
    static func remeasure(_ labels: inout Labels, _ index: Int, to size: Double, in solver: Solver) throws {
        var (hugging, compression) = labels.measured[index]
        try labels.move(&hugging, to: size, in: solver)
        try labels.move(&compression, to: size, in: solver)
        labels.measured[index] = (hugging, compression)
    }

    /// Labels capped at `share` of the root, solved, then solved again with the root 414 wide:
    /// the first move of the root's row solves again (the row becomes a parameter); after it,
    /// moves step.
    static func rootAsParameter(share: Double, count: Int = count) throws -> (labels: Labels, solver: Solver, rootRow: Constraint) {
        var labels = Labels(count: count, share: share, root: 375, margin: nil)
        let solver = Solver()
        try solver.add(labels.constraints)
        try solver.solve()
        var rootRow = labels.rootRow
        try labels.move(&rootRow, to: 414, in: solver)
        try solver.solve()
        return (labels, solver, rootRow)
    }

    /// Labels enough that one tableau of their component's LP (four rows a label) could not be kept.
    static let count = ParametricTableau.maximumRows / 2
    /// Labels few enough for one tableau, but more than ``SplitTableau/splitRows`` rows: split all the same.
    static let fewer = SplitTableau.splitRows / 2 + 8

    @Test("A root's width capping dozens or hundreds of labels moves through their breakpoints without the simplex method, to a cold solve's values",
          arguments: [(0.5, count), (0.7, count), (0.5, fewer), (0.7, fewer)])
    func rootWidthSweep(share: Double, count: Int) throws {
        var (labels, solver, rootRow) = try Self.rootAsParameter(share: share, count: count)
        let solves = solver.statistics.componentSolves, pivots = solver.statistics.stepPivots
        let blockSteps = solver.statistics.blockSteps
        for width in [320.0, 600, 375, 414, 280, 800, 414] {
            try labels.move(&rootRow, to: width, in: solver)
            try solver.solve()
            let cold = try ColdSolve.solver(labels.constraints)
            for w in labels.widths {
                // The same value, to the last bit: a text measured at a cap must wrap where a
                // fresh tree's does.
                #expect(solver.value(of: w) == cold.value(of: w), "root \(width): \(w) \(solver.value(of: w)) stepped, \(cold.value(of: w)) cold")
            }
        }
        #expect(solver.statistics.componentSolves == solves)
        #expect(solver.statistics.stepPivots > pivots)
        #expect(solver.statistics.blockSteps > blockSteps, "followed block by block")
    }

    @Test("Two pinned variables moved together, and one alone: the blocks follow both")
    func twoPins() throws {
        var labels = Labels(count: Self.count, share: 0.75, root: 375, margin: 16)
        let solver = Solver()
        try solver.add(labels.constraints)
        try solver.solve()
        var rootRow = labels.rootRow, marginRow = labels.marginRow!
        try labels.move(&rootRow, to: 414, in: solver)
        try labels.move(&marginRow, to: 20, in: solver)
        try solver.solve()
        let solves = solver.statistics.componentSolves
        for (width, margin) in [(320.0, 8.0), (600, 8), (600, 40), (375, 16)] {
            try labels.move(&rootRow, to: width, in: solver)
            try labels.move(&marginRow, to: margin, in: solver)
            try solver.solve()
            let cold = try ColdSolve.solver(labels.constraints)
            for w in labels.widths {
                #expect(abs(solver.value(of: w) - cold.value(of: w)) <= 1e-9,
                        "root \(width), margin \(margin): \(w) \(solver.value(of: w)) stepped, \(cold.value(of: w)) cold")
            }
        }
        #expect(solver.statistics.componentSolves == solves)
    }

    @Test("Labels re-measured across a fixed cap, each held by its own rows alone: one-variable pieces solved again in closed form, no tableau")
    func piecesAcrossCap() throws {
        // The root's row never moves: presolve substitutes it, no pin is left, each label's
        // width is named by its own two rows alone (the cap a bound): a one-variable piece
        // (``ScalarPieces``), no LP. (With pins the labels are an LP: the test below.)
        let count = ParametricTableau.maximumRows / 2 + 40
        var labels = Labels(count: count, share: 0.7, root: 375, margin: nil)
        let cap = 375 * 0.7 - 24
        let solver = Solver()
        try solver.add(labels.constraints)
        try solver.solve()
        // Every label measured once more: its rows become parameters (a solve).
        var sizes: [Double] = (0..<count).map { index -> Double in 100 + Double((index * 37) % 321) }
        for index in 0..<count {
            sizes[index] += 1
            try Self.remeasure(&labels, index, to: sizes[index], in: solver)
        }
        try solver.solve()
        let solves = solver.statistics.componentSolves
        let pieceSteps = solver.statistics.pieceSteps, solvedPieces = solver.statistics.solvedPieces
        var moved = 0
        var tableauStepsAtRound: [Int] = []
        for round in 0..<6 {
            for k in 0..<8 {
                let index = (round * 41 + k * 97) % count
                // The first round takes labels across the cap; the others keep them on their side.
                let below = round == 0 ? sizes[index] > cap : sizes[index] < cap
                let size = below ? 60 + Double((index + round) % 100) : 300 + Double((index + round) % 100)
                if size != sizes[index] { moved += 1 }
                sizes[index] = size
                try Self.remeasure(&labels, index, to: sizes[index], in: solver)
            }
            try solver.solve()
            let cold = try ColdSolve.solver(labels.constraints)
            for w in labels.widths {
                #expect(abs(solver.value(of: w) - cold.value(of: w)) <= 1e-9,
                        "round \(round): \(w) \(solver.value(of: w)) stepped, \(cold.value(of: w)) cold")
            }
            tableauStepsAtRound.append(solver.statistics.tableauSteps)
        }
        #expect(solver.statistics.componentSolves == solves)
        // Every round re-measured eight labels, each a piece solved again; no tableau, no pivot.
        #expect(solver.statistics.pieceSteps - pieceSteps == 6)
        #expect(solver.statistics.solvedPieces - solvedPieces == moved && moved > 40, "\(moved) labels moved")
        #expect(tableauStepsAtRound == Array(repeating: 0, count: 6), "\(tableauStepsAtRound)")
        #expect(solver.statistics.stepPivots == 0)
    }

    @Test("With pins (the root's width and a margin, both parameters): the blocks hand their bases and the pinned columns back to linear steps, which move the pins too",
          arguments: [Priority.defaultHigh, .defaultLow])
    func handBackWithPins(compression: Priority) throws {
        // Compression above hugging: two levels, the objective evaluated from the values; at
        // the same priority, one level, whose objective the steps carry by their slopes (a pin
        // row's among them).
        let count = ParametricTableau.maximumRows / 2 + 40
        var labels = Labels(count: count, share: 0.7, root: 375, margin: 16, compression: compression)
        let solver = Solver()
        try solver.add(labels.constraints)
        try solver.solve()
        // The pins' rows and every label's rows become parameters (a solve).
        var rootRow = labels.rootRow, marginRow = labels.marginRow!
        try labels.move(&rootRow, to: 414, in: solver)
        try labels.move(&marginRow, to: 12, in: solver)
        // Sizes moved (so that every label's rows become parameters) and at least 3 points from
        // the caps of every root width and margin below (0.7 × root - 24 - margin: 253.8 at 414
        // and 12), so that only the crossings meant here cross.
        func away(_ size: Double) -> Double { abs(size - 253.8) < 4 ? size + 8 : size }
        var sizes: [Double] = (0..<count).map { away(101 + Double(($0 * 37) % 321)) }
        for index in 0..<count { try Self.remeasure(&labels, index, to: sizes[index], in: solver) }
        try solver.solve()
        let solves = solver.statistics.componentSolves
        func check(_ what: String) throws {
            let cold = try ColdSolve.solver(labels.constraints)
            for w in labels.widths {
                #expect(abs(solver.value(of: w) - cold.value(of: w)) <= 1e-9,
                        "\(what): \(w) \(solver.value(of: w)) stepped, \(cold.value(of: w)) cold")
            }
            #expect(abs(solver.objective - cold.objective) <= 1e-9 * max(1, abs(cold.objective)),
                    "\(what): objective \(solver.objective) stepped, \(cold.objective) cold")
        }
        // Round 0 takes labels across the cap (pivots); rounds 1 and 2 keep them on their side:
        // the tableau moves quietly twice and hands back.
        for round in 0..<3 {
            for k in 0..<8 {
                let index = (round * 41 + k * 97) % count
                let below = round == 0 ? sizes[index] > 253.8 : sizes[index] < 253.8
                sizes[index] = below ? 60 + Double((index + round) % 100) : 300 + Double((index + round) % 100)
                try Self.remeasure(&labels, index, to: sizes[index], in: solver)
            }
            try solver.solve()
            try check("round \(round)")
        }
        let tableauSteps = solver.statistics.tableauSteps
        #expect(solver.statistics.stepPivots > 0)
        // Linear steps from here: the pins alone, both together, with labels, each short of a
        // breakpoint (the caps move by 0.7 × 2 - 2 at most; every size is 3 points away).
        let moves: [(root: Double, margin: Double, labels: Bool)] = [(415, 12, false), (415, 13, false), (413, 12, true),
                                                                    (414, 12, true), (414.5, 11.5, false)]
        for (step, move) in moves.enumerated() {
            try labels.move(&rootRow, to: move.root, in: solver)
            try labels.move(&marginRow, to: move.margin, in: solver)
            if move.labels {
                for k in 0..<5 {
                    let index = (step * 53 + k * 31) % count
                    sizes[index] += sizes[index] < 253.8 ? -1 : 1
                    try Self.remeasure(&labels, index, to: sizes[index], in: solver)
                }
            }
            try solver.solve()
            try check("root \(move.root), margin \(move.margin)")
        }
        #expect(solver.statistics.componentSolves == solves)
        #expect(solver.statistics.tableauSteps == tableauSteps, "the moves after the hand-back went back to the tableau")
    }

    @Test("Random moves of two pins and of measured rows, one or several a solve: every solve lands where a cold solve does",
          arguments: [1, 2, 3])
    func randomMoves(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &* 7919 &+ 3)
        let count = ParametricTableau.maximumRows / 2 + 20
        let root = Variable("root"), margin = Variable("margin")
        var rootRow = root == 375, marginRow = margin == 8
        var constraints = [rootRow, marginRow]
        var measured: [(hugging: Constraint, compression: Constraint)] = []
        var widths: [Variable] = []
        for index in 0..<count {
            let w = Variable("w\(index)")
            let share = [0.5, 0.7, 0.75][rng.below(3)]
            // Caps on the root alone or on both pins; compression above hugging, at 750 or 500.
            let cap: Constraint = rng.below(2) == 0 ? (w + 24 <= root * share) : (w + margin * 2 <= root * share)
            let size = Double(rng.int(40...420))
            let hugging = (w <= size) ~~ .priority(.defaultLow)
            let compression = (w >= size) ~~ .priority(rng.below(2) == 0 ? .defaultHigh : Priority(500))
            constraints += [cap, hugging, compression, w >= 0]
            measured.append((hugging, compression))
            widths.append(w)
        }
        let solver = Solver()
        try solver.add(constraints)
        try solver.solve()
        func replace(_ row: inout Constraint, by value: Double) throws {
            let old = row
            row = try solver.updateConstant(of: old, to: -value)
            constraints[constraints.firstIndex { $0 === old }!] = row
        }
        for step in 0..<14 {
            var done: [String] = []
            for _ in 0..<(1 + rng.below(3)) {
                switch rng.below(3) {
                case 0:
                    let width = Double(rng.int(200...900))
                    try replace(&rootRow, by: width)
                    done.append("root \(width)")
                case 1:
                    let value = Double(rng.int(0...40))
                    try replace(&marginRow, by: value)
                    done.append("margin \(value)")
                default:
                    for _ in 0..<(1 + rng.below(20)) {
                        let index = rng.below(count), size = Double(rng.int(40...420))
                        try replace(&measured[index].hugging, by: size)
                        try replace(&measured[index].compression, by: size)
                    }
                    done.append("labels")
                }
            }
            try solver.solve()
            let cold = try ColdSolve.solver(constraints)
            var misses = 0
            for w in widths where abs(solver.value(of: w) - cold.value(of: w)) > 1e-9 * max(1, abs(cold.value(of: w))) {
                misses += 1
            }
            #expect(misses == 0, "seed \(seed), step \(step) (\(done)): \(misses) widths differ from a cold solve")
        }
        #expect(solver.statistics.tableauSteps > 0)
    }

    @Test("A required cap the root's width can no longer meet: the step gives up and the solve reports the conflict")
    func infeasibleMove() throws {
        var (labels, solver, rootRow) = try Self.rootAsParameter(share: 0.5)
        // w ≥ 0 and w + 24 ≤ root / 2: a root under 48 leaves no width.
        try labels.move(&rootRow, to: 40, in: solver)
        #expect(throws: (any Error).self) { try solver.solve() }
    }
}
