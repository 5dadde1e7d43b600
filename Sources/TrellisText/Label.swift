import Trellis

/// A view that shows text, measured by Pango: its intrinsic size, its height at a width (it
/// wraps) and its baselines come from the fonts installed on the machine.
///
/// ```swift
/// let root = View(id: "root")
/// root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
/// let title = Label(id: "title", text: "Trellis", font: "DejaVu Sans Bold 20")
/// let body = Label(id: "body", text: longText, numberOfLines: 0, lineBreakMode: .wordWrap)
/// let card = Tails.stack(.vertical, spacing: 8) { title; body }
/// root.addSubview(card)
/// Tails.install(card~.top.leading.trailing == root~ + EdgeInsets(16))
/// try root.layoutIfNeeded()
/// body.frame.height        // Pango's height of the text wrapped at 288 points
/// ```
///
/// **Units.** Pango lays the text out at 72 dpi, so a font of size 15 is 15 points tall and a
/// Pango unit is `1 / PANGO_SCALE` point. Metrics are unhinted and glyph positions unrounded:
/// the sizes do not depend on the scale a picture is drawn at, and
/// ``PictureRenderer`` draws every label wrapped exactly as it was measured.
///
/// **Layout.** The label takes part in layout passes through `View.sizeForWidth` (set by the
/// initializer — do not replace it): each pass measures the text unwrapped, solves, measures it
/// again at the solved width and solves again while the size changes. The measured size is held
/// with the label's content hugging and compression resistance priorities, as any intrinsic size.
/// Pango lays lines out in whole units (1/1024 pt): text cut with an ellipsis to the width it is
/// offered measures as wide as that width, not that width rounded down to a unit, so frames
/// follow the root's width as lines, as UIKit's do.
/// ``intrinsicContentSize`` reads the unwrapped size; assigning it has no effect.
///
/// **Baselines.** ``firstBaselineOffsetFromTop`` and ``lastBaselineOffsetFromBottom`` are those
/// of the latest measurement (the text at the width of the latest solve), so baseline alignment
/// in stacks works; assigning them has no effect. The text is drawn from the top of the frame:
/// a frame taller than the text leaves the space below it empty.
///
/// **Caching.** Measurements are cached per text, font, width (in Pango units), line limit and
/// break mode, for all labels of all threads: a layout pass that changes nothing calls Pango not
/// at all, relaying out at a width seen before is free, and a text that fits unwrapped in the
/// width it is offered reuses its unwrapped measurement (Pango would lay it out the same).
///
/// **Threads.** A label, like every view, belongs to the task that builds and lays out its
/// tree. Separate trees may be laid out concurrently: each thread measures with its own Pango
/// font map and context (made on first use, released when the thread ends); the shared cache is
/// guarded by a mutex. Drawing follows the same rule: ``draw(in:frame:)`` and ``PictureRenderer``
/// lay the text out with the drawing thread's Pango context, on a Cairo context that only that
/// thread uses while it draws.
///
/// **Fonts.** ``font`` is a Pango font description: `"DejaVu Sans 15"`, `"Sans Bold 12"`,
/// `"DejaVu Serif, Serif Italic 18"`. When a family is not installed, fontconfig silently picks
/// another; ``resolvedFontFamily`` tells which, ``hasInstalledFont`` whether it is one that was
/// asked for, and ``PictureRenderer`` can refuse to draw with a substitute
/// (``PictureRenderer/FontPolicy/requireInstalled``).
public final class Label: View {
    /// The font used when none is given: DejaVu Sans (Debian package `fonts-dejavu-core`), 15 points.
    public static let defaultFont = "DejaVu Sans 15"

    /// The text shown. Newlines start paragraphs; NUL characters are ignored.
    public var text: String { didSet { if text != oldValue { latest = nil; invalidateIntrinsicContentSize() } } }
    /// The font, as a Pango font description (`"DejaVu Sans Bold 15"`); a description without a
    /// size uses Pango's default size.
    public var font: String { didSet { if font != oldValue { latest = nil; invalidateIntrinsicContentSize() } } }
    /// The most lines shown; 0 means no limit (default 1, as UIKit's labels). Negative counts as 0.
    public var numberOfLines: Int { didSet { if numberOfLines != oldValue { latest = nil; invalidateIntrinsicContentSize() } } }
    /// How lines are broken and shortened (default ``LineBreakMode/truncateTail``).
    public var lineBreakMode: LineBreakMode { didSet { if lineBreakMode != oldValue { latest = nil; invalidateIntrinsicContentSize() } } }
    /// Where each line sits across the label's width (default ``TextAlignment/leading``). It
    /// changes the drawing only, never the measurement.
    public var textAlignment: TextAlignment { didSet { if textAlignment != oldValue { setNeedsLayout() } } }
    /// The text's colour in finished pictures and ``draw(in:frame:)`` (default black, as UIKit's
    /// labels). The wireframe picture draws every label in its own ink. It never changes layout.
    public var textColor: Color = .black

    /// The measurement the latest layout round used (the baselines come from it).
    private var latest: TextMeasurement?

