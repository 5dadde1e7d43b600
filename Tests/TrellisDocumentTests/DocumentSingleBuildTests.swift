import Testing
import Trellis
@testable import TrellisDocument

/// The `trellis` command reads a document with `LayoutDocument.decode` and builds it once with
/// `makeLayout`, instead of `parse` (which builds it once more to check it): both ways must
/// report every document the same, word for word and place for place. And the constraint lexer,
/// which reads UTF-8 bytes, must count columns in characters.
@Suite("Layout documents built once")
struct DocumentSingleBuildTests {
    static func document(_ members: String) -> String {
        #"{"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200}, "# + members + "}"
    }

    /// Documents that decode but do not build: each error comes from building the layout.
    static let unbuildable: [(String, String)] = [
        (document(#""views": [{"id": "title"}], "constraints": ["title~.top == 8", "title~.top == titel~.bottom"]"#),
         #"constraints[1] "title~.top == titel~.bottom", column 15: unknown item "titel""#),
        (document(#""views": [{"id": "title"}], "constraints": ["title~.top == root.superview~.top"]"#),
         "root has no superview"),
        (document(#""views": [{"id": "a"}], "guides": [{"id": "g"}], "constraints": ["a~.top == g.superview~.top"]"#),
         "only views have a superview"),
        (document(#""views": [{"id": "a"}], "constraints": ["a~.top == a~.leading"]"#),
         "relates a horizontal position"),
        (document(#""constraints": ["root~.top == 8"]"#), "but root has none"),
        (document(#""views": [{"id": "a"}], "layoutSets": [{"view": "root", "cases": [{"otherwise": true, "#
            + #""constraints": ["a~.width == 10", "a~.top == b~.top"]}]}]"#), #"unknown item "b""#),
        (document(#""views": [{"id": "a"}], "visualFormat": ["H:|-[a]-[nobody]-|"]"#), "visualFormat[0]"),
    ]

    @Test("decode, then makeLayout, throws exactly what parse throws", arguments: unbuildable.indices)
    func sameErrors(_ index: Int) throws {
        let (text, fragment) = Self.unbuildable[index]
        let checked: LayoutDocumentError
        do {
            _ = try LayoutDocument.parse(text, name: "doc.json")
            Issue.record("parse accepted \(text)")
            return
        } catch {
            checked = error
        }
        #expect(checked.message.contains(fragment), "\(checked)")
        // The same document read without the check decodes, and its one build fails the same way.
        let decoded = try LayoutDocument.decode(Array(text.utf8), name: "doc.json")
        do {
            _ = try decoded.makeLayout()
            Issue.record("makeLayout built \(text)")
        } catch {
            #expect(error == checked)
        }
        #expect(throws: checked) { try decoded.checkBuilds() }
    }

    @Test("A document that builds decodes to what parse returns")
    func sameDocument() throws {
        let text = Self.document(#""views": [{"id": "a", "intrinsicSize": {"width": 10, "height": 20}}, "#
            + #"{"id": "s", "stack": {"arranged": ["b"]}}, {"id": "b", "parent": "s"}], "#
            + #""constraints": ["a~.top.leading == root~ + 8", {"constraint": "s~.top == a~.bottom", "label": "gap"}]"#)
        let parsed = try LayoutDocument.parse(text)
        let decoded = try LayoutDocument.decode(Array(text.utf8))
        #expect(decoded.views == parsed.views)
        #expect(decoded.constraints == parsed.constraints)
        let built = try decoded.makeLayout().layout().snapshot, reference = try parsed.makeLayout().layout().snapshot
        for id in ["root", "a", "s", "b"] {
            #expect(built?[id: id] != nil)
            #expect(built?[id: id] == reference?[id: id], "\(id)")
        }
    }

    @Test("Columns count characters, not bytes, after non-ASCII text", arguments: [
        DocumentParserTests.Invalid(text: #"a~.width == 10 ~~ "é" ~~ 5 ~~ 6"#, column: 28, fragment: "priority is given twice"),
        DocumentParserTests.Invalid(text: #"a~.width == 10 ~~ "日本" ~~"#, column: 26, fragment: "after ~~"),
        DocumentParserTests.Invalid(text: #"a~.width == 10 ~~ "é" ~~ ü"#, column: 26, fragment: "unexpected character U+FC"),
        DocumentParserTests.Invalid(text: #"a~.width == 10 ~~ "é\x""#, column: 21, fragment: "may be escaped"),
        DocumentParserTests.Invalid(text: #"a~.width == 10 ~~ "é" # x"#, column: 23, fragment: "unexpected character \"#\""),
        DocumentParserTests.Invalid(text: #"a~.width == 10 ~~ "🙂" ~~ "x""#, column: 26, fragment: "label is given twice"),
    ])
    func nonASCIIColumns(_ case_: DocumentParserTests.Invalid) {
        DocumentParserTests.expectRefused(case_)
    }

    @Test("Labels keep their characters; the length limit counts characters")
    func nonASCIILabels() throws {
        let syntax = try ConstraintParser.parse(#"a~.width == 10 ~~ "é \"日本\" \\ 🙂""#)
        #expect(syntax.label == #"é "日本" \ 🙂"#)
        // 1,999 characters in 3,979 bytes: accepted (the limit is 2,000 characters).
        let long = #"a~.width == 1 ~~ ""# + String(repeating: "é", count: 1_980) + #"""#
        #expect(long.unicodeScalars.count == 1_999)
        #expect(long.utf8.count == 3_979)
        #expect(try ConstraintParser.parse(long).label?.count == 1_980)
        do {
            _ = try ConstraintParser.parse(#"a~.width == 1 ~~ ""# + String(repeating: "é", count: 1_990) + #"""#)
            Issue.record("a 2,009-character string was accepted")
        } catch {
            #expect(error.column == 2_001)
            #expect(error.message.contains("longer than 2000"))
        }
    }

    @Test("Hierarchy errors name the first use of an id and the whole cycle")
    func hierarchy() {
        func failure(_ members: String) -> LayoutDocumentError? {
            do { _ = try LayoutDocument.decode(Array(Self.document(members).utf8)); return nil } catch { return error }
        }
        #expect(failure(#""views": [{"id": "a"}], "guides": [{"id": "g"}, {"id": "g"}]"#)?.message
            == #"guides[1]: duplicate id "g" (already used by guides[0])"#)
        #expect(failure(#""guides": [{"id": "g"}], "views": [{"id": "g"}]"#)?.message
            == #"guides[0]: duplicate id "g" (already used by views[0])"#)
        #expect(failure(#""views": [{"id": "a", "parent": "c"}, {"id": "b", "parent": "a"}, {"id": "c", "parent": "b"}, "#
            + #"{"id": "d", "parent": "c"}]"#)?.message
            == "views[0] (id \"a\"): the parents form a cycle: a → c → b → a")
        #expect(failure(#""views": [{"id": "s", "stack": {"arranged": ["root"]}}]"#)?.message.hasPrefix(
            #"views[0] (id "s"): arranged view "root" is not a view of the document"#) == true)
        #expect(failure(#""views": [{"id": "a"}, {"id": "b", "parent": "a"}, {"id": "c", "parent": "b"}]"#) == nil)
    }

    @Test("A document edited after parse to repeat an id builds as the id table says: the last view made for it, under its parent")
    func repeatedIDAfterParse() throws {
        var document = try LayoutDocument.parse(Self.document(
            #""views": [{"id": "a"}, {"id": "b"}, {"id": "c", "parent": "a"}], "constraints": ["b~.width == 10"]"#))
        document.views[2].id = "b"      // `parse` rejects a repeated id; an edit can make one
        let layout = try document.makeLayout()
        // Each entry stands for the view its id names: the second "b", made last, goes under "a"
        // (the first entry's turn and its own), and the first "b" is left out of the hierarchy.
        #expect(layout.root.subviews.map(\.id) == ["a"])
        let a = try #require(layout.root.subviews.first)
        #expect(a.subviews.map(\.id) == ["b"])
        #expect(layout.root.subtreeViews().count == 3)
        #expect(layout.item(id: "b") === a.subviews.first)
    }
}
