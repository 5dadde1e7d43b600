import Trellis
import TrellisSupport

/// Draws ``LayoutPicture``s as an SVG document: nested boxes filled with a distinct colour per
/// depth, each labelled with its id and size where nothing covers the label, pictures side by
/// side with their captions.
///
/// ```swift
/// let svg = SVGRenderer().render([narrow, wide])
/// try svg.write(toFile: "demo.svg")          // (with Foundation)
/// ```
///
/// One point is one SVG pixel. Conflicting items are outlined in thick red and the conflicting
/// constraints are listed in red under the picture; ambiguous items are outlined dashed in amber
/// and listed with their ranges under the picture (``LayoutPicture/ambiguityNotes``); custom
/// layout guides are drawn as thin dotted outlines. Every box carries a `<title>` with its frame
/// (a tooltip in browsers). The output is self-contained, well-formed XML.
///
/// **Labels are never covered.** Each box's label — its id and size, else its id, else an
/// abbreviation — goes where nothing else is drawn: inside the box, clear of its descendants and
/// of the other labels; else next to the box, joined to it by a thin leader line; else into a
/// legend under the picture (`3 avatar 72 × 72`), the box showing its number where one fits.
/// Text a box carries (``LayoutPicture/Box/text``, filled in by `trellis layout` from Pango) is
/// drawn on the lines its measurer broke it into, and labels keep off it too.
public struct SVGRenderer: Sendable {
    /// Fill and outline colours per depth (the root is depth 0); deeper levels cycle.
    public static var palette: [(fill: String, stroke: String)] { PicturePalette.depths }
    /// The outline colour of conflicting items.
    public static let conflictColor = "#dc2626"
    /// The outline colour of ambiguous items (dashed) and of the lines listing them.
    public static let ambiguityColor = "#b45309"
    /// The dash pattern of ambiguous items' outlines.
    public static let ambiguityDash = "6 4"

    /// Space around the pictures, in pixels.
    public var margin: Double
    /// Space between two pictures, in pixels.
    public var gap: Double

    /// Creates a renderer.
    public init(margin: Double = 24, gap: Double = 48) {
        self.margin = max(0, min(margin, 1000))
        self.gap = max(0, min(gap, 1000))
    }

    private static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"
    private static let captionHeight = 28.0
    private static let noteLineHeight = 15.0
    /// The labels' font sizes (id, size) and line height, in pixels.
    private static let nameFontSize = 11.0
    private static let sizeFontSize = 10.0
    private static let labelLineHeight = 13.0
    /// The legend numbers' font size and line height, in pixels (small, to fit small boxes).
    private static let numberFontSize = 8.0
    private static let numberLineHeight = 10.0
    /// Space a label keeps from what it must not cover, and how far from its box it may go.
    private static let labelGap = Size(width: 1, height: 1)
    private static let labelReach = Size(width: 48, height: 32)
    /// The colour of leader lines and legend numbers.
    private static let leaderColor = "#475569"

    /// One line of a box's label: its text, font size and weight.
    struct LabelLine: Hashable {
        var text: String
        var fontSize: Double
        var isBold: Bool
    }

    /// Where everything of one picture goes, in the picture's pixels (origin at the root's top-left).
    struct PanelLayout {
        /// The boxes in drawing order: views back to front, then guides.
        var order: [LayoutPicture.Box]
        /// Their rectangles (finite, non-negative sizes).
        var rects: [Rect]
        /// Per box, the label's variants (lines each), in the order ``LabelPlacement`` tries them.
        var variants: [[[LabelLine]]]
        /// The lines of text drawn in the boxes (obstacles to labels).
        var textLines: [Rect]
        /// Where each label went.
        var placement: LabelPlacement
    }

