import Testing
@testable import TrellisSolver
import TrellisTestSupport

@Suite("Solver")
struct SolverTests {
    @Test("The API.md example")
    func apiExample() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x + y == 100)
        try solver.add((x == 3 * y) ~~ .weight(10))
        try solver.addEditVariable(x, strength: .weight(1_000_000))
        try solver.suggest(x, value: 80)
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: x), 80))
        #expect(Tolerance.close(solver.value(of: y), 20))
        #expect(Tolerance.close(solver.objective, 10 * 20))
    }

    @Test("Weights trade off within one level, as in kiwi")
    func weightsTradeOff() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) ~~ .weight(1))
        try solver.add((x == 20) ~~ .weight(1))
        try solver.add((x == 20) ~~ .weight(1))
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: x), 20))
        #expect(Tolerance.close(solver.objective, 10))
    }

    @Test("One constraint at priority 751 beats any number at 750")
    func strictPriorities() throws {
        let x = Variable("x")
        let solver = Solver()
        for _ in 0..<200 { try solver.add((x == 10) ~~ .priority(.defaultHigh)) }
        try solver.add((x == 50) ~~ .priority(.defaultHigh + 1))
        try solver.add((x >= 0) ~~ .priority(.defaultLow))
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: x), 50))
        // A weighted LP with weights 1 and 1.0013 would have answered 10.
    }

    @Test("Lower levels choose within the optimal face of higher ones")
    func lexicographicFace() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add(a + b == 100)
        try solver.add((a >= 30) ~~ .priority(.defaultHigh))       // holds on a face
        try solver.add((a <= 20) ~~ .priority(.defaultLow))        // wants less: pinned at 30 by the higher level
        try solver.add((b == 90) ~~ .priority(.fittingSizeLevel))  // can't: b = 70 at best
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: a), 30))
        #expect(Tolerance.close(solver.value(of: b), 70))
        #expect(Tolerance.close(solver.objective, 10 + 20))
    }

    @Test("Priority weights act within a level")
    func priorityWithWeights() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 0) ~~ .priority(500, weight: 3))
        try solver.add((x == 10) ~~ .priority(500, weight: 2))
        try solver.add((x == 10) ~~ .priority(400))
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: x), 0))
    }

    @Test("Unsatisfiable required constraints give a minimal conflict and keep the last values")
    func unsatisfiable() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        let c1 = (x >= 10).labeled("x≥10")
        let c2 = (y >= x + 5).labeled("y≥x+5")
        let c3 = (z == 3).labeled("z=3")
        try solver.add([c1, c2, c3, (x <= 1000).labeled("x≤1000")])
        try solver.solve()
        let before = [solver.value(of: x), solver.value(of: y), solver.value(of: z)]
        let c4 = (y <= 12).labeled("y≤12")
        try solver.add(c4)
        #expect {
            try solver.solve()
        } throws: { error in
            guard case TrellisError.unsatisfiable(let conflict) = error else { return false }
            return Set(conflict.map { $0.label! }) == ["x≥10", "y≥x+5", "y≤12"]
        }
        #expect([solver.value(of: x), solver.value(of: y), solver.value(of: z)] == before)
        try solver.remove(c4)
        try solver.solve()
        #expect([solver.value(of: x), solver.value(of: y), solver.value(of: z)] == before)
    }

    @Test("A rejected add leaves the solver exactly as it was")
    func rejectedAddLosesNothing() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let good = x + y == 10
        try solver.add(good)
        try solver.add((x == 2 * y) ~~ .weight(1))
        try solver.solve()
        let before = (solver.value(of: x), solver.value(of: y), solver.objective)
        #expect(throws: TrellisError.self) { try solver.add(good) }
        #expect(throws: TrellisError.self) { try solver.add(x == .nan) }
        #expect(throws: TrellisError.self) { try solver.add(x / 0 == 1) }
        #expect(throws: TrellisError.self) { try solver.add((x == 1) ~~ .weight(0)) }
        #expect(throws: TrellisError.self) { try solver.add((x == 1) ~~ .weight(-.infinity)) }
        #expect(throws: TrellisError.self) { try solver.add((x == 1) ~~ .priority(1200)) }
        #expect(throws: TrellisError.self) { try solver.add((x == 1) ~~ .priority(0)) }
        // A batch with one bad member adds none of them.
        let fine = (x == 4) ~~ .weight(1000)
        #expect(throws: TrellisError.self) { try solver.add([fine, x == .infinity]) }
        #expect(!solver.hasConstraint(fine))
        try solver.solve()
        #expect(solver.value(of: x) == before.0 && solver.value(of: y) == before.1 && solver.objective == before.2)
        #expect(solver.constraints.count == 2)
    }

    @Test("Constraint bookkeeping: has, remove, unknown")
    func bookkeeping() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = x == 5
        #expect(!solver.hasConstraint(c))
        try solver.add(c)
        #expect(solver.hasConstraint(c))
        #expect(!solver.hasConstraint(x == 5), "identity, not content")
        try solver.solve()
        #expect(solver.value(of: x) == 5)
        try solver.remove(c)
        #expect(!solver.hasConstraint(c))
        #expect {
            try solver.remove(c)
        } throws: { error in
            if case TrellisError.unknownConstraint = error { return true } else { return false }
        }
        try solver.solve()
        #expect(solver.value(of: x) == 0, "a variable no constraint names is 0")
    }

    @Test("Edit variables: errors and suggestions")
    func editVariables() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(y == x + 1)
        #expect {
            try solver.addEditVariable(x, strength: .required)
        } throws: { error in
            if case TrellisError.requiredEditStrength = error { return true } else { return false }
        }
        #expect(throws: TrellisError.self) { try solver.suggest(x, value: 3) }
        #expect(throws: TrellisError.self) { try solver.removeEditVariable(x) }
        try solver.addEditVariable(x, strength: .weight(100))
        #expect(throws: TrellisError.self) { try solver.addEditVariable(x, strength: .weight(1)) }
        #expect(throws: TrellisError.self) { try solver.suggest(x, value: .nan) }
        try solver.solve()
        #expect(solver.value(of: x) == 0, "before any suggestion an edit holds its variable at 0")
        for target in [3.0, -40, 1e6, 0.25] {
            try solver.suggest(x, value: target)
            try solver.solve()
            #expect(Tolerance.close(solver.value(of: x), target))
            #expect(Tolerance.close(solver.value(of: y), target + 1))
        }
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
    }

    @Test("Results do not depend on the order constraints were added", arguments: 0..<20)
    func orderIndependence(seed: Int) throws {
        // An ambiguous system: many optima; the tie must be broken the same way every time.
        let vars = (0..<6).map { Variable("v\($0)") }
        var constraints: [Constraint] = [
            vars[0] + vars[1] == 100,
            vars[2] >= vars[0] + 10,
            vars[3] <= vars[2] - 5,
            (vars[3] == 40) ~~ .weight(2),
            (vars[4] + vars[5] == 50) ~~ .weight(1),
            (vars[4] >= 0) ~~ .weight(1),
            (vars[5] >= 0) ~~ .weight(1),
            (vars[1] >= 20) ~~ .priority(.defaultHigh),
            (vars[1] <= 30) ~~ .priority(.defaultLow),
            (vars[0] == vars[2]) ~~ .priority(.defaultLow),
        ]
        func solve(_ list: [Constraint]) throws -> [Double] {
            let solver = Solver()
            for c in list { try solver.add(c) }
            try solver.solve()
            return vars.map { solver.value(of: $0) }
        }
        let reference = try solve(constraints)
        var rng = SplitMix(seed: UInt64(seed))
        constraints.shuffle(using: &rng)
        #expect(try solve(constraints) == reference)
    }

    @Test("An ambiguous system gets the same tie-break however many variables the process made before")
    func tieBreakIndependentOfHistory() throws {
        func build() throws -> [Double] {
            let v = (0..<5).map { Variable("v\($0)") }
            let solver = Solver()
            try solver.add([
                v[0] + v[1] + v[2] == 100,            // many optima: only sums are pinned
                v[3] - v[4] >= 10,
                (v[0] + v[3] == 60) ~~ .weight(1),
                (v[1] >= 5) ~~ .weight(1),
                (v[2] + v[4] <= 80) ~~ .weight(2),
            ])
            try solver.solve()
            return v.map { solver.value(of: $0) }
        }
        let first = try build()
        for burn in [1, 7, 1000] {
            _ = (0..<burn).map { Variable("unrelated\($0)") }
            #expect(try build() == first)
        }
    }

    @Test("Only touched components are re-solved; others keep their values")
    func incremental() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let solver = Solver()
        try solver.add(a + b == 10)
        try solver.add((a == 3) ~~ .weight(1))
        try solver.add(c >= 5)
        try solver.addEditVariable(c, strength: .weight(10))
        try solver.suggest(c, value: 8)
        try solver.solve()
        #expect(solver.value(of: a) == 3 && solver.value(of: b) == 7 && solver.value(of: c) == 8)
        try solver.suggest(c, value: 2)
        try solver.solve()
        #expect(solver.value(of: a) == 3 && solver.value(of: b) == 7 && solver.value(of: c) == 5)
        #expect(Tolerance.close(solver.objective, 30))
    }

    @Test("Size and time budgets throw limitExceeded and keep the last values")
    func limits() throws {
        let xs = (0..<50).map { Variable("x\($0)") }
        let solver = Solver()
        try solver.add(xs[0] == 1)
        try solver.solve()
        for i in 1..<50 {
            try solver.add(xs[i] >= xs[i - 1] + 1)
            try solver.add((xs[i] == Double(i * 3)) ~~ .weight(Double(i)))
        }
        solver.limits = SolveLimits(maximumConstraints: 20)
        #expect {
            try solver.solve()
        } throws: { error in
            guard case TrellisError.limitExceeded(let text) = error else { return false }
            return text.contains("99 constraints exceed the limit of 20")
        }
        solver.limits = SolveLimits(maximumVariables: 10)
        #expect(throws: TrellisError.self) { try solver.solve() }
        #expect(solver.value(of: xs[0]) == 1 && solver.value(of: xs[1]) == 0, "the last values stay")
        solver.limits = SolveLimits(milliseconds: 0)
        #expect {
            try solver.solve()
        } throws: { error in
            if case TrellisError.limitExceeded = error { return true } else { return false }
        }
        solver.limits = .unlimited
        try solver.solve()
        #expect(Tolerance.close(solver.value(of: xs[49]), 147))
    }

    @Test("Expressions reduce repeated variables and print readably")
    func expressions() {
        let x = Variable("x"), y = Variable("y")
        let e = (2 * x + y - x + 3 - y / 2).reduced()
        #expect(e.terms.count == 2)
        #expect(e.terms[0].coefficient == 1 && e.terms[1].coefficient == 0.5)
        #expect(e.constant == 3)
        #expect((x - x + 4).reduced().terms.isEmpty)
        #expect((x + y >= 10).description == "x + y - 10 >= 0 (required)")
        #expect(((x == 2 * y) ~~ .priority(.defaultHigh)).description == "x - 2 * y == 0 (@750)")
        #expect((-x + 5 <= y).description == "-x - y + 5 <= 0 (required)")
        #expect((10 - x == 0).expression.constant == 10)
        #expect((10 - x == 0).expression.terms[0].coefficient == -1)
    }

    @Test("a variable's name is the one given; description falls back to v<id> without one")
    func variableNames() {
        let named = Variable("box.left"), unnamed = Variable()
        #expect(named.name == "box.left" && named.description == "box.left")
        #expect(unnamed.name.isEmpty && unnamed.description == "v\(unnamed.id)")
        #expect(named.id != unnamed.id)
    }
}
