// libFuzzer target: the `linear-system/1` reader and the solver behind it.
//
// Built for fuzzing only with `-DTRELLIS_FUZZ` (see Tests/Fuzz/README.md):
//
//     swift build -c release --scratch-path .build-fuzz --product TrellisFuzzSolve \
//         -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DTRELLIS_FUZZ
//
// Any other build makes a replay tool instead: `TrellisFuzzSolve FILE...` runs each file through
// the same checks (a crash input found by the fuzzer, or a whole corpus directory's files).
//
// What counts as a finding: a crash, and any broken promise of the public API, checked below:
// parsing either succeeds or throws `LinearSystemError`; solving a parsed system either answers or
// throws `TrellisError.numericalFailure`/`.limitExceeded` only; an optimal answer has finite values,
// a finite non-negative objective, and required constraints that hold; an unsatisfiable one names
// constraints of the system; the answer's JSON is written without trouble.

import TrellisSolver
import TrellisLinearSystem
import TrellisFuzzSupport

enum FuzzSolve {
    /// Systems bigger than this are parsed but not solved (a fuzzer input should run in milliseconds).
    static let maximumConstraints = 300
    /// GLPK's time budget per solve.
    static let milliseconds = 2_000

    static func run(_ bytes: [UInt8]) {
        let system: LinearSystem
        do {
            system = try LinearSystem.parse(bytes)
        } catch is LinearSystemError {
            return
        } catch {
            fatalError("LinearSystem.parse threw \(type(of: error)), not LinearSystemError: \(error)")
        }
        guard system.constraints.count <= maximumConstraints, system.steps.count <= 20 else { return }

        let answer: LinearSystem.Answer
        do {
            answer = try system.solve(timeLimitMilliseconds: milliseconds)
        } catch TrellisError.numericalFailure, TrellisError.limitExceeded {
            return
        } catch {
            fatalError("LinearSystem.solve threw an undocumented error: \(error)")
        }
        _ = answer.json(includeTiming: false)

        switch answer.status {
        case .optimal:
            precondition(answer.solves.count == max(1, system.steps.count), "one solve per step")
            // The suggestions in force at each solve (an edit's row is `value − suggestion`; 0
            // until the first suggestion), for the objective's scale.
            var suggested: [String: Double] = [:]
            for (index, solve) in answer.solves.enumerated() {
                if index < system.steps.count { for (variable, v) in system.steps[index] { suggested[variable] = v } }
                precondition(solve.values.count == system.variables.count, "a value per variable")
                var value: [String: Double] = [:]
                for (name, v) in solve.values {
                    precondition(v.isFinite, "\(name) = \(v)")
                    value[name] = v
                }
                // Σ weight × violation ≥ 0, up to the rounding of sums of this size (edit steps
                // update the objective incrementally: -3e-9 was seen with weights of 1e5). It
                // may overflow to +∞ only where weight × size does (weights are unbounded, and a
                // tiny coefficient can force a value near 1e307).
                let scale = objectiveScale(system, value, suggested: suggested)
                precondition(!solve.objective.isNaN && solve.objective >= -1e-7 * max(1, scale), "objective \(solve.objective)")
                precondition(solve.objective.isFinite || !(scale * 2).isFinite, "objective \(solve.objective) at scale \(scale)")
                for entry in system.constraints where entry.weight == nil {
                    let residual = relativeResidual(entry, value)
                    precondition(residual <= 1e-6, "required \(entry.id) off by \(residual) (relative)")
                }
            }
        case .unsatisfiable:
            let ids = Set(system.constraints.map(\.id))
            precondition(!answer.conflict.isEmpty && answer.conflict.allSatisfy(ids.contains), "conflict \(answer.conflict)")
        }
    }

    /// Σ over soft constraints and edits of weight × the size of the row's terms at `values`
    /// (an edit's row is its variable less the value `suggested` for it).
    static func objectiveScale(_ system: LinearSystem, _ values: [String: Double], suggested: [String: Double]) -> Double {
        var scale = 0.0
        for entry in system.constraints {
            guard let weight = entry.weight else { continue }
            var size = abs(entry.constant)
            for (name, coefficient) in entry.terms { size += abs(coefficient * (values[name] ?? 0)) }
            scale += weight * size
        }
        for edit in system.edits {
            scale += edit.weight * (abs(values[edit.variable] ?? 0) + abs(suggested[edit.variable] ?? 0))
        }
        return scale
    }

    /// How far a constraint is from holding, relative to the size of its terms.
    static func relativeResidual(_ entry: LinearSystem.Entry, _ values: [String: Double]) -> Double {
        var sum = entry.constant, scale = abs(entry.constant)
        for (name, coefficient) in entry.terms {
            let product = coefficient * (values[name] ?? 0)
            sum += product
            scale += abs(product)
        }
        let violation: Double = switch entry.relation {
        case .equal: abs(sum)
        case .lessThanOrEqual: max(0, sum)
        case .greaterThanOrEqual: max(0, -sum)
        }
        return violation / max(1, scale)
    }
}

#if TRELLIS_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSolve.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// SwiftPM links an executable's entry point under this name: start libFuzzer's driver from here.
@_cdecl("TrellisFuzzSolve_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { data, size in fuzzerTestOneInput(data, size) }
}
#else
import CGLPKGuard
import Foundation

/// Replays inputs through the fuzz checks, for crash inputs, the corpus, and leak checks:
///
///     TrellisFuzzSolve [--repeat N] [--faults] FILE|DIRECTORY...
///
/// `--repeat N` replays everything N times (a solve loop, e.g. under valgrind); `--faults` also
/// solves each system once per GLPK call with a GLPK fatal error injected at that call (through
/// the guard's test hook): every such solve must end in an answer or a thrown error.
@main
enum Replay {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var repeats = 1
        var faults = false
        while let first = arguments.first, first.hasPrefix("--") {
            arguments.removeFirst()
            switch first {
            case "--repeat": repeats = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? 1
            case "--faults": faults = true
            default: throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "unknown option \(first)"])
            }
        }
        if arguments.isEmpty {
            print("usage: TrellisFuzzSolve [--repeat N] [--faults] FILE|DIRECTORY...  (replays inputs through the fuzz checks)")
            return
        }
        let inputs = try FuzzReplay.inputs(arguments)
        var solves = 0, faulted = 0
        for _ in 0..<max(1, repeats) {
            for bytes in inputs {
                FuzzSolve.run(bytes)
                solves += 1
                if faults { faulted += injectFaults(bytes) }
            }
        }
        print("replayed \(inputs.count) inputs \(max(1, repeats)) times (\(solves) runs, \(faulted) with an injected GLPK fault): no finding")
    }

    /// Solves `bytes` once per guarded GLPK call of a normal solve, with a fault injected there.
    static func injectFaults(_ bytes: [UInt8]) -> Int {
        guard let system = try? LinearSystem.parse(bytes), system.constraints.count <= FuzzSolve.maximumConstraints else { return 0 }
        let start = trellis_glp_call_count()
        _ = try? system.solve()
        let calls = trellis_glp_call_count() - start
        var runs = 0
        for k in stride(from: UInt64(1), through: calls, by: max(1, Int(calls / 50))) {
            trellis_glp_inject_fault(k)
            do {
                _ = try system.solve()
            } catch TrellisError.numericalFailure {
            } catch {
                precondition(error is TrellisError, "a fault injected at GLPK call \(k) ended in \(error)")
            }
            trellis_glp_inject_fault(0)
            runs += 1
        }
        return runs
    }
}
#endif
