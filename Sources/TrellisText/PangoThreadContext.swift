import CPangoCairo
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The Pango objects of one thread: a PangoCairo font map at 72 dpi, a context with unhinted
/// metrics and unrounded glyph positions (so that sizes do not depend on the scale a picture is
/// drawn at), and parsed font descriptions.
///
/// Pango font maps and contexts must not be shared between threads, so each thread gets its own,
/// made on first use and released when the thread ends (a `pthread` key). Nothing here is shared:
/// the only state threads share is ``TextMeasurementCache``, behind a mutex.
final class PangoThreadContext {
    /// Points per inch: at 72 dpi a Pango unit is `1 / PANGO_SCALE` point.
    static let resolution = 72.0

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var descriptions: [String: OpaquePointer] = [:]
    private var families: [String: String] = [:]
    /// How many layouts this thread has measured (tests check that cache hits measure nothing).
    private(set) var measuredLayouts = 0

    private init() {
        let map = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(map), Self.resolution)
        fontMap = map
        context = pango_font_map_create_context(map)
        pango_cairo_context_set_resolution(context, Self.resolution)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// This thread's context, made on first use.
    static var current: PangoThreadContext {
        if let raw = pthread_getspecific(threadKey) {
            return Unmanaged<PangoThreadContext>.fromOpaque(raw).takeUnretainedValue()
        }
        let made = PangoThreadContext()
        pthread_setspecific(threadKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The parsed description of `font` (kept for the thread's life; at most a few hundred).
    private func description(of font: String) -> OpaquePointer {
        if let known = descriptions[font] { return known }
        if descriptions.count >= 256 {
            for description in descriptions.values { pango_font_description_free(description) }
            descriptions.removeAll()
        }
        let made = pango_font_description_from_string(font)!
        descriptions[font] = made
        return made
    }

    /// A new layout of `key` (the caller releases it with `g_object_unref`): font, text, width,
    /// wrapping and ellipsizing as ``LineBreakMode`` describes, left-aligned.
    func makeLayout(_ key: TextKey) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(of: key.font))
        key.text.withCString { pango_layout_set_text(layout, $0, Int32(key.text.utf8.count)) }
        pango_layout_set_width(layout, key.widthUnits)
        switch key.lineBreakMode {
        case .wordWrap, .clip:
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        case .charWrap:
            pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
        case .truncateHead, .truncateMiddle, .truncateTail:
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if key.numberOfLines > 0 {
                let mode: PangoEllipsizeMode = switch key.lineBreakMode {
                case .truncateHead: PANGO_ELLIPSIZE_START
                case .truncateMiddle: PANGO_ELLIPSIZE_MIDDLE
                default: PANGO_ELLIPSIZE_END
                }
                pango_layout_set_ellipsize(layout, mode)
                pango_layout_set_height(layout, -Int32(clamping: key.numberOfLines))
            }
        }
        return layout
    }

    /// Pango's measurement of `key`: the logical extents of the first ``TextKey/numberOfLines``
    /// lines (all when 0) and their baselines.
    func measure(_ key: TextKey) -> TextMeasurement {
        guard !key.text.isEmpty else { return .empty }
        measuredLayouts += 1
        let layout = makeLayout(key)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Self.measure(layout: layout, lineLimit: key.numberOfLines)
    }

    /// The logical extents of `layout`'s first `lineLimit` lines (all when 0), in points.
    static func measure(layout: OpaquePointer, lineLimit: Int) -> TextMeasurement {
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var lines = 0
        var width: Int32 = 0, bottom: Int32 = 0, first: Int32 = 0, last: Int32 = 0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            if lines == 0 { first = baseline }
            last = baseline
            width = max(width, logical.width)
            bottom = logical.y + logical.height
            lines += 1
            if lineLimit > 0, lines >= lineLimit { break }
        } while pango_layout_iter_next_line(iterator) != 0
        let scale = TextKey.unitsPerPoint
        return TextMeasurement(size: .init(width: Double(width) / scale, height: Double(bottom) / scale),
                               firstBaseline: Double(first) / scale, lastBaseline: Double(last) / scale,
                               lineCount: lines)
    }

    /// The family fontconfig actually gives for `font` (fontconfig falls back silently when the
    /// requested family is not installed), or `""` when no font at all can be loaded.
    func resolvedFamily(of font: String) -> String {
        if let known = families[font] { return known }
        var family = ""
        if let loaded = pango_font_map_load_font(fontMap, context, description(of: font)) {
            let described = pango_font_describe(loaded)
            if let name = pango_font_description_get_family(described) { family = String(cString: name) }
            pango_font_description_free(described)
            g_object_unref(UnsafeMutableRawPointer(loaded))
        }
        if families.count >= 256 { families.removeAll() }
        families[font] = family
        return family
    }

    /// The families named in `font` (a comma-separated list), empty when it names none.
    func requestedFamilies(of font: String) -> [String] {
        guard let name = pango_font_description_get_family(description(of: font)) else { return [] }
        return String(cString: name).split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }
}

/// The key under which each thread keeps its ``PangoThreadContext``; the destructor releases it
/// when the thread ends.
private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<PangoThreadContext>.fromOpaque(raw).release()
    }
    precondition(status == 0, "pthread_key_create failed (\(status)): no thread keys left")
    return key
}()

extension Substring {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
