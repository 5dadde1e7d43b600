import Trellis
import TrellisLinearSystem

/// Draws a ``LayoutPicture`` as text for a terminal: one box per view, scaled so that the root
/// spans the given number of columns, with each box labelled by its id and size where it fits.
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
public struct ASCIIRenderer: Sendable {
    /// The width of the drawing in characters (10...1000): the root's width maps onto it.
    public var columns: Int
    /// Whether marked outlines get ANSI colours.
    public var color: Bool
    /// The most rows a drawing may take (5...2000); very tall roots are scaled down to fit.
    public var maximumRows: Int

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
        let widest = pictures.map(\.size.width).filter { $0.isFinite && $0 > 0 }.max() ?? 1
        let tallest = pictures.map(\.size.height).filter { $0.isFinite && $0 > 0 }.max() ?? 1
        var scale = Double(columns - 1) / widest
        if tallest * scale / 2 > Double(maximumRows - 1) { scale = 2 * Double(maximumRows - 1) / tallest }
        return pictures.map { draw($0, scale: scale) }.joined(separator: "\n")
    }

    // MARK: - Drawing

    private enum Style: UInt8 {
        case plain, conflict, ambiguous
    }

    private struct Canvas {
        let width: Int, height: Int
        var cells: [Character]
        var styles: [Style]
        /// The box whose interior contains each cell (innermost wins), or -1.
        var interiorOwner: [Int]
        /// The box that drew the border at each cell last, or -1.
        var borderOwner: [Int]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            let count = width * height
            cells = Array(repeating: " ", count: count)
            styles = Array(repeating: .plain, count: count)
            interiorOwner = Array(repeating: -1, count: count)
            borderOwner = Array(repeating: -1, count: count)
        }

        func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }
    }

    private func draw(_ picture: LayoutPicture, scale: Double) -> String {
        let sx = scale, sy = scale / 2
        let width = PictureNumber.clamped(picture.size.width * sx, to: 0...columns - 1) + 1
        let height = PictureNumber.clamped(picture.size.height * sy, to: 0...maximumRows - 1) + 1
        var canvas = Canvas(width: width, height: height)

        struct Placed {
            var x0: Int, y0: Int, x1: Int, y1: Int
        }
        var placed: [Int: Placed] = [:]
        let bound = 1_000_000
        for (index, box) in picture.boxes.enumerated() where !box.isGuide {
            let f = box.frame
            let xs = [f.minX * sx, f.maxX * sx].map { PictureNumber.clamped($0, to: -bound...bound) }.sorted()
            let ys = [f.minY * sy, f.maxY * sy].map { PictureNumber.clamped($0, to: -bound...bound) }.sorted()
            let p = Placed(x0: xs[0], y0: ys[0], x1: xs[1], y1: ys[1])
            if p.x1 < 0 || p.y1 < 0 || p.x0 >= width || p.y0 >= height { continue }
            placed[index] = p
            let style: Style = switch box.mark {
            case .conflict?: .conflict
            case .ambiguous?: .ambiguous
            case nil: .plain
            }
            let (corner, horizontal, vertical): (Character, Character, Character) = switch style {
            case .plain: ("+", "-", "|")
            case .conflict: ("#", "#", "#")
            case .ambiguous: ("+", ".", ":")
            }
            func put(_ x: Int, _ y: Int, _ c: Character) {
                guard canvas.contains(x, y) else { return }
                let i = y * width + x
                canvas.cells[i] = c
                canvas.styles[i] = style
                canvas.borderOwner[i] = index
                canvas.interiorOwner[i] = -1
            }
            // Interior first (claims the cells for this box's label), then the outline.
            if p.x1 - p.x0 >= 2, p.y1 - p.y0 >= 2 {
                for y in stride(from: max(p.y0 + 1, 0), through: min(p.y1 - 1, height - 1), by: 1) {
                    for x in stride(from: max(p.x0 + 1, 0), through: min(p.x1 - 1, width - 1), by: 1) {
                        let i = y * width + x
                        canvas.cells[i] = " "
                        canvas.styles[i] = .plain
                        canvas.interiorOwner[i] = index
                        canvas.borderOwner[i] = -1
                    }
                }
            }
            if p.x0 == p.x1 && p.y0 == p.y1 {
                put(p.x0, p.y0, corner)
                continue
            }
            for x in stride(from: max(p.x0, 0), through: min(p.x1, width - 1), by: 1) {
                put(x, p.y0, horizontal)
                put(x, p.y1, horizontal)
            }
            for y in stride(from: max(p.y0, 0), through: min(p.y1, height - 1), by: 1) {
                put(p.x0, y, vertical)
                put(p.x1, y, vertical)
            }
            for (x, y) in [(p.x0, p.y0), (p.x1, p.y0), (p.x0, p.y1), (p.x1, p.y1)] { put(x, y, corner) }
        }

        // Labels: in the box's own interior or on its own top border, the first place where the
        // id and size fit, else the first where the id fits, else the longest room (id shortened).
        for (index, box) in picture.boxes.enumerated() {
            guard let p = placed[index] else { continue }
            let marker = box.mark == .ambiguous ? "?" : ""
            let full = Array("\(marker)\(box.name) \(NumberFormat.text(box.frame.width, decimals: 1))x"
                + "\(NumberFormat.text(box.frame.height, decimals: 1))")
            let short = Array(marker + box.name)
            // A dotted id (`cell1.title`) shortens to its last segment, which says more than a prefix.
            let tail = box.name.split(separator: ".").last.map { Array(marker + $0) } ?? short
            var candidates: [(row: Int, run: Int)] = []
            if p.y1 - p.y0 >= 2 {
                for y in stride(from: max(p.y0 + 1, 0), through: min(p.y1 - 1, height - 1), by: 1) {
                    candidates.append((y, freeRun(canvas, row: y, from: p.x0 + 1, limit: p.x1 - 1) {
                        canvas.interiorOwner[$0] == index
                    }))
                }
            }
            if p.y0 >= 0, p.y0 < height {
                candidates.append((p.y0, freeRun(canvas, row: p.y0, from: p.x0 + 1, limit: p.x1 - 1) {
                    canvas.borderOwner[$0] == index
                }))
            }
            if let spot = candidates.first(where: { $0.run >= full.count }) {
                write(full, into: &canvas, row: spot.row, from: p.x0 + 1)
            } else if let spot = candidates.first(where: { $0.run >= short.count }) {
                write(short, into: &canvas, row: spot.row, from: p.x0 + 1)
            } else if let spot = candidates.first(where: { $0.run >= tail.count }) {
                write(tail, into: &canvas, row: spot.row, from: p.x0 + 1)
            } else if let spot = candidates.max(by: { $0.run < $1.run }), spot.run > 0 {
                write(Array(tail.prefix(spot.run)), into: &canvas, row: spot.row, from: p.x0 + 1)
            }
        }

        var lines: [String] = []
        lines.append("\(picture.title)  (1 column ≈ \(NumberFormat.text(1 / sx, decimals: 2)) pt)")
        for y in 0..<height {
            var line = ""
            var current = Style.plain
            for x in 0..<width {
                let i = y * width + x
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
        let marks = Set(picture.boxes.compactMap(\.mark))
        if !marks.isEmpty {
            var legend: [String] = []
            if marks.contains(.conflict) { legend.append("# conflicting") }
            if marks.contains(.ambiguous) { legend.append("? ambiguous (outline : and .)") }
            lines.append(legend.joined(separator: "   "))
        }
        lines.append(contentsOf: picture.notes)
        lines.append(contentsOf: picture.ambiguityNotes)
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many cells from `from` (at most up to `limit`) on `row` are blank and pass `owned`.
    private func freeRun(_ canvas: Canvas, row: Int, from: Int, limit: Int, owned: (Int) -> Bool) -> Int {
        guard row >= 0, row < canvas.height, from >= 0 else { return 0 }
        var x = from
        while x <= limit, x < canvas.width, owned(row * canvas.width + x) { x += 1 }
        return x - from
    }

    private func write(_ text: [Character], into canvas: inout Canvas, row: Int, from: Int) {
        for (offset, c) in text.enumerated() where canvas.contains(from + offset, row) {
            let i = row * canvas.width + from + offset
            canvas.cells[i] = c
            canvas.styles[i] = .plain
        }
    }
}
