import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// Steps of components with several priority levels follow the basis through breakpoints in
/// Swift (``ParametricTableau`` with its lexicographic ratio test) and land where a cold solve
/// lands, level by level — including where a higher level's optimum itself moves (a text
/// squeezed under a required cap gives up its compression resistance). Without the
/// lexicographic test no such step pivots (each one is solved again by GLPK).
@Suite("Lexicographic steps")
struct LexicographicStepTests {
    /// Σ weight × violation of the soft constraints of each priority level, highest first.
    static func levelCosts(_ solver: Solver, _ constraints: [Constraint]) -> [(level: Float, cost: Double)] {
        var costs: [Float: Double] = [:]
        for constraint in constraints where !constraint.strength.isRequired {
            costs[constraint.strength.level, default: 0] += constraint.strength.weight * solver.violation(of: constraint)
        }
        return costs.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }
    }

    /// A feed whose texts are measured again and again (both intrinsic rows of a text moved, as
    /// a layout's measurement round moves them), some under a required cap and some with a
    /// preferred height between their compression (750) and hugging (250): each row a component
    /// of four levels.
    struct Scenario {
        var feed: BridgeSplitTests.Feed
        /// The current constraints (those moved replaced by what `updateConstant` returned).
        var constraints: [Constraint]

        init(rows: Int, rng: inout SplitMix) {
            feed = BridgeSplitTests.Feed(rows: rows, rng: &rng)
            constraints = feed.constraints
            for (i, row) in feed.rows.enumerated() where i % 3 == 1 {
                constraints.append(row.textHeight <= Double(rng.int(40...110)))
            }
        }

        /// Measures text `index` again at `height` in `solver`.
        mutating func remeasure(_ index: Int, to height: Double, in solver: Solver) throws {
            let (low, high) = feed.intrinsic[index]
            let newLow = try solver.updateConstant(of: low, to: -height)
            let newHigh = try solver.updateConstant(of: high, to: -height)
            constraints[constraints.firstIndex { $0 === low }!] = newLow
            constraints[constraints.firstIndex { $0 === high }!] = newHigh
            feed.intrinsic[index] = (newLow, newHigh)
        }
    }

    @Test("Re-measured texts across the avatar, their caps and their preferred heights: stepped as a cold solve, level by level",
          arguments: 0..<8)
    func remeasuredTexts(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &* 7919 &+ 3)
        var scenario = Scenario(rows: 12, rng: &rng)
        let solver = Solver()
        try solver.add(scenario.constraints)
        try solver.solve()
        // Two rounds that move every text: the first re-solve splits the chain into its rows.
        for _ in 0..<2 {
            for index in scenario.feed.rows.indices { try scenario.remeasure(index, to: Double(rng.int(10...150)), in: solver) }
            try solver.solve()
        }
        let before = solver.statistics
        for round in 0..<40 {
            // A few texts at a time, as a resize re-wraps some of them.
            for _ in 0..<(1 + rng.below(4)) {
                try scenario.remeasure(rng.below(scenario.feed.rows.count), to: Double(rng.int(10...150)), in: solver)
            }
            try solver.solve()
            let cold = try ColdSolve.solver(scenario.constraints)
            let stepped = Self.levelCosts(solver, scenario.constraints), expected = Self.levelCosts(cold, scenario.constraints)
            #expect(stepped.map(\.level) == expected.map(\.level))
            for (a, b) in zip(stepped, expected) {
                #expect(abs(a.cost - b.cost) <= 1e-7 * max(1, abs(b.cost)),
                        "seed \(seed), round \(round): level \(a.level) costs \(a.cost) stepped, \(b.cost) cold")
            }
            for variable in scenario.feed.variables {
                let a = solver.value(of: variable), b = cold.value(of: variable)
                #expect(abs(a - b) <= 1e-7 * max(1, abs(b)), "seed \(seed), round \(round): \(variable) \(a) stepped, \(b) cold")
            }
            for constraint in scenario.constraints where constraint.strength.isRequired {
                #expect(solver.violation(of: constraint) <= 1e-7, "seed \(seed), round \(round): \(constraint) violated")
            }
        }
        // Most changes moved along the rows' bases, through breakpoints where they crossed one
        // (a move that ends where the optimum is not the only one is solved again by GLPK,
        // whose choice among optima a fresh solve makes too).
        let after = solver.statistics
        #expect(after.pivotingSteps - before.pivotingSteps >= 10, "seed \(seed): \(after.pivotingSteps - before.pivotingSteps) pivoting steps")
        #expect(after.componentSolves - before.componentSolves < after.pivotingSteps - before.pivotingSteps,
                "seed \(seed): \(after.componentSolves - before.componentSolves) components solved again")
    }
}

