import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI

/// The breaks between ``WidthPieces``' pieces are where the layout changes shape: the page shows
/// `trellis layout --width`'s frames on both sides of each, however close.
@Suite("Width pieces: breaks at the layout's own breakpoints")
struct WidthPiecesBreakTests {
    @Test("the demo's page at 322.87: exact there and the frames trellis layout --width 322.87 gives (a sampled stretch showed 323's)")
    func demoAt322_87() throws {
        let document = try DemoScreen.document()
        let pieces = try WidthPieces(document: document, range: DemoScreen.widthRange)
        // Text re-wraps between 322 and 326 (cell titles and the navigation title): before, the
        // page sampled 323, 324, 325 and showed 323's layout at 322.87 (a title 199 wide, not 198.87).
        for width in [322.75, 322.87, 323] {
            #expect(pieces.isExact(atWidth: width), "\(width)")
            try WidthPiecesTests.expectDirect(pieces, document, width: width, name: "demo.json")
        }
        // A sampled stretch left after an exact piece starts at the break, with a layout computed
        // just past it (before, it started at a halving point and its first layout was the next integer's).
        for (before, after) in zip(pieces.pieces, pieces.pieces.dropFirst()) {
            guard case .exact = before, case .sampled(let lower, _, let samples) = after else { continue }
            #expect((samples.first?.width ?? .infinity) - lower <= 2 * WidthPieces.breakPrecision, "sampled from \(lower)")
        }
        // No stretch is left sampled: two breaks half a point apart (604.28 and 604.65) get the short
        // piece between them, and a piece fitted from just past its break is not thrown off by the
        // millionth of a point the break is known to (956.35, 990.23, 991.44 and 1021.95 were sampled).
        let sampled = pieces.pieces.filter { if case .sampled = $0 { return true } else { return false } }
        #expect(sampled.isEmpty, "sampled: \(sampled.map { "\($0.lower)...\($0.upper)" })")
    }

    @Test("at each break, fresh layouts a millionth of a point short of it and just past it are the pieces' frames")
    func breaksAreTight() throws {
        let document = try DemoScreen.document()
        let range = 320.0...420.0
        let pieces = try WidthPieces(document: document, range: range)
        #expect(pieces.pieces.count > 2)
        for (before, after) in zip(pieces.pieces, pieces.pieces.dropFirst()) {
            #expect(before.upper == after.lower)
            guard case .exact = before, case .exact = after else { continue }
            // The last width found on the left piece's line is its end: the left piece holds there.
            try WidthPiecesTests.expectDirect(pieces, document, width: before.upper, name: "demo.json")
            // Past the break by more than the precision, the next piece holds.
            try WidthPiecesTests.expectDirect(pieces, document, width: after.lower + 2 * WidthPieces.breakPrecision,
                                              name: "demo.json")
            // And the break is real: just past it the left piece's line no longer gives the layout.
            let past = after.lower + 2 * WidthPieces.breakPrecision
            let fresh = try #require(try WidthPieces(document: document, range: past...past).frames(atWidth: past))
            guard case .exact(_, _, let offset, let slope, let marks, let notes) = before else { continue }
            let onLine = fresh.marks == marks && fresh.notes == notes && fresh.values.indices.allSatisfy {
                abs(fresh.values[$0] - (offset[$0] + slope[$0] * past)) <= WidthPieces.tolerance
            }
            #expect(!onLine, "no break at \(before.upper)")
        }
    }
}
