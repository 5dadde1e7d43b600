import Trellis

/// The constraints a layout document's `constraints` entries made, in one list: entry `i`'s are
/// `constraints[range(of: i)]`. Nearly every entry makes one constraint; a ``ConstraintGroup``
/// per entry is made only when ``DocumentLayout/groups`` is read.
struct EntryConstraints {
    /// Every entry's constraints, in document order.
    private(set) var constraints: [LayoutConstraint] = []
    /// Where each entry's constraints end in ``constraints``.
    private var ends: [Int] = []

    /// The entries' positions.
    var indices: Range<Int> { ends.indices }

    mutating func reserveCapacity(_ count: Int) {
        constraints.reserveCapacity(count)
        ends.reserveCapacity(count)
    }

    /// Adds the next entry, which made one constraint.
    mutating func append(_ constraint: LayoutConstraint) {
        constraints.append(constraint)
        ends.append(constraints.count)
    }

    /// Adds the next entry, which made `made`.
    mutating func append(contentsOf made: [LayoutConstraint]) {
        constraints.append(contentsOf: made)
        ends.append(constraints.count)
    }

    /// Where entry `entry`'s constraints are in ``constraints``.
    func range(of entry: Int) -> Range<Int> {
        (entry == 0 ? 0 : ends[entry - 1])..<ends[entry]
    }
}
