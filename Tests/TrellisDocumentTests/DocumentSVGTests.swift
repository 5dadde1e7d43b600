import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI

/// The SVG pictures: well-formed XML, one box per item with its colour and label, marks, and a
/// real renderer accepting them.
@Suite("SVG pictures")
struct DocumentSVGTests {
    /// Parses `svg` with Foundation's XMLParser, collecting elements and their attributes.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            elements.append((elementName, attributeDict))
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            if elementName == "text" || elementName == "title" { texts.append(text) }
            text = ""
        }
    }

    static func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        return collector
    }

    static func demoPictures() throws -> [LayoutPicture] {
        let document = try DemoScreen.document()
        return try DemoScreen.sizes.map { size in
            LayoutPicture(result: try document.makeLayout(width: size.width, height: size.height).layout())
        }
    }

    @Test("The demo is well-formed SVG with a box per item and a colour per depth")
    func demo() throws {
        let pictures = try Self.demoPictures()
        let svg = SVGRenderer().render(pictures)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let xml = try Self.parse(svg)
        #expect(xml.elements.first?.name == "svg")
        let rects = xml.elements.filter { $0.name == "rect" }
        let boxes = pictures.reduce(0) { $0 + $1.boxes.count }
        #expect(rects.count == boxes + 1)   // plus the white background
        // Views are filled by depth, each depth its own colour; guides are dotted outlines.
        let viewBoxes: [LayoutPicture.Box] = pictures.flatMap(\.boxes).filter { !$0.isGuide }
        let groups = xml.elements.filter { element in
            element.name == "g" && (element.attributes["class"] ?? "").hasPrefix("view depth-")
        }
        #expect(groups.count == viewBoxes.count)
        let fills: Set<String> = Set(rects.dropFirst().compactMap { $0.attributes["fill"] }).subtracting(["none"])
        let depths: Set<Int> = Set(viewBoxes.map(\.depth))
        #expect(fills.count == depths.count)
        #expect(rects.contains { $0.attributes["stroke-dasharray"] == "1 3" })
        #expect(!svg.contains(SVGRenderer.conflictColor))
        // Labels: ids and sizes.
        #expect(xml.texts.contains("screen"))
        #expect(xml.texts.contains("390 × 844"))
        #expect(xml.texts.contains("avatar"))
        #expect(xml.texts.contains { $0.hasPrefix("cell1.title") })
        #expect(xml.texts.contains("demo.json — 390 × 844"))
        #expect(xml.texts.contains { $0.hasPrefix("avatar (view) x 16") })
        // Every number is finite.
        for rect in rects {
            for key in ["x", "y", "width", "height"] {
                let value = try #require(rect.attributes[key].flatMap(Double.init))
                #expect(value.isFinite && (key == "x" || key == "y" || value >= 0))
            }
        }
    }

    @Test("Conflicting items are outlined in red and the conflict is listed; ambiguous ones are dashed")
    func marks() throws {
        let text = """
            {"format": "layout-document/1", "root": {"id": "root", "width": 200, "height": 100},
             "views": [{"id": "a"}, {"id": "b"}],
             "constraints": ["a~.edges == root~", "a~.width == 50", "b~.edges == EdgeInsets(10)"]}
            """
        let result = try LayoutDocument.parse(text, name: "x.json").makeLayout().layout()
        let svg = SVGRenderer().render([LayoutPicture(result: result)])
        let xml = try Self.parse(svg)
        let red = xml.elements.filter { $0.name == "rect" && $0.attributes["stroke"] == SVGRenderer.conflictColor }
        #expect(red.count == 2)                  // root and a, not b
        #expect(red.allSatisfy { $0.attributes["stroke-width"] == "3" })
        #expect(xml.texts.contains { $0.contains("constraints[1]: a.width == 50 (x.json:3)") })
        #expect(xml.elements.contains { $0.attributes["class"] == "view depth-1 conflict" })

        let ambiguous = LayoutPicture(title: "t", size: Size(width: 10, height: 10), boxes: [
            .init(name: "r", depth: 0, frame: Rect(x: 0, y: 0, width: 10, height: 10), mark: .ambiguous),
        ])
        let dashed = try Self.parse(SVGRenderer().render([ambiguous]))
        #expect(dashed.elements.contains { $0.name == "rect" && $0.attributes["stroke-dasharray"] == "6 4" })

        // An ambiguous guide: one dash pattern (a second attribute would not be well-formed XML);
        // the ambiguity notes under the picture in the ambiguity colour, after the (red) notes.
        let guide = LayoutPicture(title: "t", size: Size(width: 10, height: 10), boxes: [
            .init(name: "r", depth: 0, frame: Rect(x: 0, y: 0, width: 10, height: 10)),
            .init(name: "g", depth: 1, isGuide: true, frame: Rect(x: 0, y: 0, width: 5, height: 5), mark: .ambiguous),
        ], notes: ["a conflict"], ambiguityNotes: ["  g: height = 5 in [5, ∞)"])
        let parsed = try Self.parse(SVGRenderer().render([guide]))
        let rects: [[String: String]] = parsed.elements.filter { $0.name == "rect" }.map(\.attributes)
        let outline: [String: String] = try #require(rects.first { $0["width"] == "5" })
        #expect(outline["stroke-dasharray"] == SVGRenderer.ambiguityDash)
        #expect(outline["stroke"] == SVGRenderer.ambiguityColor)
        #expect(outline["fill"] == "none")
        let texts: [[String: String]] = parsed.elements.filter { $0.name == "text" }.map(\.attributes)
        let noteColours: [String?] = texts.filter { $0["xml:space"] == "preserve" }.map { $0["fill"] }
        #expect(noteColours == [SVGRenderer.conflictColor, SVGRenderer.ambiguityColor])
        let lastTexts: [String] = Array(parsed.texts.suffix(2))
        #expect(lastTexts == ["a conflict", "  g: height = 5 in [5, ∞)"])
    }

    @Test("Text is escaped and odd frames stay well-formed")
    func escaping() throws {
        let picture = LayoutPicture(title: "<a & \"b\" 'c'>\u{01}", size: Size(width: .nan, height: 1e300), boxes: [
            .init(name: "x<y>&z", depth: -3, frame: Rect(x: .nan, y: .infinity, width: -5, height: 1e300)),
            .init(name: "\"q\"", depth: 99, isGuide: true, frame: Rect(x: 0, y: 0, width: 100, height: 100), mark: .conflict),
        ], notes: ["<note> & \"more\""])
        let svg = SVGRenderer().render([picture, picture])
        let xml = try Self.parse(svg)
        #expect(xml.texts.contains("<a & \"b\" 'c'>"))
        #expect(xml.texts.contains("<note> & \"more\""))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(try Self.parse(SVGRenderer().render([])).elements.first?.name == "svg")
    }

    @Test("trellis layout --svg draws the text items' text as Pango broke it; with --text-model, only boxes")
    func textFromTheCommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let example = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples/chat.json").path
        let out = directory.appendingPathComponent("chat.svg").path
        let run = try DocumentCLITests.run(["layout", example, "--svg", out])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        let xml = try Self.parse(svg)
        let textGroups: Int = xml.elements.filter { $0.name == "g" && $0.attributes["class"] == "text" }.count
        #expect(textGroups == 5)
        #expect(xml.texts.contains("Great, see you there"))
        #expect(xml.texts.contains { $0.hasSuffix("usual place?") })

        let model = try DocumentCLITests.run(["layout", example, "--svg", out, "--text-model"])
        #expect(model.status == 0)
        let plain = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(!plain.contains("class=\"text\"") && !plain.contains("see you there"))
    }

    static let rsvgConvert: String? = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `make test` installs rsvg-convert (Debian's librsvg2-bin) when it is missing.
    @Test("rsvg-convert renders the demo to a PNG")
    func rendersWithRsvg() throws {
        let rsvgConvert = try #require(Self.rsvgConvert, "rsvg-convert is not installed: `make test` installs librsvg2-bin")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgURL = directory.appendingPathComponent("demo.svg"), pngURL = directory.appendingPathComponent("demo.png")
        try Data(SVGRenderer().render(try Self.demoPictures()).utf8).write(to: svgURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvgConvert)
        process.arguments = [svgURL.path, "-o", pngURL.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
        let png = try Data(contentsOf: pngURL)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
    }
}
