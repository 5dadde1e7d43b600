import TrellisSupport

internal import CGLPK
internal import CGLPKGuard

/// One GLPK problem object, owned by one synchronous call on one thread.
///
/// GLPK keeps its environment in thread-local storage and calls `abort()` on misuse (bad index,
/// duplicate index in a row, zero counts). This wrapper is the only code that calls GLPK, and it
/// has two lines of defence:
///
/// 1. Every entry point checks its arguments with `precondition`, because a violation is a bug
///    in Trellis (user input was validated long before, with thrown errors).
/// 2. Every GLPK call goes through the C guard (`CSupport/CGLPKGuard`): `setjmp` plus a
///    per-thread `glp_error_hook`. Should GLPK still raise a fatal error (a bug that slipped
///    past 1, exhausted memory, a broken invariant inside GLPK), the process survives: the
///    guard frees the thread's GLPK environment (`glp_free_env()`, which invalidates every
///    problem of the thread) and moves the thread to a new *epoch*. Each `LinearProgram`
///    records the epoch it was made in; the guard refuses, and never deletes, a problem from
///    an older epoch or another thread.
///
/// A problem that met a fault (its own, or one that reset GLPK under it) is *faulted*: it keeps
/// the first error in ``fault``, and every later call does nothing: setters are ignored (before
/// their values are checked, since the values may be read from the dead problem),
/// ``simplex(presolve:dual:timeLimit:)`` and ``exactPolish(timeLimit:)`` return
/// ``Outcome/failed(_:)``, readers return what they had read before (Swift copies), else NaN,
/// `false`, `nil` or nothing. A caller must therefore
/// call ``verify()`` before it trusts what it read: it throws the fault as
/// ``TrellisError/numericalFailure(_:)``. The callers' state lives in Swift, so the next solve
/// simply builds new problems in the fresh environment.
///
/// Instances are never stored or shared: build one, solve, read the values, let it go, all
/// inside one function.
final class LinearProgram {
    /// How a row or column is bounded.
    enum Bound {
        case free
        case lower(Double)
        case upper(Double)
        case fixed(Double)
        /// `lower ≤ x ≤ upper` (fixed when they are equal).
        case range(Double, Double)

        /// The bound as an interval, infinite where it is open.
        var interval: (lower: Double, upper: Double) {
            switch self {
            case .free: (-.infinity, .infinity)
            case .lower(let lo): (lo, .infinity)
            case .upper(let up): (-.infinity, up)
            case .fixed(let value): (value, value)
            case .range(let lo, let up): (lo, up)
            }
        }
    }

    /// The outcome of a simplex run.
    enum Outcome: Equatable {
        case optimal
        case infeasible
        /// The time limit was reached.
        case timeLimit
        /// GLPK gave up (singular basis, iteration limit, unbounded in theory impossible here),
        /// or the problem is faulted (see ``fault``).
        case failed(String)
    }

    /// The GLPK problem; nil if GLPK failed while creating it. Private: every GLPK call goes
    /// through the guarded methods here (after a caught fault the pointer dangles, and only the
    /// guard's epoch check keeps it from being used).
    let problem: OpaquePointer?
    /// The guard's epoch of this thread when the problem was made (see the type's documentation).
    let epoch: UInt64
    let rowCount: Int
    let columnCount: Int
    /// For each column, the stamp of the last `setRow` call that named it (a hash-free duplicate check).
    /// (This and the two below are read and written for every coefficient loaded, on the one
    /// thread that owns the problem, never overlappingly: no dynamic exclusivity checks.)
    @exclusivity(unchecked) private var lastRowOfColumn: [Int32]
    /// Counts `setRow` calls: the stamp of the current call (so setting a row twice is fine).
    @exclusivity(unchecked) private var setRowCalls: Int32 = 0
    /// The range of non-zero coefficient magnitudes loaded by ``setMatrix(_:)``.
    @exclusivity(unchecked) private var smallestMagnitude = Double.infinity
    @exclusivity(unchecked) private var largestMagnitude = 0.0
    /// A row whose entries span more than ``widestRowSpan`` (its smallest non-zero magnitude and
    /// its largest), if one was set: the simplex method is then not run (see ``widestRowSpan``).
    @exclusivity(unchecked) private var tooWideRow: (smallest: Double, largest: Double)?

