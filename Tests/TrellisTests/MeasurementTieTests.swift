import Testing
import Trellis
import TrellisTestSupport

/// Ties between equal priorities that measuring views locks in (`View.measurementTies()`): a
/// wrapping title beside a stack of two truncating badges, all at compression resistance 750, in a
/// row too narrow for all at their natural widths. The first round's split is arbitrary; measuring
/// at it makes the final layout look determined, and the diagnostics must still say so.
@Suite("Measurement ties")
struct MeasurementTieTests {
    /// The screen: `title` (four words of 50, lines of 20, wrapped greedily: 200 × 20 unwrapped)
    /// at the left, 10 after it a stack (spacing 10) of `badge1` (60 × 20 unwrapped) and `badge2`
    /// (50 × 20), truncated to the width they get; the stack's trailing edge at most the root's.
    /// Natural widths need 200 + 10 + 60 + 10 + 50 = 330.
    static func screen(width: Double, titleResistance: Priority = 750) -> (root: View, title: View, stack: View, badges: [View]) {
        let root = makeRoot(width: width, height: 100)
        let title = View(id: "title")
        title.sizeForWidth = { (width: Double) -> Size in
            let words: Int = Int((width / 50).rounded(.down))
            let perLine: Int = max(1, min(4, words))
            let lines: Int = (4 + perLine - 1) / perLine
            return Size(width: Double(perLine) * 50, height: Double(lines) * 20)
        }
        title.setContentCompressionResistancePriority(titleResistance, for: .horizontal)
        let badges = [("badge1", 60.0), ("badge2", 50.0)].map { id, natural in
            let badge = View(id: id)
            badge.sizeForWidth = { width in Size(width: min(natural, max(0, width)), height: 20) }
            return badge
        }
        let stack = Tails.stack(.horizontal, spacing: 10, id: "stack") { badges[0]; badges[1] }
        root.addSubview(title)
        root.addSubview(stack)
        let top = title~.top.leading == root~
        let gap = stack~.leading == title~.trailing + 10
        let stackTop = stack~.top == root~.top
        let edge = stack~.trailing <= root~.trailing
        Tails.install(top, gap, stackTop, edge)
        return (root, title, stack, badges)
    }

    @Test("a row 300 wide: title and badges tied at 750 before measuring, reported with the fix")
    func tieReported() throws {
        let (root, title, _, badges) = Self.screen(width: 300)
        try root.layoutIfNeeded()
        // 30 too few. Between its own views the stack decides by its tie-break rows (@1, UIStackView's
        // rule: the last arranged view gives way first), so badge1 keeps 60; between the title and
        // badge2, both @750, any split of the 30 was optimal.
        #expect(try root.hasAmbiguousLayout)
        let ties = try root.measurementTies()
        #expect(ties.count == 1)
        let tie = try #require(ties.first)
        #expect(tie.priority == 750)
        let competing: Set<String> = Set(tie.competing.map { $0.text })
        let expectedCompeting: Set<String> = [
            "compression resistance: title.width >= 200 @750",
            "compression resistance: badge2.width >= 50 @750",
        ]
        #expect(competing == expectedCompeting)
        // Round 1: either could give the whole 30: title in [170, 200], badge2 in [20, 50].
        let ranges = Dictionary(uniqueKeysWithValues: tie.widths.map { ($0.subject.name, [$0.minimum, $0.maximum]) })
        let expectedRanges: [String: [Double]] = ["title": [170, 200], "badge2": [20, 50]]
        #expect(ranges == expectedRanges)
        for entry in tie.widths {
            let view = [title, badges[0], badges[1]].first { $0.name == entry.subject.name }
            #expect(abs(entry.value - (view?.frame.width ?? -1)) < 1e-9)      // the width in the final layout
        }
        #expect(tie.fix == "give one of them a lower compression resistance (e.g. title at 749)")
        #expect(tie.description.contains("were tied before measuring"))

        let report = try root.ambiguityReport()
        #expect(report.isAmbiguous)
        #expect(report.entries(for: title).map(\.subject.attribute) == [.width])
        #expect(!report.isAmbiguous(badges[0]))
        #expect(report.entries(for: badges[1]).first?.minimum == 20)
        #expect(report.remarks.count == 1)
        #expect(report.remarks.first?.text == tie.description)
        #expect(report.description.contains("note: title.width and badge2.width were tied before measuring"))
        #expect(report.description.contains("(e.g. title at 749)"))
    }

    @Test("the same row with the title at 749: the title gives way alone, re-wraps, and nothing is reported")
    func distinctPrioritiesNotReported() throws {
        let (root, title, stack, badges) = Self.screen(width: 300, titleResistance: 749)
        try root.layoutIfNeeded()
        // Round 1: title 300 - 10 - 120 = 170 → three words a line: 150 × 40. Round 2: everything fits.
        expectFrame(title, 0, 0, 150, 40)
        expectFrame(stack, 160, 0, 120, 20)
        expectFrame(badges[0], 0, 0, 60, 20)
        expectFrame(badges[1], 70, 0, 50, 20)
        #expect(try !root.hasAmbiguousLayout)
        #expect(try root.measurementTies().isEmpty)
        let report = try root.ambiguityReport()
        #expect(!report.isAmbiguous)
        #expect(report.remarks.isEmpty)
    }

    @Test("a row 400 wide: the text fits, nothing competes, nothing is reported")
    func fitsNotReported() throws {
        let (root, title, stack, _) = Self.screen(width: 400)
        try root.layoutIfNeeded()
        expectFrame(title, 0, 0, 200, 20)
        expectFrame(stack, 210, 0, 120, 20)
        #expect(try !root.hasAmbiguousLayout)
        #expect(try root.measurementTies().isEmpty)
        #expect(try !root.ambiguityReport().isAmbiguous)
    }

    @Test("asking leaves the layout as it was: the next pass gives the same frames")
    func diagnosisLeavesLayout() throws {
        let (root, title, stack, _) = Self.screen(width: 300)
        try root.layoutIfNeeded()
        let before = [title.frame, stack.frame]
        _ = try root.ambiguityReport()
        root.setNeedsLayout()
        try root.layoutIfNeeded()
        #expect([title.frame, stack.frame] == before)
    }
}
