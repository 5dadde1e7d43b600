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

    /// The part of a layout item a variable stands for: its name is the owner's name, a dot and
    /// the part (`title.left`). Kept apart so that the four variables of an item share the owner's
    /// string instead of each allocating its own name; the name is joined when asked for.
    @usableFromInline package enum Part: UInt8, Sendable {
        case whole, left, top, width, height

        var suffix: String {
            switch self {
            case .whole: ""
            case .left: ".left"
            case .top: ".top"
            case .width: ".width"
            case .height: ".height"
            }
        }
    }

    /// The name as given, or the owner's name when ``part`` is not `.whole`.
    private let stem: String

    /// A process-wide creation number. The solver orders unknowns by it, so that results never
    /// depend on the order in which constraints were added.
    public let id: UInt64

    /// Declared after ``id`` so that the object stays 41 bytes (one 48-byte heap block).
    @usableFromInline package let part: Part

    /// The axis of the item's part it stands for: 1 horizontal (left, width), 2 vertical (top,
    /// height), 0 none (a variable made by name).
    @inlinable package var axis: UInt8 {
        switch part {
        case .left, .width: 1
        case .top, .height: 2
        case .whole: 0
        }
    }

    /// The name used in descriptions, diagnostics and the `linear-system/1` format.
    public var name: String { part == .whole ? stem : stem + part.suffix }

    /// Creates an unknown.
    /// - Parameter name: A name for descriptions and diagnostics; it need not be unique.
    public init(_ name: String = "") {
        self.stem = name
        self.part = .whole
        self.id = Variable.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Creates the unknown for `part` of the item named `owner`; its name is `owner.part`.
    package init(owner: String, part: Part) {
        self.stem = owner
        self.part = part
        self.id = Variable.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The name, or `v<id>` when the variable has none.
    public var description: String {
        let name = name
        return name.isEmpty ? "v\(id)" : name
    }
}
