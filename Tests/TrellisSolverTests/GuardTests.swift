import Foundation
import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// The GLPK guard (`CSupport/CGLPKGuard`): a fatal GLPK error inside a guarded call becomes an
/// error, not `abort()`; GLPK is reset on that thread only; the next solve works.
///
/// Every test body is synchronous: it runs on one thread from start to end, as GLPK requires.
@Suite("GLPK guard")
struct GuardTests {
    /// A small system with a unique optimum: x + y == 100, x == 3y @10, x <= 70 @1 (x = 75, y = 25).
    private static func referenceSolve() throws -> (x: Double, y: Double) {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x + y == 100)
        try solver.add((x == 3 * y) ~~ .weight(10))
        try solver.add((x <= 70) ~~ .weight(1))
        try solver.solve()
        return (solver.value(of: x), solver.value(of: y))
    }

    @Test("glp_set_col_bnds(P, 0, ...) through the guard: an error, not an abort; then a normal solve")
    func invalidColumnIndex() throws {
        let epoch = GLPKGuard.epoch
        let lp = LinearProgram(rows: 1, columns: 2)
        #expect(lp.isValid)
        lp.uncheckedSetColumnBound(glpkIndex: 0)        // GLPK: "column number out of range" → abort(), unguarded
        #expect(!lp.isValid)
        #expect(GLPKGuard.epoch != epoch)               // the thread's GLPK environment was freed and renewed
        guard case .numericalFailure(let message)? = lp.fault else {
            Issue.record("expected a numerical failure, got \(String(describing: lp.fault))")
            return
        }
        #expect(message.contains("glp_set_col_bnds: j = 0; column number out of range"), "\(message)")
        #expect(throws: TrellisError.self) { try lp.verify() }

        // The dead problem refuses everything, quietly; nothing crashes (and deinit will not delete it).
        lp.setColumnBound(0, .lower(1))
        lp.setRow(0, indices: [0, 1], values: [1, 1])
        if case .failed = lp.simplex(presolve: false, dual: false) {} else { Issue.record("a faulted problem solved") }
        #expect(lp.columnValue(0).isNaN)
        #expect(lp.basicVariables().isEmpty)

        // The next solve on the same thread builds from the Swift model in a fresh environment.
        let (x, y) = try Self.referenceSolve()
        #expect(Tolerance.close(x, 75) && Tolerance.close(y, 25))
    }

    @Test("glp_add_rows(P, 0) through the guard: an error, not an abort")
    func zeroRows() throws {
        let lp = LinearProgram(rows: 2, columns: 2)
        lp.uncheckedAddRows(0)
        guard case .numericalFailure(let message)? = lp.fault else {
            Issue.record("expected a numerical failure")
            return
        }
        #expect(message.contains("glp_add_rows: nrs = 0; invalid number of rows"), "\(message)")
        let (x, _) = try Self.referenceSolve()
        #expect(Tolerance.close(x, 75))
    }

    @Test("A fault frees every problem of its thread: older problems refuse calls and are never deleted")
    func faultInvalidatesSiblings() throws {
        let older = LinearProgram(rows: 1, columns: 1)
        older.setRow(0, indices: [0], values: [1])
        older.setRowBound(0, .fixed(5))
        #expect(older.simplex(presolve: false, dual: true) == .optimal)
        #expect(Tolerance.close(older.columnValue(0), 5))

        let culprit = LinearProgram(rows: 1, columns: 1)
        culprit.uncheckedSetColumnBound(glpkIndex: 7)
        #expect(culprit.fault != nil)

        #expect(!older.isValid)
        #expect(older.fault == nil)                      // nothing went wrong on it yet …
        #expect(Tolerance.close(older.columnValue(0), 5))  // (values read before the fault are Swift copies)
        older.setObjective(0, 1)                         // … but it is gone: its next GLPK call is refused
        if case .failed = older.simplex(presolve: false, dual: true) {} else { Issue.record("a dead problem solved") }
        guard case .numericalFailure(let message)? = older.fault else {
            Issue.record("expected the refusal to be recorded")
            return
        }
        #expect(message.contains("refused"))

        let newer = LinearProgram(rows: 1, columns: 1)   // a fresh environment
        newer.setRow(0, indices: [0], values: [2])
        newer.setRowBound(0, .fixed(5))
        #expect(newer.simplex(presolve: true, dual: true) == .optimal)
        #expect(Tolerance.close(newer.columnValue(0), 2.5))
        try newer.verify()
    }

    @Test("A fault on one thread leaves a problem on another thread alone")
    func faultStaysOnItsThread() throws {
        final class Box: @unchecked Sendable {      // handed between threads under the semaphores below
            var lp: LinearProgram?
            var results: [Double] = []
        }
        let box = Box()
        let built = DispatchSemaphore(value: 0), faulted = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let owner = Thread {
            let lp = LinearProgram(rows: 1, columns: 1)
            lp.setRow(0, indices: [0], values: [1])
            lp.setRowBound(0, .lower(3))
            lp.setObjective(0, 1)
            box.lp = lp
            built.signal()
            faulted.wait()
            box.results.append(lp.simplex(presolve: false, dual: false) == .optimal ? 1 : 0)
            box.results.append(lp.columnValue(0))
            box.results.append(lp.fault == nil ? 1 : 0)
            box.lp = nil                          // deleted on its own thread
            done.signal()
        }
        owner.start()
        built.wait()
        // Another thread (this one) faults, and even tries the owner's problem: refused, not touched.
        let local = LinearProgram(rows: 1, columns: 1)
        local.uncheckedSetColumnBound(glpkIndex: -1)
        #expect(local.fault != nil)
        #expect(box.lp?.isValid == false)         // seen from here, the owner's problem is foreign
        faulted.signal()
        done.wait()
        let expectedResults: [Double] = [1, 3, 1]
        #expect(box.results == expectedResults)
    }

    /// One task's round: solves on its thread, half the tasks with a GLPK fault injected each time.
    private static func faultyRound(task: Int) -> Bool {
        var good = true
        for round in 0..<20 {
            if task % 2 == 0 {
                GLPKGuard.injectFault(afterCalls: UInt64(round % 12 + 1))
                do {
                    _ = try referenceSolve()
                } catch TrellisError.numericalFailure {
                } catch {
                    good = false
                }
                GLPKGuard.injectFault(afterCalls: 0)
            }
            guard let (x, y) = try? referenceSolve(), Tolerance.close(x, 75), Tolerance.close(y, 25) else { return false }
        }
        return good
    }

    @Test("Faults caught on some threads while other threads solve: every answer stays right")
    func faultsUnderConcurrency() async {
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask { Self.faultyRound(task: task) }   // synchronous inside: one thread per round
            }
            for await good in group { #expect(good) }
        }
    }

    /// Every GLPK call of `solve` in turn is made to raise a real GLPK fatal error. Each time the
    /// solve must either throw ``TrellisError/numericalFailure(_:)`` and leave the solver as it
    /// was, or (a fault after the answer was read, e.g. in `glp_delete_prob`) return the right
    /// answer; and the next solve must give the same answer as a run without faults.
    @Test("A fault at any GLPK call of a solve loses nothing", arguments: FaultScenario.all)
    func faultAtEveryCall(_ scenario: FaultScenario) throws {
        // The reference: no fault.
        let reference = try scenario.run(faultAt: nil)
        #expect(reference.calls >= scenario.minimumCalls, "the scenario made only \(reference.calls) GLPK calls")
        var failures = 0
        for k in 1...max(1, reference.calls) {
            let faulty = try scenario.run(faultAt: k)
            #expect(faulty.before == reference.before)
            switch faulty.outcome {
            case .failure(let message):
                failures += 1
                #expect(message.contains("GLPK raised a fatal error") && message.contains("injected"),
                        "fault at call \(k): \(message)")
                #expect(faulty.afterFailure == reference.before, "fault at call \(k) changed the solver")
            case let outcome:
                #expect(outcome == reference.outcome, "fault at call \(k) changed the answer")
            }
            #expect(faulty.retry == reference.outcome, "fault at call \(k): the next solve differs")
        }
        // A fault before the answer is read must fail the solve; only faults in `glp_delete_prob`
        // (after the answer was read) and in the conflict finder's heuristic first step may pass.
        #expect(reference.calls - failures <= scenario.maximumPasses,
                "only \(failures) of \(reference.calls) faults failed the solve")
    }
}

