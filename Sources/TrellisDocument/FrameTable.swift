import Trellis
import TrellisSupport

/// The frames of a document layout as an aligned text table, one item per line, indented by
/// depth, frames relative to the parent (as `View.frame` is):
///
/// ```text
/// item                   kind          x        y    width   height
/// screen                 view          0        0      390      844
///   header               view          0       44      390      176
///     avatar             view         16       16       64       64
/// ```
///
/// Items named by conflicting constraints are flagged `conflict` in the last column and the
/// conflicts follow the table; when the result's ambiguity was computed, ambiguous items are
/// flagged `ambiguous` and listed after that with the ranges of their undetermined attributes.
public enum FrameTable {
    /// The table of `result`.
    public static func render(_ result: DocumentLayoutResult) -> String {
        var lines: [String] = []
        if let summary = result.conflictSummary { lines.append(summary) }
        if let snapshot = result.snapshot {
            let conflicting = Set(result.conflictingItems)
            let ambiguous = Set(result.ambiguousItems ?? [])
            var rows: [[String]] = [["item", "kind", "x", "y", "width", "height", ""]]
            for entry in snapshot.entries {
                let note = conflicting.contains(entry.name) ? "conflict" : ambiguous.contains(entry.name) ? "ambiguous" : ""
                rows.append([String(repeating: "  ", count: min(entry.depth, 50)) + entry.name, entry.kind.rawValue,
                             NumberFormat.text(entry.frame.minX, decimals: 2), NumberFormat.text(entry.frame.minY, decimals: 2),
                             NumberFormat.text(entry.frame.width, decimals: 2), NumberFormat.text(entry.frame.height, decimals: 2), note])
            }
            var widths = Array(repeating: 0, count: 7)
            for row in rows {
                for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
            }
            for column in 2...5 { widths[column] = max(widths[column], 7) }
            for row in rows {
                var line = pad(row[0], widths[0]) + "  " + pad(row[1], widths[1])
                for column in 2...5 { line += "  " + String(repeating: " ", count: widths[column] - row[column].count) + row[column] }
                if !row[6].isEmpty { line += "  " + row[6] }
                lines.append(line)
            }
        } else {
            lines.append("no frames: the conflicts could not be relaxed")
        }
        for (number, conflict) in result.conflicts.enumerated() {
            lines.append(result.conflicts.count > 1 ? "conflict \(number + 1):" : "conflict:")
            for member in conflict {
                let source = member.constraintIndex.map { "constraints[\($0)]: " } ?? ""
                lines.append("  \(source)\(member.text)")
            }
        }
        if !result.relaxedEntries.isEmpty {
            lines.append("frames above: with " + result.relaxedEntries.map { "constraints[\($0)]" }.joined(separator: ", ")
                + " made optional (999, 998, … in this order)")
        }
        lines.append(contentsOf: result.ambiguityLines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
