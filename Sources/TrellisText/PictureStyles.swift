import Trellis

/// The look of a view tree in a finished picture: a ``ViewStyle`` per view and drawing callbacks,
/// kept beside the tree (the layout model has no colours). Pass it to ``PictureRenderer``.
///
/// ```swift
/// var styles = PictureStyles()
/// styles[root] = ViewStyle(background: .white)
/// styles[badge] = ViewStyle(background: Color(hex: "#dbeafe")!, cornerRadius: 10)
/// styles.setDrawing(for: sparkline) { canvas, bounds in
///     var line = Path()
///     line.move(to: Point(x: 0, y: bounds.height))
///     line.addLine(to: Point(x: bounds.width, y: 0))
///     canvas.stroke(line, with: Color(hex: "#2563eb")!, lineWidth: 2)
/// }
/// let png = try PictureRenderer.png(of: root, styles: styles, scale: 2)
/// ```
///
/// A view's entry keeps the view alive (views are matched by identity). Labels bring their own
/// ``Label/textColor`` and image views their ``ImageView/image``; a view without an entry draws
/// only that content. Like views, styles and their callbacks belong to the task that renders.
public struct PictureStyles {
    /// What a view draws itself: called with a ``Canvas`` in the view's coordinates and the view's
    /// bounds, after its background and before its subviews.
    public typealias Drawing = (Canvas, Rect) -> Void

    /// One view's look.
    struct Entry {
        let view: View
        var style = ViewStyle()
        var drawing: Drawing?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// No styles: every view draws only its own content (text, images).
    public init() {}

    /// The style of `view` (a default ``ViewStyle``, which draws nothing, when none was set).
    public subscript(view: View) -> ViewStyle {
        get { entries[ObjectIdentifier(view)]?.style ?? ViewStyle() }
        set { entries[ObjectIdentifier(view), default: Entry(view: view)].style = newValue }
    }

    /// Makes `drawing` draw `view`'s own content (nil removes it).
    public mutating func setDrawing(for view: View, _ drawing: Drawing?) {
        entries[ObjectIdentifier(view), default: Entry(view: view)].drawing = drawing
    }

    /// The entry of `view`, if it has one.
    func entry(for view: View) -> Entry? { entries[ObjectIdentifier(view)] }
}
