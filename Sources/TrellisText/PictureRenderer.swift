import CPangoCairo
import Trellis

/// Draws a laid-out view tree with Cairo, as a PNG image or a one-page PDF: every view a box
/// filled with the colour of its depth (`PicturePalette.depths`, as in the SVG pictures) and
/// outlined, every ``Label`` with its text, drawn by Pango exactly as it was measured.
///
/// ```swift
/// try root.layoutIfNeeded()                                  // the frames to draw
/// let png = try PictureRenderer.png(of: root, scale: 2)      // 2 pixels a point
/// let pdf = try PictureRenderer.pdf(of: root)                // one page, sized in points
/// try Data(png).write(to: URL(filePath: "screen.png"))       // (with Foundation)
/// ```
///
/// The picture is the root's bounds (its frame's size; its origin is ignored) with `margin`
/// points of white around it; nothing is drawn outside the root. The renderer reads each view's
/// `View.frame` as it is: lay the tree out first (`View.layoutIfNeeded()`), or write a
/// `LayoutSnapshot` to it (`LayoutSnapshot.apply(to:)`). Hidden views and their subviews are
/// not drawn. A label's text is laid out at its frame's width, starts at the frame's top, and is
/// clipped to the frame and to its line limit.
///
/// Rendering is thread-safe for separate trees (each thread uses its own Pango context). Every
/// failure is a thrown ``PictureRenderingError``.
public enum PictureRenderer {
    /// What to do when a label's font family is not installed (fontconfig then substitutes
    /// another one silently; see ``Label/hasInstalledFont``).
    public enum FontPolicy: Sendable, Hashable {
        /// Draw with fontconfig's substitute (the default), as the measurement did.
        case fallBack
        /// Throw ``PictureRenderingError/fontUnavailable(label:font:resolvedFamily:)``.
        case requireInstalled
    }

    /// The colour of label text (slate 900, as the SVG pictures' ink).
    static let ink = Colour(hex: "#0f172a")
    /// The colour around the root.
    static let background = Colour(red: 1, green: 1, blue: 1)
    /// Cairo's largest image side, in pixels.
    static let maximumPixels = 32_767.0
    /// The largest PDF page side, in points (200 inches).
    static let maximumPoints = 14_400.0

    /// The tree as a PNG image of `(root width + 2 × margin) × scale` by `(root height + 2 ×
    /// margin) × scale` pixels (rounded up), opaque, in 8-bit RGB.
    ///
    /// ```swift
    /// let bytes = try PictureRenderer.png(of: root, scale: 2, margin: 16)
    /// ```
    /// - Parameters:
    ///   - root: The laid-out tree's root.
    ///   - scale: Pixels per point (default 1).
    ///   - margin: White space around the root, in points (default 0; negative counts as 0).
    ///   - fonts: What to do when a label's font is not installed (default ``FontPolicy/fallBack``).
    /// - Returns: The bytes of a PNG file.
    public static func png(of root: View, scale: Double = 1, margin: Double = 0,
                           fonts: FontPolicy = .fallBack) throws(PictureRenderingError) -> [UInt8] {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let page = try pageSize(of: root, margin: margin)
        let pixelWidth = (page.width * scale).rounded(.up), pixelHeight = (page.height * scale).rounded(.up)
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= maximumPixels, pixelHeight <= maximumPixels else {
            throw .invalidSize(width: page.width, height: page.height)
        }
        if fonts == .requireInstalled { try checkFonts(in: root) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw .cairo(operation: "cairo_image_surface_create", status: "no surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cairo_image_surface_create")
        try draw(root, on: surface, scale: scale, margin: max(0, margin))
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
        }
        try check(status, "cairo_surface_write_to_png_stream")
        return sink.bytes
    }

