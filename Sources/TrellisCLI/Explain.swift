import ArgumentParser
import Foundation
import Trellis
import TrellisDocument
import TrellisLinearSystem
import TrellisSolver
import TrellisSupport
import TrellisText

extension TrellisCommand {
    /// `trellis explain FILE|-`: diagnoses a `linear-system/1` document after all its steps:
    /// conflicts (with an optional recovery), violated soft constraints, undetermined variables
    /// with their ranges, and on request why a variable has its value and how far a constraint's
    /// constant may move. A `layout-document/1` file gets the layout diagnostics instead
    /// (``DocumentExplanation``).
    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Diagnose a linear-system/1 or layout-document/1 file: conflicts, ambiguities, violations, explanations.",
            discussion: """
                The document is solved with all its steps, then diagnosed. Text by default, one JSON \
                object with --json. Exit status: 0 satisfiable, 2 unsatisfiable (the report names \
                every minimal conflicting set), 1 input error (one line on stderr, nothing on stdout).

                Examples:
                  trellis explain system.json
                  trellis explain system.json --variable x --sensitivity window --json
                  trellis explain broken.json --recover

                Format: docs/linear-system.md (fields, strengths, edits and steps, the answer, limits).

                A layout document (layout-document/1, docs/layout-document.md) is laid out and explained \
                in its own terms, each document constraint named FILE:LINE:COLUMN: the conflicts (with \
                --recover, what breaks when one member of each conflict is relaxed to 999: never the root's \
                frame, a document entry before the layout's own rows, the entry written last first — the \
                rule of trellis layout and of Swift's layoutIfNeeded(recoveringFromConflicts:)), the violated soft constraints, the \
                undetermined frames with their ranges, --why ITEM.ATTRIBUTE (the constraints holding it, \
                broken ones included), and --sensitivity root|width|height|constraints[I] (how far the \
                root's size, or the constant of document entry I, can move before the layout changes \
                shape, and what gives way). Text items are measured by Pango, as trellis layout measures \
                them (--text-model: the built-in model). --json prints one JSON object (--timing and \
                --time-limit are for linear systems).

                Examples:
                  trellis explain screen.json --why title.width --sensitivity root
                """
        )

        @Argument(help: "The linear-system/1 or layout-document/1 file, or - for standard input.")
        var file: String

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        @Option(name: [.customLong("variable"), .customShort("v"), .customLong("why")],
                help: "Explain why this variable (or, in a layout document, ITEM.ATTRIBUTE) has its value (repeatable).")
        var variables: [String] = []

        @Option(name: [.customLong("sensitivity"), .customShort("s")],
                help: "Range the constant of this constraint id, or the suggestion of this edit variable; in a layout document root, width, height or constraints[I] (repeatable).")
        var sensitivities: [String] = []

        @Flag(help: "On a conflict, relax one constraint of it to priority 999 (never the root's frame; the one written last), lay out again, and report what broke.")
        var recover = false

        @Flag(help: "In a layout document, measure text items with the built-in model instead of Pango (as trellis layout --text-model); by default text is measured by Pango, as trellis layout does.")
        var textModel = false

        @Flag(help: "Skip the search for undetermined variables.")
        var noAmbiguity = false

        @Flag(help: "Add in-process times of each diagnostic (parsing excluded).")
        var timing = false

        @Option(help: "Give up on a simplex run after this many milliseconds.")
        var timeLimit: Int?

        /// What the file holds.
        enum Input {
            case system(LinearSystem)
            case layoutDocument([UInt8])
        }

        /// Reads the file as a linear system, else as a layout document; a linear system's bytes
        /// are released when this returns (only the parsed system outlives it).
        static func load(_ file: String) throws -> Input {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(file)
            } catch {
                throw CommandFailure(message: "\(error)", code: 1)
            }
            do {
                return .system(try LinearSystem.parse(bytes))
            } catch {
                if isLayoutDocument(bytes) { return .layoutDocument(bytes) }
                throw CommandFailure(message: "\(file): \(error)", code: 1)
            }
        }

        func run() throws {
            let system: LinearSystem
            switch try Self.load(file) {
            case .layoutDocument(let bytes): return try explainDocument(bytes)
            case .system(let parsed): system = parsed
            }
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

        /// Whether the bytes are a JSON object whose `format` is `layout-document/1` (asked only
        /// after they failed to read as a linear system, so a linear system is parsed once).
        static func isLayoutDocument(_ bytes: [UInt8]) -> Bool {
            guard let value = try? JSONValue.parse(bytes), case .string(let format)? = value["format"] else { return false }
            return format == LayoutDocument.formatTag
        }

        private func explainDocument(_ bytes: [UInt8]) throws {
            if timing || timeLimit != nil {
                throw CommandFailure(message: "--timing and --time-limit apply to linear-system/1 files, "
                                     + "not to layout documents", code: 1)
            }
            let shown = file == "-" ? "stdin" : file
            let layout: DocumentLayout
            do {
                let name = file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent
                // Text is measured as `trellis layout` measures it: Pango, or the built-in model on request.
                // Built once: `makeLayout` throws whatever the check of `LayoutDocument.parse` would.
                let document = try LayoutDocument.decode(bytes, name: name)
                layout = try textModel ? document.makeLayout()
                    : document.makeLayout(width: nil, height: nil, makeView: Label.documentView(for:))
            } catch {
                throw CommandFailure(message: Layout.locate(error, in: shown), code: 1)
            }
            var options = DocumentExplanation.Options()
            options.why = variables
            options.sensitivity = sensitivities
            options.recover = recover
            options.ambiguity = !noAmbiguity
            let explanation = DocumentExplanation(file: shown, layout: layout)
            let findings = try explanation.findings(options)
            print(json ? explanation.json(findings) : explanation.text(findings))
            if !findings.result.isSatisfiable { throw ExitCode(2) }
        }
    }
}
