import Synchronization

/// An unknown of a constraint system: a number the solver chooses.
///
/// A `Variable` is a reference: two variables with the same name are different unknowns.
/// It holds no value itself; after ``Solver/solve()`` ask the solver with ``Solver/value(of:)``.
///
/// ```swift
/// let left = Variable("box.left")
/// let width = Variable("box.width")
/// let right: LinearExpression = left + width
/// ```
///
/// `Variable` is deliberately not `Equatable`: `==` between variables builds a ``Constraint``.
/// Compare identity with `===`.
public final class Variable: Sendable, CustomStringConvertible {
    private static let counter = Atomic<UInt64>(0)

    /// The name used in descriptions, diagnostics and the `linear-system/1` format.
    public let name: String

    /// A process-wide creation number. The solver orders unknowns by it, so that results never
    /// depend on the order in which constraints were added.
    public let id: UInt64

    /// Creates an unknown.
    /// - Parameter name: A name for descriptions and diagnostics; it need not be unique.
    public init(_ name: String = "") {
        self.name = name
        self.id = Variable.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The name, or `v<id>` when the variable has none.
    public var description: String { name.isEmpty ? "v\(id)" : name }
}
