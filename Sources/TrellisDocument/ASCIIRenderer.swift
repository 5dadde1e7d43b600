import Trellis
import TrellisSupport

/// Draws a ``LayoutPicture`` as text for a terminal: one box per view, scaled so that the root
/// spans the given number of columns, with each box labelled by its id and size where nothing
/// covers the label: inside the box (or on its top edge), clear of its descendants' boxes; else
/// beside it with a marker pointing at it (`<`, `>`, `^`, `v`); else by a number in the box and a
/// legend line under the picture (`2 avatar 72 × 72`). A label too long for any of these is
/// shortened to the id, then to the last segment of a dotted id, then to a few letters and `~`.
///
/// ```text
/// profile.json — 390 × 844  (1 column ≈ 4.94 pt)
/// +------------------------------------------------------------------------------+
/// |screen 390x844                                                                |
/// |+----------------------------------------------------------------------------+|
/// ||header 390x176                                                              ||
/// ```
///
/// A character cell is taken to be twice as tall as it is wide, so rows are scaled by half the
/// column scale. Conflicting items are outlined with `#`; ambiguous ones with `:` and `.`, and
/// their label starts with `?` (`?badge 40x20`), so that the mark survives where the outline is
/// too small to see; a legend line follows the picture, then ``LayoutPicture/notes`` and
/// ``LayoutPicture/ambiguityNotes``. With ``color`` on, those outlines are also red (conflict) or
/// yellow (ambiguous) in ANSI colour.
/// Layout guides are not drawn. Everything is clipped to the root, so any frame draws safely.
///
/// **Cells.** With ``onePointPerCell`` a point is one character cell in both directions, nothing
/// is scaled, and a box whose frame is `(x, y, w, h)` covers exactly columns `x..<x+w` and rows
/// `y..<y+h`, drawn with box-drawing characters (`┌─┐│└┘`; heavy `┏━┓┃┗┛` when conflicting,
/// dashed `┌┄┐┆└┘` when ambiguous). Lay the root out with `displayScale` 1 so that every frame is
/// on whole cells (`trellis layout --display-scale 1 --ascii --columns W` of a W-point-wide root
/// turns this on); a frame not on whole cells is rounded by edges, as ``FrameSnapping`` would.
public struct ASCIIRenderer: Sendable {
    /// The width of the drawing in characters (10...1000): the root's width maps onto it.
    public var columns: Int
    /// Whether marked outlines get ANSI colours.
    public var color: Bool
    /// The most rows a drawing may take (5...2000); very tall roots are scaled down to fit.
    public var maximumRows: Int
    /// Whether one point is one character cell (see **Cells** above); off by default.
    public var onePointPerCell: Bool = false

    /// Creates a renderer for a terminal `columns` wide.
    public init(columns: Int = 80, color: Bool = false, maximumRows: Int = 400) {
        self.columns = min(max(columns, 10), 1000)
        self.color = color
        self.maximumRows = min(max(maximumRows, 5), 2_000)
    }

    /// The picture, scaled so that its root spans ``columns``.
    public func render(_ picture: LayoutPicture) -> String {
        render([picture])
    }

    /// Several pictures one after the other, all at the same scale: the widest root spans
    /// ``columns``, so narrower layouts look narrower.
    public func render(_ pictures: [LayoutPicture]) -> String {
        let scale = scale(for: pictures)
        return pictures.map { draw($0, scale: scale) }.joined(separator: "\n")
    }

    // MARK: - Drawing

    private enum Style: UInt8 {
        case plain, conflict, ambiguous
    }

    /// The characters of an outline: corners (top left, top right, bottom left, bottom right),
    /// horizontal and vertical edges.
    private struct Outline {
        let corners: (Character, Character, Character, Character)
        let horizontal: Character, vertical: Character

        static func ascii(_ style: Style) -> Outline {
            switch style {
            case .plain: Outline(corners: ("+", "+", "+", "+"), horizontal: "-", vertical: "|")
            case .conflict: Outline(corners: ("#", "#", "#", "#"), horizontal: "#", vertical: "#")
            case .ambiguous: Outline(corners: ("+", "+", "+", "+"), horizontal: ".", vertical: ":")
            }
        }

        static func boxDrawing(_ style: Style) -> Outline {
            switch style {
            case .plain: Outline(corners: ("┌", "┐", "└", "┘"), horizontal: "─", vertical: "│")
            case .conflict: Outline(corners: ("┏", "┓", "┗", "┛"), horizontal: "━", vertical: "┃")
            case .ambiguous: Outline(corners: ("┌", "┐", "└", "┘"), horizontal: "┄", vertical: "┆")
            }
        }
    }

    private struct Canvas {
        let width: Int, height: Int
        var cells: [Character]
        var styles: [Style]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            let count = width * height
            cells = Array(repeating: " ", count: count)
            styles = Array(repeating: .plain, count: count)
        }

