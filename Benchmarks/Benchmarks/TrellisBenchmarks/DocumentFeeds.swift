import Foundation

/// The feed documents of `compare-peers.py` (`feed(rows, text=False, stacks)`), written as JSON
/// text here so the document benchmarks read what `trellis layout` reads: rows stacked 8 pt apart,
/// each a 48×48 avatar, 12 pt, a block of 48, 64 or 80 pt taking the rest, 16 pt insets; with
/// plain constraints (eleven strings a row) or with stacks (a vertical list of horizontal rows).
enum DocumentFeeds {
    static func feed(rows: Int, stacks: Bool) -> [UInt8] {
        var views: [String] = []
        var constraints: [String] = []
        if stacks {
            let arranged = (0..<rows).map { "\"row\($0)\"" }.joined(separator: ", ")
            views.append(#"{"id": "list", "stack": {"axis": "vertical", "spacing": 8, "alignment": "fill", "arranged": [\#(arranged)]}}"#)
            constraints += ["list~.top == root~.top + 16", "list~.leading == root~.leading + 16",
                            "list~.trailing == root~.trailing - 16"]
        }
        for i in 0..<rows {
            let row = "row\(i)"
            if stacks {
                views.append(#"{"id": "\#(row)", "parent": "list", "stack": {"axis": "horizontal", "spacing": 12, "#
                    + #""alignment": "top", "arranged": ["\#(row).avatar", "\#(row).text"]}}"#)
            } else {
                views.append(#"{"id": "\#(row)", "parent": "root"}"#)
            }
            views.append(#"{"id": "\#(row).avatar", "parent": "\#(row)"}"#)
            views.append(#"{"id": "\#(row).text", "parent": "\#(row)", "intrinsicSize": {"height": \#(48 + (i % 3) * 16)}}"#)
            constraints += ["\(row).avatar~.width == 48", "\(row).avatar~.height == 48"]
            if !stacks {
                let top = i > 0 ? "\(row)~.top == row\(i - 1)~.bottom + 8" : "\(row)~.top == root~.top + 16"
                constraints += [
                    "\(row)~.leading == root~.leading + 16", "\(row)~.trailing == root~.trailing - 16", top,
                    "\(row).avatar~.top == \(row)~.top", "\(row).avatar~.leading == \(row)~.leading",
                    "\(row).text~.leading == \(row).avatar~.trailing + 12", "\(row).text~.trailing == \(row)~.trailing",
                    "\(row).text~.top == \(row)~.top",
                    "\(row)~.bottom >= \(row).avatar~.bottom", "\(row)~.bottom >= \(row).text~.bottom",
                    "\(row)~.height == 0 ~~ 51",
                ]
            }
        }
        let text = #"{"format": "layout-document/1", "root": {"id": "root", "width": 375, "height": 800}, "views": ["#
            + views.joined(separator: ", ") + #"], "constraints": ["#
            + constraints.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
        return Array(text.utf8)
    }
}
