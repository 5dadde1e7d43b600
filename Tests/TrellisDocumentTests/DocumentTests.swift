import Foundation
import Testing
@testable import Trellis
@testable import TrellisDocument
@testable import TrellisCLI
@testable import TrellisSupport
import TrellisTestSupport

/// Reading layout documents: fields, defaults, errors with their line and column, hostile input,
/// conflicts.
@Suite("Layout documents")
struct DocumentTests {
    static let head = #""format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200}"#

    /// A document with the standard head and the given extra members.
    static func document(_ members: String) -> String { "{\(head), \(members)}" }

    /// The error parsing `text` throws, or nil.
    static func failure(_ text: String) -> LayoutDocumentError? {
        do {
            _ = try LayoutDocument.parse(text, name: "test.json")
            return nil
        } catch {
            return error
        }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("The id rule: dotted segments of ASCII letters, digits and _, each starting with a letter or _")
    func idRule() {
        // The rule as it reads in words, segment by segment, as the oracle.
        func oracle(_ id: String) -> Bool {
            !id.isEmpty && id.unicodeScalars.count <= 128 && id.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                guard let first = $0.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
                else { return false }
                return $0.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            }
        }
        let ids = ["a", "_", "a1", "cell1.title", "a_b.C_9._x", "1a", "a..b", ".a", "a.", "", "a-b", "a b", "é", "aé", "a.1",
                   "A.z", "a/b", "a\u{0}", String(repeating: "a", count: 128), String(repeating: "a", count: 129),
                   String(repeating: "é", count: 100)]
        for id in ids { #expect(LayoutDocumentDecoder.isValidID(id) == oracle(id), "\(id)") }
    }

    @Test("The example of docs/layout-document.md parses and lays out at several widths")
    func documentationExample() throws {
        let markdown = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/layout-document.md"),
                                  encoding: .utf8)
        let start = try #require(markdown.range(of: "## A complete document\n\n```json\n"))
        let end = try #require(markdown.range(of: "```", range: start.upperBound..<markdown.endIndex))
        let document = try LayoutDocument.parse(String(markdown[start.upperBound..<end.lowerBound]), name: "example.json")
        #expect(document.views.count == 5)
        #expect(document.guides.map(\.id) == ["column"])
        #expect(document.constraints.count == 16)
        for width in [320.0, 390, 768] {
            let result = try document.makeLayout(width: width).layout()
            #expect(result.isSatisfiable, "at \(width)")
            let bio = try #require(result.snapshot?[id: "bio"])
            expectFrame(bio, 16, 92, min(width - 32, 480), 36)
        }
    }

