/// What can go wrong when building or solving a constraint system.
///
/// Every error leaves the ``Solver`` exactly as it was before the call that threw: a rejected
/// constraint is not added, a failed solve keeps the previous values.
public enum TrellisError: Error, Sendable, CustomStringConvertible {
    /// The required constraints cannot all hold. `conflict` is a minimal set of them that
    /// cannot hold together: dropping any one member makes the rest satisfiable.
    case unsatisfiable(conflict: [Constraint])
    /// The constraint was already added to this solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in this solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable of this solver.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable of this solver.
    case unknownEditVariable(Variable)
    /// Edit variables are soft by nature: a required edit strength is refused.
    case requiredEditStrength(Variable)
    /// A number is NaN, infinite, subnormal or beyond the supported magnitude; the text names where.
    case invalidNumber(String)
    /// A strength is unusable (weight not positive and finite, priority outside 1...1000).
    case invalidStrength(String)
    /// A solve or size budget was exceeded.
    case limitExceeded(String)
    /// GLPK could not produce a trustworthy answer (numerical trouble); the text says what it reported.
    case numericalFailure(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let conflict):
            let lines = conflict.map { "  \($0)" }.joined(separator: "\n")
            return "unsatisfiable: these \(conflict.count) required constraints cannot hold together:\n\(lines)"
        case .duplicateConstraint(let c): return "duplicate constraint: \(c) was already added"
        case .unknownConstraint(let c): return "unknown constraint: \(c) is not in the solver"
        case .duplicateEditVariable(let v): return "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): return "unknown edit variable: \(v) is not an edit variable"
        case .requiredEditStrength(let v): return "edit variable \(v) cannot have a required strength"
        case .invalidNumber(let text): return "invalid number: \(text)"
        case .invalidStrength(let text): return "invalid strength: \(text)"
        case .limitExceeded(let text): return "limit exceeded: \(text)"
        case .numericalFailure(let text): return "numerical failure: \(text)"
        }
    }
}
