import Foundation
import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem
@testable import TrellisSupport
import TrellisTestSupport

/// docs/linear-system.md cannot drift: every ```` ```json linear-system ```` block is an input,
/// and the block right after it says what Trellis answers — ```` ```json answer ```` (what
/// `trellis solve` prints), ```` ```text error ```` (the stderr line of an input error, for a file
/// named `system.json`) or ```` ```text explain ARGS ```` (what `trellis explain ARGS` prints).
@Suite("docs/linear-system.md examples")
struct LinearSystemDocTests {
    /// One fenced block of the page: its info string and its text.
    struct Block: CustomStringConvertible {
        let info: String
        let body: String
        let line: Int
        var description: String { "line \(line): ```\(info)" }
    }

    static let page = Fixture.packageRoot.appendingPathComponent("docs/linear-system.md")

    static func blocks() throws -> [Block] {
        let text = try String(contentsOf: page, encoding: .utf8)
        var blocks: [Block] = []
        var open: (info: String, line: Int)?
        var body: [Substring] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let current = open {
                    blocks.append(Block(info: current.info, body: body.joined(separator: "\n"), line: current.line))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 1)
                    body = []
                }
            } else if open != nil {
                body.append(line)
            }
        }
        #expect(open == nil, "an unterminated block")
        return blocks
    }

    /// Each input with the block that shows its outcome.
    static func examples() throws -> [(input: Block, outcome: Block)] {
        let all = try Self.blocks()
        var pairs: [(Block, Block)] = []
        for (index, block) in all.enumerated() where block.info == "json linear-system" {
            guard index + 1 < all.count else { Issue.record("\(block) has no outcome block"); continue }
            pairs.append((block, all[index + 1]))
        }
        return pairs
    }

    @Test("every JSON block of the page is checked")
    func everyBlockIsChecked() throws {
        let all = try Self.blocks()
        #expect(all.count >= 20)
        let known: Set<String> = ["json linear-system", "json answer", "text error", "json layout-document"]
        for (index, block) in all.enumerated() {
            let checked = known.contains(block.info) || block.info.hasPrefix("text explain") || block.info.isEmpty
            #expect(checked, "\(block) is not a checked kind of block")
            // An outcome block always follows an input (so none is left unchecked); a layout
            // document is followed by its export (checked in LayoutSystemExportTests).
            switch block.info {
            case "json linear-system", "": break
            case "json layout-document":
                #expect(index + 1 < all.count && all[index + 1].info == "json linear-system", "\(block) has no export after it")
            default:
                #expect(index > 0 && all[index - 1].info == "json linear-system", "\(block) follows no input")
            }
        }
    }

    @Test("every input gives the answer, error or report shown after it")
    func examplesHold() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 15)
        var kinds: Set<String> = []
        for (input, outcome) in examples {
            let bytes = Array(input.body.utf8)
            let kind = outcome.info.split(separator: " ").prefix(2).joined(separator: " ")
            kinds.insert(kind)
            switch kind {
            case "json answer":
                let system = try LinearSystem.parse(bytes)
                let printed = try system.solve().json()
                let expected = try JSONValue.parse(Array(outcome.body.utf8))
                let actual = try JSONValue.parse(Array(printed.utf8))
                #expect(Self.same(actual, expected), "\(input): trellis solve prints \(printed)")
            case "text error":
                do {
                    _ = try LinearSystem.parse(bytes)
                    Issue.record("\(input) parses, but the page shows an error")
                } catch {
                    #expect("trellis: system.json: \(error)" == outcome.body, "\(input)")
                }
            case "text explain":
                let system = try LinearSystem.parse(bytes)
                let options = try Self.options(outcome.info.split(separator: " ").dropFirst(2).map(String.init))
                let text = try system.diagnose(options).text
                #expect(text == outcome.body, "\(input): trellis explain prints\n\(text)")
            default:
                Issue.record("\(outcome) after \(input) is not an answer, an error or a report")
            }
        }
        #expect(kinds == ["json answer", "text error", "text explain"])
    }

    /// The options of `trellis explain` that the page uses.
    static func options(_ arguments: [String]) throws -> LinearSystem.DiagnosisOptions {
        var options = LinearSystem.DiagnosisOptions()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--variable", "--sensitivity":
                let value = rest.popFirst()
                let name = try #require(value, "\(flag) needs a name")
                if flag == "--variable" { options.explain.append(name) } else { options.sensitivity.append(name) }
            case "--recover": options.recover = true
            case "--no-ambiguity": options.ambiguity = false
            default: Issue.record("the page uses an option the test does not know: \(flag)")
            }
        }
        return options
    }

    /// Structural equality: same keys in the same order, same strings, numbers equal.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: return false
        }
    }

    @Test("the page's claims about limits hold")
    func limits() throws {
        // 64 levels, the document's object included, are fine; 65 are not.
        func nested(_ levels: Int) -> [UInt8] {
            Array(("{\"format\": \"linear-system/1\", \"constraints\": [], \"variables\": "
                   + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}").utf8)
        }
        do {
            _ = try LinearSystem.parse(nested(65))
            Issue.record("65 levels were accepted")
        } catch {
            #expect("\(error)".contains("nesting deeper than 64 levels"), "\(error)")
        }
        do {
            _ = try LinearSystem.parse(nested(64))
            Issue.record("a nested variables array should be refused as not a string, not parsed")
        } catch {
            #expect(!"\(error)".contains("nesting"), "64 levels hit the nesting limit: \(error)")
        }
        // A listed variable that nothing uses is solved, at 0; an empty steps list is one solve.
        let free = try LinearSystem.parse(Array(#"{"format": "linear-system/1", "variables": ["free"], "constraints": [], "steps": []}"#.utf8))
        let answer = try free.solve()
        #expect(answer.solves.count == 1)
        #expect(answer.solves[0].values.map(\.variable) == ["free"])
        #expect(answer.solves[0].values[0].value == 0)
        // 1e15 is the largest magnitude of a constant.
        func constant(_ text: String) throws -> LinearSystem {
            try LinearSystem.parse(Array(#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {"x": 1}, "constant": "#.utf8)
                                   + Array(text.utf8) + Array(#", "op": "==", "strength": "required"}]}"#.utf8))
        }
        #expect(try constant("-1e15").solve().solves[0].values[0].value == 1e15)
        #expect(throws: LinearSystemError.self) { try constant("-1.0000000000000002e15") }
        // Huge weights are weights, not required.
        let heavy = try LinearSystem.parse(Array(#"{"format": "linear-system/1", "constraints": [{"id": "c", "terms": {}, "constant": 1, "op": "==", "strength": 1e300}]}"#.utf8))
        #expect(try heavy.solve().status == .optimal)
    }

    @Test("the page's examples through the trellis executable: stdout, stderr and exit status")
    func throughTheExecutable() throws {
        _ = try #require(TrellisExecutable.url, "the trellis executable was not built")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("linear-system-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ arguments: [String]) throws -> TrellisExecutable.Run {
            try TrellisExecutable.run(arguments, in: directory)
        }
        for (input, outcome) in try Self.examples() {
            try Data(input.body.utf8).write(to: directory.appendingPathComponent("system.json"))
            if outcome.info == "text error" {
                let result = try run(["solve", "system.json"])
                #expect(result.status == 1 && result.stdout.isEmpty, "\(input)")
                #expect(result.stderr == outcome.body + "\n", "\(input)")
            } else if outcome.info == "json answer" {
                let result = try run(["solve", "system.json"])
                let answer = try JSONValue.parse(Array(result.stdout.utf8))
                #expect(Self.same(answer, try JSONValue.parse(Array(outcome.body.utf8))), "\(input)")
                #expect(result.status == (answer["status"].map { Self.same($0, .string("optimal")) } == true ? 0 : 2))
                #expect(result.stderr.isEmpty)
            } else if outcome.info.hasPrefix("text explain") {
                let result = try run(["explain", "system.json"] + outcome.info.split(separator: " ").dropFirst(2).map(String.init))
                #expect(result.stdout == outcome.body + "\n", "\(input)")
                #expect(result.status == 0)
            }
        }
        for command in ["solve", "explain"] {
            let help = try run([command, "--help"])
            #expect(help.stdout.contains("Format: docs/linear-system.md"), "trellis \(command) --help")
        }
    }
}
