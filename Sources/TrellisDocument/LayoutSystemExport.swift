import Trellis
import TrellisSupport


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
    package let itemIDs: [String]

    /// The largest ratio of weights one weighted level solves exactly (measured on GLPK).
    package static let exactWeightRatio = 1e9

    /// Exports the layout's constraints after laying it out (a conflicting layout is exported as
    /// written, so that solving the export shows the conflict).
    /// - Throws: ``LayoutDocumentError`` when the layout fails for another reason.
    package static func make(_ layout: DocumentLayout) throws(LayoutDocumentError) -> LayoutSystemExport {
        let rows = try loweredRows(of: layout)
        let weighting = Weighting(softRows: rows.map(\.row).filter { !$0.strength.isRequired })
        let names = VariableNames(of: layout, rows: rows.map(\.row))
        let lines = constraintLines(orderedEntries(rows, in: layout), names: names, weighting: weighting)
        let variables = names.order.map { JSONText.quoted(names.name(of: $0)) }
        let json = "{\n  \"format\": \"linear-system/1\",\n  \"variables\": [\(variables.joined(separator: ", "))],\n"
            + "  \"constraints\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
        let document = layout.document
        return LayoutSystemExport(json: json, warnings: weighting.warnings(), weights: weighting.weights,
                                  itemIDs: [document.root.id] + document.views.map(\.id) + document.guides.map(\.id))
    }

    /// The layout's constraints as the solver's rows, each with the constraint it comes from.
    private static func loweredRows(of layout: DocumentLayout) throws(LayoutDocumentError)
        -> [(row: Constraint, source: LayoutConstraint)]
    {
        do {
            return try layout.root.loweredConstraints()
        } catch {
            throw LayoutDocumentError("layout failed: \(error)")
        }
    }

    /// The weight of each soft priority level: level k weighs the smallest power of ten at least
    /// 10 × the total weight of the levels below.
    private struct Weighting {
        let softRows: [Constraint]
        /// The soft levels (a priority's raw value, 0 for none), lowest first.
        let levels: [Float]
        let weightOfLevel: [Float: Double]

        /// The levels of `softRows` and their weights.
        init(softRows: [Constraint]) {
            self.softRows = softRows
            levels = Set(softRows.map { Self.level(of: $0.strength) }).sorted()
            var summed: [Float: Double] = [:]
            for row in softRows { summed[Self.level(of: row.strength), default: 0] += row.strength.weight }
            var weightOfLevel: [Float: Double] = [:]
            var below = 0.0
            for level in levels {
                var weight = 1.0
                while weight < 10 * below { weight *= 10 }
                weightOfLevel[level] = weight
                below += weight * (summed[level] ?? 0)
            }
            self.weightOfLevel = weightOfLevel
        }

        /// The level of a soft strength: its priority's raw value, 0 for none.
        static func level(of strength: Strength) -> Float { strength.priority?.rawValue ?? 0 }

        /// Each level's priority (nil for none) and weight, lowest first.
        var weights: [(priority: Priority?, weight: Double)] {
            levels.map { (priority: $0 == 0 ? nil : Priority($0), weight: weightOfLevel[$0] ?? 1) }
        }

        /// A soft row's weight in the export: its own weight times its level's.
        func weight(of strength: Strength) -> Double {
            strength.weight * (weightOfLevel[Self.level(of: strength)] ?? 1)
        }

        /// Why one weighted level may not solve the export exactly: weights too far apart.
        func warnings() -> [String] {
            let rowWeights = softRows.map { weight(of: $0.strength) }
            guard let lightest = rowWeights.min(), let heaviest = rowWeights.max(), heaviest / lightest > exactWeightRatio else {
                return []
            }
            return ["the \(levels.count) priority levels of \(softRows.count) soft constraints need weights from "
                + "\(short(lightest)) to \(short(heaviest)), beyond the ratio 1e9 that one weighted level solves "
                + "exactly: solving the export may not give the layout's frames"]
        }
    }

    /// The exported variables and their names: the document's items first, in document order,
    /// then any others the rows use; a name taken already gets `#2`, `#3`, ….
    private struct VariableNames {
        private(set) var order: [Variable] = []
        private var names: [ObjectIdentifier: String] = [:]
        private var used = Set<String>()
        private let usedVariables: Set<ObjectIdentifier>

        /// Names the variables `rows` use: the items' of `layout` first, then the rest in row order.
        init(of layout: DocumentLayout, rows: [Constraint]) {
            usedVariables = Set(rows.flatMap { $0.expression.terms.map { ObjectIdentifier($0.variable) } })
            let document = layout.document
            for id in [document.root.id] + document.views.map(\.id) + document.guides.map(\.id) {
                guard let item = layout.item(id: id) else { continue }
                for variable in [item.variables.left, item.variables.top, item.variables.width, item.variables.height] {
                    note(variable)
                }
            }
            for row in rows { for term in row.expression.terms { note(term.variable) } }
        }

        /// Names `variable`, when the rows use it and it has no name yet.
        private mutating func note(_ variable: Variable) {
            let id = ObjectIdentifier(variable)
            guard names[id] == nil, usedVariables.contains(id) else { return }
            var name = variable.name
            var copy = 2
            while used.contains(name) { name = "\(variable.name)#\(copy)"; copy += 1 }
            used.insert(name)
            names[id] = name
            order.append(variable)
        }

        /// The variable's name in the export.
        func name(of variable: Variable) -> String { names[ObjectIdentifier(variable)] ?? variable.name }
    }

    /// Each row with its id, document order first (then the pass's own, in the solver's order).
    private static func orderedEntries(_ rows: [(row: Constraint, source: LayoutConstraint)], in layout: DocumentLayout)
        -> [(key: Int, index: Int, id: String, row: Constraint)]
    {
        var entries: [(key: Int, index: Int, id: String, row: Constraint)] = []
        for (index, (row, source)) in rows.enumerated() {
            let id: String
            var key = Int.max
            if source.isImplicit {
                let subject = source.firstItem.map { "\($0.name).\(source.firstAttribute.map { "\($0)" } ?? "")" } ?? "?"
                id = "\(source.implicitRole ?? "layout"): \(subject)"
            } else if let entry = layout.documentIndex(of: source.id) {
                key = entry
                id = "constraints[\(entry)] (line \(layout.document.constraints[entry].line)): \(text(of: source))"
            } else {
                id = text(of: source)
            }
            entries.append((key, index, id, row))
        }
        entries.sort { ($0.key, $0.index) < ($1.key, $1.index) }
        return entries
    }

    /// One JSON line per entry; an id taken already gets ` #2`, ` #3`, ….
    private static func constraintLines(_ entries: [(key: Int, index: Int, id: String, row: Constraint)],
                                        names: VariableNames, weighting: Weighting) -> [String] {
        var ids = Set<String>()
        var lines: [String] = []
        for entry in entries {
            var id = entry.id
            var copy = 2
            while ids.contains(id) { id = "\(entry.id) #\(copy)"; copy += 1 }
            ids.insert(id)
            let terms = entry.row.expression.terms.map {
                "\(JSONText.quoted(names.name(of: $0.variable))): \(number($0.coefficient))"
            }
            let strength = entry.row.strength
            let weight = strength.isRequired ? "\"required\"" : number(weighting.weight(of: strength))
            lines.append("    {\"id\": \(JSONText.quoted(id)), \"terms\": {\(terms.joined(separator: ", "))}, "
                + "\"constant\": \(number(entry.row.expression.constant)), \"op\": \"\(entry.row.relation.rawValue)\", "
                + "\"strength\": \(weight)}")
        }
        return lines
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
