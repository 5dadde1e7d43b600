import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem
import TrellisTestSupport

/// "Errors lose nothing": a rejected constraint, a failed solve (unsatisfiable, over budget, a
/// GLPK fault caught by the guard) leaves the solver observably unchanged: the same values at
/// once, and the same answer from the next solve.
@Suite("Nothing lost")
struct NothingLostTests {
    /// What a caller can observe: every value and the objective (rounded past float noise).
    struct Answer: Equatable, CustomStringConvertible {
        var values: [Double]
        var objective: Double
        init(_ solver: Solver, _ variables: [Variable]) {
            values = variables.map { (solver.value(of: $0) * 1e6).rounded() / 1e6 }
            objective = (solver.objective * 1e6).rounded() / 1e6
        }
        var description: String { "\(values) objective \(objective)" }
    }

    /// A random feasible system with a unique optimum: required links between neighbours, and a
    /// soft target for every variable at its own power-of-two weight (no two trades cost the same).
    static func makeSystem(_ random: inout SplitMix, count: Int) -> (variables: [Variable], constraints: [Constraint]) {
        let v = (0..<count).map { Variable("v\($0)") }
        var constraints: [Constraint] = []
        for i in 1..<count {
            let j = random.int(0...i - 1)
            let gap = Double(random.int(0...40))
            switch random.int(0...2) {
            case 0: constraints.append(v[i] >= v[j] + gap)
            case 1: constraints.append(v[i] + v[j] <= Double(200 + random.int(0...200)))
            default: constraints.append((v[i] == v[j] + gap) ~~ .priority(random.pick([250, 500, 750])))
            }
        }
        for i in 0..<count {
            let strength: Strength = random.int(0...3) == 0 ? .priority(random.pick([300, 600]), weight: Double(1 << i))
                                                            : .weight(Double(1 << i))
            constraints.append((v[i] == Double(random.int(-50...250))) ~~ strength)
        }
        constraints.append(v[0] >= -100)
        return (v, constraints)
    }

    /// A solver of the same constraints and edits, solved cold: the answer any history must give.
    static func cold(_ constraints: [Constraint], edits: [(Variable, Double)], _ variables: [Variable]) throws -> Answer {
        Answer(try ColdSolve.solver(constraints, edits: edits.map { ($0.0, 1000, $0.1) }), variables)
    }

