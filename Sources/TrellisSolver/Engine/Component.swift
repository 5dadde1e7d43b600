import TrellisSupport

/// An independent piece of a constraint system: constraints that share no variable with any
/// other piece. Each component is solved on its own (the x and y axes of a layout usually are two).
struct Component {
    /// The unknowns, ordered by creation (``Variable/id``).
    let variables: [Variable]
    /// The constraints with at least one term, in canonical order (`canonicalOrder(_:)`).
    private(set) var constraints: [Constraint]

    /// Puts `constraint` — the same terms, relation and strength as the one at `index`, another
    /// constant — in its place (``Solver/updateConstant(of:to:)``).
    mutating func replaceConstraint(at index: Int, with constraint: Constraint) {
        constraints[index] = constraint
    }
    /// Each constraint's terms as (position in ``variables``, coefficient), parallel to ``constraints``.
    let terms: RowStore
    /// Whether this is a ``ScalarBatch``'s component: independent one-variable pieces, already
    /// solved in closed form (never an LP; its constants never move in place).
    var isScalarBatch = false
    /// Set on the blocks of a component split at translation bridges (``BridgeSplit``).
    var slide: Slide?

    /// Splits constraints into components by union-find over shared variables.
    /// Constraints without terms belong to no component. The result is ordered by the smallest
    /// variable id of each component, so it is the same whatever order `constraints` came in.
    ///
    /// Everything is indexed by dense slots (one per variable, in order of first appearance):
    /// one ``IdentityTable`` lookup per term, then arrays only (counting sorts, no dictionaries),
    /// because this runs on every structural change of the solver.
    static func partition(_ constraints: [Constraint]) -> [Component] {
        partition(constraints, batching: nil).components
    }

    /// ``partition(_:)``, except that the one-variable components whose constraints all pass
    /// `batchable` and whose closed-form solution (``ScalarComponent``) exists and holds their
    /// required constraints are not components of their own: they come solved, together, as
    /// one ``ScalarBatch``. A layout has hundreds of them (each fixed width, each height held
    /// only by its own constraints), and a component, a state and a solve each cost far more
    /// than the closed form itself.
    static func partition(_ constraints: [Constraint],
                          batching batchable: ((Constraint) -> Bool)?,
                          splitting splits: ((ArraySlice<Int32>) -> Bool)? = nil) -> (components: [Component], batch: ScalarBatch?) {
        let joined = Joined(constraints)
        let n = joined.variables.count
        guard n > 0 else { return ([], nil) }
        let order = ComponentOrder(joined)
        let variableGroups = groupVariables(joined, order)
        let constraintGroups = groupConstraints(constraints, joined, order)
        var position = [Int32](filled: 0, count: n)
        var components: [Component] = []
        components.reserveCapacity(order.count)
        var batch = ScalarBatch.Builder()
        var groups = 0
        for c in 0..<order.count {
            let slots = variableGroups[c]
            let members = constraintGroups[c]
            if let batchable, slots.count == 1,
               batch.add(Int(slots[slots.startIndex]), members: members, constraints: constraints, joined: joined,
                         position: &position, batchable: batchable) {
                continue
            }
            if let splits, slots.count >= 2, splits(members), Self.optimises(members, constraints),
               let blocks = BridgeSplit.split(slots: slots, members: members, constraints: constraints,
                                              termSlots: joined.termSlots, termStart: joined.termStart, ids: joined.ids,
                                              local: &position) {
                appendBlocks(blocks, group: groups, constraints: constraints, joined: joined, position: &position,
                             to: &components)
                groups += 1
                continue
            }
            components.append(makeComponent(slots: slots, members: members, constraints: constraints, joined: joined,
                                            position: &position))
        }
        return (components, batch.finish())
    }

    /// Whether any of `members` is soft or an inequality. Required equalities alone are determined:
    /// presolve substitutes them in one linear pass, and blocks would only cost a component each.
    private static func optimises(_ members: ArraySlice<Int32>, _ constraints: [Constraint]) -> Bool {
        members.contains { !constraints[Int($0)].strength.isRequired || constraints[Int($0)].relation != .equal }
    }

