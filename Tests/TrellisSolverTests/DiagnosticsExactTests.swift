import Testing
@testable import TrellisSolver

/// Diagnostics that must be exact: the broken soft constraints that hold a value are part of its
/// explanation, and ambiguity verdicts stay right when one level's weights span 1e-2…1e7 (or
/// more) and across priority levels.
@Suite("Diagnostics (exact)")
struct DiagnosticsExactTests {
    // MARK: - Explain lists broken soft constraints

    @Test("Explain: a squeezed value lists its own broken minimum (priority levels)")
    func explainSqueezedLevels() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add([(a + b == 150).labeled("row"),
                        ((a >= 100) ~~ .priority(749)).labeled("a min"),
                        ((b >= 100) ~~ .priority(750)).labeled("b min")])
        let why = try solver.explain(a)
        #expect(why.value == 50 && why.isDetermined)
        let own = try #require(why.reasons.first { $0.constraint.label == "a min" }, "\(why)")
        #expect(own.role == .broken && own.violation == 50 && own.side == .below)
        #expect(why.reasons.contains { $0.constraint.label == "b min" && $0.role == .holding })
        #expect(why.reasons.contains { $0.constraint.label == "row" && $0.role == .required })
        #expect(why.description.contains("a min: a - 100 >= 0 (@749): broken by 50"))
    }

    @Test("Explain: a squeezed value lists its own broken minimum (weights in one level)")
    func explainSqueezedWeights() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add([(a + b == 150).labeled("row"),
                        ((a >= 100) ~~ .weight(1)).labeled("a min"),
                        ((b >= 100) ~~ .weight(2)).labeled("b min")])
        let why = try solver.explain(a)
        #expect(why.value == 50 && why.isDetermined)
        let own = try #require(why.reasons.first { $0.constraint.label == "a min" }, "\(why)")
        #expect(own.role == .broken && own.side == .below && own.priceLevel == 0, "\(why)")
        // b is the one that holds: it keeps a from growing, and the row ties them.
        let other = try #require(why.reasons.first { $0.constraint.label == "b min" })
        #expect(other.role == .holding && other.sensitivity == 1)   // b >= 99 would let a grow to 51
        // An equality's price: one unit less room costs "a min" one more unit of violation.
        let row = try #require(why.reasons.first { $0.constraint.label == "row" })
        #expect(row.price == 1 && row.priceLevel == 0, "\(why)")
    }

    @Test("Explain: a broken preference that pushes a value against a required limit")
    func explainPushedAgainstLimit() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([(y == 10).labeled("y is 10"), (x >= y + 5).labeled("gap"),
                        ((x == 0) ~~ .weight(1)).labeled("x small")])
        let why = try solver.explain(x)
        #expect(why.value == 15)
        #expect(Set(why.reasons.compactMap(\.constraint.label)) == ["gap", "y is 10", "x small"])
        let small = try #require(why.reasons.first { $0.constraint.label == "x small" })
        #expect(small.role == .broken && small.violation == 15 && small.side == .above)
        #expect(small.sensitivity == 0)   // its constant moves nothing: x stays at the gap
    }

    @Test("Explain: a holding soft constraint and an unrelated broken one are told apart")
    func explainUnrelatedBroken() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([(x + y <= 1000).labeled("sum"),
                        ((x == 30) ~~ .weight(5)).labeled("x wants 30"),
                        ((y == 2000) ~~ .weight(1)).labeled("y wants 2000")])
        let why = try solver.explain(x)
        #expect(why.value == 30 && why.isDetermined)
        #expect(why.reasons.contains { $0.constraint.label == "x wants 30" && $0.role == .holding && $0.side == .both })
        // y's broken preference keeps x from growing (x + y is at the limit, y pushes): listed above.
        let pushing = try #require(why.reasons.first { $0.constraint.label == "y wants 2000" })
        #expect(pushing.role == .broken && pushing.side == .above, "\(why)")
        let whyY = try solver.explain(y)
        #expect(whyY.value == 970)
        // For y itself the same preference is what keeps it from going lower.
        #expect(whyY.reasons.contains { $0.constraint.label == "y wants 2000" && $0.role == .broken && $0.side == .below }, "\(whyY)")
    }

    // MARK: - Ambiguity with wide weight ranges

    /// The reported case: one level with weights 0.01…1e7 and an objective near 1.2e9; `x` is held
    /// by a weight of 0.01 per unit against a required minimum of 1315.01.
    /// `v` is held by half that (a coefficient of 0.5 on a weight of 0.01).
    static func wide(level: (Double) -> Strength) throws -> (Solver, x: Variable, u: Variable, z: Variable, v: Variable) {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), u = Variable("u"), v = Variable("v")
        let solver = Solver()
        try solver.add([(y >= 120).labeled("y min"),
                        ((y == 0) ~~ level(1e7)).labeled("y wants 0"),              // costs 1.2e9
                        (x >= y + 1195.01).labeled("x after y"),
                        ((x <= 0) ~~ level(0.01)).labeled("x small"),               // 0.01 per unit
                        ((z == x + 40) ~~ level(1e3)).labeled("z follows x"),
                        ((z >= 0) ~~ level(0.1)).labeled("z positive"),
                        (u >= 0).labeled("u min"), (u <= x - 1305.01).labeled("u max"),   // u ∈ [0, 10]
                        (v >= x - 1300).labeled("v min"), ((0.5 * v <= 0) ~~ level(0.01)).labeled("v small")])
        try solver.solve()
        return (solver, x, u, z, v)
    }

    @Test("Ambiguity: weights 0.01…1e7 in one level; a variable held by 0.01 per unit is determined")
    func wideWeights() throws {
        let (solver, x, u, z, v) = try Self.wide { .weight($0) }
        #expect(abs(solver.value(of: x) - 1315.01) < 1e-6)
        let report = try solver.ambiguityReport()
        #expect(report.entries.map(\.subject.name) == ["u"], "\(report)")
        let entry = try #require(report[u])
        #expect(abs(entry.minimum) < 1e-6 && abs(entry.maximum - 10) < 1e-6)
        let range = try solver.range(of: LinearExpression(x))
        #expect(abs(range.minimum - 1315.01) < 1e-6 && abs(range.maximum - 1315.01) < 1e-6, "\(range)")
        let why = try solver.explain(x)
        #expect(why.isDetermined, "\(why)")
        #expect(why.reasons.contains { $0.constraint.label == "x small" && $0.role == .broken && $0.side == .above })
        #expect(try solver.explain(z).isDetermined)
        #expect(try !solver.hasAmbiguity(among: [x, z, v]))
        #expect(try solver.explain(v).isDetermined)
    }

    @Test("Ambiguity: the same wide level at priority 750 above a level that pulls x away")
    func wideWeightsLevels() throws {
        let (solver, x, u, _, v) = try Self.wide { .priority(750, weight: $0) }
        try solver.add(((v == 400) ~~ .priority(250)).labeled("v wants 400"))
        try solver.add(((x == 5000) ~~ .priority(250)).labeled("x wants 5000"))
        try solver.add(((u == 7) ~~ .priority(250, weight: 0.01)).labeled("u wants 7"))
        try solver.solve()
        #expect(abs(solver.value(of: x) - 1315.01) < 1e-6)
        #expect(abs(solver.value(of: u) - 7) < 1e-6)
        #expect(abs(solver.value(of: v) - 15.01) < 1e-6)
        let report = try solver.ambiguityReport()
        #expect(!report.isAmbiguous, "\(report)")
        #expect(try solver.explain(x).isDetermined)
    }

    @Test("Ambiguity: weights spanning 1e-3…1e7 (beyond floating point), decided in exact arithmetic")
    func widerThanFloatingPoint() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([(y >= 120), ((y == 0) ~~ .weight(1e7)), (x >= y + 10),
                        ((x <= 0) ~~ .weight(1e-3)).labeled("x small"), ((x + y <= 1e4) ~~ .weight(5e6))])
        try solver.solve()
        #expect(solver.value(of: x) == 130)
        #expect(try !solver.hasAmbiguousSolution)
        #expect(try solver.range(of: LinearExpression(x)) == (130, 130))
    }
}
