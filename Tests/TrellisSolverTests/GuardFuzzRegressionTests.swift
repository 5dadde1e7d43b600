import Foundation
import Testing
@testable import TrellisLinearSystem
import TrellisSolver
import TrellisTestSupport

/// Inputs the fuzzers found (`Tests/Fuzz/README.md`), kept as regression tests, and a replay of
/// the committed seed corpus through the same checks the fuzz target makes.
@Suite("Fuzz findings")
struct GuardFuzzRegressionTests {
    /// What one input comes to: the outcome a regression test's name documents.
    enum Outcome: String, CustomStringConvertible {
        /// `LinearSystem.parse` refused it (`LinearSystemError`).
        case parseError
        /// The solve threw `TrellisError.numericalFailure`.
        case numericalFailure
        /// The solve threw `TrellisError.limitExceeded`.
        case limitExceeded
        /// An optimal answer: every value finite, the objective ≥ 0 (up to rounding), required rows held.
        case optimal
        /// An unsatisfiable answer with a conflict of known constraint ids.
        case unsatisfiable

        var description: String { rawValue }
    }

    /// The checks of `Sources/TrellisFuzzSolve`, recording issues instead of trapping, and an issue
    /// when the outcome for `bytes` is not `expected` (`input` names it in the issue). Returns the
    /// outcome (`nil` for an undocumented error).
    @discardableResult
    static func check(_ bytes: [UInt8], expecting expected: Outcome, input: String = "the input",
                      sourceLocation: SourceLocation = #_sourceLocation) -> Outcome? {
        func outcome(_ actual: Outcome, _ detail: @autoclosure () -> String = "") -> Outcome {
            if actual != expected {
                Issue.record("\(input): expected \(expected), got \(actual)\(detail())", sourceLocation: sourceLocation)
            }
            return actual
        }
        let system: LinearSystem
        do {
            system = try LinearSystem.parse(bytes)
        } catch let error as LinearSystemError {
            return outcome(.parseError, ": \(error)")
        } catch {
            Issue.record("parse threw \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return nil
        }
        let answer: LinearSystem.Answer
        do {
            answer = try system.solve(timeLimitMilliseconds: 10_000)
        } catch TrellisError.numericalFailure(let message) {
            return outcome(.numericalFailure, ": \(message)")
        } catch TrellisError.limitExceeded(let message) {
            return outcome(.limitExceeded, ": \(message)")
        } catch {
            Issue.record("solve threw an undocumented error: \(error)", sourceLocation: sourceLocation)
            return nil
        }
        _ = answer.json()
        switch answer.status {
        case .optimal:
            // The suggestions in force at each solve: an edit's row is `value − suggestion`.
            var suggested: [String: Double] = [:]
            for (index, solve) in answer.solves.enumerated() {
                if index < system.steps.count { for (variable, v) in system.steps[index] { suggested[variable] = v } }
                var value: [String: Double] = [:]
                for (name, v) in solve.values {
                    #expect(v.isFinite, "\(name) = \(v)", sourceLocation: sourceLocation)
                    value[name] = v
                }
                // ≥ 0 up to rounding: edit steps update the objective incrementally.
                var scale = 0.0
                for entry in system.constraints {
                    guard let weight = entry.weight else { continue }
                    scale += weight * entry.terms.reduce(abs(entry.constant)) { $0 + abs($1.coefficient * (value[$1.variable] ?? 0)) }
                }
                for edit in system.edits {
                    scale += edit.weight * (abs(value[edit.variable] ?? 0) + abs(suggested[edit.variable] ?? 0))
                }
                #expect(!solve.objective.isNaN && solve.objective >= -1e-7 * max(1, scale),
                        "objective \(solve.objective)", sourceLocation: sourceLocation)
                // +∞ only where weight × size overflows too.
                #expect(solve.objective.isFinite || !(scale * 2).isFinite, sourceLocation: sourceLocation)
                for entry in system.constraints where entry.weight == nil {
                    let residual = Tolerance.relativeResidual(entry, value)
                    #expect(residual <= 1e-6, "required \(entry.id) off by \(residual)", sourceLocation: sourceLocation)
                }
            }
        case .unsatisfiable:
            let ids = Set(system.constraints.map(\.id))
            #expect(!answer.conflict.isEmpty && answer.conflict.allSatisfy(ids.contains), sourceLocation: sourceLocation)
        }
        return outcome(answer.status == .optimal ? .optimal : .unsatisfiable,
                       answer.status == .unsatisfiable ? ": conflict \(answer.conflict)" : "")
    }

