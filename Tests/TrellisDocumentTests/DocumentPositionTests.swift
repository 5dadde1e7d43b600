import Testing
import Trellis
import TrellisDocument

/// Lines and columns of layout documents come from the offsets the JSON parser records while it
/// parses: entries' lines, constraint columns through escapes and multi-byte characters, content
/// errors at their value (or at the key, for an unknown field), syntax errors at the wrong byte.
@Suite("Layout document positions")
struct DocumentPositionTests {
    /// A document over several lines, with CRLF line ends and non-ASCII text before the values.
    static let text = [
        #"{"format": "layout-document/1","#,
        #" "root": {"id": "r", "width": 320, "height": 480},"#,
        #" "views": [{"id": "a", "text": "h\u00e9llo \u00e9"},"#,
        #"   {"id": "b", "intrinsicSize": {"width": 10, "height": 10}}],"#,
        #" "guides": [{"id": "g"}],"#,
        #" "constraints": ["a~.top == 8", {"label": "é", "constraint": "b~.top == a~.bottom + \u0038"}],"#,
        #" "visualFormat": [{"format": "H:|-[a]-|"}],"#,
        #" "layoutSets": [{"view": "r", "cases": [{"otherwise": true, "constraints": ["b~.left == 4"]}]}]}"#,
    ].joined(separator: "\r\n")

    @Test("Entries carry the lines and columns of their values")
    func entryPositions() throws {
        let document = try LayoutDocument.parse(Self.text, name: "p.json")
        #expect(document.root.line == 2)
        #expect(document.views.map(\.line) == [3, 4])
        #expect(document.guides.map(\.line) == [5])
        #expect(document.constraints.map(\.line) == [6, 6])
        // "é" before the second string on its line is two bytes, counted in the columns.
        #expect(document.constraints.map(\.column) == [18, 63])
        // The second string's escape \u0038 (six bytes) is its 23rd scalar, then the closing quote.
        #expect(document.constraints[1].documentColumn(ofScalar: 1) == 64)
        #expect(document.constraints[1].documentColumn(ofScalar: 23) == 86)
        #expect(document.constraints[1].documentColumn(ofScalar: 24) == 92)
        #expect(document.visualFormats.map(\.line) == [7])
        #expect(document.visualFormats.map(\.column) == [30])
        #expect(document.layoutSets.map(\.line) == [8])
        #expect(document.layoutSets[0].cases[0].constraints.map(\.line) == [8])
        #expect(document.layoutSets[0].cases[0].constraints.map(\.column) == [77])
    }

    static func failure(_ text: String) -> LayoutDocumentError? {
        do {
            _ = try LayoutDocument.parse(text, name: "p.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("Content errors on later lines are placed at their value, or at an unknown field's key")
    func contentErrors() {
        func replacing(_ old: String, _ new: String) -> String {
            var lines = Self.text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
            let index = lines.firstIndex { $0.contains(old) }!
            lines[index] = lines[index].replacing(old, with: new, maxReplacements: 1)
            return lines.joined(separator: "\r\n")
        }
        let cases: [(text: String, line: Int, column: Int, message: String)] = [
            // The unknown key on line 4, its value on line 5.
            (replacing(#""intrinsicSize": {"width": 10, "height": 10}"#, "\"colour\":\r\n  \"red\""), 4, 16,
             #"views[1] (id "b"): unknown field "colour""#),
            (replacing(#""height": 10}"#, #""height": "10"}"#), 4, 57,
             #"views[1] (id "b"): intrinsicSize.height must be a number, found a string"#),
            (replacing(#"\u0038"#, #"\u0038 + c~"#), 6, 95,
             #"constraints[1] "b~.top == a~.bottom + 8 + c~", column 27: unknown item "c""#),
            (replacing(#""H:|-[a]-|""#, #""H:|-[\u0063]-|""#), 7, 36,
             #"visualFormat[0] "H:|-[c]-|", column 6:"#),
            (replacing(#"{"id": "g"}"#, #"{"id": "g", "owner": "q"}"#), 5, 34,
             #"guides[0] (id "g"): owner "q" is not a view of the document"#),
        ]
        for item in cases {
            let error = Self.failure(item.text)
            #expect(error?.line == item.line, "\(String(describing: error))")
            #expect(error?.column == item.column, "\(String(describing: error))")
            #expect(error?.message.hasPrefix(item.message) == true, "\(String(describing: error))")
        }
    }

    @Test("JSON syntax errors in a document name what is wrong, at the byte that is wrong")
    func syntaxErrors() {
        let cases: [(text: String, line: Int, column: Int, message: String)] = [
            (Self.text.replacing(#""b~.left == 4"]"#, with: #""b~.left == 4",]"#, maxReplacements: 1), 8, 91,
             "invalid JSON: trailing comma before ']'"),
            (Self.text.replacing(#"{"id": "g"}"#, with: #"{"id": "g",}"#, maxReplacements: 1), 5, 23,
             "invalid JSON: trailing comma before '}'"),
            (Self.text.replacing(#""width": 320"#, with: #""width": +320"#, maxReplacements: 1), 2, 31,
             "invalid JSON: invalid number: JSON numbers have no '+' sign"),
            (Self.text.replacing(#""h\u00e9llo"#, with: #""h\u00gllo"#, maxReplacements: 1), 3, 34,
             #"invalid JSON: invalid \u escape (four hex digits expected)"#),
            ("", 1, 1, "invalid JSON: empty input (expected a JSON value)"),
        ]
        for item in cases {
            let error = Self.failure(item.text)
            #expect(error?.message == item.message, "\(String(describing: error))")
            #expect(error?.line == item.line, "\(String(describing: error))")
            #expect(error?.column == item.column, "\(String(describing: error))")
        }
    }
}
