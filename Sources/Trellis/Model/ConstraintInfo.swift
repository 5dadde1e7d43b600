/// A `Sendable` summary of a ``LayoutConstraint``, as carried by ``LayoutError`` and named by the
/// layout diagnostics (`Violation`, `ConflictRecovery`, `Explanation` and
/// `SensitivityRange` over `ConstraintInfo`).
///
/// ```swift
/// catch LayoutError.unsatisfiable(let conflict) {
///     for info in conflict { print(info) }    // "title.width == 300 (Header.swift:12)"
/// }
/// ```
public struct ConstraintInfo: ConstraintReference, Hashable {
    /// The constraint's identity: compare with ``LayoutConstraint/id`` to find it again.
    public let id: LayoutConstraint.ID
    /// The constraint's ``LayoutConstraint/description`` at the time of the error.
    public let text: String
    /// The label, if any.
    public let label: String?
    /// Where it was written, if known.
    public let location: CodeLocation?
    /// Its priority.
    public let priority: Priority
    /// Whether the layout pass made it (root frame, content size, fitting size).
    public let isImplicit: Bool

    /// Its priority as a solver strength (`.required` at 1000).
    public var strength: Strength { .priority(priority) }

    /// The constraint's description.
    public var description: String { text }
}
