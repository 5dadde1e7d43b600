import Testing
import TrellisTestSupport
import Trellis
import TrellisDocument

/// Scroll views (`"scroll"`) and frame-placed views (`"frame"`, `"autoresizing"`) in layout
/// documents: the same frames as the Swift tests, by hand.
@Suite("Layout documents: scroll views and autoresizing masks")
struct DocumentScrollAndFrameTests {
    static let text = """
        {"format": "layout-document/1", "root": {"id": "r", "width": 320, "height": 480},
         "views": [{"id": "list", "scroll": {"contentOffset": [0, 100]}},
                   {"id": "body", "parent": "list"},
                   {"id": "badge", "frame": [240, 10, 60, 20], "autoresizing": ["flexibleLeftMargin", "flexibleBottomMargin"]},
                   {"id": "caption"}],
         "constraints": ["list~ == r~ + EdgeInsets(top: 20, left: 10, bottom: 60, right: 10)",
                         "body~ == list.contentLayoutGuide~ + EdgeInsets(16)",
                         "body~.width == list.frameLayoutGuide~.width - 32",
                         "body~.height == 500",
                         "caption~.top == badge~.bottom + 4", "caption~.trailing == badge~.trailing",
                         "caption~.size == Size(width: 40, height: 10)"]}
        """

    @Test("A scroll view's content size, offset and guides; a frame-placed view resized by its mask")
    func layout() throws {
        let document = try LayoutDocument.parse(Self.text, name: "scroll.json")
        #expect(document.view(id: "list")?.scrollOffset == Point(x: 0, y: 100))
        #expect(document.view(id: "badge")?.autoresizing == [.flexibleLeftMargin, .flexibleBottomMargin])
        for width in [320.0, 400] {
            let layout = try document.makeLayout(width: width)
            let result = try layout.layout()
            #expect(result.isSatisfiable)
            let snapshot = try #require(result.snapshot)
            #expect(layout.item(id: "list") is ScrollView)
            // The snapshot is not applied to the tree: the content size is the content guide's frame's.
            expectFrame(snapshot[id: "list.contentLayoutGuide"], 0, 0, width - 20, 532)
            expectFrame(snapshot[id: "body"], 16, 16, width - 52, 500)
            expectFrame(snapshot.entry(forID: "body")?.frameInRoot, 26, -64, width - 52, 500)
            expectFrame(snapshot.entry(forID: "body")?.clipInRoot, 10, 20, width - 20, 400)
            // The left margin (240) takes all of the root's growth from 320.
            expectFrame(snapshot[id: "badge"], 240 + width - 320, 10, 60, 20)
            expectFrame(snapshot[id: "caption"], 260 + width - 320, 34, 40, 10)
            let json = result.json()
            #expect(json.contains("\"contentSize\": {\"width\": \(Int(width - 20)), \"height\": 532}"), "\(json)")
            #expect(json.contains("\"clipInRoot\""))
        }
    }

    @Test("A constraint against a frame-placed view is a conflict naming its mask")
    func conflict() throws {
        let text = Self.text.replacingOccurrences(of: "\"body~.height == 500\",", with: "\"body~.height == 500\", \"badge~.width == 70\",")
        let result = try LayoutDocument.parse(text).makeLayout().layout()
        #expect(!result.isSatisfiable)
        #expect(result.conflicts.joined().contains { $0.text.contains("autoresizing mask of badge") }, "\(result.conflicts)")
    }

    @Test("Mistakes in the new fields are errors at their place", arguments: [
        (#""scroll": 3"#, "scroll must be an object"),
        (#""scroll": {"offset": [0, 1]}"#, "unknown field \"scroll.offset\""),
        (#""scroll": {"contentOffset": [0]}"#, "[x, y]"),
        (#""frame": [0, 0, 10]"#, "[x, y, width, height]"),
        (#""frame": [0, 0, -10, 5]"#, "must not be negative"),
        (#""autoresizing": ["flexibleWidth"]"#, "autoresizing needs a frame"),
        (#""frame": [0, 0, 10, 10], "autoresizing": ["stretchy"]"#, "autoresizing options are"),
    ])
    func mistakes(field: String, message: String) {
        let text = """
            {"format": "layout-document/1", "root": {"id": "r", "width": 320, "height": 480},
             "views": [{"id": "v", \(field)}], "constraints": []}
            """
        do {
            _ = try LayoutDocument.parse(text)
            Issue.record("no error for \(field)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
            #expect(error.line == 2)
        }
    }
}
