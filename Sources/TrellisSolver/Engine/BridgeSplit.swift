import TrellisSupport

/// Splits one component at its *translation bridges*: required equalities that are the only
/// link between a block of constraints that can slide as a whole and the rest.
///
/// A block B of a component is detached by a bridge row R when
/// - R is a required equality with at least two variables, exactly one of them (x) in B;
/// - R is the only row that names variables of B and of the rest together (R is a cut of the
///   variable–row incidence graph);
/// - B's rows (required, soft, edit, moved alike) are translation-invariant: there is a direction
///   d over B's variables with d[x] = 1 and Σ coefficient × d = 0 in every row (positions move,
///   sizes do not: `a.top - b.top - b.height == 8` moves with d = (1, 1, 0)).
///
/// Then every level of B's optimum is the same wherever B stands, and R can always be met by
/// sliding B along d: the lexicographic optimum of the component is the rest's optimum, plus B's
/// own optimum moved so that R holds. Applied from the leaves up, a feed whose rows are chained
/// `row_i.top == row_{i-1}.bottom + 8` falls apart into one block per row.
///
/// The blocks are found in one depth-first search of the incidence graph (articulation rows, by
/// low points) from the component's oldest variable (the smallest id: a layout's root, a chain's
/// head), each variable's candidate rows visited last, so that the blocks found do not depend on
/// the order the constraints come in. Deepest first, each candidate's block is checked by
/// propagating d through its rows and verifying it on every row. Rejected candidates stay with
/// the block above; the checks' total work is capped at a few times the component's size (past it
/// nothing more splits), so the search stays linear.
struct BridgeSplit {
    /// One block: its variables (slots) and constraints (indices into the partitioned list).
    struct Block {
        var slots: [Int32] = []
        var members: [Int32] = []
        /// The constraint index of the bridge that detached it (-1: the root block).
        var bridge: Int32 = -1
        /// The bridge's variable in this block.
        var endpoint: Int32 = -1
        /// The direction the block slides along, parallel to ``slots`` (empty for the root block).
        var direction: [Double] = []
    }

    /// The blocks of the component with variables `slots` and constraints `members` (root block
    /// first, then by depth-first discovery, so that a block's bridge names only variables of
    /// blocks before it); nil when nothing splits. `local` is scratch indexed by slot, `ids` the
    /// variables' ids by slot.
    static func split(slots: ArraySlice<Int32>, members: ArraySlice<Int32>, constraints: [Constraint],
                      termSlots: [Int32], termStart: [Int], ids: [UInt64], local: inout [Int32]) -> [Block]? {
        let nv = slots.count, nr = members.count
        guard nv >= 2, nr >= 2 else { return nil }
        // Any candidate at all? (Most components of a layout have none worth the search.)
        var candidate = [Bool](filled: false, count: nr)
        var anyCandidate = false
        for r in 0..<nr {
            let k = Int(members[members.startIndex + r])
            let c = constraints[k]
            if c.strength.isRequired && c.relation == .equal && termStart[k + 1] - termStart[k] >= 2 {
                candidate[r] = true
                anyCandidate = true
            }
        }
        guard anyCandidate else { return nil }
        for (i, slot) in slots.enumerated() { local[Int(slot)] = Int32(i) }
        let graph = Graph(nv: nv, members: members, termSlots: termSlots, termStart: termStart, local: local)
        for r in 0..<nr where candidate[r] && graph.hasDuplicate[r] { candidate[r] = false }
        let localIDs = slots.map { ids[Int($0)] }
        let peeled = peel(graph, candidate: candidate, ids: localIDs)
        var search = Search(graph: graph, candidate: candidate, constraints: constraints, members: members,
                            removed: peeled.removed)
        search.run(from: peeled.root)
        if !peeled.order.isEmpty && !search.reachedAll(skipping: peeled.order.map(\.variable)) {
            // The rows peeled off were all that held some pieces to the rest (the last view of a
            // stack whose height only its own content rows hold, once the stack's closing row
            // fixes the stack's height): each such piece's optimum depends on nothing else, as
            // the peeled rows can always be met by their variables, so they can join the root
            // block — when the search split something at bridges (a form's rows): peeled rows
            // alone would only make blocks of one variable each, which cost a component apiece
            // where presolve substitutes them for nothing. Then, search without peeling.
            if !search.accepted.isEmpty {
                search.adoptUnreached(skipping: peeled.order.map(\.variable))
                return blocks(search, peeled: peeled.order, slots: slots, members: members)
            }
            search = Search(graph: graph, candidate: candidate, constraints: constraints, members: members,
                            removed: [Bool](filled: false, count: nr))
            search.run(from: localIDs.indices.min { localIDs[$0] < localIDs[$1] }!)
            return blocks(search, peeled: [], slots: slots, members: members)
        }
        return blocks(search, peeled: peeled.order, slots: slots, members: members)
    }

