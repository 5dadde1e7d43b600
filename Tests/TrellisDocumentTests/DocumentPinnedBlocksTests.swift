import Testing
@testable import Trellis
import TrellisDocument
@testable import TrellisSolver
import TrellisTestSupport

/// Settings rows with switches, every row as wide as the list: the horizontal LP is blocks
/// joined only by the root's width, whose crash basis is far from the optimum, so its cold
/// solve starts from the blocks' optimal bases (``PinnedBlocks``). Each row then has the
/// frames it has laid out alone (a small LP, solved whole).
@Suite("Layout documents: settings rows solved from their pinned blocks")
struct DocumentPinnedBlocksTests {
    static let rows = 40

    @Test("each row of a long settings list has the frames it has alone", arguments: [375.0, 414.0, 320.0])
    func rowsMatchRowsAlone(width: Double) throws {
        let document = try LayoutDocument.parse(DocumentResizeEquivalenceTests.switches(Self.rows))
        let layout = try document.makeLayout(width: width)
        try layout.root.layoutIfNeeded()
        #expect(layout.root.engine!.diagnosticState.solver.statistics.blockStarts >= 1,
                "the list's LP started from its blocks")
        for i in 0..<Self.rows {
            let alone = try LayoutDocument.parse(DocumentResizeEquivalenceTests.switches(rows: [i])).makeLayout(width: width)
            try alone.root.layoutIfNeeded()
            for suffix in ["", ".icon", ".texts", ".title", ".sub", ".switch"] {
                let id = "r\(i)\(suffix)"
                var together = try #require(layout.item(id: id) as? View).frame
                let single = try #require(alone.item(id: id) as? View).frame
                if suffix.isEmpty { together.origin.y = single.origin.y }   // the row's place in the list
                #expect(frameMismatch([together], [single]) == nil, "\(id) at width \(width): \(together) alone \(single)")
            }
        }
    }
}