    /// Whether `error` is a numerical failure whose message contains `text`.
    static func isNumericalFailure(_ error: any Error, mentioning text: String) -> Bool {
        guard case TrellisError.numericalFailure(let message) = error else { return false }
        return message.contains(text)
    }

    @Test("""
        x · 2.2250738585072014e-308 >= 180 with x <= 1000: presolve's bound overflows to infinity (was a \
        precondition trap); now a numerical failure (GLPK's own presolver asserts, the guard reports it)
        """)
    func boundOverflowsInPresolve() {
        let text = """
            {"format": "linear-system/1", "constraints": [
             {"id": "tiny", "terms": {"w": 2.2250738585072014e-308}, "constant": -180, "op": ">=", "strength": "required"},
             {"id": "cap", "terms": {"w": 1}, "constant": -1000, "op": "<=", "strength": "required"},
             {"id": "pref", "terms": {"w": 1}, "constant": -240, "op": "==", "strength": 1000}]}
            """
        // In exact arithmetic the two required rows conflict (w >= 8.1e309 > 1000); in double
        // precision the bound is +∞ and GLPK's presolver fails an assertion (col->lb < col->ub),
        // which the guard turns into a documented error instead of abort().
        Self.check(Array(text.utf8), expecting: .numericalFailure)
        // The component is handed to GLPK unreduced: the same documented error, not a trap.
        let w = Variable("w")
        let solver = Solver()
        #expect(throws: Never.self) {
            try solver.add([Constraint(LinearExpression([Term(w, 2.2250738585072014e-308)], constant: -180), .greaterThanOrEqual),
                            w <= 1000])
        }
        #expect {
            try solver.solve()
        } throws: { error in
            Self.isNumericalFailure(error, mentioning: "GLPK")
        }
    }

    @Test("""
        The split-view example with a tiny coefficient, as the fuzzer first found it: the sidebar must be \
        at least 1.5e309 wide, beyond double precision — a numerical failure (GLPK's presolver asserts)
        """)
    func firstFinding() throws {
        try Self.expectNumericalFailure("regression-presolve-infinite-bound.json", mentioning: "GLPK")
    }

    @Test("""
        A coefficient of 1.2e-307 among ordinary ones: GLPK said optimal, a required constraint broke by 18%; \
        then unsatisfiable (c1, c9, c15); its mutants made GLPK read memory it had not written: now a \
        numerical failure naming the row's span, the simplex method not run
        """)
    func wrongAnswerIsRefused() throws {
        // (In exact arithmetic c1, c9 and c15 conflict — c15 gives x5 <= -263.5, c9 and c1 give
        // x5 >= -33.125 — but the component's LP holds c5's 1.2e-307 beside 3.0, a span the
        // simplex method is not run on: ``LinearProgram/widestRowSpan``.)
        try Self.expectNumericalFailure("regression-tiny-coefficient-wrong-answer.json", mentioning: "span")
    }

    @Test("""
        A mutant of the tiny-coefficient seed made glp_simplex read memory it had not written (an assertion \
        in spxlp.c, or a segmentation fault with MALLOC_PERTURB_): the LP is refused before GLPK runs
        """)
    func uninitializedReadInGLPK() throws {
        try Self.expectNumericalFailure("regression-glpk-uninitialized-read.json", mentioning: "span")
    }

    /// The committed seed `name` passes the fuzz checks as a numerical failure whose message
    /// contains every one of `texts`.
    static func expectNumericalFailure(_ name: String, mentioning texts: String...,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try seed(name)
        check(bytes, expecting: .numericalFailure)
        #expect(sourceLocation: sourceLocation) {
            _ = try LinearSystem.parse(bytes).solve()
        } throws: { error in
            texts.allSatisfy { isNumericalFailure(error, mentioning: $0) }
        }
    }

    @Test("After drag steps with an edit weight of 1e5 the objective came out as -3.04e-9 (rounding, not a bug)")
    func objectiveDrift() throws {
        Self.check(try Self.seed("regression-objective-drift.json"), expecting: .optimal)
    }

    @Test("w · 1.22e-305 >= 180 forces w ≈ 1.5e307; its soft preference at weight 1000 makes the objective +∞ (a finite answer)")
    func objectiveOverflow() throws {
        Self.check(try Self.seed("regression-objective-overflow.json"), expecting: .optimal)
    }

    @Test("2.2e-308 · x6 == 175 (required) has no double answer: a numerical failure, never ∞ in the values")
    func overflowingValue() throws {
        try Self.expectNumericalFailure("regression-overflowing-value.json", mentioning: "x6", "beyond double precision")
    }

    @Test("A 2e-9 coefficient magnified an affine drag step's rounding until a required row broke by 3.9e-6 (relative)")
    func affineStepDrift() throws {
        Self.check(try Self.seed("regression-affine-step-drift.json"), expecting: .optimal)
    }

    @Test("A 1.1e-90 coefficient beside ordinary ones: a drag step's objective, moved along the LP's slopes, was -1.3e76")
    func slopedObjectiveWideSpan() throws {
        Self.check(try Self.seed("regression-sloped-objective-wide-span.json"), expecting: .optimal)
    }

    @Test("A drag back from a suggestion of -1e15 (weight 3.7e6) cancelled the 3.7e21 objective to -524288: the step leaves it to be computed again")
    func objectiveCancellation() throws {
        let bytes = try Self.seed("regression-objective-cancellation.json")
        Self.check(bytes, expecting: .optimal)
        // The last step's objective is its violations' weighted sum: m meets its suggestion,
        // r = -300.25 misses 1000 by 1300.25 (weight 2), l = 900.25 misses 300 by 600.25 (weight 1).
        let answer = try LinearSystem.parse(bytes).solve()
        guard case .optimal = answer.status, let last = answer.solves.last else {
            Issue.record("no optimal answer")
            return
        }
        #expect(abs(last.objective - (2 * 1300.25 + 600.25)) <= 1e-6, "objective \(last.objective)")
    }

    @Test("""
        A 1.25e-304 coefficient forces sidebar.width ≈ 1.4e306, whose preference at weight 1000 overflows the \
        objective to +∞; a drag step through a pivot then added ∞ − ∞ to it: the objective was NaN. It is \
        computed from the values instead: +∞ at every step, the values as before
        """)
    func objectiveOverflowStep() throws {
        let bytes = try Self.seed("regression-objective-overflow-step.json")
        Self.check(bytes, expecting: .optimal)
        let answer = try LinearSystem.parse(bytes).solve()
        guard case .optimal = answer.status, answer.solves.count == 2 else {
            Issue.record("no optimal answer of two steps")
            return
        }
        for solve in answer.solves {
            #expect(solve.objective == .infinity, "objective \(solve.objective)")
        }
        // The second step asks the divider for 700: the content narrows to its minimum, 320, and
        // the divider stops at 579.
        let last = Dictionary(uniqueKeysWithValues: answer.solves[1].values.map { ($0.variable, $0.value) })
        #expect(last["divider"] == 579 && last["content.width"] == 320)
    }

    @Test("""
        An edit of weight 1.01e302 suggested −1e15 while required rows hold its variable at 50: \
        the objective overflows to +∞ (1.01e302 × 1e15), values finite and right. The fuzz check's \
        scale had left the suggestion out of the edit's row and called the +∞ wrong
        """)
    func editSuggestionOverflow() throws {
        let bytes = try Self.seed("regression-edit-suggestion-overflow.json")
        Self.check(bytes, expecting: .optimal)
        let answer = try LinearSystem.parse(bytes).solve()
        #expect(answer.solves.count == 4)
        #expect(answer.solves[2].objective == .infinity)
        let values = Dictionary(uniqueKeysWithValues: answer.solves[2].values.map { ($0.variable, $0.value) })
        #expect(values["m"] == 50 && values["l"] == 100 && values["r"] == 400)
    }

    @Test("""
        A drag replaying an elimination through a 1.2e-306 coefficient overflowed a free variable to ±∞ unchecked: \
        the step leaves it to the simplex method, which is not run on a row spanning 1.2e-306 to 1 (it answered \
        a point that was not the optimum): a numerical failure
        """)
    func determinedStepOverflow() throws {
        Self.check(try Self.seed("regression-determined-step-overflow.json"), expecting: .numericalFailure)
    }

    @Test("A drag whose re-solve found required rows infeasible (a 1.1e-90 coefficient wanting a value of 1e92) threw 'unsatisfiable' from a step: now a numerical failure")
    func suggestionInfeasible() throws {
        Self.check(try Self.seed("regression-suggestion-infeasible.json"), expecting: .numericalFailure)
    }

    @Test("A required 1.2e-307 · w >= 180 with w = 11 · s: s's closed form was finite (1.3e308), w's substitution ∞ and the answer 'optimal' with null: now a numerical failure naming w")
    func substitutionOverflow() throws {
        try Self.expectNumericalFailure("regression-substitution-overflow.json", mentioning: "sidebar.width",
                                        "beyond double precision")
    }

    @Test("""
        A required `1e15 · bottom − top == 30` substituted top away: bottom's bounds (≥ 4.6e-14 from \
        top ≥ 16, ≤ 2e-14 from bottom − top ≥ 10) were deemed equal up to rounding, an absolute \
        1e-9 for so small a value, and top came out −10: 'optimal' with a required row broken by 26. \
        Now unsatisfiable, the conflict naming the four rows
        """)
    func tinyVariableBounds() throws {
        let bytes = try Self.seed("regression-tiny-variable-bounds.json")
        Self.check(bytes, expecting: .unsatisfiable)
        let answer = try LinearSystem.parse(bytes).solve()
        #expect(Set(answer.conflict) == ["c1", "c6", "c9", "c11"], "\(answer.conflict)")
    }

    /// The bytes of the committed seed `name`.
    static func seed(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus/linear-system")

    /// The outcome of a committed seed: the regressions as their tests say, the hand-written
    /// edge cases as written, `unsat-*` unsatisfiable, every other seed an optimal answer.
    static func expectedOutcome(of file: String) -> Outcome {
        let named: [String: Outcome] = [
            "regression-affine-step-drift.json": .optimal,
            "regression-determined-step-overflow.json": .numericalFailure,
            "regression-edit-suggestion-overflow.json": .optimal,
            "regression-glpk-uninitialized-read.json": .numericalFailure,
            "regression-suggestion-infeasible.json": .numericalFailure,
            "regression-substitution-overflow.json": .numericalFailure,
            "regression-objective-cancellation.json": .optimal,
            "regression-objective-drift.json": .optimal,
            "regression-objective-overflow.json": .optimal,
            "regression-overflowing-value.json": .numericalFailure,
            "regression-presolve-infinite-bound.json": .numericalFailure,
            "regression-tiny-coefficient-wrong-answer.json": .numericalFailure,
            "regression-tiny-variable-bounds.json": .unsatisfiable,
            "hand-numbers.json": .parseError,           // a weight of 5e-324 is subnormal: refused
            "hand-unsat-steps.json": .unsatisfiable,
        ]
        if let outcome = named[file] { return outcome }
        return file.hasPrefix("unsat-") ? .unsatisfiable : .optimal
    }

    @Test("Every committed seed of the linear-system corpus passes the fuzz checks")
    func corpusReplays() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(files.count >= 40)
        for file in files {
            let bytes = try Self.seed(file)
            Self.check(bytes, expecting: Self.expectedOutcome(of: file), input: file)
        }
    }
}
