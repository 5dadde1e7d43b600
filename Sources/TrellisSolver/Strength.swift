import TrellisSupport

/// How strongly a constraint is held: required, or soft with a priority level and a weight.
///
/// A soft constraint that cannot hold costs `weight × violation` (the violation is `|e|` for
/// `==`, the shortfall for `<=` and `>=`). Soft constraints are grouped in **levels**: the solver
/// first minimises the total cost of the highest level, keeps that optimum, then minimises the
/// next level, and so on. Within one level the weights trade off against each other.
///
/// - ``weight(_:)`` is kiwi's (Cassowary's) strength: every weighted constraint lives in one level,
///   the lowest, and only weights matter. A system written with weights only is solved exactly
///   as kiwi defines it.
/// - ``priority(_:weight:)`` is Auto Layout's: one level per priority, so a constraint at 751 beats
///   any number of constraints at 750. `.priority(.required)` is ``required``.
///
/// ```swift
/// let strong = Strength.weight(1_000_000)
/// let high = Strength.priority(.defaultHigh)
/// ```
public struct Strength: Sendable, Hashable, CustomStringConvertible {
    /// The Auto Layout priority (1000 for required), or `nil` for a kiwi-style weight.
    public let priority: Priority?
    /// The weight of a violation within the level (1 for required constraints).
    public let weight: Double

    private init(priority: Priority?, weight: Double) {
        self.priority = priority
        self.weight = weight
    }

    /// The constraint must hold; if it cannot, solving throws ``TrellisError/unsatisfiable(conflict:)``.
    public static let required = Strength(priority: .required, weight: 1)

    /// A kiwi-style soft constraint: any positive, finite weight (nothing is silently promoted to
    /// required, however large).
    public static func weight(_ weight: Double) -> Strength {
        Strength(priority: nil, weight: weight)
    }

    /// An Auto Layout-style soft constraint at `priority` (or required, for 1000), optionally
    /// weighted against other constraints of the same priority.
    public static func priority(_ priority: Priority, weight: Double = 1) -> Strength {
        priority.isRequired ? .required : Strength(priority: priority, weight: weight)
    }

    /// Whether the constraint must hold.
    public var isRequired: Bool { priority?.isRequired ?? false }

    /// The level the solver optimises this constraint in: its priority, or 0 (below every
    /// priority) for kiwi-style weights.
    public var level: Float { priority?.rawValue ?? 0 }

    /// Why this strength cannot be used, or `nil` when it can.
    var problem: String? {
        if isRequired { return nil }
        if let problem = NumberCheck.weightProblem(weight) { return problem }
        if let priority, !priority.isValid { return "priority \(priority) is outside 1...1000" }
        return nil
    }

    public var description: String {
        if isRequired { return "required" }
        guard let priority else { return "weight \(NumberFormat.short(weight))" }
        let p = priority.description
        return weight == 1 ? "@\(p)" : "@\(p)×\(NumberFormat.short(weight))"
    }
}
