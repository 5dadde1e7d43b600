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

        /// Reads `unchanged`, `width:W1,W2,…` or `constant:I:V1,V2,…`.
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
            default:
                throw CommandFailure(message: "--timing \(text): expected unchanged, width:W1,W2,… or constant:I:V1,V2,…", code: 1)
            }
        }
    }

    /// `--timing STEPS`: lays the document out cold, then times in-process layout passes
    /// (`layoutIfNeeded()`), each after one change of the steps; one warm-up round of the steps
    /// first (its first pass is reported on its own), then `--repeat` rounds. Prints one JSON object.
    func runTiming(_ text: String) throws {
        let steps = try TimingSteps(text)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(file)
        } catch {
            throw CommandFailure(message: "\(error)", code: 1)
        }
        let shown = file == "-" ? "stdin" : file
        let layout: DocumentLayout
        do {
            let document = try LayoutDocument.parse(bytes, name: file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent)
            layout = try textModel
                ? document.makeLayout(width: width, height: height)
                : document.makeLayout(width: width, height: height, makeView: Label.documentView(for:))
        } catch {
            throw CommandFailure(message: Self.locate(error, in: shown), code: 1)
        }
        let root = layout.root
        let clock = ContinuousClock()
        func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }

        let change: (Int) -> Void
        let count: Int
        switch steps {
        case .unchanged:
            change = { _ in }
            count = 1
        case .widths(let widths):
            let height = root.frame.height
            change = { root.frame = Rect(x: 0, y: 0, width: widths[$0], height: height) }
            count = widths.count
        case .constants(let index, let values):
            guard index < layout.groups.count else {
                throw CommandFailure(message: "\(shown): --timing: the document has \(layout.groups.count) constraints", code: 1)
            }
            let group = layout.groups[index]
            change = { group.update(constant: values[$0]) }
            count = values.count
        }

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
                    let elapsed = microseconds(start.duration(to: clock.now))
                    if round == 0 {
                        if step == 0 { first = elapsed }
                    } else {
                        samples.append(elapsed)
                    }
                }
            }
            samples.sort()
            let median = samples.count % 2 == 1 ? samples[samples.count / 2]
                : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
            let views = root.subtreeViews().count
            let json = "{\"document\": \(JSONText.quoted(shown)), \"views\": \(views), \"steps\": \(JSONText.quoted(text)), "
                + "\"cold_ms\": \(microseconds(cold) / 1000), \"first_step_us\": \(first), "
                + "\"median_us\": \(median), \"min_us\": \(samples[0]), \"samples\": \(samples.count)}\n"
            FileHandle.standardOutput.write(Data(json.utf8))
        } catch {
            throw CommandFailure(message: "\(shown): --timing: \(error)", code: 2)
        }
    }
}
