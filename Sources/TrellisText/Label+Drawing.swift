import CPangoCairo
import Trellis

extension Label {
    /// Draws the label's text into a Cairo context (`cairo_t *`) of yours, exactly as
    /// ``PictureRenderer`` draws it: laid out at `frame`'s width (the layout its measurement at
    /// that width used), aligned by ``textAlignment``, from `frame`'s top, in ``textColor``,
    /// clipped to `frame` and to the shown lines. `frame` is in the context's user space.
    ///
    /// ```swift
    /// let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 100)
    /// let cr = cairo_create(surface)!
    /// let title = Label(text: "Hello", font: "DejaVu Sans Bold 24")
    /// title.draw(in: cr, frame: Rect(x: 10, y: 10, width: 380, height: 80))
    /// ```
    ///
    /// Call it on the thread that uses the context: Pango layouts come from this thread's Pango
    /// context, and a Cairo context must not be used by two threads at once. The context's state
    /// (source, clip, current point) is saved and restored.
    public func draw(in context: OpaquePointer, frame: Rect) {
        draw(in: context, frame: frame, color: textColor)
    }

    /// Draws the text as ``draw(in:frame:)`` does, in `color`.
    func draw(in context: OpaquePointer, frame: Rect, color: Color) {
        guard [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite),
              frame.width > 0, frame.height > 0 else { return }
        let key = key(width: frame.width)
        guard !key.text.isEmpty else { return }
        let measured = TextMeasurementCache.measurement(of: key)
        let layout = PangoThreadContext.current.makeLayout(key)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let alignment: PangoAlignment = switch textAlignment {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, alignment)
        cairo_save(context)
        cairo_rectangle(context, frame.minX, frame.minY, frame.width, min(frame.height, measured.size.height))
        cairo_clip(context)
        color.set(on: context)
        cairo_move_to(context, frame.minX, frame.minY)
        pango_cairo_show_layout(context, layout)
        cairo_restore(context)
    }
}
