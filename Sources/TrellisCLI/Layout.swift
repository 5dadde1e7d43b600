import ArgumentParser
import Foundation
import Trellis
import TrellisText

extension TrellisCommand {
    /// `trellis layout DOC.json`: lays out a `layout-document/1` file and prints its frames, or
    /// draws it in the terminal (`--ascii`) and as SVG (`--svg OUT.svg`).
    struct Layout: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lay out a layout document and print its frames, or draw it.",
            discussion: """
                The document format (layout-document/1) is described in docs/layout-document.md; \
                `trellis demo --print-document` prints a complete example.

                Exit status: 0 laid out; 2 unsatisfiable (the output lists the conflicting constraints, \
                and the frames and pictures are those with the conflicting constraints made optional, the \
                last written giving way first, and the conflicting items outlined in red); 1 input error (one line on stderr naming the view or \
                constraint and its line and column, nothing on stdout). An ambiguous layout that can be \
                satisfied exits 0.

                --ambiguity also finds the items whose frames the constraints leave undetermined (up to two \
                extra solves per attribute): listed with the ranges of their undetermined attributes under \
                the table or picture and in the JSON's "ambiguous" key (absent without --ambiguity), flagged \
                in the table, outlined dashed in SVG and with : and . and a ? before the id in the terminal.

                --export-system OUT.json writes the constraints the solver is handed as a linear-system/1 \
                file (variables item.left, item.top, item.width, item.height; ids with the document line; \
                each priority a weight that outweighs all lower ones together): `trellis solve OUT.json` \
                gives the same frames. A conflicting layout is exported as written. The export is solved \
                once to check it: stderr says so when its frames differ, and when the weights span more \
                than 1e9 (beyond what one weighted level solves exactly). Format and weight rule: \
                docs/linear-system.md.

                Several documents (`trellis layout a.json b.json c.json --jobs 2`) are laid out \
                independently, --jobs at a time on separate threads; each document's output is exactly what \
                laying it out alone prints, under a `==> FILE <==` line, in the order given, whatever --jobs \
                is. A document that fails is reported on stderr with its file name and the others are still \
                laid out; the exit status is then 1 if any document had an input error, else 2 if any was \
                unsatisfiable. --svg, --png, --pdf and --export-system write one file, so they take one document.
                """
        )

        @Argument(help: "The layout documents (one or more), or - for standard input.")
        var files: [String] = []

        @Option(help: "With several documents, lay out this many at once on separate threads (the output does not depend on it).")
        var jobs: Int = 1

        @Option(help: ArgumentHelp("Instead of the frames, time warm layout passes in-process and print them as JSON: "
                                   + "unchanged, width:W1,W2,… (root resizes) or constant:I:V1,V2,… (update(constant:) of constraints[I]).",
                                   valueName: "steps"))
        var timing: String?

        @Option(help: "With --timing, how many times the steps are repeated (after one warm-up round).")
        var `repeat` = 100

        /// The document of a single-document run.
        var file: String { files[0] }

        @Flag(help: "Print the frames as JSON instead of a table.")
        var json = false

        @Flag(help: "Draw the layout in the terminal instead of printing a table.")
        var ascii = false

        @Flag(help: "Also find the items whose frames the constraints do not determine (costs extra solves).")
        var ambiguity = false

        @Option(help: ArgumentHelp("Also draw the layout as SVG into this file.", valueName: "out.svg"))
        var svg: String?

        @Option(help: ArgumentHelp("Also write the lowered constraints as a linear-system/1 file.", valueName: "out.json"))
        var exportSystem: String?

        @Option(help: ArgumentHelp("Also draw the layout with its text (Pango, Cairo) as PNG into this file.", valueName: "out.png"))
        var png: String?

        @Option(help: ArgumentHelp("Also draw the layout with its text as a one-page PDF into this file.", valueName: "out.pdf"))
        var pdf: String?

        @Option(help: "Pixels per point of --png (default 1).")
        var scale: Double = 1

        @Flag(help: "Measure text items with the built-in model instead of Pango (results that do not depend on installed fonts).")
        var textModel = false

        @Option(help: "Lay out at this root width instead of the document's.")
        var width: Double?

        @Option(help: "Lay out at this root height instead of the document's.")
        var height: Double?

        @OptionGroup var picture: PictureOptions

        func validate() throws {
            try validateDocuments()
            if json && ascii { throw ValidationError("--json and --ascii cannot be combined") }
            for (name, value) in [("--width", width), ("--height", height)] {
                if let value, !(value > 0 && value <= 1e6) {
                    throw ValidationError("\(name) must be positive and at most 1e6")
                }
            }
            try picture.validate()
            if !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be positive and at most 16") }
        }

        func run() throws {
            if files.count > 1 { return try runMany() }
            if let timing { return try runTiming(timing) }
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(file)
            } catch {
                throw CommandFailure(message: "\(error)", code: 1)
            }
            let name = file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent
            let result: DocumentLayoutResult
            var export: LayoutSystemExport?
            var layoutForPictures: DocumentLayout?
            do {
                let document = try LayoutDocument.parse(bytes, name: name)
                // Text items are measured by Pango (a Label each), unless the built-in model is asked for.
                let layout = try textModel
                    ? document.makeLayout(width: width, height: height)
                    : document.makeLayout(width: width, height: height, makeView: Label.documentView(for:))
                layoutForPictures = layout
                result = try layout.layout(reportingAmbiguity: ambiguity)
                if exportSystem != nil { export = try LayoutSystemExport.make(layout) }
            } catch {
                throw CommandFailure(message: Self.locate(error, in: file == "-" ? "stdin" : file), code: 1)
            }

            let output: String
            if json {
                output = result.json()
            } else if ascii {
                output = picture.asciiRenderer().render(LayoutPicture(result: result))
            } else {
                output = FrameTable.render(result)
            }
            if let svg {
                try PictureOptions.write(SVGRenderer().render([LayoutPicture(result: result)]), to: svg)
            }
            if png != nil || pdf != nil, let layout = layoutForPictures {
                // The frames of this layout (conflicts relaxed, if any), then the pictures with real text.
                if let snapshot = result.snapshot { snapshot.apply(to: layout.root) }
                do {
                    if let png { try Self.writeBytes(try PictureRenderer.png(of: layout.root, scale: scale, margin: 8), to: png) }
                    if let pdf { try Self.writeBytes(try PictureRenderer.pdf(of: layout.root, margin: 8), to: pdf) }
                } catch let error as PictureRenderingError {
                    throw CommandFailure(message: "\(png ?? pdf ?? ""): \(error)", code: 1)
                }
            }
            if let exportSystem, let export {
                try PictureOptions.write(export.json, to: exportSystem)
                var warnings = export.warnings
                do {
                    if let mismatch = try export.mismatch(with: result) { warnings.append(mismatch) }
                } catch {
                    warnings.append("solving the export to check it failed: \(error)")
                }
                for warning in warnings {
                    FileHandle.standardError.write(Data("trellis: \(exportSystem): \(warning)\n".utf8))
                }
            }
            FileHandle.standardOutput.write(Data(output.utf8))
            if let summary = result.conflictSummary {
                FileHandle.standardError.write(Data("trellis: \(summary)\n".utf8))
                throw ExitCode(2)
            }
        }

        /// Writes a binary file; a failure is an input error (exit 1) naming the path.
        static func writeBytes(_ bytes: [UInt8], to path: String) throws {
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CommandFailure(message: "\(path): cannot write: \((error as NSError).localizedDescription)", code: 1)
            }
        }

        /// `FILE:LINE:COLUMN: message`, the form editors and terminals link to.
        static func locate(_ error: LayoutDocumentError, in file: String) -> String {
            switch (error.line, error.column) {
            case (let line?, let column?): "\(file):\(line):\(column): \(error.message)"
            case (let line?, nil): "\(file):\(line): \(error.message)"
            default: "\(file): \(error.message)"
            }
        }
    }
}

