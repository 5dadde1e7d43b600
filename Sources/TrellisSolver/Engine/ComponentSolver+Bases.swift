// The bases a component's LP starts from — the last optimal one's statuses, a crash basis
// at the preferred layout, or its pinned blocks' optimal bases — and the one it leaves.
extension ComponentSolver {
    /// Sets the statuses remembered in ``warmStart`` on `lp`. Rows and columns it does not know
    /// start basic (rows) or non-basic (columns); if the count of basic variables then differs
    /// from the number of rows, new rows are made non-basic until it matches. Returns whether
    /// `lp` holds a usable starting basis.
    func transplant(into lp: LinearProgram, presolve: Presolve, variableOfColumn: [Int],
                    errorColumns: [LPLowering.ErrorColumns]) -> Bool {
        /// (row basic?, error-column bits) of constraint `source`, nil when unknown.
        let rowStatus: (Int) -> (basic: Bool, errors: UInt8)?
        /// Whether the column of variable `position` was basic (nil: unknown).
        let columnStatus: (Int) -> Bool?
        switch warmStart {
        case .none:
            return false
        case .own(let basis):
            rowStatus = { basis.rows[$0] < 0 ? nil : (basis.rows[$0] == 1, basis.errors[$0]) }
            columnStatus = { basis.columns[$0] < 0 ? nil : basis.columns[$0] == 1 }
        case .keyed(let memory):
            guard !memory.isEmpty else { return false }
            rowStatus = { source in
                let key = ObjectIdentifier(component.constraints[source])
                return memory.rows[key].map { ($0, memory.errors[key] ?? 0) }
            }
            columnStatus = { memory.columns[component.variables[$0].id] }
        }
        var basics = 0
        var newRows: [Int] = []
        for (i, row) in presolve.rows.enumerated() {
            let status = rowStatus(row.source)
            if let status {
                lp.setRowStatus(i, status.basic ? .basic : .nonbasic)
                if status.basic { basics += 1 }
            } else {
                lp.setRowStatus(i, .basic)
                basics += 1
                newRows.append(i)
            }
            let bits = status?.errors ?? 0
            for (k, column) in errorColumns[i].enumerated() {
                let basic = bits & (1 << k) != 0
                lp.setColumnStatus(column, basic ? .basic : .nonbasic)
                if basic { basics += 1 }
            }
        }
        for (column, variable) in variableOfColumn.enumerated() {
            let basic = columnStatus(variable) ?? false
            lp.setColumnStatus(column, basic ? .basic : .nonbasic)
            if basic { basics += 1 }
        }
        while basics > lp.rowCount, let row = newRows.popLast() {
            lp.setRowStatus(row, .nonbasic)
            basics -= 1
        }
        return basics == lp.rowCount
    }

    /// Sets a ``CrashBasis`` (the preferred layout) on `lp`, for a cold solve: the LP of
    /// `presolve`'s rows, or of `rows` (as ``LPLowering`` built it).
    func crash(_ lp: LinearProgram, presolve: Presolve, rows lpRows: [Presolve.Row]? = nil, columnOfVariable: [Int],
               variableOfColumn: [Int], errorColumns: [LPLowering.ErrorColumns], merge: RangeMerge?) {
        let constraints = component.constraints
        let lpRows = lpRows ?? presolve.rows
        var rows: [CrashBasis.Row] = []
        rows.reserveCapacity(lpRows.count)
        var entries = LinearProgram.SparseRows(reservingRows: lpRows.count,
                                               entries: lpRows.reduce(0) { $0 + $1.terms.count })
        for (i, row) in lpRows.enumerated() {
            let constraint = constraints[row.source]
            let errors = errorColumns[i]
            let range = merge?.range(ofSource: row.source)
            rows.append(CrashBasis.Row(relation: constraint.relation, isRequired: constraint.strength.isRequired,
                                       level: constraint.strength.level, weight: constraint.strength.weight,
                                       // A merged range: aim at the target moved into it.
                                       rhs: range.map { Self.clamp(-row.constant, $0.lower, $0.upper) } ?? -row.constant,
                                       surplus: errors.count == 2 ? errors[0] : -1,
                                       shortfall: errors.count == 2 ? errors[1] : -1,
                                       error: errors.count == 1 ? errors[0] : -1,
                                       range: range))
            for term in row.terms { entries.append(column: Int32(columnOfVariable[term.variable]), value: term.coefficient) }
            entries.endRow()
        }
        let basis = CrashBasis(rows: rows, entries: entries, layoutColumns: variableOfColumn.count,
                               columnCount: lp.columnCount,
                               lower: variableOfColumn.map { presolve.lower[$0] },
                               upper: variableOfColumn.map { presolve.upper[$0] })
        lp.setBasis(rows: basis.rowBasic, columns: basis.columnBasic)
    }

