import Trellis
import TrellisSupport

extension DocumentLayoutResult {
    /// The result as a JSON object (what `trellis layout --json` prints):
    ///
    /// ```json
    /// {"status": "satisfied", "document": "profile.json",
    ///  "root": {"id": "screen", "width": 390, "height": 844},
    ///  "items": [{"id": "screen", "kind": "view", "parent": null, "depth": 0,
    ///             "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
    ///             "frameInRoot": {"x": 0, "y": 0, "width": 390, "height": 844}}, …],
    ///  "conflicts": [], "relaxed": [],
    ///  "ambiguous": [{"item": "badge", "attributes": [{"attribute": "left", "value": 0, "min": 10, "max": null}]}]}
    /// ```
    ///
    /// `status` is `"satisfied"` or `"unsatisfiable"`; then `conflicts` lists each conflict as an
    /// array of `{"constraint": text, "index": n or null, "line": n or null, "items": [...],
    /// "implicit": bool}`, `relaxed` the indices of the constraints made optional (999, one per conflict, by `ConstraintInfo.memberToBreak(in:)`) to
    /// compute the frames, and `items` is null if no frames could be computed. Frames are rounded to 1e-6.
    ///
    /// A scroll view's item also has `"contentSize": {"width", "height"}` (its content layout
    /// guide's size), and every item inside a scroll view `"clipInRoot"` (the part of the root
    /// its scroll-view ancestors show; `frameInRoot` already accounts for their content offsets).
    ///
    /// `ambiguous` is present only when ambiguity was computed (``ambiguity`` is not nil; `trellis
    /// layout --ambiguity`): the ambiguous items in document order, each with its undetermined
    /// attributes (`left`, `top`, `width`, `height`), the value in the layout and the range over
    /// all optimal layouts (`min`/`max`, null when unbounded), positions relative to the root as
    /// in `frameInRoot`; `[]` when every frame is determined.
    public func json() -> String {
        var out = "{\n"
        out += "  \"status\": \(Self.quote(isSatisfiable ? "satisfied" : "unsatisfiable")),\n"
        out += "  \"document\": \(Self.quote(documentName)),\n"
        out += "  \"root\": {\"id\": \(Self.quote(rootID)), \"width\": \(Self.number(rootSize.width)), "
            + "\"height\": \(Self.number(rootSize.height))},\n"
        if let snapshot {
            var parents: [LayoutItemKey: String] = [:]
            for entry in snapshot.entries { parents[entry.key] = entry.name }
            // A scroll view's content size: its content guide's size.
            var contentSizes: [LayoutItemKey: Size] = [:]
            for entry in snapshot.entries where entry.kind == .guide && entry.name.hasSuffix(".contentLayoutGuide") {
                if let parent = entry.parent, entry.name == (parents[parent] ?? "") + ".contentLayoutGuide" {
                    contentSizes[parent] = entry.frame.size
                }
            }
            let items = snapshot.entries.map { entry in
                let parent = entry.parent.flatMap { parents[$0] }.map(Self.quote) ?? "null"
                var extra = ""
                if let size = contentSizes[entry.key] {
                    extra += ", \"contentSize\": {\"width\": \(Self.number(size.width)), \"height\": \(Self.number(size.height))}"
                }
                if let clip = entry.clipInRoot { extra += ", \"clipInRoot\": \(Self.rect(clip))" }
                return "    {\"id\": \(Self.quote(entry.name)), \"kind\": \(Self.quote(entry.kind.rawValue)), "
                    + "\"parent\": \(parent), \"depth\": \(entry.depth), \"frame\": \(Self.rect(entry.frame)), "
                    + "\"frameInRoot\": \(Self.rect(entry.frameInRoot))\(extra)}"
            }
            out += "  \"items\": [\n" + items.joined(separator: ",\n") + "\n  ],\n"
        } else {
            out += "  \"items\": null,\n"
        }
        let conflictTexts: [String] = conflicts.map { conflict in
            let members: [String] = conflict.map { member in
                let index: String = member.constraintIndex.map(String.init) ?? "null"
                let line: String = member.line.map(String.init) ?? "null"
                let items: String = member.items.map(Self.quote).joined(separator: ", ")
                return "      {\"constraint\": \(Self.quote(member.text)), \"index\": \(index), "
                    + "\"line\": \(line), \"items\": [\(items)], \"implicit\": \(member.isImplicit)}"
            }
            return "    [\n" + members.joined(separator: ",\n") + "\n    ]"
        }
        out += conflictTexts.isEmpty ? "  \"conflicts\": [],\n" : "  \"conflicts\": [\n" + conflictTexts.joined(separator: ",\n") + "\n  ],\n"
        out += "  \"relaxed\": [\(relaxedEntries.map(String.init).joined(separator: ", "))]"
        if let ambiguity {
            let items = ambiguity.map { item in
                "    {\"item\": \(Self.quote(item.name)), \"attributes\": [" + item.attributes.map { entry in
                    "{\"attribute\": \(Self.quote(entry.subject.attribute.rawValue)), \"value\": \(Self.number(entry.value)), "
                        + "\"min\": \(Self.number(entry.minimum)), \"max\": \(Self.number(entry.maximum))}"
                }.joined(separator: ", ") + "]}"
            }
            out += items.isEmpty ? ",\n  \"ambiguous\": []" : ",\n  \"ambiguous\": [\n" + items.joined(separator: ",\n") + "\n  ]"
        }
        return out + "\n}\n"
    }

    private static func rect(_ r: Rect) -> String {
        "{\"x\": \(number(r.minX)), \"y\": \(number(r.minY)), \"width\": \(number(r.width)), \"height\": \(number(r.height))}"
    }

    /// A JSON number: rounded to 1e-6, `null` if not finite (JSON has no NaN).
    private static func number(_ value: Double) -> String {
        value.isFinite ? NumberFormat.text(value, decimals: 6) : "null"
    }

    /// A JSON string literal (the same escapes as the solver's answers).
    static func quote(_ text: String) -> String { JSONText.quoted(text) }
}
