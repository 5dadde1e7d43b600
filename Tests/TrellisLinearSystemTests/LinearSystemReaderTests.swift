import Foundation
import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem
@testable import TrellisSupport
import TrellisTestSupport

/// The streaming `linear-system/1` reader: the same systems and the same messages as the tree
/// decoder it replaced (``ReferenceDecoder``), whatever the field order; names interned in the
/// documented order; the index form never stale.
@Suite("linear-system/1 streaming reader")
struct LinearSystemReaderTests {
    /// The outcome of reading, comparable across the two readers.
    enum Outcome: Equatable, CustomStringConvertible {
        case system(String)
        case error(String)

        var description: String {
            switch self {
            case .system(let text): "system \(text)"
            case .error(let message): "error \(message)"
            }
        }
    }

    /// Everything the public properties hold, spelled out (bit patterns for numbers, so `-0.0`
    /// and `0.0` differ).
    static func render(_ system: LinearSystem) -> String {
        func number(_ value: Double) -> String { String(value.bitPattern, radix: 16) }
        var out = "vars \(system.variables.map { Array($0.utf8) })\n"
        for entry in system.constraints {
            out += "c \(Array(entry.id.utf8)) \(entry.terms.map { "\(Array($0.variable.utf8)):\(number($0.coefficient))" })"
            out += " \(number(entry.constant)) \(entry.relation) \(entry.weight.map(number) ?? "required")\n"
        }
        for edit in system.edits { out += "e \(Array(edit.variable.utf8)) \(number(edit.weight))\n" }
        for step in system.steps { out += "s \(step.map { "\(Array($0.variable.utf8)):\(number($0.value))" })\n" }
        return out
    }

    static func outcome(_ bytes: [UInt8], reference: Bool) -> Outcome {
        do {
            let system = reference ? try ReferenceDecoder.parse(bytes) : try LinearSystem.parse(bytes)
            return .system(render(system))
        } catch let error as LinearSystemError {
            return .error(error.message)
        } catch {
            return .error("wrong error type \(error)")
        }
    }

    /// Checks that both readers agree on `text`, and that the index form matches the names.
    static func expectAgreement(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let new = outcome(bytes, reference: false)
        let old = outcome(bytes, reference: true)
        #expect(new == old, "input: \(String(decoding: bytes.prefix(300), as: UTF8.self))", sourceLocation: sourceLocation)
        if let system = try? LinearSystem.parse(bytes) { expectConsistentIndexForm(system, sourceLocation: sourceLocation) }
    }

    static func expectAgreement(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectAgreement(Array(text.utf8), sourceLocation: sourceLocation)
    }

    /// The index accessors name the same variables as the names do.
    static func expectConsistentIndexForm(_ system: LinearSystem, sourceLocation: SourceLocation = #_sourceLocation) {
        let terms = system.indexedTerms()
        #expect(terms.count == system.constraints.count, sourceLocation: sourceLocation)
        for (entry, indexed) in zip(system.constraints, terms) {
            #expect(entry.terms.map(\.variable) == indexed.map { system.variables[$0.variable] }, sourceLocation: sourceLocation)
            #expect(entry.terms.map(\.coefficient.bitPattern) == indexed.map(\.coefficient.bitPattern), sourceLocation: sourceLocation)
        }
        #expect(system.edits.map(\.variable) == system.editVariableIndices().map { system.variables[$0] }, sourceLocation: sourceLocation)
        let steps = system.indexedSteps()
        #expect(steps.count == system.steps.count, sourceLocation: sourceLocation)
        for (step, indexed) in zip(system.steps, steps) {
            #expect(step.map(\.variable) == indexed.map { system.variables[$0.variable] }, sourceLocation: sourceLocation)
            #expect(step.map(\.value) == indexed.map(\.value), sourceLocation: sourceLocation)
        }
    }

