import ArgumentParser
import Foundation

/// A failure that prints exactly one line on stderr (`trellis: …`) and exits with `code`.
struct CommandFailure: Error {
    let message: String
    let code: Int32
}

extension TrellisCommand {
    /// Runs the command, printing `CommandFailure`s as one stderr line with their exit code and
    /// leaving everything else (help, usage errors, `ExitCode`) to ArgumentParser.
    static func mainWithFailures() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            let line = "trellis: " + failure.message.split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: " ") + "\n"
            FileHandle.standardError.write(Data(line.utf8))
            Foundation.exit(failure.code)
        } catch {
            Self.exit(withError: error)
        }
    }
}
