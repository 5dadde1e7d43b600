import CPangoCairo
import Trellis

/// Draws a laid-out view tree with Cairo — as a PNG image, a one-page PDF or an SVG document —
/// either finished (styles, text, images, your own drawing) or as a wireframe for debugging.
///
/// ```swift
/// try root.layoutIfNeeded()                                           // the frames to draw
/// var styles = PictureStyles()
/// styles[card] = ViewStyle(background: .white, cornerRadius: 12)
/// let png = try PictureRenderer.png(of: root, styles: styles, scale: 2)   // finished, 2 pixels a point
/// let pdf = try PictureRenderer.pdf(of: root, styles: styles)             // one page, sized in points
/// let svg = try PictureRenderer.svg(of: root, styles: styles)             // text as glyph outlines
/// let wire = try PictureRenderer.png(of: root)                            // the wireframe
/// ```
///
/// **Finished or wireframe.** With `styles`, the picture is finished: every view back to front
/// in subview order, as ``ViewStyle`` describes (background, content, subviews clipped where the
/// view clips, border, opacity); a ``Label``'s text in its ``Label/textColor``; an
/// ``ImageView``'s image by its content mode; the drawing callbacks of ``PictureStyles``. What
/// no style covers is transparent (PNG with alpha; no page colour in PDF and SVG). Add
/// `wireframe: true` to outline every view on top in the colour of its depth. Without `styles`,
/// the picture is the wireframe: every view a box filled with the colour of its depth
/// (``palette``, as in `TrellisDocument`'s SVG pictures) and outlined, every label's text in
/// slate ink, on white (an opaque RGB PNG). In both, the views in `conflicting` are outlined in
/// thick red on top.
///
/// The picture is the root's bounds (its frame's size; its origin is ignored) with `margin`
/// points around it; nothing is drawn outside the root. The renderer reads each view's
/// `View.frame` as it is: lay the tree out first (`View.layoutIfNeeded()`), or write a
/// `LayoutSnapshot` to it (`LayoutSnapshot.apply(to:)`). Hidden views and their subviews are
/// not drawn. A label's text is laid out at its frame's width, starts at the frame's top, and is
/// clipped to the frame and to its line limit.
///
/// **Threads.** Rendering is thread-safe for separate trees: each thread lays text out with its
/// own Pango context, and each picture has its own Cairo surface and context. A tree, its
/// styles, images and drawing callbacks are used by the rendering thread only; callbacks run on
/// it, synchronously. Every failure is a thrown ``PictureRenderingError``.
public enum PictureRenderer {
    /// What to do when a label's font family is not installed (fontconfig then substitutes
    /// another one silently; see ``Label/hasInstalledFont``).
    public enum FontPolicy: Sendable, Hashable {
        /// Draw with fontconfig's substitute (the default), as the measurement did.
        case fallBack
        /// Throw ``PictureRenderingError/fontUnavailable(label:font:resolvedFamily:)``.
        case requireInstalled
    }

    /// The colour of label text in the wireframe (slate 900, as the SVG pictures' ink).
    static let ink = Color(hex: "#0f172a")!
    /// The colour around the root in the wireframe.
    static let background = Color.white
    /// The outline colour of conflicting views (as the SVG pictures').
    static let conflictColor = Color(hex: "#dc2626")!
    /// Cairo's largest image side, in pixels.
    static let maximumPixels = 32_767.0
    /// The largest PDF page side, in points (200 inches).
    static let maximumPoints = 14_400.0

