import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI
import TrellisTestSupport

/// `trellis layout` and `trellis demo` as a user runs them: exit codes, what goes to stdout and
/// stderr, the files written.
@Suite("trellis layout and demo")
struct DocumentCLITests {
    typealias Run = TrellisExecutable.Run

    static let packageRoot = Fixture.packageRoot

    /// The `trellis` executable (``TrellisExecutable/url``).
    static var binary: URL? { TrellisExecutable.url }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    in directory: URL? = nil) throws -> Run {
        try TrellisExecutable.run(arguments, stdin: stdin, environment: environment, in: directory)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let good = """
        {"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200},
         "views": [{"id": "card"}, {"id": "title", "parent": "card", "intrinsicSize": {"width": 120, "height": 20}}],
         "constraints": ["card~.edges == root~ + EdgeInsets(16)", "title~.center == card~"]}
        """

    static let conflicting = """
        {"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200},
         "views": [{"id": "card"}],
         "constraints": ["card~.edges == root~ + EdgeInsets(16)", "card~.width == 400"]}
        """

    @Test("A good document: exit 0, the table on stdout, nothing on stderr")
    func table() throws {
        let run = try Self.run(["layout", "-"], stdin: Self.good)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("item"))
        #expect(run.stdout.contains("    title  view       84       74      120       20"))
    }

    @Test("--json, --width and --height")
    func json() throws {
        let run = try Self.run(["layout", "-", "--json", "--width", "500", "--height", "300"], stdin: Self.good)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "satisfied")
        #expect((object["root"] as? [String: Any])?["width"] as? Double == 500)
        let items = try #require(object["items"] as? [[String: Any]])
        let card = try #require(items.first { $0["id"] as? String == "card" })
        #expect((card["frame"] as? [String: Double]) == ["x": 16, "y": 16, "width": 468, "height": 268])
    }

    @Test("--ascii fits --columns, else $COLUMNS, else 80")
    func ascii() throws {
        func width(_ run: Run) -> Int {
            run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("+") }.map(\.count).max() ?? 0
        }
        let explicit = try Self.run(["layout", "-", "--ascii", "--columns", "40"], stdin: Self.good)
        #expect(explicit.status == 0)
        #expect(width(explicit) == 40)
        #expect(explicit.stdout.contains("title 120x20"))
        #expect(!explicit.stdout.contains("\u{1B}["))     // not a terminal: no colour
        let environment = try Self.run(["layout", "-", "--ascii"], stdin: Self.good, environment: ["COLUMNS": "50"])
        #expect(width(environment) == 50)
        let fallback = try Self.run(["layout", "-", "--ascii"], stdin: Self.good)
        #expect(width(fallback) == 80)
        let coloured = try Self.run(["layout", "-", "--ascii", "--color", "always"], stdin: Self.conflicting)
        #expect(coloured.stdout.contains("\u{1B}[31m#"))
    }

    @Test("--svg writes a well-formed drawing and keeps the table on stdout")
    func svg() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("card.json")
        try Data(Self.good.utf8).write(to: document)
        let output = directory.appendingPathComponent("out.svg")
        let run = try Self.run(["layout", document.path, "--svg", output.path])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("item"))
        let svg = try Data(contentsOf: output)
        #expect(XMLParser(data: svg).parse())
        #expect(String(decoding: svg, as: UTF8.self).contains("card.json — 320 × 200"))
    }

    /// A badge with only a width and a top: its left and height are undetermined.
    static let ambiguous = """
        {"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200},
         "views": [{"id": "card"}, {"id": "badge", "parent": "card"}],
         "constraints": ["card~.edges == root~ + EdgeInsets(16)", "badge~.width == 40", "badge~.top == card~.top + 8"]}
        """

    @Test("--ambiguity: the ambiguous item with its ranges in JSON, dashed in SVG, marked in the terminal and table; exit 0")
    func ambiguity() throws {
        let json = try Self.run(["layout", "-", "--json", "--ambiguity"], stdin: Self.ambiguous)
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(object["ambiguous"] as? [[String: Any]])
        #expect(items.map { $0["item"] as? String } == ["badge"])
        let attributes = try #require(items.first?["attributes"] as? [[String: Any]])
        let attributeNames: [String?] = attributes.map { $0["attribute"] as? String }
        #expect(attributeNames == ["left", "height"])
        for attribute in attributes {       // unbounded both ways: null, never a made-up number
            #expect(attribute["min"] is NSNull && attribute["max"] is NSNull)
            #expect(attribute["value"] is Double)
        }

        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("ambiguous.svg")
        let drawn = try Self.run(["layout", "-", "--ascii", "--columns", "80", "--ambiguity", "--svg", output.path],
                                 stdin: Self.ambiguous)
        #expect(drawn.status == 0)
        #expect(drawn.stdout.contains("?badge"))
        #expect(drawn.stdout.contains("? ambiguous"))
        #expect(drawn.stdout.contains("  badge: left = 0 in (-∞, ∞), height = 0 in (-∞, ∞)"))
        let xml = try DocumentSVGTests.parse(String(decoding: try Data(contentsOf: output), as: UTF8.self))
        let dashed = xml.elements.filter { $0.name == "rect" && $0.attributes["stroke-dasharray"] == SVGRenderer.ambiguityDash }
        #expect(dashed.count == 1)
        #expect(dashed.first?.attributes["width"] == "40")
        let ambiguousCount: Int = xml.elements.filter { $0.attributes["class"]?.hasSuffix(" ambiguous") == true }.count
        #expect(ambiguousCount == 1)
        #expect(xml.texts.contains { $0.hasPrefix("badge (view)") && $0.hasSuffix(", ambiguous") })

        let table = try Self.run(["layout", "-", "--ambiguity"], stdin: Self.ambiguous)
        #expect(table.status == 0)
        let tableLines: [Substring] = table.stdout.split(separator: "\n")
        #expect(tableLines.contains { $0.hasPrefix("    badge") && $0.hasSuffix("  ambiguous") })
    }

    @Test("Without --ambiguity the JSON has no ambiguous key and nothing is marked; a determined layout with it gives []")
    func noAmbiguity() throws {
        let plain = try Self.run(["layout", "-", "--json"], stdin: Self.ambiguous)
        #expect(plain.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(object["ambiguous"] == nil)
        let ascii = try Self.run(["layout", "-", "--ascii", "--columns", "40"], stdin: Self.ambiguous)
        #expect(!ascii.stdout.contains("?badge") && !ascii.stdout.contains("ambiguous"))
        let table = try Self.run(["layout", "-"], stdin: Self.ambiguous)
        #expect(!table.stdout.contains("ambiguous"))

        let determined = try Self.run(["layout", "-", "--json", "--ambiguity"], stdin: Self.good)
        #expect(determined.status == 0)
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(determined.stdout.utf8)) as? [String: Any])
        #expect((checked["ambiguous"] as? [Any])?.isEmpty == true)
    }

    @Test("Unsatisfiable: exit 2, the conflict on stdout, one summary line on stderr, pictures marked")
    func unsatisfiable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("conflict.svg")
        let run = try Self.run(["layout", "-", "--svg", output.path], stdin: Self.conflicting)
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("unsatisfiable:"))
        #expect(run.stdout.contains("constraints[1]: card.width == 400 (stdin:3)"))
        #expect(run.stdout.contains("conflict"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("trellis: unsatisfiable: "))
        #expect(String(decoding: try Data(contentsOf: output), as: UTF8.self).contains(SVGRenderer.conflictColor))

        let json = try Self.run(["layout", "-", "--json"], stdin: Self.conflicting)
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "unsatisfiable")

        let ascii = try Self.run(["layout", "-", "--ascii", "--columns", "30"], stdin: Self.conflicting)
        #expect(ascii.status == 2)
        #expect(ascii.stdout.contains("#card"))
    }

    @Test("Input errors: exit 1, one line on stderr naming the entry and its position, nothing on stdout",
          arguments: [
              ("not json", "stdin:1:1: invalid JSON"),
              (#"{"format": "layout-document/1", "root": {"id": "r", "width": 10, "height": 10}, "views": [{"id": "a"}, {"id": "a"}]}"#,
               #"stdin:1:111: views[1]: duplicate id "a""#),
              (#"{"format": "layout-document/1", "root": {"id": "r", "width": 10, "height": 10}, "views": [{"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}]}"#,
               "the parents form a cycle: a → b → a"),
              (#"{"format": "layout-document/1", "root": {"id": "r", "width": 10, "height": 10}, "views": [{"id": "avatar"}], "constraints": ["avatar~.top == avtar~.bottom"]}"#,
               #"stdin:1:142: constraints[0] "avatar~.top == avtar~.bottom", column 16: unknown item "avtar"; did you mean "avatar"?"#),
              (#"{"format": "layout-document/1", "root": {"id": "r", "width": 10, "height": 10}, "constraints": ["r~.width == 1e999"]}"#,
               "column 13: the number 1e999 is too large"),
              (#"{"format": "layout-document/1", "root": {"id": "r", "width": 1e999, "height": 10}}"#,
               "number 1e999 overflows a double"),
          ])
    func inputErrors(_ text: String, _ expected: String) throws {
        let run = try Self.run(["layout", "-"], stdin: text)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasSuffix("\n"))
        #expect(run.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2)
        #expect(run.stderr.hasPrefix("trellis: "))
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test("Files that cannot be read or written are input errors")
    func files() throws {
        let missing = try Self.run(["layout", "/nonexistent/screen.json"])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("/nonexistent/screen.json: cannot read"))
        let unwritable = try Self.run(["layout", "-", "--svg", "/nonexistent/dir/out.svg"], stdin: Self.good)
        #expect(unwritable.status == 1)
        #expect(unwritable.stdout.isEmpty)
        #expect(unwritable.stderr.contains("/nonexistent/dir/out.svg: cannot write"))
        #expect(unwritable.stderr.split(separator: "\n").count == 1)
    }

    @Test("Usage mistakes are the argument parser's (exit 64)")
    func usage() throws {
        #expect(try Self.run(["layout", "-", "--json", "--ascii"], stdin: Self.good).status == 64)
        #expect(try Self.run(["layout", "-", "--width", "-5"], stdin: Self.good).status == 64)
        #expect(try Self.run(["layout", "-", "--columns", "3"], stdin: Self.good).status == 64)
    }

    @Test("trellis demo: both layouts in the terminal, the SVG, demo.html and demo.png written")
    func demo() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // One run (the page takes a while in a debug build): the SVG elsewhere, the page and PNG by default.
        let run = try Self.run(["demo", "--columns", "60", "--svg", "pictures.svg"], in: directory)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("demo.json — phone, 390 × 844"))
        #expect(run.stdout.contains("demo.json — tablet, 768 × 1024"))
        #expect(run.stdout.contains("wrote pictures.svg"))
        #expect(run.stdout.contains("wrote demo.html: every width from 320 to 1024"))
        #expect(run.stdout.contains("wrote demo.png"))
        let svg = try Data(contentsOf: directory.appendingPathComponent("pictures.svg"))
        #expect(XMLParser(data: svg).parse())
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("demo.svg").path))
        let html = try String(contentsOf: directory.appendingPathComponent("demo.html"), encoding: .utf8)
        #expect(html.contains("id=\"trellis-data\"") && !html.contains("http:") && !html.contains("https:"))
        #expect(html.contains("id=\"width\" min=\"320\" max=\"1024\" step=\"1\" value=\"390\""))
        let png = try Data(contentsOf: directory.appendingPathComponent("demo.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)

        let printed = try Self.run(["demo", "--print-document"])
        #expect(printed.status == 0)
        #expect(printed.stdout == DemoScreen.json + "\n")
        let relayout = try Self.run(["layout", "-", "--width", "600"], stdin: printed.stdout)
        #expect(relayout.status == 0)
    }
}
