import CPangoCairo
import Trellis

/// Pango, called directly (not through TrellisText), set up as the documentation of `Label`
/// says: a PangoCairo font map at 72 dpi, unhinted metrics, unrounded glyph positions. The tests
/// compare the library's numbers with what this reports for the same text.
final class PangoProbe {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer

    init() {
        fontMap = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// What Pango reports for `text` in `font` wrapped (word, then char) at `widthUnits` (-1: none).
    struct Report {
        /// `pango_layout_get_size`, in Pango units.
        var width: Int32, height: Int32
        /// `pango_layout_get_baseline`, in Pango units.
        var baseline: Int32
        /// `pango_layout_get_line_count`.
        var lines: Int32
        /// The size in points.
        var size: Size { Size(width: Double(width) / 1024, height: Double(height) / 1024) }
    }

    func report(_ text: String, font: String, widthUnits: Int32 = -1, ellipsizeLines: Int32? = nil) -> Report {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, widthUnits)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let ellipsizeLines {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -ellipsizeLines)
        }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Report(width: width, height: height, baseline: pango_layout_get_baseline(layout),
                      lines: pango_layout_get_line_count(layout))
    }

    /// The smallest width in Pango units at which `text` fits on `lines` lines (binary search on
    /// Pango's own line count).
    func narrowestWidth(_ text: String, font: String, lines: Int32) -> Int32 {
        var low: Int32 = 1, high = report(text, font: font).width + 1024
        while low < high {
            let middle = low + (high - low) / 2
            if report(text, font: font, widthUnits: middle).lines <= lines { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