    /// The tree as a PNG image of `(root width + 2 × margin) × scale` by `(root height + 2 ×
    /// margin) × scale` pixels (rounded up): 8-bit RGB with alpha when finished, opaque 8-bit RGB
    /// for the wireframe.
    ///
    /// ```swift
    /// let bytes = try PictureRenderer.png(of: root, scale: 2, margin: 16)
    /// ```
    /// - Parameters:
    ///   - root: The laid-out tree's root.
    ///   - styles: The finished picture's styles; nil (the default) draws the wireframe.
    ///   - wireframe: With `styles`, also outline every view on top (default false).
    ///   - conflicting: Views outlined in thick red on top (a conflict's items).
    ///   - scale: Pixels per point (default 1).
    ///   - margin: Space around the root, in points (default 0; negative counts as 0), white in
    ///     the wireframe, transparent in finished pictures.
    ///   - fonts: What to do when a label's font is not installed (default ``FontPolicy/fallBack``).
    /// - Returns: The bytes of a PNG file.
    public static func png(of root: View, styles: PictureStyles? = nil, wireframe: Bool = false, conflicting: [View] = [],
                           scale: Double = 1, margin: Double = 0,
                           fonts: FontPolicy = .fallBack) throws(PictureRenderingError) -> [UInt8] {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let page = try pageSize(of: root, margin: margin)
        let pixelWidth = (page.width * scale).rounded(.up), pixelHeight = (page.height * scale).rounded(.up)
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= maximumPixels, pixelHeight <= maximumPixels else {
            throw .invalidSize(width: page.width, height: page.height)
        }
        if fonts == .requireInstalled { try checkFonts(in: root) }
        let format = styles == nil ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let surface = cairo_image_surface_create(format, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw .cairo(operation: "cairo_image_surface_create", status: "no surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cairo_image_surface_create")
        try draw(Scene(root: root, styles: styles, wireframe: wireframe, conflicting: conflicting), on: surface,
                 scale: scale, margin: max(0, margin))
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
    ///   - styles: The finished picture's styles; nil (the default) draws the wireframe.
    ///   - wireframe: With `styles`, also outline every view on top (default false).
    ///   - conflicting: Views outlined in thick red on top (a conflict's items).
    ///   - margin: Space around the root, in points (default 0; negative counts as 0).
    ///   - fonts: What to do when a label's font is not installed (default ``FontPolicy/fallBack``).
    /// - Returns: The bytes of a PDF file.
    public static func pdf(of root: View, styles: PictureStyles? = nil, wireframe: Bool = false, conflicting: [View] = [],
                           margin: Double = 0,
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
            try draw(Scene(root: root, styles: styles, wireframe: wireframe, conflicting: conflicting), on: surface,
                     scale: 1, margin: max(0, margin))
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "cairo_surface_finish")
        }
        return sink.bytes
    }

    /// The tree as an SVG document of `root width + 2 × margin` by `root height + 2 × margin`
    /// pixels (one point is one SVG pixel), drawn by Cairo's SVG surface: text as the outlines
    /// of its glyphs (exactly the shapes of the PNG, without depending on the viewer's fonts),
    /// images embedded as PNG data.
    ///
    /// ```swift
    /// let text = try PictureRenderer.svg(of: root, styles: styles)
    /// ```
    /// - Parameters:
    ///   - root: The laid-out tree's root.
    ///   - styles: The finished picture's styles; nil (the default) draws the wireframe.
    ///   - wireframe: With `styles`, also outline every view on top (default false).
    ///   - conflicting: Views outlined in thick red on top (a conflict's items).
    ///   - margin: Space around the root, in points (default 0; negative counts as 0).
    ///   - fonts: What to do when a label's font is not installed (default ``FontPolicy/fallBack``).
    /// - Returns: The SVG text (UTF-8 XML).
    public static func svg(of root: View, styles: PictureStyles? = nil, wireframe: Bool = false, conflicting: [View] = [],
                           margin: Double = 0, fonts: FontPolicy = .fallBack) throws(PictureRenderingError) -> String {
        let page = try pageSize(of: root, margin: margin)
        guard page.width <= maximumPoints, page.height <= maximumPoints else {
            throw .invalidSize(width: page.width, height: page.height)
        }
        if fonts == .requireInstalled { try checkFonts(in: root) }
        let sink = ByteSink()
        try withExtendedLifetime(sink) { () throws(PictureRenderingError) in
            guard let surface = cairo_svg_surface_create_for_stream(
                ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), page.width, page.height) else {
                throw .cairo(operation: "cairo_svg_surface_create_for_stream", status: "no surface")
            }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), "cairo_svg_surface_create_for_stream")
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            try draw(Scene(root: root, styles: styles, wireframe: wireframe, conflicting: conflicting), on: surface,
                     scale: 1, margin: max(0, margin))
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "cairo_surface_finish")
        }
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    // MARK: - Drawing

    /// The picture's size in points: the root's size plus the margins, checked.
    static func pageSize(of root: View, margin: Double) throws(PictureRenderingError) -> Size {
        let inset = margin.isFinite ? max(0, margin) : .nan
        let size = Size(width: root.frame.width + 2 * inset, height: root.frame.height + 2 * inset)
        guard size.width.isFinite, size.height.isFinite, root.frame.width > 0, root.frame.height > 0 else {
            throw .invalidSize(width: size.width, height: size.height)
        }
        return size
    }

    static func checkFonts(in root: View) throws(PictureRenderingError) {
        for case let label as Label in visibleViews(of: root) where !label.hasInstalledFont {
            throw .fontUnavailable(label: label.name, font: label.font, resolvedFamily: label.resolvedFontFamily)
        }
    }

    /// The root and the descendants that are not hidden and not inside a hidden view.
    static func visibleViews(of root: View) -> [View] {
        var views: [View] = []
        var pending = [root]
        while let view = pending.popLast() {
            if view.isHidden { continue }
            views.append(view)
            pending.append(contentsOf: view.subviews.reversed())
        }
        return views
    }

    static func check(_ status: cairo_status_t, _ operation: String) throws(PictureRenderingError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
    }
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
