import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisCLI
@testable import TrellisText

/// The style, text colour and image fields of layout documents: decoded and checked with
/// line:column errors, and drawn by `trellis layout` as finished pictures or the wireframe.
@Suite("Layout documents: styles and images")
struct DocumentStyleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A document with one view of `fields` (JSON members) on a 200 × 100 root.
    static func document(_ fields: String, rootStyle: String = "") -> String {
        """
        {"format": "layout-document/1",
         "root": {"id": "root", "width": 200, "height": 100\(rootStyle)},
         "views": [
           {"id": "card", \(fields)}
         ],
         "constraints": ["card~.edges == root~ + EdgeInsets(10)"]}
        """
    }

    @Test("style, color and image decode into the entries; hasStyles says whether any is there")
    func decodes() throws {
        let text = Self.document(##""text": "Hi", "color": "#ff000080", "style": {"background": "#0F172A", "borderWidth": 1.5, "borderColor": "#e2e8f0", "cornerRadius": 12, "opacity": 0.5, "clipsToBounds": true}"##,
                                 rootStyle: ##", "style": {"background": "#ffffff"}"##)
        let document = try LayoutDocument.parse(text)
        let card = try #require(document.view(id: "card"))
        #expect(card.style == LayoutDocument.StyleEntry(background: "#0F172A", borderWidth: 1.5, borderColor: "#e2e8f0",
                                                        cornerRadius: 12, opacity: 0.5, clipsToBounds: true))
        #expect(card.text?.color == "#ff000080")
        #expect(document.root.style?.background == "#ffffff")
        #expect(document.hasStyles)
        #expect(try !LayoutDocument.parse(Self.document(##""text": "Hi""##)).hasStyles)
        let image = try LayoutDocument.parse(Self.document(##""image": {"file": "a.png", "contentMode": "center"}"##))
        let imageFields = ##""image": {"file": "a.png", "contentMode": "center"}"##
        #expect(image.view(id: "card")?.image == LayoutDocument.ImageEntry(file: "a.png", contentMode: "center", line: 4,
                                                                            column: Self.column(of: #""a.png""#, in: imageFields)))
        #expect(image.hasStyles)
    }

    /// The column of `marker` on the view's line (line 4) of ``document(_:rootStyle:)``.
    static func column(of marker: String, in fields: String) -> Int {
        let line = "   {\"id\": \"card\", \(fields)}"
        return line.utf8.count - (line.range(of: marker).map { line[$0.lowerBound...].utf8.count } ?? 0) + 1
    }

    @Test("bad styles are errors at the line and column of the bad value", arguments: [
        (##""style": {"background": "red"}"##, #""red""#, "style.background must be a colour \"#RRGGBB\" or \"#RRGGBBAA\""),
        (##""style": {"background": "#12345"}"##, ##""#12345""##, "found \"#12345\""),
        (##""style": {"borderColor": "#1234567g"}"##, ##""#1234567g""##, "style.borderColor must be a colour"),
        (##""style": {"borderWidth": -1}"##, "-1", "style.borderWidth must be a number between 0 and 1e6 (points), found -1"),
        (##""style": {"cornerRadius": "8"}"##, #""8""#, "style.cornerRadius must be a number"),
        (##""style": {"opacity": 1.5}"##, "1.5", "style.opacity must be a number from 0 (transparent) to 1 (opaque), found 1.5"),
        (##""style": {"clipsToBounds": 1}"##, "1}", "style.clipsToBounds must be true or false"),
        (##""style": {"shadow": 2}"##, #""shadow""#, "unknown field \"shadow\""),
        (##""style": "#ffffff""##, ##""#ffffff""##, "style must be an object"),
        (##""color": "#ffffff""##, ##""#ffffff""##, "color needs a \"text\" field"),
        (##""text": "a", "color": "blue""##, #""blue""#, "color must be a colour"),
        (##""image": {"file": "a.png", "contentMode": "fit"}"##, #""fit""#, "image.contentMode must be one of \"scaleToFill\", \"scaleAspectFit\""),
        (##""image": {"file": ""}"##, #""""#, "image.file must be the path of a PNG file"),
        (##""image": {"contentMode": "center"}"##, #"{"contentMode""#, "image.file must be the path of a PNG file"),
        (##""text": "a", "image": {"file": "a.png"}"##, #"{"file""#, "a view cannot be both an image and a text item"),
    ])
    func errors(fields: String, marker: String, message: String) throws {
        let error = try #require(throws: LayoutDocumentError.self) { try LayoutDocument.parse(Self.document(fields)) }
        #expect(error.message.hasPrefix("views[0] (id \"card\"): "), "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.line == 4 && error.column == Self.column(of: marker, in: fields), "\(error)")
    }

    @Test("the root takes a style; a bad one is an error on its line")
    func rootStyle() throws {
        let error = try #require(throws: LayoutDocumentError.self) {
            try LayoutDocument.parse(Self.document(##""intrinsicSize": {"width": 1}"##, rootStyle: ##", "style": {"opacity": -0.5}"##))
        }
        #expect(error.message.hasPrefix("root (id \"root\"): style.opacity"), "\(error)")
        #expect(error.line == 2)
    }

    /// Runs `trellis layout` in-process on `text` written to `name` in a fresh folder (with the
    /// files of `extra`) and returns the folder; the caller removes it.
    static func layOut(_ text: String, name: String = "doc.json", extra: [String: [UInt8]] = [:],
                       arguments: [String]) throws -> (folder: URL, error: String?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        for (file, bytes) in extra { try Data(bytes).write(to: folder.appendingPathComponent(file)) }
        let command = try TrellisCommand.Layout.parse([folder.appendingPathComponent(name).path]
            + arguments.map { $0.hasPrefix("OUT/") ? folder.appendingPathComponent(String($0.dropFirst(4))).path : $0 })
        var document = try LayoutDocument.parse(Array(text.utf8), name: name)
        do {
            let images = try TrellisCommand.Layout.loadImages(of: &document, file: folder.appendingPathComponent(name).path)
            let layout = try document.makeLayout(makeView: TrellisCommand.Layout.viewFactory(images: images, textModel: false))
            try command.writePictures(try layout.layout(), layout: layout, document: document)
        } catch let error as LayoutDocumentError {
            return (folder, TrellisCommand.Layout.locate(error, in: name))
        }
        return (folder, nil)
    }

    @Test("an image view's intrinsic size is its PNG's; a missing file is an error at the file's line and column")
    func imageFiles() throws {
        let png = makePNG(columns: 30, rows: 20) { _, _ in FinishedPictureTests.green }
        let text = """
            {"format": "layout-document/1",
             "root": {"id": "root", "width": 200, "height": 100},
             "views": [{"id": "photo", "image": {"file": "photo.png"}}],
             "constraints": ["photo~.top.leading == root~ + 10"]}
            """
        let (folder, error) = try Self.layOut(text, extra: ["photo.png": png], arguments: ["--png", "OUT/out.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(error == nil)
        let picture = try #require(PixelImage(png: [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.png")))))
        #expect(picture.width == 200 && picture.height == 100, "finished: the root's size, no margin")
        #expect(picture[20, 15].matches(FinishedPictureTests.green), "\(picture[20, 15])")
        #expect(picture[41, 15].alpha == 0 && picture[20, 31].alpha == 0, "30 × 20 at (10, 10): the image's size")

        let (missingFolder, missing) = try Self.layOut(text, arguments: ["--png", "OUT/out.png"])
        defer { try? FileManager.default.removeItem(at: missingFolder) }
        let message = try #require(missing)
        #expect(message.hasPrefix("doc.json:3:46: views[0] (id \"photo\"): image.file \"photo.png\": cannot read "), "\(message)")
        #expect(message.hasSuffix("photo.png: no such file"), "\(message)")
        let (badFolder, bad) = try Self.layOut(text, extra: ["photo.png": Array("not a png".utf8)], arguments: ["--png", "OUT/out.png"])
        defer { try? FileManager.default.removeItem(at: badFolder) }
        #expect(bad?.hasSuffix("not a readable PNG file") == true, "\(bad ?? "")")
    }

    @Test("a document without styles keeps the wireframe; --wireframe gives it for a styled one, byte for byte")
    func wireframeByDefault() throws {
        let plain = Self.document(##""text": "Hello""##)
        let styled = Self.document(##""text": "Hello", "color": "#2563eb", "style": {"background": "#fef3c7"}"##)
        let (plainFolder, _) = try Self.layOut(plain, arguments: ["--png", "OUT/a.png", "--svg", "OUT/a.svg"])
        defer { try? FileManager.default.removeItem(at: plainFolder) }
        let (styledFolder, _) = try Self.layOut(styled, arguments: ["--png", "OUT/a.png", "--svg", "OUT/a.svg", "--wireframe"])
        defer { try? FileManager.default.removeItem(at: styledFolder) }
        let (finishedFolder, _) = try Self.layOut(styled, arguments: ["--png", "OUT/a.png", "--svg", "OUT/a.svg"])
        defer { try? FileManager.default.removeItem(at: finishedFolder) }
        func bytes(_ folder: URL, _ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
        #expect(try bytes(plainFolder, "a.png") == bytes(styledFolder, "a.png"))
        #expect(try bytes(plainFolder, "a.svg") == bytes(styledFolder, "a.svg"))
        #expect(String(decoding: try bytes(plainFolder, "a.svg"), as: UTF8.self).contains("<text"), "the SVG renderer's labels")
        let wire = try #require(PixelImage(png: [UInt8](try bytes(plainFolder, "a.png"))))
        #expect(wire.width == 216 && wire[0, 0].matches(.white), "8 points of white around the root")
        let finished = try #require(PixelImage(png: [UInt8](try bytes(finishedFolder, "a.png"))))
        #expect(finished.width == 200 && finished[5, 5].alpha == 0 && finished[150, 80].matches(Color(hex: "#fef3c7")!))
        #expect(finished.count(x: 10..<190, y: 10..<40) { $0.matches(Color(hex: "#2563eb")!, tolerance: 2) } > 10, "blue ink")
        #expect(!String(decoding: try bytes(finishedFolder, "a.svg"), as: UTF8.self).contains("<text"), "glyph outlines")
    }

    @Test("--finished draws an unstyled document finished; --finished --wireframe adds the outlines; the flags need a picture")
    func flags() throws {
        let plain = Self.document(##""intrinsicSize": {"width": 1}"##)
        let (folder, _) = try Self.layOut(plain, arguments: ["--png", "OUT/f.png", "--finished"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = try #require(PixelImage(png: [UInt8](try Data(contentsOf: folder.appendingPathComponent("f.png")))))
        #expect(finished.width == 200 && finished[100, 50].alpha == 0)
        let (overlayFolder, _) = try Self.layOut(plain, arguments: ["--png", "OUT/f.png", "--finished", "--wireframe"])
        defer { try? FileManager.default.removeItem(at: overlayFolder) }
        let overlay = try #require(PixelImage(png: [UInt8](try Data(contentsOf: overlayFolder.appendingPathComponent("f.png")))))
        #expect(overlay[10, 50].matches(Color(hex: PictureRenderer.palette[1].stroke)!, tolerance: 10), "\(overlay[10, 50])")
        #expect(overlay[100, 50].alpha == 0)
        #expect(throws: (any Error).self) { try TrellisCommand.Layout.parse(["doc.json", "--wireframe"]) }
    }

    @Test("the examples: the social card is a 1200 × 630 PNG with its avatar, the invoice a one-page A4 PDF")
    func examples() throws {
        let examples = Self.packageRoot.appendingPathComponent("docs/examples")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, format) in [("social-card", "png"), ("invoice", "pdf")] {
            let file = examples.appendingPathComponent("\(name).json").path
            let out = folder.appendingPathComponent("\(name).\(format)").path
            let command = try TrellisCommand.Layout.parse([file, "--\(format)", out])
            var document = try LayoutDocument.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), name: name)
            #expect(document.hasStyles)
            let images = try TrellisCommand.Layout.loadImages(of: &document, file: file)
            let layout = try document.makeLayout(makeView: TrellisCommand.Layout.viewFactory(images: images, textModel: false))
            let result = try layout.layout()
            #expect(result.isSatisfiable, "\(name)")
            try command.writePictures(result, layout: layout, document: document)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            if format == "png" {
                let card = try #require(PixelImage(png: bytes))
                #expect(card.width == 1200 && card.height == 630)
                #expect(card[600, 300].matches(Color(hex: "#0f172a")!, tolerance: 2) || card[600, 300].isInk, "the card's background")
                let avatar = try #require(result.snapshot?[id: "avatar"])
                let header = try #require(result.snapshot?[id: "header"])
                let content = try #require(result.snapshot?[id: "content"])
                let centre = (x: Int(content.minX + header.minX + avatar.midX), y: Int(content.minY + header.minY + avatar.midY))
                #expect(card[centre.x, centre.y].alpha == 255 && card[centre.x, centre.y].blue > 150,
                        "the avatar's pixels at its centre: \(card[centre.x, centre.y])")
            } else {
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.hasPrefix("%PDF-") && text.contains("/MediaBox [ 0 0 595 842 ]"))
                #expect(text.components(separatedBy: "/Type /Page\n").count + text.components(separatedBy: "/Type /Page ").count - 2 <= 1)
            }
        }
    }
}
