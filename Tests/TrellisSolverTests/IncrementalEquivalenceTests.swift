import Foundation
import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// The fast paths (presolve, decomposition, affine edit steps) give the same objective and the
/// same unique values as a plain cold solve of the unreduced system.
@Suite("Incremental equivalence")
struct IncrementalEquivalenceTests {

    /// A random layout-like system: boxes in a row with required and soft relations, plus edits.
    struct RandomSystem {
        var variables: [Variable] = []
        var constraints: [Constraint] = []
        var edits: [(Variable, Double)] = []

        init(seed: UInt64, boxes: Int) {
            var rng = SplitMix(seed: seed)
            func pick(_ values: [Double]) -> Double { values[Int(rng.next() % UInt64(values.count))] }
            let container = Variable("container.width")
            variables.append(container)
            constraints.append(container == pick([300, 480, 800]))
            var previousRight: LinearExpression = LinearExpression(constant: 0)
            for i in 0..<boxes {
                let left = Variable("b\(i).left"), width = Variable("b\(i).width")
                variables += [left, width]
                constraints.append(width >= pick([0, 10, 20]))
                constraints.append(left >= previousRight + pick([0, 4, 8]))
                constraints.append((left == previousRight + 8) ~~ .weight(pick([1, 2, 5])))
                constraints.append((width == pick([40, 60, 90, 120])) ~~ .weight(pick([10, 1000, 250])))
                if rng.next() % 3 == 0 {
                    constraints.append((width <= 2 * left) ~~ .weight(pick([1, 7])))
                }
                if rng.next() % 4 == 0 { edits.append((left, pick([1e3, 1e5]))) }
                previousRight = left + width
            }
            constraints.append(previousRight <= container)
            constraints.append((previousRight == container - 8) ~~ .weight(3))
        }
    }

    static func solveCold(_ system: RandomSystem, suggestions: [Double]) throws -> (objective: Double, values: [Double]) {
        let edits = zip(system.edits, suggestions).map { (variable: $0.0.0, weight: $0.0.1, value: $0.1) }
        let solver = try ColdSolve.solver(system.constraints, edits: edits)
        return (solver.objective, system.variables.map { solver.value(of: $0) })
    }

