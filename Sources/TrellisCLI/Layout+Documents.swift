import ArgumentParser
import Foundation
import Synchronization
import Trellis
import TrellisDocument
import TrellisText

extension TrellisCommand.Layout {
    /// What laying out one document of several gives: the text laying it out alone prints on
    /// stdout (nil when it failed), its stderr lines (without the `trellis: ` prefix) and its
    /// exit status.
    struct DocumentRun: Sendable, Equatable {
        var output: String?
        var messages: [String]
        var status: Int32
    }

    /// How every document of a several-document run is laid out and printed.
    struct DocumentSettings: Sendable {
        var json = false
        var ascii = false
        var ambiguity = false
        var textModel = false
        var width: Double?
        var height: Double?
        var displayScale: Double?
        var renderer = ASCIIRenderer(columns: 80, color: false)
    }

    /// The checks on the documents and `--jobs` (part of ``validate()``).
    func validateDocuments() throws {
        if files.isEmpty { throw ValidationError("give a layout document (or - for standard input)") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if timing != nil && files.count > 1 { throw ValidationError("--timing takes one document") }
        if !(1...1_000_000).contains(`repeat`) { throw ValidationError("--repeat must be between 1 and 1000000") }
        if !(0...10_000).contains(coldAgain) { throw ValidationError("--cold-again must be between 0 and 10000") }
        if coldAgain > 0 && timing == nil { throw ValidationError("--cold-again goes with --timing") }
        guard files.count > 1 else { return }
        if files.count(where: { $0 == "-" }) > 1 { throw ValidationError("standard input (-) can be read only once") }
        for (name, value) in [("--svg", svg), ("--export-system", exportSystem), ("--png", png), ("--pdf", pdf), ("--html", html)]
            where value != nil {
            throw ValidationError("\(name) writes one file: give it one document")
        }
    }

    /// `trellis layout a.json b.json …`: every document laid out on its own, `--jobs` at a time,
    /// the outputs printed in the order given, each under a `==> FILE <==` line.
    func runMany() throws {
        let settings = DocumentSettings(json: json, ascii: ascii, ambiguity: ambiguity, textModel: textModel,
                                        width: width, height: height, displayScale: displayScale,
                                        renderer: picture.asciiRenderer())
        let runs = Self.layOut(files, jobs: jobs, settings: settings)
        var status: Int32 = 0
        var printed = false
        for (file, run) in zip(files, runs) {
            if let output = run.output {
                let header = (printed ? "\n" : "") + "==> \(file) <==\n"
                FileHandle.standardOutput.write(Data((header + output).utf8))
                printed = true
            }
            for message in run.messages {
                FileHandle.standardError.write(Data("trellis: \(message)\n".utf8))
            }
            // An input error outweighs a conflict.
            if run.status == 1 || (run.status != 0 && status == 0) { status = run.status }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Lays out each file on its own, `jobs` at a time (the calling thread and `jobs - 1` others,
    /// each taking the next file not yet taken), and returns the runs in the order of `files`.
    ///
    /// Each document is read, built, laid out and printed entirely on the thread that took it:
    /// its views never cross threads, only the printed text does. What threads share — GLPK's
    /// state is per thread, Pango's contexts are per thread, the text measurement cache is behind
    /// a mutex — does not change any result, so the runs are the same for every `jobs`.
    static func layOut(_ files: [String], jobs: Int, settings: DocumentSettings) -> [DocumentRun] {
        final class Work: Sendable {
            let files: [String]
            let settings: DocumentSettings
            let next = Atomic<Int>(0)
            let runs: Mutex<[DocumentRun?]>

            init(files: [String], settings: DocumentSettings) {
                self.files = files
                self.settings = settings
                runs = Mutex(Array(repeating: nil, count: files.count))
            }

            func drain() {
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < files.count else { return }
                    let run = TrellisCommand.Layout.layOut(files[index], settings: settings)
                    runs.withLock { $0[index] = run }
                }
            }
        }
        let work = Work(files: files, settings: settings)
        let finished = DispatchGroup()
        for _ in 1..<max(1, min(jobs, files.count)) {
            finished.enter()
            let thread = Thread {
                work.drain()
                finished.leave()
            }
            thread.stackSize = 8 << 20     // as much as the main thread has
            thread.start()
        }
        work.drain()
        finished.wait()
        return work.runs.withLock { runs in runs.map { $0 ?? DocumentRun(output: nil, messages: [], status: 1) } }
    }

    /// One document of several, as `trellis layout FILE` would print it on stdout (with the same
    /// options), or its error.
    static func layOut(_ file: String, settings: DocumentSettings) -> DocumentRun {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(file)
        } catch {
            return DocumentRun(output: nil, messages: ["\(error)"], status: 1)
        }
        let shown = file == "-" ? "stdin" : file
        let name = file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent
        do {
            var document = try readDocument(bytes, name: name)
            if let scale = settings.displayScale { document.displayScale = scale }
            let images = try loadImages(of: &document, file: file)
            let layout = try document.makeLayout(width: settings.width, height: settings.height,
                                                 makeView: viewFactory(images: images, textModel: settings.textModel))
            let result = try layout.layout(reportingAmbiguity: settings.ambiguity)
            let output: String
            if settings.json {
                output = result.json()
            } else if settings.ascii {
                output = PictureOptions.cells(settings.renderer, for: result).render(LayoutPicture(result: result))
            } else {
                output = FrameTable.render(result)
            }
            if let summary = result.conflictSummary {
                return DocumentRun(output: output, messages: ["\(shown): \(summary)"], status: 2)
            }
            return DocumentRun(output: output, messages: [], status: 0)
        } catch {
            return DocumentRun(output: nil, messages: [locate(error, in: shown)], status: 1)
        }
    }
}
