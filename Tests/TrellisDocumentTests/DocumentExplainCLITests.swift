import Foundation
import Testing
import Trellis

/// `trellis explain DOC.json` for layout documents, as a user runs it: the report names document
/// constraints by FILE:LINE:COLUMN; exit 0 satisfiable, 2 unsatisfiable, 1 input error.
@Suite("trellis explain for layout documents")
struct DocumentExplainCLITests {
    /// A title that wants 400 (priority 500) but must fit in 320 with 16-point margins: a broken
    /// soft constraint, content hugging broken too, and a width range before the layout changes.
    static let card = #"""
    {"format": "layout-document/1",
     "root": {"id": "card", "width": 320, "height": 100},
     "views": [{"id": "title", "intrinsicSize": {"width": 100, "height": 20}}],
     "constraints": [
       "title~.leading == card~ + 16",
       "title~.trailing <= card~ - 16",
       "title~.top == card~ + 10",
       {"constraint": "title~.width == 400 ~~ 500", "label": "wide title"}
     ]}
    """#

    static let conflict = #"""
    {"format": "layout-document/1",
     "root": {"id": "root", "width": 200, "height": 100},
     "views": [{"id": "a"}],
     "constraints": [
       "a~.edges == root~",
       "a~.width == 300"
     ]}
    """#

    /// Two boxes that share a row with only minimum widths: their split is undetermined.
    static let ambiguous = #"""
    {"format": "layout-document/1",
     "root": {"id": "root", "width": 200, "height": 100},
     "views": [{"id": "a"}, {"id": "b"}],
     "constraints": [
       "a~.top.bottom == root~",
       "b~.top.bottom == root~",
       "a~.leading == root~",
       "b~.trailing == root~",
       "b~.leading >= a~.trailing + 10",
       "a~.width >= 20",
       "b~.width >= 30"
     ]}
    """#

    /// Runs `trellis explain` on `text` saved as `name` in a fresh directory.
    func explain(_ text: String, named name: String, _ arguments: [String] = []) throws -> DocumentCLITests.Run {
        let directory = try DocumentCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        return try DocumentCLITests.run(["explain", name] + arguments, in: directory)
    }

    @Test("a satisfiable document: violations, ambiguity, --why and --sensitivity, with document line:column")
    func satisfiable() throws {
        let run = try explain(Self.card, named: "card.json",
                              ["--why", "title.width", "--sensitivity", "root", "--sensitivity", "constraints[3]"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "layout document: card.json, root card 320 × 100")
        #expect(lines.contains("status: satisfiable"))
        #expect(lines.contains("violations (2):"))
        #expect(lines.contains("  wide title: title.width == 400 @500 (card.json:8:20) is off by 112"))
        #expect(lines.contains("  content hugging: title.width <= 100 @250 is off by 188"))
        #expect(lines.contains("ambiguity: none (every frame is determined)"))
        #expect(lines.contains("why title.width = 288, held by 4 constraints:"))
        // The broken constraint that holds it by its cost, with its document line and column.
        #expect(lines.contains { $0.hasPrefix("  wide title: title.width == 400 @500 (card.json:8:20): broken by 112") })
        #expect(lines.contains { $0.hasPrefix("  title.trailing <= card.trailing - 16 (card.json:6:5): required") })
        #expect(lines.contains { $0.hasPrefix("  title.leading == card.leading + 16 (card.json:5:5): required") })
        let width = try #require(lines.first { $0.hasPrefix("sensitivity: this layout holds while root width") })
        #expect(width.hasPrefix("sensitivity: this layout holds while root width is in [132, 432]; below 132, "))
        #expect(width.hasSuffix("above 432, wide title: title.width == 400 @500 (card.json:8:20) comes to hold exactly"))
        #expect(lines.contains("sensitivity: this layout holds while root height takes any value"))
        #expect(lines.contains { $0.hasPrefix("sensitivity: this layout holds while the constant of wide title: "
                                              + "title.width == 400 @500 (card.json:8:20) ≥ 288") })
    }

    @Test("a conflict: its members by document line:column, exit 2; --recover says what breaks")
    func conflict() throws {
        let run = try explain(Self.conflict, named: "conflict.json")
        #expect(run.status == 2)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == """
            layout document: conflict.json, root root 200 × 100
            status: unsatisfiable
            conflict 1: 4 required constraints cannot hold together:
              conflict.json:5:5: a.left == root.left
              conflict.json:5:5: a.right == root.right
              conflict.json:6:5: a.width == 300
              root frame: root.width == 200

