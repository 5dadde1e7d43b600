import Trellis
import TrellisSupport

/// A screen described as data: a `layout-document/1` JSON text with a root size, views with ids
/// and parents, layout guides, and constraints written as strings in the Tails syntax — and the
/// other constructs of the Swift DSL: text items (``TextEntry``), hidden views, stacks
/// (``StackEntry``), layout sets (``LayoutSetEntry``) and Visual Format strings
/// (``VisualFormatEntry``), each built by the same code as in Swift (`StackView`,
/// `Tails.layoutSet(for:)`, `Tails.visual(...)`).
///
/// ```swift
/// let text = """
///     {"format": "layout-document/1",
///      "root": {"id": "screen", "width": 320, "height": 480},
///      "views": [{"id": "title", "intrinsicSize": {"width": 120, "height": 20}}],
///      "constraints": ["title~.top == 20", "title~.centerX == screen~"]}
///     """
/// let document = try LayoutDocument.parse(Array(text.utf8), name: "title.json")
/// let result = try document.makeLayout().layout()
/// result.snapshot?[id: "title"]       // (100, 20, 120, 20)
/// ```
///
/// The format is specified in `docs/layout-document.md`. Parsing is strict and complete: malformed
/// JSON, unknown fields, bad numbers, duplicate ids, unknown or cyclic parents, constraint syntax
/// errors and unknown items all throw a ``LayoutDocumentError`` naming the entry and its line and
/// column. A document that parses builds without errors.
///
/// Each constraint string becomes a `LayoutRelation` exactly as the Swift DSL would build it
/// (see ``ConstraintSyntax/relation(in:)``), so a document and the equivalent `Tails.install`
/// call lay out identically.
public struct LayoutDocument: Sendable {
    /// Two priorities, one per axis.
    public struct AxisPriorities: Sendable, Hashable {
        /// The priority on the horizontal axis.
        public var horizontal: Priority
        /// The priority on the vertical axis.
        public var vertical: Priority

        /// Creates a pair of priorities.
        public init(horizontal: Priority, vertical: Priority) {
            self.horizontal = horizontal
            self.vertical = vertical
        }
    }

    /// A view of the document (the root included).
    public struct ViewEntry: Sendable, Hashable {
        /// The id, unique among the views and guides of the document.
        public var id: String
        /// The id of the superview; nil for the root only.
        public var parent: String?
        /// The intrinsic content size; a component of `View.noIntrinsicMetric` means none on that axis.
        public var intrinsicSize: Size?
        /// Content-hugging priorities (default 250 on both axes).
        public var hugging: AxisPriorities
        /// Compression-resistance priorities (default 750 on both axes).
        public var compression: AxisPriorities
        /// The offset of the first baseline from the top (default 0).
        public var firstBaseline: Double
        /// The offset of the last baseline from the bottom (default 0).
        public var lastBaseline: Double
        /// The layout margins (default 8 on each side).
        public var margins: EdgeInsets
        /// The safe-area insets (default zero).
        public var safeArea: EdgeInsets
        /// Whether the margins guide is inset from the safe area (default true).
        public var marginsFromSafeArea: Bool
        /// Whether the view forces a layout direction (default: inherit).
        public var direction: SemanticContentAttribute
        /// The view's text, for a text item (`"text"` and its fields); nil for other views. A text
        /// item's size comes from measuring it (see ``TextEntry``), not from ``intrinsicSize``.
        public var text: TextEntry? = nil
        /// Whether the view is hidden (`"hidden": true`; default false). A `StackView` gives its
        /// hidden arranged views no room; elsewhere a hidden view lays out like any other.
        public var isHidden: Bool = false
        /// The view's stack (`"stack"`), making it a `StackView`; nil for other views.
        public var stack: StackEntry? = nil
        /// How the view looks in a finished picture (`"style"`); nil for none.
        public var style: StyleEntry? = nil
        /// The image the view shows (`"image"`); nil for none.
        public var image: ImageEntry? = nil
        /// For a scroll view (`"scroll": {}`, making it a `ScrollView`): its content offset
        /// (`"contentOffset": [x, y]`, default zero); nil for other views.
        public var scrollOffset: Point? = nil
        /// A frame set in code (`"frame": [x, y, width, height]`): the view translates its
        /// autoresizing mask into constraints; nil for views placed by constraints only.
        public var frame: Rect? = nil
        /// The autoresizing mask of a view with a ``frame`` (`"autoresizing": [...]`, default none).
        public var autoresizing: AutoresizingMask = []
        /// The 1-based line of the entry in the document.
        public var line: Int
    }

