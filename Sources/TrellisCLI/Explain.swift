import ArgumentParser
import TrellisSolver

extension TrellisCommand {
    /// `trellis explain FILE|-`: diagnoses a `linear-system/1` document after all its steps:
    /// conflicts (with an optional recovery), violated soft constraints, undetermined variables
    /// with their ranges, and on request why a variable has its value and how far a constraint's
    /// constant may move.
    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Diagnose a linear-system/1 document: conflicts, ambiguities, violations, explanations.",
            discussion: """
                The document is solved with all its steps, then diagnosed. Text by default, one JSON \
                object with --json. Exit status: 0 satisfiable, 2 unsatisfiable (the report names \
                every minimal conflicting set), 1 input error (one line on stderr, nothing on stdout).

                Examples:
                  trellis explain system.json
                  trellis explain system.json --variable x --sensitivity window --json
                  trellis explain broken.json --recover

                Format: docs/linear-system.md (fields, strengths, edits and steps, the answer, limits).
                """
        )

        @Argument(help: "The linear-system/1 file, or - for standard input.")
        var file: String

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        @Option(name: [.customLong("variable"), .customShort("v")],
                help: "Explain why this variable has its value (repeatable).")
        var variables: [String] = []

        @Option(name: [.customLong("sensitivity"), .customShort("s")],
                help: "Range the constant of this constraint id, or the suggestion of this edit variable (repeatable).")
        var sensitivities: [String] = []

        @Flag(help: "On a conflict, relax the conflicting constraints to priority 999, solve, and report what broke.")
        var recover = false

        @Flag(help: "Skip the search for undetermined variables.")
        var noAmbiguity = false

        @Flag(help: "Add in-process times of each diagnostic (parsing excluded).")
        var timing = false

        @Option(help: "Give up on a simplex run after this many milliseconds.")
        var timeLimit: Int?

        func run() throws {
            let system = try InputFile.linearSystem(at: file)
            var options = LinearSystem.DiagnosisOptions()
            options.explain = variables
            options.sensitivity = sensitivities
            options.recover = recover
            options.ambiguity = !noAmbiguity
            options.timeLimitMilliseconds = timeLimit
            let diagnosis: LinearSystem.Diagnosis
            do {
                diagnosis = try system.diagnose(options)
            } catch {
                throw CommandFailure(message: "\(file): \(error)", code: 1)
            }
            if json {
                let body = diagnosis.json
                print(timing ? String(body.dropLast()) + ", \"timing\": \(diagnosis.timingJSON)}" : body)
            } else {
                print(diagnosis.text)
                if timing { print(diagnosis.timingText) }
            }
            if diagnosis.status == .unsatisfiable { throw ExitCode(2) }
        }
    }
}
