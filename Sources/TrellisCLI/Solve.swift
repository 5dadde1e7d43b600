import ArgumentParser
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
                """
        )

        @Argument(help: "The linear-system/1 file, or - for standard input.")
        var file: String

        @Flag(help: "Add in-process solve times (parsing excluded) to the answer.")
        var timing = false

        @Option(help: "Give up (exit 1) when one solve takes longer than this many milliseconds.")
        var timeLimit: Int?

        func run() throws {
            let system = try InputFile.linearSystem(at: file)
            let answer: LinearSystem.Answer
            do {
                answer = try system.solve(timeLimitMilliseconds: timeLimit)
            } catch {
                throw CommandFailure(message: "\(file): \(error)", code: 1)
            }
            answer.writeJSON(includeTiming: timing) { print($0, terminator: "") }
            print()
            if answer.status == .unsatisfiable { throw ExitCode(2) }
        }
    }
}
