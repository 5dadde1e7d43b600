import Testing
import Trellis
import TrellisText

/// The README's finished-picture snippet (TrellisText), compiled and checked.
@Suite("README: finished pictures")
struct RenderingReadmeTests {
    @Test("the README's styles snippet draws a 2x PNG with the card's white and the meter's green")
    func styles() throws {
        let root = View(id: "root"), card = View(id: "card"), meter = View(id: "meter")
        root.frame = Rect(x: 0, y: 0, width: 120, height: 80)
        root.addSubview(card)
        card.frame = Rect(x: 10, y: 10, width: 100, height: 60)
        card.addSubview(meter)
        meter.frame = Rect(x: 10, y: 20, width: 60, height: 20)
        // --- rendering: README ---
        var styles = PictureStyles()
        styles[card] = ViewStyle(background: Color(hex: "#ffffff")!, borderWidth: 1,
                                 borderColor: Color(hex: "#e2e8f0")!, cornerRadius: 12, clipsToBounds: true)
        styles.setDrawing(for: meter) { canvas, bounds in          // the view's own coordinates
            canvas.fill(Path(roundedRect: bounds, cornerRadius: 4), with: Color(hex: "#22c55e")!)
        }
        let png = try PictureRenderer.png(of: root, styles: styles, scale: 2)
        // --- end ---
        #expect(png.count > 100 && Array(png.prefix(4)) == [0x89, 0x50, 0x4e, 0x47])
        #expect(styles[card].cornerRadius == 12 && styles[meter] == ViewStyle())
    }
}
