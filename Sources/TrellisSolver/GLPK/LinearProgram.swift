internal import CGLPK

/// One GLPK problem object, owned by one synchronous call on one thread.
///
/// GLPK keeps its environment in thread-local storage and calls `abort()` on misuse (bad index,
/// duplicate index in a row, zero counts). This wrapper is the only code that calls GLPK: every
/// public entry point here checks its arguments with `precondition`, because a violation is a bug
/// in Trellis (user input was validated long before, with thrown errors). Instances are never
/// stored or shared: build one, solve, read the values, let it go, all inside one function.
final class LinearProgram {
    /// How a row or column is bounded.
    enum Bound {
        case free
        case lower(Double)
        case upper(Double)
        case fixed(Double)
        /// `lower ≤ x ≤ upper` (fixed when they are equal).
        case range(Double, Double)
    }

    /// The outcome of a simplex run.
    enum Outcome: Equatable {
        case optimal
        case infeasible
        /// The time limit was reached.
        case timeLimit
        /// GLPK gave up (singular basis, iteration limit, unbounded in theory impossible here).
        case failed(String)
    }

    /// Internal (not private) only for the analysis routines in `LinearProgram+Analysis.swift`.
    let problem: OpaquePointer
    let rowCount: Int
    let columnCount: Int
    /// For each column, 1 + the last row that named it (a hash-free duplicate check).
    private var lastRowOfColumn: [Int32]

    /// Creates a problem with `rows` rows and `columns` columns, all free, zero objective.
    init(rows: Int, columns: Int) {
        precondition(rows >= 0 && columns >= 0 && rows < Int(Int32.max) && columns < Int(Int32.max),
                     "LinearProgram: bad size \(rows)x\(columns)")
        glp_term_out(GLP_OFF)
        problem = glp_create_prob()
        rowCount = rows
        columnCount = columns
        lastRowOfColumn = Array(repeating: 0, count: columns)
        if rows > 0 { glp_add_rows(problem, Int32(rows)) }
        if columns > 0 { glp_add_cols(problem, Int32(columns)) }
        for j in 0..<columns { glp_set_col_bnds(problem, Int32(j + 1), GLP_FR, 0, 0) }
        for i in 0..<rows { glp_set_row_bnds(problem, Int32(i + 1), GLP_FR, 0, 0) }
    }

    deinit { glp_delete_prob(problem) }

    // MARK: - Building

    /// Sets row `row` (0-based) to `Σ values[k] × column[indices[k]]`.
    /// - Precondition: indices are 0-based, in range and distinct; values are finite.
    func setRow(_ row: Int, indices: [Int32], values: [Double]) {
        precondition(row >= 0 && row < rowCount, "LinearProgram.setRow: row \(row) out of range")
        precondition(indices.count == values.count, "LinearProgram.setRow: counts differ")
        var ind = [Int32](repeating: 0, count: indices.count + 1)
        var val = [Double](repeating: 0, count: values.count + 1)
        let stamp = Int32(row + 1)
        for k in 0..<indices.count {
            let j = indices[k]
            precondition(j >= 0 && Int(j) < columnCount, "LinearProgram.setRow: column \(j) out of range")
            precondition(lastRowOfColumn[Int(j)] != stamp, "LinearProgram.setRow: column \(j) repeated in row \(row)")
            lastRowOfColumn[Int(j)] = stamp
            precondition(values[k].isFinite, "LinearProgram.setRow: non-finite coefficient")
            ind[k + 1] = j + 1
            val[k + 1] = values[k]
        }
        glp_set_mat_row(problem, Int32(row + 1), Int32(indices.count), ind, val)
    }

    func setRowBound(_ row: Int, _ bound: Bound) {
        precondition(row >= 0 && row < rowCount, "LinearProgram.setRowBound: row \(row) out of range")
        apply(bound) { glp_set_row_bnds(problem, Int32(row + 1), $0, $1, $2) }
    }

    func setColumnBound(_ column: Int, _ bound: Bound) {
        precondition(column >= 0 && column < columnCount, "LinearProgram.setColumnBound: column \(column) out of range")
        apply(bound) { glp_set_col_bnds(problem, Int32(column + 1), $0, $1, $2) }
    }

    func setObjective(_ column: Int, _ coefficient: Double) {
        precondition(column >= 0 && column < columnCount, "LinearProgram.setObjective: column \(column) out of range")
        precondition(coefficient.isFinite, "LinearProgram.setObjective: non-finite coefficient")
        glp_set_obj_coef(problem, Int32(column + 1), coefficient)
    }

    private func apply(_ bound: Bound, _ set: (Int32, Double, Double) -> Void) {
        switch bound {
        case .free: set(GLP_FR, 0, 0)
        case .lower(let lo):
            precondition(lo.isFinite, "LinearProgram: non-finite bound")
            set(GLP_LO, lo, 0)
        case .upper(let up):
            precondition(up.isFinite, "LinearProgram: non-finite bound")
            set(GLP_UP, 0, up)
        case .fixed(let v):
            precondition(v.isFinite, "LinearProgram: non-finite bound")
            set(GLP_FX, v, v)
        case .range(let lo, let up):
            precondition(lo.isFinite && up.isFinite && lo <= up, "LinearProgram: bad range bound")
            if lo == up { set(GLP_FX, lo, up) } else { set(GLP_DB, lo, up) }
        }
    }

    /// Scales rows and columns (GLPK's automatic choice); values read back are unscaled.
    func scale() {
        if rowCount > 0 && columnCount > 0 { glp_scale_prob(problem, GLP_SF_AUTO) }
    }

    // MARK: - Solving

