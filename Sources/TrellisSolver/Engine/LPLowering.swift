import TrellisSupport

/// The LP of a reduced problem as loaded into GLPK, with what it was built from: one lowering
/// for the solve (``ComponentSolver``) and the diagnostics (``DiagnosticModel``).
///
/// Columns: the remaining variables that appear in some row (bounded by presolve's bounds),
/// then the error columns of the soft rows (bounded by merged ranges, else non-negative): a soft
/// `==` has a surplus and a shortfall column, a soft `<=` a surplus, a soft `>=` a shortfall.
/// Rows: every reduced row, its terms then its error columns. Levels: the soft rows' error
/// columns grouped by priority level, highest first (``softLevels``).
struct LPLowering {
    /// The error columns of one LP row: `count` consecutive columns from `first` (none for a
    /// required row; surplus then shortfall for a soft `==`). A value, not an array per row.
    struct ErrorColumns: RandomAccessCollection {
        let first: Int
        let count: Int
        var startIndex: Int { 0 }
        var endIndex: Int { count }
        subscript(position: Int) -> Int {
            precondition(position >= 0 && position < count, "ErrorColumns: position out of range")
            return first + position
        }
    }

    let lp: LinearProgram
    /// Each LP row's entries (terms, then error columns); kept only when asked for (edit steps
    /// that may need a ``ParametricTableau``, diagnostics), else empty: GLPK holds its own
    /// copy, and this one would live through the simplex runs, where a solve's memory peaks.
    let matrix: LinearProgram.SparseRows
    /// The bounds set, kept up to date by the caller as levels fix their optimal faces.
    var rowBounds: [LinearProgram.Bound]
    var columnBounds: [LinearProgram.Bound]
    /// The error columns of each LP row (none for a required row).
    let errorColumns: [ErrorColumns]
    let columnCount: Int

    /// Builds and loads (and scales) the LP of `presolve`'s rows, whose sources are `constraints`
    /// — or of `rows`, some of them (its row `k` is `rows[k]`).
    /// `merge` bounds the error columns of merged ranges; `keepsMatrix` keeps ``matrix``.
    init(_ presolve: Presolve, rows: [Presolve.Row]? = nil, constraints: [Constraint], merge: RangeMerge?,
         columnOfVariable: [Int], variableOfColumn: [Int], keepsMatrix: Bool) {
        let rows = rows ?? presolve.rows
        var columnCount = variableOfColumn.count
        var errorColumns: [ErrorColumns] = []
        errorColumns.reserveCapacity(rows.count)
        for row in rows {
            let constraint = constraints[row.source]
            if constraint.strength.isRequired {
                errorColumns.append(ErrorColumns(first: columnCount, count: 0))
            } else {
                let count = constraint.relation == .equal ? 2 : 1
                errorColumns.append(ErrorColumns(first: columnCount, count: count))
                columnCount += count
            }
        }

        let lp = LinearProgram(rows: rows.count, columns: columnCount)
        var rowBounds: [LinearProgram.Bound] = []
        rowBounds.reserveCapacity(rows.count)
        var columnBounds = Array(filled: LinearProgram.Bound.free, count: columnCount)
        for (column, variable) in variableOfColumn.enumerated() {
            switch (presolve.lower[variable], presolve.upper[variable]) {
            case (nil, nil): break
            case (let lo?, nil): columnBounds[column] = .lower(lo)
            case (nil, let up?): columnBounds[column] = .upper(up)
            case (let lo?, let up?): columnBounds[column] = .range(min(lo, up), max(lo, up))
            }
        }
        var matrix = LinearProgram.SparseRows(reservingRows: rows.count,
                                              entries: rows.reduce(0) { $0 + $1.terms.count } + columnCount - variableOfColumn.count)
        for (i, row) in rows.enumerated() {
            let constraint = constraints[row.source]
            let errors = errorColumns[i]
            Self.appendRow(row, relation: constraint.relation, columnOfVariable: columnOfVariable,
                           errorColumns: errors, to: &matrix)
            rowBounds.append(Self.rowBound(constraint.relation, constant: row.constant))
            if let range = merge?.range(ofSource: row.source), errors.count == 2 {
                let bounds = RangeMerge.errorBounds(target: -row.constant, range: range)
                columnBounds[errors[0]] = bounds.surplus
                columnBounds[errors[1]] = bounds.shortfall
            } else {
                for column in errors { columnBounds[column] = .lower(0) }
            }
        }
        lp.setBounds(rows: rowBounds, columns: columnBounds)
        lp.setMatrix(matrix)
        lp.scale()
        self.lp = lp
        self.matrix = keepsMatrix ? matrix : LinearProgram.SparseRows()
        self.rowBounds = rowBounds
        self.columnBounds = columnBounds
        self.errorColumns = errorColumns
        self.columnCount = columnCount
    }

