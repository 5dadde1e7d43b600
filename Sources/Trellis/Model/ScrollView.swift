/// A view whose content can be larger than its frame, with UIKit's (iOS 11+) two layout guides.
///
/// - ``frameLayoutGuide``'s edges are the scroll view's frame edges.
/// - ``contentLayoutGuide``'s origin is the content origin (the scroll view's bounds origin at
///   zero offset); its size, which constraints give, is the ``contentSize``.
///
/// Subviews are laid out in content coordinates, as in UIKit: their ``View/frame`` is relative
/// to the content origin whatever ``contentOffset`` is. The offset only shifts what the frame
/// shows: ``LayoutSnapshot/Entry/frameInRoot`` of a descendant is its frame in the content
/// minus the offset, and ``LayoutSnapshot/Entry/clipInRoot`` is the scroll view's frame (the
/// part of it a picture shows).
///
/// ```swift
/// let scroll = ScrollView(id: "scroll")
/// let body = View(id: "body")
/// root.addSubview(scroll)
/// scroll.addSubview(body)
/// Tails.install(
///     scroll~.edges == EdgeInsets(0),
///     body~.edges == scroll.contentLayoutGuide~.edges,
///     body~.width == scroll.frameLayoutGuide~.width,
///     body~.height == 1200
/// )
/// try root.layoutIfNeeded()
/// scroll.contentSize          // (width of the scroll view) × 1200
/// ```
///
/// With no constraint giving the content guide a size, the layout is ambiguous, as in UIKit:
/// ``View/ambiguityReport()`` names `scroll.contentLayoutGuide`'s width and height.
/// Trellis differs from UIKit in one point: the offset never changes layout, so a subview
/// pinned to the frame guide's edges stays where it is in the content (in UIKit it would
/// float with the offset, staying put on screen).
open class ScrollView: View {
    /// The guide whose origin is the content origin and whose size is the content size.
    public private(set) lazy var contentLayoutGuide = LayoutGuide(id: "\(name).contentLayoutGuide")

    /// The guide whose edges are the scroll view's frame edges.
    public private(set) lazy var frameLayoutGuide = LayoutGuide(id: "\(name).frameLayoutGuide")

    /// The point of the content shown at the scroll view's top-left corner (default zero).
    /// Changing it never changes layout; it moves the descendants' frames in the root and in
    /// pictures.
    public var contentOffset = Point(x: 0, y: 0) {
        didSet { if contentOffset != oldValue { setNeedsLayout() } }
    }

    /// The size of the content: the content layout guide's size, as of the last layout pass.
    public var contentSize: Size { contentLayoutGuide.layoutFrame.size }

    /// Creates a scroll view with its two guides.
    /// - Parameter id: A name for diagnostics and snapshots; the guides are named
    ///   `id.contentLayoutGuide` and `id.frameLayoutGuide`.
    public override init(id: String? = nil) {
        super.init(id: id)
        addLayoutGuide(contentLayoutGuide)
        addLayoutGuide(frameLayoutGuide)
    }
}
