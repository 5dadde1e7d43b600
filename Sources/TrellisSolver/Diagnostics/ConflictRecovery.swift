import TrellisSupport

/// What an opt-in recovering solve did with conflicting required constraints: the minimal
/// conflicts it found, the members it relaxed to priority 999, and which of those the recovered
/// solution breaks, by how much. Like Auto Layout's "Will attempt to recover by breaking
/// constraint", but exact: the relaxed members give way as little as possible, together.
///
/// The solver's is `ConflictRecovery<Constraint>` (``Solver/solveRecoveringFromConflicts(relaxingTo:)``);
/// a layout's is the same type over its constraint references
/// (`View.layoutIfNeeded(recoveringFromConflicts:)`).
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
public struct ConflictRecovery<Reference: ConstraintReference>: Sendable, CustomStringConvertible {
    /// Each minimal conflicting set found, in the order found (relaxing one may reveal the next).
    public let conflicts: [[Reference]]
    /// The required constraints that were relaxed (the members of all conflicts).
    public let relaxed: [Reference]
    /// The relaxed constraints that do not hold in the recovered solution.
    public let broken: [Violation<Reference>]
    /// The priority the members were relaxed to.
    public let priority: Priority

    /// Creates a recovery record.
    ///
    /// ```swift
    /// let r = ConflictRecovery(conflicts: [[low, high]], relaxed: [low, high], broken: [], priority: 999)
    /// ```
    public init(conflicts: [[Reference]], relaxed: [Reference], broken: [Violation<Reference>], priority: Priority) {
        self.conflicts = conflicts
        self.relaxed = relaxed
        self.broken = broken
        self.priority = priority
    }

    /// The same record naming its constraints another way; a constraint `transform` has no name
    /// for is left out (see ``Violation/mapConstraint(_:)``).
    ///
    /// ```swift
    /// let source: [ObjectIdentifier: MyRow] = [:]   // MyRow: ConstraintReference
    /// let named = recovery.mapConstraints { source[ObjectIdentifier($0)] }
    /// ```
    public func mapConstraints<Other>(_ transform: (Reference) -> Other?) -> ConflictRecovery<Other> {
        ConflictRecovery<Other>(conflicts: conflicts.map { $0.compactMap(transform) }, relaxed: relaxed.compactMap(transform),
                                broken: broken.compactMap { $0.mapConstraint(transform) }, priority: priority)
    }

    /// A few lines: each conflict, then what was broken, one constraint per line.
    ///
    /// ```text
    /// conflict 1: these 2 required constraints cannot hold together:
    ///   at most 10: x - 10 <= 0 (required)
    ///   at least 20: x - 20 >= 0 (required)
    /// recovered by relaxing them to priority 999; broken:
    ///   at least 20: x - 20 >= 0 (required) is off by 10
    /// ```
    public var description: String {
        var lines: [String] = []
        for (index, conflict) in conflicts.enumerated() {
            lines.append("conflict \(index + 1): these \(conflict.count) required constraints cannot hold together:")
            lines += conflict.map { "  \($0)" }
        }
        lines.append("recovered by relaxing them to priority \(NumberFormat.priority(priority)); broken:")
        if broken.isEmpty { lines.append("  nothing") }
        lines += broken.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}