    /// The tree as a one-page PDF document whose page is `root width + 2 × margin` by `root
    /// height + 2 × margin` points, text as real (selectable) text with its fonts embedded.
    ///
    /// ```swift
    /// let bytes = try PictureRenderer.pdf(of: root)
    /// ```
    /// - Parameters:
    ///   - root: The laid-out tree's root.
    ///   - margin: White space around the root, in points (default 0; negative counts as 0).
    ///   - fonts: What to do when a label's font is not installed (default ``FontPolicy/fallBack``).
    /// - Returns: The bytes of a PDF file.
    public static func pdf(of root: View, margin: Double = 0,
                           fonts: FontPolicy = .fallBack) throws(PictureRenderingError) -> [UInt8] {
        let page = try pageSize(of: root, margin: margin)
        guard page.width <= maximumPoints, page.height <= maximumPoints else {
            throw .invalidSize(width: page.width, height: page.height)
        }
        if fonts == .requireInstalled { try checkFonts(in: root) }
        let sink = ByteSink()
        try withExtendedLifetime(sink) { () throws(PictureRenderingError) in
            guard let surface = cairo_pdf_surface_create_for_stream(
                ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), page.width, page.height) else {
                throw .cairo(operation: "cairo_pdf_surface_create_for_stream", status: "no surface")
            }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), "cairo_pdf_surface_create_for_stream")
            try draw(root, on: surface, scale: 1, margin: max(0, margin))
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "cairo_surface_finish")
        }
        return sink.bytes
    }

    // MARK: - Drawing

    /// The picture's size in points: the root's size plus the margins, checked.
    private static func pageSize(of root: View, margin: Double) throws(PictureRenderingError) -> Size {
        let inset = margin.isFinite ? max(0, margin) : .nan
        let size = Size(width: root.frame.width + 2 * inset, height: root.frame.height + 2 * inset)
        guard size.width.isFinite, size.height.isFinite, root.frame.width > 0, root.frame.height > 0 else {
            throw .invalidSize(width: size.width, height: size.height)
        }
        return size
    }

    private static func checkFonts(in root: View) throws(PictureRenderingError) {
        for case let label as Label in visibleViews(of: root) where !label.hasInstalledFont {
            throw .fontUnavailable(label: label.name, font: label.font, resolvedFamily: label.resolvedFontFamily)
        }
    }

    /// The root and the descendants that are not hidden and not inside a hidden view.
    private static func visibleViews(of root: View) -> [View] {
        var views: [View] = []
        var pending = [root]
        while let view = pending.popLast() {
            if view.isHidden { continue }
            views.append(view)
            pending.append(contentsOf: view.subviews.reversed())
        }
        return views
    }

    private static func check(_ status: cairo_status_t, _ operation: String) throws(PictureRenderingError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
    }

    /// Draws the white page, then the root's subtree inside it.
    private static func draw(_ root: View, on surface: OpaquePointer, scale: Double,
                             margin: Double) throws(PictureRenderingError) {
        guard let cr = cairo_create(surface) else { throw .cairo(operation: "cairo_create", status: "no context") }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        background.set(on: cr)
        cairo_paint(cr)
        cairo_translate(cr, margin, margin)
        cairo_rectangle(cr, 0, 0, root.frame.width, root.frame.height)
        cairo_clip(cr)
        if !root.isHidden { drawView(root, at: Point(x: 0, y: 0), depth: 0, on: cr) }
        try check(cairo_status(cr), "drawing")
    }

    /// Draws `view` with its top-left corner at `origin` (root coordinates), then its subviews.
    private static func drawView(_ view: View, at origin: Point, depth: Int, on cr: OpaquePointer) {
        let frame = Rect(origin: origin, size: view.frame.size)
        let valid = [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite)
        if valid, frame.width > 0, frame.height > 0 {
            let colours = PicturePalette.depths[depth % PicturePalette.depths.count]
            cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
            Colour(hex: colours.fill).set(on: cr)
            cairo_fill(cr)
            if frame.width > 1, frame.height > 1 {
                // The outline inside the box, so that nothing spills past the frame.
                cairo_rectangle(cr, frame.minX + 0.5, frame.minY + 0.5, frame.width - 1, frame.height - 1)
                Colour(hex: colours.stroke).set(on: cr)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            }
            if let label = view as? Label { drawText(of: label, in: frame, on: cr) }
        }
        // A scroll view shows its content moved by the offset, only inside its frame.
        var content = origin
        if let scroll = view as? ScrollView {
            cairo_save(cr)
            cairo_rectangle(cr, frame.minX, frame.minY, max(0, frame.width), max(0, frame.height))
            cairo_clip(cr)
            content = Point(x: origin.x - scroll.contentOffset.x, y: origin.y - scroll.contentOffset.y)
        }
        defer { if view is ScrollView { cairo_restore(cr) } }
        for subview in view.subviews where !subview.isHidden {
            let next = Point(x: content.x + subview.frame.minX, y: content.y + subview.frame.minY)
            drawView(subview, at: next, depth: depth + 1, on: cr)
        }
    }

    /// The label's text laid out at the frame's width — the layout its measurement at that width
    /// used, aligned — from the frame's top, clipped to the frame and the shown lines.
    private static func drawText(of label: Label, in frame: Rect, on cr: OpaquePointer) {
        let key = label.key(width: frame.width)
        guard !key.text.isEmpty else { return }
        let measured = TextMeasurementCache.measurement(of: key)
        let layout = PangoThreadContext.current.makeLayout(key)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let alignment: PangoAlignment = switch label.textAlignment {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, alignment)
        cairo_save(cr)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, min(frame.height, measured.size.height))
        cairo_clip(cr)
        ink.set(on: cr)
        cairo_move_to(cr, frame.minX, frame.minY)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }
}

/// An RGB colour for Cairo.
struct Colour {
    let red: Double, green: Double, blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A `#rrggbb` colour (black when malformed).
    init(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        let value = digits.count == 6 ? UInt32(digits, radix: 16) ?? 0 : 0
        self.init(red: Double((value >> 16) & 0xff) / 255, green: Double((value >> 8) & 0xff) / 255,
                  blue: Double(value & 0xff) / 255)
    }

    func set(on cr: OpaquePointer) { cairo_set_source_rgb(cr, red, green, blue) }
}

/// Collects what Cairo writes to a stream.
final class ByteSink {
    var bytes: [UInt8] = []

    /// Cairo's write callback; `closure` is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
        return CAIRO_STATUS_SUCCESS
    }
}