    static let sample = """
        {"format": "linear-system/1", "variables": ["w", "x"],
         "constraints": [
          {"id": "c0", "terms": {"x": 1, "y": -1.5}, "constant": 10, "op": ">=", "strength": "required"},
          {"id": "c1", "terms": {"z": 2e1, "x": 0.25}, "constant": -5e-1, "op": "==", "strength": 1000},
          {"id": "c2", "terms": {}, "constant": 0, "op": "<=", "strength": 3.5}
         ],
         "edits": [{"variable": "e", "strength": 10}, {"variable": "y", "strength": 2}],
         "steps": [{"suggest": {"e": 1, "y": -2}}, {"suggest": {"y": 0}}]}
        """

    // MARK: - Agreement with the tree decoder

    @Test func everyExistingInputCaseAgrees() {
        let cases: [String] = [
            Self.sample, "", " ", "{}", "[]", "[1, 2]", "null", "\"x\"", "12", "{\"format\": \"linear-system/1\"}",
            #"{"format": "linear-system/1", "constraints": [}"#,
            #"{"format": "linear-system/1", "constraints": []} trailing"#,
            "{\n  \"format\": \"linear-system/1\",\n  \"constraints\": [\n    {\"id\": \"c0\",,}\n  ]\n}",
            #"{"format": "linear-system/2", "constraints": []}"#, #"{"format": 2, "constraints": []}"#,
            #"{"format": null, "constraints": []}"#, #"{"constraints": []}"#,
            #"{"format": "linear-system/1", "constraints": {}}"#, #"{"format": "linear-system/1", "constraints": [1]}"#,
            #"{"format": "linear-system/1", "variables": "x", "constraints": []}"#,
            #"{"format": "linear-system/1", "variables": ["x", 1], "constraints": []}"#,
            #"{"format": "linear-system/1", "variables": ["x", "x"], "constraints": []}"#,
            #"{"format": "linear-system/1", "constraints": [], "extra": 1, "more": 2}"#,
            #"{"extra": 1, "format": "linear-system/2"}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": 3}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [3]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"strength": 1}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x"}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 0}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": "weak"}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1, "other": 1}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": 1}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": [1]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": [{}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": [{"suggest": 1}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": [{"suggest": {"x": "1"}}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": [{"suggest": {"x": 1e300}}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "x", "strength": 1}], "steps": [{"suggest": {"x": 1}, "o": 2}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "steps": [{"suggest": {"x": 1}}], "edits": [{"variable": "x", "strength": 1}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "steps": [{"suggest": {"y": 1}}], "edits": [{"variable": "x", "strength": 1}]}"#,
            #"{"format": "linear-system/1", "constraints": [], "steps": [{"suggest": {"x": true}}, {"suggest": 2}], "edits": [{"variable": "x", "strength": 1}]}"#,
        ]
        for text in cases { Self.expectAgreement(text) }
        // Each field of a constraint replaced by every kind of value, and removed.
        let fields = ["id": #""c0""#, "terms": #"{"x": 1}"#, "constant": "-5", "op": #""==""#, "strength": #""required""#]
        let replacements = ["1", "-0.0", "0", "-3", "1e999", "1e300", "4e-320", "true", "null", #""s""#, #""==""#,
                            #""required""#, "[]", "{}", #"{"x": "1"}"#, #"{"x": null}"#, "[[1]]"]
        for field in fields.keys.sorted() {
            var without = fields
            without[field] = nil
            Self.expectAgreement(Self.document(constraint: without))
            for replacement in replacements {
                var changed = fields
                changed[field] = replacement
                Self.expectAgreement(Self.document(constraint: changed))
            }
        }
    }

    static func document(constraint fields: [String: String]) -> String {
        let members = fields.keys.sorted().map { "\"\($0)\": \(fields[$0]!)" }.joined(separator: ", ")
        return #"{"format": "linear-system/1", "constraints": [{\#(members)}]}"#
    }

    @Test func jsonSyntaxErrorsAgreeOnMessageAndPosition() {
        let cases: [String] = [
            "{", "[", "{\"a\"", "{\"a\":", "{\"a\" 1}", "{\"a\": 1,}", "[1,]", "[1 2]", "{\"a\": 1 \"b\": 2}",
            "{1: 2}", "tru", "nul", "falsy", "-", "01", "1.", "1e", "1e+", "-a", ".5", "+1", "NaN", "Infinity",
            "\"abc", "\"a\\", "\"a\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"\\ud800\"", "\"\\ud800\\u0041\"",
            "\"\\udc00\"", "\"a\u{01}b\"", "\"tab\there\"",
            "{\"format\": \"linear-system/1\", \"constraints\": [], \"format\": 1}",
            "{\"format\": \"linear-system/1\", \"constraints\": [{\"id\": \"a\", \"id\": \"b\"}]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [{\"id\": \"a\", \"terms\": {\"x\": 1, \"y\": 2, \"x\": 3}}]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [{\"q\": 1, \"q\": 2}]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [], \"x\": {\"a\": 1, \"a\": 2}}",
            "{\"format\": \"linear-system/1\", \"constraints\": [], \"x\": 1, \"x\": 2}",
            "{\"format\": \"linear-system/1\", \"constraints\": [{\"id\": \"i\\u0064\", \"i\\u0064\": 2}]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [], \"steps\": [{\"suggest\": {\"a\": 1, \"a\": 2}}]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [], \"steps\": [{\"suggest\": 1, \"suggest\": 2}]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [], \"edits\": [{\"variable\": \"a\", \"variable\": \"b\"}]}",
            // A semantic problem early, a syntax error late: the syntax error wins.
            "{\"format\": \"linear-system/2\", \"constraints\": [1, 2,]}",
            "{\"format\": \"linear-system/1\", \"constraints\": [{\"id\": 1}], \"extra\": [1 2]}",
            "[1, 2] x", "{\"format\": \"linear-system/1\", \"constraints\": []}\n\n  x",
            "{\"format\": \"linear-system/1\",\n \"constraints\": [\n  {\"id\": \"c\", \"terms\": {\"x\": 1e400}}]}",
            "{\"format\": \"linear-system/1\",\r\n\"constraints\": [\"\\uZZZZ\"]}",
        ]
        for text in cases { Self.expectAgreement(text) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        Self.expectAgreement(deep)
        // Exactly at and just past the depth limit, inside a field the reader skips.
        for levels in [JSONValue.maximumDepth - 2, JSONValue.maximumDepth - 1, JSONValue.maximumDepth] {
            let nested = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            Self.expectAgreement(#"{"format": "linear-system/1", "constraints": [], "x": \#(nested)}"#)
            Self.expectAgreement(#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {"x": \#(nested)}}]}"#)
        }
    }

    @Test func invalidUTF8AndEscapesAgree() {
        let prefix = Array(#"{"format": "linear-system/1", "constraints": [{"id": ""#.utf8)
        let suffix = Array(#"", "terms": {}, "constant": 0, "op": "==", "strength": 1}]}"#.utf8)
        let bodies: [[UInt8]] = [
            [0xFF], [0xC3], [0xC3, 0xA9], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80],
            [0x61, 0xFF, 0x5C, 0x6E], [0x5C, 0x6E, 0xFF], [0xE2, 0x82], Array("caf\\u00e9".utf8),
            Array("\\ud83d\\ude00".utf8), Array("\\u0000".utf8), Array("a\\/b\\\\c\\\"d".utf8),
        ]
        for body in bodies {
            Self.expectAgreement(prefix + body + suffix)
            // The same bytes as a variable name (interned) and as a key the reader skips.
            Self.expectAgreement(Array(#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {""#.utf8) + body
                                 + Array(#"": 1}, "constant": 0, "op": "==", "strength": 1}]}"#.utf8))
            Self.expectAgreement(Array(#"{"format": "linear-system/1", "constraints": [], "x": {""#.utf8) + body + Array(#"": 1}}"#.utf8))
        }
    }

    @Test func canonicallyEquivalentNamesAreOneName() {
        // "é" precomposed and decomposed, and the Kelvin sign and "K", are equal `String`s.
        let pairs = [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{212A}", "K")]
        for (first, second) in pairs {
            Self.expectAgreement(#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {"\#(first)": 1, "\#(second)": 2}, "constant": 0, "op": "==", "strength": 1}]}"#)
            Self.expectAgreement(#"{"format": "linear-system/1", "variables": ["\#(first)", "\#(second)"], "constraints": []}"#)
            let twoRows = #"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {"\#(first)": 1}, "constant": 0, "op": "==", "strength": 1}, {"id": "b", "terms": {"\#(second)": 1}, "constant": -1, "op": "==", "strength": 1}], "edits": [{"variable": "\#(second)", "strength": 1}], "steps": [{"suggest": {"\#(first)": 4}}]}"#
            Self.expectAgreement(twoRows)
            let system = try? LinearSystem.parse(Array(twoRows.utf8))
            let variableCount: Int? = system?.variables.count
            #expect(variableCount == 1)
            let termVariables: [[Int]]? = system?.indexedTerms().map { $0.map(\.variable) }
            #expect(termVariables == [[0], [0]])
            // The same, sections out of order (renumbered at the end).
            Self.expectAgreement(#"{"steps": [{"suggest": {"\#(first)": 4}}], "edits": [{"variable": "\#(second)", "strength": 1}], "constraints": [{"id": "a", "terms": {"\#(first)": 1}, "constant": 0, "op": "==", "strength": 1}], "variables": ["z", "\#(second)"], "format": "linear-system/1"}"#)
            Self.expectAgreement(#"{"format": "linear-system/1", "constraints": [{"id": "\#(first)", "terms": {}, "constant": 0, "op": "==", "strength": 1}, {"id": "\#(second)", "terms": {}, "constant": 0, "op": "==", "strength": 1}]}"#)
        }
    }

    /// Deterministic random edits of valid documents: whatever comes out, both readers agree.
    @Test func mutatedDocumentsAgree() {
        var generator = SplitMix(seed: 0x5EED)
        let alphabet = Array("{}[]\":,-+.0123456789eE \n\\utrfnalsxy\u{7F}".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        let sources = [Self.sample, Self.permuted(Self.sample)].map { Array($0.utf8) }
        var accepted = 0, syntax = 0, semantic = 0
        for round in 0..<4000 {
            var bytes = sources[round % sources.count]
            for _ in 0...Int(generator.next() % 3) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                case 2: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                default:
                    // Duplicate a slice (a repeated key, entry or field).
                    let length = min(Int(generator.next() % 40) + 1, bytes.count - position)
                    bytes.insert(contentsOf: bytes[position..<position + length], at: position)
                }
            }
            Self.expectAgreement(bytes)
            switch Self.outcome(bytes, reference: false) {
            case .system: accepted += 1
            case .error(let message): if message.hasPrefix("invalid JSON") { syntax += 1 } else { semantic += 1 }
            }
        }
        // The mutations reach every kind of outcome, not only syntax errors.
        #expect(accepted > 50)
        #expect(syntax > 200)
        #expect(semantic > 200)
    }

    /// The sample with the members of every object but the suggestions in reverse order.
    static func permuted(_ text: String) -> String {
        """
        {"steps": [{"suggest": {"e": 1, "y": -2}}, {"suggest": {"y": 0}}],
         "edits": [{"strength": 10, "variable": "e"}, {"strength": 2, "variable": "y"}],
         "constraints": [
          {"strength": "required", "op": ">=", "constant": 10, "terms": {"x": 1, "y": -1.5}, "id": "c0"},
          {"strength": 1000, "op": "==", "constant": -5e-1, "terms": {"z": 2e1, "x": 0.25}, "id": "c1"},
          {"strength": 3.5, "op": "<=", "constant": 0, "terms": {}, "id": "c2"}
         ],
         "variables": ["w", "x"], "format": "linear-system/1"}
        """
    }

    // MARK: - Field order and interning

    @Test func fieldOrderDoesNotMatter() throws {
        let canonical = try LinearSystem.parse(Array(Self.sample.utf8))
        let reversed = try LinearSystem.parse(Array(Self.permuted(Self.sample).utf8))
        #expect(Self.render(canonical) == Self.render(reversed))
        // Listed first, then first appearance in constraints, then in edits.
        #expect(canonical.variables == ["w", "x", "y", "z", "e"])
        let canonicalVariables: [[Int]] = canonical.indexedTerms().map { terms in terms.map { $0.variable } }
        #expect(canonicalVariables == [[1, 2], [3, 1], []])
        let coefficients: [[Double]] = [[1, -1.5], [20, 0.25], []]
        #expect(canonical.indexedTerms().map { $0.map(\.coefficient) } == coefficients)
        #expect(canonical.editVariableIndices() == [4, 2])
        #expect(canonical.indexedSteps().map { $0.map(\.variable) } == [[4, 2], [2]])
        let reversedVariables: [[Int]] = reversed.indexedTerms().map { terms in terms.map { $0.variable } }
        #expect(reversedVariables == [[1, 2], [3, 1], []])
        #expect(reversed.editVariableIndices() == [4, 2])
        let reversedSteps: [[Int]] = reversed.indexedSteps().map { $0.map(\.variable) }
        #expect(reversedSteps == [[4, 2], [2]])
        #expect(canonical.hasStoredIndexForm && reversed.hasStoredIndexForm)
        Self.expectConsistentIndexForm(reversed)
        // Every order of the five top-level fields.
        let sections = [#""format": "linear-system/1""#, #""variables": ["w", "x"]"#,
                        #""constraints": [{"terms": {"z": 1, "x": 2}, "id": "a", "op": "==", "constant": 1, "strength": 1}, {"id": "b", "terms": {"y": 1, "e": 1}, "constant": 0, "op": "<=", "strength": "required"}]"#,
                        #""edits": [{"variable": "q", "strength": 1}, {"variable": "e", "strength": 2}]"#,
                        #""steps": [{"suggest": {"e": 3, "q": 4}}]"#]
        var expected: String?
        for order in Self.permutations(Array(sections.indices)) {
            let text = "{" + order.map { sections[$0] }.joined(separator: ", ") + "}"
            let system = try LinearSystem.parse(Array(text.utf8))
            #expect(system.variables == ["w", "x", "z", "y", "e", "q"], "\(order)")
            Self.expectConsistentIndexForm(system)
            Self.expectAgreement(text)
            if let expected { #expect(Self.render(system) == expected) } else { expected = Self.render(system) }
        }
    }

    static func permutations(_ items: [Int]) -> [[Int]] {
        if items.count <= 1 { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test func problemsAreReportedInTheDecodersOrderWhateverTheTextOrder() {
        // Each document has two problems; the one the tree decoder checked first wins.
        let cases: [(String, String)] = [
            (#"{"constraints": [1], "zzz": 1, "format": "linear-system/1"}"#, #"unknown top-level field "zzz""#),
            (#"{"constraints": [1], "format": "linear-system/9"}"#, #"format must be "linear-system/1", found "linear-system/9""#),
            (#"{"constraints": [1], "variables": [2], "format": "linear-system/1"}"#, "variables[0]: expected a string, found a number"),
            (#"{"steps": [1], "edits": [2], "constraints": [], "format": "linear-system/1"}"#, "edits[0]: expected an object, found a number"),
            (#"{"edits": [2], "constraints": [3], "format": "linear-system/1"}"#, "constraints[0]: expected an object, found a number"),
            (#"{"format": "linear-system/1", "constraints": [{"terms": 1, "id": "a", "op": "?"}]}"#, #"constraints[0] (id "a"): terms: expected an object, found a number"#),
            (#"{"format": "linear-system/1", "constraints": [{"strength": 0, "op": "?", "id": "a", "terms": {}, "constant": 1}]}"#, #"constraints[0] (id "a"): unknown op "?" (expected "==", "<=" or ">=")"#),
            (#"{"format": "linear-system/1", "constraints": [{"x": 1, "id": 5}]}"#, #"constraints[0]: "id" must be a string, found a number"#),
            (#"{"format": "linear-system/1", "constraints": [{"x": 1, "id": "a", "y": 2}]}"#, #"constraints[0] (id "a"): unknown field "x""#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {"p": "1", "q": 1e300}, "constant": 1, "op": "==", "strength": 1}]}"#, #"constraints[0] (id "a"): terms.p: expected a number, found a string"#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {"q": 1e300, "p": "1"}, "constant": 1, "op": "==", "strength": 1}]}"#, #"constraints[0] (id "a"): terms.q: 1e+300 exceeds the supported magnitude 1e15"#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {}, "constant": 1, "op": "==", "strength": -2}]}"#, #"constraints[0] (id "a"): strength must be "required" or a positive number, found -2.0"#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {}, "constant": 1, "op": "==", "strength": 4e-320}]}"#, "constraints[0] (id \"a\"): strength: weight 4e-320 is subnormal (too close to zero to compute with)"),
            (#"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {}, "constant": 1, "op": "==", "strength": 1}, {"id": "a"}]}"#, #"constraints[1] (id "a"): missing field "terms""#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "a", "terms": {}, "constant": 1, "op": "==", "strength": 1}, {"id": "a", "terms": {}, "constant": 1, "op": "==", "strength": 1}]}"#, #"constraints[1]: duplicate constraint id "a""#),
            (#"{"format": "linear-system/1", "steps": [{"suggest": {"x": 1}}], "edits": [{"variable": "x", "strength": "required"}], "constraints": []}"#, "edits[0] (x): an edit variable cannot be required"),
            (#"{"format": "linear-system/1", "steps": [{"suggest": {"x": 1}, "u": 1}, {"suggest": {"y": 1}}], "edits": [{"variable": "x", "strength": 1}], "constraints": []}"#, #"steps[0]: unknown field "u""#),
            (#"{"format": "linear-system/1", "steps": [{"suggest": {"y": 1}}, {"u": 1}], "edits": [{"variable": "x", "strength": 1}], "constraints": []}"#, #"steps[0].suggest: "y" is not an edit variable"#),
            (#"{"format": "linear-system/1", "steps": [{"suggest": {"x": null, "y": 1}}], "edits": [{"variable": "x", "strength": 1}], "constraints": []}"#, "steps[0].suggest.x: expected a number, found null"),
            (#"{"format": "linear-system/1", "constraints": [], "variables": ["a", "a", 1]}"#, #"variables[1]: duplicate variable "a""#),
            (#"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": 1, "u": 1}]}"#, #"edits[0]: unknown field "u""#),
            (#"{"format": "linear-system/1", "constraints": [], "edits": [{"strength": "required"}]}"#, #"edits[0]: "variable" must be a string"#),
            (#"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "v", "strength": "x"}]}"#, #"edits[0] (v): strength must be "required" or a positive number, found "x""#),
            (#"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "v", "strength": 1}, {"strength": 2, "variable": "v"}]}"#, #"edits[1]: duplicate edit variable "v""#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {}, "constant": "0", "op": "==", "strength": 1}]}"#, #"constraints[0] (id "c"): constant: expected a number, found a string"#),
            (#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {}, "constant": 2e-310, "op": "==", "strength": 1}]}"#, #"constraints[0] (id "c"): constant: 2e-310 is subnormal (too close to zero to compute with)"#),
            ("{\"format\": \"linear-system/1\",\n\"constraints\": [],\n  \"x\": 1e999}", "invalid JSON at line 3, column 8: number 1e999 overflows a double"),
            ("[1, 2]", "the document must be an object, found an array"),
        ]
        for (text, message) in cases {
            #expect(Self.outcome(Array(text.utf8), reference: false) == .error(message), "\(text)")
            Self.expectAgreement(text)
        }
    }

    // MARK: - Numbers

    @Test func numbersMatchDoubleParsing() throws {
        var generator = SplitMix(seed: 42)
        var texts = ["0", "-0", "-0.0", "0.0e0", "1", "-1", "0.1", "0.3", "1e22", "1e23", "9007199254740992",
                     "9007199254740993", "123456789012345678", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308",
                     "0.000000000000000000001", "1000000000000000000000000", "1E+2", "1e-22", "4.35", "0e999999999",
                     "0.1e-999", "12345678901234567890123456789", "3.0000000000000004", "1e0000000000000000000001"]
        for _ in 0..<3000 {
            let digits = String(generator.next() % 10_000_000_000_000_000)
            let point = Int(generator.next() % UInt64(digits.count + 1))
            var text = String(digits.prefix(point))
            if text.isEmpty { text = "0" }
            if point < digits.count { text += "." + digits.dropFirst(point) }
            if generator.next() % 2 == 0 { text += "e\(Int(generator.next() % 61) - 30)" }
            if generator.next() % 3 == 0 { text = "-" + text }
            texts.append(text)
        }
        for text in texts {
            let document = #"{"format": "linear-system/1", "constraints": [], "edits": [{"variable": "v", "strength": 1}], "steps": [{"suggest": {"v": \#(text)}}]}"#
            guard let expected = Double(text) else { Issue.record("Double(\(text)) is nil"); continue }
            let parsed = try? LinearSystem.parse(Array(document.utf8))
            if NumberCheck.problem(expected) == nil {
                #expect(parsed?.steps[0][0].value.bitPattern == expected.bitPattern, "\(text)")
            }
            Self.expectAgreement(document)
        }
    }

    // MARK: - The index form after changes

    @Test func indexFormFollowsChangesToThePublicProperties() throws {
        var system = try LinearSystem.parse(Array(Self.sample.utf8))
        #expect(system.hasStoredIndexForm)
        system.variables.insert("first", at: 0)
        #expect(!system.hasStoredIndexForm)
        let insertedTerms: [[Int]] = system.indexedTerms().map { $0.map(\.variable) }
        #expect(insertedTerms == [[2, 3], [4, 2], []])
        #expect(system.editVariableIndices() == [5, 3])
        let insertedSteps: [[Int]] = system.indexedSteps().map { $0.map(\.variable) }
        #expect(insertedSteps == [[5, 3], [3]])
        Self.expectConsistentIndexForm(system)

        var changed = try LinearSystem.parse(Array(Self.sample.utf8))
        changed.constraints[0].terms.reverse()
        changed.constraints[1].terms[0].coefficient = 7
        #expect(!changed.hasStoredIndexForm)
        let changedTerms: [[Int]] = changed.indexedTerms().map { $0.map(\.variable) }
        #expect(changedTerms == [[2, 1], [3, 1], []])
        #expect(changed.indexedTerms()[1][0].coefficient == 7)
        Self.expectConsistentIndexForm(changed)

        var edited = try LinearSystem.parse(Array(Self.sample.utf8))
        edited.edits.removeFirst()
        edited.steps = [[(variable: "y", value: 9)]]
        #expect(edited.editVariableIndices() == [2])
        #expect(edited.indexedSteps().map { $0.map(\.variable) } == [[2]])
        Self.expectConsistentIndexForm(edited)

        // Built by hand: computed from the names.
        let built = LinearSystem(variables: ["a", "b"],
                                 constraints: [.init(id: "r", terms: [("b", 2), ("a", 3)], constant: 0, relation: .equal, weight: nil)],
                                 edits: [.init(variable: "b", weight: 1)], steps: [[("b", 5)]])
        #expect(!built.hasStoredIndexForm)
        let builtVariables: [[Int]] = built.indexedTerms().map { $0.map(\.variable) }
        #expect(builtVariables == [[1, 0]])
        #expect(built.editVariableIndices() == [1])
        #expect(built.indexedSteps().map { $0.map(\.variable) } == [[1]])
    }

    @Test func largeSystemsAgreeAndIntern() throws {
        var rows: [String] = []
        for index in 0..<3000 {
            rows.append(#"{"id": "c\#(index)", "terms": {"v\#(index)": 1, "w\#(index / 2)": -0.5, "long.variable.name.\#(index % 97)": 1e-3}, "constant": \#(Double(index) * 0.1), "op": ">=", "strength": \#(index % 3 == 0 ? #""required""# : "2.5")}"#)
        }
        let text = #"{"format": "linear-system/1", "constraints": [\#(rows.joined(separator: ",\n"))]}"#
        Self.expectAgreement(text)
        let system = try LinearSystem.parse(Array(text.utf8))
        #expect(system.variables.count == 3000 + 1500 + 97)
        #expect(system.variables.prefix(5) == ["v0", "w0", "long.variable.name.0", "v1", "long.variable.name.1"])
    }
}
