import Foundation
import Testing
import Trellis

/// `trellis explain` measures text as `trellis layout` does: Pango by default, the built-in model
/// with `--text-model` on both (it used to use the model silently: author.width 554.4 against 488.87).
@Suite("trellis explain measures text as trellis layout does")
struct ExplainTextMeasurementTests {
    /// A one-line text item held only by its own size: its width is the measured width.
    /// The built-in model: 20 characters × 0.6 × 15 = 180 wide, 1.2 × 15 = 18 tall.
    static let document = #"""
        {"format": "layout-document/1", "root": {"id": "root", "width": 400, "height": 100},
         "views": [{"id": "author", "text": "Ada Lovelace, London", "font": "DejaVu Sans 15"}],
         "constraints": ["author~.top.leading == 10"]}
        """#

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("--why author.width gives the width trellis layout lays out, Pango or --text-model alike")
    func sameMeasurement() throws {
        let directory = try DocumentCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.document.utf8).write(to: directory.appendingPathComponent("author.json"))

        for model in [false, true] {
            let flag = model ? ["--text-model"] : []
            let layout = try DocumentCLITests.run(["layout", "author.json", "--json"] + flag, in: directory)
            #expect(layout.status == 0, "\(layout.stderr)")
            let explained = try DocumentCLITests.run(["explain", "author.json", "--why", "author.width", "--json"] + flag,
                                                      in: directory)
            #expect(explained.status == 0, "\(explained.stderr)")
            let items = try #require(try object(layout.stdout)["items"] as? [[String: Any]])
            let author = try #require(items.first { $0["id"] as? String == "author" })
            let laidOut = try #require((author["frame"] as? [String: Any])?["width"] as? Double)
            let why = try #require((try object(explained.stdout)["why"] as? [[String: Any]])?.first?["value"] as? Double)
            #expect(abs(laidOut - why) < 1e-6, "layout \(laidOut), explain \(why)")
            if model {
                #expect(laidOut == 180)                     // 20 × 0.6 × 15
            } else {
                #expect(laidOut != 180)                     // Pango's DejaVu Sans is not the model
                #expect(laidOut > 120 && laidOut < 200)
            }
        }
    }
}
