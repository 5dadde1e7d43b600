import CPangoCairo

/// Everything a Pango measurement depends on: the cache key of ``TextMeasurementCache`` and the
/// recipe of ``PangoThreadContext/makeLayout(_:)``.
struct TextKey: Hashable, Sendable {
    /// The text, without NUL characters (Pango stops at the first one).
    let text: String
    /// A Pango font description: `"DejaVu Sans Bold 15"`.
    let font: String
    /// The wrapping width in Pango units, or -1 for none (never for ``LineBreakMode/clip``).
    let widthUnits: Int32
    /// The line limit, 0 for none.
    let numberOfLines: Int
    let lineBreakMode: LineBreakMode

    /// Pango units per point (`PANGO_SCALE`, 1024): the layout runs at 72 dpi, one point a pixel.
    static let unitsPerPoint = Double(pango_units_from_double(1))
    /// Widths at or above this many points are not wrapped (and stay inside Pango's `Int32` units).
    static let unwrappedWidth = 1_000_000.0

    init(text: String, font: String, width: Double?, numberOfLines: Int, lineBreakMode: LineBreakMode) {
        self.text = text.utf8.contains(0) ? String(text.unicodeScalars.filter { $0 != "\0" }) : text
        self.font = font
        self.numberOfLines = max(0, numberOfLines)
        self.lineBreakMode = lineBreakMode
        if lineBreakMode == .clip {
            widthUnits = -1
        } else {
            widthUnits = Self.units(forWidth: width)
        }
    }

    /// The same text, unwrapped.
    var unwrapped: TextKey {
        TextKey(text: text, font: font, width: nil, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
    }

    /// A width in points as Pango units: -1 (no wrapping) for `nil` or very wide, 0 for negative or
    /// NaN, else rounded down — after a tolerance far above solver noise and far below a unit, so
    /// that a width solved to Pango's own measurement wraps exactly as that measurement did.
    static func units(forWidth width: Double?) -> Int32 {
        guard let width else { return -1 }
        if width >= unwrappedWidth { return -1 }
        guard width > 0 else { return 0 }
        return Int32((width * unitsPerPoint + 1e-3).rounded(.down))
    }
}
