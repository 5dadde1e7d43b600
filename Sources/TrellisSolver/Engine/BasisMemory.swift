/// The last optimal basis of every component, keyed by what the rows and columns stand for
/// (constraint identity, variable identity), so it survives rebuilding the LP: after an edit
/// outside the affine range, a changed constant, or constraints added and removed, the next
/// simplex run starts from it (dual simplex: a right-hand-side change keeps it dual feasible)
/// instead of from scratch.
///
/// GLPK objects never outlive one call, so the basis is carried here in Swift and transplanted
/// into each new problem.
struct BasisMemory {
    /// Whether each constraint's row was basic.
    var rows: [ObjectIdentifier: Bool] = [:]
    /// Whether each variable's column was basic.
    var columns: [UInt64: Bool] = [:]
    /// Whether each soft constraint's error columns were basic.
    var errors: [ObjectIdentifier: [Bool]] = [:]

    var isEmpty: Bool { rows.isEmpty && columns.isEmpty }

    /// Forgets a constraint (it was removed from the solver).
    mutating func forget(_ constraint: Constraint) {
        rows[ObjectIdentifier(constraint)] = nil
        errors[ObjectIdentifier(constraint)] = nil
    }

    /// Takes over everything in `other` (a newer basis of some components).
    mutating func merge(_ other: BasisMemory) {
        rows.merge(other.rows) { $1 }
        columns.merge(other.columns) { $1 }
        errors.merge(other.errors) { $1 }
    }
}
