import Testing
import Trellis
import TrellisTestSupport

/// Layout passes do only what changed: an unchanged pass does nothing (no solve, no measuring),
/// and a pass after any change gives exactly what a cold layout of the same tree gives.
@Suite("Incremental layout passes")
struct IncrementalLayoutTests {
    /// A screen with a header, a measured text, a stack of rows and a layout set.
    final class Screen {
        let root = makeRoot(width: 360, height: 640)
        let header = View(id: "header")
        let title = View(id: "title")
        let bio = View(id: "bio")
        let rows: [View]
        let stack: StackView
        let badge = View(id: "badge")
        var bioText = 500.0
        var measurements = 0
        var headerHeight: ConstraintGroup!
        var badgeGap: ConstraintGroup!
        var titleWidth: ConstraintGroup!

        init() {
            let rows = (0..<4).map { View(id: "row\($0)") }
            for (index, row) in rows.enumerated() { row.intrinsicContentSize = Size(width: 100 + Double(index) * 10, height: 30) }
            self.rows = rows
            stack = Tails.stack(.vertical, spacing: 8, alignment: .leading, id: "stack") { rows[0]; rows[1]; rows[2]; rows[3] }
            root.addSubview(header)
            header.addSubview(title)
            header.addSubview(badge)
            root.addSubview(bio)
            root.addSubview(stack)
            title.intrinsicContentSize = Size(width: 120, height: 20)
            bio.sizeForWidth = { [unowned self] width in
                measurements += 1
                let lines = max(1, (bioText / max(width, 1)).rounded(.up))
                return Size(width: min(bioText, width), height: lines * 20)
            }
            headerHeight = Tails.install(header~.height == 60)
            badgeGap = Tails.install(badge~.leading == title~.trailing + 8)
            titleWidth = Tails.install(title~.width == 200 ~~ .defaultLow + 1)
            // Where the badge goes when its gap to the title is deactivated (never ambiguous).
            Tails.install(badge~.trailing == header~.trailing - 8 ~~ 100)
            Tails.install(
                header~.top.leading.trailing == root~,
                title~.leading == header~ + 16, title~.centerY == header~,
                badge~.size == Size(width: 24, height: 24), badge~.centerY == header~,
                bio~.top == header~.bottom + 12, bio~.leading.trailing == root~ + EdgeInsets(16),
                stack~.top == bio~.bottom + 12, stack~.leading == root~ + 16
            )
            Tails.layoutSet(for: root)
                .when(.width(..<500)) { badge~.trailing <= header~.trailing - 8 }
                .otherwise { badge~.trailing <= header~.trailing - 64 }
        }

        /// Every view's frame, by name.
        func frames() -> [String: Rect] {
            Dictionary(uniqueKeysWithValues: root.subtreeViews().map { ($0.name, $0.frame) })
        }
    }

    @Test("An unchanged pass measures nothing and changes nothing; a change is seen")
    func unchanged() throws {
        let screen = Screen()
        try screen.root.layoutIfNeeded()
        let frames = screen.frames(), count = screen.measurements
        for _ in 0..<3 { try screen.root.layoutIfNeeded() }
        #expect(screen.measurements == count)
        #expect(screen.frames() == frames)
        // A frame overwritten by hand is a change: the next pass writes the solved one again.
        screen.title.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        try screen.root.layoutIfNeeded()
        #expect(screen.frames() == frames)
        // Measurements are cached by width: a pass that changes only a constant measures nothing new.
        screen.headerHeight.update(constant: 70)
        try screen.root.layoutIfNeeded()
        #expect(screen.measurements == count)
        #expect(screen.bio.frame.minY == 82)
        #expect(screen.bio.frame.height == 40)                 // 500 points of text at 328: two lines
        // The text changes: without invalidation the cached size stands (as UIKit's), with it the
        // bio is measured again.
        screen.bioText = 900
        screen.bio.invalidateIntrinsicContentSize()
        try screen.root.layoutIfNeeded()
        #expect(screen.measurements > count)
        #expect(screen.bio.frame.height == 60)                 // 900 points: three lines
    }

