import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI
import TrellisText

/// Layout documents with text measured by Pango (`Label.documentView(for:)`): a chat screen's
/// bubbles wrap by Pango's measurements, re-wrap at another root width, and every frame equals
/// that of the same screen built in Swift with `Label`s and the DSL.
@Suite("Layout documents: text items measured by Pango")
struct DocumentLabelTests {
    static let texts = [
        ("bubble1", "Are we still on for dinner tonight at the usual place? [document label]"),
        ("bubble2", "Yes! Eight o'clock, I booked the table by the window."),
        ("bubble3", "Great, see you there"),
    ]

    static var document: String {
        let views = texts.map { id, text in
            #"{"id": "\#(id)", "text": "\#(text)", "lines": 0, "lineBreak": "wordWrap"\#(id == "bubble2" ? #", "alignment": "trailing""# : "")}"#
        }
        return """
            {"format": "layout-document/1",
             "root": {"id": "chat", "width": 390, "height": 700},
             "views": [
               \(views.joined(separator: ",\n   "))
             ],
             "constraints": [
               "bubble1~.top.leading == chat~ + 16",
               "bubble1~.trailing <= chat~.trailing - 64",
               "bubble2~.top == bubble1~.bottom + 8",
               "bubble2~.trailing == chat~.trailing - 16",
               "bubble2~.leading >= chat~.leading + 64",
               "bubble3~.top == bubble2~.bottom + 8",
               "bubble3~.leading == chat~.leading + 16",
               "bubble3~.trailing <= chat~.trailing - 64"
             ]}
            """
    }

    /// The same screen in Swift: `Label`s and the same constraints with the DSL.
    static func swiftTwin(width: Double) throws -> [String: Rect] {
        let chat = View(id: "chat")
        chat.frame = Rect(x: 0, y: 0, width: width, height: 700)
        let labels = texts.map { id, text in
            Label(id: id, text: text, numberOfLines: 0, lineBreakMode: .wordWrap,
                  textAlignment: id == "bubble2" ? .trailing : .leading)
        }
        for label in labels { chat.addSubview(label) }
        let (b1, b2, b3) = (labels[0], labels[1], labels[2])
        Tails.install(
            b1~.top.leading == chat~ + 16,
            b1~.trailing <= chat~.trailing - 64,
            b2~.top == b1~.bottom + 8,
            b2~.trailing == chat~.trailing - 16,
            b2~.leading >= chat~.leading + 64,
            b3~.top == b2~.bottom + 8,
            b3~.leading == chat~.leading + 16,
            b3~.trailing <= chat~.trailing - 64
        )
        try chat.layoutIfNeeded()
        return Dictionary(uniqueKeysWithValues: ([chat] + labels).map { ($0.id ?? "", $0.frame) })
    }

    static func documentFrames(width: Double) throws -> (frames: [String: Rect], layout: DocumentLayout) {
        let document = try LayoutDocument.parse(Self.document, name: "chat.json")
        let layout = try document.makeLayout(width: width, makeView: Label.documentView(for:))
        let result = try layout.layout()
        #expect(result.isSatisfiable)
        let snapshot = try #require(result.snapshot)
        var frames: [String: Rect] = [:]
        for id in ["chat"] + texts.map(\.0) { frames[id] = snapshot.entry(forID: id)?.frame }
        return (frames, layout)
    }

    @Test("The factory makes Labels from the document's text fields")
    func labels() throws {
        let document = try LayoutDocument.parse(Self.document, name: "chat.json")
        let layout = try document.makeLayout(makeView: Label.documentView(for:))
        let bubble2 = try #require(layout.item(id: "bubble2") as? Label)
        #expect(bubble2.text == Self.texts[1].1)
        #expect(bubble2.font == Label.defaultFont)
        #expect(bubble2.numberOfLines == 0)
        #expect(bubble2.lineBreakMode == .wordWrap)
        #expect(bubble2.textAlignment == .trailing)
        // Every name the document accepts is one TrellisText knows, and the other way round.
        #expect(Set(LayoutDocument.TextEntry.lineBreakModes) == Set(LineBreakMode.allCases.map(\.rawValue)))
        #expect(Set(LayoutDocument.TextEntry.alignments) == Set(TextAlignment.allCases.map(\.rawValue)))
        #expect(LayoutDocument.TextEntry.defaultFont == Label.defaultFont)
    }