    /// A layout guide of the document.
    public struct GuideEntry: Sendable, Hashable {
        /// The id, unique among the views and guides of the document.
        public var id: String
        /// The id of the view that owns the guide.
        public var owner: String
        /// The 1-based line of the entry in the document.
        public var line: Int
    }

    /// A constraint of the document.
    public struct ConstraintEntry: Sendable, Hashable {
        /// The position in the document's `constraints` array (0-based).
        public var index: Int
        /// The parsed constraint string.
        public var syntax: ConstraintSyntax
        /// The label (from `~~ "label"` or the entry's `label` field), if any.
        public var label: String?
        /// The 1-based line of the constraint string in the document.
        public var line: Int
        /// The 1-based column of the string's opening quote.
        public var column: Int
        /// The document column of each scalar of the string when it contains escapes (nil when
        /// the string's columns are simply `column + n`).
        var escapedColumns: [Int]?
        /// Where the entry is, for messages: `constraints`, or `layoutSets[0].cases[1].constraints`.
        var arrayName = "constraints"

        /// The document column of the `n`-th scalar (1-based) of the constraint string.
        public func documentColumn(ofScalar n: Int) -> Int {
            if let escapedColumns, !escapedColumns.isEmpty {
                return escapedColumns[min(max(n, 1), escapedColumns.count) - 1]
            }
            return column + max(n, 1)
        }

        /// How errors name the entry: `constraints[3] "title~.top == …"` (long strings shortened,
        /// line breaks and tabs shown as spaces); a layout set's constraint reads
        /// `layoutSets[0].cases[1].constraints[2] "…"`, with ``index`` its position in its case.
        public var subject: String {
            "\(arrayName)[\(index)] \"\(Self.shortened(syntax.text))\""
        }

        /// `text` on one line, at most 60 characters.
        static func shortened(_ text: String) -> String {
            // Most strings are short printable ASCII: they are shown as they are, without copying.
            let utf8 = text.utf8
            if utf8.count <= 60, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars.prefix(61) {
                scalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
            }
            return scalars.count > 60 ? String(String.UnicodeScalarView(scalars.prefix(57))) + "..." : String(scalars)
        }
    }

    /// The format tag this reader understands: `layout-document/1`.
    public static let formatTag = "layout-document/1"
    /// The most views and guides a document may have.
    public static let maximumItems = 10_000
    /// The most constraints a document may have.
    public static let maximumConstraints = 50_000
    /// The largest size, inset, offset or root dimension accepted, in points.
    public static let maximumMagnitude = 1e6

    /// The name used in messages and constraint locations (usually the file name).
    public var name: String
    /// The root view; its ``ViewEntry/parent`` is nil.
    public var root: ViewEntry
    /// The root's size.
    public var size: Size
    /// The root's `displayScale`: frames are rounded by edges to `1 / displayScale` points
    /// (`View.displayScale`, `FrameSnapping`); 0, the default, keeps them exact.
    public var displayScale: Double = 0
    /// The other views, in document order (siblings are ordered back to front as listed).
    public var views: [ViewEntry]
    /// The layout guides.
    public var guides: [GuideEntry]
    /// The constraints, in document order.
    public var constraints: [ConstraintEntry]
    /// The layout sets (`layoutSets`), in document order.
    public var layoutSets: [LayoutSetEntry] = []
    /// The Visual Format strings (`visualFormat`), in document order.
    public var visualFormats: [VisualFormatEntry] = []