    @Test("A change that cannot be lowered throws, changes nothing, and the pass after it is undone is exact")
    func failedIncrementalPass() throws {
        let screen = Screen()
        try screen.root.layoutIfNeeded()
        let frames = screen.frames()
        screen.headerHeight.update(constant: 75)
        screen.badgeGap.priority = 0                     // outside 1...1000: the pass throws
        #expect(layoutError(screen.root) != nil)
        #expect(screen.frames() == frames, "nothing written")
        screen.badgeGap.priority = .required
        try screen.root.layoutIfNeeded()
        let cold = Screen()
        cold.headerHeight.update(constant: 75)
        try cold.root.layoutIfNeeded()
        #expect(screen.frames() == cold.frames())
    }

    @Test("A laid-out tree is freed once the app lets go of it (the engine keeps no cycle), and so is a removed view")
    func noCycles() throws {
        weak var weakRoot: View?
        weak var weakRow: View?
        do {
            let screen = Screen()
            try screen.root.layoutIfNeeded()
            screen.root.frame = Rect(x: 0, y: 0, width: 400, height: 640)    // an incremental pass
            try screen.root.layoutIfNeeded()
            let snapshot = try screen.root.layoutSnapshot()
            snapshot.apply(to: screen.root)
            weakRoot = screen.root
            let row = screen.rows[3]
            weakRow = row
            row.removeFromSuperview()
        }
        #expect(weakRow == nil)
        #expect(weakRoot == nil)
    }

    /// One change to the screen, chosen by `step`.
    static func mutate(_ s: Screen, _ step: Int, _ random: inout SplitMix) {
        switch random.below(14) {
        case 0: s.headerHeight.update(constant: Double(40 + random.below(60)))
        case 1: s.badgeGap.update(constant: Double(random.below(30)))
        case 2: s.titleWidth.priority = random.chance(50) ? .defaultLow + 1 : .defaultHigh - 1   // never tied with hugging
        case 3: s.rows[random.below(4)].isHidden.toggle()
        case 4: s.stack.spacing = Double(random.below(20))
        case 5: s.stack.alignment = random.pick([.leading, .center, .trailing, .fill])
        case 6: s.root.frame = Rect(x: 0, y: 0, width: Double(300 + random.below(400)), height: 640)
        case 7: s.title.intrinsicContentSize = Size(width: Double(60 + random.below(200)), height: 20)
        case 8: s.title.setContentHuggingPriority(random.chance(50) ? .defaultLow : .defaultHigh, for: .horizontal)
        case 9:
            s.bioText = Double(100 + random.below(1500))
            s.bio.invalidateIntrinsicContentSize()
        case 10: s.root.layoutMargins = EdgeInsets(Double(random.below(20)))
        case 11: s.stack.setCustomSpacing(random.chance(50) ? nil : Double(random.below(40)), after: s.rows[random.below(3)])
        case 12:
            if s.badgeGap.isActive { s.badgeGap.deactivate() } else { s.badgeGap.activate() }
        default:
            let extra = View(id: "extra\(step)")
            s.header.addSubview(extra)
            Tails.install(extra~.edges == s.badge~)
            if random.chance(50) { extra.removeFromSuperview() }
        }
    }

    @Test("After any sequence of changes an incremental pass gives exactly what a cold layout gives", arguments: 0..<12)
    func matchesColdLayout(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &+ 0x5EED)
        var twin = random
        let incremental = Screen(), cold = Screen()
        try incremental.root.layoutIfNeeded()
        for step in 0..<40 {
            Self.mutate(incremental, step, &random)
            Self.mutate(cold, step, &twin)
            try incremental.root.layoutIfNeeded()
            if step % 3 == 0 { try incremental.root.layoutIfNeeded() }        // an unchanged pass on top
            cold.root.resetLayoutEngine()
            try cold.root.layoutIfNeeded()
            if step % 10 == 9 {
                // The comparison is exact because the screen has one optimal layout.
                let ambiguous = try cold.root.hasAmbiguousLayout
                #expect(!ambiguous, "seed \(seed) step \(step): \(String(describing: try? cold.root.ambiguityReport()))")
            }
            let a = incremental.frames(), b = cold.frames()
            #expect(a.keys.sorted() == b.keys.sorted(), "seed \(seed) step \(step)")
            for (name, frame) in b {
                guard let other = a[name] else { continue }
                #expect(approx(frame, other, tolerance: 1e-9), "seed \(seed) step \(step): \(name) \(other) vs cold \(frame)")
            }
        }
    }
}