/// A solver, a change, and the answers around a solve of that change.
struct FaultScenario: Sendable, CustomTestStringConvertible {
    let name: String
    /// A floor for the number of GLPK calls the solve makes (the test must not pass vacuously).
    let minimumCalls: Int
    /// How many faults may leave the answer right instead of failing the solve.
    var maximumPasses = 3
    /// Builds a solver and solves it once (its "before" state), then returns the change to make.
    let setUp: @Sendable () throws -> (Solver, [Variable], change: (Solver) throws -> Void)

    var testDescription: String { name }

    enum Outcome: Equatable {
        case values([Double], objective: Double)
        case unsatisfiable([String])
        case failure(String)
    }

    struct Result {
        /// Values before the change.
        var before: Outcome
        /// The faulted (or normal) solve.
        var outcome: Outcome
        /// Values right after a failed solve (must equal `before`).
        var afterFailure: Outcome?
        /// A second solve without faults.
        var retry: Outcome
        /// Guarded GLPK calls made by the solve of the change.
        var calls: Int
    }

    static func snapshot(_ solver: Solver, _ variables: [Variable]) -> Outcome {
        // Rounded so that float noise of different (equally valid) bases does not count.
        .values(variables.map { (solver.value(of: $0) * 1e6).rounded() / 1e6 },
                objective: (solver.objective * 1e6).rounded() / 1e6)
    }

