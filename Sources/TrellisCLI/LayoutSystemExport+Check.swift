import Trellis
import TrellisDocument
import TrellisLinearSystem

// The one use of the `linear-system/1` reader by a document export: `--export-system` checks
// that solving what it wrote gives the layout's frames. It lives here, beside that option, so
// that TrellisDocument (the writer) does not depend on TrellisLinearSystem (the reader and solver).
extension LayoutSystemExport {
    /// Solves the export and compares every item's exact frame with the layout's (the export is
    /// the exact system: a `displayScale` rounds the layout's frames after solving): nil when they agree
    /// within 1e-6 (or the layout conflicts: the export then answers with the conflict), else
    /// a message naming the largest difference.
    /// - Throws: what ``LinearSystem/solve(timeLimitMilliseconds:)`` throws.
    package func mismatch(with result: DocumentLayoutResult) throws -> String? {
        guard let snapshot = result.snapshot?.exact, result.isSatisfiable else { return nil }
        let answer = try LinearSystem.parse(Array(json.utf8)).solve()
        guard answer.status == .optimal, let solve = answer.solves.first else {
            return "solving the export does not give the layout: it is \(answer.status.rawValue)"
        }
        let values = Dictionary(solve.values.map { ($0.variable, $0.value) }, uniquingKeysWith: { a, _ in a })
        var worst: (difference: Double, text: String)?
        for id in itemIDs {
            guard let frame = snapshot.entry(forID: id)?.frameInRoot else { continue }
            let laidOut = [("left", frame.minX), ("top", frame.minY), ("width", frame.width), ("height", frame.height)]
            for (attribute, value) in laidOut {
                guard let exported = values["\(id).\(attribute)"] else { continue }
                let difference = abs(exported - value)
                if difference > 1e-6 * max(1, abs(value)), difference > (worst?.difference ?? 0) {
                    worst = (difference, "\(id).\(attribute) is \(exported) there, \(value) in the layout")
                }
            }
        }
        return worst.map { "solving the export gives other frames: \($0.text)" }
    }
}
