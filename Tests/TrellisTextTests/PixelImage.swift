import CPangoCairo
import TrellisText

/// A PNG decoded by Cairo with its alpha: each pixel as straight (not premultiplied) RGBA bytes.
struct PixelImage {
    /// One pixel.
    struct Pixel: Equatable, CustomStringConvertible {
        var red: Int, green: Int, blue: Int, alpha: Int

        var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

        /// Whether every channel is within `tolerance` of `color` (alpha included).
        func matches(_ color: Color, tolerance: Int = 3) -> Bool {
            let expected = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
            return zip([red, green, blue, alpha], expected).allSatisfy { abs($0 - $1) <= tolerance }
        }

        /// Dark, opaque enough ink (text drawn in black or near it on a light or transparent page).
        var isInk: Bool { alpha > 128 && 0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue) < 100 }
    }

    let width: Int, height: Int
    private let pixels: [Pixel]

    /// Decodes `png`; nil when Cairo cannot.
    init?(png: [UInt8]) {
        guard let surface = DecodedImage.surface(png: png) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            return nil
        }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                let word = raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                let alpha = hasAlpha ? Int(word >> 24) : 255
                func straight(_ shift: UInt32) -> Int {
                    let premultiplied = Int((word >> shift) & 0xff)
                    return alpha == 0 ? 0 : min(255, (premultiplied * 255 + alpha / 2) / alpha)
                }
                pixels.append(Pixel(red: straight(16), green: straight(8), blue: straight(0), alpha: alpha))
            }
        }
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }

    /// How many pixels in the columns `xs` and rows `ys` satisfy `test`.
    func count(x xs: Range<Int>, y ys: Range<Int>, where test: (Pixel) -> Bool) -> Int {
        var count = 0
        for y in ys.clamped(to: 0..<height) {
            for x in xs.clamped(to: 0..<width) where test(self[x, y]) { count += 1 }
        }
        return count
    }
}

/// A PNG of `columns` × `rows` pixels, each pixel the colour `colour(x, y)` gives, made with Cairo.
func makePNG(columns: Int, rows: Int, colour: (Int, Int) -> Color) -> [UInt8] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(columns), Int32(rows))
    let cr = cairo_create(surface)
    for y in 0..<rows {
        for x in 0..<columns {
            let c = colour(x, y)
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            cairo_rectangle(cr, Double(x), Double(y), 1, 1)
            cairo_fill(cr)
        }
    }
    cairo_destroy(cr)
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
    withExtendedLifetime(sink) { _ = cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(sink).toOpaque()) }
    cairo_surface_destroy(surface)
    return sink.bytes
}
