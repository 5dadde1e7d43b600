/// An independent piece of a constraint system: constraints that share no variable with any
/// other piece. Each component is solved on its own (the x and y axes of a layout usually are two).
struct Component {
    /// The unknowns, ordered by creation (``Variable/id``).
    let variables: [Variable]
    /// The constraints with at least one term, in canonical order (`canonicalOrder(_:)`).
    let constraints: [Constraint]

    /// Splits constraints into components by union-find over shared variables.
    /// Constraints without terms belong to no component. The result is ordered by the smallest
    /// variable id of each component, so it is the same whatever order `constraints` came in.
    static func partition(_ constraints: [Constraint]) -> [Component] {
        var index: [UInt64: Int] = [:]
        var variables: [Variable] = []
        var parent: [Int] = []
        func find(_ x: Int) -> Int {
            var root = x
            while parent[root] != root { root = parent[root] }
            var node = x
            while parent[node] != root { let next = parent[node]; parent[node] = root; node = next }
            return root
        }
        for constraint in constraints {
            var first: Int?
            for term in constraint.expression.terms {
                let slot: Int
                if let existing = index[term.variable.id] {
                    slot = existing
                } else {
                    slot = variables.count
                    index[term.variable.id] = slot
                    variables.append(term.variable)
                    parent.append(slot)
                }
                if let first {
                    let a = find(first), b = find(slot)
                    if a != b { parent[max(a, b)] = min(a, b) }
                } else {
                    first = slot
                }
            }
        }
        var groups: [Int: (variables: [Variable], constraints: [Constraint])] = [:]
        for (slot, variable) in variables.enumerated() {
            groups[find(slot), default: ([], [])].variables.append(variable)
        }
        for constraint in constraints {
            guard let term = constraint.expression.terms.first, let slot = index[term.variable.id] else { continue }
            groups[find(slot), default: ([], [])].constraints.append(constraint)
        }
        return groups.values
            .map { group in
                let sorted = group.variables.sorted { $0.id < $1.id }
                var rank: [UInt64: Int] = [:]
                rank.reserveCapacity(sorted.count)
                for (position, variable) in sorted.enumerated() { rank[variable.id] = position }
                return Component(variables: sorted, constraints: canonicalOrder(group.constraints, rank: rank))
            }
            .sorted { $0.variables[0].id < $1.variables[0].id }
    }
}

/// Constraints ordered by content: by a 64-bit fingerprint of relation, strength, terms and
/// constant, with the full comparison breaking the (rare) ties. The order is arbitrary but
/// depends only on what the constraints say, never on how they were added. Variables enter the
/// fingerprint by their `rank` within the component (not their process-wide id), so the same
/// system is ordered the same way in every run, whatever else the process created before it.
func canonicalOrder(_ constraints: [Constraint], rank: [UInt64: Int]) -> [Constraint] {
    let keyed = constraints.map { (key: $0.contentFingerprint(rank: rank), constraint: $0) }
    return keyed.sorted { a, b in
        a.key != b.key ? a.key < b.key : a.constraint.canonicallyPrecedes(b.constraint)
    }.map(\.constraint)
}

extension Constraint {
    /// FNV-1a over the bit patterns of the content (stable across runs, unlike `Hasher`).
    func contentFingerprint(rank: [UInt64: Int]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        mix(UInt64(relation == .equal ? 1 : relation == .lessThanOrEqual ? 2 : 3))
        mix(UInt64(strength.level.bitPattern))
        mix(strength.weight.bitPattern)
        for term in expression.terms {
            mix(UInt64(rank[term.variable.id] ?? 0))
            mix(term.coefficient.bitPattern)
        }
        mix(expression.constant.bitPattern)
        return hash
    }

    /// A total order on constraint *content* (relation, strength, terms, constant), so that a
    /// component's rows come in the same order however the constraints were added. Constraints
    /// that compare equal are identical rows, whose order cannot change the solution.
    func canonicallyPrecedes(_ other: Constraint) -> Bool {
        if relation != other.relation { return relation.rawValue < other.relation.rawValue }
        if strength.level != other.strength.level { return strength.level > other.strength.level }
        if strength.weight != other.strength.weight { return strength.weight > other.strength.weight }
        let a = expression.terms, b = other.expression.terms
        if a.count != b.count { return a.count < b.count }
        for k in 0..<a.count {
            if a[k].variable.id != b[k].variable.id { return a[k].variable.id < b[k].variable.id }
            if a[k].coefficient != b[k].coefficient { return a[k].coefficient < b[k].coefficient }
        }
        return expression.constant < other.expression.constant
    }
}
