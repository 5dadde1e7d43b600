import CPangoCairo
import Trellis
import TrellisSupport

extension PictureRenderer {
    /// Fill and outline colours of the wireframe per depth (the root is depth 0); deeper levels
    /// cycle. The same colours as `SVGRenderer.palette` of `TrellisDocument` (both are one
    /// internal palette), so that a box has the same colour in every picture.
    public static var palette: [(fill: String, stroke: String)] { PicturePalette.depths }

    /// What one picture shows.
    struct Scene {
        let root: View
        /// The finished picture's styles; nil for the wireframe.
        let styles: PictureStyles?
        /// Whether the wireframe's outlines go on top of the finished picture.
        let wireframe: Bool
        /// The views outlined in red.
        let conflicting: Set<ObjectIdentifier>

        init(root: View, styles: PictureStyles?, wireframe: Bool, conflicting: [View]) {
            self.root = root
            self.styles = styles
            self.wireframe = wireframe
            self.conflicting = Set(conflicting.map(ObjectIdentifier.init))
        }
    }

    /// A visible view with its frame in the root's coordinates and its depth, in drawing order.
    struct PlacedView {
        let view: View
        let frame: Rect
        let depth: Int

        var isDrawable: Bool {
            [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite) && frame.width > 0 && frame.height > 0
        }
    }

    /// Where the subviews of `view`, drawn at `origin`, have their coordinates' origin: moved by
    /// the content offset inside a scroll view (subviews' frames are in content coordinates).
    static func contentOrigin(of view: View, at origin: Point) -> Point {
        guard let scroll = view as? ScrollView else { return origin }
        return Point(x: origin.x - scroll.contentOffset.x, y: origin.y - scroll.contentOffset.y)
    }

    /// The root and its visible descendants, parents before children, siblings back to front.
    static func placedViews(of root: View) -> [PlacedView] {
        guard !root.isHidden else { return [] }
        var placed: [PlacedView] = []
        var pending = [PlacedView(view: root, frame: Rect(origin: Point(x: 0, y: 0), size: root.frame.size), depth: 0)]
        while let next = pending.popLast() {
            placed.append(next)
            let content = contentOrigin(of: next.view, at: next.frame.origin)
            for subview in next.view.subviews.reversed() where !subview.isHidden {
                let origin = Point(x: content.x + subview.frame.minX, y: content.y + subview.frame.minY)
                pending.append(PlacedView(view: subview, frame: Rect(origin: origin, size: subview.frame.size),
                                          depth: next.depth + 1))
            }
        }
        return placed
    }

    /// Draws the scene on `surface`: the page (white for the wireframe), then the root's subtree
    /// clipped to the root, then the outlines on top.
    static func draw(_ scene: Scene, on surface: OpaquePointer, scale: Double,
                     margin: Double) throws(PictureRenderingError) {
        guard let cr = cairo_create(surface) else { throw .cairo(operation: "cairo_create", status: "no context") }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        if scene.styles == nil {
            background.set(on: cr)
            cairo_paint(cr)
        }
        cairo_translate(cr, margin, margin)
        cairo_rectangle(cr, 0, 0, scene.root.frame.width, scene.root.frame.height)
        cairo_clip(cr)
        let placed = placedViews(of: scene.root)
        if let styles = scene.styles {
            if !scene.root.isHidden { drawFinished(scene.root, at: Point(x: 0, y: 0), styles: styles, on: cr) }
            if scene.wireframe {
                for item in placed where item.isDrawable {
                    outline(item.frame, width: 1, colour: Color(hex: palette[item.depth % palette.count].stroke)!, on: cr)
                }
            }
        } else {
            for item in placed where item.isDrawable { drawWireframe(item, on: cr) }
        }
        for item in placed where item.isDrawable && scene.conflicting.contains(ObjectIdentifier(item.view)) {
            outline(item.frame, width: 3, colour: conflictColor, on: cr)
        }
        try check(cairo_status(cr), "drawing")
    }

