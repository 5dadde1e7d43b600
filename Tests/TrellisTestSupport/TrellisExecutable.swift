import Foundation
import Testing

/// The `trellis` executable as a user runs it, for the CLI tests of every product: its exit status
/// and what it wrote to stdout and stderr.
package enum TrellisExecutable {
    /// One run's exit status and output.
    package struct Run: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
    }

    /// The executable next to the test bundle (`swift build --build-tests` builds it with the
    /// tests), else in `.build/debug`.
    package static let url: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("trellis"),
            Fixture.packageRoot.appendingPathComponent(".build/debug/trellis"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `trellis arguments` with `stdin` as its input (closed at once when nil), the process's
    /// environment without `COLUMNS` (so help text does not depend on the terminal) plus
    /// `environment`, in `directory` when given.
    /// - Throws: a test failure when the executable was not built, or what starting it throws.
    package static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                            in directory: URL? = nil) throws -> Run {
        let binary = try #require(url, "the trellis executable was not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["COLUMNS"] = nil
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }
}