    @Test("Fields map onto the views")
    func fields() throws {
        let text = Self.document(#"""
            "views": [
              {"id": "label", "intrinsicSize": {"width": 120, "height": 20}, "hugging": {"horizontal": 251},
               "compression": 1000, "baselines": {"first": 15, "last": 5}, "margins": {"left": 4},
               "safeArea": 3, "marginsFromSafeArea": false, "direction": "rightToLeft"},
              {"id": "tall", "parent": "label", "intrinsicSize": {"height": 30}},
              {"id": "plain"}
            ],
            "guides": [{"id": "gutter", "owner": "label"}, {"id": "spacer"}]
            """#)
        let document = try LayoutDocument.parse(text)
        let layout = try document.makeLayout()
        let label = try #require(layout.item(id: "label") as? View)
        #expect(label.intrinsicContentSize == Size(width: 120, height: 20))
        #expect(label.contentHuggingPriority(for: .horizontal) == 251)
        #expect(label.contentHuggingPriority(for: .vertical) == 250)
        #expect(label.contentCompressionResistancePriority(for: .horizontal) == 1000)
        #expect(label.contentCompressionResistancePriority(for: .vertical) == 1000)
        #expect(label.firstBaselineOffsetFromTop == 15)
        #expect(label.lastBaselineOffsetFromBottom == 5)
        #expect(label.layoutMargins == EdgeInsets(top: 0, left: 4, bottom: 0, right: 0))
        #expect(label.safeAreaInsets == EdgeInsets(3))
        #expect(!label.insetsLayoutMarginsFromSafeArea)
        #expect(label.layoutDirection == .rightToLeft)
        #expect(label.superview === layout.root)

        let tall = try #require(layout.item(id: "tall") as? View)
        #expect(tall.superview === label)
        #expect(tall.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 30))
        #expect(tall.layoutDirection == .rightToLeft)

        let plain = try #require(layout.item(id: "plain") as? View)
        #expect(plain.intrinsicContentSize == nil)
        #expect(plain.layoutMargins == EdgeInsets(8))
        #expect(plain.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        #expect(layout.root.subviews.map(\.id) == ["label", "plain"])
        #expect((layout.item(id: "gutter") as? LayoutGuide)?.owningView === label)
        #expect((layout.item(id: "spacer") as? LayoutGuide)?.owningView === layout.root)
        #expect(layout.root.frame == Rect(x: 0, y: 0, width: 320, height: 200))
        #expect(try document.makeLayout(width: 500).root.frame == Rect(x: 0, y: 0, width: 500, height: 200))
        #expect(try document.makeLayout(height: 50).root.frame == Rect(x: 0, y: 0, width: 320, height: 50))
        #expect(throws: LayoutDocumentError.self) { try document.makeLayout(width: 0) }
        #expect(throws: LayoutDocumentError.self) { try document.makeLayout(height: .infinity) }
        #expect(throws: LayoutDocumentError.self) { try document.makeLayout(width: .nan) }
    }

    @Test("Parents may be declared after their children; siblings keep document order")
    func parentOrder() throws {
        let text = Self.document(#""views": [{"id": "b", "parent": "a"}, {"id": "c", "parent": "a"}, {"id": "a"}]"#)
        let layout = try LayoutDocument.parse(text).makeLayout()
        #expect((layout.item(id: "a") as? View)?.subviews.map(\.id) == ["b", "c"])
    }

    @Test("Constraints carry their label and a location in the document")
    func constraintLocations() throws {
        let text = """
            {"format": "layout-document/1",
             "root": {"id": "root", "width": 320, "height": 200},
             "views": [{"id": "a"}],
             "constraints": [
               "a~.edges == root~ + EdgeInsets(8)",
               {"constraint": "a~.width == 100 ~~ 500", "label": "narrow"},
               "a~.height == 10 ~~ 400 ~~ \\"short\\""
             ]}
            """
        let document = try LayoutDocument.parse(text, name: "labels.json")
        #expect(document.constraints.map(\.line) == [5, 6, 7])
        let labels: [String?] = document.constraints.map(\.label)
        #expect(labels == [nil, "narrow", "short"])
        let layout = try document.makeLayout()
        let groupSizes: [Int] = layout.groups.map(\.constraints.count)
        #expect(groupSizes == [4, 1, 1])
        let narrow = layout.groups[1].constraints[0]
        #expect(narrow.description == "narrow: a.width == 100 @500 (labels.json:6)")
        #expect(layout.documentIndex(of: narrow.id) == 1)
        let result = try layout.layout()
        #expect(result.isSatisfiable)
        expectFrame(result.snapshot?[id: "a"], 8, 8, 304, 184)
    }

    struct Bad: Sendable, CustomStringConvertible {
        let text: String
        let line: Int?
        let column: Int?
        let fragment: String
        var description: String { fragment }
    }

    /// Documents that do not parse, and where their error must point.
    static let badDocuments: [Bad] = badRootsAndViews + badFieldsAndConstraints

    /// (Two literals: as one, it took up to 80 ms to type-check.)
    static let badRootsAndViews: [Bad] = [
        Bad(text: "not json", line: 1, column: 1, fragment: "invalid JSON"),
        Bad(text: "[]", line: 1, column: 1, fragment: "must be a JSON object"),
        Bad(text: #"{"root": {"id": "r", "width": 1, "height": 1}}"#, line: 1, column: 1, fragment: "missing field \"format\""),
        Bad(text: #"{"format": "layout/2", "root": {}}"#, line: 1, column: 12, fragment: "format must be"),
        Bad(text: #"{"format": "layout-document/1"}"#, line: 1, column: 1, fragment: "missing field \"root\""),
        Bad(text: #"{"format": "layout-document/1", "root": {"id": "r", "width": 0, "height": 5}}"#, line: 1,
            column: 62, fragment: "root (id \"r\"): width must be positive"),
        Bad(text: #"{"format": "layout-document/1", "root": {"id": "r", "width": 5}}"#, line: 1, column: 41,
            fragment: "width and height are required"),
        Bad(text: "{\"format\": \"layout-document/1\",\n \"root\": {\"id\": \"r\", \"width\": 1e300, \"height\": 5}}",
            line: 2, column: 31, fragment: "at most 1e6"),
        Bad(text: DocumentTests.document(#""views": {}"#), line: 1, column: 95, fragment: "views must be an array"),
        // At the key (column 108; it was the value's column 118).
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "colour": "red"}]"#), line: 1, column: 108,
            fragment: "views[0] (id \"a\"): unknown field \"colour\""),
        Bad(text: DocumentTests.document(#""views": [{"parent": "root"}]"#), line: 1, column: 96,
            fragment: "views[0]: missing field \"id\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}, {"id": "a"}]"#), line: 1, column: 116,
            fragment: "views[1]: duplicate id \"a\" (already used by views[0])"),
        Bad(text: DocumentTests.document(#""views": [{"id": "root"}]"#), line: 1, column: 103,
            fragment: "duplicate id \"root\" (already used by root)"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "guides": [{"id": "a"}]"#), line: 1, column: 128,
            fragment: "guides[0]: duplicate id \"a\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "title", "parent": "titel2"}]"#), line: 1, column: 122,
            fragment: "parent \"titel2\" is not a view of the document"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "parent": "g"}], "guides": [{"id": "g"}]"#), line: 1,
            column: 118, fragment: "parent \"g\" is a layout guide"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "parent": "a"}]"#), line: 1, column: 118,
            fragment: "the parents form a cycle: a → a"),
        Bad(text: DocumentTests.document(#""views": [{"id": "x", "parent": "c"}, {"id": "a", "parent": "b"}, {"id": "b", "parent": "c"}, {"id": "c", "parent": "a"}]"#),
            line: 1, column: 202, fragment: "views[3] (id \"c\"): the parents form a cycle: c → a → b → c"),
        Bad(text: DocumentTests.document(#""guides": [{"id": "g", "owner": "nobody"}]"#), line: 1, column: 118,
            fragment: "guides[0] (id \"g\"): owner \"nobody\" is not a view"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a-b"}]"#), line: 1, column: 103, fragment: "invalid id \"a-b\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "1a"}]"#), line: 1, column: 103, fragment: "invalid id"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a..b"}]"#), line: 1, column: 103, fragment: "invalid id"),
        Bad(text: DocumentTests.document(#""views": [{"id": ""}]"#), line: 1, column: 103, fragment: "invalid id"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a.superview"}]"#), line: 1, column: 103,
            fragment: "may not end with .superview"),
        Bad(text: DocumentTests.document(#""views": [{"id": 7}]"#), line: 1, column: 103, fragment: "id must be a string"),
    ]
    static let badFieldsAndConstraints: [Bad] = [
        // Views of one or two fields: a plain view's shortcut leaves every mistake to the full route.
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "parent": 7}]"#), line: 1, column: 118,
            fragment: "views[0] (id \"a\"): parent must be the id of a view, found a number"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "parent": null}]"#), line: 1, column: 118,
            fragment: "parent must be the id of a view, found null"),
        Bad(text: DocumentTests.document(#""views": [{"parent": "root"}]"#), line: 1, column: 96,
            fragment: "views[0]: missing field \"id\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "id2": "b"}]"#), line: 1, column: 108,
            fragment: "views[0] (id \"a\"): unknown field \"id2\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "intrinsicSize": {"width": -1}}]"#), line: 1,
            column: 135, fragment: "intrinsicSize.width must be between 0 and 1e6"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "intrinsicSize": [1, 2]}]"#), line: 1, column: 125,
            fragment: "intrinsicSize must be an object"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "hugging": 0}]"#), line: 1, column: 119,
            fragment: "hugging priority 0 is outside 1...1000"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "compression": {"vertical": 1e9}}]"#), line: 1,
            column: 136, fragment: "compression.vertical priority 1000000000 is outside 1...1000"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "margins": "wide"}]"#), line: 1, column: 119,
            fragment: "margins must be a number or an object"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "safeArea": {"top": 1e7}}]"#), line: 1, column: 128,
            fragment: "safeArea.top must be between -1e6 and 1e6"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "direction": "up"}]"#), line: 1, column: 121,
            fragment: "direction must be"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "marginsFromSafeArea": 1}]"#), line: 1, column: 131,
            fragment: "marginsFromSafeArea must be true or false"),
        Bad(text: DocumentTests.document(#""constraints": [42]"#), line: 1, column: 102,
            fragment: "constraints[0] must be a string"),
        Bad(text: DocumentTests.document(#""constraints": [{"label": "x"}]"#), line: 1, column: 102,
            fragment: "needs a \"constraint\" string"),
        Bad(text: DocumentTests.document(#""views": [{"id": "avatar"}, {"id": "title"}], "constraints": ["title~.leading == avatr~.trailing + 8"]"#),
            line: 1, column: 167, fragment: "constraints[0] \"title~.leading == avatr~.trailing + 8\", column 19: unknown item \"avatr\"; did you mean \"avatar\"?"),
        Bad(text: DocumentTests.document("\"views\": [{\"id\": \"a\"}],\n \"constraints\": [\n   \"a~.width = 10\"]"), line: 3,
            column: 14, fragment: "column 10: a single = is not a relation"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": [{"constraint": "a~.width == b~"}]"#),
            line: 1, column: 154, fragment: "unknown item \"b\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": ["a~.width == \u00e9\u00e9 + b~"]"#),
            line: 1, column: 139, fragment: "column 13: unexpected character U+E9"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": ["\u0061~.width == b~"]"#),
            line: 1, column: 144, fragment: "column 13: unknown item \"b\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": ["a~.width ==\n\t q~"]"#), line: 1,
            column: 143, fragment: "constraints[0] \"a~.width ==   q~\", column 15: unknown item \"q\""),
        Bad(text: DocumentTests.document(#""views": [{"id": "a", "parent": "x\ny"}]"#), line: 1,
            column: 118, fragment: "parent \"x y\" is not a view"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": ["root~.left == 10"]"#), line: 1,
            column: 127, fragment: "root has none"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": ["a~.edges == root~.width.height"]"#),
            line: 1, column: 127, fragment: "cannot pair the left attributes"),
        Bad(text: DocumentTests.document(#""views": [{"id": "a"}], "constraints": [{"constraint": "a~.width == 1 ~~ \"x\"", "label": "y"}]"#),
            line: 1, column: 142, fragment: "the label is given twice"),
    ]

    @Test("Bad documents name the entry, its line and its column", arguments: badDocuments)
    func bad(_ bad: Bad) {
        guard let error = Self.failure(bad.text) else {
            Issue.record("parsed without error")
            return
        }
        #expect(error.message.contains(bad.fragment), "\(error)")
        #expect(error.line == bad.line, "\(error)")
        #expect(error.column == bad.column, "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test("Hostile documents are refused or laid out, never crashed on")
    func hostile() throws {
        // Deep JSON nesting.
        #expect(Self.failure(String(repeating: "[", count: 100_000))?.message.contains("nesting deeper") == true)
        #expect(Self.failure(Self.document(#""views": ["# + String(repeating: "{\"a\": ", count: 70) + "1"
            + String(repeating: "}", count: 70) + "]")) != nil)
        // Huge and tiny numbers.
        #expect(Self.failure(Self.document(#""views": [{"id": "a", "intrinsicSize": {"width": 1e309}}]"#)) != nil)
        #expect(Self.failure(Self.document(#""views": [{"id": "a"}], "constraints": ["a~.width == 1e999"]"#))?
            .message.contains("too large") == true)
        // A constraint the engine cannot take after folding: an input error at layout time.
        let overflow = try LayoutDocument.parse(Self.document(
            #""views": [{"id": "a"}], "constraints": ["a~.width == 1000000 * 1000000 * 1000000"]"#))
        #expect(throws: LayoutDocumentError.self) { try overflow.makeLayout().layout() }
        do {
            _ = try overflow.makeLayout().layout()
        } catch {
            #expect(error.message.contains("constraints[0]"))
            #expect(error.line == 1)
        }
        // A long chain of parents, each the child of the previous: laid out and drawn.
        let depth = 1_000
        var views = ["{\"id\": \"v0\"}"]
        var constraints = ["\"v0~.edges == root~\""]
        for index in 1..<depth {
            views.append("{\"id\": \"v\(index)\", \"parent\": \"v\(index - 1)\"}")
            constraints.append("\"v\(index)~.edges == v\(index - 1)~ + EdgeInsets(0.05)\"")
        }
        let chain = try LayoutDocument.parse(Self.document(
            "\"views\": [\(views.joined(separator: ","))], \"constraints\": [\(constraints.joined(separator: ","))]"))
        let result = try chain.makeLayout().layout()
        #expect(result.isSatisfiable)
        let last = try #require(result.snapshot?.entry(forID: "v\(depth - 1)"))
        #expect(last.depth == depth)
        let picture = LayoutPicture(result: result)
        #expect(!ASCIIRenderer(columns: 40).render(picture).isEmpty)
        #expect(SVGRenderer().render([picture]).hasSuffix("</svg>\n"))
        #expect(FrameTable.render(result).contains("v\(depth - 1)"))
        // A long cycle of parents.
        var cycle: [String] = []
        for index in 0..<2_000 { cycle.append("{\"id\": \"c\(index)\", \"parent\": \"c\((index + 1) % 2_000)\"}") }
        #expect(Self.failure(Self.document("\"views\": [\(cycle.joined(separator: ","))]"))?.message
            .contains("the parents form a cycle") == true)
        // Too many items.
        let many = (0...LayoutDocument.maximumItems).map { "{\"id\": \"m\($0)\"}" }.joined(separator: ",")
        #expect(Self.failure(Self.document("\"views\": [\(many)]"))?.message.contains("too many views") == true)
        // Strings: long, deeply parenthesised, control characters, invalid escapes in labels.
        let long = String(repeating: "(", count: 50_000)
        #expect(Self.failure(Self.document(#""views": [{"id": "a"}], "constraints": ["a~.width == "# + long + "\"]"))?
            .message.contains("longer than 2000") == true)
        #expect(Self.failure(Self.document(#""views": [{"id": "a"}], "constraints": ["a~.width == 1\u0000"]"#)) != nil)
        #expect(Self.failure(Self.document(#""views": [{"id": "a"}], "constraints": ["a~.width == 1 ~~ \"a\\nb\""]"#)) != nil)
        // Views that nothing constrains still lay out (the solver picks frames).
        let loose = try LayoutDocument.parse(Self.document(#""views": [{"id": "a"}, {"id": "b", "parent": "a"}]"#))
        #expect(try loose.makeLayout().layout().snapshot != nil)
    }

    @Test("A conflict is reported with its members, and the layout is relaxed to draw it")
    func conflict() throws {
        let text = """
            {"format": "layout-document/1",
             "root": {"id": "root", "width": 320, "height": 200},
             "views": [{"id": "card"}, {"id": "title", "parent": "card"}, {"id": "other"}],
             "constraints": [
               "card~.edges == root~ + EdgeInsets(16)",
               "title~.top.leading.height == card~",
               {"constraint": "title~.width == 400", "label": "too wide"},
               "title~.trailing <= card~.trailing",
               "other~.edges == EdgeInsets(1)"
             ]}
            """
        let layout = try LayoutDocument.parse(text, name: "conflict.json").makeLayout()
        let result = try layout.layout()
        #expect(!result.isSatisfiable)
        let conflict = try #require(result.conflicts.first)
        let indices = conflict.compactMap(\.constraintIndex)
        #expect(indices == indices.sorted())
        #expect(Set(indices).isSuperset(of: [2, 3]))
        #expect(conflict.contains { $0.text.contains("too wide: title.width == 400 (conflict.json:7)") })
        #expect(conflict.first { $0.constraintIndex == 2 }?.line == 7)
        #expect(Set(result.conflictingItems).isSuperset(of: ["title", "card"]))
        #expect(!result.conflictingItems.contains("other"))
        // One recovery policy: only the entry written last (3, title.trailing) is relaxed.
        #expect(result.relaxedEntries == [3])
        let summary: String = result.conflictSummary ?? ""
        #expect(summary.hasPrefix("unsatisfiable: \(conflict.count) required constraints"))
        let snapshot = try #require(result.snapshot)
        expectFrame(snapshot[id: "other"], 1, 1, 318, 198)
        // Priorities are restored: the same conflict again.
        #expect(layout.groups[2].constraints[0].priority == .required)
        let again = try layout.layout()
        #expect(again.conflicts.first?.map(\.text) == conflict.map(\.text))

        let picture = LayoutPicture(result: result)
        #expect(picture.boxes.first { $0.name == "title" }?.mark == .conflict)
        #expect(picture.boxes.first { $0.name == "other" }?.mark == nil)
        #expect(picture.notes.contains { $0.contains("constraints[2]: too wide") })

        let json = result.json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "unsatisfiable")
        let firstConflict: [Any]? = (object["conflicts"] as? [[Any]])?.first
        let firstCount: Int? = firstConflict?.count
        #expect(firstCount == conflict.count)
        #expect((object["relaxed"] as? [Int]) == [3])
    }

    @Test("A conflict with a required content size relaxes the view's priority")
    func implicitConflict() throws {
        let text = Self.document(#"""
            "views": [{"id": "label", "intrinsicSize": {"width": 200, "height": 20}, "compression": 1000}],
            "constraints": ["label~.width == 100", "label~.top.left == 0", "label~.height == 20"]
            """#)
        let layout = try LayoutDocument.parse(text).makeLayout()
        let result = try layout.layout()
        let members = try #require(result.conflicts.first)
        #expect(members.contains { $0.isImplicit && $0.items == ["label"] && $0.constraintIndex == nil })
        #expect(members.last?.isImplicit == true)
        #expect(result.snapshot != nil)
        #expect((layout.item(id: "label") as? View)?.contentCompressionResistancePriority(for: .horizontal) == .required)
        #expect(result.conflictSummary?.contains("compression resistance") == true)
    }

    @Test("The result as JSON and as a table")
    func outputs() throws {
        let text = Self.document(#""views": [{"id": "a"}, {"id": "b", "parent": "a"}], "guides": [{"id": "g"}], "constraints": ["a~.edges == root~ + EdgeInsets(10)", "b~.edges == a~ + EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)", "g~.edges == root~"]"#)
        let result = try LayoutDocument.parse(text, name: "t.json").makeLayout().layout()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        #expect(object["status"] as? String == "satisfied")
        #expect(object["document"] as? String == "t.json")
        let items = try #require(object["items"] as? [[String: Any]])
        let ids: [String?] = items.map { $0["id"] as? String }
        #expect(ids == ["root", "g", "a", "b"])
        let b = try #require(items.last)
        #expect(b["parent"] as? String == "a")
        #expect(b["depth"] as? Int == 2)
        #expect((b["frame"] as? [String: Double]) == ["x": 6, "y": 5, "width": 286, "height": 168])
        #expect((b["frameInRoot"] as? [String: Double]) == ["x": 16, "y": 15, "width": 286, "height": 168])
        #expect((object["conflicts"] as? [Any])?.isEmpty == true)
        #expect(result.ambiguity == nil && result.ambiguousItems == nil)
        #expect(object["ambiguous"] == nil)      // not computed: no key, rather than an empty list

        #expect(FrameTable.render(result) == """
            item   kind         x        y    width   height
            root   view         0        0      320      200
              g    guide        0        0      320      200
              a    view        10       10      300      180
                b  view         6        5      286      168

            """)
    }

    @Test("The demo document parses and lays out at both sizes: header above the feed on a phone, beside it on a tablet")
    func demo() throws {
        let document = try DemoScreen.document()
        #expect(document.name == "demo.json")
        #expect(document.layoutSets.count == 1 && document.views.contains { $0.stack != nil })
        for size in DemoScreen.sizes {
            let result = try document.makeLayout(width: size.width, height: size.height).layout(reportingAmbiguity: true)
            #expect(result.isSatisfiable)
            #expect(result.ambiguousItems == [])
            let snapshot = try #require(result.snapshot)
            #expect(snapshot.entries.allSatisfy { $0.frame.minX.isFinite && $0.frame.width >= 0 && $0.frame.height >= 0 })
            let header = try #require(snapshot.entry(forID: "header")?.frameInRoot)
            let feed = try #require(snapshot.entry(forID: "feed")?.frameInRoot)
            let isPhone = size.width < 600
            // The layout set: the header spans the phone above the feed; on a tablet it is a 320-point
            // sidebar with the feed (at most 600 wide) beside it.
            #expect(approx(header.width, isPhone ? size.width : 320))
            if isPhone {
                #expect(feed.minY >= header.maxY && approx(feed.width, size.width - 32) && approx(feed.midX, size.width / 2))
            } else {
                #expect(feed.minX >= header.maxX && approx(feed.width, min(600, size.width - 352)))
            }
            // The cover keeps 4:1 up to 140 points.
            let cover = try #require(snapshot[id: "cover"])
            #expect(approx(cover.height, min(header.width / 4, 140)))
            // The bio wraps (the text model: 1.2 × 13 points a line) across the header less its margins.
            let bio = try #require(snapshot[id: "bio"])
            #expect(approx(bio.width, header.width - 32) && bio.height >= 2 * 15.6 - 1e-9)
            // The stat tiles share the row equally (a fillEqually stack).
            let tiles = try ["posts", "followers", "following"].map { try #require(snapshot[id: $0]) }
            #expect(tiles.allSatisfy { approx($0.width, tiles[0].width) && approx($0.height, 44) })
            // The cells grow with their wrapped subtitles and stay above the tab bar.
            let tabBar = try #require(snapshot[id: "tabBar"])
            #expect(approx(tabBar.maxY, size.height - 34))
            let lastCell = try #require(snapshot.entry(forID: "cell3")?.frameInRoot)
            #expect(lastCell.maxY <= tabBar.minY)
            let subtitle = try #require(snapshot.entry(forID: "cell1.subtitle")?.frameInRoot)
            #expect(subtitle.height >= 2 * 15.6 - 1e-9)
            #expect(try #require(snapshot.entry(forID: "cell1")?.frameInRoot).maxY >= subtitle.maxY + 12 - 1e-9)
        }
    }

    /// A card with a badge free to slide along it (left undetermined in [16, 264] in the root), a
    /// guide with an open height, and a determined title. Views before guides in the document,
    /// the guide before the card in the layout's order.
    static let ambiguous = document(#"""
        "views": [{"id": "card"}, {"id": "badge", "parent": "card"},
                  {"id": "title", "parent": "card", "intrinsicSize": {"width": 120, "height": 20}}],
        "guides": [{"id": "g"}],
        "constraints": ["card~.edges == root~ + EdgeInsets(16)",
                        "badge~.size == Size(width: 40, height: 20)", "badge~.top == card~.top + 8",
                        "badge~.leading >= card~.leading", "badge~.trailing <= card~.trailing",
                        "title~.center == card~", "g~.top.left == 0", "g~.width == 10", "g~.height >= 5"]
        """#)

    @Test("Ambiguity on request: the ambiguous items in document order, their attributes and ranges relative to the root")
    func ambiguity() throws {
        let layout = try LayoutDocument.parse(Self.ambiguous, name: "a.json").makeLayout()
        let plain = try layout.layout()
        #expect(plain.ambiguity == nil)
        #expect(plain.ambiguousItems == nil)

        let result = try layout.layout(reportingAmbiguity: true)
        #expect(result.isSatisfiable)
        let snapshot = try #require(result.snapshot)
        let entryNames: [String] = snapshot.entries.map(\.name)
        #expect(entryNames == ["root", "g", "card", "badge", "title"])
        #expect(result.ambiguousItems == ["badge", "g"])       // document order: views, then guides
        let ambiguity = try #require(result.ambiguity)
        let badge = try #require(ambiguity.first?.attributes)
        #expect(badge.map(\.subject.attribute) == [.left])
        let left = try #require(snapshot.entry(forID: "badge")?.frameInRoot.minX)
        #expect(approx(badge[0].minimum, 16) && approx(badge[0].maximum, 264) && approx(badge[0].value, left))
        let guide = try #require(ambiguity.last?.attributes)
        let guideAttributes: [LayoutAttribute] = guide.map(\.subject.attribute)
        #expect(guideAttributes == [.height])
        #expect(approx(guide[0].minimum, 5) && guide[0].maximum == .infinity && approx(guide[0].value, 5))

        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        let items = try #require(object["ambiguous"] as? [[String: Any]])
        let itemNames: [String?] = items.map { $0["item"] as? String }
        #expect(itemNames == ["badge", "g"])
        let badgeJSON = try #require((items[0]["attributes"] as? [[String: Any]])?.first)
        #expect(badgeJSON["attribute"] as? String == "left")
        #expect(badgeJSON["min"] as? Double == 16 && badgeJSON["max"] as? Double == 264)
        #expect(approx(try #require(badgeJSON["value"] as? Double), left))
        let guideJSON = try #require((items[1]["attributes"] as? [[String: Any]])?.first)
        #expect(guideJSON["attribute"] as? String == "height")
        #expect(guideJSON["min"] as? Double == 5 && guideJSON["max"] is NSNull)

        let table = FrameTable.render(result)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("    badge ") && $0.hasSuffix("  ambiguous") })
        #expect(lines.contains { $0.hasPrefix("  g ") && $0.hasSuffix("  ambiguous") })
        let ambiguousLines: Int = lines.filter { $0.hasSuffix("  ambiguous") }.count
        #expect(ambiguousLines == 2)
        #expect(lines.contains("  badge: left = \(NumberFormat.text(left, decimals: 6)) in [16, 264]"))
        #expect(lines.last == "  g: height = 5 in [5, ∞)")

        let picture = LayoutPicture(result: result)
        let ambiguousNames: [String] = picture.boxes.filter { $0.mark == .ambiguous }.map(\.name)
        #expect(ambiguousNames == ["g", "badge"])
        #expect(picture.ambiguityNotes.count == 3)
        #expect(LayoutPicture(result: plain).ambiguityNotes.isEmpty)
    }

    @Test("Ambiguity on request for a determined layout is an empty list; with a conflict, of the relaxed layout")
    func ambiguityDeterminedAndConflicting() throws {
        let determined = Self.document(#""views": [{"id": "a"}], "constraints": ["a~.edges == root~ + EdgeInsets(10)"]"#)
        let result = try LayoutDocument.parse(determined).makeLayout().layout(reportingAmbiguity: true)
        #expect(result.ambiguity == [])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        #expect((object["ambiguous"] as? [Any])?.isEmpty == true)
        #expect(FrameTable.render(result).hasSuffix("no ambiguity: every frame is determined\n"))
        #expect(!FrameTable.render(result).contains("  ambiguous"))

        let conflicting = Self.document(#"""
            "views": [{"id": "card"}, {"id": "b"}],
            "constraints": ["card~.edges == root~ + EdgeInsets(16)", "card~.width == 400", "b~.width == 10"]
            """#)
        let layout = try LayoutDocument.parse(conflicting).makeLayout()
        let relaxed = try layout.layout(reportingAmbiguity: true)
        #expect(!relaxed.isSatisfiable)
        #expect(relaxed.ambiguousItems == ["b"])      // card is determined once its constraints are ranked
        #expect(relaxed.ambiguity?.first?.attributes.map(\.subject.attribute) == [.left, .top, .height])
        // The priorities are restored afterwards: the conflict is still there.
        #expect(try layout.layout().conflicts == relaxed.conflicts)
    }
}
