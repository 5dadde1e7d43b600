import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem

/// An answer keeps every step's solve; the later ones are stored as their differences from the
/// first step's values (a drag moves a small part of a large layout), and read back exactly.
@Suite("Answer storage of steps")
struct AnswerStorageTests {
    /// `count` independent boxes `x_k == k` (required) plus an edit variable `e` tied to one of
    /// them softly: each step moves `e` (and nothing else).
    static func text(boxes count: Int, steps: [Double]) -> String {
        var constraints = (0..<count).map { k in
            #"{"id": "c\#(k)", "terms": {"x\#(k)": 1}, "constant": -\#(k), "op": "==", "strength": "required"}"#
        }
        constraints.append(#"{"id": "tie", "terms": {"e": 1, "x0": -1}, "constant": 0, "op": "==", "strength": 1}"#)
        let suggestions = steps.map { #"{"suggest": {"e": \#($0)}}"# }
        return #"{"format": "linear-system/1", "constraints": ["# + constraints.joined(separator: ", ")
            + #"], "edits": [{"variable": "e", "strength": 1000}], "steps": ["# + suggestions.joined(separator: ", ") + "]}"
    }

    @Test("Later steps store only the values that moved, and read back exactly what each solve gave")
    func stepsStoreDifferences() throws {
        let steps = [5.0, -3.5, 7.25, 5.0]
        let system = try LinearSystem.parse(Array(Self.text(boxes: 50, steps: steps).utf8))
        let answer = try system.solve()
        #expect(answer.status == .optimal)
        #expect(answer.solves.count == steps.count)
        #expect(answer.solves[0].changedPositions.isEmpty)
        for (k, suggestion) in steps.enumerated() {
            let values = Dictionary(uniqueKeysWithValues: answer.solves[k].values.map { ($0.variable, $0.value) })
            #expect(values.count == 51)
            // e follows its suggestion (it outweighs the tie), bit for bit.
            #expect(values["e"]?.bitPattern == suggestion.bitPattern, "step \(k)")
            for box in 0..<50 { #expect(values["x\(box)"] == Double(box)) }
            // Only e can differ from the first step: one stored change at most.
            if k > 0 { #expect(answer.solves[k].changedPositions.count == (suggestion.bitPattern == steps[0].bitPattern ? 0 : 1)) }
        }
    }

    @Test("A solve where most values moved keeps all of them")
    func mostlyMovedKeepsAll() {
        let names = (0..<6).map { "v\($0)" }
        let first: [Double] = [1, 2, 3, 4, 5, 6]
        let moved: [Double] = [1, 20, 30, 40, 50, 60]
        let solve = LinearSystem.Answer.Solve(objective: 0, names: names, numbers: moved, relativeTo: first)
        #expect(solve.changedPositions.isEmpty)
        #expect(solve.numbers == moved)
        let few = LinearSystem.Answer.Solve(objective: 0, names: names, numbers: [1, 2, 3, 4, 5, 61], relativeTo: first)
        #expect(few.changedPositions == [5])
        #expect(few.numbers == [1, 2, 3, 4, 5, 61])
        #expect(few.values.map(\.variable) == names)
    }
}
