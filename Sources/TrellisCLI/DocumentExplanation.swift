import Foundation
import Trellis
import TrellisDocument
import TrellisLinearSystem
import TrellisSolver
import TrellisSupport

/// `trellis explain DOC.json` for a `layout-document/1` file: the layout diagnostics of the
/// Trellis module (``DocumentLayout``, `View.explain`, `View.rootSizeSensitivity()`, …) as text
/// or JSON, each document constraint named with its `FILE:LINE:COLUMN`.
struct DocumentExplanation {
    /// What to examine besides conflicts, violations and ambiguity.
    struct Options {
        var why: [String] = []
        var sensitivity: [String] = []
        var recover = false
        var ambiguity = true
    }

    /// The file as the user named it (`stdin` for `-`), used in `FILE:LINE:COLUMN`.
    let file: String
    let layout: DocumentLayout

    /// What the diagnostics found.
    struct Findings {
        var result: DocumentLayoutResult
        var recovery: ConflictRecovery<ConstraintInfo>?
        /// Nil when the layout is unsatisfiable (the diagnostics need a satisfiable layout).
        var violations: [Violation<ConstraintInfo>]?
        var explanations: [Explanation<ConstraintInfo>] = []
        var sensitivities: [SensitivityRange<ConstraintInfo>] = []
        /// Whether --why or --sensitivity were asked for but could not run (a conflict).
        var skipped = false
    }

    /// Runs the diagnostics asked for.
    /// - Throws: ``CommandFailure`` (exit 1) for an unknown item, attribute or sensitivity name,
    ///   or a layout that fails for another reason than a conflict.
    func findings(_ options: Options) throws -> Findings {
        let result: DocumentLayoutResult
        do {
            result = try layout.layout(reportingAmbiguity: options.ambiguity)
        } catch {
            throw CommandFailure(message: TrellisCommand.Layout.locate(error, in: file), code: 1)
        }
        let root = layout.root
        var findings = Findings(result: result)
        // Names are checked first, whatever the layout's state.
        let subjects = try options.why.map(subject)
        if !result.isSatisfiable {
            if options.recover {
                findings.recovery = try diagnose { try root.layoutSnapshot(recoveringFromConflicts: true).recovery }
            }
            findings.skipped = !options.why.isEmpty || !options.sensitivity.isEmpty
            return findings
        }
        findings.violations = try diagnose { try root.unsatisfiedConstraints() }
        for (item, attribute) in subjects {
            findings.explanations.append(try diagnose { try root.explain(item, attribute) })
        }
        for name in options.sensitivity {
            findings.sensitivities += try sensitivities(name)
        }
        return findings
    }

