import Testing
@testable import TrellisSolver

/// One-variable components without edit rows or moved constants are solved in closed form
/// while the solver partitions and kept together as one batch (``ScalarBatch``); these check
/// that the batch answers exactly as the components did on their own.
@Suite("One-variable components solved as one batch")
struct ScalarBatchTests {
    /// A row of `count` boxes: left edges chained by their widths (one component), each box's
    /// width fixed and its height held only by its own hugging and compression rows (one-variable
    /// components, many of them).
    static func boxes(_ count: Int) -> (constraints: [Constraint], lefts: [Variable], widths: [Variable], heights: [Variable]) {
        let lefts = (0..<count).map { Variable("b\($0).l") }
        let widths = (0..<count).map { Variable("b\($0).w") }
        let heights = (0..<count).map { Variable("b\($0).h") }
        var constraints: [Constraint] = [lefts[0] == 0]
        for k in 0..<count {
            let width = Double(20 + k % 7), hug = Double(10 + k % 5), resist = Double(12 + k % 3)
            constraints.append(widths[k] == width)
            constraints.append((heights[k] <= hug) ~~ .priority(.defaultLow))
            constraints.append((heights[k] >= resist) ~~ .priority(.defaultHigh))
            constraints.append(heights[k] >= 0)
            if k > 0 {
                let next: LinearExpression = lefts[k - 1] + widths[k - 1] + 8
                constraints.append(lefts[k] == next)
            }
        }
        return (constraints, lefts, widths, heights)
    }

    @Test("The one-variable pieces share one state, and each value is its own component's LP optimum")
    func batchMatchesLP() throws {
        let system = Self.boxes(40)
        let solver = Solver()
        try solver.add(system.constraints)
        try solver.solve()
        // The chain of lefts and widths is one component; the 40 heights and the last width
        // (which no left depends on) are one batch of 41 pieces.
        #expect(solver.componentStateCount == 2)
        #expect(solver.statistics.componentSolves == 42)
        for (k, height) in system.heights.enumerated() {
            let own = system.constraints.filter { $0.expression.terms.contains { $0.variable === height } }
            let reference = try #require(try ScalarComponentTests.lpValue(own))
            #expect(abs(solver.value(of: height) - reference) <= 1e-9, "height \(k)")
            let resist = Double(12 + k % 3)
            #expect(solver.value(of: height) == resist)
        }
        var right = 0.0
        for k in 0..<39 { right += Double(20 + k % 7) + 8 }
        #expect(solver.value(of: system.lefts[39]) == right)
    }

    @Test("A system solves to the same values and objective whatever order its constraints come in")
    func orderIndependent() throws {
        let system = Self.boxes(30)
        let forward = Solver(), backward = Solver()
        try forward.add(system.constraints)
        try backward.add(system.constraints.reversed())
        try forward.solve()
        try backward.solve()
        for variable in system.lefts + system.widths + system.heights {
            #expect(forward.value(of: variable).bitPattern == backward.value(of: variable).bitPattern)
        }
        #expect(forward.objective.bitPattern == backward.objective.bitPattern)
    }

    @Test("Changing a batched constraint's constant takes its piece out of the batch; later changes follow it in place")
    func updateConstantLeavesBatch() throws {
        let system = Self.boxes(10)
        let solver = Solver()
        try solver.add(system.constraints)
        try solver.solve()
        #expect(solver.componentStateCount == 2)
        // The last width is a batched piece (no left depends on it).
        let width = try #require(system.constraints.first { $0.expression.terms.count == 1 && $0.expression.terms[0].variable === system.widths[9] })
        var moved = try solver.updateConstant(of: width, to: -50)   // b9.w == 50
        try solver.solve()
        #expect(solver.value(of: system.widths[9]) == 50)
        // b9.w now has a component of its own (its row moves), the other pieces stay batched.
        #expect(solver.componentStateCount == 3)
        let solves = solver.statistics.componentSolves
        moved = try solver.updateConstant(of: moved, to: -60)
        try solver.solve()
        #expect(solver.value(of: system.widths[9]) == 60)
        #expect(solver.componentStateCount == 3)
        #expect(solver.statistics.componentSolves == solves + 1, "only b9.w's own component was solved again")
        // The same system built fresh with the final constant agrees exactly.
        let fresh = Solver()
        try fresh.add(solver.constraints)
        try fresh.solve()
        for variable in system.lefts + system.widths + system.heights {
            #expect(fresh.value(of: variable) == solver.value(of: variable))
        }
        #expect(fresh.objective == solver.objective)
    }

    @Test("A one-variable piece that cannot hold is not batched: its own conflict is reported")
    func infeasiblePieceKeepsItsConflict() throws {
        let system = Self.boxes(5)
        let x = Variable("x")
        let low = x >= 10, high = x <= 5
        let solver = Solver()
        try solver.add(system.constraints + [low, high])
        #expect {
            try solver.solve()
        } throws: { error in
            guard case TrellisError.unsatisfiable(let conflict) = error else { return false }
            return Set(conflict.map(ObjectIdentifier.init)) == [ObjectIdentifier(low), ObjectIdentifier(high)]
        }
    }

    @Test("An edit variable alone is not batched: suggestions move it along its own model")
    func loneEditVariable() throws {
        let system = Self.boxes(5)
        let x = Variable("x")
        let solver = Solver()
        try solver.add(system.constraints + [x >= 0])
        try solver.addEditVariable(x, strength: .weight(1000))
        try solver.suggest(x, value: 40)
        try solver.solve()
        #expect(solver.value(of: x) == 40)
        #expect(solver.componentStateCount == 3)
        try solver.suggest(x, value: -5)
        try solver.solve()
        #expect(solver.value(of: x) == 0)
        try solver.removeEditVariable(x)
        try solver.solve()
        // x >= 0 alone: now a batched piece, at 0.
        #expect(solver.value(of: x) == 0)
        #expect(solver.componentStateCount == 2)
    }
}