    /// Creates a label.
    /// - Parameters:
    ///   - id: A name for diagnostics and snapshots.
    ///   - text: The text shown.
    ///   - font: A Pango font description (default ``defaultFont``).
    ///   - numberOfLines: The most lines shown, 0 for no limit (default 1).
    ///   - lineBreakMode: How lines are broken and shortened (default ``LineBreakMode/truncateTail``).
    ///   - textAlignment: Where lines sit across the width (default ``TextAlignment/leading``).
    public init(id: String? = nil, text: String = "", font: String = Label.defaultFont, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .truncateTail, textAlignment: TextAlignment = .leading) {
        self.text = text
        self.font = font
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.textAlignment = textAlignment
        super.init(id: id)
        sizeForWidth = { [weak self] width in
            guard let self else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
            let measured = self.measurement(forWidth: width)
            self.latest = measured
            return Self.size(of: measured, offered: width)
        }
    }

    /// The size a label asks for at `offered` points: the measured size, except that text cut
    /// with an ellipsis whose widest line reaches the last whole Pango unit of `offered` is as
    /// wide as `offered`. Pango lays lines out in whole units (1/1024 pt), so such a line's own
    /// width is `offered` rounded down to a unit: taken as the label's width it would make the
    /// layout a staircase of 1/1024-pt steps in the root's width instead of the line UIKit's
    /// labels follow (a label whose text is cut fills the width its constraints give it). Text
    /// that is not cut keeps its own width, even a wrapped line that happens to fill the unit.
    static func size(of measured: TextMeasurement, offered: Double?) -> Size {
        guard measured.isTruncated, let offered, offered > 0, offered < TextKey.unwrappedWidth else { return measured.size }
        let limit = Double(TextKey.units(forWidth: offered)) / TextKey.unitsPerPoint
        guard measured.size.width >= limit, measured.size.width <= offered else { return measured.size }
        return Size(width: offered, height: measured.size.height)
    }

    /// Pango's measurement of the text laid out at `width` points (`nil`: unwrapped), with the
    /// label's font, line limit and break mode. Cached.
    ///
    /// ```swift
    /// let label = Label(text: "Two words", numberOfLines: 0, lineBreakMode: .wordWrap)
    /// label.measurement(forWidth: nil).lineCount   // 1
    /// label.measurement(forWidth: 20).lineCount    // 2
    /// ```
    public func measurement(forWidth width: Double?) -> TextMeasurement {
        TextMeasurementCache.measurement(of: key(width: width))
    }

    /// The unwrapped size of the text (zero for empty text). Assigning has no effect: the size
    /// comes from Pango.
    public override var intrinsicContentSize: Size? {
        get { measurement(forWidth: nil).size }
        set {}
    }

    /// The first line's baseline from the top, as of the latest measurement. Assigning has no effect.
    public override var firstBaselineOffsetFromTop: Double {
        get { (latest ?? measurement(forWidth: nil)).firstBaseline }
        set {}
    }

    /// The last shown line's baseline from the bottom of the measured text, as of the latest
    /// measurement. Assigning has no effect.
    public override var lastBaselineOffsetFromBottom: Double {
        get { (latest ?? measurement(forWidth: nil)).lastBaselineFromBottom }
        set {}
    }

    /// One line's height in Pango's metrics for ``font`` (the unwrapped text's height per line):
    /// a baseline-to-baseline ``SystemSpacing`` is the larger of its items' (nil for empty text).
    /// Assigning has no effect: the height comes from Pango.
    public override var textLineHeight: Double? {
        get {
            let unwrapped = measurement(forWidth: nil)
            return unwrapped.lineCount > 0 && unwrapped.size.height > 0 ? unwrapped.size.height / Double(unwrapped.lineCount) : nil
        }
        set {}
    }

    /// The font family fontconfig gives for ``font``: the one asked for when it is installed,
    /// else a substitute (fontconfig never fails), or `""` when no font can be loaded at all.
    ///
    /// ```swift
    /// Label(text: "x", font: "DejaVu Sans 12").resolvedFontFamily     // "DejaVu Sans"
    /// Label(text: "x", font: "No Such Font 12").resolvedFontFamily    // e.g. "DejaVu Sans"
    /// ```
    public var resolvedFontFamily: String { PangoThreadContext.current.resolvedFamily(of: font) }

    /// Whether ``resolvedFontFamily`` is a family ``font`` asks for (case-insensitively), or
    /// ``font`` names no specific family — none, or a generic one such as `Sans`, `Serif` or
    /// `Monospace`, which fontconfig maps to an installed font by design.
    public var hasInstalledFont: Bool {
        let context = PangoThreadContext.current
        let resolved = context.resolvedFamily(of: font).lowercased()
        guard !resolved.isEmpty else { return false }
        let requested = context.requestedFamilies(of: font).map { $0.lowercased() }
        if requested.isEmpty { return true }
        return requested.contains { $0 == resolved || Self.genericFamilies.contains($0) }
    }

    /// The families fontconfig treats as aliases of installed fonts.
    private static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// The cache key of the text at `width`.
    func key(width: Double?) -> TextKey {
        TextKey(text: text, font: font, width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
    }
}
