/// Budgets for one ``Solver/solve()``: set them when systems come from untrusted input.
///
/// A solve that would exceed a budget throws ``TrellisError/limitExceeded(_:)`` and leaves the
/// solver as it was (the previous values stay).
///
/// ```swift
/// let solver = Solver()
/// solver.limits = SolveLimits(maximumConstraints: 50_000, maximumVariables: 50_000, milliseconds: 250)
/// ```
public struct SolveLimits: Sendable, Hashable {
    /// The most constraints (edit variables included) a solve accepts, or nil for no limit.
    public var maximumConstraints: Int?
    /// The most variables a solve accepts, or nil for no limit.
    public var maximumVariables: Int?
    /// Wall-clock milliseconds for the whole solve (GLPK's simplex runs are given what is
    /// left), or nil for no limit.
    public var milliseconds: Int?

    /// Creates budgets; nil means unlimited.
    public init(maximumConstraints: Int? = nil, maximumVariables: Int? = nil, milliseconds: Int? = nil) {
        self.maximumConstraints = maximumConstraints
        self.maximumVariables = maximumVariables
        self.milliseconds = milliseconds
    }

    /// No budgets (the default).
    public static let unlimited = SolveLimits()
}
