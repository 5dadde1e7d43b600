import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// One-variable components are solved in closed form (``ScalarComponent``); these check the
/// closed form against the LP of the same component, level by level.
@Suite("Single-variable components")
struct ScalarComponentTests {

    /// Σ weight × violation per level (highest first) of `constraints` at `x`.
    static func levelCosts(_ constraints: [Constraint], at x: Double) -> [Double] {
        let levels = Set(constraints.filter { !$0.strength.isRequired }.map(\.strength.level)).sorted(by: >)
        return levels.map { level in
            constraints.filter { !$0.strength.isRequired && $0.strength.level == level }.reduce(0.0) { sum, c in
                sum + c.strength.weight * Solver.violation(of: c, constant: c.expression.constant) { _ in x }
            }
        }
    }

    /// The LP answer for a one-variable component (no presolve, no closed form), or nil when infeasible.
    static func lpValue(_ constraints: [Constraint]) throws -> Double? {
        let part = Component.partition(constraints)
        #expect(part.count == 1)
        let state = ComponentState(component: part[0], editOfRow: [:])
        var solver = ComponentSolver(component: part[0], terms: state.terms, constants: state.baseConstants, editRows: [])
        solver.reduces = false   // the LP, not the closed form
        guard case .solved(let values, _, _, _, _) = try solver.solve(Presolve.identity(component: part[0], terms: state.terms,
                                                                                   constants: state.baseConstants)) else { return nil }
        return values[0]
    }

    @Test("Required bounds apart by far more than their rounding, both tiny (4.6e-14 and 2e-14): no closed form (the LP judges), not one point 26 off at the rows' scale")
    func tinyBoundsApart() throws {
        let x = Variable("x")
        let constraints = [1e15 * x >= 46, 1e15 * x <= 20]
        let rows = constraints.map {
            ScalarComponent.Row(coefficient: 1e15, constant: $0.expression.constant, relation: $0.relation, strength: $0.strength)
        }
        #expect(ScalarComponent(rows: rows).solve() == nil)
        // (GLPK's scaled answer breaks a row here: a numerical failure, never "optimal".)
        let solver = Solver()
        try solver.add(constraints)
        #expect(throws: (any Error).self) { try solver.solve() }
    }

    @Test("Random one-variable systems: same feasibility and the same cost on every level as the LP", arguments: 0..<200)
    func matchesLinearProgram(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &* 7919 &+ 17)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        let x = Variable("x")
        var constraints: [Constraint] = []
        for _ in 0..<(1 + Int(rng.next() % 7)) {
            let coefficient = pick([1.0, -1, 2, -0.5, 3, -4, 0.25])
            let target = pick([0.0, 10, -5, 40, 12.5, 100])
            let relation = pick([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
            let strength = pick([Strength.required, .weight(1), .weight(3), .weight(1000),
                                 .priority(.defaultLow), .priority(.defaultHigh, weight: 2), .priority(.init(rawValue: 500))])
            // Required rows only now and then, so that most systems stay feasible.
            let chosen = strength.isRequired && rng.next() % 3 != 0 ? Strength.weight(2) : strength
            let expression = LinearExpression([Term(x, coefficient)], constant: -coefficient * target)
            constraints.append(Constraint(expression, relation, strength: chosen))
        }
        let solver = Solver()
        try solver.add(constraints)
        let closedForm: Double?
        do {
            try solver.solve()
            closedForm = solver.value(of: x)
        } catch TrellisError.unsatisfiable {
            closedForm = nil
        }
        let lp = try Self.lpValue(constraints)
        #expect((closedForm == nil) == (lp == nil), "seed \(seed): closed form \(String(describing: closedForm)), LP \(String(describing: lp))")
        guard let closedForm, let lp else { return }
        let a = Self.levelCosts(constraints, at: closedForm), b = Self.levelCosts(constraints, at: lp)
        for (level, (mine, theirs)) in zip(a, b).enumerated() {
            #expect(abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)),
                    "seed \(seed), level \(level): closed form costs \(a) at x = \(closedForm), LP \(b) at x = \(lp)")
            if abs(mine - theirs) > 1e-9 * max(1, abs(theirs)) { break }
        }
        for constraint in constraints where constraint.strength.isRequired {
            #expect(Solver.violation(of: constraint, constant: constraint.expression.constant) { _ in closedForm } == 0)
        }
    }

    @Test("Hugging and compression resistance of one size: the stronger one wins, exactly")
    func huggingAndCompression() throws {
        let width = Variable("label.width")
        let solver = Solver()
        try solver.add([
            (width <= 120) ~~ .priority(.defaultLow),      // hugging
            (width >= 120) ~~ .priority(.defaultHigh),     // compression resistance
            (width <= 90) ~~ .priority(.init(rawValue: 500)),
            width >= 0,
        ])
        try solver.solve()
        // 750 beats 500 beats 250: width stays at 120 against the 500 cap.
        #expect(solver.value(of: width) == 120)
        #expect(solver.statistics.componentSolves == 1)
    }

    @Test("Ties keep the point nearest to zero inside the optimal interval")
    func tiesNearestZero() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add([(x >= 10) ~~ .weight(1), (x <= 30) ~~ .weight(1), x <= 50])
        try solver.solve()
        #expect(solver.value(of: x) == 10)
        let y = Variable("y")
        try solver.add([(y <= -10) ~~ .weight(1), y >= -40])
        try solver.solve()
        #expect(solver.value(of: y) == -10)
    }

    @Test("An edit variable alone follows its suggestions within its required range")
    func editAlone() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add([x >= 0, x <= 100])
        try solver.addEditVariable(x, strength: .weight(1e6))
        for (suggested, expected) in [(40.0, 40.0), (-5, 0), (250, 100), (99.5, 99.5)] {
            try solver.suggest(x, value: suggested)
            try solver.solve()
            #expect(solver.value(of: x) == expected)
        }
    }

    @Test("Contradicting required rows on one variable are a minimal conflict")
    func conflict() throws {
        let x = Variable("x")
        let low = (x >= 10).labeled("low"), high = (x <= 5).labeled("high"), loose = (x <= 1000).labeled("loose")
        let solver = Solver()
        try solver.add([low, high, loose])
        #expect(throws: TrellisError.self) { try solver.solve() }
        do {
            try solver.solve()
        } catch TrellisError.unsatisfiable(let conflict) {
            #expect(Set(conflict.compactMap(\.label)) == ["low", "high"])
        }
    }
}