    /// Runs the simplex method.
    /// - Parameters:
    ///   - presolve: use GLPK's presolver (fast from scratch, but it discards the basis: cold solves only).
    ///   - dual: dual simplex falling back to primal (after right-hand-side changes); primal otherwise.
    ///   - timeLimit: milliseconds, or nil.
    func simplex(presolve: Bool, dual: Bool, timeLimit: Int? = nil) -> Outcome {
        precondition(rowCount > 0 && columnCount > 0, "LinearProgram.simplex: empty problem")
        var parm = glp_smcp()
        glp_init_smcp(&parm)
        parm.msg_lev = GLP_MSG_OFF
        parm.presolve = presolve ? GLP_ON : GLP_OFF
        parm.meth = dual ? GLP_DUALP : GLP_PRIMAL
        if let timeLimit { parm.tm_lim = Int32(clamping: max(1, timeLimit)) }
        let code = glp_simplex(problem, &parm)
        switch code {
        case 0:
            switch glp_get_status(problem) {
            case GLP_OPT: return .optimal
            case GLP_NOFEAS: return .infeasible
            case let status: return .failed("simplex ended with status \(status)")
            }
        case GLP_ENOPFS: return .infeasible
        case GLP_ETMLIM: return .timeLimit
        case let code: return .failed("glp_simplex returned \(code)")
        }
    }

    /// Re-solves in exact rational arithmetic from the current basis (`glp_exact`), so the
    /// answer is the true optimum of the problem as stored, whatever its weight ratios.
    /// Cheap after `simplex` (it only verifies or finishes the last pivots).
    func exactPolish(timeLimit: Int? = nil) -> Outcome {
        precondition(rowCount > 0 && columnCount > 0, "LinearProgram.exactPolish: empty problem")
        var parm = glp_smcp()
        glp_init_smcp(&parm)
        parm.msg_lev = GLP_MSG_OFF
        if let timeLimit { parm.tm_lim = Int32(clamping: max(1, timeLimit)) }
        let code = glp_exact(problem, &parm)
        if code == GLP_ETMLIM { return .timeLimit }
        guard code == 0 else { return .failed("glp_exact returned \(code)") }
        switch glp_get_status(problem) {
        case GLP_OPT: return .optimal
        case GLP_NOFEAS: return .infeasible
        case let status: return .failed("glp_exact ended with status \(status)")
        }
    }

    /// The column of the simplex tableau for the non-basic row or column `k` (GLPK's numbering:
    /// rows 1...m, then columns m+1...m+n): how each basic variable moves per unit of `k`.
    /// Returns nil when `k` is basic. Factorizes the basis first if needed.
    func tableauColumn(ofRow row: Int) -> [(basic: Int, alpha: Double)]? {
        precondition(row >= 0 && row < rowCount, "LinearProgram.tableauColumn: row out of range")
        if rowIsBasic(row) { return nil }
        if glp_bf_exists(problem) == 0, glp_factorize(problem) != 0 { return nil }
        let capacity = rowCount + 1
        var ind = [Int32](repeating: 0, count: capacity)
        var val = [Double](repeating: 0, count: capacity)
        let length = Int(glp_eval_tab_col(problem, Int32(row + 1), &ind, &val))
        return (0..<length).map { (Int(ind[$0 + 1]) - 1, val[$0 + 1]) }
    }

    /// The (0-based, GLPK order: rows then columns) indices of the basic variables.
    func basicVariables() -> [Int] {
        var basics: [Int] = []
        basics.reserveCapacity(rowCount)
        for i in 0..<rowCount where rowIsBasic(i) { basics.append(i) }
        for j in 0..<columnCount where columnIsBasic(j) { basics.append(rowCount + j) }
        return basics
    }

    /// Resets the basis to GLPK's "advanced" initial basis (after a failed warm start).
    func resetBasis() { glp_adv_basis(problem, 0) }

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
        glp_set_row_stat(problem, Int32(row + 1), status == .basic ? GLP_BS : nonbasicStatus(glp_get_row_type(problem, Int32(row + 1))))
    }

    func setColumnStatus(_ column: Int, _ status: Status) {
        precondition(column >= 0 && column < columnCount, "LinearProgram.setColumnStatus: column \(column) out of range")
        glp_set_col_stat(problem, Int32(column + 1), status == .basic ? GLP_BS : nonbasicStatus(glp_get_col_type(problem, Int32(column + 1))))
    }

    private func nonbasicStatus(_ type: Int32) -> Int32 {
        switch type {
        case GLP_FR: GLP_NF
        case GLP_UP: GLP_NU
        case GLP_FX: GLP_NS
        default: GLP_NL
        }
    }

    // MARK: - Reading

    func columnValue(_ column: Int) -> Double { glp_get_col_prim(problem, Int32(column + 1)) }
    func columnDual(_ column: Int) -> Double { glp_get_col_dual(problem, Int32(column + 1)) }
    func columnIsBasic(_ column: Int) -> Bool { glp_get_col_stat(problem, Int32(column + 1)) == GLP_BS }
    func rowValue(_ row: Int) -> Double { glp_get_row_prim(problem, Int32(row + 1)) }
    func rowDual(_ row: Int) -> Double { glp_get_row_dual(problem, Int32(row + 1)) }
    func rowIsBasic(_ row: Int) -> Bool { glp_get_row_stat(problem, Int32(row + 1)) == GLP_BS }
    func rowIsFixed(_ row: Int) -> Bool { glp_get_row_type(problem, Int32(row + 1)) == GLP_FX }
    var objectiveValue: Double { glp_get_obj_val(problem) }
}
