import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// Required inequalities folded into a soft equality's error bounds (``RangeMerge``) give the
/// same optimum as the rows themselves.
@Suite("Range merge")
struct RangeMergeTests {

    /// Σ weight × violation of the soft constraints at `values` (by variable).
    static func cost(_ constraints: [Constraint], _ value: (Variable) -> Double) -> Double {
        constraints.filter { !$0.strength.isRequired }.reduce(0.0) { sum, c in
            sum + c.strength.weight * Solver.violation(of: c, constant: c.expression.constant, values: value)
        }
    }

    @Test("Targets inside, below and above the required range, scaled by powers of two", arguments: 0..<60)
    func matchesRows(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &+ 4242)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let low = pick([0.0, 8, 20]), high = low + pick([0.0, 4, 30])
        let scale = pick([1.0, 2, -1, -0.5, 3])   // 3 is not a power of two: stays a row
        // Half the systems in one level (kiwi weights), half spread over priority levels.
        let leveled = seed % 2 == 1
        func strength(_ weight: Double) -> Strength {
            leveled ? .priority(pick([250, 500, 750]), weight: weight) : .weight(weight)
        }
        var constraints: [Constraint] = [
            scale * (x - y) >= scale * low, (x - y) * 2 <= 2 * high,   // lo <= x - y <= hi (flipped for negative scale)
            (x - y == pick([-5.0, 0, 10, 12, 50])) ~~ strength(pick([1.0, 10, 1000])),
            (x + y == pick([30.0, 100])) ~~ strength(pick([1.0, 7])),
            (y == pick([0.0, 40])) ~~ strength(pick([0.5, 2])),
            (z - x >= 4), (z - x == pick([0.0, 4, 9])) ~~ strength(3), (z == 60) ~~ strength(1),
        ]
        if scale < 0 { constraints[0] = scale * (x - y) <= scale * low }
        let solver = Solver()
        try solver.add(constraints)
        try solver.solve()
        // The unreduced LP: every constraint a row, no presolve, no merge.
        let parts = Component.partition(constraints)
        var reference = 0.0
        var referenceByLevel: [Float: Double] = [:]
        for part in parts {
            let state = ComponentState(component: part, editOfRow: [:])
            var lp = ComponentSolver(component: part, terms: state.terms, constants: state.baseConstants, editRows: [])
            lp.reduces = false   // the required rows stay rows
            guard case .solved(let values, _, _, _, _) = try lp.solve(Presolve.identity(component: part, terms: state.terms,
                                                                                     constants: state.baseConstants)) else {
                Issue.record("seed \(seed): the unreduced LP is infeasible")
                return
            }
            let valueOf = Dictionary(uniqueKeysWithValues: zip(part.variables.map(\.id), values))
            reference += Self.cost(part.constraints) { valueOf[$0.id]! }
            for level in [Float(750), 500, 250] {
                referenceByLevel[level, default: 0] += Self.cost(part.constraints.filter { $0.strength.level == level }) { valueOf[$0.id]! }
            }
        }
        if leveled {
            // Lexicographic: compare level by level, highest first.
            for level in [Float(750), 500, 250] {
                let mine = Self.cost(constraints.filter { $0.strength.level == level }) { solver.value(of: $0) }
                let theirs = referenceByLevel[level] ?? 0
                #expect(abs(mine - theirs) <= 1e-9 * max(1, theirs), "seed \(seed) level \(level): \(mine) vs \(theirs)")
                if abs(mine - theirs) > 1e-9 * max(1, theirs) { break }
            }
        } else {
            #expect(abs(solver.objective - reference) <= 1e-9 * max(1, reference), "seed \(seed): \(solver.objective) vs \(reference)")
        }
        for constraint in constraints where constraint.strength.isRequired {
            #expect(solver.violation(of: constraint) == 0, "seed \(seed): \(constraint)")
        }
    }

    @Test("Error bounds for a target inside, below and above the range")
    func errorBounds() {
        func text(_ b: LinearProgram.Bound) -> String { "\(b)" }
        let inside = RangeMerge.errorBounds(target: 10, range: (8, .infinity))
        #expect(text(inside.surplus) == text(.lower(0)) && text(inside.shortfall) == text(.range(0, 2)))
        let below = RangeMerge.errorBounds(target: 5, range: (8, 12))
        #expect(text(below.surplus) == text(.range(3, 7)) && text(below.shortfall) == text(.range(0, 0)))
        let above = RangeMerge.errorBounds(target: 20, range: (-.infinity, 12))
        #expect(text(above.surplus) == text(.range(0, 0)) && text(above.shortfall) == text(.lower(8)))
    }
}