    /// The most a row's non-zero entries may span (largest ÷ smallest magnitude) for GLPK's
    /// simplex method to be run on the problem.
    ///
    /// A coefficient of 1.2e-307 beside ones of order 1 (valid input: not subnormal) made
    /// `glp_simplex` read memory it had not written — an assertion in `spxlp.c` (`1 <= p && p
    /// <= m`), or a segmentation fault no guard can catch, depending on what the heap held
    /// (`MALLOC_PERTURB_` shows it every time; GLPK's own scaling is skipped at such spans, see
    /// ``scale()``). Such a problem is a ``Outcome/failed(_:)`` run instead: a numerical failure,
    /// never a crash. (1e300 leaves a wide margin below the spans seen failing, 1e307.)
    static let widestRowSpan = 1e300
    /// The first GLPK fatal error caught on this problem, or the refusal of a call after GLPK
    /// was reset under it; nil while every call ran normally.
    private(set) var fault: TrellisError?

    /// What GLPK last reported, read in one guarded call per array when first asked for (readers
    /// run in loops over every row and column). Values, duals and basic-ness only change when
    /// the basis does (a simplex run, a status set): bound and objective changes keep them, as
    /// GLPK keeps them, so ``invalidate()`` runs only on the former.
    struct Readings {
        var rowPrim: [Double]?
        var rowDual: [Double]?
        var columnPrim: [Double]?
        var columnDual: [Double]?
        var rowBasic: [UInt8]?
        var columnBasic: [UInt8]?
    }
    var readings = Readings()

    func invalidate() { readings = Readings() }

    /// Creates a problem with `rows` rows and `columns` columns, all free, zero objective.
    /// Should GLPK fail even here, the problem is born faulted (see ``verify()``).
    init(rows: Int, columns: Int) {
        precondition(rows >= 0 && columns >= 0 && rows < Int(Int32.max) && columns < Int(Int32.max),
                     "LinearProgram: bad size \(rows)x\(columns)")
        var created: OpaquePointer?
        var epoch: UInt64 = 0
        let code = trellis_glp_create(Int32(rows), Int32(columns), &created, &epoch)
        rowCount = rows
        columnCount = columns
        lastRowOfColumn = Array(filled: 0, count: columns)
        if code == TRELLIS_GLP_OK {
            problem = created
            self.epoch = epoch
        } else {
            problem = nil
            self.epoch = 0   // no epoch is 0: every later call is refused
            fault = Self.failure(code, in: "glp_create_prob")
        }
    }

    /// Deletes the problem, unless a caught fault freed it already (or, against the rules, this
    /// runs on another thread): the guard refuses a problem from another epoch.
    deinit {
        if let problem { _ = trellis_glp_delete(epoch, problem) }
    }

    /// Throws ``fault`` if there is one: call it before trusting values read from the problem.
    /// - Throws: ``TrellisError/numericalFailure(_:)`` naming GLPK's fatal error.
    func verify() throws {
        if let fault { throw fault }
    }

    /// Whether the problem still exists: false after the guard caught a fatal GLPK error on this
    /// thread (every call is then refused), or on a thread other than its own.
    var isValid: Bool { problem != nil && trellis_glp_epoch() == epoch }

    // MARK: - Building

    /// Notes a row whose non-zero magnitudes run from `smallest` to `largest` (read as its
    /// entries are stored) in ``tooWideRow`` when they span more than ``widestRowSpan``, and
    /// widens the problem's own range (``scale()``).
    private func noteRow(smallest: Double, largest: Double) {
        guard largest > 0 else { return }
        smallestMagnitude = min(smallestMagnitude, smallest)
        largestMagnitude = max(largestMagnitude, largest)
        if tooWideRow == nil, largest > smallest * Self.widestRowSpan { tooWideRow = (smallest, largest) }
    }

    /// How far the loaded coefficients' non-zero magnitudes span (largest ÷ smallest; 1 with none).
    var coefficientSpan: Double {
        largestMagnitude > 0 ? largestMagnitude / smallestMagnitude : 1
    }

