import Foundation
import Testing
import Trellis
import TrellisDocument
@testable import TrellisText

/// Finished pictures checked pixel by pixel at known points: backgrounds, borders, rounded
/// corners, opacity, images and their content modes, text ink and clipping, drawing callbacks.
@Suite("Finished pictures: pixels at known points")
struct FinishedPictureTests {
    static let blue = Color(hex: "#2563eb")!, red = Color(hex: "#dc2626")!, green = Color(hex: "#16a34a")!
    static let yellow = Color(hex: "#facc15")!

    /// A 200 × 120 root with `children` placed at the given frames (the root has no style).
    static func tree(_ children: [(View, Rect)]) -> View {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 200, height: 120)
        for (child, frame) in children {
            root.addSubview(child)
            child.frame = frame
        }
        return root
    }

    static func render(_ root: View, _ styles: PictureStyles, scale: Double = 1) throws -> PixelImage {
        try #require(PixelImage(png: try PictureRenderer.png(of: root, styles: styles, scale: scale)))
    }

    @Test("a card: its background inside, its border's colour on its edge, transparent outside a rounded corner",
          arguments: [1.0, 2.0])
    func card(scale: Double) throws {
        let card = View(id: "card")
        let root = Self.tree([(card, Rect(x: 20, y: 20, width: 100, height: 60))])
        var styles = PictureStyles()
        styles[card] = ViewStyle(background: Self.blue, borderWidth: 4, borderColor: Self.red, cornerRadius: 16)
        let image = try Self.render(root, styles, scale: scale)
        func at(_ x: Double, _ y: Double) -> PixelImage.Pixel { image[Int(x * scale), Int(y * scale)] }
        #expect(image.width == Int(200 * scale) && image.height == Int(120 * scale))
        #expect(at(70, 50).matches(Self.blue), "inside: \(at(70, 50))")
        #expect(at(70, 21.5).matches(Self.red), "top edge: \(at(70, 21.5))")
        #expect(at(118.5, 50).matches(Self.red), "right edge: \(at(118.5, 50))")
        #expect(at(70, 25).matches(Self.blue), "just inside the border: \(at(70, 25))")
        #expect(at(21, 21).alpha == 0, "outside the rounded corner: \(at(21, 21))")
        #expect(at(119, 79).alpha == 0, "outside the rounded corner: \(at(119, 79))")
        #expect(at(150, 100).alpha == 0, "no style, no paint: \(at(150, 100))")
    }

    @Test("opacity applies to the view and its subviews as one group")
    func opacity() throws {
        let panel = View(id: "panel"), child = View(id: "child")
        let root = Self.tree([(panel, Rect(x: 0, y: 0, width: 100, height: 100))])
        panel.addSubview(child)
        child.frame = Rect(x: 50, y: 0, width: 50, height: 100)
        var styles = PictureStyles()
        styles[panel] = ViewStyle(background: Self.blue, opacity: 0.5)
        styles[child] = ViewStyle(background: Self.red)
        let image = try Self.render(root, styles)
        // Grouped: the red child covers the blue panel before the half opacity, so no blue shows through.
        #expect(image[75, 50].matches(Self.red.withAlphaMultiplied(by: 0.5)), "\(image[75, 50])")
        #expect(image[25, 50].matches(Self.blue.withAlphaMultiplied(by: 0.5)), "\(image[25, 50])")
    }

    /// A 4 × 2 image: its left half red, its right half green, one yellow pixel at (3, 0).
    static func testImage() throws -> Image {
        try Image(png: makePNG(columns: 4, rows: 2) { x, y in
            x == 3 && y == 0 ? yellow : x < 2 ? red : green
        })
    }

    @Test("an image view: its intrinsic size is the image's, its pixels where each content mode puts them")
    func imageModes() throws {
        let image = try Self.testImage()
        #expect(image.size == Size(width: 4, height: 2))
        #expect(ImageView(image: image).intrinsicContentSize == Size(width: 4, height: 2))
        #expect(ImageView().intrinsicContentSize == nil)
        let modes: [ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center]
        let views = modes.map { ImageView(id: $0.rawValue, image: image, contentMode: $0) }
        let root = Self.tree(views.enumerated().map { index, view in (view, Rect(x: Double(index) * 50, y: 0, width: 40, height: 40)) })
        let picture = try Self.render(root, PictureStyles())
        // scaleToFill: 10 points a pixel on x, 20 on y; the yellow pixel fills (30...40, 0...20).
        #expect(picture[5, 30].matches(Self.red, tolerance: 8), "\(picture[5, 30])")
        #expect(picture[25, 30].matches(Self.green, tolerance: 8), "\(picture[25, 30])")
        #expect(picture[35, 10].matches(Self.yellow, tolerance: 8), "\(picture[35, 10])")
        // scaleAspectFit: 10 points a pixel, a 40 × 20 band centred (y 10...30), transparent above and below.
        #expect(picture[55, 5].alpha == 0 && picture[55, 35].alpha == 0, "\(picture[55, 5]) \(picture[55, 35])")
        #expect(picture[55, 20].matches(Self.red, tolerance: 8), "\(picture[55, 20])")
        // scaleAspectFill: 20 points a pixel, 80 × 40 centred: x from 80 to 160, clipped by nothing (no clipsToBounds).
        #expect(picture[101, 20].matches(Self.red, tolerance: 8), "\(picture[101, 20])")
        #expect(picture[135, 30].matches(Self.green, tolerance: 8), "\(picture[135, 30]) spills past its bounds")
        // center: 4 × 2 points at the centre (168...172, 19...21).
        #expect(picture[169, 20].matches(Self.red, tolerance: 8), "\(picture[169, 20])")
        #expect(picture[171, 19].matches(Self.yellow, tolerance: 8), "\(picture[171, 19])")
        #expect(picture[165, 20].alpha == 0, "\(picture[165, 20])")
    }

    @Test("clipsToBounds: an image filling its view is cut at the rounded bounds")
    func clippedImage() throws {
        let view = ImageView(id: "avatar", image: try Self.testImage(), contentMode: .scaleAspectFill)
        let root = Self.tree([(view, Rect(x: 40, y: 20, width: 40, height: 40))])
        var styles = PictureStyles()
        styles[view] = ViewStyle(cornerRadius: 20, clipsToBounds: true)
        let picture = try Self.render(root, styles)
        #expect(picture[60, 40].alpha == 255, "the centre: \(picture[60, 40])")
        #expect(picture[41, 21].alpha == 0, "the corner outside the circle: \(picture[41, 21])")
        #expect(picture[35, 40].alpha == 0, "past the bounds on the left: \(picture[35, 40])")
    }

    @Test("text: ink inside the label's frame; a clipping parent cuts the label's overflow, a parent that does not clip does not")
    func textClipping() throws {
        func picture(clips: Bool) throws -> (PixelImage, Label) {
            let parent = View(id: "parent")
            let label = Label(id: "label", text: "WWWWWWWWWWWWWWWWWWWWWWWWWWWW", font: "DejaVu Sans Bold 20")
            let root = Self.tree([(parent, Rect(x: 10, y: 10, width: 80, height: 60))])
            parent.addSubview(label)
            label.frame = Rect(x: 0, y: 10, width: 180, height: 30)    // wider than its parent
            var styles = PictureStyles()
            styles[parent] = ViewStyle(clipsToBounds: clips)
            return (try Self.render(root, styles), label)
        }
        let (clipped, label) = try picture(clips: true)
        #expect(label.textColor == .black)
        let inside = clipped.count(x: 10..<90, y: 20..<50) { $0.isInk }
        let outside = clipped.count(x: 90..<200, y: 0..<120) { $0.isInk }
        #expect(inside > 50, "ink inside the label and its parent: \(inside)")
        #expect(outside == 0, "ink past the clipping parent: \(outside)")
        let (unclipped, _) = try picture(clips: false)
        #expect(unclipped.count(x: 90..<190, y: 20..<50) { $0.isInk } > 50, "without clipping the text runs on")
        #expect(unclipped.count(x: 0..<200, y: 50..<120) { $0.isInk } == 0, "nothing below the label's frame")
    }

    @Test("a label's textColor is the colour of its ink")
    func textColour() throws {
        let label = Label(id: "label", text: "█████", font: "DejaVu Sans 30")
        label.textColor = Self.green
        let root = Self.tree([(label, Rect(x: 0, y: 0, width: 200, height: 60))])
        let picture = try Self.render(root, PictureStyles())
        #expect(picture.count(x: 0..<200, y: 0..<60) { $0.matches(Self.green) } > 200)
        #expect(picture.count(x: 0..<200, y: 0..<120) { $0.alpha > 0 && !$0.matches(Self.green, tolerance: 40) && $0.alpha == 255 } == 0)
    }

    @Test("a drawing callback draws in the view's coordinates, after the background, under the subviews")
    func drawingCallback() throws {
        let canvasView = View(id: "chart"), cover = View(id: "cover")
        let root = Self.tree([(canvasView, Rect(x: 100, y: 40, width: 80, height: 60))])
        canvasView.addSubview(cover)
        cover.frame = Rect(x: 60, y: 0, width: 20, height: 60)
        var styles = PictureStyles()
        styles[canvasView] = ViewStyle(background: Self.blue)
        styles[cover] = ViewStyle(background: Self.yellow)
        var seen: Rect?
        styles.setDrawing(for: canvasView) { canvas, bounds in
            seen = bounds
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 80, height: 10)), with: Self.red)
            canvas.stroke(Path(ellipseIn: Rect(x: 10, y: 20, width: 30, height: 30)), with: Self.green, lineWidth: 4)
        }
        let picture = try Self.render(root, styles)
        #expect(seen == Rect(x: 0, y: 0, width: 80, height: 60))
        #expect(picture[110, 45].matches(Self.red), "the callback's fill at its (10, 5): \(picture[110, 45])")
        #expect(picture[170, 45].matches(Self.yellow), "the subview covers the callback: \(picture[170, 45])")
        #expect(picture[110, 75].matches(Self.green, tolerance: 10), "the stroke's left edge: \(picture[110, 75])")
        #expect(picture[125, 75].matches(Self.blue), "the background inside the ring: \(picture[125, 75])")
    }

    @Test("Label.draw(in:frame:) draws into a caller's Cairo context; Canvas.drawText wraps as a Label measures")
    func labelIntoOwnContext() throws {
        let label = Label(text: "Own context", font: "DejaVu Sans Bold 24")
        let probe = View(id: "probe")
        let root = Self.tree([(probe, Rect(x: 0, y: 0, width: 200, height: 120))])
        var styles = PictureStyles()
        var measured: TextMeasurement?
        styles.setDrawing(for: probe) { canvas, _ in
            label.draw(in: canvas.context, frame: Rect(x: 10, y: 10, width: 180, height: 40))
            measured = canvas.drawText("one two three four five six", font: "DejaVu Sans 12",
                                       in: Rect(x: 10, y: 60, width: 60, height: 60))
        }
        let picture = try Self.render(root, styles)
        #expect(picture.count(x: 10..<190, y: 10..<50) { $0.isInk } > 100)
        let wrapped = Label(text: "one two three four five six", font: "DejaVu Sans 12", numberOfLines: 0, lineBreakMode: .wordWrap)
        #expect(measured == wrapped.measurement(forWidth: 60))
        #expect((measured?.lineCount ?? 0) >= 3)
        #expect(picture.count(x: 70..<200, y: 60..<120) { $0.isInk } == 0, "wrapped inside its 60-point width")
    }

    @Test("the finished SVG: Cairo's glyph outlines (no <text>), the styles' colours as rsvg-convert draws them")
    func svg() throws {
        let card = View(id: "card"), title = Label(id: "title", text: "Glyphs", font: "DejaVu Sans 20")
        let root = Self.tree([(card, Rect(x: 20, y: 20, width: 100, height: 60))])
        card.addSubview(title)
        title.frame = Rect(x: 10, y: 10, width: 80, height: 30)
        var styles = PictureStyles()
        styles[card] = ViewStyle(background: Self.blue, cornerRadius: 8)
        title.textColor = .white
        let svg = try PictureRenderer.svg(of: root, styles: styles)
        #expect(svg.contains("<svg") && svg.contains("width=\"200px\"") && svg.contains("height=\"120px\""), "\(svg.prefix(300))")
        #expect(!svg.contains("<text"))
        #expect(svg.contains("glyph"), "text drawn as glyph outlines")
        guard let png = try Self.rasterize(svg) else { return }
        let picture = try #require(PixelImage(png: png))
        #expect(picture[25, 75].matches(Self.blue), "\(picture[25, 75])")
        #expect(picture[5, 5].alpha == 0)
        #expect(picture.count(x: 30..<110, y: 30..<60) { $0.red > 240 && $0.green > 240 && $0.blue > 240 } > 20, "white glyphs")
    }

    /// The SVG as PNG by rsvg-convert (nil when it is not installed: `make test` installs it).
    static func rasterize(_ svg: String) throws -> [UInt8]? {
        let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tool else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(svg.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    @Test("conflicting views are outlined in red in the wireframe and in the finished picture, PNG and PDF")
    func conflictOutlines() throws {
        let box = View(id: "box")
        let root = Self.tree([(box, Rect(x: 40, y: 30, width: 100, height: 50))])
        for styles in [nil, PictureStyles()] as [PictureStyles?] {
            let picture = try #require(PixelImage(png: try PictureRenderer.png(of: root, styles: styles, conflicting: [box])))
            #expect(picture[90, 31].matches(Self.red), "\(styles == nil ? "wireframe" : "finished"): \(picture[90, 31])")
            let plain = try #require(PixelImage(png: try PictureRenderer.png(of: root, styles: styles)))
            #expect(!plain[90, 31].matches(Self.red))
        }
        let pdf = String(decoding: try PictureRenderer.pdf(of: root, conflicting: [box]), as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        let svg = try PictureRenderer.svg(of: root, styles: PictureStyles(), conflicting: [box])
        #expect(svg.contains("stroke-width:3;stroke-linecap:butt;stroke-linejoin:miter;stroke:rgb(86.27451%,14.901961%,14.901961%)"),
                "the red outline in the SVG")
    }

    @Test("the wireframe PNG is opaque RGB with the depth palette, the same colours as the SVG renderer's")
    func wireframe() throws {
        #expect(PictureRenderer.palette.map(\.fill) == SVGRenderer.palette.map(\.fill))
        #expect(PictureRenderer.palette.map(\.stroke) == SVGRenderer.palette.map(\.stroke))
        let box = View(id: "box")
        let root = Self.tree([(box, Rect(x: 40, y: 30, width: 100, height: 50))])
        let picture = try #require(PixelImage(png: try PictureRenderer.png(of: root)))
        #expect(picture[90, 50].matches(Color(hex: PictureRenderer.palette[1].fill)!))
        #expect(picture[10, 10].matches(Color(hex: PictureRenderer.palette[0].fill)!))
        // With styles and wireframe: true, the outlines go on top of the finished picture, nothing filled.
        let overlay = try #require(PixelImage(png: try PictureRenderer.png(of: root, styles: PictureStyles(), wireframe: true)))
        #expect(overlay[40, 50].matches(Color(hex: PictureRenderer.palette[1].stroke)!, tolerance: 10), "\(overlay[40, 50])")
        #expect(overlay[90, 50].alpha == 0)
    }
}