    /// The blocks of one split component as components: the root block as it is, each other
    /// block with a last row pinning its bridge variable to 0 (it is solved where that variable
    /// is 0, then slid into place; see ``SolverEngine/Slides``).
    private static func appendBlocks(_ blocks: [BridgeSplit.Block], group: Int, constraints: [Constraint], joined: Joined,
                                     position: inout [Int32], to components: inout [Component]) {
        for block in blocks {
            guard block.bridge >= 0 else {
                var component = makeComponent(slots: block.slots[...], members: block.members[...], constraints: constraints,
                                              joined: joined, position: &position)
                component.slide = Slide(bridge: nil, endpoint: -1, direction: [], group: group, pin: nil)
                components.append(component)
                continue
            }
            // (The pin made with the block's rows, its last: appended afterwards, it copied the
            // block's constraint list and term store.)
            let pin = Constraint(LinearExpression(joined.variables[Int(block.endpoint)]), .equal)
            var component = makeComponent(slots: block.slots[...], members: block.members[...], constraints: constraints,
                                          joined: joined, position: &position, pin: (pin, block.endpoint))
            var direction = [Double](filled: 0, count: block.slots.count)
            for (k, slot) in block.slots.enumerated() { direction[Int(position[Int(slot)])] = block.direction[k] }
            let endpoint = Int(position[Int(block.endpoint)])
            component.slide = Slide(bridge: constraints[Int(block.bridge)], endpoint: endpoint, direction: direction,
                                    group: group, pin: pin)
            components.append(component)
        }
    }

    /// Every variable of the constraints by dense slot (in order of first appearance), joined by
    /// union-find over the constraints that name them together.
    fileprivate struct Joined {
        var variables: [Variable] = []
        var ids: [UInt64] = []
        var parent: [Int32] = []
        /// The slot of every term, flat, in constraint order; constraint k's in termStart[k]..<termStart[k+1].
        var termSlots: [Int32] = []
        var termStart: [Int]

        init(_ constraints: [Constraint]) {
            var termCount = 0
            var smallest = UInt64.max, largest: UInt64 = 0
            // (Terms are read through buffers by index here and below: no term, and so no
            // variable reference, is copied per look.)
            for constraint in constraints {
                constraint.expression.terms.withUnsafeBufferPointer { terms in
                    termCount += terms.count
                    for t in 0..<terms.count {
                        smallest = min(smallest, terms[t].variable.id)
                        largest = max(largest, terms[t].variable.id)
                    }
                }
            }
            // Ids are creation numbers: usually a short range, looked up directly (no hashing).
            var table = smallest <= largest ? IdentityTable(keysIn: smallest...largest, minimumCapacity: termCount)
                                            : IdentityTable()
            // At most a slot per term (and per id of the range): every slot's array is sized
            // once and filled through buffers, with no append (and uniqueness check) a term.
            let most = smallest <= largest ? Int(min(UInt64(termCount), largest - smallest + 1)) : 0
            var variables: [Variable] = [], ids: [UInt64] = []
            variables.reserveCapacity(most)
            ids.reserveCapacity(most)
            var parent = [Int32](filled: 0, count: most)
            var slots = [Int32](filled: 0, count: termCount)
            var starts = [Int](filled: 0, count: constraints.count + 1)
            var filled = 0
            parent.withUnsafeMutableBufferPointer { parent in
                slots.withUnsafeMutableBufferPointer { slots in
                    for k in constraints.indices {
                        constraints[k].expression.terms.withUnsafeBufferPointer { terms in
                            for t in 0..<terms.count {
                                let id = terms[t].variable.id
                                let (slot, inserted) = table.insert(id, Int32(variables.count))
                                if inserted {
                                    variables.append(terms[t].variable)
                                    ids.append(id)
                                    parent[Int(slot)] = slot
                                }
                                slots[filled + t] = slot
                                if t > 0 {
                                    let a = Self.find(slots[filled], in: parent), b = Self.find(slot, in: parent)
                                    if a != b { parent[Int(max(a, b))] = min(a, b) }
                                }
                            }
                            filled += terms.count
                        }
                        starts[k + 1] = filled
                    }
                }
            }
            parent.removeLast(most - variables.count)
            self.variables = variables
            self.ids = ids
            self.parent = parent
            termSlots = slots
            termStart = starts
        }

        /// The root of `x` in `parent`, compressing the path to it.
        private static func find(_ x: Int32, in parent: UnsafeMutableBufferPointer<Int32>) -> Int32 {
            var root = x
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = x
            while parent[Int(node)] != root { let next = parent[Int(node)]; parent[Int(node)] = root; node = next }
            return root
        }

        mutating func find(_ x: Int32) -> Int32 {
            var root = x
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = x
            while parent[Int(node)] != root { let next = parent[Int(node)]; parent[Int(node)] = root; node = next }
            return root
        }
    }

