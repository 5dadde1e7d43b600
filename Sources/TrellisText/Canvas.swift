import CPangoCairo
import Trellis

/// What a drawing callback draws with (see ``PictureStyles/setDrawing(for:_:)``): fills and
/// strokes of ``Path``s, text measured and laid out exactly as a ``Label`` measures it, images,
/// and — for anything else — the Cairo context itself.
///
/// ```swift
/// styles.setDrawing(for: chart) { canvas, bounds in
///     canvas.fill(Path(roundedRect: bounds, cornerRadius: 8), with: Color(hex: "#eff6ff")!)
///     canvas.stroke(Path(ellipseIn: Rect(x: 8, y: 8, width: 32, height: 32)), with: .black, lineWidth: 2)
///     canvas.drawText("42 %", font: "DejaVu Sans Bold 14", color: .black, in: bounds, alignment: .center)
/// }
/// ```
///
/// The coordinates are the view's own: `(0, 0)` is its top-left corner and the callback's
/// rectangle is its bounds. Nothing clips the drawing to the bounds unless the view's style says
/// ``ViewStyle/clipsToBounds``. A canvas is valid only during the callback, on the thread that
/// renders (Cairo and Pango objects are used by one thread at a time).
public struct Canvas {
    /// The Cairo context (`cairo_t *`), translated to the view's top-left corner and scaled to
    /// points. Save and restore its state around changes (`cairo_save`, `cairo_restore`); it is
    /// valid only during the callback.
    public let context: OpaquePointer

    /// A canvas on a Cairo context (`cairo_t *`) the caller owns.
    public init(context: OpaquePointer) { self.context = context }

    /// Fills `path` with `color` (non-zero winding).
    public func fill(_ path: Path, with color: Color) {
        path.apply(to: context)
        color.set(on: context)
        cairo_fill(context)
    }

    /// Strokes `path` with `color`, `lineWidth` points wide, centred on the path.
    public func stroke(_ path: Path, with color: Color, lineWidth: Double = 1) {
        guard lineWidth.isFinite, lineWidth > 0 else { return }
        path.apply(to: context)
        color.set(on: context)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    /// Draws `text` laid out at `rect`'s width from its top — wrapped, shortened and aligned
    /// exactly as a ``Label`` with the same text, font, line limit and break mode is measured —
    /// clipped to `rect`.
    /// - Returns: The measurement used (its size is the text's extent from `rect`'s top-left).
    @discardableResult
    public func drawText(_ text: String, font: String = Label.defaultFont, color: Color = .black, in rect: Rect,
                         numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .wordWrap,
                         alignment: TextAlignment = .leading) -> TextMeasurement {
        let label = Label(text: text, font: font, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                          textAlignment: alignment)
        label.textColor = color
        label.draw(in: context, frame: rect)
        return label.measurement(forWidth: rect.width)
    }

    /// Draws `image` into `rect`, placed by `contentMode` (UIKit's meaning).
    public func draw(_ image: Image, in rect: Rect, contentMode: ContentMode = .scaleToFill) {
        image.draw(in: rect, mode: contentMode, on: context)
    }
}
