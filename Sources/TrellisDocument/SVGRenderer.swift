import Trellis
import TrellisLinearSystem

/// Draws ``LayoutPicture``s as an SVG document: nested boxes filled with a distinct colour per
/// depth, each labelled with its id and size, pictures side by side with their captions.
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
    /// Beyond this many overlapping boxes a label is not moved out of their way.
    private static let maximumObstacles = 64

    /// The SVG document showing `pictures` left to right.
    public func render(_ pictures: [LayoutPicture]) -> String {
        var body: [String] = []
        var x = margin
        var totalHeight = 0.0
        for picture in pictures {
            let width = Self.finite(picture.size.width)
            let height = Self.finite(picture.size.height)
            body.append(panel(picture, x: x, y: margin))
            let noteLines = picture.notes + picture.ambiguityNotes
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

    private func panel(_ picture: LayoutPicture, x: Double, y: Double) -> String {
        var lines: [String] = []
        lines.append("<g class=\"layout\">")
        lines.append("<text x=\"\(Self.number(x))\" y=\"\(Self.number(y + 16))\" font-size=\"15\" font-weight=\"bold\" "
            + "fill=\"#0f172a\">\(Self.escape(picture.title))</text>")
        let top = y + Self.captionHeight
        // Views back to front, then the guides' dotted outlines on top.
        let order = picture.boxes.filter { !$0.isGuide } + picture.boxes.filter(\.isGuide)
        let rects = order.map { Self.rect(of: $0.frame) }
        for (position, box) in order.enumerated() {
            // What may hide a label: views drawn later (guides are outlines and hide nothing), and
            // for a guide also the views it does not sit inside — those that overlap the box. With
            // very many, the label simply goes top-left (this keeps huge pictures linear).
            var obstacles: [Rect] = []
            let own = rects[position]
            for (other, rect) in rects.enumerated() where other != position && !order[other].isGuide {
                guard Self.intersects(rect, own), other > position || (box.isGuide && !Self.contains(rect, own)) else {
                    continue
                }
                obstacles.append(rect)
                if obstacles.count > Self.maximumObstacles { break }
            }
            if obstacles.count > Self.maximumObstacles { obstacles = [] }
            lines.append(self.box(box, rect: rects[position], obstacles: obstacles, dx: x, dy: top))
        }
        var noteY = top + Self.finite(picture.size.height) + 8 + 11
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

    private static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    private static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    private func box(_ box: LayoutPicture.Box, rect r: Rect, obstacles: [Rect], dx: Double, dy: Double) -> String {
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
        lines.append(contentsOf: labels(name: box.name, size: size, rect: r, obstacles: obstacles, dx: dx, dy: dy,
                                        isGuide: box.isGuide, ink: box.mark == .conflict ? Self.conflictColor : "#0f172a"))
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// The id and size in a corner of the box that no later box covers: two lines (id, size) when
    /// there is room, else one line, else the id alone, else the last segment of a dotted id.
    private func labels(name: String, size: String, rect r: Rect, obstacles: [Rect], dx: Double, dy: Double,
                        isGuide: Bool, ink: String) -> [String] {
        let fontSize = 11.0
        let lineHeight = fontSize + 1
        let charWidth = fontSize * 0.64
        let tail = name.split(separator: ".").last.map(String.init) ?? name
        var variants: [[String]] = [[name, size], ["\(name) \(size)"], [name]]
        if tail != name { variants.append([tail]) }

        struct Spot {
            var lines: [String]
            var x: Double, y: Double, anchorEnd: Bool
        }
        func spot(_ lines: [String], corner: Int) -> (Spot, Rect)? {
            let width = Double(lines.map(\.count).max() ?? 0) * charWidth + 2
            let height = Double(lines.count) * lineHeight + 2
            guard width <= r.width - 4, height <= r.height else { return nil }
            let right = corner % 2 == 1, bottom = corner >= 2
            let x = right ? r.maxX - 3 - width : r.minX + 3
            let y = bottom ? max(r.minY, r.maxY - 1 - height) : min(r.minY + 1, r.maxY - height)
            return (Spot(lines: lines, x: right ? r.maxX - 3 : r.minX + 3, y: y, anchorEnd: right),
                    Rect(x: x, y: y, width: width, height: height))
        }
        var chosen: Spot?
        search: for lines in variants {
            for corner in 0..<4 {
                guard let (candidate, area) = spot(lines, corner: corner) else { continue }
                if !obstacles.contains(where: { Self.intersects($0, area) }) {
                    chosen = candidate
                    break search
                }
            }
            // Along the top edge, just right of each box that blocks the corner.
            guard let (first, area) = spot(lines, corner: 0) else { continue }
            for obstacle in obstacles.sorted(by: { $0.maxX < $1.maxX }) where obstacle.maxX + 3 + area.width <= r.maxX - 1 {
                let moved = Rect(x: obstacle.maxX + 3, y: area.minY, width: area.width, height: area.height)
                guard moved.minX > area.minX, !obstacles.contains(where: { Self.intersects($0, moved) }) else { continue }
                chosen = Spot(lines: first.lines, x: moved.minX, y: first.y, anchorEnd: false)
                break search
            }
        }
        if chosen == nil {
            // Nowhere free: the top-left corner, with the first text that fits.
            for lines in variants {
                if let (candidate, _) = spot(lines, corner: 0) { chosen = candidate; break }
            }
        }
        if chosen == nil, r.height >= lineHeight + 2 {
            let keep = Int((r.width - 6) / charWidth) - 1
            if keep >= 1 { chosen = Spot(lines: [String(tail.prefix(keep)) + "…"], x: r.minX + 3, y: r.minY + 1, anchorEnd: false) }
        }
        guard let label = chosen else { return [] }
        let style = isGuide ? " font-style=\"italic\"" : ""
        let anchor = label.anchorEnd ? " text-anchor=\"end\"" : ""
        return label.lines.enumerated().map { index, content in
            let weight = index == 0 ? " font-weight=\"bold\"" : ""
            let baseline = label.y + lineHeight * Double(index + 1) - 2
            return "<text x=\"\(Self.number(label.x + dx))\" y=\"\(Self.number(baseline + dy))\" "
                + "font-size=\"\(Self.number(index == 0 ? fontSize : fontSize - 1))\"\(weight)\(style)\(anchor) "
                + "fill=\"\(ink)\">\(Self.escape(content))</text>"
        }
    }

    // MARK: - Text

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
