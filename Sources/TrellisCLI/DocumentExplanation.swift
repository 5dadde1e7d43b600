import Foundation
import Trellis

/// `trellis explain DOC.json` for a `layout-document/1` file: the layout diagnostics of the
/// Trellis module (``DocumentLayout``, `View.explain`, `View.rootSizeSensitivity()`, …) as text,
/// each document constraint named with its `FILE:LINE:COLUMN`.
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

    /// The report, and whether the layout is unsatisfiable.
    /// - Throws: ``CommandFailure`` (exit 1) for an unknown item, attribute or sensitivity name,
    ///   or a layout that fails for another reason than a conflict.
    func report(_ options: Options) throws -> (text: String, unsatisfiable: Bool) {
        let result: DocumentLayoutResult
        do {
            result = try layout.layout(reportingAmbiguity: options.ambiguity)
        } catch {
            throw CommandFailure(message: TrellisCommand.Layout.locate(error, in: file), code: 1)
        }
        let root = layout.root
        var lines = ["layout document: \(result.documentName), root \(result.rootID) "
                     + "\(number(result.rootSize.width)) × \(number(result.rootSize.height))"]
        lines.append("status: \(result.isSatisfiable ? "satisfiable" : "unsatisfiable")")
        for (index, conflict) in result.conflicts.enumerated() {
            lines.append("conflict \(index + 1): \(conflict.count) required constraint\(conflict.count == 1 ? "" : "s") cannot hold together:")
            lines += conflict.map { "  " + member($0) }
        }
        if !result.isSatisfiable {
            if options.recover {
                let recovery = try diagnose { try root.layoutSnapshot(recoveringFromConflicts: true).recovery }
                if let recovery {
                    lines.append("recovered by relaxing \(recovery.relaxed.count) constraint\(recovery.relaxed.count == 1 ? "" : "s") "
                                 + "to priority \(number(Double(recovery.priority.rawValue))); broken:")
                    if recovery.broken.isEmpty { lines.append("  nothing") }
                    lines += recovery.broken.map { "  " + localized($0.description, [$0.constraint]) }
                }
            }
            if !options.why.isEmpty || !options.sensitivity.isEmpty {
                lines.append("why and sensitivity: not available while required constraints conflict (resolve the conflict first)")
            }
            return (lines.joined(separator: "\n"), true)
        }

        let violations = try diagnose { try root.unsatisfiedConstraints() }
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
        for subject in options.why {
            let (item, attribute) = try self.subject(subject)
            let explanation = try diagnose { try root.explain(item, attribute) }
            let text = explanation.description.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                let trimmed = line.drop { $0 == " " }
                guard let reason = explanation.reasons.first(where: { $0.description == trimmed }) else { return String(line) }
                return String(line.prefix(line.count - trimmed.count)) + localized(reason.description, [reason.constraint])
            }
            lines.append("why " + text.joined(separator: "\n"))
        }
        for name in options.sensitivity {
            for range in try sensitivities(name) {
                let infos = [range.constraint] + [range.lowerLimit, range.upperLimit].compactMap { $0?.constraint }
                lines.append("sensitivity: " + localized(range.description, infos))
            }
        }
        return (lines.joined(separator: "\n"), false)
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
    private func sensitivities(_ name: String) throws -> [LayoutSensitivity] {
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
