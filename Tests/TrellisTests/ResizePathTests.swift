import Testing
@testable import Trellis
import TrellisTestSupport

/// A pass after which only the root's frame changed moves the root's rows in the solver directly
/// (no specs, no lowering): mixed with every other kind of change between passes, its frames
/// stay a fresh tree's, and what its rows' sources say follows the frame.
@Suite("Root resize passes")
struct ResizePathTests {
    /// What the test changed, to build a fresh twin with.
    struct State {
        var frame = Rect(x: 0, y: 0, width: 375, height: 800)
        var avatar = 40.0
        var titleWidths = [Double](repeating: -1, count: 5)
        var hiddenLikes = Set<Int>()
        var pinned = false
    }

    /// A fresh tree in `state`, laid out once (cold): its frames.
    static func cold(_ state: State) throws -> [Rect] {
        let feed = IncrementalPassTests.Feed(cells: 5, text: false)
        apply(state, over: nil, to: feed, pin: nil)
        return try IncrementalPassTests.fresh({ feed })
    }

    /// Brings `feed` from `previous` (nil: as built) to `state`, touching only what differs (so
    /// that a resize alone is one); `pin` is the group pinning the first body's width, when active.
    @discardableResult
    static func apply(_ state: State, over previous: State?, to feed: IncrementalPassTests.Feed,
                      pin: ConstraintGroup?) -> ConstraintGroup? {
        feed.root.frame = state.frame
        if previous == nil || previous?.avatar != state.avatar { feed.avatarWidth.update(constant: state.avatar) }
        for (index, width) in state.titleWidths.enumerated() where width >= 0 && previous?.titleWidths[index] != width {
            feed.titles[index].intrinsicContentSize = Size(width: width, height: 20)
        }
        for (index, cell) in feed.cells.enumerated() where cell.subviews[3].isHidden != state.hiddenLikes.contains(index) {
            cell.subviews[3].isHidden = state.hiddenLikes.contains(index)
        }
        if state.pinned, pin == nil {
            return Tails.install(feed.cells[0].subviews[2]~.width == 150)
        }
        if !state.pinned, let pin { pin.deactivate() }
        return state.pinned ? pin : nil
    }

    @Test("Resizes (size and origin) mixed with constant, content-size, hidden and constraint changes give a fresh tree's frames")
    func mixedChanges() throws {
        var random = SplitMix(state: 0x5E12E)
        let feed = IncrementalPassTests.Feed(cells: 5, text: false)
        try feed.root.layoutIfNeeded()
        var state = State(), pin: ConstraintGroup?
        for step in 0..<80 {
            let previous = state
            // Mostly resizes only, some passes in a row; the others change something else, and
            // half of those resize in the same pass.
            let kind = random.below(10)
            if kind < 6 || random.chance(50) {
                // Some widths come back (a frame held before, then another, then it again).
                let width = random.chance(40) ? [300.0, 320][random.below(2)]
                    : Double(240 + random.below(400)) + (random.chance(30) ? 0.5 : 0)
                let height = random.chance(25) ? Double(600 + random.below(400)) : state.frame.height
                let x = random.chance(20) ? Double(random.below(50)) : state.frame.minX
                let y = random.chance(20) ? Double(random.below(50)) : state.frame.minY
                state.frame = Rect(x: x, y: y, width: width, height: height)
            }
            switch kind {
            case 6: state.avatar = Double(20 + random.below(40))
            case 7: state.titleWidths[random.below(5)] = Double(60 + random.below(200))
            case 8:
                let index = random.below(5)
                if state.hiddenLikes.remove(index) == nil { state.hiddenLikes.insert(index) }
            case 9: state.pinned.toggle()
            default: break
            }
            pin = Self.apply(state, over: previous, to: feed, pin: pin)
            try feed.root.layoutIfNeeded()
            #expect(feed.frames() == (try Self.cold(state)), "step \(step), kind \(kind), frame \(state.frame)")
        }
    }

    @Test("Resizing back and forth between two frames gives each frame's layout every time")
    func backAndForth() throws {
        let feed = IncrementalPassTests.Feed(cells: 3, text: false)
        let frames = [Rect(x: 0, y: 0, width: 320, height: 700), Rect(x: 8, y: 4, width: 410, height: 900)]
        let cold = try frames.map { frame in try IncrementalPassTests.fresh({ IncrementalPassTests.Feed(cells: 3, text: false) }) { $0.root.frame = frame } }
        for step in 0..<6 {
            feed.root.frame = frames[step % 2]
            try feed.root.layoutIfNeeded()
            #expect(feed.frames() == cold[step % 2], "step \(step)")
        }
    }

    @Test("A resize alone that makes the layout unsatisfiable names the root frame row at the new width, and the next resize recovers")
    func conflictAfterResizeAlone() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        let child = addViews(["child"], to: root)[0]
        Tails.install {
            child~.leading == root~.leading + 10
            child~.trailing <= root~.trailing
            child~.width == 300
            child~.top.height == root~
        }
        for width in [400.0, 360, 320] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 200)
            try root.layoutIfNeeded()
            expectFrame(child, 10, 0, 300, 200)
        }
        root.frame = Rect(x: 0, y: 0, width: 290, height: 150)
        do {
            try root.layoutIfNeeded()
            Issue.record("a 300-wide child 10 in from the left of a 290-wide root should not be satisfiable")
        } catch LayoutError.unsatisfiable(let conflict) {
            let texts = conflict.map(\.text)
            #expect(texts.contains("root frame: root.width == 290"), "\(texts)")
            #expect(!texts.contains { $0.contains("== 320") || $0.contains("== 400") }, "\(texts)")
        }
        root.frame = Rect(x: 5, y: 7, width: 330, height: 120)
        try root.layoutIfNeeded()
        expectFrame(child, 10, 0, 300, 120)
    }

    @Test("A resize to an unusable width fails like a cold layout, and the next usable resize lays out again")
    func unusableWidth() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        let child = addViews(["child"], to: root)[0]
        Tails.install(child~.edges == root~)
        try root.layoutIfNeeded()
        root.frame = Rect(x: 0, y: 0, width: .infinity, height: 200)
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }
        root.frame = Rect(x: 0, y: 0, width: 2e15, height: 200)
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }
        root.frame = Rect(x: 0, y: 0, width: 250, height: 100)
        try root.layoutIfNeeded()
        expectFrame(child, 0, 0, 250, 100)
    }
}