            """)
        let recovered = try explain(Self.conflict, named: "conflict.json", ["--recover", "--why", "a.width"])
        #expect(recovered.status == 2)
        // One recovery policy: the entry written last (a.width, line 6) gives way, never the root's frame.
        #expect(recovered.stdout.contains("\nrecovered by relaxing 1 constraint to priority 999; broken:\n  a.width == 300 (conflict.json:6:5) is off by 100\n"))
        #expect(recovered.stdout.hasSuffix("\nwhy and sensitivity: not available while required constraints conflict (resolve the conflict first)\n"))
    }

    @Test("an ambiguous document: the undetermined attributes with their ranges, and why one is free")
    func ambiguous() throws {
        let run = try explain(Self.ambiguous, named: "row.json", ["--why", "a.width", "--sensitivity", "width"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ambiguous (2 items):"))
        #expect(lines.contains("  a.width = 20, can be anywhere in [20, 160]"))
        #expect(lines.contains("  b.width = 30, can be anywhere in [30, 170]"))
        #expect(lines.contains("why a.width = 20, not determined: anywhere in [20, 160]"))
        #expect(lines.contains { $0.hasPrefix("    a.width >= 20 (row.json:10:5): required") })
        #expect(lines.contains("sensitivity: this layout holds while root width ≥ 60; below 60, "
                               + "b.leading >= a.trailing + 10 (row.json:9:5) becomes active"))
        let quiet = try explain(Self.ambiguous, named: "row.json", ["--no-ambiguity"])
        #expect(!quiet.stdout.contains("ambiguous"))
    }

    @Test("input errors: one line on stderr, nothing on stdout, exit 1")
    func inputErrors() throws {
        let cases: [([String], String)] = [
            (["--why", "title.wdth"], "trellis: --why title.wdth: unknown attribute \"wdth\" (expected one of left, right, "
                + "top, bottom, leading, trailing, width, height, centerX, centerY, firstBaseline, lastBaseline)\n"),
            (["--why", "header.width"], "trellis: --why header.width: no view or guide \"header\" in card.json\n"),
            (["--why", "width"], "trellis: --why width: expected ITEM.ATTRIBUTE, such as title.width\n"),
            (["--sensitivity", "constraints[4]"], "trellis: --sensitivity constraints[4]: expected root, width, height "
                + "or constraints[I] with I in 0..<4\n"),
            (["--timing"], "trellis: --timing and --time-limit apply to linear-system/1 files, not to layout documents\n"),
        ]
        for (arguments, message) in cases {
            let run = try explain(Self.card, named: "card.json", arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr == message)
        }
        let broken = try explain(Self.card.replacingOccurrences(of: "card~ + 10", with: "nothing~ + 10"), named: "card.json")
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.hasPrefix("trellis: card.json:7:"))
        // Neither a linear system nor a layout document: the linear-system message, as before.
        let neither = try explain(#"{"format": "something/1"}"#, named: "x.json")
        #expect(neither.status == 1)
        #expect(neither.stderr == "trellis: x.json: format must be \"linear-system/1\", found \"something/1\"\n")
    }

    @Test("--json: one object with the same findings, constraints with line and column")
    func json() throws {
        let run = try explain(Self.card, named: "card.json", ["--json", "--why", "title.width", "--sensitivity", "width"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "layout-document/1")
        #expect(object["status"] as? String == "satisfiable")
        #expect((object["conflicts"] as? [Any])?.isEmpty == true)
        let violations = try #require(object["violations"] as? [[String: Any]])
        #expect(violations.count == 2)
        #expect(violations.first?["text"] as? String == "wide title: title.width == 400 @500")
        #expect(violations.first?["line"] as? Int == 8)
        #expect(violations.first?["column"] as? Int == 20)
        #expect(violations.first?["amount"] as? Double == 112)
        #expect(violations.last?["line"] is NSNull)
        #expect((object["ambiguous"] as? [Any])?.isEmpty == true)
        let why = try #require((object["why"] as? [[String: Any]])?.first)
        #expect(why["subject"] as? String == "title.width")
        #expect(why["value"] as? Double == 288)
        let reasons = try #require(why["reasons"] as? [[String: Any]])
        #expect(reasons.contains { $0["text"] as? String == "title.trailing <= card.trailing - 16" && $0["line"] as? Int == 6
            && $0["column"] as? Int == 5 && $0["role"] as? String == "required" })
        let width = try #require((object["sensitivity"] as? [[String: Any]])?.first)
        #expect(width["quantity"] as? String == "root width")
        #expect(width["min"] as? Double == 132 && width["max"] as? Double == 432)
        let above = try #require(width["above"] as? [String: Any])
        #expect(above["line"] as? Int == 8 && above["event"] as? String == "comes to hold exactly")

        let conflict = try explain(Self.conflict, named: "conflict.json", ["--json"])
        #expect(conflict.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(conflict.stdout.utf8)) as? [String: Any])
        #expect(report["status"] as? String == "unsatisfiable")
        let members = try #require((report["conflicts"] as? [[[String: Any]]])?.first)
        #expect(members.map { $0["text"] as? String } == ["a.left == root.left", "a.right == root.right", "a.width == 300",
                                                          "root frame: root.width == 200"])
        #expect(members.map { $0["line"] as? Int } == [5, 5, 6, nil])
        #expect(members[2]["items"] as? [String] == ["a"])
        #expect(report["violations"] == nil)

        let ambiguous = try explain(Self.ambiguous, named: "row.json", ["--json"])
        let entries = try #require((try JSONSerialization.jsonObject(with: Data(ambiguous.stdout.utf8)) as? [String: Any])?["ambiguous"]
                                   as? [[String: Any]])
        let named: [String] = entries.map { "\($0["item"] ?? "").\($0["attribute"] ?? "")" }
        #expect(named == ["a.width", "b.left", "b.width"])
        #expect(entries.first?["max"] as? Double == 160)
    }
}