    /// The report as text, each document constraint named `(FILE:LINE:COLUMN)`.
    func text(_ findings: Findings) -> String {
        let result = findings.result
        var lines = ["layout document: \(result.documentName), root \(result.rootID) "
                     + "\(number(result.rootSize.width)) × \(number(result.rootSize.height))"]
        lines.append("status: \(result.isSatisfiable ? "satisfiable" : "unsatisfiable")")
        for (index, conflict) in result.conflicts.enumerated() {
            lines.append("conflict \(index + 1): \(conflict.count) required constraint\(conflict.count == 1 ? "" : "s") cannot hold together:")
            lines += conflict.map { "  " + member($0) }
        }
        if let recovery = findings.recovery {
            lines.append("recovered by relaxing \(recovery.relaxed.count) constraint\(recovery.relaxed.count == 1 ? "" : "s") "
                         + "to priority \(number(Double(recovery.priority.rawValue))); broken:")
            if recovery.broken.isEmpty { lines.append("  nothing") }
            lines += recovery.broken.map { "  " + localized($0.description, [$0.constraint]) }
        }
        if findings.skipped {
            lines.append("why and sensitivity: not available while required constraints conflict (resolve the conflict first)")
        }
        if let violations = findings.violations {
            if violations.isEmpty {
                lines.append("violations: none (every soft constraint holds)")
            } else {
                lines.append("violations (\(violations.count)):")
                lines += violations.map { "  " + localized($0.description, [$0.constraint]) }
            }
            if let ambiguity = result.ambiguity {
                if ambiguity.isEmpty {
                    lines.append("ambiguity: none (every frame is determined)")
                } else {
                    lines.append("ambiguous (\(ambiguity.count) item\(ambiguity.count == 1 ? "" : "s")):")
                    lines += ambiguity.flatMap { item in item.attributes.map { "  \($0)" } }
                }
            }
        }
        for explanation in findings.explanations {
            let text = explanation.description.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                let trimmed = line.drop { $0 == " " }
                guard let reason = explanation.reasons.first(where: { $0.description == trimmed }) else { return String(line) }
                return String(line.prefix(line.count - trimmed.count)) + localized(reason.description, [reason.constraint])
            }
            lines.append("why " + text.joined(separator: "\n"))
        }
        for range in findings.sensitivities {
            let infos = [range.constraint] + [range.lowerLimit, range.upperLimit].compactMap { $0?.constraint }
            lines.append("sensitivity: " + localized(range.description, infos))
        }
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object: constraints as `{"text", "line", "column"}` (`line` and
    /// `column` null for those the layout pass makes), non-finite bounds as null.
    func json(_ findings: Findings) -> String {
        let result = findings.result
        var fields = ["\"format\": \"\(LayoutDocument.formatTag)\"",
                      "\"status\": \"\(result.isSatisfiable ? "satisfiable" : "unsatisfiable")\""]
        let conflicts = result.conflicts.map { conflict in
            "[" + conflict.map { member in
                let entry = member.constraintIndex.map { layout.document.constraints[$0] }
                return "{\"text\": \(JSONText.quoted(stripped(member.text, entry: entry))), "
                    + "\"line\": \(entry.map { "\($0.line)" } ?? "null"), "
                    + "\"column\": \(entry.map { "\($0.documentColumn(ofScalar: 1))" } ?? "null"), "
                    + "\"items\": [\(member.items.map(JSONText.quoted).joined(separator: ", "))]}"
            }.joined(separator: ", ") + "]"
        }
        fields.append("\"conflicts\": [\(conflicts.joined(separator: ", "))]")
        if let recovery = findings.recovery {
            let broken = recovery.broken.map { "{\(constraint($0.constraint)), \"amount\": \(json($0.amount))}" }
            fields.append("\"recovery\": {\"priority\": \(json(Double(recovery.priority.rawValue))), "
                          + "\"broken\": [\(broken.joined(separator: ", "))]}")
        }
        if let violations = findings.violations {
            let items = violations.map {
                "{\(constraint($0.constraint)), \"priority\": \(json(Double($0.constraint.priority.rawValue))), \"amount\": \(json($0.amount))}"
            }
            fields.append("\"violations\": [\(items.joined(separator: ", "))]")
            if let ambiguity = result.ambiguity {
                let entries = ambiguity.flatMap(\.attributes).map {
                    "{\"item\": \(JSONText.quoted($0.subject.name)), \"attribute\": \"\($0.subject.attribute)\", \"value\": \(json($0.value)), "
                        + "\"min\": \(json($0.minimum)), \"max\": \(json($0.maximum))}"
                }
                fields.append("\"ambiguous\": [\(entries.joined(separator: ", "))]")
            }
        }
        if !findings.explanations.isEmpty {
            let items = findings.explanations.map { explanation in
                let reasons = explanation.reasons.map {
                    "{\(constraint($0.constraint)), \"role\": \"\($0.role.rawValue)\", \"side\": \"\($0.side.rawValue)\", "
                        + "\"violation\": \(json($0.violation)), \"sensitivity\": \(json($0.sensitivity))}"
                }
                return "{\"subject\": \(JSONText.quoted(explanation.subject)), \"value\": \(json(explanation.value)), "
                    + "\"min\": \(json(explanation.minimum)), \"max\": \(json(explanation.maximum)), "
                    + "\"reasons\": [\(reasons.joined(separator: ", "))]}"
            }
            fields.append("\"why\": [\(items.joined(separator: ", "))]")
        }
        if !findings.sensitivities.isEmpty {
            let items = findings.sensitivities.map { range in
                func limit(_ limit: SensitivityRange<ConstraintInfo>.Limit?) -> String {
                    guard let limit else { return "null" }
                    let subject = limit.constraint.map { constraint($0) } ?? "\"text\": null, \"line\": null, \"column\": null"
                    return "{\(subject), \"event\": \"\(limit.event.rawValue)\"}"
                }
                return "{\"quantity\": \(JSONText.quoted(range.quantity)), \"value\": \(json(range.constant)), "
                    + "\"min\": \(json(range.lowerBound)), \"max\": \(json(range.upperBound)), "
                    + "\"below\": \(limit(range.lowerLimit)), \"above\": \(limit(range.upperLimit))}"
            }
            fields.append("\"sensitivity\": [\(items.joined(separator: ", "))]")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    // MARK: - Names

    /// `ITEM.ATTRIBUTE` (the item id may contain dots: the attribute is after the last one).
    private func subject(_ text: String) throws -> (LayoutItem, LayoutAttribute) {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex else {
            throw CommandFailure(message: "--why \(text): expected ITEM.ATTRIBUTE, such as title.width", code: 1)
        }
        let id = String(text[..<dot]), name = String(text[text.index(after: dot)...])
        guard let item = layout.item(id: id) else {
            throw CommandFailure(message: "--why \(text): no view or guide \"\(id)\" in \(file)", code: 1)
        }
        guard let attribute = LayoutAttribute(rawValue: name) else {
            let known = LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(message: "--why \(text): unknown attribute \"\(name)\" (expected one of \(known))", code: 1)
        }
        return (item, attribute)
    }

    /// `root` (width and height), `width`, `height`, or `constraints[I]` (the constant of each
    /// constraint of document entry I).
    private func sensitivities(_ name: String) throws -> [SensitivityRange<ConstraintInfo>] {
        let root = layout.root
        switch name {
        case "root": let both = try diagnose { try root.rootSizeSensitivity() }; return [both.width, both.height]
        case "width": return [try diagnose { try root.rootSizeSensitivity() }.width]
        case "height": return [try diagnose { try root.rootSizeSensitivity() }.height]
        default:
            guard name.hasPrefix("constraints["), name.hasSuffix("]"),
                  let index = Int(name.dropFirst("constraints[".count).dropLast()),
                  layout.groups.indices.contains(index) else {
                throw CommandFailure(message: "--sensitivity \(name): expected root, width, height or constraints[I] "
                                     + "with I in 0..<\(layout.groups.count)", code: 1)
            }
            return try layout.groups[index].constraints.map { constraint in
                try diagnose { try root.sensitivity(of: constraint) }
            }
        }
    }

    // MARK: - Text

    /// A conflict member: `FILE:LINE:COLUMN: text` for a document constraint, the text for one
    /// the layout pass made.
    private func member(_ member: DocumentLayoutResult.ConflictMember) -> String {
        guard let index = member.constraintIndex else { return member.text }
        let entry = layout.document.constraints[index]
        var text = member.text
        let suffix = " (\(layout.document.name):\(entry.line))"
        if text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return "\(file):\(entry.line):\(entry.documentColumn(ofScalar: 1)): \(text)"
    }

    /// `text` with each document constraint's `(NAME:LINE)` made `(FILE:LINE:COLUMN)`.
    private func localized(_ text: String, _ infos: [ConstraintInfo]) -> String {
        var text = text
        for info in infos {
            guard let index = layout.documentIndex(of: info.id) else { continue }
            let entry = layout.document.constraints[index]
            let written = " (\(layout.document.name):\(entry.line))"
            guard info.text.hasSuffix(written) else { continue }
            let located = String(info.text.dropLast(written.count))
                + " (\(file):\(entry.line):\(entry.documentColumn(ofScalar: 1)))"
            text = text.replacingOccurrences(of: info.text, with: located)
        }
        return text
    }

    /// `"text": …, "line": …, "column": …` of a constraint (line and column null when the layout
    /// pass made it).
    private func constraint(_ info: ConstraintInfo) -> String {
        let entry = layout.documentIndex(of: info.id).map { layout.document.constraints[$0] }
        return "\"text\": \(JSONText.quoted(stripped(info.text, entry: entry))), "
            + "\"line\": \(entry.map { "\($0.line)" } ?? "null"), "
            + "\"column\": \(entry.map { "\($0.documentColumn(ofScalar: 1))" } ?? "null")"
    }

    /// A constraint's text without its `(NAME:LINE)` suffix.
    private func stripped(_ text: String, entry: LayoutDocument.ConstraintEntry?) -> String {
        guard let entry else { return text }
        let suffix = " (\(layout.document.name):\(entry.line))"
        return text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text
    }

    private func json(_ value: Double) -> String { value.isFinite ? "\(value + 0)" : "null" }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }

    /// Runs a diagnostic; a layout error is an input error naming the document.
    private func diagnose<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "\(file): \(error)", code: 1)
        }
    }
}
