import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI

/// ``WidthPieces`` of a document with a `displayScale`: the pieces hold the exact frames and show
/// them rounded, as `trellis layout --width` rounds them.
@Suite("Width pieces of a snapped document")
struct WidthPiecesSnappingTests {
    @Test("a snapped document's pieces hold exact frames and show them rounded as the direct layout is")
    func snappedDocument() throws {
        let document = try LayoutDocument.parse(Array(try Data(contentsOf: TerminalCellsTests.file)), name: "terminal.json")
        let pieces = try WidthPieces(document: document, range: 60...140, height: 24)
        #expect(pieces.displayScale == 1)
        #expect(pieces.pieces.count < 10, "\(pieces.pieces.count) pieces: the exact frames are affine, not stepped")
        for width in stride(from: 60.0, through: 140, by: 0.75) {
            let direct = try document.makeLayout(width: width, height: 24).layout()
            let shown = pieces.picture(atWidth: width)
            for box in shown.boxes {
                let expected = direct.snapshot?.entry(forID: box.name)?.frameInRoot
                #expect(expected == box.frame, "\(box.name) at \(width): shown \(box.frame), laid out \(String(describing: expected))")
            }
        }
    }
}
