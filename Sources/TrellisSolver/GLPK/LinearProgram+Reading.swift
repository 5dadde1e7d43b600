import TrellisSupport

internal import CGLPK
internal import CGLPKGuard

/// Reading a solved ``LinearProgram``: tableau columns, the basis (read and set), values, duals
/// and statuses — NaN, false or nothing once the problem is faulted.
extension LinearProgram {
    /// The column of the simplex tableau for the non-basic row or column `k` (GLPK's numbering:
    /// rows 1...m, then columns m+1...m+n): how each basic variable moves per unit of `k`.
    /// Returns nil when `k` is basic (or the basis cannot be factorized, or the problem is faulted).
    /// Factorizes the basis first if needed.
    func tableauColumn(ofRow row: Int) -> [(basic: Int, alpha: Double)]? {
        precondition(row >= 0 && row < rowCount, "LinearProgram.tableauColumn: row out of range")
        return tableauColumn(ofVariable: row)
    }

    /// ``tableauColumn(ofRow:)`` for any non-basic row or column `k` in 0-based joint numbering
    /// (rows 0..<m, then columns m..<m+n).
    func tableauColumn(ofVariable k: Int) -> [(basic: Int, alpha: Double)]? {
        precondition(k >= 0 && k < rowCount + columnCount, "LinearProgram.tableauColumn: variable out of range")
        if k < rowCount ? rowIsBasic(k) : columnIsBasic(k - rowCount) { return nil }
        let capacity = rowCount + 1
        var ind = [Int32](filled: 0, count: capacity)
        var val = [Double](filled: 0, count: capacity)
        var length: Int32 = -1
        guard guarded(trellis_glp_eval_tab_col(epoch, problem, Int32(k + 1), &ind, &val, &length), "glp_eval_tab_col"),
              length >= 0, Int(length) < capacity
        else { return nil }
        return (0..<Int(length)).map { (Int(ind[$0 + 1]) - 1, val[$0 + 1]) }
    }

    /// How the basic variables move when the constants of several non-basic rows move at once:
    /// the sum of each row's ``tableauColumn(ofRow:)`` times minus its `amount`, from one solve
    /// with the basis (GLPK's `glp_ftran`) instead of one per row. Entries as
    /// ``tableauColumn(ofRow:)``'s; a row may be listed more than once (its amounts add up).
    /// Returns nil when the amounts overflow, the basis cannot be factorized or the problem is faulted.
    func basicChange(forRowAmounts amounts: some Sequence<ParametricTableau.Shift>) -> [(basic: Int, change: Double)]? {
        let capacity = rowCount + 1
        var x = [Double](filled: 0, count: capacity)
        for (row, amount) in amounts {
            precondition(row >= 0 && row < rowCount, "LinearProgram.basicChange: row out of range")
            x[row + 1] += amount
        }
        // (A sum that overflowed cannot be followed: the caller solves again, which judges the inputs.)
        guard x.allSatisfy(\.isFinite) else { return nil }
        var ind = [Int32](filled: 0, count: capacity)
        var val = [Double](filled: 0, count: capacity)
        var length: Int32 = -1
        guard guarded(trellis_glp_ftran_basic(epoch, problem, &x, &ind, &val, &length), "glp_ftran"),
              length >= 0, Int(length) < capacity
        else { return nil }
        return (0..<Int(length)).map { (Int(ind[$0 + 1]) - 1, val[$0 + 1]) }
    }

    /// The (0-based, GLPK order: rows then columns) indices of the basic variables (none when faulted).
    func basicVariables() -> [Int] {
        guard let rows = basicFlags(rows: true), let columns = basicFlags(rows: false) else { return [] }
        var basics: [Int] = []
        basics.reserveCapacity(rowCount)
        for i in 0..<rowCount where rows[i] != 0 { basics.append(i) }
        for j in 0..<columnCount where columns[j] != 0 { basics.append(rowCount + j) }
        return basics
    }

    /// Resets the basis to GLPK's "advanced" initial basis (after a failed warm start).
    func resetBasis() {
        invalidate()
        guarded(trellis_glp_adv_basis(epoch, problem), "glp_adv_basis")
    }

    // MARK: - Basis

    /// A row's or column's basis status: basic, or non-basic (at a bound, free, or fixed).
    enum Status: Equatable {
        case basic
        case nonbasic
    }

    func rowStatus(_ row: Int) -> Status { rowIsBasic(row) ? .basic : .nonbasic }
    func columnStatus(_ column: Int) -> Status { columnIsBasic(column) ? .basic : .nonbasic }

    /// Sets a status; a non-basic status is placed on the bound GLPK finds natural for the
    /// row's type (lower, upper, free or fixed).
    func setRowStatus(_ row: Int, _ status: Status) {
        precondition(row >= 0 && row < rowCount, "LinearProgram.setRowStatus: row \(row) out of range")
        invalidate()
        guarded(trellis_glp_set_row_basic(epoch, problem, Int32(row + 1), status == .basic ? 1 : 0), "glp_set_row_stat")
    }

