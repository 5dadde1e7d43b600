import ArgumentParser
import Foundation
import Trellis
import TrellisDocument
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
                and the frames and pictures are those with one constraint of each conflict relaxed to 999 \
                — never the root's frame, a document entry before the layout's own rows, the entry written \
                last first: the rule of trellis explain --recover and of Swift's \
                layoutIfNeeded(recoveringFromConflicts:) — and the conflicting items outlined in red); 1 input error (one line on stderr naming the view or \
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

                Pictures (--svg, --png, --pdf): a document with any "style", "image" or text "color" is drawn \
                finished: every view back to front in document order with its background, border, corner \
                radius, opacity and clipping, text in its colour, images by their content mode, on a \
                transparent page the root's size (--scale pixels a point for PNG; SVG text as glyph \
                outlines). A document without any of them is drawn as the wireframe it always had (depth-coloured \
                boxes; the SVG with each box's id and size), so its pictures do not change. --wireframe \
                draws the wireframe whatever the document has; --finished draws the finished picture \
                whatever it has; --finished --wireframe draws the wireframe's outlines on top of the \
                finished picture. Conflicting views are outlined in red in every format.

                --html OUT.html writes one self-contained page with the layout drawn as SVG and a slider \
                for the root width over --range (default 280...1200; --height-range A...B adds a height \
                slider in steps of --height-step). Where the layout keeps its shape, every frame is an \
                exact affine function of the width (pieces found with the root-size sensitivity and \
                checked against fresh layouts); where it does not (text wrapping, a layout set switching, \
                a conflict) the layout is computed at every integer width. The page says which. A fragment \
                such as OUT.html#width=433 opens it at that width.

                Several documents (`trellis layout a.json b.json c.json --jobs 2`) are laid out \
                independently, --jobs at a time on separate threads; each document's output is exactly what \
                laying it out alone prints, under a `==> FILE <==` line, in the order given, whatever --jobs \
                is. A document that fails is reported on stderr with its file name and the others are still \
                laid out; the exit status is then 1 if any document had an input error, else 2 if any was \
                unsatisfiable. --svg, --png, --pdf, --html and --export-system write one file, so they take one document.
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

        @Option(name: .customLong("cold-again"),
                help: "With --timing, then make the document's views this many times more and time each new tree's first pass (cold_again_ms: a cold layout in a process that has laid out before).")
        var coldAgain = 0

        /// The document of a single-document run.
        var file: String { files[0] }

        @Flag(help: "Print the frames as JSON instead of a table.")
        var json = false

        @Flag(help: "Draw the layout in the terminal instead of printing a table.")
        var ascii = false

        @Flag(help: "Also find the items whose frames the constraints do not determine (costs extra solves).")
        var ambiguity = false

        @Option(help: ArgumentHelp("Also draw the layout as SVG into this file (finished: text as glyph outlines).",
                                   valueName: "out.svg"))
        var svg: String?

        @Option(help: ArgumentHelp("Also write the lowered constraints as a linear-system/1 file.", valueName: "out.json"))
        var exportSystem: String?

        @Option(help: ArgumentHelp("Also draw the layout with its text (Pango, Cairo) as PNG into this file.", valueName: "out.png"))
        var png: String?

        @Flag(help: "Draw --svg/--png/--pdf as the debugging wireframe (depth-coloured boxes); with --finished, its outlines on top of the finished picture.")
        var wireframe = false

        @Flag(help: "Draw --svg/--png/--pdf finished (styles, text, images) even when the document has no style.")
        var finished = false

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

        @Option(help: ArgumentHelp("Round frames by edges to 1/S points in root coordinates, as Auto Layout rounds to pixels "
                                   + "(0 = exact, the default; 2 = @2x pixels). With 1, --ascii --columns W of a W-point-wide "
                                   + "root draws one cell per point.", valueName: "S"))
        var displayScale: Double?

        @Option(help: ArgumentHelp("Also write a page with a root-width slider over --range into this file.", valueName: "out.html"))
        var html: String?

        @Option(help: ArgumentHelp("The root widths of --html (default 280...1200).", valueName: "low...high"))
        var range: SizeRange?

        @Option(help: ArgumentHelp("Also give --html a height slider over these root heights.", valueName: "low...high"))
        var heightRange: SizeRange?

        @Option(help: "The height slider's step (default: the range in 20 steps, at least 1).")
        var heightStep: Double?

        @OptionGroup var picture: PictureOptions

        func validate() throws {
            try validateDocuments()
            if json && ascii { throw ValidationError("--json and --ascii cannot be combined") }
            try validateHTMLOptions()
            for (name, value) in [("--width", width), ("--height", height)] {
                if let value, !(value > 0 && value <= 1e6) {
                    throw ValidationError("\(name) must be positive and at most 1e6")
                }
            }
            try picture.validate()
            if wireframe || finished, svg == nil, png == nil, pdf == nil {
                throw ValidationError("--wireframe and --finished choose how --svg, --png and --pdf draw: give one of them")
            }
            if let displayScale, !(displayScale >= 0 && displayScale <= 1e6) {
                throw ValidationError("--display-scale must be between 0 and 1e6 (0 = exact)")
            }
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
            var parsed: LayoutDocument?
            var export: LayoutSystemExport?
            var layoutForPictures: DocumentLayout?
            do {
                var document = try Self.readDocument(bytes, name: name)
                if let displayScale { document.displayScale = displayScale }
                // Image views take their images' sizes (unless the document gives them one).
                let images = try Self.loadImages(of: &document, file: file)
                parsed = document
                // Text items are measured by Pango (a Label each), unless the built-in model is asked for.
                let layout = try document.makeLayout(width: width, height: height,
                                                     makeView: Self.viewFactory(images: images, textModel: textModel))
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
                output = PictureOptions.cells(picture.asciiRenderer(), for: result).render(LayoutPicture(result: result))
            } else {
                output = FrameTable.render(result)
            }
            try writePictures(result, layout: layoutForPictures, document: parsed)
            if let html, let parsed { try writeHTML(parsed, to: html) }
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

        /// The picture of `result` with the text of the Pango labels under `root`, broken into lines
        /// as Pango breaks it at each label's width (the SVG draws it).
        static func picture(of result: DocumentLayoutResult, labelsUnder root: View?) -> LayoutPicture {
            var picture = LayoutPicture(result: result)
            guard let root else { return picture }
            var labels: [String: Label] = [:]
            var pending = [root]
            while let view = pending.popLast() {
                if let label = view as? Label, let id = label.id { labels[id] = label }
                pending += view.subviews
            }
            for index in picture.boxes.indices where !picture.boxes[index].isGuide {
                let box = picture.boxes[index]
                guard let label = labels[box.name], box.frame.width.isFinite, box.frame.width > 0 else { continue }
                let face = label.face
                let lines = label.lines(forWidth: box.frame.width).map {
                    LayoutPicture.TextBlock.Line(text: $0.text, frame: $0.frame, baseline: $0.baseline)
                }
                picture.boxes[index].text = LayoutPicture.TextBlock(lines: lines, fontFamily: face.family, fontSize: face.size,
                                                                    isBold: face.isBold, isItalic: face.isItalic)
            }
            return picture
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

extension TrellisCommand.Layout {
    /// A closed range of root sizes written `low...high`.
    struct SizeRange: ExpressibleByArgument {
        let range: ClosedRange<Double>

        init(_ range: ClosedRange<Double>) { self.range = range }

        init?(argument: String) {
            let parts = argument.components(separatedBy: "...")
            guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low <= high else { return nil }
            range = low...high
        }
    }

    /// The width range of `--html` (default 280...1200).
    var widthRange: ClosedRange<Double> { range?.range ?? 280...1200 }

    /// The root heights of `--html`: `--height-range` in steps, else one (nil: the document's).
    var htmlHeights: [Double?] {
        guard let heights = heightRange?.range else { return [height] }
        let span = heights.upperBound - heights.lowerBound
        let step = heightStep ?? max(1, (span / 20).rounded())
        var values: [Double?] = []
        var value = heights.lowerBound
        while value < heights.upperBound - 1e-9 {
            values.append(value)
            value += step
        }
        return values + [heights.upperBound]
    }

    func validateHTMLOptions() throws {
        if html == nil, range != nil || heightRange != nil || heightStep != nil {
            throw ValidationError("--range, --height-range and --height-step go with --html")
        }
        if heightRange != nil, height != nil { throw ValidationError("--height and --height-range cannot be combined") }
        for (name, value) in [("--range", range), ("--height-range", heightRange)] {
            guard let value = value?.range else { continue }
            if !(value.lowerBound > 0 && value.upperBound <= 1e6) {
                throw ValidationError("\(name) must be positive and at most 1e6")
            }
        }
        if widthRange.upperBound - widthRange.lowerBound > WidthPieces.maximumSpan {
            throw ValidationError("--range may span at most \(Int(WidthPieces.maximumSpan)) points")
        }
        if let heightStep, !(heightStep >= 1 && heightStep <= 1e6) { throw ValidationError("--height-step must be at least 1") }
        if htmlHeights.count > 200 { throw ValidationError("--height-range in steps of --height-step gives more than 200 heights") }
    }

    /// Writes the `--html` page: the document over the width range, at each height, laid out as
    /// this command lays it out (Pango text unless --text-model).
    func writeHTML(_ document: LayoutDocument, to path: String) throws {
        let shown = file == "-" ? "stdin" : file
        var rows: [WidthPieces] = []
        var makeView: (LayoutDocument.ViewEntry) -> View = Label.documentView(for:)
        if textModel { makeView = LayoutDocument.defaultView(for:) }
        do {
            for rootHeight in htmlHeights {
                rows.append(try WidthPieces(document: document, range: widthRange, height: rootHeight, reportingAmbiguity: ambiguity,
                                            makeView: makeView))
            }
        } catch {
            throw CommandFailure(message: Self.locate(error, in: shown), code: 1)
        }
        try PictureOptions.write(HTMLPage(rows: rows, initialWidth: width).html, to: path)
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
    /// `renderer` drawing one cell per point when the frames are snapped to whole points and the
    /// root is exactly as wide as the terminal picture.
    static func cells(_ renderer: ASCIIRenderer, for result: DocumentLayoutResult) -> ASCIIRenderer {
        var renderer = renderer
        renderer.onePointPerCell = result.snapshot?.displayScale == 1 && result.rootSize.width == Double(renderer.columns)
        return renderer
    }

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
