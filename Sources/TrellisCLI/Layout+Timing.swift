import ArgumentParser
import Foundation
import Trellis
import TrellisDocument
import TrellisSupport
import TrellisText

extension TrellisCommand.Layout {
    /// What `--timing` changes before each timed pass.
    enum TimingSteps {
        /// Nothing: the pass finds nothing to do.
        case unchanged
        /// The root's width, one value per pass, in turn.
        case widths([Double])
        /// The constant of the document's `constraints[index]` (``ConstraintGroup/update(constant:)``).
        case constants(index: Int, values: [Double])
        /// Every text item shows the first N characters of its document text (all of it when
        /// shorter), one N per pass, in turn: the texts change, the widths stay (`--text-model` only).
        case texts([Int])

        /// Reads `unchanged`, `width:W1,W2,…`, `constant:I:V1,V2,…` or `text:N1,N2,…`.
        init(_ text: String) throws {
            func numbers(_ list: Substring) throws -> [Double] {
                let values = list.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard !values.isEmpty, values.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 1e6 } ?? false }) else {
                    throw CommandFailure(message: "--timing \(text): expected a comma-separated list of numbers", code: 1)
                }
                return values.map { $0! }
            }
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            switch (parts.first, parts.count) {
            case ("unchanged", 1): self = .unchanged
            case ("width", 2):
                let widths = try numbers(parts[1])
                guard widths.allSatisfy({ $0 > 0 }) else {
                    throw CommandFailure(message: "--timing \(text): widths must be positive", code: 1)
                }
                self = .widths(widths)
            case ("constant", 3):
                guard let index = Int(parts[1]), index >= 0 else {
                    throw CommandFailure(message: "--timing \(text): expected constant:INDEX:VALUES", code: 1)
                }
                self = .constants(index: index, values: try numbers(parts[2]))
            case ("text", 2):
                let counts = try numbers(parts[1])
                guard counts.allSatisfy({ $0 >= 0 && $0 == $0.rounded() }) else {
                    throw CommandFailure(message: "--timing \(text): character counts must be whole numbers, 0 or more", code: 1)
                }
                self = .texts(counts.map { Int($0) })
            default:
                throw CommandFailure(message: "--timing \(text): expected unchanged, width:W1,W2,…, constant:I:V1,V2,… "
                    + "or text:N1,N2,…", code: 1)
            }
        }
    }

    /// `--timing STEPS`: lays the document out cold, then times in-process layout passes
    /// (`layoutIfNeeded()`), each after one change of the steps; one warm-up round of the steps
    /// first (its first pass is reported on its own), then `--repeat` rounds. Prints one JSON object;
    /// besides the passes it gives the time spent reading the file (`read_ms`), parsing it into a
    /// `LayoutDocument` (`parse_ms`) and making the views and constraints (`build_ms`). The layout
    /// is not freed before the process exits. With `--cold-again N`, the document's views are then
    /// made N times more, each new tree laid out once (`cold_again_ms`: the median of those first
    /// passes — a cold layout in a process that has laid out before, its one-time costs paid;
    /// making and freeing the trees not timed).
    func runTiming(_ text: String) throws {
        let steps = try TimingSteps(text)
        let clock = ContinuousClock()
        let shown = file == "-" ? "stdin" : file
        var bytes: [UInt8] = []
        let read = try clock.measure {
            do {
                bytes = try InputFile.read(file)
            } catch {
                throw CommandFailure(message: "\(error)", code: 1)
            }
        }
        let name = file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent
        let start = clock.now
        let document: LayoutDocument
        do throws(LayoutDocumentError) {
            // Built once: `makeLayout` throws whatever the check of `LayoutDocument.parse` would.
            document = try LayoutDocument.decode(bytes, name: name)
        } catch {
            throw CommandFailure(message: Self.locate(error, in: shown), code: 1)
        }
        let parsed = clock.now
        let layout = try makeLayout(of: document, shown: shown)
        let parse = start.duration(to: parsed)
        let build = parsed.duration(to: clock.now)
        let root = layout.root
        let (change, count) = try timingChange(steps, of: layout, shown: shown)

        do {
            let cold = try clock.measure { try root.layoutIfNeeded() }
            var samples: [Double] = []
            var first = 0.0
            samples.reserveCapacity(count * `repeat`)
            for round in 0...`repeat` {
                for step in 0..<count {
                    let start = clock.now
                    change(step)
                    try root.layoutIfNeeded()
                    let elapsed = Self.microseconds(start.duration(to: clock.now))
                    if round == 0 {
                        if step == 0 { first = elapsed }
                    } else {
                        samples.append(elapsed)
                    }
                }
            }
            samples.sort()
            let median = Self.median(ofSorted: samples)
            var colds: [Double] = []
            for _ in 0..<coldAgain {
                let again = try makeLayout(of: document, shown: shown)
                colds.append(Self.microseconds(try clock.measure { try again.root.layoutIfNeeded() }))
            }
            colds.sort()
            let views = root.subtreeViews().count
            let coldAgainJSON = colds.isEmpty ? ""
                : ", \"cold_again_ms\": \(Self.median(ofSorted: colds) / 1000), \"cold_again_samples\": \(colds.count)"
            let json = "{\"document\": \(JSONText.quoted(shown)), \"views\": \(views), \"steps\": \(JSONText.quoted(text)), "
                + "\"cold_ms\": \(Self.microseconds(cold) / 1000), \"first_step_us\": \(first), "
                + "\"median_us\": \(median), \"min_us\": \(samples[0]), \"samples\": \(samples.count), "
                + "\"read_ms\": \(Self.microseconds(read) / 1000), \"parse_ms\": \(Self.microseconds(parse) / 1000), "
                + "\"build_ms\": \(Self.microseconds(build) / 1000)\(coldAgainJSON)}\n"
            FileHandle.standardOutput.write(Data(json.utf8))
            // The process ends right after this: its own layout (views, constraints, solver state)
            // is left for the exit to reclaim instead of being freed object by object, which costs
            // about as much as a cold layout at 1000 rows and is no part of what is timed.
            _ = Unmanaged.passRetained(layout)
        } catch {
            throw CommandFailure(message: "\(shown): --timing: \(error)", code: 2)
        }
    }

    /// A measuring callback, held as a callback (see the text steps of ``timingChange(_:of:shown:)``).
    private struct Measure {
        let callback: (Double) -> Size
    }

    /// The median of a sorted, non-empty list.
    private static func median(ofSorted values: [Double]) -> Double {
        // (Split: as one ternary, it took over 100 ms to type-check.)
        let middle = values.count / 2
        if values.count % 2 == 1 { return values[middle] }
        return (values[middle - 1] + values[middle]) / 2
    }

    /// The document's views and constraints (text by the model with `--text-model`, else by
    /// Pango); a mistake in them as the command reports it.
    private func makeLayout(of document: LayoutDocument, shown: String) throws -> DocumentLayout {
        do throws(LayoutDocumentError) {
            return try textModel
                ? document.makeLayout(width: width, height: height)
                : document.makeLayout(width: width, height: height, makeView: Label.documentView(for:))
        } catch {
            throw CommandFailure(message: Self.locate(error, in: shown), code: 1)
        }
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    /// The change made before timed pass `step` of a round, and the number of steps in a round.
    private func timingChange(_ steps: TimingSteps, of layout: DocumentLayout,
                              shown: String) throws -> (change: (Int) -> Void, count: Int) {
        let root = layout.root
        switch steps {
        case .unchanged:
            return ({ _ in }, 1)
        case .widths(let widths):
            let height = root.frame.height
            return ({ root.frame = Rect(x: 0, y: 0, width: widths[$0], height: height) }, widths.count)
        case .constants(let index, let values):
            guard index < layout.groups.count else {
                throw CommandFailure(message: "\(shown): --timing: the document has \(layout.groups.count) constraints", code: 1)
            }
            let group = layout.groups[index]
            return ({ group.update(constant: values[$0]) }, values.count)
        case .texts(let counts):
            guard textModel else {
                throw CommandFailure(message: "\(shown): --timing: text steps need --text-model", code: 1)
            }
            var entries: [(view: View, text: LayoutDocument.TextEntry)] = []
            for entry in layout.document.views {
                if let text = entry.text, let view = layout.item(id: entry.id) as? View { entries.append((view, text)) }
            }
            // The measuring closures of every step are made before timing; a step swaps them in.
            // (Each in a struct: a closure kept in an array as it is is stored generically, and
            // setting it as a callback wrapped it in a new reabstraction context every time —
            // an allocation and a free a label, a quarter of what the change cost; an app
            // setting a closure literal pays neither.)
            let measures: [[Measure]] = counts.map { count in
                entries.map { entry in
                    var shortened = entry.text
                    shortened.text = String(entry.text.text.prefix(count))
                    return Measure(callback: LayoutDocument.modelTextMeasure(of: shortened))
                }
            }
            // (The views alone: copying each entry's text description at every step was a tenth of
            // a step's change. A new measuring callback invalidates the view's content size
            // itself, as a new text of a label would: no other call is needed.)
            let views = entries.map(\.view)
            return ({ step in
                for (index, view) in views.enumerated() {
                    view.sizeForWidth = measures[step][index].callback
                }
            }, counts.count)
        }
    }
}
