import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Trellis
@testable import TrellisDocument
@testable import TrellisCLI
import TrellisText

/// Real text in the SVG pictures: Pango's lines of each text item (`Label.lines(forWidth:)`),
/// drawn where Pango put them, and never under a box's label.
@Suite("SVG pictures with Pango's text")
struct SVGTextTests {
    /// The lines of text drawn in each box of an SVG (`<g class="text">` inside the box's group).
    final class TextCollector: NSObject, XMLParserDelegate {
        var lines: [String: [String]] = [:]
        private var box: String?
        private var inTitle = false, inTextGroup = false, inLine = false
        private var characters = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let kind = attributeDict["class"] ?? ""
            switch elementName {
            case "g" where kind.hasPrefix("view ") || kind.hasPrefix("guide "): box = nil
            case "g" where kind == "text": inTextGroup = true
            case "title": inTitle = true
            case "text" where inTextGroup: inLine = true
            default: break
            }
            characters = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            if elementName == "title", inTitle {
                box = characters.components(separatedBy: " (").first
                inTitle = false
            } else if elementName == "text", inLine, let box {
                lines[box, default: []].append(characters)
                inLine = false
            } else if elementName == "g", inTextGroup {
                inTextGroup = false
            }
            characters = ""
        }
    }

    static func chat() throws -> (picture: LayoutPicture, labels: [String: Label]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/chat.json")
        let document = try LayoutDocument.parse(Array(try Data(contentsOf: url)), name: "chat.json")
        let layout = try document.makeLayout(makeView: Label.documentView(for:))
        let result = try layout.layout()
        var labels: [String: Label] = [:]
        for case let label as Label in layout.root.subviews { labels[label.id ?? ""] = label }
        return (TrellisCommand.Layout.picture(of: result, labelsUnder: layout.root), labels)
    }

    @Test("Label.lines(forWidth:): Pango's lines, as many as it measures, every word once, aligned")
    func lines() {
        let text = uniqueText(paragraph, "svg lines")
        let label = Label(text: text, numberOfLines: 0, lineBreakMode: .wordWrap)
        for width in [90.0, 160, 320] {
            let lines = label.lines(forWidth: width)
            let measured = label.measurement(forWidth: width)
            #expect(lines.count == measured.lineCount && lines.count > 1)
            let words: [String] = lines.flatMap { (line: TextLine) -> [String] in line.text.split(separator: " ").map(String.init) }
            let expected: [String] = text.split(separator: " ").map(String.init)
            #expect(words == expected)
            let inside: Bool = lines.allSatisfy { (line: TextLine) -> Bool in line.frame.minX >= 0 && line.frame.maxX <= width + 0.01 }
            #expect(inside)
            #expect(abs(lines[0].baseline - measured.firstBaseline) < 0.001)
            let baselines: [Double] = lines.map(\.baseline)
            let increasing: Bool = baselines == baselines.sorted() && Set(baselines).count == baselines.count
            #expect(increasing)
        }
        // Trailing alignment moves the lines, not their breaks.
        let trailing = Label(text: text, numberOfLines: 0, lineBreakMode: .wordWrap, textAlignment: .trailing)
        let right = trailing.lines(forWidth: 160)
        #expect(right.map(\.text) == label.lines(forWidth: 160).map(\.text))
        #expect(right.allSatisfy { abs($0.frame.maxX - 160) < 0.5 })
        // A shortened line shows its ellipsis; a line limit keeps only the lines shown.
        let short = Label(text: text, numberOfLines: 1, lineBreakMode: .truncateTail).lines(forWidth: 120)
        #expect(short.count == 1 && short[0].text.hasSuffix("…"))
        let paragraphs = Label(text: "one\ntwo\nthree", numberOfLines: 2, lineBreakMode: .clip).lines(forWidth: 120)
        #expect(paragraphs.map(\.text) == ["one", "two"])
        #expect(Label(text: "").lines(forWidth: 100).isEmpty)
        let face = Label(text: "x", font: "DejaVu Sans Bold 17").face
        #expect(face.family == "DejaVu Sans" && face.size == 17 && face.isBold && !face.isItalic)
    }

    @Test("The SVG of docs/examples/chat.json shows each bubble's words on Pango's lines, clear of every label")
    func chat() throws {
        let (picture, labels) = try Self.chat()
        let svg = SVGRenderer().render([picture])
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = TextCollector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML")
        for id in ["header", "bubble1", "bubble2", "bubble3", "composer"] {
            let label = try #require(labels[id])
            let box = try #require(picture.boxes.first { $0.name == id })
            let shown = collector.lines[id] ?? []
            #expect(shown.count == label.measurement(forWidth: box.frame.width).lineCount, "\(id): \(shown)")
            let words: [String] = shown.flatMap { (line: String) -> [String] in line.split(separator: " ").map(String.init) }
            let expected: [String] = label.text.split(separator: " ").map(String.init)
            #expect(words == expected, "\(id): \(shown)")
        }
        let bubbleLines: Int? = collector.lines["bubble1"]?.count
        #expect(bubbleLines == 2)

        // No box label or legend number lies on a line of text.
        let layout = SVGRenderer.layout(of: picture)
        #expect(layout.textLines.count == 7)
        for label in layout.placement.labels {
            guard let rect = label.rect else { continue }
            for line in layout.textLines {
                #expect(!LabelPlacement.intersects(rect, line), "\(layout.order[label.item].name)'s label on text at \(line)")
            }
        }
        #expect(layout.placement.labels.allSatisfy { $0.kind != .legend }, "every label found a place in the picture")
    }
}
