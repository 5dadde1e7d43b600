/// What a recovering layout pass did when required constraints conflicted (see
/// ``View/layoutIfNeeded(recoveringFromConflicts:)``): the minimal conflicts, the constraints
/// relaxed to priority 999, and which of them the recovered layout breaks.
///
/// ```swift
/// if let recovery = try root.layoutIfNeeded(recoveringFromConflicts: true) {
///     print(recovery)
///     // conflict 1: these 2 required constraints cannot hold together:
///     //   box.width == 500 (Screen.swift:10)
///     //   root frame: root.width == 320
///     // recovered by relaxing them to priority 999; broken:
///     //   box.width == 500 (Screen.swift:10) is off by 180     (the 180 points may be shared)
/// }
/// ```
public struct LayoutConflictRecovery: Sendable, CustomStringConvertible {
    /// Each minimal conflicting set, in the order found.
    public let conflicts: [[ConstraintInfo]]
    /// The required constraints that were relaxed.
    public let relaxed: [ConstraintInfo]
    /// The relaxed constraints the recovered layout does not satisfy, by how much.
    public let broken: [LayoutViolation]
    /// The priority they were relaxed to (999).
    public let priority: Priority

    /// Creates a recovery record.
    ///
    /// ```swift
    /// let r = LayoutConflictRecovery(conflicts: [], relaxed: [], broken: [], priority: 999)
    /// ```
    public init(conflicts: [[ConstraintInfo]], relaxed: [ConstraintInfo], broken: [LayoutViolation], priority: Priority) {
        self.conflicts = conflicts
        self.relaxed = relaxed
        self.broken = broken
        self.priority = priority
    }

    /// Each conflict, then what was broken, one constraint per line.
    public var description: String {
        DiagnosticText.recovery(conflicts: conflicts.map { $0.map(\.description) }, priority: NumberFormat.priority(priority),
                                broken: broken.map(\.description), nothingBroken: "nothing")
    }
}
