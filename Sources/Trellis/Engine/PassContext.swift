import Synchronization

/// What the participants of one pass see and change (``LayoutParticipant``): the root, how it
/// is held, and the content sizes measured so far.
final class PassContext {
    /// The view being laid out.
    let root: View
    /// How the root is held.
    let mode: LayoutEngine.Mode
    /// Measured content sizes (height-for-width) by view, used instead of ``View/intrinsicContentSize``.
    @exclusivity(unchecked) var measuredSizes = SizeTable()
    /// Whether nothing a participant reads changed since the last successful pass but the root's
    /// frame and views' content sizes (true too when only the root's frame changed): a stack's
    /// constants then follow its arranged views' lengths alone.
    let onlySizesChanged: Bool
    /// Whether nothing a participant reads changed since the last successful pass but the root's
    /// frame and measured views' content sizes (a resize, new texts): a stack's constants then
    /// follow its measured views' lengths alone.
    let onlyMeasuredSizesChanged: Bool
    /// This pass among all passes of the process (a participant that took part in it already
    /// knows that only measured sizes can have changed since).
    let serial: UInt64
    private static let serials = Atomic<UInt64>(0)

    /// A pass over `root` held by `mode`; `onlyRootChanged`: nothing but the root's frame
    /// changed since the last successful pass (which implies the other two).
    init(root: View, mode: LayoutEngine.Mode, onlyRootChanged: Bool = false, onlySizesChanged: Bool = false,
         onlyMeasuredSizesChanged: Bool = false) {
        self.root = root
        self.mode = mode
        self.onlySizesChanged = onlyRootChanged || onlySizesChanged || onlyMeasuredSizesChanged
        self.onlyMeasuredSizesChanged = onlyRootChanged || onlyMeasuredSizesChanged
        serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The content size the solve uses for `view`: measured, else its ``View/intrinsicContentSize``.
    func intrinsicSize(of view: View) -> Size? {
        // (A view that cannot be measured, an icon in a stack read at every round, is not looked up.)
        guard Self.mayBeMeasured(view) else { return view.intrinsicContentSize }
        return measuredSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize
    }

    /// Whether a pass may hold a measured size for `view`: only a view's own ``SizeMeasurement``
    /// writes one, and a view without participants has none.
    static func mayBeMeasured(_ view: View) -> Bool { !view.layoutParticipants.isEmpty }
}
