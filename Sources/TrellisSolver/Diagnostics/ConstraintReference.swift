/// A constraint as a diagnostic names it.
///
/// The diagnostic results — ``Violation``, ``ConflictRecovery``, ``Explanation`` and
/// ``SensitivityRange`` — are one family, generic over the constraint they name. The solver's
/// are over ``Constraint`` itself; Trellis's layout diagnostics are the same types over
/// `ConstraintInfo` (a layout constraint's text, label, source line and priority), so a
/// layout's violations read and compute exactly as the solver's do.
///
/// ```swift
/// func report<C: ConstraintReference>(_ violations: [Violation<C>]) -> [String] {
///     violations.map { "\($0.constraint) at \($0.strength): \($0.amount)" }
/// }
/// ```
public protocol ConstraintReference: Sendable, CustomStringConvertible {
    /// How strongly the constraint is held: required, or a priority level and a weight.
    var strength: Strength { get }
}

extension Constraint: ConstraintReference {}
