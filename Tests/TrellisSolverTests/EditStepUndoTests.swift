import Testing
@testable import TrellisSolver

/// Edit steps move a component's solution in place; when a later part of the same solve fails,
/// the steps are taken back. A step of several edits re-expands the substitutions presolve made
/// and keeps their old values by variable (not a journal entry per substitution): these tests
/// take such steps back and compare every value with the one before, bit for bit.
@Suite("Edit steps taken back")
struct EditStepUndoTests {
    /// A component with two edit variables and a chain of required equalities that presolve
    /// substitutes away (z, w, u follow x and y), and a second component, q, of its own.
    struct System {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w"), u = Variable("u")
        let q = Variable("q")
        var all: [Variable] { [x, y, z, w, u, q] }
        /// More constraints on the same variables.
        var extra: [Constraint] = []
        var constraints: [Constraint] {
            [z == x + y + 10, w == z + z - x, u == w - y + 3, x + y <= 1000, w >= 0,
             (x == 50) ~~ .weight(1), (y == 30) ~~ .weight(1), (u == 400) ~~ .weight(2), (q == 5) ~~ .weight(1)] + extra
        }

        func solver(x xValue: Double, y yValue: Double) throws -> Solver {
            let solver = Solver()
            try solver.add(constraints)
            try solver.addEditVariable(x, strength: .weight(1000))
            try solver.addEditVariable(y, strength: .weight(1000))
            try solver.suggest(x, value: xValue)
            try solver.suggest(y, value: yValue)
            try solver.solve()
            return solver
        }
    }

    @Test("A step of two edits at once, taken back when another component is unsatisfiable, restores every value",
          arguments: [(61.0, 36.0), (75.5, 12.25), (400.0, -20.0)])
    func twoEditStepTakenBack(x newX: Double, y newY: Double) throws {
        let system = System()
        let solver = try system.solver(x: 60, y: 35)
        let before = system.all.map { solver.value(of: $0) }
        let steps = solver.statistics.affineSteps
        let conflict = try Self.failingSolve(system, solver, x: newX, y: newY)
        #expect(solver.statistics.affineSteps == steps + 1, "the first component should have stepped")
        #expect(system.all.map { solver.value(of: $0) } == before)
        try Self.expectColdAfterRemoving(conflict, system, solver, x: newX, y: newY)
    }

    /// Suggests `x` and `y` and makes q's component unsatisfiable in the same solve, which
    /// throws (x's component, unchanged but for the suggestions, steps and is taken back).
    /// Returns the conflicting constraints.
    static func failingSolve(_ system: System, _ solver: Solver, x: Double, y: Double) throws -> [Constraint] {
        try solver.suggest(system.x, value: x)
        try solver.suggest(system.y, value: y)
        let conflict = [system.q >= 10, system.q <= 0]
        try solver.add(conflict)
        #expect(throws: TrellisError.self) { try solver.solve() }
        return conflict
    }

    /// Removes `conflict`, solves, and compares every value with a cold solve's at `x`, `y`.
    static func expectColdAfterRemoving(_ conflict: [Constraint], _ system: System, _ solver: Solver,
                                        x: Double, y: Double) throws {
        for constraint in conflict { try solver.remove(constraint) }
        try solver.solve()
        let cold = try system.solver(x: x, y: y)
        for variable in system.all {
            #expect(abs(solver.value(of: variable) - cold.value(of: variable)) <= 1e-9, "\(variable)")
        }
    }

    /// A step through breakpoints moves the tableau in place (no copy is kept): taken back, it
    /// restores every value from its journals and lets the tableau go, and the component is
    /// solved again at its next change, to a cold solve's values.
    @Test("A step through breakpoints, taken back when another component is unsatisfiable, restores every value; the next solve solves again",
          arguments: [(300.0, 36.0), (640.0, 12.25)])
    func tableauStepTakenBack(x newX: Double, y newY: Double) throws {
        var system = System()
        // x stops at 250: the edit's move crosses that bound (a breakpoint).
        system.extra = [system.x <= 250]
        let solver = try system.solver(x: 60, y: 35)
        // A first move through the breakpoint and back: the component's steps go to its tableau.
        try solver.suggest(system.x, value: 280)
        try solver.solve()
        try solver.suggest(system.x, value: 60)
        try solver.solve()
        let before = system.all.map { solver.value(of: $0) }
        let (steps, tableauSteps, solves) = (solver.statistics.affineSteps, solver.statistics.tableauSteps,
                                             solver.statistics.componentSolves)
        let conflict = try Self.failingSolve(system, solver, x: newX, y: newY)
        #expect(solver.statistics.affineSteps == steps + 1, "the first component should have stepped")
        #expect(solver.statistics.tableauSteps == tableauSteps + 1, "through its tableau")
        #expect(system.all.map { solver.value(of: $0) } == before)
        try Self.expectColdAfterRemoving(conflict, system, solver, x: newX, y: newY)
        #expect(solver.statistics.componentSolves > solves, "the tableau taken back is gone: the component is solved again")
    }
}
