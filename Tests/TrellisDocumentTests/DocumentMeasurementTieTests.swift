import Foundation
import Testing
import Trellis
import TrellisDocument

/// A document whose text items lock in a tie when measured (`View.measurementTies()`): the
/// ambiguity report of `layout(reportingAmbiguity:)` and `trellis layout --ambiguity` list the tied
/// widths with their first-round ranges and a note naming the competing constraints and the fix.
/// Text is measured by the built-in model: at `DejaVu Sans 10` a character is 6 wide, a line 12 tall.
@Suite("Layout documents: measurement ties")
struct DocumentMeasurementTieTests {
    /// A wrapping title (27 characters: 162 × 12 unwrapped) and, 8 after it, a stack (spacing 4) of
    /// two truncating badges ("Layout" 36 × 12, "Ready" 30 × 12), all at compression resistance 750
    /// unless `titleCompression` says otherwise. Natural widths need 162 + 8 + 36 + 4 + 30 = 240.
    static func screen(width: Int, titleCompression: Int? = nil) -> String {
        let compression = titleCompression.map { #", "compression": {"horizontal": \#($0)}"# } ?? ""
        return """
            {"format": "layout-document/1", "root": {"id": "root", "width": \(width), "height": 100},
             "views": [
               {"id": "title", "text": "Status of the layout engine", "font": "DejaVu Sans 10", "lines": 0,
                "lineBreak": "wordWrap"\(compression)},
               {"id": "stack", "stack": {"spacing": 4, "arranged": ["badge1", "badge2"]}},
               {"id": "badge1", "parent": "stack", "text": "Layout", "font": "DejaVu Sans 10"},
               {"id": "badge2", "parent": "stack", "text": "Ready", "font": "DejaVu Sans 10"}
             ],
             "constraints": ["title~.top.leading == root~", "stack~.leading == title~.trailing + 8",
                             "stack~.top == root~.top", "stack~.trailing <= root~.trailing"]}
            """
    }

    @Test("220 wide: 20 too few, split arbitrarily between title and badge2 @750; reported with ranges and the fix")
    func tieReported() throws {
        let result = try LayoutDocument.parse(Self.screen(width: 220)).makeLayout().layout(reportingAmbiguity: true)
        let ambiguity = try #require(result.ambiguity)
        // The stack's tie-break rows (@1) keep badge1 at 36 (the last arranged view gives way first);
        // between the title and badge2, both @750, any split of the 20 was optimal.
        #expect(ambiguity.map(\.name) == ["title", "badge2"])
        // Either could give the whole 20: title in [142, 162], badge2 in [10, 30].
        let ranges = ambiguity.map { item in item.attributes.map { [$0.minimum, $0.maximum] } }
        let expectedRanges: [[[Double]]] = [[[142, 162]], [[10, 30]]]
        #expect(ranges == expectedRanges)
        let note = try #require(ambiguity.first?.notes.first)
        let cause: String = "title.width and badge2.width were tied before measuring: compression resistance: "
            + "title.width >= 162 @750 and compression resistance: badge2.width >= 30 @750 compete at the same priority"
        #expect(note.hasPrefix(cause))
        #expect(note.hasSuffix("Fix: give one of them a lower compression resistance (e.g. title at 749)"))
        #expect(ambiguity.allSatisfy { $0.notes == [note] })
    }

    @Test("the title at 749: it gives way alone (142, re-wrapped to 120 × 24), nothing is reported")
    func distinctPrioritiesNotReported() throws {
        let result = try LayoutDocument.parse(Self.screen(width: 220, titleCompression: 749)).makeLayout()
            .layout(reportingAmbiguity: true)
        #expect(result.ambiguity == [])
        let snapshot = try #require(result.snapshot)
        // 220 - 8 - 70 = 142 → 23 characters a line: "Status of the layout" (120) / "engine".
        #expect(snapshot.entry(forID: "title")?.frame == Rect(x: 0, y: 0, width: 120, height: 24))
        #expect(snapshot.entry(forID: "stack")?.frame == Rect(x: 128, y: 0, width: 70, height: 12))
    }

    @Test("260 wide: the text fits, nothing is reported")
    func fitsNotReported() throws {
        let result = try LayoutDocument.parse(Self.screen(width: 260)).makeLayout().layout(reportingAmbiguity: true)
        #expect(result.ambiguity == [])
        let snapshot = try #require(result.snapshot)
        #expect(snapshot.entry(forID: "title")?.frame == Rect(x: 0, y: 0, width: 162, height: 12))
        #expect(snapshot.entry(forID: "stack")?.frame == Rect(x: 170, y: 0, width: 70, height: 12))
    }

    @Test("trellis layout --ambiguity prints the note once, under the ambiguous items; exit 0")
    func commandLine() throws {
        let table = try DocumentCLITests.run(["layout", "-", "--ambiguity", "--text-model"], stdin: Self.screen(width: 220))
        #expect(table.status == 0)
        let notes = table.stdout.split(separator: "\n").filter { $0.hasPrefix("  note: ") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("compression resistance: badge2.width >= 30 @750") == true)
        #expect(notes.first?.hasSuffix("(e.g. title at 749)") == true)
        #expect(table.stdout.contains("  title: width = "))

        let fits = try DocumentCLITests.run(["layout", "-", "--ambiguity", "--text-model"], stdin: Self.screen(width: 260))
        #expect(fits.stdout.contains("no ambiguity: every frame is determined"))
    }
}

