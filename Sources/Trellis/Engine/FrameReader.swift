import TrellisSolver
import TrellisSupport

/// Reads the solved frames of a scope into a ``LayoutSnapshot``: per item, the frame relative
/// to its parent and to the root. Keeps, from one full lowering to the next, the plan of which
/// solver variables to read (``ReadingPlan``), where they live in the solver, the buffers, and
/// the last snapshot, which an incremental pass's snapshot updates in place.
final class FrameReader {
    /// The last snapshot ``snapshot(of:mode:solver:incremental:)`` made, of the kept scope.
    @exclusivity(unchecked) private var lastSnapshot: LayoutSnapshot?

    /// Forgets the plan, the places and the last snapshot: the scope is collected anew.
    func forget() {
        lastSnapshot = nil
        plan = nil
        places = Solver.ValuePlaces()
    }

    /// The frames of this solve. After an incremental lowering the last snapshot (of the same
    /// scope) takes the new frames in place — its entries are not copied unless someone else
    /// holds it — and the variables to read are the ones kept since the last full lowering.
    func snapshot(of scope: LayoutScope, mode: LayoutEngine.Mode, solver: Solver, incremental: Bool) -> LayoutSnapshot {
        var previous = lastSnapshot.take()      // so that only `previous` holds its entries
        if !incremental { previous = nil }
        let reader = plan ?? ReadingPlan(scope: scope)
        plan = reader
        let made = snapshot(scope: scope, mode: mode, solver: solver, reader: reader, previous: &previous)
        lastSnapshot = made
        return made
    }

    /// The frames at the solver's current values of a scope collected anew (for the
    /// diagnostics), the kept plan and last snapshot left alone.
    func freshSnapshot(of scope: LayoutScope, mode: LayoutEngine.Mode, solver: Solver) -> LayoutSnapshot {
        var previous: LayoutSnapshot?
        return snapshot(scope: scope, mode: mode, solver: solver, reader: ReadingPlan(scope: scope), previous: &previous)
    }

    /// How to read the frames of a scope's items after a solve: per item (in scope order), the
    /// offset in ``variables`` of its left, top, width and height, or -1 for a system guide (its
    /// frame is its view's, inset). Made at a full lowering and kept until the next, so that a
    /// pass reads every value at once (``Solver/values(of:into:)``), without casts or look-ups
    /// per item.
    private struct ReadingPlan {
        let offsets: [Int]
        let variables: [Variable]
        /// Whether the scope has a scroll view (whose offset moves frames in the root).
        let scrolls: Bool

        init(scope: LayoutScope) {
            var offsets: [Int] = [], variables: [Variable] = []
            offsets.reserveCapacity(scope.items.count)
            variables.reserveCapacity(4 * scope.items.count)
            for index in scope.items.indices {
                let item = scope.item(at: index)
                if let guide = item as? LayoutGuide, guide.isSystemGuide {
                    offsets.append(-1)
                    continue
                }
                offsets.append(variables.count)
                // (One at a time: an array literal appended per item was an allocation each.)
                let own = item.variables
                variables.append(own.left)
                variables.append(own.top)
                variables.append(own.width)
                variables.append(own.height)
            }
            self.offsets = offsets
            self.variables = variables
            scrolls = scope.views.contains { $0 is ScrollView }
        }
    }
    /// The plan of the kept scope (the engine's last full lowering); nil until the next pass makes one.
    @exclusivity(unchecked) private var plan: ReadingPlan?
    /// Where the plan's variables live in the solver, kept between passes.
    @exclusivity(unchecked) private var places = Solver.ValuePlaces()
    /// Buffers the snapshots reuse from pass to pass: the values read, and the frames relative to
    /// the parent and to the root's superview (the solver's space).
    @exclusivity(unchecked) private var frameValues: [Double] = []
    @exclusivity(unchecked) private var localFrames: [Rect] = []
    @exclusivity(unchecked) private var globalFrames: [Rect] = []

    /// The frames at the solver's values. When `previous` is a snapshot of the same scope (the
    /// same items in the same order) it takes the new frames — in place when nothing else holds
    /// its entries — and keeps its keys, names and index; it is consumed either way.
    private func snapshot(scope: LayoutScope, mode: LayoutEngine.Mode, solver: Solver, reader: ReadingPlan,
                          previous: inout LayoutSnapshot?) -> LayoutSnapshot {
        let count = scope.items.count
        var local = localFrames, global = globalFrames
        localFrames = []
        globalFrames = []
        defer {
            localFrames = local
            globalFrames = global
        }
        let rootGlobal = readFrames(scope: scope, mode: mode, solver: solver, reader: reader, local: &local, global: &global)
        func inRoot(_ index: Int) -> Rect { global[index].offsetBy(dx: -rootGlobal.minX, dy: -rootGlobal.minY) }
        let clips = reader.scrolls ? Self.scroll(scope: scope, global: &global)
            .map { $0?.offsetBy(dx: -rootGlobal.minX, dy: -rootGlobal.minY) } : nil

        if var made = previous.take(), made.entries.count == count, made.rootKey == scope.root.key {
            made.updateFrames { index in (local[index], inRoot(index)) }
            if let clips { made.updateClips(clips) }
            return made
        }
        var depths = [Int](filled: 0, count: count)
        var entries: [LayoutSnapshot.Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let item = scope.item(at: index)
            let parent = scope.parentIndex[index]
            depths[index] = index == 0 ? 0 : (parent >= 0 ? depths[parent] : 0) + 1
            entries.append(LayoutSnapshot.Entry(key: item.key, id: item.id, name: item.name,
                                                kind: item is LayoutGuide ? .guide : .view,
                                                parent: parent >= 0 ? scope.item(at: parent).key : nil,
                                                depth: depths[index], frame: local[index], frameInRoot: inRoot(index)))
        }
        var made = LayoutSnapshot(rootKey: scope.root.key, entries: entries)
        if let clips { made.updateClips(clips) }
        return made
    }