    /// The components, ordered by their smallest variable id, and each slot's component.
    private struct ComponentOrder {
        /// The component of each slot.
        var componentOfSlot: [Int32]
        var count: Int

        init(_ joined: Joined) {
            var joined = joined
            let n = joined.variables.count
            var rootOf = [Int32](filled: 0, count: n)
            var smallest = [UInt64](filled: .max, count: n)
            for slot in 0..<n {
                let root = Int(joined.find(Int32(slot)))
                rootOf[slot] = Int32(root)
                smallest[root] = min(smallest[root], joined.ids[slot])
            }
            var roots: [Int] = []
            for slot in 0..<n where rootOf[slot] == Int32(slot) { roots.append(slot) }
            roots.sort { smallest[$0] < smallest[$1] }
            var componentOfRoot = [Int32](filled: -1, count: n)
            for (index, root) in roots.enumerated() { componentOfRoot[root] = Int32(index) }
            componentOfSlot = rootOf.map { componentOfRoot[Int($0)] }
            count = roots.count
        }
    }

    /// The slots of each component, in slot order.
    private static func groupVariables(_ joined: Joined, _ order: ComponentOrder) -> GroupedLists {
        GroupedLists(groups: order.count, indices: joined.variables.count) { order.componentOfSlot[$0] }
    }

    /// The constraints (with terms) of each component, in input order.
    private static func groupConstraints(_ constraints: [Constraint], _ joined: Joined, _ order: ComponentOrder) -> GroupedLists {
        GroupedLists(groups: order.count, indices: constraints.count) { k in
            joined.termStart[k + 1] > joined.termStart[k] ? order.componentOfSlot[Int(joined.termSlots[joined.termStart[k]])] : -1
        }
    }

    /// One component: its variables by id, its constraints in canonical order (by content
    /// fingerprint, ties by content), and their terms by position. `position` is scratch
    /// indexed by slot.
    private static func makeComponent(slots group: ArraySlice<Int32>, members: ArraySlice<Int32>, constraints: [Constraint],
                                      joined: Joined, position: inout [Int32],
                                      pin: (constraint: Constraint, slot: Int32)? = nil) -> Component {
        let ids = joined.ids, termSlots = joined.termSlots, termStart = joined.termStart
        if group.count == 1 && members.count == 1 && pin == nil {
            // A one-variable, one-constraint component (a fixed width, a lone height): most
            // components of a layout. Nothing to order; every term names the one variable.
            let slot = Int(group[group.startIndex])
            position[slot] = 0
            let constraint = constraints[Int(members[members.startIndex])]
            var row = RowStore(reservingRows: 1, terms: constraint.expression.terms.count)
            constraint.expression.terms.withUnsafeBufferPointer { terms in
                for k in 0..<terms.count { row.append((0, terms[k].coefficient)) }
            }
            row.endRow()
            return Component(variables: [joined.variables[slot]], constraints: [constraint], terms: row)
        }
        var slots = Array(group)
        if slots.count > 1 {
            if slots.count <= shortSort { Self.insertionSort(&slots) { ids[Int($0)] < ids[Int($1)] } } else { slots.sort { ids[Int($0)] < ids[Int($1)] } }
        }
        for (p, slot) in slots.enumerated() { position[Int(slot)] = Int32(p) }
        let keyed = canonicalOrder(members, constraints: constraints, termSlots: termSlots, termStart: termStart,
                                   position: position)
        var ordered: [Constraint] = []
        ordered.reserveCapacity(keyed.count + (pin == nil ? 0 : 1))
        var termCount = pin == nil ? 0 : 1
        for (_, index) in keyed { termCount += termStart[Int(index) + 1] - termStart[Int(index)] }
        var terms = RowStore(reservingRows: ordered.capacity, terms: termCount)
        for (_, index) in keyed {
            let constraint = constraints[Int(index)]
            ordered.append(constraint)
            constraint.expression.terms.withUnsafeBufferPointer { row in
                for offset in 0..<row.count {
                    terms.append((Int(position[Int(termSlots[termStart[Int(index)] + offset])]), row[offset].coefficient))
                }
            }
            terms.endRow()
        }
        if let pin {
            // The block's last row: its bridge variable at 0 (``appendBlocks``).
            ordered.append(pin.constraint)
            terms.append((Int(position[Int(pin.slot)]), 1))
            terms.endRow()
        }
        return Component(variables: slots.map { joined.variables[Int($0)] }, constraints: ordered, terms: terms)
    }
}