    /// Expects `solver` (solved after incremental changes) to reach a cold solve's objective at
    /// the same suggestions and to keep every required constraint.
    static func expectSameAsCold(_ solver: Solver, _ system: RandomSystem, suggestions: [Double], seed: Int, kind: String) throws {
        let cold = try solveCold(system, suggestions: suggestions)
        #expect(Tolerance.close(solver.objective, cold.objective, 1e-7),
                "seed \(seed): \(kind) objective \(solver.objective), cold \(cold.objective)")
        for constraint in system.constraints where constraint.strength.isRequired {
            #expect(solver.violation(of: constraint) <= 1e-7, "seed \(seed): \(constraint) violated")
        }
    }

    @Test("Edit steps match cold solves", arguments: 0..<25)
    func editSteps(seed: Int) throws {
        let system = RandomSystem(seed: UInt64(seed), boxes: 3 + seed % 6)
        guard !system.edits.isEmpty else { return }
        var rng = SplitMix(seed: UInt64(seed) &* 31)
        let solver = Solver()
        try solver.add(system.constraints)
        for (variable, weight) in system.edits { try solver.addEditVariable(variable, strength: .weight(weight)) }
        var current = system.edits.map { _ in 0.0 }
        for _ in 0..<12 {
            // Small drags mostly (the affine path), sometimes a jump (back to the simplex method).
            let jump = rng.next() % 5 == 0
            for k in current.indices where rng.next() % 2 == 0 {
                let move = Double(Int(rng.next() % 7) - 3)
                current[k] = jump ? Double(rng.next() % 400) : current[k] + move
                try solver.suggest(system.edits[k].0, value: current[k])
            }
            try solver.solve()
            try Self.expectSameAsCold(solver, system, suggestions: current, seed: seed, kind: "incremental")
        }
    }

    @Test("Adding and removing constraints re-solves warm and matches cold solves", arguments: 0..<15)
    func structuralChanges(seed: Int) throws {
        let system = RandomSystem(seed: UInt64(seed) + 500, boxes: 3 + seed % 5)
        var rng = SplitMix(seed: UInt64(seed) &* 7)
        let solver = Solver()
        var active = system.constraints
        try solver.add(active)
        try solver.solve()
        for _ in 0..<8 {
            // Swap the container width for another (a root resize), or drop and restore a soft row.
            let widthIndex = active.firstIndex { $0.expression.terms.count == 1 && $0.expression.terms[0].variable === system.variables[0] && $0.strength.isRequired }!
            try solver.remove(active[widthIndex])
            let width = Double(300 + Int(rng.next() % 600))
            active[widthIndex] = system.variables[0] == width
            try solver.add(active[widthIndex])
            if rng.next() % 2 == 0, let soft = active.indices.last(where: { !active[$0].strength.isRequired }) {
                try solver.remove(active[soft])
                active.remove(at: soft)
            }
            try solver.solve()
            var cold = system
            cold.constraints = active
            cold.edits = []
            let reference = try Self.solveCold(cold, suggestions: [])
            #expect(Tolerance.close(solver.objective, reference.objective, 1e-7),
                    "seed \(seed): warm objective \(solver.objective), cold \(reference.objective)")
        }
    }

    @Test("A small drag step moves along the stored direction without GLPK")
    func dragWithoutSimplex() throws {
        let split = Variable("split"), left = Variable("left.width"), right = Variable("right.width")
        let solver = Solver()
        try solver.add(left == split)
        try solver.add(left + right == 1000)
        try solver.add(left >= 100)
        try solver.add(right >= 100)
        try solver.add((left == 300) ~~ .weight(1))
        try solver.addEditVariable(split, strength: .weight(1e6))
        try solver.suggest(split, value: 400)
        try solver.solve()
        let before = solver.statistics
        for value in stride(from: 401.0, through: 420, by: 1) {
            try solver.suggest(split, value: value)
            try solver.solve()
            #expect(solver.value(of: right) == 1000 - value)
            #expect(Tolerance.close(solver.objective, value - 300))
        }
        #expect(solver.statistics.affineSteps - before.affineSteps == 20)
        #expect(solver.statistics.componentSolves == before.componentSolves)
        // Past the basis range (right ≥ 100 binds at 900) the step pivots once, in Swift.
        try solver.suggest(split, value: 950)
        try solver.solve()
        #expect(solver.value(of: right) == 100)
        #expect(solver.statistics.componentSolves == before.componentSolves)
        #expect(solver.statistics.pivotingSteps == before.pivotingSteps + 1)
        let objective: Double = 50_000_600      // 1e6 × 50 + 600
        #expect(Tolerance.close(solver.objective, objective))
    }

    /// The sweep scenario's shape: boxes in a row squeezed into a container, preferred widths of
    /// distinct weights (the leading ones give way first), minimum widths, and a splitter on the
    /// middle box's leading edge.
    struct SweepChain {
        var constraints: [Constraint] = []
        var widths: [Variable] = []
        let split = Variable("split")
        /// The splitter's feasible range.
        var low = 0.0, high = 0.0

        init(boxes: Int) {
            let preferred: [Double] = (0..<boxes).map { (index: Int) -> Double in
                let step: Int = (index * 11) % 23
                return 40 + Double(step)
            }
            let total: Double = preferred.reduce(0.0) { $0 + $1 }
            let natural = total + 8 + 8 * Double(boxes)
            let width = (0.85 * natural).rounded()
            var left: [Variable] = []
            for i in 0..<boxes {
                let l = Variable("b\(i).left"), w = Variable("b\(i).width")
                left.append(l)
                widths.append(w)
                if i == 0 {
                    constraints.append(l == 8)
                } else {
                    // (Split: the one-line ternary took 52 ms to type-check, over make typecheck-margin's 50.)
                    let end = left[i - 1] + widths[i - 1]
                    constraints.append(l == end + 8)
                }
                constraints.append(w >= 20)
                constraints.append((w == preferred[i]) ~~ .weight(1000 + Double(i)))
            }
            constraints.append(left[boxes - 1] + widths[boxes - 1] + 8 == width)
            let middle = boxes / 2
            constraints.append(split == left[middle])
            low = 8 + 28 * Double(middle)
            high = width - 28 * Double(boxes - middle)
        }

        func cold(at position: Double) throws -> Double {
            try ColdSolve.solver(constraints, edits: [(split, 1e6, position)]).objective
        }
    }

    @Test("Large moves follow the basis through several breakpoints and match cold solves", arguments: [6, 11, 24, 41])
    func sweepThroughBreakpoints(boxes: Int) throws {
        let chain = SweepChain(boxes: boxes)
        let solver = Solver()
        try solver.add(chain.constraints)
        try solver.addEditVariable(chain.split, strength: .weight(1e6))
        try solver.suggest(chain.split, value: (chain.low + chain.high) / 2)
        try solver.solve()
        let before = solver.statistics
        let amplitude = 0.45 * (chain.high - chain.low)
        let steps = 30
        for k in 1...steps {
            let position = ((chain.low + chain.high) / 2 + amplitude * sin(2 * Double.pi * Double(k) / 10)).rounded()
            try solver.suggest(chain.split, value: position)
            try solver.solve()
            let cold = try chain.cold(at: position)
            #expect(Tolerance.close(solver.objective, cold, 1e-7),
                    "\(boxes) boxes, step \(k) to \(position): stepped \(solver.objective), cold \(cold)")
            for constraint in chain.constraints where constraint.strength.isRequired {
                #expect(solver.violation(of: constraint) <= 1e-7, "\(boxes) boxes, step \(k): \(constraint) violated")
            }
        }
        let after = solver.statistics
        // No step needed GLPK: each one either kept the basis or pivoted through breakpoints,
        // and the large ones crossed several.
        let pivotingSteps: Int = after.pivotingSteps - before.pivotingSteps
        let stepPivots: Int = after.stepPivots - before.stepPivots
        #expect(after.componentSolves == before.componentSolves)
        #expect(after.affineSteps - before.affineSteps == steps)
        #expect(pivotingSteps >= steps / 3)
        #expect(stepPivots >= 2 * pivotingSteps)
    }

    /// The values and objective of a cold solve of `chain` with the splitter at `position`.
    static func coldChain(_ chain: SweepChain, at position: Double) throws -> (objective: Double, values: [Double]) {
        let solver = Solver()
        try solver.add(chain.constraints)
        try solver.addEditVariable(chain.split, strength: .weight(1e6))
        try solver.suggest(chain.split, value: position)
        try solver.solve()
        return (solver.objective, chain.widths.map { solver.value(of: $0) } + [solver.value(of: chain.split)])
    }

    @Test("Random drags and sweeps of one edit variable give a cold solve's values at every step", arguments: 0..<12)
    func randomDragSequences(seed: Int) throws {
        // Small chains (the sizes where a step mixes linear moves, breakpoints and the switch back
        // to linear), moved by small drags, long sweeps, reversals and jumps out of range.
        let chain = SweepChain(boxes: 5 + seed % 8)
        var rng = SplitMix(seed: UInt64(seed) &* 101 &+ 7)
        let solver = Solver()
        try solver.add(chain.constraints)
        try solver.addEditVariable(chain.split, strength: .weight(1e6))
        var position = (chain.low + chain.high) / 2
        try solver.suggest(chain.split, value: position)
        try solver.solve()
        var direction = 1.0
        let before = solver.statistics
        for step in 0..<60 {
            switch rng.next() % 10 {
            case 0: position = chain.low - 20 + Double(rng.next() % UInt64(chain.high - chain.low + 40))   // a jump
            case 1: direction = -direction
            case 2, 3: position += direction * Double(rng.next() % 3)                                      // a drag
            default: let steps: UInt64 = 4 + rng.next() % 9; position += direction * Double(steps)         // a sweep
            }
            if position < chain.low - 30 || position > chain.high + 30 { direction = -direction }
            try solver.suggest(chain.split, value: position)
            try solver.solve()
            let cold = try Self.coldChain(chain, at: position)
            let stepped = chain.widths.map { solver.value(of: $0) } + [solver.value(of: chain.split)]
            #expect(Tolerance.close(solver.objective, cold.objective, 1e-9),
                    "seed \(seed), step \(step) to \(position): stepped objective \(solver.objective), cold \(cold.objective)")
            for (a, b) in zip(stepped, cold.values) {
                #expect(Tolerance.close(a, b, 1e-9), "seed \(seed), step \(step) to \(position): stepped \(stepped), cold \(cold.values)")
            }
        }
        // Most steps moved without GLPK (some through breakpoints), as the scenarios do.
        #expect(solver.statistics.affineSteps - before.affineSteps >= 40)
        #expect(solver.statistics.pivotingSteps > before.pivotingSteps)
    }

    @Test("A drag after the edit variable was re-added with another strength uses the new strength")
    func dragAfterEditReplaced() throws {
        let chain = SweepChain(boxes: 6)
        let solver = Solver()
        try solver.add(chain.constraints)
        try solver.addEditVariable(chain.split, strength: .weight(1e6))
        for position in [chain.low + 10, chain.low + 12, chain.low + 14] {
            try solver.suggest(chain.split, value: position)
            try solver.solve()
        }
        // A weak splitter now: the preferred widths win against it.
        try solver.removeEditVariable(chain.split)
        try solver.addEditVariable(chain.split, strength: .weight(1e-3))
        for position in [chain.low + 16, chain.low + 18, chain.low + 30] {
            try solver.suggest(chain.split, value: position)
            try solver.solve()
            let reference = Solver()
            try reference.add(chain.constraints)
            try reference.addEditVariable(chain.split, strength: .weight(1e-3))
            try reference.suggest(chain.split, value: position)
            try reference.solve()
            #expect(Tolerance.close(solver.objective, reference.objective, 1e-9), "at \(position): \(solver.objective) vs \(reference.objective)")
            #expect(Tolerance.close(solver.value(of: chain.split), reference.value(of: chain.split), 1e-9))
        }
    }

    @Test("Drags of two edit variables in turn each move their own row")
    func dragsOfTwoEditVariables() throws {
        let chain = SweepChain(boxes: 8)
        let other = Variable("other")
        let solver = Solver()
        try solver.add(chain.constraints)
        try solver.add(other >= 0)
        try solver.addEditVariable(chain.split, strength: .weight(1e6))
        try solver.addEditVariable(other, strength: .weight(10))
        try solver.suggest(chain.split, value: chain.low + 20)
        try solver.suggest(other, value: 5)
        try solver.solve()
        for k in 1...6 {
            let position = chain.low + 20 + 7 * Double(k)
            if k % 2 == 0 {
                try solver.suggest(other, value: Double(5 + k))
            } else {
                try solver.suggest(chain.split, value: position)
            }
            try solver.solve()
            let splitAt = k % 2 == 0 ? chain.low + 20 + 7 * Double(k - 1) : position
            let cold = try Self.coldChain(chain, at: splitAt)
            #expect(Tolerance.close(solver.value(of: chain.split), splitAt, 1e-9))
            #expect(solver.value(of: other) == Double(k % 2 == 0 ? 5 + k : 5 + max(0, k - 1)))
            #expect(Tolerance.close(solver.objective, cold.objective, 1e-9), "step \(k): \(solver.objective) vs \(cold.objective)")
        }
    }

    @Test("Jumps of several edit variables at once match cold solves", arguments: 0..<25)
    func largeMoves(seed: Int) throws {
        let system = RandomSystem(seed: UInt64(seed) + 2000, boxes: 4 + seed % 7)
        guard !system.edits.isEmpty else { return }
        var rng = SplitMix(seed: UInt64(seed) &* 77)
        let solver = Solver()
        try solver.add(system.constraints)
        for (variable, weight) in system.edits { try solver.addEditVariable(variable, strength: .weight(weight)) }
        var current = system.edits.map { _ in 0.0 }
        for _ in 0..<10 {
            for k in current.indices where rng.next() % 3 != 0 {
                current[k] = Double(rng.next() % 600) - 50
                try solver.suggest(system.edits[k].0, value: current[k])
            }
            try solver.solve()
            try Self.expectSameAsCold(solver, system, suggestions: current, seed: seed, kind: "stepped")
        }
    }

    @Test("Presolve and decomposition match the unreduced LP", arguments: 0..<25)
    func presolveMatchesUnreduced(seed: Int) throws {
        let system = RandomSystem(seed: UInt64(seed) + 1000, boxes: 2 + seed % 8)
        let constraints = system.constraints
        let reduced = try Self.solveCold(system, suggestions: [])
        // The same constraints as one component solved without any reduction.
        let component = Component.partition(constraints)
        var objective = 0.0
        for part in component {
            let state = ComponentState(component: part, editOfRow: [:])
            let constants = state.baseConstants
            var solver = ComponentSolver(component: part, terms: state.terms, constants: constants, editRows: [])
            solver.reduces = false   // the plain LP: no closed forms, no folded rows, GLPK's own start
            guard case .solved(let values, _, _, _, _) = try solver.solve(Presolve.identity(component: part, terms: state.terms, constants: constants)) else {
                Issue.record("seed \(seed): unreduced LP infeasible")
                return
            }
            let valueOf = Dictionary(uniqueKeysWithValues: zip(part.variables.map(\.id), values))
            for constraint in part.constraints where !constraint.strength.isRequired {
                objective += constraint.strength.weight * Solver.violation(of: constraint, constant: constraint.expression.constant) {
                    valueOf[$0.id]!
                }
            }
        }
        #expect(Tolerance.close(reduced.objective, objective, 1e-7), "seed \(seed): presolved \(reduced.objective), unreduced \(objective)")
    }

    @Test("Huge weight ratios within one level are solved exactly")
    func hugeWeightRatio() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add((a + b == 100) ~~ .weight(1e13))
        try solver.add((a == 30) ~~ .weight(1))
        try solver.add((b == 80) ~~ .weight(2))
        try solver.add((a >= 0) ~~ .weight(5e-3))
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: a), 20))
        #expect(Tolerance.close(solver.value(of: b), 80))
        #expect(Tolerance.close(solver.objective, 10))
    }
}
