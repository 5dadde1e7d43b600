import Foundation
import Testing
@testable import TrellisLinearSystem
@testable import Trellis
@testable import TrellisDocument
@testable import TrellisCLI
import TrellisSolver

/// `trellis layout --export-system`: the lowered `linear-system/1` of a document, solved as a
/// plain weighted system, gives the layout's frames; its ids point back to the document.
@Suite("Layout documents exported as linear systems")
struct LayoutSystemExportTests {
    /// Priorities that only a strict order gets right: twenty constraints at 250 pull `bar` to
    /// 300 against one at 251 (equal weights would let the twenty win), a fractional priority
    /// beats its integer neighbour, a right-to-left item, a multiplier, a guide and margins.
    static let priorities = #"""
    {
      "format": "layout-document/1",
      "root": {"id": "root", "width": 400, "height": 300, "margins": {"left": 10, "right": 10}},
      "views": [
        {"id": "bar", "intrinsicSize": {"height": 20}},
        {"id": "box"},
        {"id": "label", "parent": "box", "intrinsicSize": {"width": 120, "height": 18}, "hugging": 251, "compression": 749},
        {"id": "rtl", "direction": "rightToLeft", "intrinsicSize": {"width": 50, "height": 10}}
      ],
      "guides": [{"id": "gap", "owner": "root"}],
      "constraints": [
        "bar~.leading == root.layoutMarginsGuide~.leading",
        "bar~.top == root~ + 8",
        "bar~.width == 100 ~~ 251",
        "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250",
        "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250",
        "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250",
        "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250",
        "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250", "bar~.width == 300 ~~ 250",
        "gap~.top == bar~.bottom",
        "gap~.height == 12",
        "gap~.leading.trailing == root~",
        "box~.top == gap~.bottom",
        "box~.leading == root~ + 20",
        "box~.width == root~.width * 0.5",
        "box~.height == box~.width / 4",
        "label~.leading == box~ + 8",
        "label~.centerY == box~",
        "label~.width == 200 ~~ 750.5",
        "label~.width == 150 ~~ 750",
        "label~.trailing <= box~ - 8",
        "rtl~.leading == root~ + 30",
        "rtl~.bottom == root~ - 10"
      ]
    }
    """#

    /// Nested views with centring, aspect ratios, baselines, an inequality that wins over
    /// content size, and a safe area.
    static let nested = #"""
    {
      "format": "layout-document/1",
      "root": {"id": "page", "width": 320, "height": 480, "safeArea": {"top": 20, "bottom": 10}},
      "views": [
        {"id": "card"},
        {"id": "icon", "parent": "card"},
        {"id": "title", "parent": "card", "intrinsicSize": {"width": 400, "height": 22}, "baselines": {"first": 17, "last": 5}},
        {"id": "detail", "parent": "card", "intrinsicSize": {"width": 90, "height": 16}, "baselines": {"first": 12, "last": 4}},
        {"id": "footer", "intrinsicSize": {"height": 44}}
      ],
      "constraints": [
        "card~.top == page.safeAreaLayoutGuide~.top + 12",
        "card~.leading.trailing == page~ + DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)",
        "icon~.size == Size(width: 40, height: 40)",
        "icon~.leading.top == card~ + 8",
        "title~.leading == icon~.trailing + 8",
        "title~.trailing <= card~ - 8",
        "title~.top == icon~",
        "detail~.firstBaseline == title~.lastBaseline + 18",
        "detail~.leading == title~",
        "card~.bottom == detail~.bottom + 8",
        "footer~.leading.trailing == page~",
        "footer~.bottom == page.safeAreaLayoutGuide~.bottom"
      ]
    }
    """#

    /// Exports `text` laid out at `width` × `height`, solves the export, and checks every item's
    /// frame against the layout's.
    func checkFrames(_ text: String, width: Double? = nil, height: Double? = nil) throws {
        let document = try LayoutDocument.parse(text, name: "test.json")
        let layout = try document.makeLayout(width: width, height: height)
        let result = try layout.layout()
        #expect(result.isSatisfiable)
        let snapshot = try #require(result.snapshot)
        let export = try LayoutSystemExport.make(layout)
        #expect(export.warnings.isEmpty, "\(export.warnings)")

        let system = try LinearSystem.parse(Array(export.json.utf8))
        let answer = try system.solve()
        #expect(answer.status == .optimal)
        let values = Dictionary(try #require(answer.solves.first).values.map { ($0.variable, $0.value) },
                                uniquingKeysWith: { a, _ in a })
        let ids = [document.root.id] + document.views.map(\.id) + document.guides.map(\.id)
        for id in ids {
            let frame = try #require(snapshot.entry(forID: id)?.frameInRoot, "\(id) is not in the layout")
            let exported = try ["left", "top", "width", "height"].map { attribute in
                try #require(values["\(id).\(attribute)"], "\(id).\(attribute) is not in the export")
            }
            let laidOut = [frame.minX, frame.minY, frame.width, frame.height]
            for (a, b) in zip(exported, laidOut) {
                #expect(abs(a - b) <= 1e-6, "\(id): exported \(exported), laid out \(laidOut)")
            }
        }
    }

    @Test("the demo at both of its sizes: solving the export gives the layout's frames")
    func demo() throws {
        for size in DemoScreen.sizes {
            try checkFrames(DemoScreen.json, width: size.width, height: size.height)
        }
    }

    @Test("strict priorities survive as weights: solving the export gives the layout's frames")
    func priorities() throws {
        try checkFrames(Self.priorities)
        // The case means what it says: the layout holds the single constraint at 251.
        let layout = try LayoutDocument.parse(Self.priorities).makeLayout()
        let snapshot = try #require(try layout.layout().snapshot)
        #expect(snapshot.entry(forID: "bar")?.frame.width == 100)
        #expect(snapshot.entry(forID: "label")?.frame.width == 184)   // 200 @750.5, capped by the box
    }

    @Test("nested views with baselines and a safe area: solving the export gives the layout's frames")
    func nested() throws {
        try checkFrames(Self.nested)
        try checkFrames(Self.nested, width: 600, height: 300)
    }

    @Test("ids name the document entry and its line, or the pass's role; priorities become ranked weights")
    func ids() throws {
        let layout = try LayoutDocument.parse(Self.nested, name: "nested.json").makeLayout()
        let export = try LayoutSystemExport.make(layout)
        let system = try LinearSystem.parse(Array(export.json.utf8))
        let ids = system.constraints.map(\.id)
        // "card~.leading.trailing == …" (entry 1, line 13 of the text above) makes two constraints.
        #expect(ids.contains("constraints[1] (line 13): card.leading == page.leading + 16"))
        #expect(ids.contains("constraints[1] (line 13): card.trailing == page.trailing - 16"))
        #expect(ids.contains("constraints[5] (line 17): title.trailing <= card.trailing - 8"))
        #expect(ids.contains("content hugging: title.width"))
        #expect(ids.contains("compression resistance: footer.height"))
        #expect(ids.contains("root frame: page.width"))
        // Document entries first, in document order; the pass's own constraints after them.
        let firstImplicit = try #require(ids.firstIndex { !$0.hasPrefix("constraints[") })
        #expect(ids[firstImplicit...].allSatisfy { !$0.hasPrefix("constraints[") })
        let entryNumbers = ids[..<firstImplicit].compactMap { Int($0.dropFirst("constraints[".count).prefix { $0 != "]" }) }
        #expect(entryNumbers == entryNumbers.sorted())
        #expect(Set(entryNumbers) == Set(0..<12))
        // Variables are item.attribute, the document's items in order.
        let firstVariables: [String] = Array(system.variables.prefix(5))
        #expect(firstVariables == ["page.left", "page.top", "page.width", "page.height", "card.left"])
        // Two soft levels here (250 and 750), 10 soft constraints: weights 1 and 100.
        let weights: [Double] = export.weights.map(\.weight)
        #expect(weights == [1, 100])
        let priorities = export.weights.map { $0.priority?.rawValue }
        #expect(priorities == [250, 750])
        let hugging = try #require(system.constraints.first { $0.id == "content hugging: title.width" })
        let compression = try #require(system.constraints.first { $0.id == "compression resistance: title.width" })
        #expect(hugging.weight == 1 && compression.weight == 100)
    }

    @Test("a conflicting document exports as written: solving it names the conflict by document line")
    func conflict() throws {
        let text = #"""
        {"format": "layout-document/1",
         "root": {"id": "root", "width": 200, "height": 100},
         "views": [{"id": "a"}],
         "constraints": ["a~.edges == root~", "a~.width == 300"]}
        """#
        let layout = try LayoutDocument.parse(text).makeLayout()
        #expect(try !layout.layout().isSatisfiable)
        let answer = try LinearSystem.parse(Array(LayoutSystemExport.make(layout).json.utf8)).solve()
        #expect(answer.status == .unsatisfiable)
        #expect(answer.conflict.contains("constraints[1] (line 4): a.width == 300"))
        #expect(answer.conflict.contains("root frame: root.width"))
    }

    @Test("more priority levels than one weighted level solves exactly: the export says so")
    func tooManyLevels() throws {
        let levels = [100, 200, 300, 400, 500, 600, 700]
        let constraints = levels.map { "\"a~.width == \($0) ~~ \($0)\"" }.joined(separator: ", ")
        let text = #"{"format": "layout-document/1", "root": {"id": "root", "width": 900, "height": 100}, "views": [{"id": "a"}], "#
            + #""constraints": ["a~.leading.top.height == root~", "# + constraints + "]}"
        let export = try LayoutSystemExport.make(try LayoutDocument.parse(text).makeLayout())
        let weights: [Double] = export.weights.map(\.weight)
        #expect(weights == [1, 10, 1e3, 1e5, 1e7, 1e9, 1e11])
        #expect(export.warnings.count == 1)
        #expect(export.warnings.first?.contains("beyond the ratio 1e9") == true)
    }

    @Test("trellis layout --export-system writes the file, the same stdout, a warning on stderr when inexact")
    func command() throws {
        let directory = try DocumentCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(DemoScreen.json.utf8).write(to: directory.appendingPathComponent("demo.json"))
        let plain = try DocumentCLITests.run(["layout", "demo.json"], in: directory)
        let exported = try DocumentCLITests.run(["layout", "demo.json", "--export-system", "demo-system.json"], in: directory)
        #expect(exported.status == 0)
        #expect(exported.stdout == plain.stdout)
        #expect(exported.stderr.isEmpty)
        let solved = try DocumentCLITests.run(["solve", "demo-system.json"], in: directory)
        #expect(solved.status == 0)
        #expect(solved.stdout.hasPrefix("{\"status\": \"optimal\""))
        #expect(solved.stdout.contains("\"navBar.top\": 44.0"))

        let levels = [100, 200, 300, 400, 500, 600, 700].map { "\"a~.width == \($0) ~~ \($0)\"" }.joined(separator: ", ")
        let text = #"{"format": "layout-document/1", "root": {"id": "root", "width": 900, "height": 100}, "views": [{"id": "a"}], "#
            + #""constraints": ["a~.leading.top.height == root~", "# + levels + "]}"
        try Data(text.utf8).write(to: directory.appendingPathComponent("levels.json"))
        let warned = try DocumentCLITests.run(["layout", "levels.json", "--export-system", "levels-system.json"], in: directory)
        #expect(warned.status == 0)
        #expect(warned.stderr.hasPrefix("trellis: levels-system.json: the 7 priority levels of 7 soft constraints need weights from 1 to 1e11, beyond the ratio 1e9"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("levels-system.json").path))

        try Data(Self.smallMultiplier.utf8).write(to: directory.appendingPathComponent("multiplier.json"))
        let differs = try DocumentCLITests.run(["layout", "multiplier.json", "--export-system", "m.json"], in: directory)
        #expect(differs.status == 0)
        #expect(differs.stderr == "trellis: m.json: solving the export gives other frames: a.width is 0.0 there, 500.0 in the layout\n")
    }

    @Test("docs/linear-system.md: the layout document's export is the block shown after it")
    func documentedExample() throws {
        let page = try String(contentsOf: DocumentCLITests.packageRoot.appendingPathComponent("docs/linear-system.md"),
                              encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        func block(after index: Int) -> (info: String, body: String, end: Int)? {
            guard let start = lines[index...].firstIndex(where: { $0.hasPrefix("```") }),
                  let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else { return nil }
            return (String(lines[start].dropFirst(3)), lines[(start + 1)..<end].joined(separator: "\n"), end)
        }
        let documentStart = try #require(lines.firstIndex(of: "```json layout-document"))
        let documentBlock = try #require(block(after: documentStart))
        let exportBlock = try #require(block(after: documentBlock.end + 1))
        #expect(exportBlock.info == "json linear-system")
        let layout = try LayoutDocument.parse(documentBlock.body, name: "bar.json").makeLayout()
        #expect(try LayoutSystemExport.make(layout).json == exportBlock.body + "\n")
        #expect(try layout.layout().snapshot?.entry(forID: "title")?.frame == Rect(x: 16, y: 12, width: 288, height: 20))
    }

    /// One constraint at 500 on a hundredth of the width against twenty at 250: the per-level
    /// weights assume coefficients near 1, so the export's optimum differs, and the check says so.
    static let smallMultiplier = #"{"format": "layout-document/1", "root": {"id": "root", "width": 900, "height": 100}, "#
        + #""views": [{"id": "a"}], "constraints": ["a~.leading.top.height == root~", "a~.width * 0.01 == 5 ~~ 500", "#
        + Array(repeating: #""a~.width == 0 ~~ 250""#, count: 20).joined(separator: ", ") + "]}"

    @Test("the export's own check: nil when solving it gives the layout's frames, else the largest difference")
    func mismatch() throws {
        let demo = try DemoScreen.document().makeLayout()
        #expect(try LayoutSystemExport.make(demo).mismatch(with: demo.layout()) == nil)
        let layout = try LayoutDocument.parse(Self.smallMultiplier).makeLayout()
        let result = try layout.layout()
        #expect(result.snapshot?.entry(forID: "a")?.frame.width == 500)
        #expect(try LayoutSystemExport.make(layout).mismatch(with: result)
                == "solving the export gives other frames: a.width is 0.0 there, 500.0 in the layout")
    }

    @Test("every example document in docs/examples: solving its export gives its frames")
    func examples() throws {
        let directory = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let layout = try LayoutDocument.parse(text, name: name).makeLayout()
            let result = try layout.layout()
            let export = try LayoutSystemExport.make(layout)
            #expect(try export.mismatch(with: result) == nil, "\(name)")
            #expect(try LinearSystem.parse(Array(export.json.utf8)).solve().status == .optimal, "\(name)")
        }
    }

    @Test("an export is the same file every time: rows in the order their layout constraints were made")
    func deterministic() throws {
        // settings.json's passes remove rows; the solver's own order then depends on hash order,
        // which differs between trees (addresses) and processes.
        let url = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples/settings.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        var exports: [String] = []
        var keep: [DocumentLayout] = []   // live trees, so that every run gets other addresses
        for _ in 0..<8 {
            let layout = try LayoutDocument.parse(text, name: "settings.json").makeLayout()
            _ = try layout.layout()
            exports.append(try LayoutSystemExport.make(layout).json)
            keep.append(layout)
        }
        #expect(Set(exports).count == 1)
        #expect(keep.count == 8)
    }
}