    /// Why the simplex method is not run on this problem, if it is not (``widestRowSpan``).
    var tooWideReason: String? {
        tooWideRow.map { "a row's coefficients span \($0.smallest) to \($0.largest), more than GLPK's simplex method computes with" }
    }

    /// Sets row `row` (0-based) to `Σ values[k] × column[indices[k]]`.
    /// - Precondition: indices are 0-based, in range and distinct; values are finite.
    func setRow(_ row: Int, indices: [Int32], values: [Double]) {
        guard fault == nil else { return }
        precondition(row >= 0 && row < rowCount, "LinearProgram.setRow: row \(row) out of range")
        precondition(indices.count == values.count, "LinearProgram.setRow: counts differ")
        var ind = [Int32](filled: 0, count: indices.count + 1)
        var val = [Double](filled: 0, count: values.count + 1)
        setRowCalls &+= 1
        if setRowCalls == 0 {   // wrapped: start the stamps afresh
            for k in lastRowOfColumn.indices { lastRowOfColumn[k] = 0 }
            setRowCalls = 1
        }
        let stamp = setRowCalls
        var smallest = Double.infinity, largest = 0.0
        for k in 0..<indices.count {
            let j = indices[k]
            precondition(j >= 0 && Int(j) < columnCount, "LinearProgram.setRow: column \(j) out of range")
            precondition(lastRowOfColumn[Int(j)] != stamp, "LinearProgram.setRow: column \(j) repeated in row \(row)")
            lastRowOfColumn[Int(j)] = stamp
            precondition(values[k].isFinite, "LinearProgram.setRow: non-finite coefficient")
            if values[k] != 0 {
                smallest = min(smallest, abs(values[k]))
                largest = max(largest, abs(values[k]))
            }
            ind[k + 1] = j + 1
            val[k + 1] = values[k]
        }
        noteRow(smallest: smallest, largest: largest)
        invalidate()
        guarded(trellis_glp_set_mat_row(epoch, problem, Int32(row + 1), Int32(indices.count), ind, val), "glp_set_mat_row")
    }

    /// A matrix by rows, flat: row i's entries are at positions `range(ofRow: i)` of
    /// ``columns`` (0-based) and ``values``: an LP's matrix, and the layout columns the crash
    /// basis reads (``CrashBasis``). (One pair of arrays for all the rows: a pair of arrays a
    /// row was two allocations for each row of an LP.)
    struct SparseRows {
        private(set) var columns: [Int32] = []
        private(set) var values: [Double] = []
        private(set) var rowStart: [Int] = [0]

        init() {}

        init(reservingRows rows: Int, entries: Int) {
            columns.reserveCapacity(entries)
            values.reserveCapacity(entries)
            rowStart.reserveCapacity(rows + 1)
        }

        /// How many rows there are.
        var count: Int { rowStart.count - 1 }

        /// Adds an entry to the row being made.
        @inline(__always) mutating func append(column: Int32, value: Double) {
            columns.append(column)
            values.append(value)
        }

        /// Ends the row being made.
        mutating func endRow() { rowStart.append(columns.count) }

        /// The positions of row `i`'s entries.
        @inline(__always) func range(ofRow i: Int) -> Range<Int> { rowStart[i]..<rowStart[i + 1] }
    }

