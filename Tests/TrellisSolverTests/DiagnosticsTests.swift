import Foundation
import Testing
@testable import TrellisSolver

/// Diagnostics on small hand-made systems whose answers are known.
@Suite("Diagnostics")
struct DiagnosticsTests {
    /// Whether `constraints` (required) can hold together, on a fresh solver.
    static func feasible(_ constraints: [Constraint]) -> Bool {
        let solver = Solver()
        do {
            try solver.add(constraints.map { Constraint($0.expression, $0.relation) })
            try solver.solve()
            return true
        } catch {
            return false
        }
    }

    /// A conflict is infeasible, and feasible without any one member.
    static func expectMinimalConflict(_ conflict: [Constraint], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!conflict.isEmpty, sourceLocation: sourceLocation)
        let allRequired = conflict.allSatisfy { $0.strength.isRequired }
        #expect(allRequired, sourceLocation: sourceLocation)
        #expect(!feasible(conflict), "conflict \(conflict) is satisfiable", sourceLocation: sourceLocation)
        for index in conflict.indices {
            var rest = conflict
            rest.remove(at: index)
            #expect(feasible(rest), "conflict \(conflict) is not minimal without \(conflict[index])", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Conflicts

    @Test("Conflicts: one minimal set per infeasible component, none when satisfiable")
    func conflicts() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        let xMin = (x >= 10).labeled("x min"), xMax = (x <= 5).labeled("x max")
        let yOne = (y == 1).labeled("y one"), yTwo = (y == 2).labeled("y two")
        try solver.add([xMin, xMax, yOne, yTwo, (z == 3).labeled("z"), ((x == 0) ~~ .weight(2)).labeled("soft")])
        let conflicts = try solver.conflicts()
        #expect(conflicts.count == 2)
        let labels = Set(conflicts.map { Set($0.compactMap(\.label)) })
        #expect(labels == [["x min", "x max"], ["y one", "y two"]])
        for conflict in conflicts { Self.expectMinimalConflict(conflict) }

        let fine = Solver()
        try fine.add([x >= 0, y == x + 1])
        #expect(try fine.conflicts().isEmpty)
    }

    @Test("Conflicts: a required constant-only row conflicts alone")
    func constantConflict() throws {
        let solver = Solver()
        let broken = Constraint(LinearExpression(constant: 5), .equal).labeled("five is zero")
        try solver.add(broken)
        #expect(try solver.conflicts().map { $0.map(\.label) } == [["five is zero"]])
    }

    @Test("Conflicts: a long chain is reported whole, minimal")
    func chainConflict() throws {
        let xs = (0..<6).map { Variable("x\($0)") }
        var constraints = [(xs[0] == 0).labeled("start")]
        for i in 1..<6 { constraints.append((xs[i] >= xs[i - 1] + 10).labeled("gap \(i)")) }
        constraints.append((xs[5] <= 40).labeled("end"))
        constraints.append((xs[2] >= -100).labeled("irrelevant"))
        let solver = Solver()
        try solver.add(constraints)
        let conflicts = try solver.conflicts()
        #expect(conflicts.count == 1)
        let gaps: [String] = (1..<6).map { (index: Int) -> String in "gap \(index)" }
        let labels: Set<String> = Set(conflicts[0].compactMap(\.label))
        #expect(labels == Set(["start", "end"] + gaps))
        Self.expectMinimalConflict(conflicts[0])
    }

    // MARK: - Recovery

    @Test("Recovery: relaxes the conflict to 999, reports what broke, keeps the constraints")
    func recovery() throws {
        let width = Variable("width"), other = Variable("other")
        let fixed = (width == 300).labeled("fixed width"), limit = (width <= 200).labeled("max width")
        let solver = Solver()
        try solver.add([fixed, limit, (other == width / 2).labeled("half"), ((width == 0) ~~ .weight(1)).labeled("small")])
        #expect(throws: TrellisError.self) { try solver.solve() }
        let recovery = try #require(try solver.solveRecoveringFromConflicts())
        #expect(recovery.conflicts.count == 1)
        #expect(Set(recovery.relaxed.compactMap(\.label)) == ["fixed width", "max width"])
        #expect(recovery.priority == 999)
        // At 999 the two give way by 100 in total; the weak "small" then prefers 200.
        let brokenTotal: Double = recovery.broken.map(\.amount).reduce(0, +)
        #expect(brokenTotal == 100)
        #expect(solver.value(of: width) == 200)
        #expect(solver.value(of: other) == 100)
        #expect(recovery.broken.map { $0.constraint.label } == ["fixed width"])
        // The constraints are as given: still required, still there; a plain solve throws again.
        #expect(solver.hasConstraint(fixed) && solver.hasConstraint(limit))
        #expect(solver.constraints.allSatisfy { $0.label == "small" || $0.strength.isRequired })
        #expect(throws: TrellisError.self) { try solver.solve() }
        #expect(recovery.description.contains("fixed width"))
    }

