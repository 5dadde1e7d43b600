/// What an opt-in recovering solve did with conflicting required constraints: the minimal
/// conflicts it found, the members it relaxed to priority 999, and which of those the recovered
/// solution breaks, by how much. Like Auto Layout's "Will attempt to recover by breaking
/// constraint", but exact: the relaxed members give way as little as possible, together.
///
/// ```swift
/// let x = Variable("x")
/// let solver = Solver()
/// let low = (x <= 10).labeled("at most 10")
/// let high = (x >= 20).labeled("at least 20")
/// try solver.add([low, high])
/// if let recovery = try solver.solveRecoveringFromConflicts() {
///     recovery.conflicts.count        // 1: [at most 10, at least 20]
///     recovery.broken.map(\.amount)   // [10]: one of them gives way by 10
/// }
/// ```
public struct ConflictRecovery: Sendable, CustomStringConvertible {
    /// Each minimal conflicting set found, in the order found (relaxing one may reveal the next).
    public let conflicts: [[Constraint]]
    /// The required constraints that were relaxed (the members of all conflicts).
    public let relaxed: [Constraint]
    /// The relaxed constraints that do not hold in the recovered solution.
    public let broken: [Violation]
    /// The priority the members were relaxed to.
    public let priority: Priority

    /// Creates a recovery record.
    ///
    /// ```swift
    /// let r = ConflictRecovery(conflicts: [[low, high]], relaxed: [low, high], broken: [], priority: 999)
    /// ```
    public init(conflicts: [[Constraint]], relaxed: [Constraint], broken: [Violation], priority: Priority) {
        self.conflicts = conflicts
        self.relaxed = relaxed
        self.broken = broken
        self.priority = priority
    }

    /// A few lines: each conflict, then what was broken.
    public var description: String {
        DiagnosticText.recovery(conflicts: conflicts.map { $0.map(\.description) }, priority: "\(priority)",
                                broken: broken.map { "\($0.constraint) violated by \(DiagnosticText.number($0.amount))" },
                                nothingBroken: "nothing (they hold after all)")
    }
}
