import CPangoCairo
import Trellis

/// A bitmap picture for ``ImageView`` and ``Canvas/draw(_:in:contentMode:)``: a PNG decoded by
/// Cairo. One image pixel is one point, so ``size`` is the PNG's size in pixels.
///
/// ```swift
/// let avatar = try Image(contentsOfFile: "docs/examples/avatar.png")
/// avatar.size        // (160, 160)
/// ```
///
/// An image, like a view, belongs to the task that made it (Cairo surfaces are not shared across
/// threads by this library).
public final class Image {
    /// The decoded pixels (a Cairo image surface).
    let surface: OpaquePointer
    /// The size in points (one point per pixel).
    public let size: Size

    /// Decodes the PNG file at `path`.
    /// - Throws: ``PictureRenderingError/unreadableImage(source:reason:)`` when the file is
    ///   missing, unreadable or not a PNG.
    public convenience init(contentsOfFile path: String) throws(PictureRenderingError) {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw .unreadableImage(source: path, reason: "no surface")
        }
        try self.init(surface: surface, source: path)
    }

    /// Decodes PNG bytes.
    /// - Throws: ``PictureRenderingError/unreadableImage(source:reason:)`` when they are not a PNG.
    public convenience init(png bytes: [UInt8]) throws(PictureRenderingError) {
        final class Reader {
            let bytes: [UInt8]
            var position = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard reader.position + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { source in
                data.update(from: source.baseAddress! + reader.position, count: count)
            }
            reader.position += count
            return CAIRO_STATUS_SUCCESS
        }
        let made = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let made else { throw .unreadableImage(source: "PNG bytes", reason: "no surface") }
        try self.init(surface: made, source: "PNG bytes")
    }

    /// Takes ownership of `surface` (destroyed when it is not a usable image).
    private init(surface: OpaquePointer, source: String) throws(PictureRenderingError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            // Cairo reports a file that is not a PNG as a read, PNG or (for a bad signature) memory error.
            let reason = status == CAIRO_STATUS_FILE_NOT_FOUND ? "no such file"
                : status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_PNG_ERROR || status == CAIRO_STATUS_NO_MEMORY
                ? "not a readable PNG file" : String(cString: cairo_status_to_string(status))
            throw .unreadableImage(source: source, reason: reason)
        }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0 else {
            cairo_surface_destroy(surface)
            throw .unreadableImage(source: source, reason: "the image is empty")
        }
        self.surface = surface
        self.size = Size(width: width, height: height)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Where the image goes in `rect` with `mode`, as UIKit places an image view's image.
    func placement(in rect: Rect, mode: ContentMode) -> Rect {
        let sx = rect.width / size.width, sy = rect.height / size.height
        let scale: (x: Double, y: Double) = switch mode {
        case .scaleToFill: (sx, sy)
        case .scaleAspectFit: (min(sx, sy), min(sx, sy))
        case .scaleAspectFill: (max(sx, sy), max(sx, sy))
        case .center: (1, 1)
        }
        let width = size.width * scale.x, height = size.height * scale.y
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }

    /// Draws the image into `rect` placed by `mode` (nothing for an empty or non-finite rectangle).
    func draw(in rect: Rect, mode: ContentMode, on cr: OpaquePointer) {
        let target = placement(in: rect, mode: mode)
        guard [target.minX, target.minY, target.width, target.height].allSatisfy(\.isFinite),
              target.width > 0, target.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, target.minX, target.minY, target.width, target.height)
        cairo_clip(cr)
        cairo_translate(cr, target.minX, target.minY)
        cairo_scale(cr, target.width / size.width, target.height / size.height)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
