import ArgumentParser
import TrellisLinearSystem
import TrellisSolver





extension TrellisCommand {
    /// `trellis solve FILE|-`: reads a `linear-system/1` document and prints the answer JSON.
    struct Solve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Solve a linear-system/1 document and print the answer as JSON.",
            discussion: """
                Exit status: 0 optimal, 2 unsatisfiable (the answer names a minimal conflicting set \
                of required constraints), 1 input error (one line on stderr, nothing on stdout).

                Format: docs/linear-system.md (fields, strengths, edits and steps, the answer, limits).

                With --timing --repeat N the system is solved N more times in the same process (each \
                time from scratch, on a new solver) and "timing" also gives "warm_solve_ms" and \
                "warm_steps_ms", the medians of those runs (per step), next to the first solve of the \
                fresh process in "solve_ms" and "steps_ms": compare warm with warm, first with first.
                """
        )

        @Argument(help: "The linear-system/1 file, or - for standard input.")
        var file: String

        @Flag(help: "Add in-process solve times (parsing excluded) to the answer.")
        var timing = false

        @Option(help: "Give up (exit 1) when one solve takes longer than this many milliseconds.")
        var timeLimit: Int?

        @Option(help: "With --timing: solve this many more times in this process and add their medians.")
        var `repeat`: Int = 0

        func validate() throws {
            if `repeat` < 0 || `repeat` > 100_000 { throw ValidationError("--repeat must be between 0 and 100000") }
            if `repeat` > 0 && !timing { throw ValidationError("--repeat needs --timing") }
        }

        func run() throws {
            let system = try InputFile.linearSystem(at: file)
            let answer: LinearSystem.Answer
            // Only the timings of the warm runs are kept, not their answers (the values of every
            // step of every run would make the process's memory grow with --repeat).
            var warmSolves: [Double] = []
            var warmSteps: [[Double]] = []
            do {
                if `repeat` == 0 {
                    // The only solve: hand the system over, so that its constraints are freed
                    // once they are in the solver instead of living through the solve (a copy
                    // would keep them: -1 MB of peak memory on feed-1000).
                    answer = try (consume system).solve(timeLimitMilliseconds: timeLimit)
                } else {
                    answer = try system.solve(timeLimitMilliseconds: timeLimit)
                    for _ in 0..<`repeat` {
                        let copy = system
                        let run = try copy.solve(timeLimitMilliseconds: timeLimit)
                        warmSolves.append(run.solveMilliseconds)
                        warmSteps.append(run.stepMilliseconds)
                    }
                }
            } catch {
                throw CommandFailure(message: "\(file): \(error)", code: 1)
            }
            if warmSolves.isEmpty {
                answer.writeJSON(includeTiming: timing) { print($0, terminator: "") }
            } else {
                var text = ""
                answer.writeJSON(includeTiming: true) { text += $0 }
                text.removeLast()      // the closing brace of the answer; its "timing" object stays open below
                text.removeLast()      // … and the timing object's own
                let steps = answer.stepMilliseconds.indices.map { step in Self.median(warmSteps.map { $0[step] }) }
                text += ", \"warm_runs\": \(warmSolves.count), \"warm_solve_ms\": \(Self.median(warmSolves))"
                text += ", \"warm_steps_ms\": [" + steps.map { "\($0)" }.joined(separator: ", ") + "]}}"
                print(text, terminator: "")
            }
            print()
            if answer.status == .unsatisfiable { throw ExitCode(2) }
        }

        /// The median of some numbers (the mean of the middle two for an even count).
        static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }
}
