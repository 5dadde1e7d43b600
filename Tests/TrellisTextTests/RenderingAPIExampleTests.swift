import CPangoCairo
import Testing
import Trellis
@testable import TrellisText

/// The `///` examples of the rendering API (Color, ViewStyle, PictureStyles, Path, Canvas, Image,
/// ImageView, Label.draw(in:frame:), PictureRenderer), compiled and their results checked.
@Suite("Rendering API examples")
struct RenderingAPIExampleTests {
    @Test("Color: hex forms, clamping, description")
    func color() throws {
        let accent = Color(hex: "#2563eb")!              // opaque
        let shade = Color(hex: "#0f172a80")!             // alpha 0x80 / 255
        let ink = Color(red: 0.1, green: 0.1, blue: 0.1) // alpha 1
        #expect(accent.description == "#2563eb" && accent.alpha == 1)
        #expect(shade.description == "#0f172a80" && abs(shade.alpha - 128.0 / 255) < 1e-12)
        #expect(ink.alpha == 1)
        for bad in ["2563eb", "#2563e", "#2563ebz0", "#12345678a", "", "#", "#ggg000"] { #expect(Color(hex: bad) == nil, "\(bad)") }
        #expect(Color(red: 2, green: -1, blue: .nan, alpha: 0.5) == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(Color(hex: "#ABCDEF") == Color(hex: "#abcdefff"))
    }

    @Test("PictureStyles, ViewStyle, Path and Canvas as their documentation shows them")
    func styles() throws {
        let root = View(id: "root"), card = View(id: "card"), badge = View(id: "badge"), sparkline = View(id: "sparkline")
        let chart = View(id: "chart")
        root.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        for view in [card, badge, sparkline, chart] { root.addSubview(view) }
        card.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        badge.frame = Rect(x: 110, y: 0, width: 40, height: 20)
        sparkline.frame = Rect(x: 110, y: 30, width: 80, height: 20)
        chart.frame = Rect(x: 0, y: 52, width: 48, height: 48)
        var styles = PictureStyles()
        styles[card] = ViewStyle(background: Color(hex: "#ffffff")!, borderWidth: 1,
                                 borderColor: Color(hex: "#e2e8f0")!, cornerRadius: 12, clipsToBounds: true)
        styles[root] = ViewStyle(background: .white)
        styles[badge] = ViewStyle(background: Color(hex: "#dbeafe")!, cornerRadius: 10)
        styles.setDrawing(for: sparkline) { canvas, bounds in
            var line = Path()
            line.move(to: Point(x: 0, y: bounds.height))
            line.addLine(to: Point(x: bounds.width, y: 0))
            canvas.stroke(line, with: Color(hex: "#2563eb")!, lineWidth: 2)
        }
        styles.setDrawing(for: chart) { canvas, bounds in
            canvas.fill(Path(roundedRect: bounds, cornerRadius: 8), with: Color(hex: "#eff6ff")!)
            canvas.stroke(Path(ellipseIn: Rect(x: 8, y: 8, width: 32, height: 32)), with: .black, lineWidth: 2)
            canvas.drawText("42 %", font: "DejaVu Sans Bold 14", color: .black, in: bounds, alignment: .center)
        }
        let png = try PictureRenderer.png(of: root, styles: styles, scale: 2)
        let pdf = try PictureRenderer.pdf(of: root, styles: styles)
        let svg = try PictureRenderer.svg(of: root, styles: styles)
        let wire = try PictureRenderer.png(of: root)
        let picture = try #require(PixelImage(png: png))
        #expect(picture.width == 400 && picture[250, 150].matches(.white))
        #expect(picture[260, 90].matches(Color(hex: "#2563eb")!, tolerance: 30), "the sparkline's diagonal: \(picture[260, 90])")
        #expect(pdf.count > 100 && svg.hasPrefix("<?xml") && wire.count > 100)

        var tick = Path()
        tick.move(to: Point(x: 2, y: 8))
        tick.addLine(to: Point(x: 6, y: 12))
        tick.addLine(to: Point(x: 14, y: 3))
        let pill = Path(roundedRect: Rect(x: 0, y: 0, width: 80, height: 24), cornerRadius: 12)
        #expect(tick.elements.count == 3 && pill.elements.count == 10 && !pill.isEmpty)
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0) == Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test("Image and ImageView: the size of the PNG, the intrinsic size of the view")
    func images() throws {
        let path = ReadmePaths.packageRoot + "/docs/examples/images/avatar.png"
        let avatar = try Image(contentsOfFile: path)
        #expect(avatar.size == Size(width: 160, height: 160))
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        let view = ImageView(id: "avatar", image: try Image(contentsOfFile: path), contentMode: .scaleAspectFill)
        root.addSubview(view)
        Tails.install(view~.top.leading == root~ + 16)      // 160 × 160: the image's size
        try root.layoutIfNeeded()
        #expect(view.frame == Rect(x: 16, y: 16, width: 160, height: 160))
        view.image = try Image(png: makePNG(columns: 3, rows: 2) { _, _ in .black })
        try root.layoutIfNeeded()
        #expect(view.frame.size == Size(width: 3, height: 2))
        #expect(throws: PictureRenderingError.unreadableImage(source: "/nonexistent.png", reason: "no such file")) {
            try Image(contentsOfFile: "/nonexistent.png")
        }
        #expect(throws: PictureRenderingError.self) { try Image(png: [1, 2, 3]) }
    }

    @Test("Label.draw(in:frame:) into a surface of the caller's")
    func labelDraw() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 100)
        let cr = cairo_create(surface)!
        let title = Label(text: "Hello", font: "DejaVu Sans Bold 24")
        title.draw(in: cr, frame: Rect(x: 10, y: 10, width: 380, height: 80))
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var inked = 0
        for y in 0..<100 {
            for x in 0..<400 where data[y * stride + x * 4 + 3] > 128 {
                #expect(x >= 10 && y >= 10 && y < 10 + Int(title.measurement(forWidth: 380).size.height) + 1)
                inked += 1
            }
        }
        #expect(inked > 100)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }
}

/// Where the package is, for files the examples read.
enum ReadmePaths {
    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
}