    @Test("Recovery: nil without a conflict; a required priority is refused")
    func recoveryEdges() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x == 1)
        #expect(try solver.solveRecoveringFromConflicts() == nil)
        #expect(solver.value(of: x) == 1)
        #expect(throws: TrellisError.self) { try solver.solveRecoveringFromConflicts(relaxingTo: .required) }
    }

    @Test("Recovery: several conflicts, each minimal, all relaxed")
    func recoveryMany() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([(x >= 10).labeled("a"), (x <= 5).labeled("b"), (y == 1).labeled("c"), (y == 2).labeled("d")])
        let recovery = try #require(try solver.solveRecoveringFromConflicts())
        #expect(recovery.relaxed.count == 4)
        for conflict in recovery.conflicts { Self.expectMinimalConflict(conflict) }
        let brokenTotal: Double = recovery.broken.map(\.amount).reduce(0, +)
        #expect(abs(brokenTotal - 6) < 1e-9)   // 5 on x, 1 on y
    }

    // MARK: - Violations

    @Test("Violations: soft constraints that do not hold, by level then cost")
    func violations() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let high = ((x >= 40) ~~ .priority(.defaultHigh)).labeled("high")
        let low = ((x == 0) ~~ .priority(.defaultLow)).labeled("low")
        try solver.add([(x <= 10).labeled("cap"), high, low, ((y == 5) ~~ .priority(.defaultLow)).labeled("y five")])
        try solver.addEditVariable(y, strength: .weight(1))
        try solver.suggest(y, value: 8)
        try solver.solve()
        let violations = solver.violations()
        #expect(violations.map { $0.constraint.label } == ["high", "low", "edit y"])
        #expect(violations.map(\.amount) == [30, 10, 3])
        #expect(violations[0].strength.priority == .defaultHigh)
        #expect(violations[2].editVariable === y)
        #expect(violations[0].description == "high: x - 40 >= 0 (@750) is off by 30")
    }

    @Test("Violations: their costs add up to the objective (kiwi-style weights)")
    func violationCosts() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add([a + b == 100, (a == 80) ~~ .weight(3), (b == 50) ~~ .weight(2), Constraint(LinearExpression(constant: 4), .equal, strength: .weight(0.5))])
        try solver.solve()
        let total = solver.violations().map(\.cost).reduce(0, +)
        #expect(abs(total - solver.objective) < 1e-9)
        #expect(abs(total - (60 + 2)) < 1e-9)
    }

    // MARK: - Ambiguity

    @Test("Ambiguity: ranges of undetermined variables; determined ones are left out")
    func ambiguity() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let solver = Solver()
        try solver.add([a + b == 100, a >= 10, b >= 20, c == 5])
        let report = try solver.ambiguityReport()
        #expect(report.checkedCount == 3)
        #expect(report.entries.count == 2)
        let ra = try #require(report[a]), rb = try #require(report[b])
        #expect(ra.minimum == 10 && ra.maximum == 80)
        #expect(rb.minimum == 20 && rb.maximum == 90)
        #expect(report[c] == nil)
        #expect(ra.value == solver.value(of: a))
        #expect(try solver.hasAmbiguousSolution)
        #expect(try !solver.hasAmbiguity(among: [c]))
        #expect(try solver.hasAmbiguity(among: [c, a]))
        let difference = try solver.range(of: a - b)
        #expect(difference.minimum == -80 && difference.maximum == 60)
        let sum = try solver.range(of: a + b)
        #expect(sum.minimum == 100 && sum.maximum == 100)
    }

    @Test("Ambiguity: a tie between equal weights")
    func tie() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([x + y == 100, (x == 30) ~~ .weight(1), (y == 90) ~~ .weight(1)])
        let report = try solver.ambiguityReport()
        #expect(report[x].map { [$0.minimum, $0.maximum] } == [10, 30])
        #expect(report[y].map { [$0.minimum, $0.maximum] } == [70, 90])
        // A higher priority breaks the tie: nothing is ambiguous.
        let ordered = Solver()
        try ordered.add([x + y == 100, (x == 30) ~~ .priority(.defaultHigh), (y == 90) ~~ .priority(.defaultLow)])
        #expect(try !ordered.hasAmbiguousSolution)
        #expect(ordered.value(of: y) == 70)
    }

    @Test("Ambiguity: unbounded directions and unknown variables")
    func unbounded() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), stranger = Variable("stranger")
        let solver = Solver()
        try solver.add([x >= 0, y >= 0, x + y >= 10, z == x + y + 1, (x + y == 0) ~~ .weight(1)])
        let report = try solver.ambiguityReport(for: [x, y, z, stranger])
        let xRange: [Double]? = report[x].map { [$0.minimum, $0.maximum] }
        #expect(xRange == [0, 10])
        #expect(report[z] == nil)   // x + y is held at 10
        let strangerRange: [Double]? = report[stranger].map { [$0.minimum, $0.maximum] }
        let anything: [Double] = [-.infinity, .infinity]
        #expect(strangerRange == anything)

        let open = Solver()
        try open.add([x >= 0, x + y >= 10])
        let loose = try open.ambiguityReport()
        #expect(loose[x].map { [$0.minimum, $0.maximum] } == [0, .infinity])
        let looseRange: [Double]? = loose[y].map { [$0.minimum, $0.maximum] }
        let unbounded: [Double] = [-.infinity, .infinity]
        #expect(looseRange == unbounded)
        #expect(loose.description.contains("∞"))
    }

    @Test("Ambiguity: a determined chain is certified without per-variable LPs")
    func determinedChain() throws {
        let xs = (0..<50).map { Variable("x\($0)") }
        let solver = Solver()
        try solver.add(xs[0] == 0)
        for i in 1..<50 {
            try solver.add(xs[i] == xs[i - 1] + 3)
            try solver.add((xs[i] <= xs[i - 1] + 2) ~~ .weight(Double(i)))
        }
        let report = try solver.ambiguityReport()
        #expect(!report.isAmbiguous)
        #expect(report.certifiedCount == 50)
        #expect(report.linearProgramCount <= 2)
    }

    // MARK: - Explain

    @Test("Explain: the binding constraints, sensitivities and prices")
    func explain() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.add((left == 20).labeled("margin"))
        try solver.add((right == left + width).labeled("right edge"))
        try solver.add(((width == 100) ~~ .weight(1)).labeled("preferred width"))
        let why = try solver.explain(right)
        #expect(why.value == 120 && why.isDetermined)
        #expect(Set(why.reasons.compactMap(\.constraint.label)) == ["margin", "right edge", "preferred width"])
        #expect(why.reasons.allSatisfy { $0.sensitivity == -1 && $0.side == .both })
        #expect(why.reasons.last?.constraint.label == "preferred width")
        #expect(why.reasons.last?.role == .holding)
        #expect(why.description.hasPrefix("right = 120, held by 3 constraints"))

        let x = Variable("x"), y = Variable("y")
        let gap = Solver()
        try gap.add([(y == 10).labeled("y is 10"), (x >= y + 5).labeled("gap"), ((x == 0) ~~ .weight(1)).labeled("x small")])
        let whyX = try gap.explain(x)
        #expect(whyX.value == 15)
        // "x small" is broken, and its cost is what keeps x from growing past the gap.
        #expect(Set(whyX.reasons.compactMap(\.constraint.label)) == ["gap", "y is 10", "x small"])
        let small = try #require(whyX.reasons.first { $0.constraint.label == "x small" })
        #expect(small.role == .broken && small.side == .above && small.violation == 15)
        let gapReason = try #require(whyX.reasons.first { $0.constraint.label == "gap" })
        #expect(gapReason.sensitivity == -1)          // x - y - 5 >= 0: a larger constant lets x drop
        #expect(gapReason.price == -1 && gapReason.priceLevel == 0)   // and saves "x small" one unit
        #expect(gapReason.role == .required)
    }

    @Test("Explain: an undetermined value, what bounds it from each side")
    func explainUndetermined() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add([(a + b == 100).labeled("fill"), (a >= 10).labeled("a min"), (b >= 20).labeled("b min")])
        let why = try solver.explain(a)
        #expect(!why.isDetermined)
        #expect(why.minimum == 10 && why.maximum == 80)
        #expect(why.reasons.first { $0.constraint.label == "a min" }?.side == .below)
        #expect(why.reasons.first { $0.constraint.label == "b min" }?.side == .above)
        #expect(why.reasons.first { $0.constraint.label == "fill" }?.side == .above)
        #expect(why.description.contains("not determined: anywhere in [10, 80]"))
        let stranger = try solver.explain(Variable("stranger"))
        #expect(stranger.minimum == -.infinity && stranger.reasons.isEmpty)
    }

    @Test("Explain: broken soft constraints at lexicographic levels")
    func explainLevels() throws {
        let w = Variable("w")
        let solver = Solver()
        try solver.add([(w <= 100).labeled("room"), ((w >= 150) ~~ .priority(.defaultHigh)).labeled("wants 150"),
                        ((w == 0) ~~ .priority(.defaultLow)).labeled("hug")])
        let why = try solver.explain(w)
        #expect(why.value == 100)
        // The room caps it; the broken wish for 150 (at 750, above "hug" at 250) is what keeps it there.
        #expect(why.reasons.map(\.constraint.label) == ["room", "wants 150"])
        #expect(why.reasons[0].price == 1 && why.reasons[0].priceLevel == 750)   // more room, less violation at 750
        #expect(why.reasons[1].role == .broken && why.reasons[1].violation == 50 && why.reasons[1].side == .below)
    }

    // MARK: - Sensitivity

    @Test("Sensitivity: the window width keeps the shape down to 320")
    func sensitivity() throws {
        let w = Variable("w"), a = Variable("a"), b = Variable("b")
        let solver = Solver()
        let window = (w == 400).labeled("window")
        let aMin = (a >= 100).labeled("a min")
        let bWants = ((b == 200) ~~ .weight(1)).labeled("b wants 200")
        try solver.add([window, (a + b == w).labeled("fill"), aMin, ((a == 120) ~~ .weight(10)).labeled("a wants 120"), bWants])
        let range = try solver.sensitivity(of: window)
        #expect(range.constant == -400)
        #expect(range.lowerBound == -.infinity && range.upperBound == -320)
        #expect(range.valueRange.lower == 320 && range.valueRange.upper == .infinity)
        #expect(range.upperLimit?.constraint === bWants && range.upperLimit?.event == .becomesSatisfied)
        #expect(range.lowerLimit == nil)
        // An inactive inequality can tighten until it becomes active (a = 120).
        let inactive = try solver.sensitivity(of: aMin)
        #expect(inactive.lowerBound == -120 && inactive.upperBound == .infinity)
        #expect(inactive.lowerLimit?.constraint === aMin && inactive.lowerLimit?.event == .becomesActive)
        #expect(throws: TrellisError.self) { try solver.sensitivity(of: w >= 0) }
    }

    @Test("Sensitivity: inside the range every value moves linearly; the limit is where a soft constraint comes to hold")
    func sensitivityIsExact() throws {
        let w = Variable("w"), a = Variable("a"), b = Variable("b"), c = Variable("c")
        let cWants = ((c == 100) ~~ .weight(1)).labeled("c wants 100")
        func build(_ width: Double) throws -> (Solver, Constraint) {
            let solver = Solver()
            let window = (w == width).labeled("window")
            try solver.add([window, a + b + c == w, a >= 40, b >= 40, c >= 40,
                            (a == 80) ~~ .weight(100), (b == 160) ~~ .weight(10), cWants])
            try solver.solve()
            return (solver, window)
        }
        let (solver, window) = try build(400)
        let range = try solver.sensitivity(of: window)
        // c gives way first (cheapest): the shape holds until c is back at 100, at w = 340.
        #expect(range.valueRange.lower == 340 && range.valueRange.upper == .infinity)
        #expect(range.upperLimit?.constraint === cWants && range.upperLimit?.event == .becomesSatisfied)
        let widths = [341.0, 370, 400, 1000]
        let values = try widths.map { width -> [Double] in
            let (s, _) = try build(width)
            return [a, b, c].map { s.value(of: $0) }
        }
        for k in 0..<3 {
            var slopes: [Double] = []
            for i in 1..<widths.count {
                let rise: Double = values[i][k] - values[i - 1][k]
                let run: Double = widths[i] - widths[i - 1]
                slopes.append(rise / run)
            }
            let affine = slopes.allSatisfy { abs($0 - slopes[0]) < 1e-9 }
            #expect(affine, "variable \(k): \(slopes)")
        }
    }

    @Test("Sensitivity of an edit variable's suggestion")
    func suggestionSensitivity() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add([(x <= 100).labeled("cap"), (x >= 0).labeled("floor")])
        try solver.addEditVariable(x, strength: .weight(1000))
        try solver.suggest(x, value: 30)
        let range = try solver.sensitivity(ofSuggestionFor: x)
        #expect(range.valueRange.lower == 0 && range.valueRange.upper == 100)
        #expect(throws: TrellisError.self) { try solver.sensitivity(ofSuggestionFor: Variable("nobody")) }
    }

    @Test("Diagnostics change nothing: values and later solves are the same")
    func noSideEffects() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add([a + b == 100, a >= 10, b >= 20, (a == 50) ~~ .weight(1)])
        try solver.solve()
        let before = [solver.value(of: a), solver.value(of: b)]
        _ = try solver.ambiguityReport()
        _ = try solver.explain(a)
        _ = try solver.sensitivity(of: solver.constraints.first { $0.strength.isRequired && $0.relation == .equal }!)
        _ = try solver.conflicts()
        _ = solver.violations()
        #expect([solver.value(of: a), solver.value(of: b)] == before)
        try solver.solve()
        #expect([solver.value(of: a), solver.value(of: b)] == before)
    }
}