    @Test("docs/examples/chat.json with Pango's measurements lays out as its Swift twin of Labels",
          arguments: [390.0, 250])
    func chatExample(width: Double) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/chat.json")
        let document = try LayoutDocument.parse([UInt8](Data(contentsOf: url)), name: "chat.json")
        let result = try document.makeLayout(width: width, makeView: Label.documentView(for:)).layout(reportingAmbiguity: true)
        #expect(result.isSatisfiable)
        #expect(result.ambiguity == [])
        let snapshot = try #require(result.snapshot)

        // The same screen in Swift, views made in the document's order.
        let chat = View(id: "chat")
        chat.frame = Rect(x: 0, y: 0, width: width, height: 640)
        let header = Label(id: "header", text: "Alex", font: "DejaVu Sans Bold 17", textAlignment: .center)
        let bubble1 = Label(id: "bubble1", text: "Are we still on for dinner tonight at the usual place?",
                            numberOfLines: 0, lineBreakMode: .wordWrap)
        let bubble2 = Label(id: "bubble2", text: "Yes! Eight o'clock, I booked the table by the window.",
                            numberOfLines: 0, lineBreakMode: .wordWrap, textAlignment: .trailing)
        let bubble3 = Label(id: "bubble3", text: "Great, see you there", numberOfLines: 0, lineBreakMode: .wordWrap)
        let composer = Label(id: "composer", text: "Type a message", font: "DejaVu Sans 13", lineBreakMode: .truncateTail)
        let labels = [header, bubble1, bubble2, bubble3, composer]
        for label in labels { chat.addSubview(label) }
        Tails.install(
            header~.top == 12,
            header~.centerX == chat~,
            bubble1~.top == header~.bottom + 16,
            bubble1~.leading == chat~.leading + 16,
            bubble1~.trailing <= chat~.trailing - 64,
            bubble2~.top == bubble1~.bottom + 8
        )
        Tails.install(
            bubble2~.trailing == chat~.trailing - 16,
            bubble2~.leading >= chat~.leading + 64,
            bubble3~.top == bubble2~.bottom + 8,
            bubble3~.leading == chat~.leading + 16,
            bubble3~.trailing <= chat~.trailing - 64,
            composer~.leading.trailing == chat~ + EdgeInsets(16),
            composer~.bottom == chat~.bottom - 16
        )
        try chat.layoutIfNeeded()
        let viewEntries: Int = snapshot.entries.filter { $0.kind == .view }.count
        #expect(viewEntries == labels.count + 1)
        for label in labels {
            #expect(snapshot.entry(forID: label.id ?? "")?.frame == label.frame, "\(label.id ?? "") at \(width)")
            // Sized by Pango's wrapping at the label's width.
            #expect(label.frame.height == label.measurement(forWidth: label.frame.width).size.height)
        }
    }

    @Test("Bubbles wrap by Pango at two widths, exactly as the Swift twin")
    func chatTwin() throws {
        var heights: [Double: Double] = [:]
        for width in [390.0, 240] {
            let (frames, layout) = try Self.documentFrames(width: width)
            let swift = try Self.swiftTwin(width: width)
            #expect(frames == swift, "at width \(width)")
            #expect(frames.count == 4)
            // Each bubble is as tall as Pango's text wrapped at the bubble's width.
            for (id, _) in Self.texts {
                let label = try #require(layout.item(id: id) as? Label)
                let frame = try #require(frames[id])
                #expect(frame.height == label.measurement(forWidth: frame.width).size.height, "\(id) at \(width)")
            }
            heights[width] = frames["bubble1"]?.height
        }
        // Narrower, the first bubble takes more lines.
        let wide = try #require(heights[390]), narrow = try #require(heights[240])
        #expect(narrow > wide)
    }
}