    /// Replaces the whole matrix: row `i` becomes `Σ values[k] × column[columns[k]]` over its
    /// entries (one GLPK call for all rows, where ``setRow(_:indices:values:)`` makes one per row).
    /// - Precondition: one entry per row of the problem; indices 0-based, in range and distinct
    ///   within a row; values finite.
    func setMatrix(_ rows: SparseRows) {
        guard fault == nil else { return }
        precondition(rows.count == rowCount, "LinearProgram.setMatrix: \(rows.count) rows for \(rowCount)")
        let total = rows.columns.count
        var ia = [Int32](filled: 0, count: total + 1)
        var ja = [Int32](filled: 0, count: total + 1)
        var ar = [Double](filled: 0, count: total + 1)
        var k = 1
        for i in 0..<rows.count {
            setRowCalls &+= 1
            if setRowCalls == 0 {
                for c in lastRowOfColumn.indices { lastRowOfColumn[c] = 0 }
                setRowCalls = 1
            }
            let stamp = setRowCalls
            var smallest = Double.infinity, largest = 0.0
            for entry in rows.range(ofRow: i) {
                let j = rows.columns[entry], value = rows.values[entry]
                precondition(j >= 0 && Int(j) < columnCount, "LinearProgram.setMatrix: column \(j) out of range")
                precondition(lastRowOfColumn[Int(j)] != stamp, "LinearProgram.setMatrix: column \(j) repeated in row \(i)")
                lastRowOfColumn[Int(j)] = stamp
                precondition(value.isFinite, "LinearProgram.setMatrix: non-finite coefficient")
                if value != 0 {
                    smallest = min(smallest, abs(value))
                    largest = max(largest, abs(value))
                }
                ia[k] = Int32(i + 1)
                ja[k] = j + 1
                ar[k] = value
                k += 1
            }
            noteRow(smallest: smallest, largest: largest)
        }
        invalidate()
        guarded(trellis_glp_load_matrix(epoch, problem, Int32(total), ia, ja, ar), "glp_load_matrix")
    }

    func setRowBound(_ row: Int, _ bound: Bound) {
        guard fault == nil else { return }
        precondition(row >= 0 && row < rowCount, "LinearProgram.setRowBound: row \(row) out of range")
        apply(bound, "glp_set_row_bnds") { trellis_glp_set_row_bnds(epoch, problem, Int32(row + 1), $0, $1, $2) }
    }

    func setColumnBound(_ column: Int, _ bound: Bound) {
        guard fault == nil else { return }
        precondition(column >= 0 && column < columnCount, "LinearProgram.setColumnBound: column \(column) out of range")
        apply(bound, "glp_set_col_bnds") { trellis_glp_set_col_bnds(epoch, problem, Int32(column + 1), $0, $1, $2) }
    }

    func setObjective(_ column: Int, _ coefficient: Double) {
        guard fault == nil else { return }
        precondition(column >= 0 && column < columnCount, "LinearProgram.setObjective: column \(column) out of range")
        precondition(coefficient.isFinite, "LinearProgram.setObjective: non-finite coefficient")
        guarded(trellis_glp_set_obj_coef(epoch, problem, Int32(column + 1), coefficient), "glp_set_obj_coef")
    }

    /// Sets the bounds of every row and every column in one GLPK call.
    func setBounds(rows: [Bound], columns: [Bound]) {
        guard fault == nil else { return }
        precondition(rows.count == rowCount && columns.count == columnCount, "LinearProgram.setBounds: wrong counts")
        func lower(_ bounds: [Bound]) -> (types: [Int32], lower: [Double], upper: [Double]) {
            var types = [Int32](filled: GLP_FR, count: bounds.count)
            var lo = [Double](filled: 0, count: bounds.count), up = [Double](filled: 0, count: bounds.count)
            for (k, bound) in bounds.enumerated() {
                (types[k], lo[k], up[k]) = Self.glpkBound(bound)
            }
            return (types, lo, up)
        }
        let r = lower(rows), c = lower(columns)
        guarded(trellis_glp_set_all_bnds(epoch, problem, r.types, r.lower, r.upper, c.types, c.lower, c.upper),
                "glp_set_row_bnds/glp_set_col_bnds")
    }

    /// Sets the objective coefficients of the given columns (`coefficients[k]` of
    /// `columns[k]`) in one GLPK call.
    func setObjective(columns: [Int], coefficients: [Double]) {
        precondition(columns.count == coefficients.count, "LinearProgram.setObjective: counts differ")
        guard fault == nil, !columns.isEmpty else { return }
        var indices = [Int32]()
        indices.reserveCapacity(columns.count)
        for (column, coefficient) in zip(columns, coefficients) {
            precondition(column >= 0 && column < columnCount, "LinearProgram.setObjective: column \(column) out of range")
            precondition(coefficient.isFinite, "LinearProgram.setObjective: non-finite coefficient")
            indices.append(Int32(column + 1))
        }
        guarded(trellis_glp_set_obj_coefs(epoch, problem, Int32(columns.count), indices, coefficients), "glp_set_obj_coef")
    }

