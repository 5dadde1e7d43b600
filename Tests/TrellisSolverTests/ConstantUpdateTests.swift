import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// `Solver.updateConstant(of:to:)` and edit steps with priority levels: the affine path gives
/// exactly what a cold solve of the same system gives, level by level.
@Suite("Constant updates and levels")
struct ConstantUpdateTests {
    typealias RandomSystem = IncrementalEquivalenceTests.RandomSystem

    /// The system with its soft constraints spread over Auto Layout-like priority levels.
    static func leveled(_ system: RandomSystem, seed: UInt64) -> RandomSystem {
        var rng = SplitMix(seed: seed)
        var copy = system
        copy.constraints = system.constraints.map { constraint in
            guard !constraint.strength.isRequired else { return constraint }
            let level = [Priority(250), 500, 750, 999][Int(rng.next() % 4)]
            return constraint.with(strength: .priority(level))
        }
        return copy
    }

    /// Σ weight × violation per level (highest first), at the solver's values.
    static func levelCosts(_ solver: Solver, _ constraints: [Constraint]) -> [Float: Double] {
        var costs: [Float: Double] = [:]
        for constraint in constraints where !constraint.strength.isRequired {
            costs[constraint.strength.level, default: 0] += constraint.strength.weight * solver.violation(of: constraint)
        }
        return costs
    }

    static func cold(_ constraints: [Constraint], edits: [(Variable, Double)], suggestions: [Double]) throws -> Solver {
        try ColdSolve.solver(constraints, edits: zip(edits, suggestions).map { ($0.0.0, $0.0.1, $0.1) })
    }

    static func expectSameLevels(_ a: [Float: Double], _ b: [Float: Double], _ context: String) {
        for level in Set(a.keys).union(b.keys) {
            #expect(Tolerance.close(a[level] ?? 0, b[level] ?? 0, 1e-7), "\(context): level \(level) \(a[level] ?? 0) vs cold \(b[level] ?? 0)")
        }
    }

    @Test("Edit steps with priority levels match cold solves level by level", arguments: 0..<20)
    func leveledEditSteps(seed: Int) throws {
        let system = Self.leveled(RandomSystem(seed: UInt64(seed) + 77, boxes: 3 + seed % 6), seed: UInt64(seed))
        guard !system.edits.isEmpty else { return }
        var rng = SplitMix(seed: UInt64(seed) &* 13)
        let solver = Solver()
        try solver.add(system.constraints)
        for (variable, weight) in system.edits { try solver.addEditVariable(variable, strength: .weight(weight)) }
        var current = system.edits.map { _ in 0.0 }
        for _ in 0..<12 {
            let jump = rng.next() % 5 == 0
            for k in current.indices where rng.next() % 2 == 0 {
                current[k] = jump ? Double(rng.next() % 400) : current[k] + Double(Int(rng.next() % 7) - 3)
                try solver.suggest(system.edits[k].0, value: current[k])
            }
            try solver.solve()
            let cold = try Self.cold(system.constraints, edits: system.edits, suggestions: current)
            Self.expectSameLevels(Self.levelCosts(solver, system.constraints), Self.levelCosts(cold, system.constraints), "seed \(seed)")
            #expect(Tolerance.close(solver.objective, cold.objective, 1e-7), "seed \(seed)")
            for constraint in system.constraints where constraint.strength.isRequired {
                #expect(solver.violation(of: constraint) <= 1e-7, "seed \(seed): \(constraint) violated")
            }
        }
    }

    @Test("Constant updates (a resized container, moved soft targets) match cold solves, one level or several",
          arguments: 0..<30)
    func updates(seed: Int) throws {
        var system = RandomSystem(seed: UInt64(seed) + 900, boxes: 2 + seed % 7)
        if seed % 2 == 1 { system = Self.leveled(system, seed: UInt64(seed)) }
        system.edits = []
        var rng = SplitMix(seed: UInt64(seed) &* 17)
        let solver = Solver()
        var current = system.constraints
        try solver.add(current)
        try solver.solve()
        for round in 0..<15 {
            // The container's width (required, index 0) mostly; sometimes a soft constraint's target.
            let index = rng.next() % 3 == 0 ? Int(rng.next() % UInt64(current.count)) : 0
            let old = current[index]
            let jump = rng.next() % 6 == 0
            let constant = old.expression.constant + (jump ? -Double(rng.next() % 300) : Double(Int(rng.next() % 9) - 4))
            current[index] = try solver.updateConstant(of: old, to: constant)
            #expect(!solver.hasConstraint(old) || current[index] === old)
            #expect(solver.hasConstraint(current[index]))
            do {
                try solver.solve()
            } catch TrellisError.unsatisfiable {
                // The cold solve must agree that it cannot hold.
                #expect(throws: TrellisError.self) { _ = try Self.cold(current, edits: [], suggestions: []) }
                current[index] = try solver.updateConstant(of: current[index], to: old.expression.constant)
                try solver.solve()
                continue
            }
            let cold = try Self.cold(current, edits: [], suggestions: [])
            Self.expectSameLevels(Self.levelCosts(solver, current), Self.levelCosts(cold, current), "seed \(seed) round \(round)")
            #expect(Tolerance.close(solver.objective, cold.objective, 1e-7), "seed \(seed) round \(round)")
            for constraint in current where constraint.strength.isRequired {
                #expect(solver.violation(of: constraint) <= 1e-7, "seed \(seed) round \(round): \(constraint) violated")
            }
        }
    }

    @Test("A resize moves along the basis without GLPK after the first; bad input changes nothing")
    func resizeWithoutSimplex() throws {
        let container = Variable("container"), left = Variable("left"), right = Variable("right")
        let solver = Solver()
        var width = (container == 1000)
        try solver.add(width)
        try solver.add(left + right == container)
        try solver.add(left >= 100)
        try solver.add(right >= 100)
        try solver.add((left == 300) ~~ .priority(750))
        try solver.add((right == 300) ~~ .priority(250))
        try solver.solve()
        width = try solver.updateConstant(of: width, to: -900)        // the first change: a simplex solve
        try solver.solve()
        #expect(solver.value(of: right) == 600)
        let before = solver.statistics
        for value in stride(from: 901.0, through: 950, by: 7) {
            width = try solver.updateConstant(of: width, to: -value)
            try solver.solve()
            #expect(Tolerance.close(solver.value(of: left), 300))
            #expect(Tolerance.close(solver.value(of: right), value - 300))
        }
        #expect(solver.statistics.componentSolves == before.componentSolves, "every resize stepped along the basis")
        #expect(solver.statistics.affineSteps > before.affineSteps)

        #expect(throws: TrellisError.self) { try solver.updateConstant(of: width, to: .nan) }
        #expect(throws: TrellisError.self) { try solver.updateConstant(of: (left == 5), to: 1) }
        #expect(solver.hasConstraint(width))
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: right), 950 - 300))   // the last width stands
    }
}
