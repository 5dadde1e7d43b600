import Testing
import Trellis

/// A layout pass that throws leaves the engine observably unchanged: the frames of the last good
/// layout stay on the views, and once the cause is taken back the next pass gives exactly the
/// frames it gave before (and the frames a fresh engine gives).
@Suite("Nothing lost (layout)")
struct NothingLostLayoutTests {
    /// Every frame of a tree, in a fixed order.
    static func frames(_ root: View, _ views: [View]) throws -> [Rect] {
        let snapshot = try root.layoutSnapshot()
        return views.map { snapshot[$0.key] ?? Rect(x: -1, y: -1, width: -1, height: -1) }
    }

    /// A failure to provoke, and how to take it back.
    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        /// Makes the next pass throw; returns what undoes it.
        let provoke: @Sendable (_ root: View, _ views: [View]) -> (() -> Void)
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "an unsatisfiable required constraint") { root, views in
            let group = Tails.install(views[1]~.width == root~.width + 1000, views[1]~.trailing <= root~.trailing)
            return { group.deactivate() }
        },
        Failure(name: "a constraint with a NaN constant") { _, views in
            let group = Tails.install(views[2]~.height == Double.nan)
            return { group.deactivate() }
        },
        Failure(name: "a constant beyond 1e15") { _, views in
            let group = Tails.install(views[0]~.leading == views[3]~.leading + 1e16)
            return { group.deactivate() }
        },
        Failure(name: "an infinite intrinsic width") { _, views in
            let old = views[1].intrinsicContentSize
            views[1].intrinsicContentSize = Size(width: .infinity, height: 20)
            return { views[1].intrinsicContentSize = old }
        },
        Failure(name: "a NaN root frame") { root, _ in
            let old = root.frame
            root.frame = Rect(x: 0, y: 0, width: .nan, height: 2000)
            return { root.frame = old }
        },
        Failure(name: "a conflict among many required constraints") { root, views in
            let group = Tails.install(
                views[0]~.height == 300,
                views[4]~.top >= views[0]~.bottom + 10,
                views[4]~.bottom <= root~.top + 100
            )
            return { group.deactivate() }
        },
    ]

    @Test("A thrown layout pass loses nothing", arguments: failures, [0, 3, 9])
    func thrownPassLosesNothing(_ failure: Failure, seed: Int) throws {
        let (root, views) = ConcurrencyStressTests.makeTree(seed: seed)
        try root.layoutIfNeeded()
        let written = views.map(\.frame)
        let before = try Self.frames(root, views)

        let undo = failure.provoke(root, views)
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }
        #expect(views.map(\.frame) == written, "a failed pass wrote frames")
        #expect(throws: LayoutError.self) { try root.layoutSnapshot() }   // and again: still failing, still harmless
        undo()

        #expect(try Self.frames(root, views) == before, "the pass after the failure differs")
        root.resetLayoutEngine()
        #expect(try Self.frames(root, views) == before, "a fresh engine differs")
    }

    @Test("Failures in a row, then all taken back, on one engine")
    func failuresInARow() throws {
        let (root, views) = ConcurrencyStressTests.makeTree(seed: 5)
        let before = try Self.frames(root, views)
        var undos: [() -> Void] = []
        for failure in Self.failures {
            undos.append(failure.provoke(root, views))
            #expect(throws: LayoutError.self) { try root.layoutSnapshot() }
        }
        for undo in undos.reversed() { undo() }
        #expect(try Self.frames(root, views) == before)
    }

    @Test("A failed fitting-size query leaves the tree's own layout alone")
    func fittingFailure() throws {
        let (root, views) = ConcurrencyStressTests.makeTree(seed: 2)
        let before = try Self.frames(root, views)
        let group = Tails.install(views[1]~.width == Double.infinity)
        #expect(throws: LayoutError.self) { _ = try root.fittingSize(width: 320) }
        group.deactivate()
        #expect(try Self.frames(root, views) == before)
        #expect(try root.fittingSize(width: 320).width == 320)
    }
}
