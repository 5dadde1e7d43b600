import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// ``Solver/moveConstant(of:to:)``: the layout engine's way to move a row it made. The object
/// itself takes the constant (the same one comes back) unless another solver holds it (a fork)
/// or it is a bridge between split blocks; either way the solves give what a fresh solver
/// given the moved constraints gives, and a rejected move changes nothing.
@Suite("Constants moved in place")
struct MoveConstantTests {
    typealias Feed = DeterminedStepTests.Feed

    @Test("A row only one solver holds takes the constant itself, and solves match fresh ones")
    func inPlace() throws {
        let feed = Feed(rows: 5, width: 375)
        let solver = try ColdSolve.solver(feed.constraints)
        let row = feed.constraints[feed.container]
        for width in [414.0, 320, 375.25] {
            let moved = try solver.moveConstant(of: row, to: -width)
            #expect(moved === row)
            #expect(row.expression.constant == -width)
            #expect(solver.hasConstraint(row))
            try solver.solve()
            let cold = try ColdSolve.solver(feed.constraints)
            #expect(DeterminedStepTests.values(solver, feed.variables) == DeterminedStepTests.values(cold, feed.variables))
        }
        // Rejected moves change nothing.
        #expect(throws: TrellisError.self) { try solver.moveConstant(of: row, to: .nan) }
        #expect(throws: TrellisError.self) { try solver.moveConstant(of: Variable("z") == 1, to: 2) }
        #expect(row.expression.constant == -375.25)
    }

    @Test("A row a forked solver holds too is replaced: the other solver's row and values stay")
    func shared() throws {
        let feed = Feed(rows: 3, width: 375)
        let solver = try ColdSolve.solver(feed.constraints)
        let fork = solver.fork()
        let row = feed.constraints[feed.container]
        let moved = try solver.moveConstant(of: row, to: -414)
        #expect(moved !== row)
        #expect(row.expression.constant == -375)
        #expect(moved.expression.constant == -414)
        try solver.solve()
        try fork.solve()
        var current = feed.constraints
        current[feed.container] = moved
        let cold = try ColdSolve.solver(current)
        #expect(DeterminedStepTests.values(solver, feed.variables) == DeterminedStepTests.values(cold, feed.variables))
        let unmoved = try ColdSolve.solver(feed.constraints)
        #expect(DeterminedStepTests.values(fork, feed.variables) == DeterminedStepTests.values(unmoved, feed.variables))
        // The replacement belongs to one solver: it moves in place from then on.
        #expect(try solver.moveConstant(of: moved, to: -400) === moved)
    }

    @Test("A bridge between split blocks is replaced, and the blocks slide as for a new constant")
    func bridge() throws {
        var rng = SplitMix(seed: 5)
        let feed = BridgeSplitTests.Feed(rows: 40, rng: &rng)
        let (split, plain) = try BridgeSplitTests.solvers(feed.constraints)
        try BridgeSplitTests.remeasure(feed.intrinsic[10], to: 60, in: split, plain)
        #expect(split.bridgeCount > 0)
        let bridge = feed.bridges[20]
        let moved = try split.moveConstant(of: bridge, to: -25)
        #expect(moved !== bridge)
        #expect(bridge.expression.constant != -25)
        _ = try plain.updateConstant(of: bridge, to: -25)
        try split.solve()
        try plain.solve()
        BridgeSplitTests.expectSame(split, plain, feed.variables, "bridge moved")
    }
}
