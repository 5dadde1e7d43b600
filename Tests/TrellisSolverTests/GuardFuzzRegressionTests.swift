import Foundation
import Testing
import TrellisSolver

/// Inputs the fuzzers found (`Tests/Fuzz/README.md`), kept as regression tests, and a replay of
/// the committed seed corpus through the same checks the fuzz target makes.
@Suite("Fuzz findings")
struct GuardFuzzRegressionTests {
    /// The checks of `Sources/TrellisFuzzSolve`, recording issues instead of trapping.
    static func check(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let system: LinearSystem
        do {
            system = try LinearSystem.parse(bytes)
        } catch is LinearSystemError {
            return
        } catch {
            Issue.record("parse threw \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return
        }
        let answer: LinearSystem.Answer
        do {
            answer = try system.solve(timeLimitMilliseconds: 10_000)
        } catch TrellisError.numericalFailure, TrellisError.limitExceeded {
            return
        } catch {
            Issue.record("solve threw an undocumented error: \(error)", sourceLocation: sourceLocation)
            return
        }
        _ = answer.json()
        switch answer.status {
        case .optimal:
            for solve in answer.solves {
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
                for edit in system.edits { scale += edit.weight * abs(value[edit.variable] ?? 0) }
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
    }

    @Test("x · 2.2250738585072014e-308 >= 180: presolve's bound overflows to infinity (was a precondition trap)")
    func boundOverflowsInPresolve() {
        let text = """
            {"format": "linear-system/1", "constraints": [
             {"id": "tiny", "terms": {"w": 2.2250738585072014e-308}, "constant": -180, "op": ">=", "strength": "required"},
             {"id": "cap", "terms": {"w": 1}, "constant": -1000, "op": "<=", "strength": "required"},
             {"id": "pref", "terms": {"w": 1}, "constant": -240, "op": "==", "strength": 1000}]}
            """
        Self.check(Array(text.utf8))
        // The component is handed to GLPK unreduced: an answer or a documented error, not a trap.
        let w = Variable("w")
        let solver = Solver()
        #expect(throws: Never.self) {
            try solver.add([Constraint(Expression([Term(w, 2.2250738585072014e-308)], constant: -180), .greaterThanOrEqual),
                            w <= 1000])
        }
        do {
            try solver.solve()
        } catch TrellisError.unsatisfiable, TrellisError.numericalFailure {
        } catch {
            Issue.record("undocumented error \(error)")
        }
    }

    @Test("The split-view example with a tiny coefficient, as the fuzzer first found it")
    func firstFinding() throws {
        let url = Self.corpus.appendingPathComponent("regression-presolve-infinite-bound.json")
        Self.check(Array(try Data(contentsOf: url)))
    }

    @Test("A coefficient of 2.2e-308 among ordinary ones: GLPK said optimal, a required constraint broke by 18%")
    func wrongAnswerIsRefused() throws {
        let url = Self.corpus.appendingPathComponent("regression-tiny-coefficient-wrong-answer.json")
        let system = try LinearSystem.parse(Array(try Data(contentsOf: url)))
        Self.check(Array(try Data(contentsOf: url)))
        // Now a documented error (or a right answer), never a wrong one.
        do {
            let answer = try system.solve()
            #expect(answer.status == .unsatisfiable || answer.solves.allSatisfy { $0.objective.isFinite })
        } catch TrellisError.numericalFailure(let message) {
            #expect(message.contains("breaks the required constraint"), "\(message)")
        }
    }

    @Test("After drag steps with an edit weight of 1e5 the objective came out as -3.04e-9 (rounding, not a bug)")
    func objectiveDrift() throws {
        let url = Self.corpus.appendingPathComponent("regression-objective-drift.json")
        Self.check(Array(try Data(contentsOf: url)))
    }

    @Test("w · 1.22e-305 >= 180 forces w ≈ 1.5e307; its soft preference at weight 1000 makes the objective +∞ (a finite answer)")
    func objectiveOverflow() throws {
        let url = Self.corpus.appendingPathComponent("regression-objective-overflow.json")
        Self.check(Array(try Data(contentsOf: url)))
    }

    @Test("2.2e-308 · x6 == 175 (required) has no double answer: a numerical failure, never ∞ in the values")
    func overflowingValue() throws {
        let url = Self.corpus.appendingPathComponent("regression-overflowing-value.json")
        let bytes = Array(try Data(contentsOf: url))
        Self.check(bytes)
        let system = try LinearSystem.parse(bytes)
        #expect {
            _ = try system.solve()
        } throws: { error in
            guard case TrellisError.numericalFailure(let message) = error else { return false }
            return message.contains("x6") && message.contains("beyond double precision")
        }
    }

    @Test("A 2e-9 coefficient magnified an affine drag step's rounding until a required row broke by 3.9e-6 (relative)")
    func affineStepDrift() throws {
        let url = Self.corpus.appendingPathComponent("regression-affine-step-drift.json")
        Self.check(Array(try Data(contentsOf: url)))
    }

    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus/linear-system")

    @Test("Every committed seed of the linear-system corpus passes the fuzz checks")
    func corpusReplays() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(files.count >= 40)
        for file in files {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(file)))
            Self.check(bytes)
        }
    }
}
