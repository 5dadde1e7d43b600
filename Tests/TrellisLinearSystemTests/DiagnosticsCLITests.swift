import Foundation
import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// `trellis explain` as a user runs it: text and JSON, exit codes, input errors.
@Suite("Diagnostics: trellis explain")
struct DiagnosticsCLITests {
    static let window = #"""
        {"format": "linear-system/1", "variables": ["w", "a", "b", "spare"],
         "constraints": [
          {"id": "window", "terms": {"w": 1}, "constant": -400, "op": "==", "strength": "required"},
          {"id": "fill", "terms": {"a": 1, "b": 1, "w": -1}, "constant": 0, "op": "==", "strength": "required"},
          {"id": "a min", "terms": {"a": 1}, "constant": -100, "op": ">=", "strength": "required"},
          {"id": "a wants 120", "terms": {"a": 1}, "constant": -120, "op": "==", "strength": 10},
          {"id": "b wants 200", "terms": {"b": 1}, "constant": -200, "op": "==", "strength": 1}]}
        """#

    static let broken = #"""
        {"format": "linear-system/1",
         "constraints": [
          {"id": "min", "terms": {"x": 1}, "constant": -10, "op": ">=", "strength": "required"},
          {"id": "max", "terms": {"x": 1}, "constant": -5, "op": "<=", "strength": "required"},
          {"id": "y1", "terms": {"y": 1}, "constant": -1, "op": "==", "strength": "required"},
          {"id": "y2", "terms": {"y": 1}, "constant": -2, "op": "==", "strength": "required"}]}
        """#

    @Test("Text: violations, ambiguity, explanation and sensitivity")
    func text() throws {
        let run = try CLITests.run(["explain", "-", "--variable", "b", "--sensitivity", "window"], stdin: Self.window)
        #expect(run.status == 0 && run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "status: optimal")
        #expect(lines.contains("objective: 80"))
        #expect(lines.contains("violations (1):"))
        #expect(lines.contains("  b wants 200: b - 200 == 0 (weight 1): violated by 80, cost 80"))
        #expect(lines.contains("ambiguous (1 of 4 variables):"))
        #expect(lines.contains("  spare = 0, anywhere in (-∞, ∞)"))
        #expect(lines.contains("explain b = 280, held by 4 constraints:"))
        #expect(lines.contains("  b wants 200: b - 200 == 0 (weight 1): broken by 80; holds it by its cost (its constant does not move it); price 1 (weights)"))
        #expect(lines.contains("sensitivity window: w - 400 == 0: constant -400 keeps this shape within (-∞, -320]"))
        #expect(lines.contains("  above -320: b wants 200: b - 200 == 0 comes to hold exactly"))
    }

    @Test("JSON: one object; infinite ends are null")
    func json() throws {
        let run = try CLITests.run(["explain", "-", "--json", "-v", "a", "-s", "a min", "--timing"], stdin: Self.window)
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "optimal")
        #expect(object["objective"] as? Double == 80)
        let ambiguous = try #require(object["ambiguous"] as? [[String: Any]])
        #expect(ambiguous.count == 1 && ambiguous[0]["variable"] as? String == "spare")
        #expect(ambiguous[0]["min"] is NSNull && ambiguous[0]["max"] is NSNull)
        let explain = try #require((object["explain"] as? [[String: Any]])?.first)
        #expect(explain["determined"] as? Bool == true && explain["value"] as? Double == 120)
        let sensitivity = try #require((object["sensitivity"] as? [[String: Any]])?.first)
        #expect(sensitivity["min"] as? Double == -120 && sensitivity["max"] is NSNull)
        #expect((sensitivity["below"] as? [String: Any])?["event"] as? String == "becomes active")
        let timing = try #require(object["timing"] as? [String: Double])
        #expect(timing["ambiguity_ms"] != nil && timing["solve_ms"] != nil)
    }

    @Test("Unsatisfiable: exit 2, every conflict; --recover says what broke")
    func unsatisfiable() throws {
        let run = try CLITests.run(["explain", "-", "--json"], stdin: Self.broken)
        #expect(run.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let conflicts = try #require(object["conflicts"] as? [[String]])
        let expected: Set<Set<String>> = [["min", "max"], ["y1", "y2"]]
        #expect(Set(conflicts.map(Set.init)) == expected)
        #expect(object["recovery"] == nil)

        let recovered = try CLITests.run(["explain", "-", "--recover"], stdin: Self.broken)
        #expect(recovered.status == 2)
        #expect(recovered.stdout.contains("recovered by relaxing 4 constraints to priority 999; broken:"))
        #expect(recovered.stdout.contains("conflict 2: 2 required constraints cannot hold together:"))
    }

    @Test("Input errors: exit 1, one line on stderr, nothing on stdout")
    func inputErrors() throws {
        for arguments in [["explain", "-", "-v", "nobody"], ["explain", "-", "-s", "no such id"]] {
            let run = try CLITests.run(arguments, stdin: Self.window)
            #expect(run.status == 1 && run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("trellis: ") && run.stderr.filter { $0 == "\n" }.count == 1)
        }
        let garbage = try CLITests.run(["explain", "-"], stdin: "{")
        #expect(garbage.status == 1 && garbage.stdout.isEmpty)
    }

    @Test("The shared samples: status and conflicts as trellis solve reports them", arguments: Fixture.shared)
    func samples(_ fixture: Fixture) throws {
        let run = try CLITests.run(["explain", fixture.path.path, "--json"])
        let expected = try fixture.expected()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == expected.status)
        #expect(run.status == (expected.status == "optimal" ? 0 : 2))
        if let solves = expected.solves, let last = solves.last {
            let ambiguous = Set(((object["ambiguous"] as? [[String: Any]]) ?? []).compactMap { $0["variable"] as? String })
            #expect(ambiguous.isDisjoint(with: last.unique), "\(fixture.name)")
            #expect(Set(last.values.keys).subtracting(last.unique) == ambiguous, "\(fixture.name)")
        }
    }
}
