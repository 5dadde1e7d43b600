import TrellisSolver

/// What a solver row of a layout stands for: a constraint written with the DSL (by identity),
/// or an implicit row (its item and kind, ``ImplicitRole``). The engine keeps its rows in a
/// ``RowTable`` under one number per key (``RowTable/number(_:)``), not by hashing keys.
enum RowKey: Hashable {
    case explicit(ObjectIdentifier)
    case implicit(LayoutItemKey, ImplicitRole)
}

/// A row the solver holds, with the layout constraint it lowers.
struct RowEntry {
    let source: LayoutConstraint
    let constraint: Constraint
}

/// What one lowering hands to the solver (``LayoutEngine``): the rows to add, remove, and move
/// to a new constant, gathered by ``LayoutEngine/place(_:_:old:into:spec:source:)``.
struct RowChanges {
    /// A row whose constant alone changed: its key (its entry is found in the engine's rows
    /// when the change is made), the new constant, and the source it then stands for when that
    /// is another than its entry's (an implicit row's spec made anew; nil: the same). No
    /// reference in the usual case: a text pass makes thousands of these, and each reference
    /// held was a retain and a release, each entry held two. (A struct, not a tuple: the
    /// runtime destroys a tuple element by element through its metadata.)
    struct ConstantChange {
        let key: RowKey
        let constant: Double
        let source: LayoutConstraint?
    }

    /// Whether only what changed is lowered (the engine's rows then change in place); else
    /// every constraint is, and ``next`` becomes the rows.
    let incremental: Bool
    /// A full lowering's rows.
    var next = RowTable()
    var additions: [Constraint] = []
    var removals: [Constraint] = []
    /// Constraints whose constant alone changed (a resized root, `update(constant:)`): the
    /// solver changes them in place, so the next solve can follow its basis.
    var constantChanges: [ConstantChange] = []
    /// New rows whose constant is likely to change (``ImplicitRole/startsMovable(measured:measuring:)``, or a
    /// kept group's constraint): added with another constant and moved to theirs with
    /// ``Solver/updateConstant(of:to:)``, so that the solver keeps their rows as it keeps the
    /// rows of constants changed before, and the first change moves along the basis like the
    /// later ones.
    var movable: [Movable] = []

    /// A new row to move to `constant` once added (``movable``). (A struct, not a labelled
    /// tuple: see "A process's first pass" in Benchmarks/README.md.)
    struct Movable {
        let key: RowKey
        let source: LayoutConstraint
        let constant: Double
    }
}
