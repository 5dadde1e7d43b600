import Foundation
import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// `trellis solve` as a user runs it: exit codes, stdout/stderr discipline, the shared samples.
@Suite("trellis solve")
struct CLITests {
    typealias Run = TrellisExecutable.Run

    /// The `trellis` executable (``TrellisExecutable/url``).
    static var binary: URL? { TrellisExecutable.url }

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        try TrellisExecutable.run(arguments, stdin: stdin)
    }

    @Test("Shared samples pass through the executable", arguments: Fixture.shared)
    func sharedSample(_ fixture: Fixture) throws {
        let run = try Self.run(["solve", fixture.path.path])
        let expected = try fixture.expected()
        let answer = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(answer["status"] as? String == expected.status)
        #expect(run.stderr.isEmpty)
        if expected.status == "unsatisfiable" {
            #expect(run.status == 2)
            #expect(!(answer["conflict"] as! [String]).isEmpty)
            return
        }
        #expect(run.status == 0)
        let solves = answer["solves"] as! [[String: Any]]
        #expect(solves.count == expected.solves!.count)
        for (got, want) in zip(solves, expected.solves!) {
            #expect(Tolerance.close(got["objective"] as! Double, want.objective))
            let values = got["values"] as! [String: Double]
            #expect(Set(values.keys) == Set(want.values.keys))
            for name in want.unique {
                #expect(Tolerance.close(values[name]!, want.values[name]!), "\(fixture.name): \(name)")
            }
        }
    }

    @Test("Input errors: exit 1, one line on stderr, nothing on stdout")
    func inputErrors() throws {
        let cases = [
            #"{"format": "linear-system/1", "constraints": [{"id": "c0", "terms": {"x": 1}, "constant": NaN, "op": "==", "strength": "required"}]}"#,
            #"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {}, "constant": 0, "op": "==", "strength": 1}, {"id": "a", "terms": {}, "constant": 0, "op": "==", "strength": 1}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": "required"}]}"#,
            "not json at all",
        ]
        for text in cases {
            let run = try Self.run(["solve", "-"], stdin: text)
            #expect(run.status == 1, "\(text)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("trellis: "))
            let lines: Int = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines == 1, "one line: \(run.stderr)")
        }
        let missing = try Self.run(["solve", "/nonexistent/file.json"])
        #expect(missing.status == 1 && missing.stdout.isEmpty && missing.stderr.contains("/nonexistent/file.json"))
    }

    @Test("Unsatisfiable: exit 2 with the conflict")
    func unsatisfiable() throws {
        let text = #"{"format": "linear-system/1", "constraints": [{"id": "low", "terms": {"x": 1}, "constant": -10, "op": "<=", "strength": "required"}, {"id": "high", "terms": {"x": 1}, "constant": -20, "op": ">=", "strength": "required"}, {"id": "other", "terms": {"y": 1}, "constant": 0, "op": ">=", "strength": "required"}]}"#
        let run = try Self.run(["solve", "-"], stdin: text)
        #expect(run.status == 2)
        #expect(run.stdout == #"{"status": "unsatisfiable", "conflict": ["low", "high"]}"# + "\n"
            || run.stdout == #"{"status": "unsatisfiable", "conflict": ["high", "low"]}"# + "\n")
    }

    @Test("--timing adds in-process times for the first solve and each step")
    func timing() throws {
        let text = #"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {"x": 1, "y": -1}, "constant": 0, "op": "==", "strength": "required"}], "edits": [{"variable": "x", "strength": 10}], "steps": [{"suggest": {"x": 1}}, {"suggest": {"x": 2}}, {"suggest": {"x": 3}}]}"#
        let run = try Self.run(["solve", "--timing", "-"], stdin: text)
        #expect(run.status == 0)
        let answer = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let timing = answer["timing"] as! [String: Any]
        #expect((timing["solve_ms"] as! Double) >= 0)
        #expect((timing["steps_ms"] as! [Double]).count == 3)
        let ys = (answer["solves"] as! [[String: Any]]).map { ($0["values"] as! [String: Double])["y"]! }
        #expect(ys == [1, 2, 3])
    }

    @Test("--timing --repeat N adds warm in-process medians beside the fresh process's first solve; the answer is the same")
    func repeatedTiming() throws {
        let text = #"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {"x": 1, "y": -1}, "constant": 0, "op": "==", "strength": "required"}], "edits": [{"variable": "x", "strength": 10}], "steps": [{"suggest": {"x": 1}}, {"suggest": {"x": 2}}]}"#
        let run = try Self.run(["solve", "--timing", "--repeat", "4", "-"], stdin: text)
        #expect(run.status == 0, "\(run.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let timing = answer["timing"] as! [String: Any]
        #expect(timing["warm_runs"] as? Int == 4)
        #expect((timing["warm_solve_ms"] as! Double) >= 0)
        #expect((timing["warm_steps_ms"] as! [Double]).count == 2)
        #expect((timing["steps_ms"] as! [Double]).count == 2)
        let ys = (answer["solves"] as! [[String: Any]]).map { ($0["values"] as! [String: Double])["y"]! }
        #expect(ys == [1, 2])

        let unsatisfiable = #"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {"x": 1}, "constant": -1, "op": "==", "strength": "required"}, {"id": "b", "terms": {"x": 1}, "constant": -2, "op": "==", "strength": "required"}]}"#
        let conflict = try Self.run(["solve", "--timing", "--repeat", "2", "-"], stdin: unsatisfiable)
        #expect(conflict.status == 2)
        #expect((try? JSONSerialization.jsonObject(with: Data(conflict.stdout.utf8))) != nil, "\(conflict.stdout)")

        let misuse = try Self.run(["solve", "--repeat", "3", "-"], stdin: text)
        #expect(misuse.status != 0 && misuse.stderr.contains("--repeat needs --timing"))
    }
}
