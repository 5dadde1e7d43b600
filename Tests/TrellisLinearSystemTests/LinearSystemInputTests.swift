import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem
import TrellisTestSupport

/// Hostile and malformed `linear-system/1` input: a clean error naming the entry, or a correct
/// answer; never a crash, hang or GLPK abort.
@Suite("linear-system/1 input")
struct LinearSystemInputTests {
    static func parse(_ text: String) throws -> LinearSystem {
        try LinearSystem.parse(Array(text.utf8))
    }

    /// Expects an input error whose message contains every one of `fragments`.
    static func expectError(_ text: String, _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(text)
            Issue.record("expected an input error for \(text.prefix(120))", sourceLocation: sourceLocation)
        } catch let error as LinearSystemError {
            for fragment in fragments {
                #expect(error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"",
                        sourceLocation: sourceLocation)
            }
            #expect(!error.message.contains("\n"), "the message is one line", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error type \(error)", sourceLocation: sourceLocation)
        }
    }

    static func row(_ id: String = "c0", terms: String = #"{"x": 1}"#, constant: String = "-5",
                    op: String = #""==""#, strength: String = #""required""#) -> String {
        #"{"id": "\#(id)", "terms": \#(terms), "constant": \#(constant), "op": \#(op), "strength": \#(strength)}"#
    }

    static func system(_ rows: [String], extra: String = "") -> String {
        #"{"format": "linear-system/1", "constraints": [\#(rows.joined(separator: ", "))]\#(extra)}"#
    }

    @Test func malformedJSON() {
        Self.expectError(#"{"format": "linear-system/1", "constraints": [}"#, "invalid JSON", "line 1")
        Self.expectError("", "invalid JSON")
        Self.expectError(#"{"format": "linear-system/1", "constraints": []} trailing"#, "after the document")
        Self.expectError("{\n  \"format\": \"linear-system/1\",\n  \"constraints\": [\n    {\"id\": \"c0\",,}\n  ]\n}", "line 4")
    }

    @Test func wrongFormatTag() {
        Self.expectError(#"{"format": "linear-system/2", "constraints": []}"#, "format", "linear-system/2")
        Self.expectError(#"{"constraints": []}"#, "missing field \"format\"")
        Self.expectError(#"[1, 2]"#, "must be an object")
    }

    @Test func nonFiniteAndOverflowingNumbers() {
        Self.expectError(Self.system([Self.row(constant: "NaN")]), "NaN")
        Self.expectError(Self.system([Self.row(constant: "Infinity")]), "Infinity")
        Self.expectError(Self.system([Self.row(constant: "-Infinity")]), "invalid JSON")
        Self.expectError(Self.system([Self.row(terms: #"{"x": 1e400}"#)]), "1e400", "overflows")
        Self.expectError(Self.system([Self.row(strength: "1e999")]), "overflows")
    }

    @Test func hugeAndSubnormalCoefficients() throws {
        Self.expectError(Self.system([Self.row(terms: #"{"x": 4e-320}"#)]), "c0", "subnormal")
        Self.expectError(Self.system([Self.row(terms: #"{"x": 1e300}"#)]), "c0", "exceeds")
        Self.expectError(Self.system([Self.row(constant: "-1e200")]), "c0", "constant")
        // Large but supported magnitudes solve correctly.
        let answer = try Self.parse(Self.system([Self.row(terms: #"{"x": 1e9}"#, constant: "-3e12")])).solve()
        #expect(answer.status == .optimal)
        #expect(Tolerance.close(answer.solves[0].values[0].value, 3000))
        let tiny = try Self.parse(Self.system([Self.row(terms: #"{"x": 1e-9}"#, constant: "-2e-9")])).solve()
        #expect(Tolerance.close(tiny.solves[0].values[0].value, 2))
    }

    @Test func unknownOperatorAndBadTerms() {
        Self.expectError(Self.system([Self.row(op: #""=""#)]), "c0", "unknown op")
        Self.expectError(Self.system([Self.row(op: "1")]), "c0", "unknown op")
        Self.expectError(Self.system([Self.row(terms: "[1, 2]")]), "c0", "terms", "expected an object")
        Self.expectError(Self.system([Self.row(terms: #"{"x": "1"}"#)]), "c0", "terms.x", "expected a number")
        Self.expectError(Self.system([Self.row(terms: #"{"x": 1, "x": 2}"#)]), "duplicate key \"x\"")
    }

    @Test func missingFields() {
        Self.expectError(#"{"format": "linear-system/1"}"#, "missing field \"constraints\"")
        Self.expectError(Self.system([#"{"terms": {}, "constant": 0, "op": "==", "strength": "required"}"#]), "constraints[0]", "\"id\"")
        Self.expectError(Self.system([#"{"id": "a", "constant": 0, "op": "==", "strength": "required"}"#]), "\"a\"", "terms")
        Self.expectError(Self.system([#"{"id": "a", "terms": {}, "op": "==", "strength": "required"}"#]), "\"a\"", "constant")
        Self.expectError(Self.system([#"{"id": "a", "terms": {}, "constant": 0, "strength": "required"}"#]), "\"a\"", "op")
        Self.expectError(Self.system([#"{"id": "a", "terms": {}, "constant": 0, "op": "=="}"#]), "\"a\"", "strength")
        Self.expectError(Self.system([#"{"id": "a", "terms": {}, "constant": 0, "op": "==", "strength": 1, "extra": 2}"#]), "\"a\"", "unknown field")
    }

    @Test func badStrengths() {
        Self.expectError(Self.system([Self.row(strength: "0")]), "c0", "strength")
        Self.expectError(Self.system([Self.row(strength: "-3")]), "c0", "strength")
        Self.expectError(Self.system([Self.row(strength: #""strong""#)]), "c0", "strength", "strong")
        Self.expectError(Self.system([Self.row(strength: "null")]), "c0", "strength")
    }

    @Test func duplicateIDs() {
        Self.expectError(Self.system([Self.row("c1"), Self.row("c1")]), "constraints[1]", "duplicate constraint id \"c1\"")
        Self.expectError(#"{"format": "linear-system/1", "variables": ["x", "x"], "constraints": []}"#, "variables[1]", "duplicate")
    }

    @Test func edits() throws {
        let base = Self.row()
        Self.expectError(Self.system([base], extra: #", "edits": [{"variable": "x", "strength": "required"}]"#), "edits[0]", "x", "required")
        Self.expectError(Self.system([base], extra: #", "edits": [{"variable": "x", "strength": 1}, {"variable": "x", "strength": 2}]"#), "edits[1]", "duplicate")
        Self.expectError(Self.system([base], extra: #", "edits": [{"variable": "x", "strength": 1}], "steps": [{"suggest": {"y": 3}}]"#),
                         "steps[0]", "\"y\" is not an edit variable")
        Self.expectError(Self.system([base], extra: #", "steps": [{"suggest": {"x": 3}}]"#), "steps[0]", "\"x\" is not an edit variable")
        Self.expectError(Self.system([base], extra: #", "edits": [{"variable": "x", "strength": 1}], "steps": [{"suggest": {"x": NaN}}]"#), "invalid JSON")
        // An edit on a variable no constraint names is allowed: it follows the suggestion.
        let answer = try Self.parse(Self.system([base], extra: #", "edits": [{"variable": "free", "strength": 5}], "steps": [{"suggest": {"free": 7}}, {"suggest": {"free": -2}}]"#)).solve()
        #expect(answer.solves.map { $0.values.first { $0.variable == "free" }!.value } == [7, -2])
        #expect(answer.solves.map(\.objective) == [0, 0])
    }

    @Test func emptySystems() throws {
        let empty = try Self.parse(#"{"format": "linear-system/1", "constraints": []}"#).solve()
        #expect(empty.status == .optimal)
        #expect(empty.solves.count == 1 && empty.solves[0].values.isEmpty && empty.solves[0].objective == 0)
        let unused = try Self.parse(#"{"format": "linear-system/1", "variables": ["a", "b"], "constraints": [], "steps": []}"#).solve()
        #expect(unused.solves[0].values.map(\.variable) == ["a", "b"])
        #expect(unused.solves[0].values.map(\.value) == [0, 0])
    }

    @Test func constantOnlyRows() throws {
        let fine = try Self.parse(Self.system([Self.row(terms: "{}", constant: "0"), Self.row("c1", terms: "{}", constant: "5", op: #"">=""#)])).solve()
        #expect(fine.status == .optimal)
        let broken = try Self.parse(Self.system([Self.row(terms: "{}", constant: "0"), Self.row("five", terms: "{}", constant: "5")])).solve()
        #expect(broken.status == .unsatisfiable)
        #expect(broken.conflict == ["five"])
        let soft = try Self.parse(Self.system([Self.row("s", terms: "{}", constant: "3", strength: "2")])).solve()
        #expect(soft.status == .optimal && soft.solves[0].objective == 6)
        let zeros = try Self.parse(Self.system([Self.row(terms: #"{"x": 0.0, "y": -0.0}"#, constant: "0")])).solve()
        #expect(zeros.solves[0].values.map(\.variable) == ["x", "y"])
    }

    @Test func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        Self.expectError(deep, "nesting deeper than")
        let nestedTerms = Self.system([Self.row(terms: #"{"x": [[[[[[1]]]]]]}"#)])
        Self.expectError(nestedTerms, "terms.x", "expected a number")
    }

    @Test func twentyThousandChainedVariables() throws {
        var rows = [Self.row("start", terms: #"{"x0": 1}"#, constant: "0")]
        for i in 1..<20_000 {
            rows.append(Self.row("c\(i)", terms: #"{"x\#(i)": 1, "x\#(i - 1)": -1}"#, constant: "-1"))
        }
        rows.append(Self.row("pull", terms: #"{"x19999": 1}"#, constant: "-5", strength: "3"))
        let answer = try Self.parse(Self.system(rows)).solve()
        #expect(answer.status == .optimal)
        let last = answer.solves[0].values.first { $0.variable == "x19999" }!.value
        #expect(Tolerance.close(last, 19_999))
        #expect(Tolerance.close(answer.solves[0].objective, 3 * 19_994))
    }
}
