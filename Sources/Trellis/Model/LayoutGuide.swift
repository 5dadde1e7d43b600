/// A rectangle that takes part in layout without being a view: a spacer, a gutter, a region.
///
/// Add it to a view with ``View/addLayoutGuide(_:)``; its ``layoutFrame`` is written by the layout
/// pass, in the owning view's coordinate space.
///
/// ```swift
/// let gutter = LayoutGuide(id: "gutter")
/// root.addLayoutGuide(gutter)
/// Tails.install(
///     gutter~.width == 16,
///     gutter~.left == left~.right,
///     right~.left == gutter~.right
/// )
/// ```
///
/// Every view also has two system guides, ``View/layoutMarginsGuide`` and
/// ``View/safeAreaLayoutGuide``, whose edges follow the view's margins and safe-area insets.
public final class LayoutGuide: LayoutItem {
    enum Kind {
        case custom
        case margins
        case safeArea
    }

    let kind: Kind

    /// The view the guide belongs to.
    // (Zeroed by hand, like ``View/superview``: set only while the guide is among the view's
    // ``View/layoutGuides`` or is one of its system guides, and set to nil when it leaves them
    // or when the view goes.)
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var owningView: View?

    /// The guide's rectangle in the owning view's coordinate space, as of the last layout pass.
    // (Not checked dynamically for exclusive access, like ``View/storedFrame``: a pass writes
    // every guide's frame, a stack screen's hundred margin guides at every resize.)
    @exclusivity(unchecked) public internal(set) var layoutFrame: Rect = .zero

    /// Creates a guide; add it to a view with ``View/addLayoutGuide(_:)``.
    /// - Parameter id: A name for diagnostics and snapshots.
    public init(id: String? = nil) {
        kind = .custom
        super.init(id: id, kind: "LayoutGuide")
    }

    init(systemGuideOf view: View, kind: Kind) {
        self.kind = kind
        let suffix = kind == .margins ? "layoutMarginsGuide" : "safeAreaLayoutGuide"
        super.init(id: nil, kind: "LayoutGuide", name: "\(view.name).\(suffix)")
        owningView = view
    }

    override var hostView: View? { owningView }
    override var shorthandParent: LayoutItem? { owningView }

    /// Whether this is one of a view's system guides (margins, safe area).
    public var isSystemGuide: Bool { kind != .custom }

    /// For a system guide: the insets from the owning view's edges.
    var systemInsets: EdgeInsets {
        guard let view = owningView else { return .zero }
        return systemInsets(in: view)
    }

    /// ``systemInsets`` when `view` is known to be the owning view (its parent in a layout
    /// scope, read unretained there): the frame reader asks for every system guide of every
    /// pass, and the owning view read through ``owningView`` for the call was retained and
    /// released, the guide too.
    func systemInsets(in view: View) -> EdgeInsets {
        switch kind {
        case .custom: return .zero
        case .safeArea: return view.effectiveSafeAreaInsets
        case .margins: return view.effectiveMarginInsets
        }
    }

    override func base() -> Base {
        guard kind != .custom, let view = owningView else { return super.base() }
        let insets = systemInsets
        let v = view.variables
        return Base(left: v.left, top: v.top, width: v.width, height: v.height,
                    leftOffset: insets.left, topOffset: insets.top,
                    widthOffset: -(insets.left + insets.right), heightOffset: -(insets.top + insets.bottom))
    }

    /// Reads like `gutter (LayoutGuide) layoutFrame (0, 0, 16, 100)`.
    public override var description: String { "\(name) (LayoutGuide) layoutFrame \(layoutFrame)" }
}
