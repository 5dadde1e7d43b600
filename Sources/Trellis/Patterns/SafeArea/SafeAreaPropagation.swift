/// Each descendant's safe area, as UIKit derives it: the part of the view outside its
/// superview's safe area (``View/effectiveSafeAreaInsets``), computed from solved frames.
///
/// A pass starts with every descendant's derived insets at zero; after each solve they are
/// recomputed from the frames, top down, and when they changed for a view whose system guides
/// take part in layout, the pass solves again with the guides moved. Views whose guides are
/// never used cost one look at their frame per round.
final class SafeAreaPropagation: LayoutParticipant {
    /// Insets closer than this count as equal (solver noise).
    static let tolerance = 1e-9

    private let root: View
    /// The subtree's views, root first; index 0 may hold a placeholder (a kept scope's array,
    /// ``LayoutScope/Detached``): the root is ``root``.
    private let views: [View]
    /// The derived insets before the pass, restored when it throws (a failed pass changes nothing).
    private let before: [EdgeInsets]
    /// What the last round moved (``unsettledChange``).
    private var lastChange = ""

    /// Whether `root`'s subtree (`views`, root first) needs the propagation: a descendant has a
    /// system guide to move, or derived insets of an earlier pass to clear.
    static func isNeeded(root: View, views: [View]) -> Bool {
        views.contains { $0 !== root && ($0.marginsGuideStorage != nil || $0.safeAreaGuideStorage != nil) }
            || views.contains { $0.derivedSafeAreaInsets != .zero }
    }

    /// A participant for `root`'s subtree, or nil when ``isNeeded(root:views:)`` says it is not needed.
    static func make(root: View, views: [View]) -> SafeAreaPropagation? {
        isNeeded(root: root, views: views) ? SafeAreaPropagation(root: root, views: views) : nil
    }

    /// A participant for `root`'s subtree: `views` root first, index 0 possibly a placeholder.
    init(root: View, views: [View]) {
        self.root = root
        self.views = views
        before = views.indices.map { $0 == 0 ? root.derivedSafeAreaInsets : views[$0].derivedSafeAreaInsets }
    }

    /// The view at `index` of ``views``: the root at 0.
    private func view(at index: Int) -> View { index == 0 ? root : views[index] }

    func begin(_ pass: PassContext) {
        for index in views.indices { view(at: index).derivedSafeAreaInsets = .zero }
    }

    func prepare(_ pass: PassContext) {}

    var prepares: Bool { false }

    func settle(_ pass: PassContext, snapshot: LayoutSnapshot) -> Bool {
        // The safe rectangle of each view, in root coordinates, parents before children.
        var safe: [ObjectIdentifier: Rect] = [:]
        var moved: [String] = []
        for index in views.indices {
            let view = view(at: index)
            guard let frame = snapshot.entry(for: view.key)?.frameInRoot else { continue }
            let derived: EdgeInsets
            if view === pass.root {
                derived = .zero
            } else if let parent = view.superview, let area = safe[ObjectIdentifier(parent)] {
                derived = Self.overlap(of: frame, outside: area, edges: parent.effectiveSafeAreaInsets)
            } else {
                derived = .zero
            }
            let change = view.derivedSafeAreaInsets
            if Self.differs(change, derived), view.marginsGuideStorage != nil || view.safeAreaGuideStorage != nil {
                moved.append("\(view.name): safe area \(change) → \(derived)")
            }
            view.derivedSafeAreaInsets = derived
            safe[ObjectIdentifier(view)] = frame.inset(by: view.effectiveSafeAreaInsets)
        }
        lastChange = moved.joined(separator: "; ")
        return moved.isEmpty
    }

    var unsettledChange: String { lastChange }

    /// Puts the insets back as they were before the pass.
    func restore() {
        for (index, insets) in before.enumerated() { view(at: index).derivedSafeAreaInsets = insets }
    }

    /// How far `frame` reaches outside `area` (its superview's safe rectangle) on each side where
    /// the superview has a safe-area inset (`edges`), at most the frame's own size. Only the
    /// superview's inset bands are unsafe, as in UIKit: a view that reaches past an edge the
    /// superview has no inset on (off screen, say) gets no inset there.
    static func overlap(of frame: Rect, outside area: Rect, edges: EdgeInsets) -> EdgeInsets {
        let width = max(0, frame.width), height = max(0, frame.height)
        let top = edges.top > 0 ? min(height, max(0, area.minY - frame.minY)) : 0
        let bottom = edges.bottom > 0 ? min(height - top, max(0, frame.maxY - area.maxY)) : 0
        let left = edges.left > 0 ? min(width, max(0, area.minX - frame.minX)) : 0
        let right = edges.right > 0 ? min(width - left, max(0, frame.maxX - area.maxX)) : 0
        return EdgeInsets(top: top + 0, left: left + 0, bottom: bottom + 0, right: right + 0)
    }

    private static func differs(_ a: EdgeInsets, _ b: EdgeInsets) -> Bool {
        abs(a.top - b.top) > tolerance || abs(a.left - b.left) > tolerance
            || abs(a.bottom - b.bottom) > tolerance || abs(a.right - b.right) > tolerance
    }
}