    /// GLPK's type and bounds for a bound (checked: finite, ordered).
    private static func glpkBound(_ bound: Bound) -> (Int32, Double, Double) {
        switch bound {
        case .free: return (GLP_FR, 0, 0)
        case .lower(let lo):
            precondition(lo.isFinite, "LinearProgram: non-finite bound")
            return (GLP_LO, lo, 0)
        case .upper(let up):
            precondition(up.isFinite, "LinearProgram: non-finite bound")
            return (GLP_UP, 0, up)
        case .fixed(let v):
            precondition(v.isFinite, "LinearProgram: non-finite bound")
            return (GLP_FX, v, v)
        case .range(let lo, let up):
            precondition(lo.isFinite && up.isFinite && lo <= up, "LinearProgram: bad range bound")
            return lo == up ? (GLP_FX, lo, up) : (GLP_DB, lo, up)
        }
    }

    private func apply(_ bound: Bound, _ operation: StaticString, _ set: (Int32, Double, Double) -> Int32) {
        let code: Int32
        switch bound {
        case .free: code = set(GLP_FR, 0, 0)
        case .lower(let lo):
            precondition(lo.isFinite, "LinearProgram: non-finite bound")
            code = set(GLP_LO, lo, 0)
        case .upper(let up):
            precondition(up.isFinite, "LinearProgram: non-finite bound")
            code = set(GLP_UP, 0, up)
        case .fixed(let v):
            precondition(v.isFinite, "LinearProgram: non-finite bound")
            code = set(GLP_FX, v, v)
        case .range(let lo, let up):
            precondition(lo.isFinite && up.isFinite && lo <= up, "LinearProgram: bad range bound")
            code = lo == up ? set(GLP_FX, lo, up) : set(GLP_DB, lo, up)
        }
        guarded(code, operation)
    }

    /// Scales rows and columns (GLPK's automatic choice); values read back are unscaled.
    /// Skipped when coefficients span beyond 1e-100...1e100: GLPK's scale factors then underflow
    /// to 0 and it stops with a fatal error; unscaled, the answer is still checked afterwards.
    func scale() {
        if smallestMagnitude < 1e-100 || largestMagnitude > 1e100 { return }
        if rowCount > 0 && columnCount > 0 {
            invalidate()
            guarded(trellis_glp_scale_prob(epoch, problem, GLP_SF_AUTO), "glp_scale_prob")
        }
    }

    // MARK: - Solving

    /// Runs the simplex method.
    /// - Parameters:
    ///   - presolve: use GLPK's presolver (fast from scratch, but it discards the basis: cold solves only).
    ///   - dual: dual simplex falling back to primal (after right-hand-side changes); primal otherwise.
    ///   - timeLimit: milliseconds, or nil.
    ///   - iterationLimit: iterations of this run, or 0 (none; reached: ``Outcome/failed(_:)``).
    func simplex(presolve: Bool, dual: Bool, timeLimit: Int? = nil, iterationLimit: Int32 = 0) -> Outcome {
        precondition(rowCount > 0 && columnCount > 0, "LinearProgram.simplex: empty problem")
        if fault == nil, let reason = tooWideReason { return .failed(reason) }
        var code: Int32 = 0
        var status: Int32 = 0
        invalidate()
        guard guarded(trellis_glp_simplex(epoch, problem, presolve ? GLP_ON : GLP_OFF, dual ? GLP_DUALP : GLP_PRIMAL,
                                          Self.milliseconds(timeLimit), iterationLimit, &code, &status), "glp_simplex")
        else { return .failed(fault?.description ?? "GLPK fault") }
        switch code {
        case 0:
            switch status {
            case GLP_OPT: return .optimal
            case GLP_NOFEAS: return .infeasible
            case let status: return .failed("simplex ended with status \(status)")
            }
        case GLP_ENOPFS: return .infeasible
        case GLP_ETMLIM: return .timeLimit
        case let code: return .failed("glp_simplex returned \(code)")
        }
    }