    /// Sets every row's and column's status in one call (`true`: basic; `false`: non-basic on
    /// the bound natural for its type).
    func setBasis(rows: [Bool], columns: [Bool]) {
        precondition(rows.count == rowCount && columns.count == columnCount, "LinearProgram.setBasis: wrong counts")
        invalidate()
        let r = rows.map { UInt8($0 ? 1 : 0) }, c = columns.map { UInt8($0 ? 1 : 0) }
        guarded(trellis_glp_set_basis(epoch, problem, r, c), "glp_set_row_stat/glp_set_col_stat")
    }

    func setColumnStatus(_ column: Int, _ status: Status) {
        precondition(column >= 0 && column < columnCount, "LinearProgram.setColumnStatus: column \(column) out of range")
        invalidate()
        guarded(trellis_glp_set_col_basic(epoch, problem, Int32(column + 1), status == .basic ? 1 : 0), "glp_set_col_stat")
    }

    // MARK: - Reading (NaN, false or nothing once faulted)

    func columnValue(_ column: Int) -> Double {
        precondition(column >= 0 && column < columnCount, "LinearProgram.columnValue: column \(column) out of range")
        return reading(\.columnPrim, TRELLIS_GLP_COL_PRIM, columnCount, "glp_get_col_prim")?[column] ?? .nan
    }

    func columnDual(_ column: Int) -> Double {
        precondition(column >= 0 && column < columnCount, "LinearProgram.columnDual: column \(column) out of range")
        return reading(\.columnDual, TRELLIS_GLP_COL_DUAL, columnCount, "glp_get_col_dual")?[column] ?? .nan
    }

    func columnIsBasic(_ column: Int) -> Bool {
        precondition(column >= 0 && column < columnCount, "LinearProgram.columnIsBasic: column \(column) out of range")
        return basicFlags(rows: false).map { $0[column] != 0 } ?? false
    }

    func rowValue(_ row: Int) -> Double {
        precondition(row >= 0 && row < rowCount, "LinearProgram.rowValue: row \(row) out of range")
        return reading(\.rowPrim, TRELLIS_GLP_ROW_PRIM, rowCount, "glp_get_row_prim")?[row] ?? .nan
    }

    func rowDual(_ row: Int) -> Double {
        precondition(row >= 0 && row < rowCount, "LinearProgram.rowDual: row \(row) out of range")
        return reading(\.rowDual, TRELLIS_GLP_ROW_DUAL, rowCount, "glp_get_row_dual")?[row] ?? .nan
    }

    func rowIsBasic(_ row: Int) -> Bool {
        precondition(row >= 0 && row < rowCount, "LinearProgram.rowIsBasic: row \(row) out of range")
        return basicFlags(rows: true).map { $0[row] != 0 } ?? false
    }

    /// One of ``Readings``' value arrays, read in one guarded call if not read since the last
    /// basis change; nil once faulted.
    private func reading(_ path: WritableKeyPath<Readings, [Double]?>, _ what: Int32, _ count: Int,
                         _ operation: StaticString) -> [Double]? {
        if let values = readings[keyPath: path] { return values }
        var values = [Double](filled: .nan, count: count)
        guard guarded(trellis_glp_read_all(epoch, problem, what, Int32(count), &values), operation) else { return nil }
        readings[keyPath: path] = values
        return values
    }

    /// Whether each row (or column) is basic, read like ``reading(_:_:_:_:)``.
    private func basicFlags(rows: Bool) -> [UInt8]? {
        if let flags = rows ? readings.rowBasic : readings.columnBasic { return flags }
        var rowFlags = [UInt8](filled: 0, count: rowCount)
        var columnFlags = [UInt8](filled: 0, count: columnCount)
        guard guarded(trellis_glp_get_basic_flags(epoch, problem, Int32(rowCount), Int32(columnCount), &rowFlags, &columnFlags),
                      "glp_get_row_stat")
        else { return nil }
        readings.rowBasic = rowFlags
        readings.columnBasic = columnFlags
        return rows ? rowFlags : columnFlags
    }

    func rowIsFixed(_ row: Int) -> Bool {
        precondition(row >= 0 && row < rowCount, "LinearProgram.rowIsFixed: row \(row) out of range")
        var type: Int32 = 0
        guarded(trellis_glp_get_row_type(epoch, problem, Int32(row + 1), &type), "glp_get_row_type")
        return type == GLP_FX
    }

    var objectiveValue: Double {
        var value = Double.nan
        guarded(trellis_glp_get_obj_val(epoch, problem, &value), "glp_get_obj_val")
        return value
    }
}
