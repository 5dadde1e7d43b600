import Testing
import Trellis
import TrellisTestSupport

/// The diagnostic results are one generic family: the solver's over `Constraint` (and
/// `Variable`), a layout's over `ConstraintInfo` (and `ItemAttribute`), with one text.
@Suite("Diagnostics: one family for solver and layout")
struct DiagnosticFamilyTests {
    @Test("A violation reads the same at both levels; the cost is shown when the weight is not 1")
    func violationText() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 10)
        try solver.add(((x == 50) ~~ .weight(2)).labeled("wish"))
        try solver.add(((x == 30) ~~ .weight(1)).labeled("plain"))
        try solver.solve()
        let texts = solver.violations().map(\.description)
        #expect(texts == ["wish: x - 50 == 0 (weight 2) is off by 40 (cost 80)", "plain: x - 30 == 0 (weight 1) is off by 20"])

        let root = makeRoot(width: 100, height: 20)
        let box = addViews(["box"], to: root)[0]
        let line = #line + 3
        Tails.install {
            box~.edges == root~
            box~.width == 300 ~~ .defaultHigh
        }
        let broken = try root.unsatisfiedConstraints()
        let file = "DiagnosticFamilyTests.swift:\(line)"
        let descriptions: [String] = broken.map(\.description)
        #expect(descriptions == ["box.width == 300 @750 (\(file)) is off by 200"])
        #expect(broken[0].strength == .priority(.defaultHigh) && broken[0].cost == 200)
    }

    @Test("mapConstraint and mapConstraints rename constraints and leave out the ones with no name")
    func mapping() throws {
        let x = Variable("x")
        let solver = Solver()
        let low = (x <= 10).labeled("low"), high = (x >= 20).labeled("high"), floor = (x >= -5).labeled("floor")
        try solver.add([low, high, floor])
        let recovery = try #require(try solver.solveRecoveringFromConflicts())
        struct Named: ConstraintReference {
            let name: String
            var strength: Strength { .required }
            var description: String { name.uppercased() }
        }
        let names: [ObjectIdentifier: Named] = [ObjectIdentifier(low): Named(name: "low")]
        let renamed = recovery.mapConstraints { names[ObjectIdentifier($0)] }
        let conflictNames: [[String]] = renamed.conflicts.map { $0.map(\.name) }
        #expect(conflictNames == [["low"]])
        #expect(renamed.relaxed.map(\.name) == ["low"])
        #expect(renamed.priority == recovery.priority)
        let brokenLow: Int = recovery.broken.filter { (v: Violation<Constraint>) -> Bool in v.constraint === low }.count
        #expect(renamed.broken.count == brokenLow)

        let satisfiable = Solver()
        try satisfiable.add([low, floor])
        let why = try satisfiable.explain(x)   // anywhere in [-5, 10]: floor below, low above
        #expect(Set(why.reasons.compactMap(\.constraint.label)) == ["low", "floor"])
        let kept = why.mapConstraints { names[ObjectIdentifier($0)] }
        #expect(kept.reasons.map(\.constraint.name) == ["low"] && kept.reasons[0].side == .above)
        #expect(kept.value == why.value && kept.subject == why.subject)
        #expect(Violation(constraint: low, amount: 3).mapConstraint { names[ObjectIdentifier($0)] }?.description == "LOW is off by 3")
        #expect(Violation(constraint: high, amount: 3).mapConstraint { names[ObjectIdentifier($0)] } == nil)
    }

    @Test("Ambiguity reports: the solver's over variables, a layout's over item attributes, with the solver's counts")
    func ambiguity() throws {
        let a = Variable("a"), b = Variable("b")
        let solver = Solver()
        try solver.add(a + b == 10)
        try solver.add(b == 4)
        let single = try solver.ambiguityReport(for: [a])
        #expect(single.description == "no ambiguity: all 1 variables are determined")
        let free = Variable("free")
        try solver.add(free >= 0)
        let one = try solver.ambiguityReport(for: [free])
        #expect(one.description == "1 of 1 variable is ambiguous:\n  free = 0, can be anywhere in [0, ∞)")
        #expect(one[free]?.subject === free)

        let root = makeRoot(width: 200, height: 100)
        let (pinned, badge) = { (v: [View]) in (v[0], v[1]) }(addViews(["pinned", "badge"], to: root))
        Tails.install {
            pinned~.edges == root~
            badge~.size == Size(width: 20, height: 20)
            badge~.top == root~.top
            badge~.leading >= root~.leading
            badge~.trailing <= root~.trailing
        }
        let report = try root.ambiguityReport()
        #expect(report.entries.map(\.subject) == [ItemAttribute(item: badge.key, name: "badge", attribute: .left)])
        #expect(report.entries(for: badge).map(\.description) == ["badge.left = 0, can be anywhere in [0, 180]"])
        #expect(report.description.hasPrefix("1 of 12 attributes are ambiguous:"))
        // The layout report carries the solver's counts: every other attribute certified unique.
        #expect(report.checkedCount == 12 && report.certifiedCount == 11)
    }

    @Test("Sensitivity ranges read the same at both levels; a bound limit is named as one")
    func sensitivity() throws {
        let w = Variable("w"), a = Variable("a")
        let solver = Solver()
        let window = (w == 400).labeled("window")
        try solver.add([window, (a <= w).labeled("fits"), (a >= 0), ((a == 500) ~~ .weight(1)).labeled("wide")])
        let range = try solver.sensitivity(of: window)
        #expect(range.quantity == "the constant of \(window)")
        #expect(range.constant == -400)
        #expect(range.description.hasPrefix("this layout holds while the constant of window: w - 400 == 0 (required) "))
        #expect(SensitivityRange<Constraint>.Limit(constraint: nil, event: .reachesBound).description == "a variable bound reaches a bound")

        let (root, _, _) = DiagnosticsLayoutTests.toolbar()
        let width = try root.rootSizeSensitivity().width
        #expect(width.quantity == "root width" && width.constant == 400)
        #expect(width.description.hasPrefix("this layout holds while root width "))
    }
}