    /// An error column and the weight of its row. (This and ``SoftLevel`` are structs, not
    /// labelled tuples: see "A process's first pass" in Benchmarks/README.md.)
    struct WeightedColumn {
        let column: Int
        let weight: Double
    }

    /// The error columns of one priority level's soft rows.
    struct SoftLevel {
        let level: Float
        var columns: [WeightedColumn]
    }

    /// The error columns of the soft rows by level, highest level first, each with its weight
    /// (few distinct levels: a short list, not a dictionary). `rows` as for ``init``.
    static func softLevels(_ presolve: Presolve, rows: [Presolve.Row]? = nil, constraints: [Constraint],
                           errorColumns: [ErrorColumns]) -> [SoftLevel] {
        var levelColumns: [SoftLevel] = []
        for (i, row) in (rows ?? presolve.rows).enumerated() where !constraints[row.source].strength.isRequired {
            let strength = constraints[row.source].strength
            let slot: Int
            if let found = levelColumns.firstIndex(where: { $0.level == strength.level }) {
                slot = found
            } else {
                slot = levelColumns.count
                levelColumns.append(SoftLevel(level: strength.level, columns: []))
            }
            for column in errorColumns[i] { levelColumns[slot].columns.append(WeightedColumn(column: column, weight: strength.weight)) }
        }
        levelColumns.sort { $0.level > $1.level }
        return levelColumns
    }

    /// Appends the LP row of a reduced constraint to `matrix`: its terms, then its error columns
    /// (a soft `==` has a surplus and a shortfall column, a soft `<=` a surplus, a soft `>=` a shortfall).
    static func appendRow<Errors: RandomAccessCollection<Int>>(_ row: Presolve.Row, relation: Relation, columnOfVariable: [Int],
                                                              errorColumns errors: Errors, to matrix: inout LinearProgram.SparseRows)
        where Errors.Index == Int {
        for term in row.terms { matrix.append(column: Int32(columnOfVariable[term.variable]), value: term.coefficient) }
        switch (relation, errors.count) {
        case (.equal, 2):
            matrix.append(column: Int32(errors[0]), value: -1)   // surplus
            matrix.append(column: Int32(errors[1]), value: 1)    // shortfall
        case (.lessThanOrEqual, 1):
            matrix.append(column: Int32(errors[0]), value: -1)
        case (.greaterThanOrEqual, 1):
            matrix.append(column: Int32(errors[0]), value: 1)
        default:
            break
        }
        matrix.endRow()
    }

    /// The bound of a reduced row `terms + constant OP 0`: `terms OP −constant`.
    static func rowBound(_ relation: Relation, constant: Double) -> LinearProgram.Bound {
        let rhs = -constant + 0   // + 0 turns -0.0 into 0.0
        switch relation {
        case .equal: return .fixed(rhs)
        case .lessThanOrEqual: return .upper(rhs)
        case .greaterThanOrEqual: return .lower(rhs)
        }
    }
}
