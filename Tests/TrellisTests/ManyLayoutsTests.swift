import Foundation
import Synchronization
import Testing
import Trellis
import TrellisTestSupport

/// Many independent trees laid out at the same time, each on its own thread or task, give
/// exactly the frames the same trees give laid out one after another, and within 1e-9 what a
/// cold layout of each state gives.
@Suite("Many layouts at once")
struct ManyLayoutsTests {
    /// A tree for `seed`: a header whose title follows the header's safe area, a measured text
    /// (height for width), a stack of rows (some hidden), a badge whose width a layout set
    /// chooses by the root's width, right-to-left for some seeds. Every frame is determined.
    final class Tree {
        let root = View(id: "root")
        let header = View(id: "header"), title = View(id: "title"), badge = View(id: "badge")
        let text = View(id: "text")
        let stack: StackView
        var headerHeight: ConstraintGroup!
        let seed: Int

        init(seed: Int) {
            self.seed = seed
            root.frame = Rect(x: 0, y: 0, width: 320 + Double(seed % 7) * 20, height: 700 + Double(seed % 3) * 50)
            if seed % 2 == 0 { root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0) }
            if seed % 5 == 0 { root.layoutDirection = .rightToLeft }
            let rows = (0..<(2 + seed % 5)).map { index -> View in
                let row = View(id: "row\(index)")
                row.intrinsicContentSize = Size(width: Double(80 + (seed * 31 + index * 17) % 150),
                                                height: Double(20 + (seed + index) % 4 * 6))
                row.isHidden = (seed + index) % 4 == 3
                return row
            }
            stack = Tails.stack(.vertical, spacing: Double(4 + seed % 3 * 4), alignment: .leading, id: "stack") {
                for row in rows { row }
            }
            root.addSubview(header)
            header.addSubview(title)
            header.addSubview(badge)
            root.addSubview(text)
            root.addSubview(stack)
            title.intrinsicContentSize = Size(width: Double(90 + seed % 11 * 10), height: 20)
            let characters = Double(300 + seed * 53 % 900)
            text.sizeForWidth = { width in
                let lines = max(1, (characters / max(width, 1)).rounded(.up))
                return Size(width: min(characters, width), height: lines * 18)
            }
            headerHeight = Tails.install(header~.height == 56)
            Tails.install(
                header~.top.leading.trailing == root~,
                title~.leading == header~ + 16,
                title~.bottom == header.safeAreaLayoutGuide~.bottom - 8,
                title~.top >= header.safeAreaLayoutGuide~.top,
                badge~.trailing == header~.trailing - 16,
                badge~.centerY == title~
            )
            Tails.install(
                badge~.height == 20,
                text~.top == header~.bottom + 12,
                text~.leading.trailing == root~ + EdgeInsets(16),
                stack~.top == text~.bottom + 12,
                stack~.leading == root~ + 16,
                stack~.trailing <= root~.trailing - 16
            )
            Tails.layoutSet(for: root)
                .when(.width(..<400)) { badge~.width == 24 }
                .otherwise { badge~.width == 48 }
        }

        /// Every view's frame and every guide's layout frame, in tree order.
        func frames() -> [Rect] {
            var frames: [Rect] = []
            for view in root.subtreeViews() {
                frames.append(view.frame)
                if view === header { frames.append(header.safeAreaLayoutGuide.layoutFrame) }
            }
            return frames
        }

