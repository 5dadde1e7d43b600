import CPangoCairo
import Trellis
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
                               lineCount: lines, isTruncated: pango_layout_is_ellipsized(layout) != 0)
    }

    /// The lines of `key`'s layout, aligned: the first ``TextKey/numberOfLines`` (all when 0),
    /// each with the characters it shows, its logical extent and its baseline, in points.
    func lines(of key: TextKey, alignment: TextAlignment) -> [TextLine] {
        guard !key.text.isEmpty else { return [] }
        let layout = makeLayout(key)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_alignment(layout, alignment == .center ? PANGO_ALIGN_CENTER
            : alignment == .trailing ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        guard let textPointer = pango_layout_get_text(layout) else { return [] }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(textPointer))
        func slice(_ start: Int32, _ length: Int32) -> String {
            let low = max(0, min(Int(start), bytes.count)), high = max(low, min(Int(start) + Int(length), bytes.count))
            return String(decoding: bytes[low..<high], as: UTF8.self)
        }
        let scale = TextKey.unitsPerPoint
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var result: [TextLine] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            // The line's own characters, unless Pango put an ellipsis in it: then its runs, in order.
            var shown = slice(line.pointee.start_index, line.pointee.length)
            var runs: [String] = []
            var ellipsized = false
            var node = line.pointee.runs
            while let current = node {
                if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item {
                    if Int32(item.pointee.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
                        ellipsized = true
                        runs.append("…")
                    } else {
                        runs.append(slice(item.pointee.offset, item.pointee.length))
                    }
                }
                node = current.pointee.next
            }
            if ellipsized { shown = runs.joined() }
            while let last = shown.unicodeScalars.last, last == " " || last == "\n" || last == "\r" || last == "\t"
                || last == "\u{2028}" || last == "\u{2029}" {
                shown.unicodeScalars.removeLast()
            }
            result.append(TextLine(text: shown,
                                   frame: Rect(x: Double(logical.x) / scale, y: Double(logical.y) / scale,
                                               width: Double(logical.width) / scale, height: Double(logical.height) / scale),
                                   baseline: Double(baseline) / scale))
            if key.numberOfLines > 0, result.count >= key.numberOfLines { break }
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// The face fontconfig gives for `font`: its family, size in points, weight and style.
    func face(of font: String) -> TextFace {
        let asked = description(of: font)
        var face = TextFace(family: requestedFamilies(of: font).first ?? "", size: 0, isBold: false, isItalic: false)
        if let loaded = pango_font_map_load_font(fontMap, context, asked) {
            let described = pango_font_describe(loaded)
            if let name = pango_font_description_get_family(described) { face.family = String(cString: name) }
            face.size = Double(pango_font_description_get_size(described)) / TextKey.unitsPerPoint
            face.isBold = pango_font_description_get_weight(described).rawValue >= 600
            face.isItalic = pango_font_description_get_style(described) != PANGO_STYLE_NORMAL
            pango_font_description_free(described)
            g_object_unref(UnsafeMutableRawPointer(loaded))
        }
        return face
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
