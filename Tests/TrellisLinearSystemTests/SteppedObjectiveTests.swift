import Testing
import TrellisLinearSystem

/// The objective a step reports is the one a cold solve of the same suggestion reports, even
/// when the system's coefficients span so far that the step's slopes cannot carry it.
@Suite("Stepped objectives")
struct SteppedObjectiveTests {
    /// Split panes whose right pane's minimum names its right edge with a 1.1e-90 coefficient
    /// (found by the solve fuzzer: the second step's objective came out as -1.3e76).
    static func system(steps: [Double]) -> String {
        let suggestions = steps.map { #"{"suggest": {"split": \#($0)}}"# }.joined(separator: ", ")
        return #"""
        {"format": "linear-system/1",
         "variables": ["window.left", "window.width", "pane0.left", "pane0.width", "pane1.left", "pane1.right", "split"],
         "constraints": [
          {"id": "width", "terms": {"window.width": 1}, "constant": -800, "op": "==", "strength": "required"},
          {"id": "min0", "terms": {"pane0.width": 1}, "constant": -100, "op": ">=", "strength": "required"},
          {"id": "pref0", "terms": {"pane0.width": 1}, "constant": -100, "op": "==", "strength": 0.5},
          {"id": "left0", "terms": {"pane0.left": 1, "window.left": -1}, "constant": 0, "op": "==", "strength": "required"},
          {"id": "split0", "terms": {"pane0.left": 1, "pane0.width": 9, "split": -1}, "constant": 0, "op": "==", "strength": "required"},
          {"id": "min1", "terms": {"pane1.right": 1.1e-90, "pane1.left": -1}, "constant": -100, "op": ">=", "strength": "required"},
          {"id": "pref1", "terms": {"pane1.right": 1, "pane1.left": -1}, "constant": -300, "op": "==", "strength": 1},
          {"id": "split1", "terms": {"pane1.left": 1, "split": -1}, "constant": 0, "op": "==", "strength": "required"},
          {"id": "right1", "terms": {"pane1.right": 1, "window.left": -1, "window.width": -1}, "constant": 0, "op": "==", "strength": "required"}
         ],
         "edits": [{"variable": "split", "strength": 100000}],
         "steps": [\#(suggestions)]}
        """#
    }

    @Test("Each step's objective is a cold solve's of the same suggestion, and never below 0")
    func stepsMatchColdSolves() throws {
        let steps = [-209.17, 326.1, -50, -400]
        let stepped = try LinearSystem.parse(Array(Self.system(steps: steps).utf8)).solve()
        try #require(stepped.solves.count == steps.count)
        for (k, suggestion) in steps.enumerated() {
            let cold = try LinearSystem.parse(Array(Self.system(steps: [suggestion]).utf8)).solve()
            let expected = try #require(cold.solves.first).objective
            let objective = stepped.solves[k].objective
            #expect(objective >= 0, "step \(k): \(objective)")
            #expect(abs(objective - expected) <= 1e-9 * max(1, abs(expected)),
                    "step \(k) (split \(suggestion)): \(objective), a cold solve \(expected)")
        }
        // The right pane's minimum holds the split at -100 at most: 1e5 × 426.1 + 1 × 400.
        #expect(abs(stepped.solves[1].objective - 42_610_400) <= 1e-3)
    }
}
