/// The budget of one layout pass: the root's ``View/layoutLimits`` and the instant by which the
/// whole pass (all its rounds) must be done.
struct PassBudget {
    let limits: SolveLimits
    private let clock = ContinuousClock()
    private let deadline: ContinuousClock.Instant?

    init(_ limits: SolveLimits) {
        self.limits = limits
        deadline = limits.milliseconds.map { ContinuousClock().now.advanced(by: .milliseconds(max(0, $0))) }
    }

    /// Throws when the pass would hold more variables or constraints than the limits allow.
    func checkSize(variables: Int, constraints: Int) throws(LayoutError) {
        if let maximum = limits.maximumVariables, variables > maximum {
            throw LayoutError.limitExceeded("the layout has \(variables) variables (4 per view or guide), "
                + "more than the limit of \(maximum)")
        }
        if let maximum = limits.maximumConstraints, constraints > maximum {
            throw LayoutError.limitExceeded("the layout has \(constraints) constraints (content sizes and stacks "
                + "included), more than the limit of \(maximum)")
        }
    }

    /// The limits for the next solve: the size limits, and the milliseconds left of the pass.
    /// Throws once the time is spent.
    func solveLimits() throws(LayoutError) -> SolveLimits {
        guard let deadline, let budget = limits.milliseconds else { return limits }
        let left = clock.now.duration(to: deadline)
        guard left > .zero else {
            throw LayoutError.limitExceeded("the layout pass took longer than its budget of \(budget) ms")
        }
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        return SolveLimits(maximumConstraints: limits.maximumConstraints, maximumVariables: limits.maximumVariables,
                           milliseconds: Int(max(1, milliseconds)))
    }
}
