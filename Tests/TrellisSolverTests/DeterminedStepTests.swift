import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// A determined component (every row a required equality, all used up by presolve's elimination)
/// follows a changed constant by replaying the elimination's arithmetic (``ConstantTape``): the
/// first change after a cold solve is a step, not a solve, and gives a cold solve's values bit
/// for bit; later changes of the same row move along slopes, within rounding of a cold solve.
@Suite("Determined steps")
struct DeterminedStepTests {
    /// `rows` rows across a container of width `width` (row `container`): each row's avatar
    /// 16 from the leading edge and 48 wide, its text 12 after the avatar and 16 before the
    /// trailing edge; rows chained down, 8 apart, 48 high.
    struct Feed {
        var constraints: [Constraint] = []
        var variables: [Variable] = []
        let container: Int

        init(rows: Int, width: Double) {
            let right = Variable("right")
            variables.append(right)
            container = constraints.count
            constraints.append(right == width)
            var top: Variable?
            for index in 0..<rows {
                let avatarX = Variable("avatar\(index).x"), avatarW = Variable("avatar\(index).w")
                let textX = Variable("text\(index).x"), textW = Variable("text\(index).w")
                let y = Variable("row\(index).y"), h = Variable("row\(index).h")
                variables += [avatarX, avatarW, textX, textW, y, h]
                constraints.append(avatarX == 16)
                constraints.append(avatarW == 48)
                constraints.append(textX == avatarX + avatarW + 12)
                constraints.append(textX + textW == right - 16)
                constraints.append(h == 48)
                if let top { constraints.append(y == top + 56) } else { constraints.append(y == 0) }
                top = y
            }
        }
    }

    static func values(_ solver: Solver, _ variables: [Variable]) -> [Double] {
        variables.map { solver.value(of: $0) }
    }

    @Test("The first change after a cold solve is a step with a cold solve's values, bit for bit", arguments: [1, 5, 40])
    func firstChange(rows: Int) throws {
        let feed = Feed(rows: rows, width: 375)
        let solver = try ColdSolve.solver(feed.constraints)
        let solves = solver.statistics.componentSolves
        var current = feed.constraints
        current[feed.container] = try solver.updateConstant(of: current[feed.container], to: -414.37)
        try solver.solve()
        #expect(solver.statistics.componentSolves == solves, "the change was solved again, not stepped")
        #expect(solver.statistics.determinedSteps >= 1)
        let cold = try ColdSolve.solver(current)
        #expect(Self.values(solver, feed.variables) == Self.values(cold, feed.variables))
    }

    @Test("Later changes of the same row move along slopes, as close to cold solves as rounding allows")
    func sweep() throws {
        let feed = Feed(rows: 30, width: 375)
        let solver = try ColdSolve.solver(feed.constraints)
        let solves = solver.statistics.componentSolves
        var current = feed.constraints
        for step in 0..<60 {
            let width = 375.1 + Double(step % 40) * 0.37 + (step >= 40 ? 1e6 : 0)
            current[feed.container] = try solver.updateConstant(of: current[feed.container], to: -width)
            try solver.solve()
            let cold = try ColdSolve.solver(current)
            for (value, expected) in zip(Self.values(solver, feed.variables), Self.values(cold, feed.variables)) {
                #expect(Tolerance.close(value, expected, 1e-12), "step \(step): \(value) vs cold \(expected)")
            }
        }
        #expect(solver.statistics.componentSolves == solves)
    }

    @Test("A change that breaks a row the elimination used up goes to the simplex method, as a cold solve would")
    func brokenCheck() throws {
        // y == x and y == 100 and x == 100: one of them is used up as a check (0 == 0).
        let x = Variable("x"), y = Variable("y")
        var constraints = [x == 100, y == x, y == 100]
        let solver = try ColdSolve.solver(constraints)
        constraints[0] = try solver.updateConstant(of: constraints[0], to: -120)
        #expect(throws: TrellisError.self) { try solver.solve() }
        #expect(throws: TrellisError.self) { _ = try ColdSolve.solver(constraints) }
        // Back to consistent constants: solved again, the values a cold solve gives.
        constraints[0] = try solver.updateConstant(of: constraints[0], to: -100)
        try solver.solve()
        #expect(solver.value(of: x) == 100)
        #expect(solver.value(of: y) == 100)
    }

    @Test("Soft rows elimination leaves without terms count in the objective, step after step, rows moved before included")
    func softConstantRows() throws {
        var feed = Feed(rows: 6, width: 375)
        // Each text hugs and resists compression at 200 (Auto Layout's 250 and 750).
        for index in 0..<6 {
            let width = feed.variables[1 + 6 * index + 3]
            feed.constraints.append((width <= 200) ~~ .priority(250))
            feed.constraints.append((width >= 200) ~~ .priority(750))
        }
        let solver = try ColdSolve.solver(feed.constraints)
        var current = feed.constraints
        // A moved row, then a structural change: the component is solved again with that row
        // among the moving ones, and is still followed by steps afterwards.
        current[feed.container] = try solver.updateConstant(of: current[feed.container], to: -390)
        let extra = Variable("extra")
        current.append(extra == feed.variables[1] + 5)
        try solver.add(current.last!)
        try solver.solve()
        let solves = solver.statistics.componentSolves
        let steps = solver.statistics.determinedSteps
        for (step, width) in [414.0, 300, 375.5, 250].enumerated() {
            current[feed.container] = try solver.updateConstant(of: current[feed.container], to: -width)
            let hugging = current.count - 3
            current[hugging] = try solver.updateConstant(of: current[hugging], to: -(200 + Double(step)))
            try solver.solve()
            let cold = try ColdSolve.solver(current)
            #expect(Self.values(solver, feed.variables) == Self.values(cold, feed.variables), "width \(width)")
            #expect(Tolerance.close(solver.objective, cold.objective, 1e-12), "width \(width): \(solver.objective) vs \(cold.objective)")
        }
        #expect(solver.statistics.componentSolves == solves, "a width or a hugging constant was solved again, not stepped")
        #expect(solver.statistics.determinedSteps == steps + 4, "the moved row kept an LP")
    }

