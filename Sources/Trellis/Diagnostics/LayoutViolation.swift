/// A soft layout constraint that does not hold in the layout: by how much, at which priority.
///
/// ```swift
/// for violation in try root.unsatisfiedConstraints() {
///     print(violation)   // "title.width == 300 @750 (Header.swift:12) is off by 45"
/// }
/// ```
public struct LayoutViolation: Sendable, Hashable, CustomStringConvertible {
    /// The constraint (with its label and source line).
    public let constraint: ConstraintInfo
    /// How far it is from holding, in points.
    public let amount: Double

    /// Creates a violation record.
    ///
    /// ```swift
    /// let v = LayoutViolation(constraint: c.info, amount: 45)
    /// ```
    public init(constraint: ConstraintInfo, amount: Double) {
        self.constraint = constraint
        self.amount = amount
    }

    /// Its priority.
    public var priority: Priority { constraint.priority }

    /// Reads like `title.width == 300 @750 (Header.swift:12) is off by 45`.
    public var description: String { "\(constraint) is off by \(DiagnosticText.number(amount))" }
}