    /// For a scope with scroll views: moves the frames in `global` of each scroll view's
    /// descendants (and its content guide) by the content offsets of the scroll views above
    /// them, and returns each item's clip — its scroll-view ancestors' frames, intersected, in
    /// the solver's space — or nil outside scroll views. (Parents come before their children.)
    private static func scroll(scope: LayoutScope, global: inout [Rect]) -> [Rect?] {
        let count = scope.items.count
        var shifts = [Point](filled: Point(x: 0, y: 0), count: count)
        var clips = [Rect?](filled: nil, count: count)
        for index in 1..<count {
            let parent = scope.parentIndex[index]
            guard parent >= 0 else { continue }
            var shift = shifts[parent], clip = clips[parent]
            if let scroll = scope.item(at: parent) as? ScrollView, scope.item(at: index) !== scroll.frameLayoutGuide {
                let frame = global[parent]
                if let outer = clip {
                    let minX = max(outer.minX, frame.minX), minY = max(outer.minY, frame.minY)
                    clip = Rect(x: minX, y: minY, width: max(0, min(outer.maxX, frame.maxX) - minX),
                                height: max(0, min(outer.maxY, frame.maxY) - minY))
                } else {
                    clip = frame
                }
                shift = Point(x: shift.x + scroll.contentOffset.x, y: shift.y + scroll.contentOffset.y)
            }
            shifts[index] = shift
            clips[index] = clip
            if shift.x != 0 || shift.y != 0 { global[index] = global[index].offsetBy(dx: -shift.x, dy: -shift.y) }
        }
        return clips
    }

    /// The insets of the system guide at `guide` of `scope`, whose parent (at `parent`) is its
    /// owning view; both read unretained (the scope holds them through the call: the guide and
    /// the view it reached through ``LayoutGuide/owningView`` were each retained and released,
    /// four reference counts per guide and pass).
    private static func systemInsets(scope: LayoutScope, guide: Int, parent: Int) -> EdgeInsets {
        guard parent >= 0 else {
            return unsafeDowncast(scope.item(at: guide), to: LayoutGuide.self).systemInsets
        }
        let owner = Unmanaged.passUnretained(unsafeDowncast(scope.item(at: parent), to: View.self))
        return Unmanaged.passUnretained(unsafeDowncast(scope.item(at: guide), to: LayoutGuide.self))
            ._withUnsafeGuaranteedRef { guide in owner._withUnsafeGuaranteedRef { guide.systemInsets(in: $0) } }
    }

    /// Reads the solved frames of the scope's items into `local` (relative to the parent; the
    /// root's own frame for the root) and `global` (in the solver's space); returns the root's
    /// global frame.
    private func readFrames(scope: LayoutScope, mode: LayoutEngine.Mode, solver: Solver, reader: ReadingPlan,
                            local: inout [Rect], global: inout [Rect]) -> Rect {
        let count = scope.items.count
        var values = frameValues
        frameValues = []
        defer { frameValues = values }
        solver.values(of: reader.variables, into: &values, places: &places)
        func rect(at offset: Int) -> Rect {
            Rect(x: values[offset] + 0, y: values[offset + 1] + 0, width: values[offset + 2] + 0, height: values[offset + 3] + 0)
        }
        if local.count != count {
            local = [Rect](filled: .zero, count: count)
            global = [Rect](filled: .zero, count: count)
        }
        let rootGlobal: Rect
        switch mode {
        case .frame(let frame):
            rootGlobal = frame
            local[0] = frame
        case .fitting:
            rootGlobal = rect(at: reader.offsets[0])
            local[0] = Rect(origin: .zero, size: rootGlobal.size)
        }
        global[0] = rootGlobal
        guard count > 1 else { return rootGlobal }
        // On buffers: this runs for every item of every pass, and each element write to an
        // array checks its uniqueness and bounds.
        let parentIndex = scope.parentIndex, offsets = reader.offsets
        // (The reader was made from this scope: its offsets and the values read cover every item.)
        precondition(parentIndex.count == count && offsets.count == count && values.count == reader.variables.count)
        values.withUnsafeBufferPointer { values in
            global.withUnsafeMutableBufferPointer { global in
                local.withUnsafeMutableBufferPointer { local in
                    for index in 1..<count {
                        let parent = parentIndex[index]
                        let parentGlobal = parent >= 0 ? global[parent] : rootGlobal
                        let offset = offsets[index]
                        // (A system guide's parent in the scope is its owning view: both are read
                        // from the scope unretained, ``systemInsets(scope:guide:parent:)``.)
                        let frame = offset >= 0
                            ? Rect(x: values[offset] + 0, y: values[offset + 1] + 0,
                                   width: values[offset + 2] + 0, height: values[offset + 3] + 0)
                            : parentGlobal.inset(by: Self.systemInsets(scope: scope, guide: index, parent: parent))
                        global[index] = frame
                        local[index] = frame.offsetBy(dx: -parentGlobal.minX, dy: -parentGlobal.minY)
                    }
                }
            }
        }
        return rootGlobal
    }
}
