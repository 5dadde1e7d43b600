import Foundation
import Testing

/// The first guesses of SnapKit and Auto Layout users get a compiler message with the Trellis
/// spelling: each snippet is type-checked by `swiftc` against the modules this test was built
/// with, and must fail with the message the README promises (or, for the control, build).
@Suite("SnapKit and Auto Layout habits")
struct HabitsTests {
    struct Snippet: Sendable, CustomStringConvertible {
        let code: String
        /// Expected in the compiler's output; nil means the snippet must build.
        let message: String?
        var description: String { code }
    }

    static let snippets: [Snippet] = [
        Snippet(code: "Tails.install(v~.width == 100 ~~ .high)", message: "'high' has been renamed to 'defaultHigh'"),
        Snippet(code: "Tails.install(v~.width == 100 ~~ .low)", message: "'low' has been renamed to 'defaultLow'"),
        Snippet(code: "Tails.install(v~.width == 100 ~~ .medium)", message: "Auto Layout has no medium level"),
        Snippet(code: "Tails.install(v~.edges == root~.edges.inset(16))", message: "view~.edges == root~ + EdgeInsets(16)"),
        Snippet(code: "Tails.install(v~.top.equalToSuperview())", message: "a constant-only right side means the superview"),
        Snippet(code: "Tails.install(v~.width == root~.width.multipliedBy(0.5))", message: "root~.width * 0.5"),
        Snippet(code: "Tails.install(v~.width == root~.width.dividedBy(2))", message: "root~.width / 2"),
        Snippet(code: "_ = v.snp", message: "Tails.install(view~.top == root~ + 16)"),
        Snippet(code: "_ = v.topAnchor", message: "write view~.top"),
        Snippet(code: "_ = v.widthAnchor", message: "write view~.width"),
        Snippet(code: "v.translatesAutoresizingMaskIntoConstraints = false", message: nil),   // real since autoresizing masks (false is the default)
        Snippet(code: "Tails.install(v~.width == 100 ~~ .required, v~.top == root~.top + 8 ~~ .defaultHigh, v~.leading == 16)",
                message: nil),
        // The solver's expression type does not collide with Foundation's `Expression`.
        Snippet(code: "let x = Variable(\"x\"); let e: LinearExpression = 2 * x + 1; _ = (e, Date())", message: nil),
    ]

    /// The folder the test bundle was built in (it holds `Modules` and the C module maps).
    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("Each habit gets the Trellis spelling from the compiler; the control builds next to Foundation", arguments: snippets)
    func habit(_ snippet: Snippet) throws {
        let modules = Self.buildFolder.appendingPathComponent("Modules")
        let guardMap = Self.buildFolder.appendingPathComponent("CGLPKGuard.build/module.modulemap")
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("Trellis.swiftmodule").path),
                "no Trellis module next to the test bundle at \(modules.path)")
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("habit-\(UUID().uuidString).swift")
        let text = """
            import Foundation
            import Trellis

            let root = View(id: "root"), v = View(id: "v")
            root.addSubview(v)
            \(snippet.code)

            """
        try text.write(to: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: source) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", modules.path,
                             "-Xcc", "-fmodule-map-file=\(Self.packageRoot.appendingPathComponent("CSupport/CGLPK/module.modulemap").path)",
                             "-Xcc", "-fmodule-map-file=\(guardMap.path)", source.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let log = String(decoding: data, as: UTF8.self)
        if let message = snippet.message {
            #expect(process.terminationStatus != 0, "\(snippet.code) type-checked")
            #expect(log.contains(message), "\(snippet.code): \(log)")
        } else {
            #expect(process.terminationStatus == 0, "\(snippet.code): \(log)")
        }
    }
}
