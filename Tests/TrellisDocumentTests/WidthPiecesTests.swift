import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI
import TrellisTestSupport

/// A document's layout over a range of root widths as exact affine pieces and sampled parts
/// (``WidthPieces``), and the page that shows it (``HTMLPage``, `trellis layout --html`).
@Suite("Layouts over a width range and the HTML page")
struct WidthPiecesTests {
    /// The example documents and the demo, by name.
    static func documents() throws -> [(name: String, document: LayoutDocument)] {
        let directory = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples")
        // The drawing examples (a fixed-size card and an A4 page full of wrapping text) re-wrap at
        // nearly every width of a range: DocumentStyleTests checks them as pictures instead.
        let drawings: Set<String> = ["social-card.json", "invoice.json"]
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") && !drawings.contains($0) }.sorted()
        #expect(names.count >= 4)
        var documents: [(String, LayoutDocument)] = []
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            documents.append((name, try LayoutDocument.parse(bytes, name: name)))
        }
        documents.append(("demo.json", try DemoScreen.document()))
        return documents
    }

    /// Expects the picture the pieces show at `width` to be the direct layout's there (frames to
    /// 1e-6, same marks).
    static func expectDirect(_ pieces: WidthPieces, _ document: LayoutDocument, width: Double, name: String,
                             reportingAmbiguity: Bool = false,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let direct = LayoutPicture(result: try document.makeLayout(width: width).layout(reportingAmbiguity: reportingAmbiguity))
        let shown = pieces.picture(atWidth: width)
        #expect(shown.boxes.map(\.name) == direct.boxes.map(\.name), "\(name) at \(width)", sourceLocation: sourceLocation)
        for (a, b) in zip(shown.boxes, direct.boxes) {
            let message = "\(name) at \(width): \(a.name) shown \(a.frame) \(String(describing: a.mark)), laid out \(b.frame) "
                + "\(String(describing: b.mark))"
            #expect(approx(a.frame, b.frame) && a.mark == b.mark, "\(message)", sourceLocation: sourceLocation)
        }
    }

    @Test("every example and the demo: the pieces give the direct layout at piece ends, integer and random widths")
    func examplesMatchDirectLayouts() throws {
        var generator = SplitMix(state: 0x7e11_15)
        for (name, document) in try Self.documents() {
            let range = 320.0...1024.0
            let pieces = try WidthPieces(document: document, range: range)
            // The pieces cover the range, each starting where the previous one ends.
            #expect(pieces.pieces.first?.lower == range.lowerBound && pieces.pieces.last?.upper == range.upperBound, "\(name)")
            for (a, b) in zip(pieces.pieces, pieces.pieces.dropFirst()) { #expect(a.upper == b.lower, "\(name)") }
            // Mostly exact: only a few points around shape changes (text wrapping, a layout set) are sampled.
            let sampled = pieces.pieces.filter { if case .sampled = $0 { return true } else { return false } }
            let sampledLength = sampled.reduce(0) { $0 + $1.upper - $1.lower }
            #expect(sampledLength < 0.05 * (range.upperBound - range.lowerBound), "\(name): \(sampledLength) sampled")
            var widths: [Double] = []
            for piece in pieces.pieces {
                widths += [piece.lower, piece.upper]
                if case .exact = piece { widths.append((piece.lower + piece.upper) / 2) }
                if case .sampled(_, _, let samples) = piece { widths += samples.map(\.width) }
            }
            // Either side of every break, as close as a thousandth and a hundred-thousandth of a point.
            for (a, b) in zip(pieces.pieces, pieces.pieces.dropFirst()) {
                for offset in [1e-3, 1e-5] {
                    if case .exact = a, a.upper - offset > a.lower { widths.append(a.upper - offset) }
                    if case .exact = b, b.lower + offset < b.upper { widths.append(b.lower + offset) }
                }
            }
            widths += stride(from: range.lowerBound, through: range.upperBound, by: 37)
            for _ in 0..<12 {
                // A random width inside an exact piece, where the line must hold everywhere.
                let width = range.lowerBound + generator.unit() * (range.upperBound - range.lowerBound)
                if pieces.isExact(atWidth: width) { widths.append(width) }
            }
            for width in Set(widths).sorted() {
                try Self.expectDirect(pieces, document, width: width, name: name)
            }
        }
    }

    /// A cover keeping 4:1 up to 140 tall, a bio at most 560 wide, a feed column at most 600 wide.
    static let profile = #"""
        {"format": "layout-document/1",
         "root": {"id": "screen", "width": 390, "height": 844, "margins": {"left": 16, "right": 16}},
         "views": [{"id": "cover"}, {"id": "bio"}, {"id": "feed"}],
         "constraints": [
           "cover~.top.leading.trailing == screen~", "cover~.height == cover~.width / 4 ~~ 750", "cover~.height <= 140",
           "bio~.top == cover~.bottom + 12", "bio~.leading == screen.layoutMarginsGuide~.leading",
           "bio~.trailing <= screen.layoutMarginsGuide~.trailing", "bio~.width == 560 ~~ 500", "bio~.height == 40",
           "feed~.top == bio~.bottom + 12", "feed~.centerX == screen~", "feed~.width <= 600",
           "feed~.width == screen.layoutMarginsGuide~.width ~~ 700", "feed~.height == 100"]}
        """#

    @Test("a layout without text or sets is found from its sensitivity: one exact piece per shape, from a few layouts")
    func sensitivityPieces() throws {
        let document = try LayoutDocument.parse(Self.profile, name: "profile.json")
        let pieces = try WidthPieces(document: document, range: 280...1200)
        #expect(pieces.pieces.allSatisfy { if case .exact = $0 { return true } else { return false } })
        // The cover stops growing at 560 wide, the bio at 560 + 32, the feed at 600 + 32.
        let uppers: [Double] = pieces.pieces.map { ($0.upper * 1e6).rounded() / 1e6 }
        let expectedUppers: [Double] = [560, 592, 632, 1200]
        #expect(uppers == expectedUppers)
        #expect(pieces.layoutCount < 40, "\(pieces.layoutCount) layouts")
        for width in [280.0, 333.25, 559.5, 560, 560.5, 592, 631.9, 632, 1000, 1200] {
            try Self.expectDirect(pieces, document, width: width, name: "profile.json")
        }
    }

    @Test("a layout set switching at 600: exact on both sides, the break found to a millionth of a point")
    func layoutSetSwitch() throws {
        let document = try LayoutDocument.parse(#"""
            {"format": "layout-document/1", "root": {"id": "screen", "width": 800, "height": 600},
             "views": [{"id": "sidebar"}, {"id": "content"}],
             "layoutSets": [{"view": "screen", "cases": [
               {"when": {"width": "..<600"}, "constraints": ["sidebar~.top.leading.trailing == screen~", "sidebar~.height == 120",
                 "content~.top == sidebar~.bottom", "content~.leading.trailing.bottom == screen~"]},
               {"otherwise": true, "constraints": ["sidebar~.top.leading.bottom == screen~", "sidebar~.width == screen~.width / 4",
                 "content~.leading == sidebar~.trailing", "content~.top.trailing.bottom == screen~"]}]}]}
            """#, name: "sets.json")
        let pieces = try WidthPieces(document: document, range: 400...800)
        #expect(pieces.isExact(atWidth: 450) && pieces.isExact(atWidth: 598.5) && pieces.isExact(atWidth: 700))
        #expect(pieces.pieces.allSatisfy { if case .exact = $0 { return true } else { return false } })
        // "..<600": the first piece ends just before 600, the next one shows 600 itself.
        let ends = pieces.pieces.dropLast().map(\.upper)
        #expect(ends.count == 1 && ends.allSatisfy { $0 < 600 && $0 >= 600 - 2 * WidthPieces.breakPrecision }, "\(ends)")
        #expect(pieces.isExact(atWidth: 599.9) && pieces.isExact(atWidth: 600))
        for width in [400.0, 599, 599.5, 599.999, 600 - 1e-5, 600, 600 + 1e-5, 601, 650.25, 800] {
            try Self.expectDirect(pieces, document, width: width, name: "sets.json")
        }
        // Slider positions are integers: the sampled part shows the layout computed there.
        #expect(pieces.frames(atWidth: 600) != pieces.frames(atWidth: 599))
    }

    @Test("conflicting items are marked at the widths where the conflict occurs, ambiguous ones when asked")
    func marks() throws {
        let document = try LayoutDocument.parse(DocumentASCIITests.conflictDocument, name: "conflict.json")
        // title 300 + badge 40 + 12 + 8 + 12 inside a card 32 narrower than the root: a conflict below 404.
        let pieces = try WidthPieces(document: document, range: 300...500)
        let narrow = try #require(pieces.frames(atWidth: 350)), wide = try #require(pieces.frames(atWidth: 450))
        #expect(narrow.marks.contains(LayoutPicture.Mark.conflict) && !narrow.notes.isEmpty)
        #expect(!wide.marks.contains(LayoutPicture.Mark.conflict) && wide.notes.isEmpty)
        for width in [300.0, 350, 403, 404, 405, 450, 500] {
            try Self.expectDirect(pieces, document, width: width, name: "conflict.json")
        }
        let ambiguous = try LayoutDocument.parse(#"""
            {"format": "layout-document/1", "root": {"id": "root", "width": 300, "height": 100},
             "views": [{"id": "card"}, {"id": "badge", "parent": "card"}],
             "constraints": ["card~.edges == EdgeInsets(10)", "badge~.size == Size(width: 20, height: 20)", "badge~.top == 4",
                             "badge~.leading >= card~.leading"]}
            """#, name: "ambiguous.json")
        let open = try WidthPieces(document: ambiguous, range: 200...400, reportingAmbiguity: true)
        let marks: [LayoutPicture.Mark?] = try #require(open.frames(atWidth: 250)).marks
        let badge = try #require(open.items.firstIndex { $0.name == "badge" })
        let card = try #require(open.items.firstIndex { $0.name == "card" })
        #expect(marks[badge] == LayoutPicture.Mark.ambiguous)
        #expect(marks[card] == nil)
        try Self.expectDirect(open, ambiguous, width: 250, name: "ambiguous.json", reportingAmbiguity: true)
    }

    @Test("an invalid range is refused")
    func invalidRange() throws {
        let document = try DemoScreen.document()
        #expect(throws: LayoutDocumentError.self) { try WidthPieces(document: document, range: 0...100) }
        #expect(throws: LayoutDocumentError.self) { try WidthPieces(document: document, range: 10...30_000) }
    }

    // MARK: - The page

    /// The page's embedded data.
    static func data(of html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"trellis-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let text = String(html[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the page is self-contained: no http(s) reference, no external script, style or font; it embeds the pieces")
    func selfContained() throws {
        for (name, document) in try Self.documents() {
            let pieces = try WidthPieces(document: document, range: 320...480)
            let html = HTMLPage(rows: [pieces]).html
            #expect(!html.lowercased().contains("http:") && !html.lowercased().contains("https:"), "\(name)")
            #expect(!html.contains("src=") && !html.contains("<link") && !html.contains("@import") && !html.contains("url("),
                    "\(name)")
            let data = try Self.data(of: html)
            let rows = try #require(data["rows"] as? [[String: Any]])
            let row = try #require(rows.first)
            let embedded = try #require(row["pieces"] as? [[String: Any]])
            #expect(embedded.count == pieces.pieces.count)
            // The exact pieces' numbers are written in full: evaluating them gives the frames.
            for (piece, json) in zip(pieces.pieces, embedded) {
                guard case .exact(let lower, let upper, let offset, let slope, _, _) = piece else {
                    #expect(json["kind"] as? String == "sampled")
                    continue
                }
                #expect(json["kind"] as? String == "exact")
                // (Foundation's JSON reader may miss the last bit; Swift prints the shortest exact digits.)
                func same(_ a: [Double], _ b: [Double]) -> Bool {
                    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) }
                }
                #expect(same([json["lower"] as? Double ?? .nan, json["upper"] as? Double ?? .nan], [lower, upper]))
                #expect(same(json["a"] as? [Double] ?? [], offset) && same(json["b"] as? [Double] ?? [], slope))
            }
        }
    }

    @Test("the page is deterministic: the same document and range give the same bytes")
    func deterministic() throws {
        let document = try DemoScreen.document()
        let first = HTMLPage(rows: [try WidthPieces(document: document, range: 560...640)], initialWidth: 600).html
        let second = HTMLPage(rows: [try WidthPieces(document: document, range: 560...640)], initialWidth: 600).html
        #expect(first == second)
        #expect(first.contains("value=\"600\""))
    }

    @Test("text in the page cannot end its script: a name with </script> is escaped")
    func scriptEscape() throws {
        let document = try LayoutDocument.parse(#"""
            {"format": "layout-document/1", "root": {"id": "root", "width": 300, "height": 100}, "views": [{"id": "a"}],
             "constraints": ["a~.edges == EdgeInsets(10)"]}
            """#, name: "x</script><b>.json")
        let html = HTMLPage(rows: [try WidthPieces(document: document, range: 300...310)]).html
        #expect(html.components(separatedBy: "</script>").count == 3)   // the data's and the code's
        #expect(try Self.data(of: html)["document"] as? String == "x</script><b>.json")
    }

    @Test("trellis layout --html writes the page; --range, --height-range checked")
    func command() throws {
        let directory = try DocumentCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let example = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples/adaptive.json").path
        let run = try DocumentCLITests.run(["layout", example, "--text-model", "--html", "page.html", "--range", "500...700"],
                                           in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        let data = try Self.data(of: html)
        let rows = try #require(data["rows"] as? [[String: Any]])
        #expect(rows.count == 1 && rows.first?["lower"] as? Double == 500 && rows.first?["upper"] as? Double == 700)
        #expect(html.contains("id=\"width\" min=\"500\" max=\"700\" step=\"1\""))

        let tall = try DocumentCLITests.run(["layout", example, "--text-model", "--html", "tall.html", "--range", "500...520",
                                             "--height-range", "400...600", "--height-step", "100"], in: directory)
        #expect(tall.status == 0, "\(tall.stderr)")
        let tallRows = try #require(try Self.data(of: String(contentsOf: directory.appendingPathComponent("tall.html"),
                                                                 encoding: .utf8))["rows"] as? [[String: Any]])
        let tallHeights: [Double] = tallRows.compactMap { $0["height"] as? Double }
        let expectedHeights: [Double] = [400, 500, 600]
        #expect(tallHeights == expectedHeights)

        let refusedArguments: [[String]] = [
            ["--range", "700...500", "--html", "x.html"], ["--range", "300...400"],
            ["--html", "x.html", "--range", "0...400"], ["--html", "x.html", "--height", "300", "--height-range", "1...2"],
        ]
        for arguments in refusedArguments {
            let refused = try DocumentCLITests.run(["layout", example] + arguments, in: directory)
            #expect(refused.status != 0 && !refused.stderr.isEmpty, "\(arguments)")
        }
    }
}