    @Test("An objective nobody read while steps moved soft rows is computed when read: the number steps that kept it give, a cold solve's")
    func objectiveReadLate() throws {
        // Two identical solvers take the same steps (a width, a hugging constant); one reads the
        // objective after each step, the other only at the end. Capped, a badge at most half the
        // container wide wants 190 (an LP whose steps follow its basis).
        func made(capped: Bool) throws -> (Solver, [Constraint]) {
            var feed = Feed(rows: 6, width: 375)
            for index in 0..<6 {
                let width = feed.variables[1 + 6 * index + 3]
                feed.constraints.append((width <= 200) ~~ .priority(250))
                feed.constraints.append((width >= 200) ~~ .priority(750))
            }
            if capped {
                let badge = Variable("badge")
                feed.constraints += [badge <= feed.variables[0] * 0.5, (badge == 190) ~~ .priority(500)]
            }
            return (try ColdSolve.solver(feed.constraints), feed.constraints)
        }
        let container = Feed(rows: 0, width: 0).container
        for capped in [false, true] {
            let (eager, eagerRows) = try made(capped: capped), (lazy, lazyStart) = try made(capped: capped)
            var current = eagerRows, lazyRows = lazyStart
            let solves = lazy.statistics.componentSolves, steps = lazy.statistics.affineSteps
            let hugging = 1 + 6 * 6 + 2 * 5    // the last text's hugging row
            for (step, width) in [414.0, 300, 375.5, 250, 390].enumerated() {
                for solver in [eager, lazy] {
                    var rows = solver === eager ? current : lazyRows
                    rows[container] = try solver.updateConstant(of: rows[container], to: -width)
                    rows[hugging] = try solver.updateConstant(of: rows[hugging], to: -(200 + Double(step)))
                    try solver.solve()
                    if solver === eager { current = rows; _ = solver.objective } else { lazyRows = rows }
                }
            }
            let cold = try ColdSolve.solver(current)
            // (The LP is solved once more at the first change, with the container's row kept.)
            #expect(lazy.statistics.componentSolves <= solves + (capped ? 1 : 0), "capped \(capped): a step solved again")
            #expect(lazy.statistics.affineSteps > steps, "capped \(capped): no step taken")
            if capped {
                #expect(Tolerance.close(lazy.objective, eager.objective, 1e-9), "\(lazy.objective) vs \(eager.objective)")
            } else {
                #expect(lazy.objective == eager.objective, "\(lazy.objective) vs \(eager.objective)")
            }
            #expect(Tolerance.close(lazy.objective, cold.objective, 1e-9), "capped \(capped): \(lazy.objective) vs \(cold.objective)")
            // Read once, it is kept up to date by the steps after.
            lazyRows[container] = try lazy.updateConstant(of: lazyRows[container], to: -333)
            try lazy.solve()
            #expect(Tolerance.close(lazy.objective, try ColdSolve.solver(lazyRows).objective, 1e-9), "capped \(capped) after a read")
        }
    }

    @Test("A value beyond double precision goes to the simplex method, which reports it as a cold solve does")
    func overflow() throws {
        // y[i+1] == 2^49 · y[i], twenty times: exact in presolve, y[20] finite at x == 1 (2^980),
        // beyond double precision at x == 1e15.
        let x = Variable("x")
        var constraints = [x == 1]
        var previous = x
        for index in 0..<20 {
            let next = Variable("y\(index)")
            constraints.append(next == 0x1p49 * previous)
            previous = next
        }
        let solver = try ColdSolve.solver(constraints)
        #expect(solver.value(of: previous) == 0x1p980)
        constraints[0] = try solver.updateConstant(of: constraints[0], to: -1e15)
        #expect(throws: TrellisError.self) { try solver.solve() }
        #expect(throws: TrellisError.self) { _ = try ColdSolve.solver(constraints) }
    }

    @Test("A step taken back when another component fails leaves the values and the next step exact")
    func undoneStep() throws {
        let feed = Feed(rows: 8, width: 375)
        let a = Variable("a")
        var constraints = feed.constraints + [a == 1, a == 1]
        let solver = try ColdSolve.solver(constraints)
        let before = Self.values(solver, feed.variables)
        let broken = constraints.count - 1
        constraints[feed.container] = try solver.updateConstant(of: constraints[feed.container], to: -400)
        constraints[broken] = try solver.updateConstant(of: constraints[broken], to: -2)
        #expect(throws: TrellisError.self) { try solver.solve() }
        #expect(Self.values(solver, feed.variables) == before, "the failed solve moved the feed")
        constraints[broken] = try solver.updateConstant(of: constraints[broken], to: -1)
        try solver.solve()
        let cold = try ColdSolve.solver(constraints)
        #expect(Self.values(solver, feed.variables) == Self.values(cold, feed.variables))
    }
}