    @Test("Random failing calls between solves lose nothing", arguments: 0..<24)
    func randomFailures(seed: UInt64) throws {
        var random = SplitMix(state: seed &* 7919 &+ 1)
        let (v, base) = Self.makeSystem(&random, count: 6)
        let solver = Solver()
        try solver.add(base)
        let edit = v[random.int(0...5)]
        try solver.addEditVariable(edit, strength: .weight(1000))
        var suggestion = Double(random.int(0...100))
        try solver.suggest(edit, value: suggestion)
        try solver.solve()
        var expected = Answer(solver, v)
        #expect(expected == (try Self.cold(base, edits: [(edit, suggestion)], v)))

        /// Expects `body` to throw, then the same values at once and from the next solve.
        func expectNothingLost(_ what: String, _ body: () throws -> Void) throws {
            #expect(throws: (any Error).self, "\(what) should throw") { try body() }
            #expect(Answer(solver, v) == expected, "\(what) changed the values (seed \(seed))")
            try solver.solve()
            #expect(Answer(solver, v) == expected, "\(what): the next solve differs (seed \(seed))")
        }

        for _ in 0..<12 {
            let a = v[random.int(0...5)], b = v[random.int(0...5)]
            switch random.int(0...10) {
            case 0:
                try expectNothingLost("a NaN coefficient") { try solver.add(Constraint(LinearExpression([Term(a, .nan)]), .equal)) }
            case 1:
                try expectNothingLost("a constant beyond 1e15") { try solver.add(a == 1e16) }
            case 2:
                let good = (a == 42) ~~ .weight(1e6)
                try expectNothingLost("a batch with one invalid strength") {
                    try solver.add([good, (b >= 0) ~~ .weight(0)])
                }
                #expect(!solver.hasConstraint(good))
            case 3:
                try expectNothingLost("a duplicate constraint") { try solver.add(base[random.int(0...base.count - 1)]) }
            case 4:
                try expectNothingLost("removing an unknown constraint") { try solver.remove(a >= 0) }
            case 5:
                try expectNothingLost("a NaN suggestion") { try solver.suggest(edit, value: .nan) }
            case 6:
                try expectNothingLost("a required edit variable") { try solver.addEditVariable(b, strength: .required) }
            case 7:
                // Unsatisfiable: a contradiction to a required constraint, then taken back.
                let conflict = [a == 1_000_000, a <= -1_000_000]
                try expectNothingLost("an unsatisfiable solve") {
                    try solver.add(conflict)
                    defer { for c in conflict { try? solver.remove(c) } }
                    try solver.solve()
                }
            case 8:
                // Over budget, then the budget lifted.
                let extra = (a == 7) ~~ .weight(3)
                try expectNothingLost("a solve over its size budget") {
                    try solver.add(extra)
                    defer { try? solver.remove(extra) }
                    solver.limits = SolveLimits(maximumConstraints: 3)
                    defer { solver.limits = .unlimited }
                    try solver.solve()
                }
            case 9:
                // A GLPK fault caught by the guard somewhere in a solve that calls GLPK.
                // Weight 5.3: no sum of the targets' power-of-two weights can match 5.3 or 10.6, so the
                // optimum stays unique (with 5 = 1 + 4 it could tie, and a tie's vertex may follow history).
                let extra = (a + b == 77) ~~ .weight(5.3)
                try solver.add(extra)
                let start = GLPKGuard.callCount
                try solver.solve()
                let calls = Int(GLPKGuard.callCount - start)
                let withExtra = Answer(solver, v)
                try solver.remove(extra)
                try solver.solve()
                #expect(Answer(solver, v) == expected)
                guard calls > 1 else { continue }
                try solver.add(extra)
                GLPKGuard.injectFault(afterCalls: UInt64(random.int(1...calls - 1)))
                do {
                    try solver.solve()
                    #expect(Answer(solver, v) == withExtra, "seed \(seed)")
                } catch TrellisError.numericalFailure {
                    #expect(Answer(solver, v) == expected, "a GLPK fault changed the values (seed \(seed))")
                }
                GLPKGuard.injectFault(afterCalls: 0)
                try solver.solve()
                #expect(Answer(solver, v) == withExtra, "the solve after a GLPK fault differs (seed \(seed))")
                try solver.remove(extra)
                try solver.solve()
                #expect(Answer(solver, v) == expected)
            default:
                // A successful change, checked against a cold solve, then a new baseline.
                suggestion = Double(random.int(-20...220))
                try solver.suggest(edit, value: suggestion)
                try solver.solve()
                expected = Answer(solver, v)
                #expect(expected == (try Self.cold(base, edits: [(edit, suggestion)], v)), "seed \(seed)")
            }
        }
        #expect(Answer(solver, v) == (try Self.cold(base, edits: [(edit, suggestion)], v)), "seed \(seed)")
    }

    @Test("A rejected batch adds none of its constraints")
    func batchIsAllOrNothing() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x >= 10)
        try solver.solve()
        let good = x == 20
        #expect(throws: TrellisError.self) { try solver.add([good, x <= .infinity]) }
        #expect(!solver.hasConstraint(good))
        #expect(solver.constraints.count == 1)
        try solver.solve()
        #expect(solver.value(of: x) == 10)
    }

    @Test("An unsatisfiable solve keeps the last values; removing the culprit restores the answer")
    func unsatisfiableKeepsValues() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([x + y == 100, (x == 30) ~~ .weight(1), y >= 10])
        try solver.solve()
        let before = Answer(solver, [x, y])
        let bad = y >= 200
        let worse = x >= 0
        try solver.add([bad, worse])
        let error = #expect(throws: TrellisError.self) { try solver.solve() }
        guard case .unsatisfiable(let conflict)? = error else {
            Issue.record("expected unsatisfiable, got \(String(describing: error))")
            return
        }
        #expect(conflict.contains { $0 === bad } && conflict.contains { $0 === worse })
        #expect(Answer(solver, [x, y]) == before)
        try solver.remove(bad)
        try solver.solve()
        #expect(Answer(solver, [x, y]) == before)
    }
}
