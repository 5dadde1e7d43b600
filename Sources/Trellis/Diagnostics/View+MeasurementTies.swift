/// Ties that measuring views locked in: the part of the ambiguity diagnostics that looks at the
/// first round of a layout pass (``View/measurementTies()``).
extension View {
    /// The ties between constraints of equal priority that measured views (``sizeForWidth``,
    /// text items) locked in: the layout looks determined, but only because measurement made an
    /// arbitrary choice of the solver's the views' own size. One per priority level that competed,
    /// lowest item first; empty when there is none. ``hasAmbiguousLayout`` and
    /// ``ambiguityReport()`` include them.
    ///
    /// **The rule.** A pass's first round solves with every measured view at its unconstrained
    /// (unwrapped) size; later rounds measure each view again at the width the round before gave
    /// it. A width is *tied by measurement* when it is undetermined in that first round (it takes
    /// different values at different optimal first-round layouts) and determined in the final
    /// layout, and the layout has such a width of a measured view. The constraints named as
    /// competing are the tied views' compression resistance rows on width whose constant is above
    /// the width's first-round minimum and content hugging rows whose constant is below its
    /// maximum (those some optimal first-round layout violates), grouped by priority. Stacks and
    /// layout sets take part in the first round as in a pass, safe-area insets as the last pass
    /// left them; ties between later rounds' sizes are not looked for (a later round's arbitrary
    /// choice that survives to the end shows as ordinary ambiguity).
    ///
    /// ```swift
    /// // A wrapping title and a badge, both at compression resistance 750, too wide together.
    /// for tie in try root.measurementTies() {
    ///     print(tie.competing)   // title's and badge's compression resistance @750
    ///     print(tie.fix)         // "give one of them a lower compression resistance (e.g. title at 749)"
    /// }
    /// ```
    /// Costs a solve of the first round on an engine of its own and up to two extra solves per
    /// width, like ``ambiguityReport()``; none of it runs during ``layoutIfNeeded()``.
    /// - Throws: ``LayoutError`` (a conflict included).
    public func measurementTies() throws -> [MeasurementTie] {
        let engine = try diagnosedEngine()
        let items = diagnosedItems()
        let report = try withSolver(engine) { solver, _ in try solver.ambiguityReport(for: items.map(\.variables.width)) }
        return try measurementTies(items: items, final: engine, undetermined: Set(report.entries.map(\.subject.id)))
    }

    /// The ties, given the final layout's engine and its undetermined width variables. Runs the
    /// first round after reading the final engine (the round may leave the pass needing to run again).
    func measurementTies(items: [LayoutItem], final: LayoutEngine, undetermined: Set<UInt64>) throws -> [MeasurementTie] {
        guard items.contains(where: { ($0 as? View)?.sizeForWidth != nil }) else { return [] }
        let finalSolver = final.diagnosticState.solver
        let candidates = items.filter { !undetermined.contains($0.variables.width.id) }
        let finalWidths = candidates.map { finalSolver.value(of: $0.variables.width) }
        guard let round = try rootLayoutPass().diagnosticFirstRound(root: self, mode: .frame(frame)) else { return [] }
        let report = try withSolver(round) { solver, _ in try solver.ambiguityReport(for: candidates.map(\.variables.width)) }
        let ranges = Dictionary(report.entries.map { ($0.subject.id, $0) }, uniquingKeysWith: { a, _ in a })
        var tied: [(item: LayoutItem, entry: AmbiguityReport<ItemAttribute>.Entry)] = []
        for (index, item) in candidates.enumerated() {
            guard let range = ranges[item.variables.width.id] else { continue }
            tied.append((item, .init(subject: ItemAttribute(item: item.key, name: item.name, attribute: .width),
                                     value: finalWidths[index] + 0, minimum: range.minimum, maximum: range.maximum)))
        }
        guard tied.contains(where: { ($0.item as? View)?.sizeForWidth != nil }) else { return [] }
        return Self.group(tied, sources: Array(round.diagnosticState.sources.values))
    }

    /// The tied widths grouped by the priority of their competing content-size rows.
    private static func group(_ tied: [(item: LayoutItem, entry: AmbiguityReport<ItemAttribute>.Entry)],
                              sources: [LayoutConstraint]) -> [MeasurementTie] {
        let tolerance = 1e-6
        var levels: [Priority] = []
        var byLevel: [Priority: (widths: [AmbiguityReport<ItemAttribute>.Entry], rows: [ConstraintInfo])] = [:]
        for (item, entry) in tied {
            let rows = sources.filter { source in
                guard source.isImplicit, source.firstItem === item, source.firstAttribute == .width,
                      !source.priority.isRequired else { return false }
                switch source.label {
                case "compression resistance": return source.resolvedConstant > entry.minimum + tolerance
                case "content hugging": return source.resolvedConstant < entry.maximum - tolerance
                default: return false
                }
            }
            .map(\.info).sorted { $0.text < $1.text }
            for row in rows {
                if byLevel[row.priority] == nil { levels.append(row.priority) }
                byLevel[row.priority, default: ([], [])].rows.append(row)
                if byLevel[row.priority]?.widths.last != entry { byLevel[row.priority]?.widths.append(entry) }
            }
        }
        if levels.isEmpty { return [MeasurementTie(priority: nil, widths: tied.map(\.entry), competing: [])] }
        return levels.sorted(by: >).map { MeasurementTie(priority: $0, widths: byLevel[$0]!.widths, competing: byLevel[$0]!.rows) }
    }
}
