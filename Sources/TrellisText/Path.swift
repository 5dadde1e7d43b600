import CPangoCairo
import Trellis

/// A shape for a ``Canvas`` to fill or stroke: lines and cubic Bézier curves, in points.
///
/// ```swift
/// var tick = Path()
/// tick.move(to: Point(x: 2, y: 8))
/// tick.addLine(to: Point(x: 6, y: 12))
/// tick.addLine(to: Point(x: 14, y: 3))
/// let pill = Path(roundedRect: Rect(x: 0, y: 0, width: 80, height: 24), cornerRadius: 12)
/// ```
public struct Path: Sendable, Hashable {
    /// One step of a path.
    enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case curve(to: Point, control1: Point, control2: Point)
        case close
    }

    /// The steps, in order.
    private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A rectangle.
    public init(rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    /// A rectangle with four round corners of `cornerRadius` (limited to half the shorter side).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let radius = min(max(0, cornerRadius.isFinite ? cornerRadius : 0), min(rect.width, rect.height) / 2)
        guard radius > 0 else {
            self = Path(rect: rect)
            return
        }
        // A quarter circle as a cubic Bézier: control points at 0.5523 of the radius.
        let k = radius * (1 - 0.552_284_749_8)
        move(to: Point(x: rect.minX + radius, y: rect.minY))
        addLine(to: Point(x: rect.maxX - radius, y: rect.minY))
        addCurve(to: Point(x: rect.maxX, y: rect.minY + radius), control1: Point(x: rect.maxX - k, y: rect.minY),
                 control2: Point(x: rect.maxX, y: rect.minY + k))
        addLine(to: Point(x: rect.maxX, y: rect.maxY - radius))
        addCurve(to: Point(x: rect.maxX - radius, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - k),
                 control2: Point(x: rect.maxX - k, y: rect.maxY))
        addLine(to: Point(x: rect.minX + radius, y: rect.maxY))
        addCurve(to: Point(x: rect.minX, y: rect.maxY - radius), control1: Point(x: rect.minX + k, y: rect.maxY),
                 control2: Point(x: rect.minX, y: rect.maxY - k))
        addLine(to: Point(x: rect.minX, y: rect.minY + radius))
        addCurve(to: Point(x: rect.minX + radius, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + k),
                 control2: Point(x: rect.minX + k, y: rect.minY))
        closeSubpath()
    }

    /// The ellipse that fits in `rect` (a circle in a square).
    public init(ellipseIn rect: Rect) {
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.midX, cy = rect.midY
        let kx = rx * 0.552_284_749_8, ky = ry * 0.552_284_749_8
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(point)) }

    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(point)) }

    /// A cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() { elements.append(.close) }

    /// Whether the path has no steps.
    public var isEmpty: Bool { elements.isEmpty }

    /// Replaces Cairo's current path with this one (non-finite points are skipped).
    func apply(to cr: OpaquePointer) {
        cairo_new_path(cr)
        func finite(_ points: Point...) -> Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        for element in elements {
            switch element {
            case .move(let p) where finite(p): cairo_move_to(cr, p.x, p.y)
            case .line(let p) where finite(p): cairo_line_to(cr, p.x, p.y)
            case .curve(let p, let c1, let c2) where finite(p, c1, c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            default: continue
            }
        }
    }
}