        func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

        /// Sets the cell at column `x`, row `y` (nothing outside the canvas).
        mutating func put(_ x: Int, _ y: Int, _ c: Character, style: Style) {
            guard contains(x, y) else { return }
            let i = y * width + x
            cells[i] = c
            styles[i] = style
        }

        /// Draws a box: its interior blank (over what is behind), then its outline in `style`'s characters.
        mutating func drawBox(_ p: Cells, style: Style, boxDrawing: Bool) {
            let outline = boxDrawing ? Outline.boxDrawing(style) : Outline.ascii(style)
            let horizontal = outline.horizontal, vertical = outline.vertical
            if p.x1 - p.x0 >= 2, p.y1 - p.y0 >= 2 {
                for y in stride(from: max(p.y0 + 1, 0), through: min(p.y1 - 1, height - 1), by: 1) {
                    for x in stride(from: max(p.x0 + 1, 0), through: min(p.x1 - 1, width - 1), by: 1) {
                        let i = y * width + x
                        cells[i] = " "
                        styles[i] = .plain
                    }
                }
            }
            if p.x0 == p.x1 && p.y0 == p.y1 {
                put(p.x0, p.y0, boxDrawing ? "□" : outline.corners.0, style: style)
                return
            }
            // With box-drawing characters a box one cell tall or wide is a line: no ends across it.
            if !(boxDrawing && p.x0 == p.x1) {
                for x in stride(from: max(p.x0, 0), through: min(p.x1, width - 1), by: 1) {
                    put(x, p.y0, horizontal, style: style)
                    put(x, p.y1, horizontal, style: style)
                }
            }
            if !(boxDrawing && p.y0 == p.y1) {
                for y in stride(from: max(p.y0, 0), through: min(p.y1, height - 1), by: 1) {
                    put(p.x0, y, vertical, style: style)
                    put(p.x1, y, vertical, style: style)
                }
            }
            if boxDrawing && (p.x0 == p.x1 || p.y0 == p.y1) { return }       // a line: no corners
            let (topLeft, topRight, bottomLeft, bottomRight) = outline.corners
            for (x, y, c) in [(p.x0, p.y0, topLeft), (p.x1, p.y0, topRight), (p.x0, p.y1, bottomLeft), (p.x1, p.y1, bottomRight)] {
                put(x, y, c, style: style)
            }
        }
    }

    /// A box's cells: columns `x0...x1`, rows `y0...y1` (possibly beyond the canvas).
    fileprivate struct Cells {
        var x0: Int, y0: Int, x1: Int, y1: Int

        /// The cells as a rectangle in cell units (a cell is 1 × 1).
        var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1)) }
    }

    /// What goes on one picture's canvas: its size, the cells of the boxes drawn, and where their labels go.
    struct PanelLayout {
        let width: Int, height: Int
        /// The indices (in the picture) of the boxes drawn, in drawing order.
        let drawn: [Int]
        fileprivate let cells: [Int: Cells]
        /// Per drawn box, the label's variants (rows of characters each), in the order ``LabelPlacement`` tries them.
        let variants: [[[[Character]]]]
        /// Where each drawn box's label went (item `k` is `drawn[k]`).
        let placement: LabelPlacement
    }

    /// The scale at which `pictures` are drawn: the widest root spans ``columns``, within ``maximumRows``.
    private func scale(for pictures: [LayoutPicture]) -> Double {
        if onePointPerCell { return 1 }
        func largest(_ lengths: [Double]) -> Double { lengths.filter { $0.isFinite && $0 > 0 }.max() ?? 1 }
        let widest = largest(pictures.map { (picture: LayoutPicture) -> Double in picture.size.width })
        let tallest = largest(pictures.map { (picture: LayoutPicture) -> Double in picture.size.height })
        var scale = Double(columns - 1) / widest
        if tallest * scale / 2 > Double(maximumRows - 1) { scale = 2 * Double(maximumRows - 1) / tallest }
        return scale
    }

    /// The canvases of `pictures` as ``render(_:)-([LayoutPicture])`` draws them.
    func layouts(of pictures: [LayoutPicture]) -> [PanelLayout] {
        let scale = scale(for: pictures)
        return pictures.map { layout(of: $0, scale: scale) }
    }

    private func layout(of picture: LayoutPicture, scale: Double) -> PanelLayout {
        if onePointPerCell { return cellLayout(of: picture) }
        let sx = scale, sy = scale / 2
        let width = PictureNumber.clamped(picture.size.width * sx, to: 0...columns - 1) + 1
        let height = PictureNumber.clamped(picture.size.height * sy, to: 0...maximumRows - 1) + 1
        var cells: [Int: Cells] = [:]
        var drawn: [Int] = []
        let bound = 1_000_000
        for (index, box) in picture.boxes.enumerated() where !box.isGuide {
            let f = box.frame
            let xs = [f.minX * sx, f.maxX * sx].map { PictureNumber.clamped($0, to: -bound...bound) }.sorted()
            let ys = [f.minY * sy, f.maxY * sy].map { PictureNumber.clamped($0, to: -bound...bound) }.sorted()
            let p = Cells(x0: xs[0], y0: ys[0], x1: xs[1], y1: ys[1])
            if p.x1 < 0 || p.y1 < 0 || p.x0 >= width || p.y0 >= height { continue }
            cells[index] = p
            drawn.append(index)
        }
        return panelLayout(of: picture, width: width, height: height, cells: cells, drawn: drawn)
    }

    /// The canvas of ``onePointPerCell``: a box covers columns `minX..<maxX` and rows `minY..<maxY`
    /// (edges rounded to whole cells), the canvas is the root's size.
    private func cellLayout(of picture: LayoutPicture) -> PanelLayout {
        let bound = 1_000_000
        func cell(_ value: Double) -> Int { PictureNumber.clamped(value, to: -bound...bound) }
        let width = PictureNumber.clamped(picture.size.width, to: 1...columns)
        let height = PictureNumber.clamped(picture.size.height, to: 1...maximumRows)
        var cells: [Int: Cells] = [:]
        var drawn: [Int] = []
        for (index, box) in picture.boxes.enumerated() where !box.isGuide {
            let f = box.frame
            let x0 = cell(f.minX), y0 = cell(f.minY)
            // An empty frame still marks its cell; otherwise the last covered cell is maxX - 1.
            let p = Cells(x0: x0, y0: y0, x1: max(cell(f.maxX) - 1, x0), y1: max(cell(f.maxY) - 1, y0))
            if p.x1 < 0 || p.y1 < 0 || p.x0 >= width || p.y0 >= height { continue }
            cells[index] = p
            drawn.append(index)
        }
        return panelLayout(of: picture, width: width, height: height, cells: cells, drawn: drawn)
    }

    /// Where the labels of the `drawn` boxes go on a `width` × `height` canvas.
    private func panelLayout(of picture: LayoutPicture, width: Int, height: Int, cells: [Int: Cells],
                             drawn: [Int]) -> PanelLayout {
        // Each drawn box sits in its nearest drawn ancestor.
        let parents = LabelPlacement.parents(depths: picture.boxes.map(\.depth))
        var item: [Int: Int] = [:]
        for (position, index) in drawn.enumerated() { item[index] = position }
        var variants: [[[[Character]]]] = []
        var items: [LabelPlacement.Item] = []
        for index in drawn {
            let box = picture.boxes[index], p = cells[index]!
            var parent = parents[index]
            while let up = parent, item[up] == nil { parent = parents[up] }
            let rows = Self.labelVariants(of: box)
            variants.append(rows)
            let sizes = rows.map { Size(width: Double($0.map(\.count).max() ?? 0), height: Double($0.count)) }
            var regions: [Rect] = []
            if p.x1 - p.x0 >= 2 {
                if p.y1 - p.y0 >= 2 {
                    regions.append(Rect(x: Double(p.x0 + 1), y: Double(p.y0 + 1), width: Double(p.x1 - p.x0 - 1),
                                        height: Double(p.y1 - p.y0 - 1)))
                }
                // Else, or when the inside is taken, on the box's own top edge.
                regions.append(Rect(x: Double(p.x0 + 1), y: Double(p.y0), width: Double(p.x1 - p.x0 - 1), height: 1))
            }
            items.append(LabelPlacement.Item(rect: p.rect, parent: parent.flatMap { item[$0] }, isOutline: false,
                                             variants: sizes, outsideVariants: sizes.map { Size(width: $0.width + 1, height: $0.height) },
                                             regions: regions))
        }
        let placement = LabelPlacement(items: items, bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                       gap: Size(width: 1, height: 0), reach: Size(width: 2, height: 1), edge: 1) { number in
            let digits = Double("\(number)".count)
            return (Size(width: digits, height: 1), Size(width: digits + 1, height: 1))
        }
        return PanelLayout(width: width, height: height, drawn: drawn, cells: cells, variants: variants, placement: placement)
    }

    /// The label's variants, as rows of characters: `id WxH`, the id over the size, the id, then
    /// abbreviations of it; an ambiguous item's label starts with `?`.
    private static func labelVariants(of box: LayoutPicture.Box) -> [[[Character]]] {
        let marker = box.mark == .ambiguous ? "?" : ""
        let name = box.name.map { $0.isNewline || $0 == "\t" ? " " : $0 }.map(String.init).joined()
        let size = "\(NumberFormat.text(box.frame.width, decimals: 1))x\(NumberFormat.text(box.frame.height, decimals: 1))"
        var variants: [[String]] = [["\(marker)\(name) \(size)"], [marker + name, size], [marker + name]]
        // A dotted id (`cell1.title`) shortens to its last segment, which says more than a prefix.
        let tail = name.split(separator: ".").last.map(String.init) ?? name
        if tail != name, !tail.isEmpty { variants.append([marker + tail]) }
        for keep in [6, 3] where tail.count > keep + 1 { variants.append([marker + String(tail.prefix(keep)) + "~"]) }
        return variants.map { $0.map(Array.init) }
    }

    private func draw(_ picture: LayoutPicture, scale: Double) -> String {
        let layout = layout(of: picture, scale: scale)
        var canvas = Canvas(width: layout.width, height: layout.height)
        for index in layout.drawn {
            canvas.drawBox(layout.cells[index]!, style: Self.style(of: picture.boxes[index]), boxDrawing: onePointPerCell)
        }
        writeLabels(of: layout, into: &canvas)
        var lines = [onePointPerCell ? "\(picture.title)  (1 cell = 1 pt)"
                     : "\(picture.title)  (1 column ≈ \(NumberFormat.text(1 / scale, decimals: 2)) pt)"]
        lines += textLines(of: canvas)
        lines += Self.legendLines(of: layout, in: picture)
        if let marks = Self.markLegend(of: picture) { lines.append(marks) }
        lines.append(contentsOf: picture.notes)
        lines.append(contentsOf: picture.ambiguityNotes)
        return lines.joined(separator: "\n") + "\n"
    }

    /// How a box's outline is drawn: plain, or marked as conflicting or ambiguous.
    private static func style(of box: LayoutPicture.Box) -> Style {
        switch box.mark {
        case .conflict?: .conflict
        case .ambiguous?: .ambiguous
        case nil: .plain
        }
    }

    /// Writes every label where the placement put it; an outside one with a marker pointing at its box.
    private func writeLabels(of layout: PanelLayout, into canvas: inout Canvas) {
        for label in layout.placement.labels {
            guard let rect = label.rect else { continue }
            var rows: [[Character]] = label.kind == .legend ? [Array("\(label.number ?? 0)")] : layout.variants[label.item][label.variant]
            if label.rect != nil, label.leader != nil {
                let box = layout.placement.items[label.item].rect
                let marker: Character = rect.maxY <= box.minY ? "v" : rect.minY >= box.maxY ? "^"
                    : rect.maxX <= box.minX ? ">" : "<"
                if marker == ">" || (marker != "<" && rect.midX < box.midX) {
                    rows[0].append(marker)
                } else {
                    rows[0].insert(marker, at: 0)
                }
            }
            let x0 = Int(rect.minX), y0 = Int(rect.minY)
            for (offset, row) in rows.enumerated() { write(row, into: &canvas, row: y0 + offset, from: x0) }
        }
    }

    /// The canvas's rows as text, without trailing blanks; marked cells coloured when ``color`` is on.
    private func textLines(of canvas: Canvas) -> [String] {
        var lines: [String] = []
        for y in 0..<canvas.height {
            var line = ""
            var current = Style.plain
            for x in 0..<canvas.width {
                let i = y * canvas.width + x
                let style = color && canvas.cells[i] != " " ? canvas.styles[i] : .plain
                if style != current {
                    line += style == .plain ? "\u{1B}[0m" : style == .conflict ? "\u{1B}[31m" : "\u{1B}[33m"
                    current = style
                }
                line.append(canvas.cells[i])
            }
            if current != .plain { line += "\u{1B}[0m" }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    /// One line per box listed in the legend: `2 avatar 72 × 72`.
    private static func legendLines(of layout: PanelLayout, in picture: LayoutPicture) -> [String] {
        layout.placement.legend.enumerated().map { number, index in
            let box = picture.boxes[layout.drawn[index]]
            return "\(number + 1) \(box.mark == .ambiguous ? "?" : "")\(box.name) "
                + "\(NumberFormat.text(box.frame.width, decimals: 1)) × \(NumberFormat.text(box.frame.height, decimals: 1))"
        }
    }

    /// The line saying what the marked outlines mean, nil when no box is marked.
    private static func markLegend(of picture: LayoutPicture) -> String? {
        let marks = Set(picture.boxes.compactMap(\.mark))
        guard !marks.isEmpty else { return nil }
        var legend: [String] = []
        if marks.contains(.conflict) { legend.append("# conflicting") }
        if marks.contains(.ambiguous) { legend.append("? ambiguous (outline : and .)") }
        return legend.joined(separator: "   ")
    }

    private func write(_ text: [Character], into canvas: inout Canvas, row: Int, from: Int) {
        for (offset, c) in text.enumerated() where canvas.contains(from + offset, row) {
            let i = row * canvas.width + from + offset
            canvas.cells[i] = c
            canvas.styles[i] = .plain
        }
    }
}
