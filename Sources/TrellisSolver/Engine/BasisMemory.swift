/// Optimal bases kept for warm starts.
///
/// A component's own basis is stored compactly, by position (``Compact``): harvesting it after
/// a solve costs a few array writes, and re-solving the *same* component (an edit step outside
/// the affine range, a changed constant) transplants it by position. Only when components are
/// rebuilt (constraints added or removed) is a keyed memory made, from the old components that
/// share variables with the new one: statuses keyed by what rows and columns stand for
/// (constraint identity, variable identity), so they survive the rebuild and the next simplex
/// run starts from them (dual simplex: a right-hand-side change keeps them dual feasible)
/// instead of from scratch.
///
/// GLPK objects never outlive one call, so bases are carried here in Swift and transplanted
/// into each new problem.
struct BasisMemory {
    /// One component's optimal basis, by position in the component.
    struct Compact {
        /// Per constraint of the component: -1 no LP row (eliminated by presolve), 0 non-basic, 1 basic.
        var rows: [Int8]
        /// Per constraint: bit k set when its k-th error column was basic.
        var errors: [UInt8]
        /// Per variable of the component: -1 no LP column, 0 non-basic, 1 basic.
        var columns: [Int8]
    }

    /// Whether each constraint's row was basic.
    var rows: [ObjectIdentifier: Bool] = [:]
    /// Whether each variable's column was basic.
    var columns: [UInt64: Bool] = [:]
    /// Which error columns of each soft constraint were basic (bit k: the k-th).
    var errors: [ObjectIdentifier: UInt8] = [:]

    var isEmpty: Bool { rows.isEmpty && columns.isEmpty }

    /// Adds the compact basis of an old component, keyed by identity.
    mutating func remember(_ basis: Compact, of component: Component) {
        for (index, constraint) in component.constraints.enumerated() where basis.rows[index] >= 0 {
            let key = ObjectIdentifier(constraint)
            rows[key] = basis.rows[index] == 1
            if basis.errors[index] != 0 { errors[key] = basis.errors[index] }
        }
        for (position, variable) in component.variables.enumerated() where basis.columns[position] >= 0 {
            columns[variable.id] = basis.columns[position] == 1
        }
    }
}
