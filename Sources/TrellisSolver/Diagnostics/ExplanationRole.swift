/// How a constraint takes part in holding a value (``Explanation/Reason/role``).
///
/// ```swift
/// why.reasons.filter { $0.role == .broken }   // soft constraints giving way
/// ```
public enum ExplanationRole: String, Sendable {
    /// A required constraint at its limit (an equality, or an inequality that is active).
    case required
    /// A soft constraint that holds exactly.
    case holding
    /// A soft constraint that is broken, by as little as its priority allows: its cost pushes
    /// the value against the constraints that break it.
    case broken
}
