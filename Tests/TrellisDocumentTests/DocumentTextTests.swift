import Testing
import Trellis
import TrellisDocument

/// Text items in layout documents, measured by `Trellis`'s simple text model (the default view
/// factory): sizes follow the documented model, bubbles re-wrap at another root width, the
/// document lays out like the same screen written with the DSL, and bad text fields are errors
/// at their line and column.
@Suite("Layout documents: text items (model)")
struct DocumentTextTests {
    static let firstText = "Are we still on for dinner tonight at the usual place?"
    static let secondText = "Yes! Eight o'clock."
    static let thirdText = "Great, see you there"

    /// A chat screen: bubbles on alternating sides, each at most the root's width less 80.
    static let chat = """
        {"format": "layout-document/1",
         "root": {"id": "chat", "width": 320, "height": 600},
         "views": [
           {"id": "bubble1", "text": "\(firstText)", "font": "DejaVu Sans 10", "lines": 0, "lineBreak": "wordWrap"},
           {"id": "bubble2", "text": "\(secondText)", "font": "DejaVu Sans 10", "lines": 0, "lineBreak": "wordWrap",
            "alignment": "trailing"},
           {"id": "bubble3", "text": "\(thirdText)", "font": "DejaVu Sans 10", "lines": 0, "lineBreak": "wordWrap"}
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

    /// The same screen with the DSL: views measured by the same model, the same constraints.
    static func swiftTwin(width: Double) throws -> [String: Rect] {
        let chat = View(id: "chat")
        chat.frame = Rect(x: 0, y: 0, width: width, height: 600)
        var bubbles: [View] = []
        for (id, text) in [("bubble1", firstText), ("bubble2", secondText), ("bubble3", thirdText)] {
            let entry = LayoutDocument.TextEntry(text: text, font: "DejaVu Sans 10", lines: 0, lineBreak: "wordWrap")
            let bubble = View(id: id)
            bubble.sizeForWidth = { LayoutDocument.modelTextSize(of: entry, width: $0) }
            bubble.firstBaselineOffsetFromTop = 8
            bubble.lastBaselineOffsetFromBottom = 4
            chat.addSubview(bubble)
            bubbles.append(bubble)
        }
        let (b1, b2, b3) = (bubbles[0], bubbles[1], bubbles[2])
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
        return Dictionary(uniqueKeysWithValues: ([chat] + bubbles).map { ($0.id ?? "", $0.frame) })
    }

    static func documentFrames(width: Double) throws -> [String: Rect] {
        let document = try LayoutDocument.parse(chat, name: "chat.json")
        let result = try document.makeLayout(width: width).layout()
        #expect(result.isSatisfiable)
        let snapshot = try #require(result.snapshot)
        var frames: [String: Rect] = [:]
        for id in ["chat", "bubble1", "bubble2", "bubble3"] { frames[id] = snapshot.entry(forID: id)?.frame }
        return frames
    }

    @Test("The model: 0.6 × size per character, 1.2 × size per line, greedy word wrap, line limit")
    func model() {
        func size(_ text: String, _ width: Double, lines: Int = 0, mode: String = "wordWrap",
                  font: String = "DejaVu Sans 10") -> Size {
            LayoutDocument.modelTextSize(of: .init(text: text, font: font, lines: lines, lineBreak: mode), width: width)
        }
        // Unwrapped: 17 characters of 6 points, one 12-point line.
        #expect(size("See you at eight?", 1e7) == Size(width: 102, height: 12))
        // 10 characters a line: "See you at" / "eight?".
        #expect(size("See you at eight?", 60) == Size(width: 60, height: 24))
        #expect(size("See you at eight?", 65) == Size(width: 60, height: 24))
        // A line limit keeps the first lines.
        #expect(size("See you at eight?", 60, lines: 1) == Size(width: 60, height: 12))
        // charWrap breaks anywhere: 6 + 6 + 5 characters.
        #expect(size("See you at eight?", 36, mode: "charWrap") == Size(width: 36, height: 36))
        // A word longer than a line is cut: "abcdefgh" at 5 a line → 5 + 3.
        #expect(size("abcdefgh", 30) == Size(width: 30, height: 24))
        // clip never wraps and keeps its natural width.
        #expect(size("See you at eight?", 60, mode: "clip") == Size(width: 102, height: 12))
        // Newlines start paragraphs; the font size scales everything (20: 12-point characters).
        #expect(size("ab\nabcd", 1e7, font: "DejaVu Sans Bold 20") == Size(width: 48, height: 48))
        #expect(size("", 100) == .zero)
        #expect(LayoutDocument.TextEntry(text: "x", font: "Sans 12px").pointSize == 12)
        #expect(LayoutDocument.TextEntry(text: "x", font: "Sans").pointSize == 15)
    }

    @Test("Chat bubbles wrap by the model, and re-wrap at another root width")
    func chatWraps() throws {
        let wide = try Self.documentFrames(width: 320)
        // bubble1: at most 240 wide = 40 characters: "Are we still on for dinner tonight at" (37) / "the usual place?".
        #expect(wide["bubble1"] == Rect(x: 16, y: 16, width: 222, height: 24))
        // bubble2 fits on one line (19 characters), at the trailing side.
        #expect(wide["bubble2"] == Rect(x: 320 - 16 - 114, y: 48, width: 114, height: 12))
        let narrow = try Self.documentFrames(width: 200)
        // At most 120 wide = 20 characters: "Are we still on for" (19) / "dinner tonight at" / "the usual place?".
        #expect(narrow["bubble1"] == Rect(x: 16, y: 16, width: 114, height: 36))
        // bubble2 still fits on one line (19 of 20 characters), below the taller bubble1.
        #expect(narrow["bubble2"] == Rect(x: 200 - 16 - 114, y: 60, width: 114, height: 12))
        // bubble3: "Great, see you there" is exactly 20 characters.
        #expect(narrow["bubble3"] == Rect(x: 16, y: 80, width: 120, height: 12))
    }

    @Test("The document lays out identically to its Swift twin, at two widths")
    func swiftTwin() throws {
        for width in [320.0, 200] {
            let document = try Self.documentFrames(width: width)
            let swift = try Self.swiftTwin(width: width)
            #expect(document == swift, "at width \(width)")
            #expect(document.count == 4)
        }
    }

    @Test("Text items have baselines at 0.8 × size from the top and 0.4 × size from the bottom")
    func baselines() throws {
        let text = """
            {"format": "layout-document/1", "root": {"id": "r", "width": 300, "height": 100},
             "views": [{"id": "a", "text": "Title", "font": "DejaVu Sans 20"},
                       {"id": "b", "text": "small text here", "font": "DejaVu Sans 10", "lines": 0}],
             "constraints": ["a~.top.leading == 10", "b~.firstBaseline == a~.lastBaseline", "b~.leading == a~.trailing + 8"]}
            """
        let result = try LayoutDocument.parse(text).makeLayout().layout()
        let snapshot = try #require(result.snapshot)
        // a: top 10, one 24-point line, last baseline 8 above its bottom: y = 26; b's first baseline is 8 below its top.
        #expect(snapshot.entry(forID: "a")?.frame == Rect(x: 10, y: 10, width: 60, height: 24))
        #expect(snapshot.entry(forID: "b")?.frame.minY == 18)
    }

    @Test("Bad text fields are errors at their line and column")
    func errors() {
        func error(_ view: String) -> LayoutDocumentError? {
            let text = "{\"format\": \"layout-document/1\", \"root\": {\"id\": \"r\", \"width\": 100, \"height\": 100},\n"
                + " \"views\": [\n  \(view)\n ]}"
            do {
                _ = try LayoutDocument.parse(text)
                return nil
            } catch {
                return error
            }
        }
        let cases: [(view: String, column: Int, message: String)] = [
            (#"{"id": "a", "text": 12}"#, 23, "text must be a string, found a number"),
            (#"{"id": "a", "font": "Sans 12"}"#, 23, "font needs a \"text\" field"),
            (#"{"id": "a", "text": "x", "lines": -1}"#, 37, "lines must be a whole number"),
            (#"{"id": "a", "text": "x", "lines": 1.5}"#, 37, "lines must be a whole number"),
            (#"{"id": "a", "text": "x", "lineBreak": "wrap"}"#, 41, "lineBreak must be one of \"wordWrap\""),
            (#"{"id": "a", "text": "x", "alignment": "left"}"#, 41, "alignment must be one of \"leading\""),
            (#"{"id": "a", "text": "x", "font": ""}"#, 36, "font must be a Pango font description"),
            (#"{"id": "a", "text": "x", "intrinsicSize": {"width": 4}}"#, 45, "a text item may not have intrinsicSize"),
            (#"{"id": "a", "text": "x", "baselines": {"first": 4}}"#, 41, "a text item may not have baselines"),
        ]
        for item in cases {
            let found = error(item.view)
            #expect(found?.line == 3, "\(item.view)")
            #expect(found?.column == item.column, "\(item.view): \(String(describing: found))")
            #expect(found?.message.contains("views[0] (id \"a\")") == true, "\(String(describing: found))")
            #expect(found?.message.contains(item.message) == true, "\(String(describing: found))")
        }
    }

    @Test("A view factory that breaks the rules is an error naming the view")
    func factoryRules() throws {
        let document = try LayoutDocument.parse(Self.chat, name: "chat.json")
        let shared = View(id: "bubble1")
        #expect(throws: LayoutDocumentError.self) { _ = try document.makeLayout(makeView: { _ in shared }) }
        #expect(throws: LayoutDocumentError.self) { _ = try document.makeLayout(makeView: { _ in View(id: "other") }) }
        var made: [String] = []
        _ = try document.makeLayout(makeView: { entry in made.append(entry.id); return LayoutDocument.defaultView(for: entry) })
        #expect(made == ["bubble1", "bubble2", "bubble3"])
    }
}
