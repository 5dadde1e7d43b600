import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI

/// The terminal pictures: golden pictures for the demo and a conflict, and the drawing rules on
/// small hand-made pictures. The goldens live in `Golden/*.swift` as string constants; run with
/// `TRELLIS_UPDATE_GOLDEN=1` to rewrite them (then rebuild).
@Suite("Terminal pictures")
struct DocumentASCIITests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Compares `text` with the golden constant `GoldenPictures.<name>` (or rewrites its file when asked to).
    static func expectGolden(_ text: String, _ golden: String, name: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["TRELLIS_UPDATE_GOLDEN"] == "1" {
            let file = name.prefix(1).uppercased() + name.dropFirst() + ".swift"
            let source = "// Golden terminal picture checked by DocumentASCIITests; rewritten by\n"
                + "// `TRELLIS_UPDATE_GOLDEN=1 swift test --filter DocumentASCIITests` (rebuild to use it).\n"
                + "extension GoldenPictures {\n    static let \(name) = ##\"\"\"\n\(text)\"\"\"##\n}\n"
            try Data(source.utf8).write(to: goldenDirectory.appendingPathComponent(file))
            return
        }
        #expect(text == golden + "\n", "differs from GoldenPictures.\(name); rerun with TRELLIS_UPDATE_GOLDEN=1 to accept",
                sourceLocation: sourceLocation)
    }

    static let conflictDocument = """
        {"format": "layout-document/1",
         "root": {"id": "root", "width": 320, "height": 200},
         "views": [{"id": "card"}, {"id": "title", "parent": "card", "intrinsicSize": {"width": 120, "height": 20}},
                   {"id": "badge", "parent": "card"}, {"id": "footer"}],
         "constraints": [
           "card~.top.leading.trailing == root~ + EdgeInsets(16)",
           "card~.height == 120",
           "title~.top.leading == card~ + 12",
           "badge~.size == Size(width: 40, height: 40)",
           "badge~.top.trailing == card~ + EdgeInsets(top: 12, left: 0, bottom: 0, right: 12)",
           {"constraint": "title~.width == 300", "label": "too wide"},
           "title~.trailing <= badge~.leading - 8",
           "footer~.top == card~.bottom + 8",
           "footer~.leading.trailing.bottom == root~ + EdgeInsets(16)"
         ]}
        """

    @Test("The demo at 80 columns (phone) and 60 columns (tablet)")
    func demo() throws {
        let document = try DemoScreen.document()
        let phone = try document.makeLayout(width: 390, height: 844).layout()
        try Self.expectGolden(ASCIIRenderer(columns: 80).render(LayoutPicture(result: phone)), GoldenPictures.demoPhone80,
                               name: "demoPhone80")
        let tablet = try document.makeLayout(width: 768, height: 1024).layout()
        try Self.expectGolden(ASCIIRenderer(columns: 60).render(LayoutPicture(result: tablet)), GoldenPictures.demoTablet60,
                               name: "demoTablet60")
    }

    @Test("A conflict: outlined with #, listed under the picture")
    func conflict() throws {
        let result = try LayoutDocument.parse(Self.conflictDocument, name: "conflict.json").makeLayout().layout()
        #expect(!result.isSatisfiable)
        let text = ASCIIRenderer(columns: 48).render(LayoutPicture(result: result))
        try Self.expectGolden(text, GoldenPictures.conflict48, name: "conflict48")
        #expect(text.contains("# conflicting"))
        #expect(text.contains("constraints[5]: too wide: title.width == 300 (conflict.json:11)"))
    }

    @Test("Boxes, labels and marks on a hand-made picture")
    func handMade() {
        let picture = LayoutPicture(title: "t", size: Size(width: 200, height: 100), boxes: [
            .init(name: "root", depth: 0, frame: Rect(x: 0, y: 0, width: 200, height: 100)),
            .init(name: "a", depth: 1, frame: Rect(x: 10, y: 10, width: 80, height: 40), mark: .conflict),
            .init(name: "b", depth: 1, frame: Rect(x: 110, y: 10, width: 80, height: 40), mark: .ambiguous),
            .init(name: "g", depth: 1, isGuide: true, frame: Rect(x: 0, y: 0, width: 200, height: 100)),
        ], notes: ["a note"], ambiguityNotes: ["ambiguous: b"])
        let text = ASCIIRenderer(columns: 21).render(picture)
        #expect(text == """
            t  (1 column ≈ 10 pt)
            +-------------------+
            |######### +.......+|
            |#a 80x40# :?b     :|
            |######### +.......+|
            |root 200x100       |
            +-------------------+
            # conflicting   ? ambiguous (outline : and .)
            a note
            ambiguous: b

            """)
        let coloured = ASCIIRenderer(columns: 21, color: true).render(picture)
        #expect(coloured.contains("\u{1B}[31m#"))
        #expect(coloured.contains("\u{1B}[33m+.......+"))
        #expect(coloured.replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[33m", with: "")
            .replacingOccurrences(of: "\u{1B}[0m", with: "") == text)
    }

    @Test("Pictures share a scale; the widest spans the columns")
    func sharedScale() {
        func picture(_ width: Double) -> LayoutPicture {
            LayoutPicture(title: "w\(Int(width))", size: Size(width: width, height: 40),
                          boxes: [.init(name: "r", depth: 0, frame: Rect(x: 0, y: 0, width: width, height: 40))])
        }
        let text = ASCIIRenderer(columns: 41).render([picture(100), picture(200)])
        let widths = text.split(separator: "\n").filter { $0.hasPrefix("+") }.map(\.count)
        #expect(widths == [21, 21, 41, 41])
    }

    @Test("Any frame draws: off-canvas, negative, huge, NaN, degenerate; tall roots are capped")
    func robustness() {
        let odd: [Rect] = [
            Rect(x: -500, y: -500, width: 100, height: 100), Rect(x: 50, y: 20, width: -30, height: -10),
            Rect(x: 1e300, y: 0, width: 1e300, height: 5), Rect(x: .nan, y: .nan, width: .nan, height: .nan),
            Rect(x: .infinity, y: -.infinity, width: .infinity, height: 1), Rect(x: 20, y: 20, width: 0, height: 0),
            Rect(x: 10, y: 30, width: 60, height: 0), Rect(x: -10, y: -10, width: 1e9, height: 1e9),
        ]
        let boxes = [LayoutPicture.Box(name: "root", depth: 0, frame: Rect(x: 0, y: 0, width: 100, height: 60))]
            + odd.enumerated().map { LayoutPicture.Box(name: "x\($0.offset)", depth: 1, frame: $0.element) }
        let text = ASCIIRenderer(columns: 30).render(LayoutPicture(title: "odd", size: Size(width: 100, height: 60),
                                                                   boxes: boxes))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().allSatisfy { $0.count <= 30 })

        let tall = LayoutPicture(title: "tall", size: Size(width: 10, height: 1e6),
                                 boxes: [.init(name: "r", depth: 0, frame: Rect(x: 0, y: 0, width: 10, height: 1e6))])
        let rows = ASCIIRenderer(columns: 80, maximumRows: 50).render(tall).split(separator: "\n").count
        #expect(rows <= 52)
        let empty = LayoutPicture(title: "empty", size: .zero, boxes: [])
        #expect(ASCIIRenderer().render(empty).hasPrefix("empty"))
        let nan = LayoutPicture(title: "nan", size: Size(width: .nan, height: .infinity), boxes: [])
        #expect(!ASCIIRenderer().render(nan).isEmpty)
    }
}