    /// Rows that only fix a variable named nowhere else (a container's height held by
    /// `container.bottom == last.bottom`): required equalities, each with a variable that no
    /// other row names, peeled off one after another (each with a variable left that other
    /// rows still name). Such a row can always be met by its variable, whatever the others do:
    /// the variable is a block of its own, placed last. Without them a chain closed by its
    /// container is a tree again.
    /// The search then starts at the oldest variable left (smallest of `ids`).
    fileprivate static func peel(_ graph: Graph, candidate: [Bool],
                                 ids: [UInt64]) -> (order: [(row: Int, variable: Int)], removed: [Bool], root: Int) {
        let nv = graph.nv
        var removed = [Bool](filled: false, count: candidate.count)
        var count = [Int](filled: 0, count: nv)
        for v in 0..<nv { count[v] = Int(graph.rowStart[v + 1] - graph.rowStart[v]) }
        var order: [(row: Int, variable: Int)] = []
        var queue = (0..<nv).filter { count[$0] == 1 }
        while let v = queue.popLast() {
            guard count[v] == 1,
                  let k = graph.rows(of: v).first(where: { !removed[Int(graph.rowsOf[$0])] }) else { continue }
            let r = Int(graph.rowsOf[k])
            guard candidate[r], !graph.terms(of: r).contains(where: {
                let w = Int(graph.termVariable[$0])
                return w != v && count[w] < 2
            }) else { continue }
            removed[r] = true
            count[v] = 0
            order.append((r, v))
            for t in graph.terms(of: r) where Int(graph.termVariable[t]) != v {
                let w = Int(graph.termVariable[t])
                count[w] -= 1
                if count[w] == 1 { queue.append(w) }
            }
        }
        var root = -1
        for v in 0..<nv where count[v] > 0 && (root < 0 || ids[v] < ids[root]) { root = v }
        return (order, removed, max(root, 0))
    }

    /// The blocks the search accepted, the root block first, then by discovery, then the
    /// peeled variables (last peeled first); nil when nothing splits.
    private static func blocks(_ search: Search, peeled: [(row: Int, variable: Int)], slots: ArraySlice<Int32>,
                               members: ArraySlice<Int32>) -> [Block]? {
        guard !search.accepted.isEmpty || !peeled.isEmpty else { return nil }
        var blocks: [Block] = []
        blocks.reserveCapacity(search.accepted.count + 1)
        blocks.append(search.block(of: search.segment[...], bridge: -1, endpoint: -1, direction: [], slots: slots, members: members))
        for piece in search.accepted.sorted(by: { $0.discovered < $1.discovered }) {
            blocks.append(search.block(of: piece.nodes[...], bridge: Int32(members[members.startIndex + piece.row]),
                                       endpoint: slots[slots.startIndex + piece.endpoint], direction: piece.direction,
                                       slots: slots, members: members))
        }
        for (row, variable) in peeled.reversed() {
            let slot = slots[slots.startIndex + variable]
            blocks.append(Block(slots: [slot], members: [], bridge: Int32(members[members.startIndex + row]), endpoint: slot,
                                direction: [1]))
        }
        return blocks
    }
}
