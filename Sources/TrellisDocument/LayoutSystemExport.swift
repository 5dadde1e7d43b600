import Trellis
import TrellisLinearSystem


/// A document's layout as the `linear-system/1` system the solver is handed — what
/// `trellis layout DOC.json --export-system OUT.json` writes (docs/linear-system.md, "Layouts as
/// systems").
///
/// - Variables are `item.left`, `item.top`, `item.width` and `item.height` of every item the
///   constraints use (root, views, guides, in document order), in the root's coordinates.
/// - Ids point back to the document: `constraints[3] (line 12): title.top == header.bottom + 8 @750`
///   for the entry at index 3 (0-based) written on line 12 (an entry with a composite attribute,
///   such as `edges`, gives one constraint per attribute); the constraints the layout pass makes
///   are named by role and subject: `root frame: root.width`, `content hugging: title.width`,
///   `compression resistance: title.height`.
/// - Priorities become weights: the distinct priorities of the soft constraints, lowest first,
///   each get one weight for all their constraints: 1 for the lowest, then the smallest power of
///   ten at least 10 × the summed weight of every soft constraint below. One point of violation
///   at a priority then costs more than one point of every lower constraint together (ten times
///   over), so solving the one weighted level keeps Auto Layout's strict order for rows with
///   coefficients near 1 (a multiplier of 1/10 or less can break it). A single weighted level is
///   only solved exactly while the weights stay within about 1e9 of each other: beyond, the
///   export says so in ``warnings``.
package struct LayoutSystemExport {
    /// The `linear-system/1` text (one constraint per line).
    package let json: String
    /// Why solving the export might not give the layout's frames (empty when it does).
    package let warnings: [String]
    /// The weight of each soft priority level, lowest first (`nil` priority: kiwi-style weights).
    package let weights: [(priority: Priority?, weight: Double)]
    /// The document's items (root, views, guides), in document order.
    let itemIDs: [String]

    /// The largest ratio of weights one weighted level solves exactly (measured on GLPK).
    package static let exactWeightRatio = 1e9

    /// Exports the layout's constraints after laying it out (a conflicting layout is exported as
    /// written, so that solving the export shows the conflict).
    /// - Throws: ``LayoutDocumentError`` when the layout fails for another reason.
    package static func make(_ layout: DocumentLayout) throws(LayoutDocumentError) -> LayoutSystemExport {
        let rows: [(row: Constraint, source: LayoutConstraint)]
        do {
            rows = try layout.root.loweredConstraints()
        } catch {
            throw LayoutDocumentError("layout failed: \(error)")
        }

        // Weights per soft level.
        let softRows = rows.filter { !$0.row.strength.isRequired }
        var levels: [Float] = []
        for level in Set(softRows.map { $0.row.strength.priority?.rawValue ?? 0 }).sorted() { levels.append(level) }
        // Level k weighs the smallest power of ten at least 10 × the total weight of the levels below.
        var summed: [Float: Double] = [:]
        for (row, _) in softRows { summed[row.strength.priority?.rawValue ?? 0, default: 0] += row.strength.weight }
        var weightOfLevel: [Float: Double] = [:]
        var below = 0.0
        for level in levels {
            var weight = 1.0
            while weight < 10 * below { weight *= 10 }
            weightOfLevel[level] = weight
            below += weight * (summed[level] ?? 0)
        }
        let weights = levels.map { (priority: $0 == 0 ? nil : Priority($0), weight: weightOfLevel[$0] ?? 1) }

        var warnings: [String] = []
        let rowWeights = softRows.map { $0.row.strength.weight * (weightOfLevel[$0.row.strength.priority?.rawValue ?? 0] ?? 1) }
        if let lightest = rowWeights.min(), let heaviest = rowWeights.max(), heaviest / lightest > exactWeightRatio {
            warnings.append("the \(levels.count) priority levels of \(softRows.count) soft constraints need weights from "
                + "\(short(lightest)) to \(short(heaviest)), beyond the ratio 1e9 that one weighted level solves "
                + "exactly: solving the export may not give the layout's frames")
        }

        // Variables: the document's items first, in document order, then any others.
        var names: [ObjectIdentifier: String] = [:]
        var used = Set<String>()
        var order: [Variable] = []
        let usedVariables = Set(rows.flatMap { $0.row.expression.terms.map { ObjectIdentifier($0.variable) } })
        func note(_ variable: Variable) {
            let id = ObjectIdentifier(variable)
            guard names[id] == nil, usedVariables.contains(id) else { return }
            var name = variable.name
            var copy = 2
            while used.contains(name) { name = "\(variable.name)#\(copy)"; copy += 1 }
            used.insert(name)
            names[id] = name
            order.append(variable)
        }
        let document = layout.document
        for id in [document.root.id] + document.views.map(\.id) + document.guides.map(\.id) {
            guard let item = layout.item(id: id) else { continue }
            for variable in [item.variables.left, item.variables.top, item.variables.width, item.variables.height] {
                note(variable)
            }
        }
        for (row, _) in rows { for term in row.expression.terms { note(term.variable) } }

        // Constraints, document order first (then the pass's own, in the solver's order).
        var entries: [(key: Int, index: Int, id: String, row: Constraint)] = []
        for (index, (row, source)) in rows.enumerated() {
            let id: String
            var key = Int.max
            if source.isImplicit {
                let subject = source.firstItem.map { "\($0.name).\(source.firstAttribute.map { "\($0)" } ?? "")" } ?? "?"
                id = "\(source.implicitRole ?? "layout"): \(subject)"
            } else if let entry = layout.documentIndex(of: source.id) {
                key = entry
                id = "constraints[\(entry)] (line \(document.constraints[entry].line)): \(text(of: source))"
            } else {
                id = text(of: source)
            }
            entries.append((key, index, id, row))
        }
        entries.sort { ($0.key, $0.index) < ($1.key, $1.index) }

        var ids = Set<String>()
        var lines: [String] = []
        for entry in entries {
            var id = entry.id
            var copy = 2
            while ids.contains(id) { id = "\(entry.id) #\(copy)"; copy += 1 }
            ids.insert(id)
            let terms = entry.row.expression.terms.map {
                "\(JSONText.quoted(names[ObjectIdentifier($0.variable)] ?? $0.variable.name)): \(number($0.coefficient))"
            }
            let strength = entry.row.strength
            let weight = strength.isRequired ? "\"required\""
                : number(strength.weight * (weightOfLevel[strength.priority?.rawValue ?? 0] ?? 1))
            lines.append("    {\"id\": \(JSONText.quoted(id)), \"terms\": {\(terms.joined(separator: ", "))}, "
                + "\"constant\": \(number(entry.row.expression.constant)), \"op\": \"\(entry.row.relation.rawValue)\", "
                + "\"strength\": \(weight)}")
        }
        let variables = order.map { JSONText.quoted(names[ObjectIdentifier($0)] ?? $0.name) }
        let json = "{\n  \"format\": \"linear-system/1\",\n  \"variables\": [\(variables.joined(separator: ", "))],\n"
            + "  \"constraints\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
        return LayoutSystemExport(json: json, warnings: warnings, weights: weights,
                                  itemIDs: [document.root.id] + document.views.map(\.id) + document.guides.map(\.id))
    }

    /// Solves the export and compares every item's frame with the layout's: nil when they agree
    /// within 1e-6 (or the layout conflicts: the export then answers with the conflict), else
    /// a message naming the largest difference.
    /// - Throws: what ``LinearSystem/solve(timeLimitMilliseconds:)`` throws.
    package func mismatch(with result: DocumentLayoutResult) throws -> String? {
        guard let snapshot = result.snapshot, result.isSatisfiable else { return nil }
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

    /// The constraint as a document reader sees it, without the file location (the id has the line).
    private static func text(of constraint: LayoutConstraint) -> String {
        let text = constraint.description
        guard let location = constraint.location, text.hasSuffix(" (\(location))") else { return text }
        return String(text.dropLast(" (\(location))".count))
    }

    /// A weight for a message: `1000`, `1e11`, `2.5`.
    private static func short(_ value: Double) -> String {
        guard value == value.rounded(), value < 1e18 else { return "\(value)" }
        var mantissa = value, exponent = 0
        while mantissa >= 10, mantissa.truncatingRemainder(dividingBy: 10) == 0 { mantissa /= 10; exponent += 1 }
        return exponent >= 4 ? "\(Int(mantissa))e\(exponent)" : "\(Int(value))"
    }

    /// A finite double as JSON, round-trip exact.
    private static func number(_ value: Double) -> String { "\(value + 0)" }
}