    /// Simplex iterations made on this problem so far (0 once faulted).
    var iterationCount: Int {
        var count: Int32 = 0
        guard guarded(trellis_glp_get_it_cnt(epoch, problem, &count), "glp_get_it_cnt") else { return 0 }
        return Int(count)
    }

    /// Re-solves in exact rational arithmetic from the current basis (`glp_exact`), so the
    /// answer is the true optimum of the problem as stored, whatever its weight ratios.
    /// Cheap after `simplex` (it only verifies or finishes the last pivots).
    func exactPolish(timeLimit: Int? = nil) -> Outcome {
        precondition(rowCount > 0 && columnCount > 0, "LinearProgram.exactPolish: empty problem")
        if fault == nil, let reason = tooWideReason { return .failed(reason) }
        var code: Int32 = 0
        var status: Int32 = 0
        invalidate()
        guard guarded(trellis_glp_exact(epoch, problem, Self.milliseconds(timeLimit), &code, &status), "glp_exact")
        else { return .failed(fault?.description ?? "GLPK fault") }
        if code == GLP_ETMLIM { return .timeLimit }
        guard code == 0 else { return .failed("glp_exact returned \(code)") }
        switch status {
        case GLP_OPT: return .optimal
        case GLP_NOFEAS: return .infeasible
        case let status: return .failed("glp_exact ended with status \(status)")
        }
    }

    /// GLPK's `tm_lim` for a time limit in milliseconds (0: none).
    private static func milliseconds(_ timeLimit: Int?) -> Int32 {
        timeLimit.map { Int32(clamping: max(1, $0)) } ?? 0
    }

    // MARK: - The guard

    /// Whether a guarded call ran normally; if not, records the first ``fault``.
    @inline(__always) @discardableResult
    func guarded(_ code: Int32, _ operation: StaticString) -> Bool {
        if code == TRELLIS_GLP_OK { return true }
        if fault == nil { fault = Self.failure(code, in: "\(operation)") }
        return false
    }

    /// The error for a guarded call that did not run normally.
    private static func failure(_ code: Int32, in operation: String) -> TrellisError {
        if code == TRELLIS_GLP_STALE {
            return .numericalFailure("\(operation) refused: the GLPK problem was freed when GLPK was reset after a fatal error on this thread")
        }
        let message = String(cString: trellis_glp_last_error())
            .split(whereSeparator: \.isNewline).joined(separator: "; ")
        return .numericalFailure("GLPK raised a fatal error in \(operation) and was reset (\(message.isEmpty ? "no message" : message))")
    }

    // MARK: - Testing the guard

    /// Calls `glp_set_col_bnds` with GLPK's 1-based column `glpkIndex` as given, **without** the
    /// Swift validation: only for tests that prove a GLPK fatal error is caught, not an abort.
    func uncheckedSetColumnBound(glpkIndex: Int32) {
        guarded(trellis_glp_set_col_bnds(epoch, problem, glpkIndex, GLP_FR, 0, 0), "glp_set_col_bnds")
    }

    /// Calls `glp_add_rows` with `count` as given, **without** the Swift validation (GLPK aborts
    /// on 0): only for tests of the guard.
    func uncheckedAddRows(_ count: Int32) {
        guarded(trellis_glp_add_rows(epoch, problem, count), "glp_add_rows")
    }
}

/// The per-thread state of the GLPK guard (`CSupport/CGLPKGuard`), for tests.
enum GLPKGuard {
    /// The current thread's epoch: it changes whenever a caught fault resets GLPK on this thread.
    static var epoch: UInt64 { trellis_glp_epoch() }

    /// How many guarded GLPK calls this thread has made.
    static var callCount: UInt64 { trellis_glp_call_count() }

    /// Makes the `calls`-th guarded GLPK call from now on this thread (1: the next) raise a real
    /// GLPK fatal error (through `glp_error`) instead of doing its work; 0 disarms.
    static func injectFault(afterCalls calls: UInt64) { trellis_glp_inject_fault(calls) }

    /// GLPK's message for this thread's last caught fault.
    static var lastError: String { String(cString: trellis_glp_last_error()) }
}