    /// Parses and validates a `layout-document/1` text.
    /// - Parameters:
    ///   - bytes: The UTF-8 JSON text.
    ///   - name: The name used in constraint locations and messages, such as the file name.
    /// - Throws: ``LayoutDocumentError`` naming the offending entry, with its line and column.
    public static func parse(_ bytes: [UInt8], name: String = "document") throws(LayoutDocumentError) -> LayoutDocument {
        let document = try decode(bytes, name: name)
        try document.checkBuilds()
        return document
    }

    /// Reads and validates a `layout-document/1` text as ``parse(_:name:)`` does, without the
    /// check that the document builds: for callers that build it right away with
    /// ``makeLayout(width:height:makeView:)``, which throws the same errors the check would, so
    /// the document is built once instead of twice.
    package static func decode(_ bytes: [UInt8], name: String = "document") throws(LayoutDocumentError) -> LayoutDocument {
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try JSONValue.parseWithPositions(bytes)
        } catch let error as JSONParseError {
            throw LayoutDocumentError("invalid JSON: \(error.message)", line: error.line, column: error.column)
        } catch {
            throw LayoutDocumentError("invalid JSON: \(error)")
        }
        return try LayoutDocumentDecoder(root: parsed.value, positions: parsed.positions, name: name).decode()
    }

    /// Builds the document once, checking only (nothing activated or kept), so that a parsed
    /// document always builds: throws what ``makeLayout(width:height:makeView:)`` would with the
    /// default factory.
    package func checkBuilds() throws(LayoutDocumentError) {
        _ = try DocumentLayout(document: self, size: size, makeView: LayoutDocument.defaultView(for:), checkingOnly: true)
    }

    /// Parses a document held in a string (see ``parse(_:name:)``).
    public static func parse(_ text: String, name: String = "document") throws(LayoutDocumentError) -> LayoutDocument {
        try parse(Array(text.utf8), name: name)
    }

    /// Builds the document's views, guides and constraints, ready to lay out.
    ///
    /// Views are made by `makeView`, once per entry of ``views`` (not the root, and not stacks,
    /// which are always `StackView`s): it must return a new view with the entry's id, not in any
    /// hierarchy; the layout then applies the entry's priorities, margins, safe area and direction
    /// (and, for entries without text, the intrinsic size and baselines). The default,
    /// ``defaultView(for:)``, measures text with a simple model; `TrellisText` passes
    /// `Label.documentView(for:)` to measure it with Pango:
    ///
    /// ```swift
    /// import TrellisText
    /// let result = try document.makeLayout(width: 390, makeView: Label.documentView(for:)).layout()
    /// ```
    /// - Parameters:
    ///   - width: Overrides the root's width.
    ///   - height: Overrides the root's height.
    ///   - makeView: Makes the view of an entry (default ``defaultView(for:)``).
    /// - Throws: ``LayoutDocumentError`` for a size that is not positive and at most 1e6, for a view
    ///   from `makeView` that breaks the rules above, or for a constraint that cannot be resolved
    ///   (never for a document returned by `parse(_:name:)` with the default factory).
    public func makeLayout(width: Double? = nil, height: Double? = nil,
                           makeView: (ViewEntry) -> View = LayoutDocument.defaultView(for:))
        throws(LayoutDocumentError) -> DocumentLayout
    {
        for (label, value) in [("width", width), ("height", height)] {
            if let value, !(value > 0 && value <= Self.maximumMagnitude) {
                throw LayoutDocumentError("the root \(label) must be positive and at most 1e6, not \(NumberFormat.short(value))")
            }
        }
        return try DocumentLayout(document: self, size: Size(width: width ?? size.width, height: height ?? size.height),
                                  makeView: makeView)
    }

    /// The entry of the view (or root) with this id.
    public func view(id: String) -> ViewEntry? {
        id == root.id ? root : views.first { $0.id == id }
    }
}
