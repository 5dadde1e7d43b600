import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI

/// The breaks of ``WidthPieces`` (where text wraps to another line count or a layout set
/// switches) are found by bisection: the pieces on either side end at the break, and fresh
/// layouts just either side of every break are the frames the pieces show there.
@Suite("Width pieces at their breaks")
struct WidthBreakTests {
    @Test("every example and the demo: fresh layouts either side of every break match the pieces; nothing is sampled")
    func eitherSideOfEveryBreak() throws {
        var breaks = 0
        for (name, document) in try WidthPiecesTests.documents() {
            let range = 320.0...1024.0
            let pieces = try WidthPieces(document: document, range: range)
            let sampled = pieces.pieces.filter { if case .sampled = $0 { return true } else { return false } }
            #expect(sampled.isEmpty, "\(name): sampled \(sampled.map { "\($0.lower)...\($0.upper)" })")
            for (a, b) in zip(pieces.pieces, pieces.pieces.dropFirst()) {
                #expect(a.upper == b.lower, "\(name)")
                let w = a.upper
                // Just either side: closer than any neighbouring break, farther than the precision.
                let delta = min(1e-5, (w - a.lower) / 4, (b.upper - w) / 4)
                #expect(delta > WidthPieces.breakPrecision * w, "\(name): pieces around \(w) too short")
                for width in [w - delta, w, w + delta] {
                    try WidthPiecesTests.expectDirect(pieces, document, width: width, name: name)
                }
                breaks += 1
            }
        }
        #expect(breaks > 5)
    }

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
