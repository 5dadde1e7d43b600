import Foundation
import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem
import TrellisTestSupport

/// Every committed fixture, solved through the public API, against kiwi's reference answers
/// (cross-checked by HiGHS). A failure here is a solver bug: never edit a fixture to pass.
@Suite("Conformance")
struct ConformanceTests {
    @Test("The fixture corpus is present and large")
    func corpusIsPresent() {
        #expect(Fixture.committed.count >= 250, "expected at least 250 committed fixtures in Tests/Conformance/fixtures")
    }

    @Test("Committed fixtures", arguments: Fixture.committed)
    func committed(_ fixture: Fixture) throws {
        try check(fixture)
    }

    @Test("Shared sample cases", arguments: Fixture.shared)
    func shared(_ fixture: Fixture) throws {
        try check(fixture)
    }

    func check(_ fixture: Fixture) throws {
        let system = try fixture.system()
        let expected = try fixture.expected()
        let answer = try system.solve()
        #expect(answer.status.rawValue == expected.status, "\(fixture.name): status")
        if expected.status == "unsatisfiable" {
            try checkConflict(answer.conflict, in: system, fixture: fixture)
            return
        }
        guard answer.status == .optimal, let solves = expected.solves else { return }
        #expect(answer.solves.count == solves.count, "\(fixture.name): number of solves")
        for (index, (got, want)) in zip(answer.solves, solves).enumerated() {
            let values = Dictionary(uniqueKeysWithValues: got.values.map { ($0.variable, $0.value) })
            #expect(Set(values.keys) == Set(want.values.keys), "\(fixture.name) solve \(index): variables named")
            for entry in system.constraints where entry.weight == nil {
                let residual = Tolerance.relativeResidual(entry, values)
                #expect(residual <= 1e-6, "\(fixture.name) solve \(index): required \(entry.id) violated by \(residual) (relative)")
            }
            #expect(Tolerance.close(got.objective, want.objective),
                    "\(fixture.name) solve \(index): objective \(got.objective), reference \(want.objective)")
            for name in want.unique {
                let value = values[name] ?? .nan
                #expect(Tolerance.close(value, want.values[name]!),
                        "\(fixture.name) solve \(index): unique \(name) = \(value), reference \(want.values[name]!)")
            }
        }
    }

    /// A reported conflict is infeasible, and feasible again without any one member.
    func checkConflict(_ ids: [String], in system: LinearSystem, fixture: Fixture) throws {
        #expect(!ids.isEmpty, "\(fixture.name): empty conflict")
        let byID = Dictionary(uniqueKeysWithValues: system.constraints.map { ($0.id, $0) })
        for id in ids {
            #expect(byID[id]?.weight == nil, "\(fixture.name): conflict member \(id) is not a required constraint")
        }
        let members = ids.compactMap { byID[$0] }
        #expect(!Self.feasible(members), "\(fixture.name): the conflict \(ids) is satisfiable")
        for index in members.indices {
            var rest = members
            rest.remove(at: index)
            #expect(Self.feasible(rest), "\(fixture.name): conflict \(ids) is not minimal: \(members[index].id) is not needed")
        }
    }

    static func feasible(_ entries: [LinearSystem.Entry]) -> Bool {
        var variables: [String: Variable] = [:]
        let solver = Solver()
        for entry in entries {
            let terms = entry.terms.map { term in
                let variable = variables[term.variable] ?? Variable(term.variable)
                variables[term.variable] = variable
                return Term(variable, term.coefficient)
            }
            try? solver.add(Constraint(LinearExpression(terms, constant: entry.constant), entry.relation))
        }
        do {
            try solver.solve()
            return true
        } catch {
            return false
        }
    }
}
