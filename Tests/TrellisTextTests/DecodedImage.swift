import CPangoCairo

/// A PNG decoded by Cairo (`cairo_image_surface_create_from_png_stream`), as 8-bit RGB pixels.
struct DecodedImage {
    let width: Int, height: Int
    private let pixels: [UInt32]   // 0x00RRGGBB, row by row

    /// Decodes `png`; nil when Cairo cannot.
    init?(png: [UInt8]) {
        guard let surface = DecodedImage.surface(png: png) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        let raw = UnsafeRawPointer(data)
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xffffff)
            }
        }
        self.pixels = pixels
    }

    /// A Cairo image surface decoded from `png` (the caller destroys it), through
    /// `cairo_image_surface_create_from_png_stream`; the one PNG reader of these tests.
    static func surface(png: [UInt8]) -> OpaquePointer? {
        final class Reader {
            let bytes: [UInt8]
            var position = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(png)
        let read: cairo_read_func_t = { closure, data, length in
            let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard let data, reader.position + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            for index in 0..<count { data[index] = reader.bytes[reader.position + index] }
            reader.position += count
            return CAIRO_STATUS_SUCCESS
        }
        return withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())
        }
    }

    /// The pixel at column `x`, row `y`: 0xRRGGBB.
    subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Whether the pixel is text ink: much darker than every fill and outline colour of the palette.
    func isInk(x: Int, y: Int) -> Bool {
        let pixel = self[x, y]
        let red = Double((pixel >> 16) & 0xff), green = Double((pixel >> 8) & 0xff), blue = Double(pixel & 0xff)
        return 0.299 * red + 0.587 * green + 0.114 * blue < 60
    }
}