    static func solve(_ solver: Solver, _ variables: [Variable]) -> Outcome {
        do {
            try solver.solve()
            return snapshot(solver, variables)
        } catch TrellisError.unsatisfiable(let conflict) {
            return .unsatisfiable(conflict.map { $0.label ?? $0.description }.sorted())
        } catch {
            return .failure("\(error)")
        }
    }

    func run(faultAt k: Int?) throws -> Result {
        let (solver, variables, change) = try setUp()
        let before = Self.snapshot(solver, variables)
        try change(solver)
        let start = GLPKGuard.callCount
        GLPKGuard.injectFault(afterCalls: UInt64(k ?? 0))
        let outcome = Self.solve(solver, variables)
        GLPKGuard.injectFault(afterCalls: 0)
        let calls = Int(GLPKGuard.callCount - start)
        var afterFailure: Outcome?
        if case .failure = outcome { afterFailure = Self.snapshot(solver, variables) }
        let retry = Self.solve(solver, variables)
        return Result(before: before, outcome: outcome, afterFailure: afterFailure, retry: retry, calls: calls)
    }

    static let all: [FaultScenario] = [
        FaultScenario(name: "cold solve, three priority levels", minimumCalls: 20) {
            let v = (0..<4).map { Variable("v\($0)") }
            let solver = Solver()
            try solver.solve()
            return (solver, v, { solver in
                try solver.add(v[0] + v[1] + v[2] + v[3] == 100)
                try solver.add((v[0] == 10) ~~ .priority(.defaultHigh))
                try solver.add((v[1] == 2 * v[2]) ~~ .priority(.defaultLow))
                try solver.add((v[1] >= 50) ~~ .priority(500))
                try solver.add((v[3] <= 5) ~~ .weight(3))
                try solver.add((v[3] == 30) ~~ .weight(1))
                try solver.add((v[2] <= 40) ~~ .priority(500))
            })
        },
        FaultScenario(name: "warm re-solve after a constraint is added", minimumCalls: 10) {
            let x = Variable("x"), y = Variable("y"), z = Variable("z")
            let solver = Solver()
            try solver.add(x + y + z == 90)
            try solver.add((x == y) ~~ .weight(2))
            try solver.add((y == 2 * z) ~~ .weight(1))
            try solver.add((x >= 5) ~~ .priority(.defaultHigh))
            try solver.solve()
            return (solver, [x, y, z], { solver in try solver.add((z >= 25) ~~ .weight(5)) })
        },
        FaultScenario(name: "edit suggestions beyond the affine range", minimumCalls: 10) {
            // A level whose weights span more than 1e9 (solved in exact arithmetic): the tableau
            // does not follow its steps through breakpoints in Swift, so the step goes back to
            // the simplex method.
            let left = Variable("left"), split = Variable("split"), right = Variable("right")
            let solver = Solver()
            try solver.add(left + right == 600)
            try solver.add(split == left)
            try solver.add(left >= 100)
            try solver.add(right >= 150)
            try solver.add((left == 300) ~~ .priority(.defaultLow))
            try solver.add((right == 250) ~~ .weight(1e-7))
            try solver.addEditVariable(split, strength: .weight(1000))
            try solver.suggest(split, value: 320)
            try solver.solve()
            return (solver, [left, split, right], { solver in try solver.suggest(split, value: 20) })
        },
        FaultScenario(name: "weights spanning more than 1e9: exact re-solve", minimumCalls: 10) {
            // Three variables, so that presolve leaves two coupled ones for the LP (with two, one
            // substitution would leave a single variable, solved in closed form without GLPK).
            let x = Variable("x"), y = Variable("y"), z = Variable("z")
            let solver = Solver()
            try solver.solve()
            return (solver, [x, y, z], { solver in
                try solver.add(x + y + z == 10)
                try solver.add((x == 0) ~~ .weight(1e12))
                try solver.add((y == 0) ~~ .weight(1))
                try solver.add((x - y == 4) ~~ .weight(1e-3))
                try solver.add((z == 2) ~~ .weight(1))
            })
        },
        FaultScenario(name: "unsatisfiable: the conflict finder", minimumCalls: 20, maximumPasses: 60) {
            let a = Variable("a"), b = Variable("b"), c = Variable("c")
            let solver = Solver()
            try solver.add(a + b == 10)
            try solver.add(b - c == 2)
            try solver.add((a == 1) ~~ .weight(1))
            try solver.solve()
            return (solver, [a, b, c], { solver in
                try solver.add((a >= 0).labeled("a >= 0"))
                try solver.add((c >= 9).labeled("c >= 9"))
                try solver.add((a + c <= 40).labeled("a + c <= 40"))
                try solver.add((c <= 100).labeled("c <= 100"))
            })
        },
    ]
}