        /// Step `step` of the script every tree goes through: a resize, a constant, a row shown or hidden.
        func change(_ step: Int) {
            switch step % 3 {
            case 0:
                let offset = (seed * 7 + step * 61) % 200
                let width = 300.0 + Double(offset)
                root.frame = Rect(x: 0, y: 0, width: width, height: root.frame.height)
            case 1: headerHeight.update(constant: 44 + Double((seed + step * 13) % 40))
            default:
                let rows = stack.arrangedSubviews
                rows[(seed + step) % rows.count].isHidden.toggle()
            }
        }
    }

    static let steps = 6

    /// The frames after the cold first pass and after each step (incremental passes), or the error.
    static func script(seed: Int) -> [[Rect]] {
        let tree = Tree(seed: seed)
        var passes: [[Rect]] = []
        do {
            try tree.root.layoutIfNeeded()
            passes.append(tree.frames())
            for step in 0..<steps {
                tree.change(step)
                try tree.root.layoutIfNeeded()
                passes.append(tree.frames())
            }
        } catch {
            Issue.record("seed \(seed): \(error)")
        }
        return passes
    }

    /// The same states, each laid out cold (a fresh engine).
    static func coldScript(seed: Int) throws -> [[Rect]] {
        let tree = Tree(seed: seed)
        try tree.root.layoutIfNeeded()
        var passes = [tree.frames()]
        for step in 0..<steps {
            tree.change(step)
            tree.root.resetLayoutEngine()
            try tree.root.layoutIfNeeded()
            passes.append(tree.frames())
        }
        return passes
    }

    static let seeds = Array(0..<40)

    @Test("Trees laid out on 4 threads at once give exactly the sequential frames, and the cold ones")
    func threads() throws {
        var sequential: [[[Rect]]] = []
        for seed in Self.seeds { sequential.append(Self.script(seed: seed)) }
        // The script means something: trees differ, and every state matches its cold layout.
        let firstCounts: Set<Int> = Set(sequential.map { $0[0].count })
        #expect(firstCounts.count > 1)
        for seed in Self.seeds {
            let cold = try Self.coldScript(seed: seed)
            #expect(cold.count == sequential[seed].count)
            for (pass, (a, b)) in zip(cold, sequential[seed]).enumerated() {
                let mismatch = frameMismatch(b, a)
                #expect(mismatch == nil, "seed \(seed) pass \(pass), incremental against cold: \(mismatch ?? "")")
            }
        }
        for seed in [0, 5, 13] {
            let tree = Tree(seed: seed)
            try tree.root.layoutIfNeeded()
            #expect(try !tree.root.hasAmbiguousLayout, "seed \(seed) is ambiguous: the comparison with cold layouts needs one optimum")
        }

        final class Results: Sendable {
            let next = Atomic<Int>(0)
            let frames = Mutex<[Int: [[Rect]]]>([:])
            let threads = Mutex<Set<String>>([])
        }
        let results = Results()
        let done = DispatchGroup()
        for _ in 0..<4 {
            done.enter()
            Thread {
                results.threads.withLock { _ = $0.insert("\(Unmanaged.passUnretained(Thread.current).toOpaque())") }
                while true {
                    // Each seed twice, so that the same tree runs on two threads at once too.
                    let index = results.next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < 2 * Self.seeds.count else { break }
                    let seed = Self.seeds[index % Self.seeds.count]
                    let frames = Self.script(seed: seed)
                    results.frames.withLock { all in
                        if let earlier = all[seed], earlier != frames { all[-1 - seed] = frames } else { all[seed] = frames }
                    }
                }
                done.leave()
            }.start()
        }
        done.wait()
        let concurrent = results.frames.withLock { $0 }
        let threadCount: Int = results.threads.withLock { $0.count }
        #expect(threadCount == 4)
        for seed in Self.seeds {
            #expect(concurrent[seed] == sequential[seed], "seed \(seed) differs when laid out on threads")
            #expect(concurrent[-1 - seed] == nil, "seed \(seed) differs between two concurrent runs")
        }
    }

    @Test("Trees laid out from a task group give exactly the sequential frames")
    func tasks() async throws {
        var sequential: [[[Rect]]] = []
        for seed in Self.seeds { sequential.append(Self.script(seed: seed)) }
        try await withThrowingTaskGroup(of: (Int, [[Rect]]).self) { group in
            for seed in Self.seeds { group.addTask { (seed, Self.script(seed: seed)) } }
            for try await (seed, frames) in group {
                #expect(frames == sequential[seed], "seed \(seed) differs when laid out from a task")
            }
        }
    }
}
