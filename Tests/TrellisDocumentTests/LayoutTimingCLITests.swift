import Foundation
import Testing
import Trellis

/// `trellis layout DOC --timing STEPS --repeat N`: warm layout passes timed in-process, one JSON
/// object on stdout.
@Suite("trellis layout --timing")
struct LayoutTimingCLITests {
    typealias CLI = DocumentCLITests

    static let toolbar = CLI.packageRoot.appendingPathComponent("docs/examples/toolbar.json").path

    static func report(_ arguments: [String]) throws -> [String: Any] {
        let run = try CLI.run(["layout", toolbar, "--text-model"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("Each step of each round after the warm-up is one sample; the steps are reported as given")
    func samples() throws {
        let widths = try Self.report(["--timing", "width:300,320,340", "--repeat", "4"])
        #expect(widths["samples"] as? Int == 12)
        #expect(widths["steps"] as? String == "width:300,320,340")
        #expect(widths["views"] as? Int == 18)
        let median = try #require(widths["median_us"] as? Double)
        let minimum = try #require(widths["min_us"] as? Double)
        #expect(minimum > 0 && minimum <= median)
        #expect((widths["cold_ms"] as? Double ?? 0) > 0)
        #expect((widths["first_step_us"] as? Double ?? 0) > 0)

        let constants = try Self.report(["--timing", "constant:0:10,12", "--repeat", "5"])
        #expect(constants["samples"] as? Int == 10)
        let unchanged = try Self.report(["--timing", "unchanged", "--repeat", "7"])
        #expect(unchanged["samples"] as? Int == 7)
        let texts = try Self.report(["--timing", "text:2,100", "--repeat", "3"])
        #expect(texts["samples"] as? Int == 6)
        for key in ["read_ms", "parse_ms", "build_ms"] {
            #expect((texts[key] as? Double ?? -1) >= 0, "\(key)")
        }
        #expect(texts["cold_again_ms"] == nil && texts["cold_again_samples"] == nil)
    }

    @Test("--cold-again N: N more trees made from the document, each one's first pass timed; the median reported")
    func coldAgain() throws {
        let report = try Self.report(["--timing", "width:300,320", "--repeat", "2", "--cold-again", "3"])
        #expect(report["cold_again_samples"] as? Int == 3)
        #expect((report["cold_again_ms"] as? Double ?? 0) > 0)
        #expect(report["samples"] as? Int == 4, "the rounds are as without it")
        for arguments in [["--cold-again", "3"], ["--timing", "unchanged", "--cold-again", "-1"]] {
            let run = try CLI.run(["layout", Self.toolbar] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("--cold-again"), "\(arguments): \(run.stderr)")
        }
    }

    @Test("Steps that cannot be run are input errors; --timing takes one document")
    func errors() throws {
        for (steps, message) in [("bogus", "expected unchanged"), ("width:", "comma-separated"), ("width:-5", "positive"),
                                 ("constant:99:1", "the document has 8 constraints"), ("constant:x:1", "constant:INDEX:VALUES"),
                                 ("text:1.5", "whole numbers"), ("text:4", "need --text-model")] {
            let run = try CLI.run(["layout", Self.toolbar, "--timing", steps])
            #expect(run.status == 1, "\(steps)")
            #expect(run.stderr.contains(message), "\(steps): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let two = try CLI.run(["layout", Self.toolbar, Self.toolbar, "--timing", "unchanged"])
        #expect(two.status == 64)
        let zero = try CLI.run(["layout", Self.toolbar, "--timing", "unchanged", "--repeat", "0"])
        #expect(zero.status == 64)
    }
}
