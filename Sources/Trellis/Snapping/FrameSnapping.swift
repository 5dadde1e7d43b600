/// Rounds the frames of a layout to a display's grid the way Auto Layout does: by edges.
///
/// Every edge of every view and guide is rounded to the nearest multiple of `1 / displayScale`
/// in the root's coordinate space (halves away from zero); the frame relative to the parent is
/// then derived from the rounded edges of the item and of its parent. Because rounding is
/// monotonic and applied to edge positions rather than to origins and sizes:
///
/// - two views that touch keep touching (equal edges round to equal edges);
/// - views that did not overlap still do not (an edge left of another stays left of it or
///   meets it), and a view inside its parent stays inside;
/// - sizes are never negative.
///
/// Positions within a millionth of a grid step of a half step are taken as that half step
/// before rounding, so that two edges meant to coincide but differing by floating-point noise
/// round the same way. The root's own frame is the layout's input and is left as given (give it
/// on the grid); its frame in root coordinates stays `(0, 0, width, height)`.
///
/// ```swift
/// let snapping = FrameSnapping(displayScale: 2)!
/// snapping.round(10.3)          // 10.5
/// let snapped = snapping.snapped(exactSnapshot)
/// ```
public struct FrameSnapping: Sendable, Hashable {
    /// Grid steps per point: 1 rounds to whole points (terminal cells), 2 to half points (@2x pixels).
    public let displayScale: Double

    /// Snapping to `1 / displayScale`; nil when `displayScale` is not finite and positive
    /// (0 and anything else that is not a scale mean exact frames).
    public init?(displayScale: Double) {
        guard displayScale.isFinite, displayScale > 0 else { return nil }
        self.displayScale = displayScale
    }

    /// `position` rounded to the nearest multiple of `1 / displayScale`. Positions too large for
    /// the grid to be finer than a `Double`'s own spacing (beyond 2^52 steps) stay as they are.
    public func round(_ position: Double) -> Double {
        let steps = position * displayScale
        guard steps.isFinite, abs(steps) < 4_503_599_627_370_496 else { return position }
        // Noise below a millionth of a step does not decide which way a half rounds.
        let settled = (steps * 1_000_000).rounded() / 1_000_000
        return settled.rounded(.toNearestOrAwayFromZero) / displayScale + 0
    }

    /// `rect` with each of its four edges rounded (by ``round(_:)``).
    public func snap(_ rect: Rect) -> Rect {
        let minX = round(rect.minX), minY = round(rect.minY)
        let maxX = round(rect.maxX), maxY = round(rect.maxY)
        return Rect(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }

    /// The snapshot with every frame but the root's snapped by edges in root coordinates, the
    /// exact frames kept (``LayoutSnapshot/exact``) and ``LayoutSnapshot/displayScale`` set.
    /// A snapshot already snapped is snapped again from its exact frames.
    public func snapped(_ snapshot: LayoutSnapshot) -> LayoutSnapshot {
        let exactEntries = snapshot.exactEntries ?? snapshot.entries
        var indexByKey: [LayoutItemKey: Int] = [:]
        indexByKey.reserveCapacity(exactEntries.count)
        var inRoot: [Rect] = []
        inRoot.reserveCapacity(exactEntries.count)
        var entries = exactEntries
        for index in entries.indices {
            let entry = exactEntries[index]
            indexByKey[entry.key] = index
            guard index > 0, let parentKey = entry.parent, let parent = indexByKey[parentKey] else {
                inRoot.append(entry.frameInRoot)      // the root: its frame is the input
                continue
            }
            let rounded = snap(entry.frameInRoot)
            inRoot.append(rounded)
            let origin = inRoot[parent].origin
            entries[index].frameInRoot = rounded
            entries[index].frame = rounded.offsetBy(dx: -origin.x, dy: -origin.y)
        }
        var result = LayoutSnapshot(rootKey: snapshot.rootKey, entries: entries)
        result.exactEntries = exactEntries
        result.displayScale = displayScale
        return result
    }
}