    /// Reads the statuses of the optimal basis, by position in the component.
    func harvest(_ lp: LinearProgram, presolve: Presolve, variableOfColumn: [Int],
                 errorColumns: [LPLowering.ErrorColumns]) -> BasisMemory.Compact {
        var basis = BasisMemory.Compact(rows: Array(filled: -1, count: component.constraints.count),
                                        errors: Array(filled: 0, count: component.constraints.count),
                                        columns: Array(filled: -1, count: component.variables.count))
        for (i, row) in presolve.rows.enumerated() {
            basis.rows[row.source] = lp.rowStatus(i) == .basic ? 1 : 0
            var bits: UInt8 = 0
            for (k, column) in errorColumns[i].enumerated() where lp.columnStatus(column) == .basic { bits |= 1 << k }
            basis.errors[row.source] = bits
        }
        for (column, variable) in variableOfColumn.enumerated() {
            basis.columns[variable] = lp.columnStatus(column) == .basic ? 1 : 0
        }
        return basis
    }

    /// The most iterations GLPK's dual simplex may take from a cold LP's crash basis, on its
    /// first level, before the LP's pinned blocks (``PinnedBlocks``) are solved apart for a
    /// better start (``startFromBlocks(_:_:presolve:columnOfVariable:variableOfColumn:merge:)``):
    /// about where pivots on the whole LP cost as much as solving its rows in groups.
    static let crashIterations = 16

    /// Sets on `model`'s LP the basis its `blocks`' optimal bases make together, and returns the
    /// simplex iterations the groups took; nil, setting nothing, when a group's LP fails.
    ///
    /// Why: a crash basis a couple of pivots from the optimum per row costs GLPK the LP's size
    /// per pivot — a settings list whose rows are joined only by the root's width solved its
    /// 1,300-row LP in quadratic time (438 iterations at 100 rows). Its groups, each solved
    /// level by level like the whole, pay their own size per pivot. Where the crash basis is
    /// right (a chat's capped bubbles) the groups would only cost more: the first level's run
    /// from the crash basis stops after ``crashIterations`` to tell the two apart.
    ///
    /// With the pinned columns at their one value the groups' optima together are the whole
    /// LP's at every level (the levels' objectives are sums over the groups, which share
    /// nothing else), so their bases with each pinned column basic in place of its pin row are
    /// optimal for it: the whole LP's run then only checks it.
    func startFromBlocks(_ blocks: PinnedBlocks, _ model: LPLowering, presolve: Presolve, columnOfVariable: [Int],
                         variableOfColumn: [Int], merge: RangeMerge?) -> Int? {
        var rowBasic = Array(repeating: false, count: presolve.rows.count)
        var columnBasic = Array(repeating: false, count: model.columnCount)
        // A group's columns by variable (-1: not in the group), reset after each group.
        var local = Array(repeating: -1, count: columnOfVariable.count)
        var iterations = 0
        for group in blocks.groups {
            let rows = group.map { presolve.rows[$0] }
            var variables: [Int] = []
            for row in rows {
                for term in row.terms where local[term.variable] < 0 {
                    local[term.variable] = variables.count
                    variables.append(term.variable)
                }
            }
            defer { for variable in variables { local[variable] = -1 } }
            var part = LPLowering(presolve, rows: rows, constraints: component.constraints, merge: merge,
                                  columnOfVariable: local, variableOfColumn: variables, keepsMatrix: false)
            crash(part.lp, presolve: presolve, rows: rows, columnOfVariable: local, variableOfColumn: variables,
                  errorColumns: part.errorColumns, merge: merge)
            let levels = LPLowering.softLevels(presolve, rows: rows, constraints: component.constraints,
                                               errorColumns: part.errorColumns).map(\.columns)
            guard (try? solveLevels(levels, of: &part, presolve: presolve, warm: true)) != nil,
                  (try? part.lp.verify()) != nil else { return nil }
            let lp = part.lp
            iterations += lp.iterationCount
            for (k, i) in group.enumerated() where !blocks.isPin(row: i, of: presolve, columnOfVariable: columnOfVariable) {
                rowBasic[i] = lp.rowStatus(k) == .basic
                for (e, column) in part.errorColumns[k].enumerated() {
                    columnBasic[model.errorColumns[i][e]] = lp.columnStatus(column) == .basic
                }
            }
            for (k, variable) in variables.enumerated() where blocks.pinRow[columnOfVariable[variable]] < 0 {
                columnBasic[columnOfVariable[variable]] = lp.columnStatus(k) == .basic
            }
        }
        // Each pinned column basic, its pin row not (required rows have no error columns).
        for (column, row) in blocks.pinRow.enumerated() where row >= 0 {
            columnBasic[column] = true
            rowBasic[Int(row)] = false
        }
        let basics = rowBasic.reduce(0) { $0 + ($1 ? 1 : 0) } + columnBasic.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard basics == presolve.rows.count else { return nil }
        model.lp.setBasis(rows: rowBasic, columns: columnBasic)
        return iterations
    }
}
