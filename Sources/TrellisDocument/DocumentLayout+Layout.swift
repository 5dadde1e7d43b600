import Trellis

// Laying a built document out: recovery from conflicts, ambiguity, errors in the document's words.
extension DocumentLayout {
    /// Lays the document out.
    ///
    /// When the required constraints cannot all hold, the result lists the conflict (a minimal
    /// set, as `LayoutError.unsatisfiable(conflict:)` reports it) and, so that the layout can
    /// still be drawn, frames computed with one member of the conflict made optional (999): the
    /// one `ConstraintInfo.memberToBreak(in:)` names — never the root's frame, a document entry
    /// before the layout pass's own rows, the entry written last first — the same rule as
    /// `View.layoutIfNeeded(recoveringFromConflicts:)`. This repeats while further conflicts
    /// appear, up to ``maximumRecoveries`` times. The priorities are restored before the
    /// call returns.
    ///
    /// With `reportingAmbiguity`, the result's ``DocumentLayoutResult/ambiguity`` lists the items
    /// whose frames the constraints leave undetermined, with the ranges of their attributes (the
    /// layout diagnostics' `View.ambiguityReport()` on the root, in document order). It costs up
    /// to two extra solves per attribute, so it is off by default, and the result's `ambiguity`
    /// is then nil (not computed), never an empty list that looks like an answer.
    ///
    /// ```swift
    /// let result = try layout.layout(reportingAmbiguity: true)
    /// result.ambiguousItems   // ["badge"]
    /// ```
    ///
    /// - Throws: ``LayoutDocumentError`` for the other layout errors (a number the solver cannot
    ///   take, a solver failure), naming the document constraint involved.
    public func layout(reportingAmbiguity: Bool = false) throws(LayoutDocumentError) -> DocumentLayoutResult {
        var conflicts: [[ConstraintInfo]] = []
        var restore: [() -> Void] = []
        defer { for undo in restore.reversed() { undo() } }
        var snapshot: LayoutSnapshot?
        var relaxedEntries = Set<Int>()

        for _ in 0...Self.maximumRecoveries {
            do {
                snapshot = try root.layoutSnapshot()
                break
            } catch let error as LayoutError {
                guard case .unsatisfiable(let conflict) = error else { throw translate(error) }
                conflicts.append(conflict)
                // One recovery policy for every entry point (ConstraintInfo.memberToBreak): never the
                // root's frame, a written entry before the pass's own rows, the entry written last first.
                var progress = false
                if let member = ConstraintInfo.memberToBreak(in: conflict),
                   let undo = relax(member, to: ConstraintInfo.recoveryPriority, entries: &relaxedEntries) {
                    restore.append(undo)
                    progress = true
                }
                if !progress { break }
            } catch {
                throw LayoutDocumentError("layout failed: \(error)")
            }
        }
        // While the conflicting constraints are still relaxed: the ambiguity of the layout drawn.
        var ambiguity: [DocumentLayoutResult.AmbiguousItem]?
        if reportingAmbiguity, snapshot != nil { ambiguity = try ambiguousItems() }
        return DocumentLayoutResult(
            documentName: document.name, rootID: document.root.id, rootSize: root.frame.size, snapshot: snapshot,
            conflicts: conflicts.map(members(of:)), relaxedEntries: relaxedEntries.sorted(), ambiguity: ambiguity)
    }

    /// The items whose frames the constraints do not determine, from the layout diagnostics'
    /// ambiguity report on the root, in document order (root, views, guides).
    private func ambiguousItems() throws(LayoutDocumentError) -> [DocumentLayoutResult.AmbiguousItem] {
        let report: AmbiguityReport<ItemAttribute>
        do {
            report = try root.ambiguityReport()
        } catch let error as LayoutError {
            throw translate(error)
        } catch {
            throw LayoutDocumentError("ambiguity analysis failed: \(error)")
        }
        var entriesByItem: [LayoutItemKey: [AmbiguityReport<ItemAttribute>.Entry]] = [:]
        for entry in report.entries { entriesByItem[entry.subject.item, default: []].append(entry) }
        var result: [DocumentLayoutResult.AmbiguousItem] = []
        for id in [document.root.id] + document.views.map(\.id) + document.guides.map(\.id) {
            guard let key = itemsByID[id]?.key, let entries = entriesByItem.removeValue(forKey: key) else { continue }
            result.append(.init(name: id, attributes: entries, notes: Self.notes(of: key, in: report)))
        }
        // Items the document does not name (none today): kept, after the others, in the report's order.
        for entry in report.entries {
            guard let entries = entriesByItem.removeValue(forKey: entry.subject.item) else { continue }
            result.append(.init(name: entry.subject.name, attributes: entries, notes: Self.notes(of: entry.subject.item, in: report)))
        }
        return result
    }

