import Foundation
import Testing
import Trellis

/// `trellis layout a.json b.json … --jobs N`: each document printed exactly as laying it out
/// alone prints it, in the order given, whatever N is; failures reported per file.
@Suite("trellis layout with several documents")
struct ManyDocumentsCLITests {
    typealias CLI = DocumentCLITests

    static let examples = ["adaptive", "chat", "settings", "toolbar"].map {
        CLI.packageRoot.appendingPathComponent("docs/examples/\($0).json").path
    }

    /// A satisfiable document whose root is `width` wide.
    static func document(width: Int) -> String {
        """
        {"format": "layout-document/1", "root": {"id": "r", "width": \(width), "height": 200},
         "views": [{"id": "a", "intrinsicSize": {"width": 40, "height": 20}}, {"id": "b", "text": "Some words to wrap \(width)"}],
         "constraints": ["a~.top.leading == r~ + 8", "b~.leading == a~.trailing + 8", "b~.top == a~", "b~.trailing <= r~.trailing - 8"]}
        """
    }

    static let conflicting = """
        {"format": "layout-document/1", "root": {"id": "r", "width": 100, "height": 100},
         "views": [{"id": "a"}], "constraints": ["a~.width == 10", "a~.width == 20", "a~.top.leading == 0", "a~.height == 5"]}
        """

    /// The sections of several documents as laid out one by one: `==> FILE <==` and the output.
    static func expectedOutput(_ files: [String], options: [String]) throws -> (stdout: String, stderr: [String]) {
        var stdout = "", stderr: [String] = []
        var first = true
        for file in files {
            let alone = try CLI.run(["layout", file, "--text-model"] + options)
            if alone.status != 1 {
                stdout += (first ? "" : "\n") + "==> \(file) <==\n" + alone.stdout
                first = false
            }
            for line in alone.stderr.split(separator: "\n") {
                // Alone, a conflict's line does not name the file (there is only one).
                stderr.append(alone.status == 2 ? line.replacingOccurrences(of: "trellis: ", with: "trellis: \(file): ") : String(line))
            }
        }
        return (stdout, stderr)
    }

    @Test("--jobs 1, 2 and 4 print exactly what laying each document out alone prints, in order")
    func sameAsAlone() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files = Self.examples
        for width in [240, 320, 375, 414, 768, 1024] {
            let url = directory.appendingPathComponent("w\(width).json")
            try Self.document(width: width).write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        files.insert(files[1], at: 6)    // the same file twice is two documents
        let optionSets: [[String]] = [[], ["--json"]]
        for options in optionSets {
            let expected = try Self.expectedOutput(files, options: options)
            let headers: Int = expected.stdout.components(separatedBy: "==> ").count - 1
            #expect(headers == files.count)
            for jobs in ["1", "2", "4"] {
                let arguments: [String] = ["layout"] + files + ["--text-model", "--jobs", jobs] + options
                let run = try CLI.run(arguments)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout == expected.stdout, "--jobs \(jobs) \(options)")
                #expect(run.stderr.isEmpty)
            }
        }
    }

    @Test("A failing document is reported with its file name; the others are still laid out; the status says the worst")
    func failures() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json").path
        let conflict = directory.appendingPathComponent("conflict.json").path
        let broken = directory.appendingPathComponent("broken.json").path
        let missing = directory.appendingPathComponent("missing.json").path
        try Self.document(width: 300).write(toFile: good, atomically: true, encoding: .utf8)
        try Self.conflicting.write(toFile: conflict, atomically: true, encoding: .utf8)
        try "{\"format\": \"layout-document/1\",\n \"root\": {\"id\": \"r\", \"width\": -1, \"height\": 1}}"
            .write(toFile: broken, atomically: true, encoding: .utf8)

        let withConflict = [good, conflict, good]
        let expected = try Self.expectedOutput(withConflict, options: [])
        for jobs in ["1", "3"] {
            let run = try CLI.run(["layout"] + withConflict + ["--text-model", "--jobs", jobs])
            #expect(run.status == 2)
            #expect(run.stdout == expected.stdout)
            let lines: [String] = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines == expected.stderr)
            #expect(run.stderr.hasPrefix("trellis: \(conflict): unsatisfiable"), "\(run.stderr)")
        }

        let all = [broken, good, conflict, missing, good]
        let expectedAll = try Self.expectedOutput(all, options: [])
        for jobs in ["1", "2", "5"] {
            let run = try CLI.run(["layout"] + all + ["--text-model", "--jobs", jobs])
            #expect(run.status == 1)
            #expect(run.stdout == expectedAll.stdout)
            #expect(run.stdout.components(separatedBy: "==> ").count == 4)     // good, conflict, good
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines == expectedAll.stderr)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("trellis: \(broken):2:"), "\(lines)")
            #expect(lines[1].hasPrefix("trellis: \(conflict): unsatisfiable"), "\(lines)")
            #expect(lines[2].hasPrefix("trellis: \(missing): cannot read"), "\(lines)")
        }
    }

    @Test("Options that write one file take one document; --jobs must be positive")
    func usage() throws {
        let twice = [Self.examples[0], Self.examples[1]]
        for option in ["--svg", "--export-system", "--png", "--pdf"] {
            let run = try CLI.run(["layout"] + twice + [option, "/tmp/never-written"])
            #expect(run.status == 64, "\(option)")
            #expect(run.stderr.contains("\(option) writes one file"), "\(run.stderr)")
        }
        let zero = try CLI.run(["layout", Self.examples[0], "--jobs", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--jobs"))
        let stdin = try CLI.run(["layout", "-", "-"], stdin: "{}")
        #expect(stdin.status == 64)
    }
}