    /// A line of `width` points just inside `frame`.
    static func outline(_ frame: Rect, width: Double, colour: Color, on cr: OpaquePointer) {
        let inset = min(width, frame.width / 2, frame.height / 2)
        guard inset > 0 else { return }
        cairo_rectangle(cr, frame.minX + inset / 2, frame.minY + inset / 2, frame.width - inset, frame.height - inset)
        colour.set(on: cr)
        cairo_set_line_width(cr, inset)
        cairo_stroke(cr)
    }

    // MARK: - Wireframe

    /// One box of the wireframe: filled with its depth's colour, outlined, a label's text in ink.
    private static func drawWireframe(_ item: PlacedView, on cr: OpaquePointer) {
        let frame = item.frame
        let colours = palette[item.depth % palette.count]
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        Color(hex: colours.fill)!.set(on: cr)
        cairo_fill(cr)
        if frame.width > 1, frame.height > 1 {
            // The outline inside the box, so that nothing spills past the frame.
            cairo_rectangle(cr, frame.minX + 0.5, frame.minY + 0.5, frame.width - 1, frame.height - 1)
            Color(hex: colours.stroke)!.set(on: cr)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        }
        if let label = item.view as? Label { label.draw(in: cr, frame: frame, color: ink) }
    }

    // MARK: - Finished

    /// Draws `view` with its top-left corner at `origin` (root coordinates) as its style says,
    /// then its subviews: background, own content, subviews (clipped when the view clips),
    /// border, all at the view's opacity.
    private static func drawFinished(_ view: View, at origin: Point, styles: PictureStyles, on cr: OpaquePointer) {
        let frame = Rect(origin: origin, size: view.frame.size)
        let entry = styles.entry(for: view)
        let style = entry?.style ?? ViewStyle()
        let opacity = style.opacity.isNaN ? 1 : min(max(style.opacity, 0), 1)
        guard opacity > 0 else { return }
        let drawable = PlacedView(view: view, frame: frame, depth: 0).isDrawable
        let shape = Path(roundedRect: frame, cornerRadius: style.cornerRadius)
        cairo_save(cr)
        if opacity < 1 { cairo_push_group(cr) }
        if drawable, let background = style.background {
            shape.apply(to: cr)
            background.set(on: cr)
            cairo_fill(cr)
        }
        cairo_save(cr)
        if style.clipsToBounds {
            if drawable { shape.apply(to: cr) } else { cairo_new_path(cr) }
            cairo_clip(cr)
        }
        if drawable { drawContent(of: view, in: frame, drawing: entry?.drawing, on: cr) }
        // A scroll view shows its content moved by the offset, only inside its frame.
        let content = contentOrigin(of: view, at: origin)
        if view is ScrollView {
            cairo_rectangle(cr, frame.minX, frame.minY, max(0, frame.width), max(0, frame.height))
            cairo_clip(cr)
        }
        for subview in view.subviews where !subview.isHidden {
            drawFinished(subview, at: Point(x: content.x + subview.frame.minX, y: content.y + subview.frame.minY),
                         styles: styles, on: cr)
        }
        cairo_restore(cr)
        let border = style.borderWidth.isFinite ? min(max(style.borderWidth, 0), frame.width / 2, frame.height / 2) : 0
        if drawable, border > 0 {
            let inner = Rect(x: frame.minX + border / 2, y: frame.minY + border / 2, width: frame.width - border,
                             height: frame.height - border)
            Path(roundedRect: inner, cornerRadius: max(0, style.cornerRadius - border / 2)).apply(to: cr)
            style.borderColor.set(on: cr)
            cairo_set_line_width(cr, border)
            cairo_stroke(cr)
        }
        if opacity < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
    }

    /// A view's own content: a label's text, an image view's image, the drawing callback.
    private static func drawContent(of view: View, in frame: Rect, drawing: PictureStyles.Drawing?, on cr: OpaquePointer) {
        if let label = view as? Label { label.draw(in: cr, frame: frame) }
        if let imageView = view as? ImageView, let image = imageView.image {
            image.draw(in: frame, mode: imageView.contentMode, on: cr)
        }
        if let drawing {
            cairo_save(cr)
            cairo_translate(cr, frame.minX, frame.minY)
            cairo_new_path(cr)
            drawing(Canvas(context: cr), Rect(origin: Point(x: 0, y: 0), size: frame.size))
            cairo_restore(cr)
        }
    }
}
