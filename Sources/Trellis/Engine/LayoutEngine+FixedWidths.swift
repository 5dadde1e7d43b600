import TrellisSolver

extension LayoutEngine {
    /// What ``widthsAreFixed(of:)`` found for the current rows, and for which views: how to
    /// compute their widths by substitution, or nil when one is not fixed.
    struct FixedWidths {
        let views: [ObjectIdentifier]
        var substitution: DeterminedVariables.Substitution?
    }

    /// Notes that the row under `key` moved to a new constant (rows added or removed forget the
    /// answer instead): the substitution takes it at the next ``fixedWidths(of:)``. Content-size
    /// rows, the most that move, are inequalities that no substitution reads.
    func noteConstantMoved(_ key: RowKey) {
        if case .implicit(_, .hugging) = key { return }
        if case .implicit(_, .compression) = key { return }
        if fixedWidths?.substitution != nil { movedConstants.append(key) }
    }

    /// Whether every solve of the current rows gives each of `measured` the same width, whatever
    /// content sizes it is given: each view's width is fixed by required equalities
    /// (``DeterminedVariables``) — which hold no content size: content-size rows are
    /// inequalities, a stack's rows that follow content sizes are soft, and baseline offsets
    /// do not change within a pass — and none of the views' content-size rows is required, so
    /// that whether the rows can be met does not depend on the sizes either.
    ///
    /// The answer is kept until rows are added or removed.
    func widthsAreFixed(of measured: [SizeMeasurement]) -> Bool {
        keepSubstitution(for: measured)
        return fixedWidths!.substitution != nil
    }

    /// The widths of `measured` by substitution from the rows as the last lowering left them
    /// (``lower(root:mode:contentSizes:budget:)``), when ``widthsAreFixed(of:)``: the widths a
    /// solve of those rows gives, with any content sizes, without solving.
    func fixedWidths(of measured: [SizeMeasurement]) -> [Double]? {
        keepSubstitution(for: measured)
        guard fixedWidths!.substitution != nil else { return nil }
        for key in movedConstants {
            if let entry = rows[key] { fixedWidths!.substitution!.move(key, to: entry.constraint.expression.constant) }
        }
        movedConstants.removeAll(keepingCapacity: true)
        return fixedWidths!.substitution!.values()
    }

    /// Makes ``fixedWidths`` the answer for `measured` (kept when it is for the same views, in
    /// order). (Compared in place, the kept answer not copied: a copy retained and released
    /// each of the substitution's arrays, twice a pass.)
    private func keepSubstitution(for measured: [SizeMeasurement]) {
        if fixedWidths != nil, Self.same(fixedWidths!.views, measured) { return }
        let found = findSubstitution(measured)
        fixedWidths = FixedWidths(views: measured.map(\.identifier), substitution: found)
        movedConstants.removeAll()      // (the substitution read every constant as it is)
    }

    /// Whether `views` are `measured`'s, in order.
    private static func same(_ views: [ObjectIdentifier], _ measured: [SizeMeasurement]) -> Bool {
        guard views.count == measured.count else { return false }
        for index in views.indices where views[index] != measured[index].identifier { return false }
        return true
    }

    private func findSubstitution(_ measured: [SizeMeasurement]) -> DeterminedVariables.Substitution? {
        let widths = measured.map(\.width)
        let determined = DeterminedVariables(rows, targets: widths)
        if determined.hasRequiredContentSizes,
           measured.contains(where: { determined.hasRequiredContentSize($0.key) }) { return nil }
        return determined.substitution(for: widths)
    }
}
