import Foundation
import Testing
import Trellis

/// `trellis layout --png/--pdf`: the layout drawn with its text measured and drawn by Pango/Cairo.
@Suite("trellis layout --png and --pdf")
struct DocumentPictureCLITests {
    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test("The chat example as PNG (scale 2, 8-point margin) and PDF; Pango's frames, not the model's")
    func chat() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let example = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples/chat.json").path
        let png = directory.appendingPathComponent("chat.png").path, pdf = directory.appendingPathComponent("chat.pdf").path
        let run = try DocumentCLITests.run(["layout", example, "--png", png, "--scale", "2", "--pdf", pdf, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let size = Self.pngSize(try Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(size?.width == (390 + 16) * 2 && size?.height == (640 + 16) * 2, "\(String(describing: size))")
        let pdfText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(pdfText.hasPrefix("%PDF-"))
        #expect(pdfText.contains("/MediaBox [ 0 0 406 656 ]"), "one page of the root plus margins")

        // The same document measured by the built-in model lays out differently: Pango was used.
        let model = try DocumentCLITests.run(["layout", example, "--json", "--text-model"])
        #expect(model.status == 0)
        #expect(model.stdout != run.stdout)

        let bad = try DocumentCLITests.run(["layout", example, "--png", png, "--scale", "0"])
        #expect(bad.status != 0 && bad.stderr.contains("--scale"))
    }
}
