import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI

/// `docs/examples/terminal.json` at 80 × 24 and 120 × 40 with `displayScale` 1: every box on its
/// exact cells, drawn with box-drawing characters one cell per point.
@Suite("Terminal cells")
struct TerminalCellsTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/terminal.json")

    /// The expected cells in root coordinates, worked out by hand from the document's constraints:
    /// at 80 the folder list is a third of the width (26.67 → 27 cells) and the message list 40 %
    /// of the height (9.6 → 10 rows); at 120 the folder list is a sixth (20) and the message list
    /// two sevenths (34.29, its right edge 54.29 → 54).
    static let expected: [Int: [String: Rect]] = [
        80: ["term": Rect(x: 0, y: 0, width: 80, height: 24), "status": Rect(x: 0, y: 23, width: 80, height: 1),
             "folders": Rect(x: 0, y: 0, width: 27, height: 23), "messages": Rect(x: 27, y: 0, width: 53, height: 10),
             "preview": Rect(x: 27, y: 10, width: 53, height: 13), "header": Rect(x: 27, y: 10, width: 53, height: 3)],
        120: ["term": Rect(x: 0, y: 0, width: 120, height: 40), "status": Rect(x: 0, y: 39, width: 120, height: 1),
              "folders": Rect(x: 0, y: 0, width: 20, height: 39), "messages": Rect(x: 20, y: 0, width: 34, height: 39),
              "preview": Rect(x: 54, y: 0, width: 66, height: 39), "header": Rect(x: 54, y: 0, width: 66, height: 3)],
    ]

    @Test("Frames on whole cells and boxes on exactly those cells", arguments: [(80, 24), (120, 40)])
    func cells(width: Int, height: Int) throws {
        let document = try LayoutDocument.parse(Array(try Data(contentsOf: Self.file)), name: "terminal.json")
        #expect(document.displayScale == 1)
        let result = try document.makeLayout(width: Double(width), height: Double(height)).layout()
        let snapshot = try #require(result.snapshot)
        let expected = try #require(Self.expected[width])
        for (id, rect) in expected {
            #expect(snapshot.entry(forID: id)?.frameInRoot == rect, "\(id) at \(width) × \(height)")
        }
        // The exact frames are fractional where the layout asks for it.
        if width == 80 { #expect(abs(snapshot.exact.entry(forID: "folders")!.frameInRoot.width - 80.0 / 3) < 1e-9) }

        let renderer = PictureOptions.cells(ASCIIRenderer(columns: width), for: result)
        #expect(renderer.onePointPerCell)
        let text = renderer.render(LayoutPicture(result: result))
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(height).map { Array($0) }
        #expect(rows.count == height && rows.allSatisfy { $0.count <= width })
        func cell(_ x: Int, _ y: Int) -> Character { x < rows[y].count ? rows[y][x] : " " }
        // Corners of the boxes that nothing drawn later covers, at their exact cells.
        for id in ["folders", "messages", "header"] {
            let r = expected[id]!
            let x0 = Int(r.minX), y0 = Int(r.minY), x1 = Int(r.maxX) - 1, y1 = Int(r.maxY) - 1
            #expect(cell(x0, y0) == "┌" && cell(x1, y0) == "┐" && cell(x0, y1) == "└" && cell(x1, y1) == "┘",
                    "\(id) at \(width) × \(height):\n\(text)")
            // Its edges: columns x0...x1 on its top row, rows between on its sides.
            for x in (x0 + 1)..<x1 where cell(x, y0) != "─" {
                // Only a label may sit on an edge, inside the box.
                #expect(cell(x, y0).isLetter || cell(x, y0).isNumber || " x.".contains(cell(x, y0)), "\(id) top edge at \(x)")
            }
            for y in (y0 + 1)..<y1 { #expect(cell(x0, y) == "│" && cell(x1, y) == "│", "\(id) sides at row \(y)\n\(text)") }
        }
        let preview = expected["preview"]!
        #expect(cell(Int(preview.minX), Int(preview.maxY) - 1) == "└" && cell(Int(preview.maxX) - 1, Int(preview.maxY) - 1) == "┘")
        // The status bar is one row: a line across the bottom row, no corners.
        #expect(rows[height - 1].allSatisfy { "─ ".contains($0) || $0.isLetter || $0.isNumber })
        #expect(rows[height - 1].first == "─")
    }

    @Test("Cells only with displayScale 1 and the root as wide as the columns")
    func cellsOnlyWhenExact() throws {
        var document = try LayoutDocument.parse(Array(try Data(contentsOf: Self.file)), name: "terminal.json")
        let result = try document.makeLayout().layout()
        #expect(!PictureOptions.cells(ASCIIRenderer(columns: 100), for: result).onePointPerCell)
        document.displayScale = 0
        let exact = try document.makeLayout().layout()
        #expect(!PictureOptions.cells(ASCIIRenderer(columns: 80), for: exact).onePointPerCell)
        #expect(exact.snapshot?.entry(forID: "folders")?.frameInRoot.width != 27)
    }
}
