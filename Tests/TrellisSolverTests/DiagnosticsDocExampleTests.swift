import Testing
@testable import TrellisSolver

/// The examples in the doc comments of the diagnostics, run as written.
@Suite("Diagnostics: documentation examples")
struct DiagnosticsDocExampleTests {
    @Test("Violation")
    func violation() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 10)
        let wish = (x == 50) ~~ .weight(2)
        try solver.add(wish)
        try solver.solve()
        let broken = solver.violations()
        #expect(broken[0].constraint === wish)
        #expect(broken[0].amount == 40)
        #expect(broken[0].cost == 80)
    }

    @Test("AmbiguityReport and Solver.ambiguityReport")
    func ambiguity() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add(a + b == 100)
        try solver.add(a >= 10)
        try solver.add(b >= 20)
        let report = try solver.ambiguityReport()
        #expect(report.isAmbiguous)
        #expect(report[a]?.minimum == 10)
        #expect(report[a]?.maximum == 80)
        #expect(report.description.hasPrefix("2 of 2 variables are ambiguous:\n  a = "))
        #expect(report.description.contains(", can be anywhere in [10, 80]\n  b = "))
        #expect(report.description.hasSuffix(", can be anywhere in [20, 90]"))

        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let other = Solver()
        try other.add([x + y == 10, z == 3])
        #expect(try other.hasAmbiguousSolution)
        #expect(try !other.hasAmbiguity(among: [z]))
        #expect(try other.hasAmbiguity(among: [x, z]))
    }

    @Test("Explanation and Solver.explain")
    func explain() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.add((left == 20).labeled("margin"))
        try solver.add((right == left + width).labeled("right edge"))
        try solver.add(((width == 100) ~~ .weight(1)).labeled("preferred width"))
        let why = try solver.explain(right)
        #expect(why.value == 120)
        #expect(why.reasons.compactMap(\.constraint.label) == ["margin", "right edge", "preferred width"])
        let lines = why.description.split(separator: "\n").map(String.init)
        #expect(lines[0] == "right = 120, held by 3 constraints:")
        #expect(lines[1] == "  margin: left - 20 == 0 (required): required; moves it by -1 per +1 of its constant")
        #expect(lines[3] == "  preferred width: width - 100 == 0 (weight 1): holds exactly; moves it by -1 per +1 of its constant; price 1 (weights)"
                || lines[3].hasPrefix("  preferred width: width - 100 == 0 (weight 1): holds exactly; moves it by -1 per +1 of its constant"))

        let x = Variable("x"), y = Variable("y")
        let gap = Solver()
        try gap.add((y == 10).labeled("y is 10"))
        try gap.add((x >= y + 5).labeled("gap"))
        try gap.add(((x == 0) ~~ .weight(1)).labeled("x small"))
        let whyX = try gap.explain(x)
        #expect(whyX.value == 15)
        #expect(Set(whyX.reasons.compactMap(\.constraint.label)) == ["gap", "y is 10", "x small"])
        #expect(whyX.reasons.first { $0.constraint.label == "x small" }?.role == .broken)
    }

    @Test("SensitivityRange and Solver.sensitivity")
    func sensitivity() throws {
        let w = Variable("window"), a = Variable("a"), b = Variable("b")
        let solver = Solver()
        let window = (w == 400).labeled("window")
        try solver.add(window)
        try solver.add((a + b == w).labeled("fill"))
        try solver.add((a >= 100).labeled("a min"))
        try solver.add(((a == 120) ~~ .weight(10)).labeled("a wants 120"))
        try solver.add(((b == 200) ~~ .weight(1)).labeled("b wants 200"))
        let range = try solver.sensitivity(of: window)
        #expect(range.constant == -400)
        #expect(range.lowerBound == -.infinity && range.upperBound == -320)
        #expect(range.upperLimit?.constraint?.label == "b wants 200")
        #expect(range.upperLimit?.event == .becomesSatisfied)

        let w2 = Variable("w")
        let other = Solver()
        let width = (w2 == 400).labeled("width")
        try other.add([width, (a + b == w2), (a >= 100), ((b == 200) ~~ .weight(1))])
        #expect(try other.sensitivity(of: width).valueRange.lower == 300)
    }

    @Test("ConstraintReference: one function over the solver's and any other reference's violations")
    func constraintReference() throws {
        func report<C: ConstraintReference>(_ violations: [Violation<C>]) -> [String] {
            violations.map { "\($0.constraint) at \($0.strength): \($0.amount)" }
        }
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 10)
        try solver.add(((x == 50) ~~ .weight(2)).labeled("wish"))
        try solver.solve()
        #expect(report(solver.violations()) == ["wish: x - 50 == 0 (weight 2) at weight 2: 40.0"])
        #expect(Variable.kindName == "variable")
    }

    @Test("ConflictRecovery and Solver.solveRecoveringFromConflicts")
    func recovery() throws {
        let x = Variable("x")
        let solver = Solver()
        let low = (x <= 10).labeled("at most 10")
        let high = (x >= 20).labeled("at least 20")
        try solver.add([low, high])
        let recovery = try #require(try solver.solveRecoveringFromConflicts())
        #expect(recovery.conflicts.count == 1)
        let brokenTotal: Double = recovery.broken.map(\.amount).reduce(0, +)
        #expect(brokenTotal == 10)

        let width = Variable("width")
        let other = Solver()
        try other.add([(width == 300).labeled("fixed width"), (width <= 200).labeled("max width")])
        #expect(try other.solveRecoveringFromConflicts()?.broken.first?.amount == 100)
    }

    @Test("Solver.conflicts and Solver.range")
    func conflictsAndRange() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add([(x >= 10).labeled("x min"), (x <= 5).labeled("x max"),
                        (y == 1).labeled("y one"), (y == 2).labeled("y two")])
        #expect(try solver.conflicts().count == 2)

        let a = Variable("a"), b = Variable("b")
        let ranged = Solver()
        try ranged.add([a + b == 100, a >= 10, b >= 20])
        let difference = try ranged.range(of: a - b)
        #expect(difference.minimum == -80 && difference.maximum == 60)
        let sum = try ranged.range(of: a + b)
        #expect(sum.minimum == 100 && sum.maximum == 100)
    }

    @Test("Violations by level")
    func violationsByLevel() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 10)
        try solver.add((x >= 40) ~~ .priority(.defaultHigh))
        try solver.add((x == 0) ~~ .priority(.defaultLow))
        try solver.solve()
        #expect(solver.violations().map(\.amount) == [30, 10])
    }
}