    /// The report's remarks on `key` (ties that measurement locked in).
    private static func notes(of key: LayoutItemKey, in report: AmbiguityReport<ItemAttribute>) -> [String] {
        report.remarks.filter { $0.subjects.contains { $0.item == key } }.map(\.text)
    }

    /// Conflict members by document index, the layout pass's own constraints last, then by text
    /// (the solver's order of a conflict is not meaningful, and need not repeat).
    static func documentOrder(_ conflict: [ConstraintInfo], entries: (LayoutConstraint.ID) -> Int?) -> [ConstraintInfo] {
        conflict.sorted { a, b in
            let left = entries(a.id) ?? Int.max, right = entries(b.id) ?? Int.max
            return left != right ? left < right : a.text < b.text
        }
    }

    /// Lowers a required conflict member to `priority`; returns how to undo it, or nil if it
    /// cannot be relaxed (the root's frame).
    private func relax(_ info: ConstraintInfo, to priority: Priority, entries: inout Set<Int>) -> (() -> Void)? {
        guard info.priority.isRequired else { return nil }
        if !info.isImplicit {
            guard let record = records[info.id] else { return nil }
            let constraint = record.constraint
            constraint.priority = priority
            if let index = record.entry { entries.insert(index) }
            return { constraint.priority = .required }
        }
        // Content size held at 1000: relax the view's priority on that axis.
        guard let (name, attribute) = Self.implicitSubject(info), let view = itemsByID[name] as? View,
              info.label == "content hugging" || info.label == "compression resistance" else { return nil }
        let axis: LayoutAxis = attribute == "width" ? .horizontal : .vertical
        if info.label == "content hugging" {
            view.setContentHuggingPriority(priority, for: axis)
            return { view.setContentHuggingPriority(.required, for: axis) }
        }
        view.setContentCompressionResistancePriority(priority, for: axis)
        return { view.setContentCompressionResistancePriority(.required, for: axis) }
    }

    /// The item name and attribute of a constraint the layout pass made (`label: name.width >= 140`).
    static func implicitSubject(_ info: ConstraintInfo) -> (name: String, attribute: String)? {
        var text = Substring(info.text)
        if let label = info.label, text.hasPrefix(label + ": ") { text = text.dropFirst(label.count + 2) }
        guard let token = text.split(separator: " ").first, let dot = token.lastIndex(of: ".") else { return nil }
        return (String(token[..<dot]), String(token[token.index(after: dot)...]))
    }

    /// The members of a conflict in document order, the constraints the layout pass made last.
    private func members(of conflict: [ConstraintInfo]) -> [DocumentLayoutResult.ConflictMember] {
        Self.documentOrder(conflict, entries: documentIndex(of:)).map(member(for:))
    }

    private func member(for info: ConstraintInfo) -> DocumentLayoutResult.ConflictMember {
        var items: [String] = []
        if info.isImplicit {
            if let subject = Self.implicitSubject(info) { items = [subject.name] }
        } else if let constraint = records[info.id]?.constraint {
            items = constraint.items.map(\.name)
        }
        let record = records[info.id]
        return DocumentLayoutResult.ConflictMember(
            text: info.text, constraintIndex: record?.entry, line: record?.source.line,
            items: items, isImplicit: info.isImplicit)
    }

    private func translate(_ error: LayoutError) -> LayoutDocumentError {
        guard let info = error.constraints.first, let source = records[info.id]?.source else {
            return LayoutDocumentError("\(error)")
        }
        let reason: String
        switch error {
        case .invalidConstraint(_, let why): reason = why
        case .missingSuperview: reason = "it refers to the superview of an item that has none"
        case .noCommonAncestor: reason = "its items are not in one view hierarchy"
        default: reason = "\(error)"
        }
        return LayoutDocumentError("\(source.subject(in: document)): \(reason)", line: source.line, column: source.column)
    }
}