    /// The SVG document showing `pictures` left to right.
    public func render(_ pictures: [LayoutPicture]) -> String {
        var body: [String] = []
        var x = margin
        var totalHeight = 0.0
        for picture in pictures {
            let layout = Self.layout(of: picture)
            let width = Self.finite(picture.size.width)
            let height = Self.finite(picture.size.height)
            let legend = Self.legendLines(layout)
            body.append(panel(picture, layout: layout, legend: legend, x: x, y: margin))
            let noteLines = legend + picture.notes + picture.ambiguityNotes
            let notesHeight = noteLines.isEmpty ? 0 : 8 + Double(noteLines.count) * Self.noteLineHeight
            totalHeight = max(totalHeight, Self.captionHeight + height + notesHeight)
            let noteWidth = Double(noteLines.map(\.count).max() ?? 0) * 6.6
            x += max(width, noteWidth, Double(picture.title.count) * 8) + gap
        }
        let canvasWidth = max(x - gap + margin, 2 * margin)
        let canvasHeight = totalHeight + 2 * margin
        let w = Self.number(canvasWidth), h = Self.number(canvasHeight)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" \
            font-family="\(Self.fontFamily)">
            <rect x="0" y="0" width="\(w)" height="\(h)" fill="#ffffff"/>

            """ + body.joined(separator: "\n") + "</svg>\n"
    }

    /// The boxes, labels and text of `picture`, placed.
    static func layout(of picture: LayoutPicture) -> PanelLayout {
        // Views back to front, then the guides' dotted outlines on top.
        let viewIndices = picture.boxes.indices.filter { !picture.boxes[$0].isGuide }
        let guideIndices = picture.boxes.indices.filter { picture.boxes[$0].isGuide }
        let sourceIndices = viewIndices + guideIndices
        var position = Array(repeating: 0, count: picture.boxes.count)
        for (drawn, source) in sourceIndices.enumerated() { position[source] = drawn }
        let parents = LabelPlacement.parents(depths: picture.boxes.map(\.depth))
        let order = sourceIndices.map { picture.boxes[$0] }
        let rects = order.map { rect(of: $0.frame) }
        var variants: [[[LabelLine]]] = []
        var items: [LabelPlacement.Item] = []
        var textLines: [Rect] = []
        for (drawn, source) in sourceIndices.enumerated() {
            let box = order[drawn], r = rects[drawn]
            let lines = labelVariants(of: box)
            variants.append(lines)
            let sizes = lines.map(labelSize)
            var regions: [Rect] = []
            if r.width > 4, r.height > 2 { regions.append(Rect(x: r.minX + 2, y: r.minY + 1, width: r.width - 4, height: r.height - 2)) }
            items.append(LabelPlacement.Item(rect: r, parent: parents[source].map { position[$0] }, isOutline: box.isGuide,
                                             variants: sizes, outsideVariants: sizes, regions: regions))
            textLines += shownLines(of: box, in: r).map(\.rect)
        }
        let bounds = Rect(x: 0, y: 0, width: finite(picture.size.width), height: finite(picture.size.height))
        let placement = LabelPlacement(items: items, bounds: bounds, obstacles: textLines, gap: labelGap,
                                       reach: labelReach, edge: 0) { number in
            let width = SVGTextMetrics.width(of: "\(number)", fontSize: numberFontSize, bold: true) + 2
            let size = Size(width: width, height: numberLineHeight + 2)
            return (size, size)
        }
        return PanelLayout(order: order, rects: rects, variants: variants, textLines: textLines, placement: placement)
    }

    /// The label's variants: id and size on two lines, on one line, the id, then abbreviations of it.
    private static func labelVariants(of box: LayoutPicture.Box) -> [[LabelLine]] {
        let f = box.frame
        let size = "\(NumberFormat.text(f.width, decimals: 2)) × \(NumberFormat.text(f.height, decimals: 2))"
        let name = escapeFree(box.name)
        func bold(_ text: String) -> LabelLine { LabelLine(text: text, fontSize: nameFontSize, isBold: true) }
        var variants: [[LabelLine]] = [
            [bold(name), LabelLine(text: size, fontSize: sizeFontSize, isBold: false)], [bold("\(name) \(size)")], [bold(name)],
        ]
        // A dotted id (`cell1.title`) shortens to its last segment, which says more than a prefix.
        let tail = name.split(separator: ".").last.map(String.init) ?? name
        if tail != name, !tail.isEmpty { variants.append([bold(tail)]) }
        for keep in [6, 3] where tail.count > keep + 1 { variants.append([bold(String(tail.prefix(keep)) + "…")]) }
        return variants
    }

    /// The size of a label's rectangle: its widest line and a line height per line, plus a pixel around.
    private static func labelSize(_ lines: [LabelLine]) -> Size {
        let width = lines.map { SVGTextMetrics.width(of: $0.text, fontSize: $0.fontSize, bold: $0.isBold) }.max() ?? 0
        return Size(width: width + 2, height: Double(lines.count) * labelLineHeight + 2)
    }

    /// The lines of the box's text that show (those starting inside the box), with their rectangles in the picture.
    private static func shownLines(of box: LayoutPicture.Box, in r: Rect) -> [(line: LayoutPicture.TextBlock.Line, rect: Rect)] {
        guard let text = box.text, !box.isGuide else { return [] }
        return text.lines.compactMap { line in
            let f = line.frame
            guard [f.minX, f.minY, f.width, f.height, line.baseline].allSatisfy(\.isFinite), f.minY < r.height else { return nil }
            return (line, Rect(x: r.minX + f.minX, y: r.minY + f.minY, width: abs(f.width), height: abs(f.height)))
        }
    }

    /// The legend's lines: `number id W × H` for each box whose label went there.
    static func legendLines(_ layout: PanelLayout) -> [String] {
        layout.placement.legend.enumerated().map { number, item in
            let f = layout.order[item].frame
            return "\(number + 1) \(layout.order[item].name) \(NumberFormat.text(f.width, decimals: 2)) × "
                + "\(NumberFormat.text(f.height, decimals: 2))"
        }
    }

    private func panel(_ picture: LayoutPicture, layout: PanelLayout, legend: [String], x: Double, y: Double) -> String {
        var lines: [String] = []
        lines.append("<g class=\"layout\">")
        lines.append("<text x=\"\(Self.number(x))\" y=\"\(Self.number(y + 16))\" font-size=\"15\" font-weight=\"bold\" "
            + "fill=\"#0f172a\">\(Self.escape(picture.title))</text>")
        let top = y + Self.captionHeight
        for (position, box) in layout.order.enumerated() {
            lines.append(self.box(box, rect: layout.rects[position], dx: x, dy: top))
        }
        // The labels on top of every box, with their leaders.
        lines.append("<g class=\"labels\">")
        for label in layout.placement.labels {
            lines.append(contentsOf: Self.drawLabel(label, layout: layout, dx: x, dy: top))
        }
        lines.append("</g>")
        var noteY = top + Self.finite(picture.size.height) + 8 + 11
        for entry in legend {
            lines.append("<text class=\"legend\" x=\"\(Self.number(x))\" y=\"\(Self.number(noteY))\" font-size=\"11\" "
                + "fill=\"#0f172a\">\(Self.escape(entry))</text>")
            noteY += Self.noteLineHeight
        }
        for (note, colour) in picture.notes.map({ ($0, Self.conflictColor) })
            + picture.ambiguityNotes.map({ ($0, Self.ambiguityColor) }) {
            lines.append("<text x=\"\(Self.number(x))\" y=\"\(Self.number(noteY))\" font-size=\"11\" "
                + "fill=\"\(colour)\" xml:space=\"preserve\">\(Self.escape(note))</text>")
            noteY += Self.noteLineHeight
        }
        lines.append("</g>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The frame with a non-negative size and finite numbers.
    private static func rect(of f: Rect) -> Rect {
        Rect(x: finite(min(f.minX, f.maxX)), y: finite(min(f.minY, f.maxY)), width: finite(abs(f.width)),
             height: finite(abs(f.height)))
    }

    private func box(_ box: LayoutPicture.Box, rect r: Rect, dx: Double, dy: Double) -> String {
        let f = box.frame
        let colours = Self.palette[max(0, box.depth) % Self.palette.count]
        let size = "\(NumberFormat.text(f.width, decimals: 2)) × \(NumberFormat.text(f.height, decimals: 2))"
        let fill = box.isGuide ? "none" : colours.fill
        let (stroke, strokeWidth, dash): (String, String, String?) = switch box.mark {
        case .conflict?: (Self.conflictColor, "3", nil)
        case .ambiguous?: (Self.ambiguityColor, "2", Self.ambiguityDash)
        case nil: box.isGuide ? ("#475569", "1", "1 3") : (colours.stroke, "1", nil)
        }
        var attributes = "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\""
        if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
        let kind = box.isGuide ? "guide" : "view"
        let markClass = box.mark.map { " \($0.rawValue)" } ?? ""
        var lines: [String] = []
        lines.append("<g class=\"\(kind) depth-\(box.depth)\(markClass)\">")
        lines.append("<title>\(Self.escape(box.name)) (\(kind)) x \(NumberFormat.text(f.minX, decimals: 2)), "
            + "y \(NumberFormat.text(f.minY, decimals: 2)), \(size)\(box.mark.map { ", \($0.rawValue)" } ?? "")</title>")
        lines.append("<rect x=\"\(Self.number(r.minX + dx))\" y=\"\(Self.number(r.minY + dy))\" "
            + "width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\" \(attributes)/>")
        if let text = box.text {
            let shown = Self.shownLines(of: box, in: r)
            if !shown.isEmpty {
                let family = text.fontFamily.isEmpty || Self.fontFamily.hasPrefix(text.fontFamily + ",") ? Self.fontFamily
                    : "\(text.fontFamily), \(Self.fontFamily)"
                var font = "font-family=\"\(Self.escape(family))\" "
                    + "font-size=\"\(Self.number(text.fontSize))\""
                if text.isBold { font += " font-weight=\"bold\"" }
                if text.isItalic { font += " font-style=\"italic\"" }
                lines.append("<g class=\"text\" \(font) fill=\"#0f172a\">")
                for (line, rect) in shown {
                    lines.append("<text x=\"\(Self.number(rect.minX + dx))\" y=\"\(Self.number(r.minY + line.baseline + dy))\" "
                        + "xml:space=\"preserve\">\(Self.escape(line.text))</text>")
                }
                lines.append("</g>")
            }
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// A label's text (or legend number) where the placement put it, with its leader.
    private static func drawLabel(_ label: LabelPlacement.Label, layout: PanelLayout, dx: Double, dy: Double) -> [String] {
        guard let rect = label.rect else { return [] }
        let box = layout.order[label.item]
        let ink = box.mark == .conflict ? conflictColor : "#0f172a"
        var lines: [String] = []
        if let leader = label.leader {
            lines.append("<line x1=\"\(number(leader.from.x + dx))\" y1=\"\(number(leader.from.y + dy))\" "
                + "x2=\"\(number(leader.to.x + dx))\" y2=\"\(number(leader.to.y + dy))\" stroke=\"\(leaderColor)\" "
                + "stroke-width=\"0.75\"/>")
            lines.append("<circle cx=\"\(number(leader.to.x + dx))\" cy=\"\(number(leader.to.y + dy))\" r=\"1.5\" "
                + "fill=\"\(leaderColor)\"/>")
        }
        let isNumber = label.kind == .legend
        let content: [LabelLine] = isNumber
            ? [LabelLine(text: "\(label.number ?? 0)", fontSize: numberFontSize, isBold: true)]
            : layout.variants[label.item][label.variant]
        let style = box.isGuide ? " font-style=\"italic\"" : ""
        let fill = isNumber ? leaderColor : ink
        for (index, line) in content.enumerated() {
            let baseline = rect.minY + 1 + (isNumber ? numberLineHeight : labelLineHeight) * Double(index) + 0.93 * line.fontSize
            let weight = line.isBold ? " font-weight=\"bold\"" : ""
            lines.append("<text x=\"\(number(rect.minX + 1 + dx))\" y=\"\(number(baseline + dy))\" "
                + "font-size=\"\(number(line.fontSize))\"\(weight)\(style) fill=\"\(fill)\">\(escape(line.text))</text>")
        }
        return lines
    }

    // MARK: - Text

    /// The text as it will be shown: what ``escape(_:)`` drops is dropped, so that it is measured as drawn.
    private static func escapeFree(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    private static func number(_ value: Double) -> String { NumberFormat.text(finite(value), decimals: 2) }

    /// The text with XML's special characters escaped (and control characters dropped).
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
