import Foundation
import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// Diagnostics on the conformance fixtures: reported conflicts are infeasible and minimal, and
/// the ambiguity analysis agrees with the fixtures' `unique` lists (computed independently with
/// HiGHS over the optimal face).
@Suite("Diagnostics on conformance fixtures")
struct DiagnosticsConformanceTests {
    static let fixtures = Fixture.committed + Fixture.shared

    @Test("Conflicts are infeasible and minimal; recovery solves", arguments: fixtures.filter { $0.name.hasPrefix("unsat") })
    func conflicts(_ fixture: Fixture) throws {
        let system = try fixture.system()
        let expected = try fixture.expected()
        guard expected.status == "unsatisfiable" else { return }
        let (solver, _) = try system.makeSolver()
        let conflicts = try solver.conflicts()
        #expect(!conflicts.isEmpty, "\(fixture.name): no conflict found")
        for conflict in conflicts { DiagnosticsTests.expectMinimalConflict(conflict) }
        let recovery = try #require(try solver.solveRecoveringFromConflicts(), "\(fixture.name): nothing to recover")
        #expect(Set(recovery.relaxed.map(ObjectIdentifier.init)).isSuperset(of: conflicts[0].map(ObjectIdentifier.init))
                || !recovery.conflicts.isEmpty)
        for conflict in recovery.conflicts { DiagnosticsTests.expectMinimalConflict(conflict) }
    }

    @Test("Ambiguity agrees with the unique lists; violations add up to the objective",
          arguments: fixtures.filter { !$0.name.hasPrefix("unsat") })
    func ambiguity(_ fixture: Fixture) throws {
        let system = try fixture.system()
        let expected = try fixture.expected()
        guard expected.status == "optimal", let solves = expected.solves else { return }
        let (solver, variables) = try system.makeSolver()
        let every = system.variables.map { variables[$0]! }
        // Every step for small systems, the last one for large ones.
        let checkAll = system.constraints.count <= 300
        func check(_ want: Fixture.Expected.Solve, step: Int) throws {
            let report = try solver.ambiguityReport(for: every)
            let ambiguous = Set(report.entries.map(\.subject.name))
            let unique = Set(want.unique)
            for name in system.variables {
                if ambiguous.contains(name) {
                    #expect(!unique.contains(name), "\(fixture.name) step \(step): \(name) reported ambiguous \(report.entries.first { $0.subject.name == name }!) but the fixture proves it unique")
                } else {
                    #expect(unique.contains(name), "\(fixture.name) step \(step): \(name) reported unique but the fixture does not list it")
                }
            }
            let costs = solver.violations().map(\.cost).reduce(0, +)
            #expect(Tolerance.close(costs, solver.objective), "\(fixture.name) step \(step): violations cost \(costs), objective \(solver.objective)")
            #expect(Tolerance.close(costs, want.objective), "\(fixture.name) step \(step): violations cost \(costs), reference \(want.objective)")
        }
        try solver.solve()
        if system.steps.isEmpty {
            try check(solves[0], step: 0)
            return
        }
        for (index, step) in system.steps.enumerated() {
            for (name, value) in step { try solver.suggest(variables[name]!, value: value) }
            try solver.solve()
            if checkAll || index == system.steps.count - 1 { try check(solves[index], step: index) }
        }
    }

    @Test("Explain agrees with ambiguity on small fixtures", arguments: fixtures.filter { $0.name.hasPrefix("layout") || $0.name.hasPrefix("random") })
    func explain(_ fixture: Fixture) throws {
        let system = try fixture.system()
        let expected = try fixture.expected()
        guard expected.status == "optimal", let solves = expected.solves, system.steps.isEmpty,
              system.constraints.count <= 200 else { return }
        let (solver, variables) = try system.makeSolver()
        try solver.solve()
        let unique = Set(solves[0].unique)
        for name in system.variables.prefix(4) {
            let why = try solver.explain(variables[name]!)
            #expect(why.isDetermined == unique.contains(name), "\(fixture.name): \(name) \(why)")
            #expect(abs(why.value - solver.value(of: variables[name]!)) <= 1e-9 * max(1, abs(why.value)))
            #expect(why.minimum <= why.value + 1e-6 * max(1, abs(why.value)) && why.value <= why.maximum + 1e-6 * max(1, abs(why.value)))
            if why.isDetermined && why.value != 0 {
                #expect(!why.reasons.isEmpty, "\(fixture.name): \(name) determined by nothing")
            }
        }
    }
}