/// One-variable components gathered into one ``Component`` (``Component/isScalarBatch``), each
/// already solved in closed form exactly as ``ComponentSolver`` solves a one-variable
/// component: the same rows in the same (canonical) order, the same ``ScalarComponent``, the
/// same check of the required rows. Variable `p` of the batch is piece `p`; its rows are
/// contiguous, in piece order.
struct ScalarBatch {
    var component: Component
    /// The value of each variable (piece), with -0 made +0 as for any solution.
    var values: [Double]

    /// Collects the pieces during ``Component/partition(_:batching:)``.
    struct Builder {
        private var variables: [Variable] = []
        private var constraints: [Constraint] = []
        private var terms = RowStore()
        private var values: [Double] = []
        private var rows: [ScalarComponent.Row] = []

        /// Adds the one-variable component of `slot` with constraints `members`; false (adding
        /// nothing) when one of them is not batchable or the closed form does not give a value
        /// that holds the required rows (the component then goes its own way: an LP, or the
        /// error its solve reports).
        fileprivate mutating func add(_ slot: Int, members: ArraySlice<Int32>, constraints all: [Constraint],
                                      joined: Component.Joined, position: inout [Int32],
                                      batchable: (Constraint) -> Bool) -> Bool {
            for k in members where !batchable(all[Int(k)]) { return false }
            position[slot] = 0
            let single = members.count == 1
            let keyed = single ? [] : Component.canonicalOrder(members, constraints: all, termSlots: joined.termSlots,
                                                                                termStart: joined.termStart, position: position)
            rows.removeAll(keepingCapacity: true)
            for i in 0..<members.count {
                let constraint = all[Int(single ? members[members.startIndex] : keyed[i].index)]
                rows.append(ScalarComponent.Row(coefficient: constraint.expression.terms.withUnsafeBufferPointer { $0[0].coefficient },
                                                constant: constraint.expression.constant,
                                                relation: constraint.relation, strength: constraint.strength))
            }
            guard let value = ScalarComponent(rows: rows).solve(), value.isFinite else { return false }
            // ComponentSolver's check of a solution: each required row within 1e-6 of its size.
            for row in rows where row.strength.isRequired {
                let product = row.coefficient * value
                let sum = row.constant + product
                let scale = abs(row.constant) + abs(product)
                if !(row.relation.violation(of: sum) <= 1e-6 * max(1, scale)) { return false }
            }
            let piece = variables.count
            variables.append(joined.variables[slot])
            values.append(value + 0)
            for i in 0..<members.count {
                let constraint = all[Int(single ? members[members.startIndex] : keyed[i].index)]
                constraints.append(constraint)
                constraint.expression.terms.withUnsafeBufferPointer { row in
                    for k in 0..<row.count { terms.append((piece, row[k].coefficient)) }
                }
                terms.endRow()
            }
            return true
        }

        /// The batch, nil when no piece was added.
        func finish() -> ScalarBatch? {
            guard !variables.isEmpty else { return nil }
            var component = Component(variables: variables, constraints: constraints, terms: terms)
            component.isScalarBatch = true
            return ScalarBatch(component: component, values: values)
        }
    }
}
