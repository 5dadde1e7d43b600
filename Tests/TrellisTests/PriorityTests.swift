import Testing
import Trellis
import TrellisTestSupport

/// Priorities are strict levels (Auto Layout's "satisfied before"), not weights.
@Suite("Priorities")
struct PriorityTests {
    @Test("one constraint at 751 beats any number at 750")
    func strictLevels() throws {
        let root = makeRoot(width: 400, height: 300)
        let target = addViews(["target"], to: root)[0]
        let others = addViews((1...20).map { "other\($0)" }, to: root)
        for other in others {
            Tails.install(other~.width == 200, other~.top.left.height == root~)
            Tails.install(target~.width == other~.width ~~ 750)
        }
        Tails.install(target~.width == 100 ~~ 751, target~.top.left.height == root~)
        try root.layoutIfNeeded()
        #expect(approx(target.frame.width, 100))
    }

    @Test("many low-priority preferences never outweigh one higher one")
    func manyLow() throws {
        let root = makeRoot(width: 400, height: 300)
        let v = addViews(["v"], to: root)[0]
        var many: [LayoutRelation] = []
        for _ in 0..<50 { many.append(v~.width == 10 ~~ .defaultLow) }
        Tails.install(many)
        Tails.install(v~.width == 300 ~~ .defaultLow + 1, v~.top.left.height == root~)
        try root.layoutIfNeeded()
        #expect(approx(v.frame.width, 300))
    }

    @Test("priority forms: named, literal, arithmetic, method")
    func forms() {
        let root = makeRoot()
        let v = addViews(["v"], to: root)[0]
        let line = #line + 1                      // the line Tails.make records as the source
        let group = Tails.make(
            v~.width == 1,
            v~.width == 2 ~~ .defaultHigh,
            v~.width == 3 ~~ 750,
            v~.width == 4 ~~ 999.5,
            v~.width == 5 ~~ .required - 1,
            (v~.width == 6).priority(.fittingSizeLevel)
        )
        let priorities: [Float] = group.constraints.map(\.priority.rawValue)
        let expected: [Float] = [1000, 750, 750, 999.5, 999, 50]
        #expect(priorities == expected)
        #expect(group.constraints[1].description.hasSuffix("@750 (PriorityTests.swift:\(line) #2)"))
        #expect(!group.constraints[0].description.contains("@"))
    }

    @Test("a required constraint beats every optional one")
    func requiredWins() throws {
        let root = makeRoot(width: 400, height: 300)
        let v = addViews(["v"], to: root)[0]
        Tails.install(v~.width <= 120, v~.width == 500 ~~ 999, v~.top.left.height == root~)
        try root.layoutIfNeeded()
        #expect(approx(v.frame.width, 120))
    }

    // Raw values, not `Priority`s: the test runner prints arguments, and `Priority.description`
    // (TrellisSolver) traps on infinite and huge values.
    @Test("priorities outside 1...1000 are reported, never trapped", arguments: [Float(0), 1001, .nan, .infinity, 1e30])
    func invalid(rawValue: Float) {
        let priority = Priority(rawValue)
        let root = makeRoot()
        let v = addViews(["v"], to: root)[0]
        Tails.install(v~.width == 10 ~~ priority)
        guard case .invalidConstraint(_, let reason)? = layoutError(root) else {
            Issue.record("expected invalidConstraint")
            return
        }
        #expect(reason.contains("outside 1...1000"))
        #expect(!Tails.make(View()~.width == 1 ~~ priority).description.isEmpty)
    }
}