/// The options of the terminal picture, shared by `layout` and `demo`.
struct PictureOptions: ParsableArguments {
    /// When to colour conflicting outlines.
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Option(help: "Width of the terminal picture in columns (default: $COLUMNS, the terminal's width, else 80).")
    var columns: Int?

    @Option(help: "Colour conflicting outlines in the terminal picture: auto (when writing to a terminal), always, never.")
    var color: ColorChoice = .auto

    func validate() throws {
        if let columns, !(10...1000).contains(columns) {
            throw ValidationError("--columns must be between 10 and 1000")
        }
    }

    /// The renderer for the chosen width and colour.
    func asciiRenderer() -> ASCIIRenderer {
        ASCIIRenderer(columns: columns ?? Self.terminalColumns(), color: useColor)
    }

    private var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            return isatty(STDOUT_FILENO) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }

    /// `$COLUMNS` when set, else the width of the terminal on standard output, else 80.
    static func terminalColumns() -> Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), (10...1000).contains(value) {
            return value
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, (10...1000).contains(Int(size.ws_col)) {
            return Int(size.ws_col)
        }
        return 80
    }

    /// Writes a text file; a failure is an input error (exit 1) naming the path.
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure(message: "\(path): cannot write: \((error as NSError).localizedDescription)", code: 1)
        }
    }
}
