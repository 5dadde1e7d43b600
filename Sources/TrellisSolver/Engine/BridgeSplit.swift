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

    /// The depth-first search for articulation rows, and the blocks it accepts.
    fileprivate struct Search {
        var graph: Graph
        let candidate: [Bool]
        /// Discovery number and low point of each node (variables 0..<nv, then rows).
        var discovered: [Int32]
        var low: [Int32]
        /// Nodes discovered and not yet in an accepted block, in discovery order.
        var segment: [Int32] = []
        var segmentIndex: [Int32]
        var isBridge: [Bool]
        struct Piece {
            var nodes: [Int32]
            var row: Int
            var endpoint: Int
            var direction: [Double]
            var discovered: Int32
        }
        var accepted: [Piece] = []
        /// The checks' work so far and its cap.
        var work = 0
        let cap: Int
        /// Scratch of the direction check, indexed by local variable / row.
        var direction: [Double]
        var unknown: [Int32]
        var inBlock: [UInt32]
        var stamp: UInt32 = 0
        /// Scratch lists of the direction check, kept between checks (a feed checks a thousand
        /// blocks: three lists grown from empty each time were 40 % of the check).
        var scratchVariables: [Int] = [], scratchRows: [Int] = [], scratchQueue: [Int] = []

        /// Rows peeled off (``BridgeSplit/peel(_:candidate:)``): not in the graph searched.
        let removed: [Bool]

        init(graph: Graph, candidate: [Bool], constraints: [Constraint], members: ArraySlice<Int32>, removed: [Bool]) {
            self.removed = removed
            let nv = graph.nv, nr = candidate.count
            self.graph = graph
            self.candidate = candidate
            // Each variable's rows with the candidates last: the search then reaches a bridge's
            // other variables through their block's own rows before the bridge, whatever order
            // the constraints come in (else a bridge entered early is not a cut it can accept).
            // (Through buffers, as the graph was built: no uniqueness check a write.)
            var rowsOf = graph.rowsOf
            var longest = 0
            for v in 0..<nv { longest = max(longest, Int(graph.rowStart[v + 1] - graph.rowStart[v])) }
            var later = [Int32](filled: 0, count: longest)
            rowsOf.withUnsafeMutableBufferPointer { rowsOf in
                later.withUnsafeMutableBufferPointer { later in
                    graph.rowStart.withUnsafeBufferPointer { rowStart in
                        candidate.withUnsafeBufferPointer { candidate in
                            for v in 0..<nv {
                                // Each variable's candidates behind its other rows, both in their order.
                                var write = Int(rowStart[v]), held = 0
                                for k in Int(rowStart[v])..<Int(rowStart[v + 1]) {
                                    let r = rowsOf[k]
                                    if candidate[Int(r)] { later[held] = r; held += 1 } else { rowsOf[write] = r; write += 1 }
                                }
                                for h in 0..<held { rowsOf[write + h] = later[h] }
                            }
                        }
                    }
                }
            }
            self.graph.rowsOf = rowsOf
            discovered = [Int32](filled: -1, count: nv + nr)
            low = discovered
            segmentIndex = discovered
            isBridge = [Bool](filled: false, count: nr)
            cap = 8 * (graph.termVariable.count + nv + nr) + 1024
            direction = [Double](filled: .nan, count: nv)
            unknown = [Int32](filled: 0, count: nr)
            inBlock = [UInt32](filled: 0, count: nr)
            // Coefficients, read from the constraints (local rows in member order).
            var coefficients = [Double](filled: 0, count: graph.termVariable.count)
            coefficients.withUnsafeMutableBufferPointer { coefficients in
                var filled = 0
                for k in members {
                    constraints[Int(k)].expression.terms.withUnsafeBufferPointer { terms in
                        for t in 0..<terms.count { coefficients[filled + t] = terms[t].coefficient }
                        filled += terms.count
                    }
                }
            }
            self.graph.termCoefficient = coefficients
        }

        /// Whether row r names one variable (such rows belong to their variable's block).
        func single(_ r: Int) -> Bool { graph.termStart[r + 1] - graph.termStart[r] == 1 }

        /// Whether the search reached every variable but `skipped`.
        func reachedAll(skipping skipped: [Int]) -> Bool {
            var reached = 0
            for v in 0..<graph.nv where discovered[v] >= 0 { reached += 1 }
            return reached + skipped.count == graph.nv
        }

        /// Adds what the search did not reach to the root block (``segment``): the variables
        /// but `skipped` (the peeled ones) and the rows joining them that were not taken out.
        mutating func adoptUnreached(skipping skipped: [Int]) {
            let nv = graph.nv
            var isSkipped = [Bool](filled: false, count: nv)
            for v in skipped { isSkipped[v] = true }
            for v in 0..<nv where discovered[v] < 0 && !isSkipped[v] { segment.append(Int32(v)) }
            for r in 0..<removed.count where discovered[nv + r] < 0 && !removed[r] && !single(r) {
                segment.append(Int32(nv + r))
            }
        }

        /// A node of the depth-first walk: the node, the one it was reached from, and how many
        /// of its neighbours were looked at. (A struct, not a labelled tuple: see "A process's first
        /// pass" in Benchmarks/README.md.)
        struct Frame {
            var node: Int32
            var parent: Int32
            var next: Int32
        }

        mutating func run(from root: Int) {
            let nv = graph.nv, nodeCount = discovered.count
            // Marks, graph, stack and segment through buffers, the last two sized once: the loop
            // visits each term twice, and array accesses checked bounds and, on a write, the
            // array's uniqueness (the search was half of a settings form's bridge split).
            var discovered: [Int32] = [], low: [Int32] = [], segmentIndex: [Int32] = []
            swap(&discovered, &self.discovered)
            swap(&low, &self.low)
            swap(&segmentIndex, &self.segmentIndex)
            defer {
                swap(&discovered, &self.discovered)
                swap(&low, &self.low)
                swap(&segmentIndex, &self.segmentIndex)
            }
            let graph = self.graph, removed = self.removed, candidate = self.candidate
            var stack = [Frame](filled: Frame(node: 0, parent: -1, next: 0), count: nodeCount + 1)
            var segment = [Int32](filled: 0, count: nodeCount)
            var segmentCount = 0
            discovered.withUnsafeMutableBufferPointer { discovered in
                low.withUnsafeMutableBufferPointer { low in
                    segmentIndex.withUnsafeMutableBufferPointer { segmentIndex in
                        stack.withUnsafeMutableBufferPointer { stack in
                            segment.withUnsafeMutableBufferPointer { segment in
                                graph.withBuffers { g in
                                    var depth = 1, counter: Int32 = 1
                                    stack[0] = Frame(node: Int32(root), parent: -1, next: 0)
                                    discovered[root] = 0
                                    low[root] = 0
                                    segmentIndex[root] = 0
                                    segment[0] = Int32(root)
                                    segmentCount = 1
                                    while depth > 0 {
                                        let top = depth - 1
                                        let node = Int(stack[top].node), parent = Int(stack[top].parent)
                                        let start = Int(node < nv ? g.rowStart[node] : g.termStart[node - nv])
                                        let end = Int(node < nv ? g.rowStart[node + 1] : g.termStart[node - nv + 1])
                                        let next = start + Int(stack[top].next)
                                        if next < end {
                                            stack[top].next += 1
                                            let neighbour: Int
                                            if node < nv {
                                                let r = Int(g.rowsOf[next])
                                                // Only rows that join variables link the graph.
                                                if g.termStart[r + 1] - g.termStart[r] < 2 || removed[r] { continue }
                                                neighbour = nv + r
                                            } else {
                                                neighbour = Int(g.termVariable[next])
                                            }
                                            if neighbour == parent { continue }
                                            if discovered[neighbour] < 0 {
                                                discovered[neighbour] = counter
                                                low[neighbour] = counter
                                                counter += 1
                                                segmentIndex[neighbour] = Int32(segmentCount)
                                                segment[segmentCount] = Int32(neighbour)
                                                segmentCount += 1
                                                stack[depth] = Frame(node: Int32(neighbour), parent: Int32(node), next: 0)
                                                depth += 1
                                            } else {
                                                low[node] = min(low[node], discovered[neighbour])
                                            }
                                            continue
                                        }
                                        depth -= 1
                                        guard parent >= 0 else { continue }
                                        low[parent] = min(low[parent], low[node])
                                        if parent >= nv, candidate[parent - nv], low[node] >= discovered[parent] {
                                            consider(row: parent - nv, child: node, discovered: discovered,
                                                     segmentIndex: segmentIndex, segment: segment, count: &segmentCount)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            self.segment = Array(segment[0..<segmentCount])
        }

        /// Accepts the block below `child` (detached by candidate `row`, no back edge above it)
        /// when it qualifies: its nodes are the segment's last from the child's on, taken out
        /// of it (`count` shortened).
        private mutating func consider(row r: Int, child c: Int, discovered: UnsafeMutableBufferPointer<Int32>,
                                       segmentIndex: UnsafeMutableBufferPointer<Int32>,
                                       segment: UnsafeMutableBufferPointer<Int32>, count: inout Int) {
            let nv = graph.nv
            guard work <= cap else { return }
            // Every other variable of the row is on the side of the search's root: reached before
            // the row, or after it through another of its branches that joins the nodes above it
            // (no block of its own: still in the segment, before the child's), so in the block
            // that will hold the row. (A stack's row whose height only required alignments hold:
            // the search reaches it from its top through the gap to the next row first.)
            // (Not for a block of one variable then: presolve substitutes it for nothing, where a
            // block costs a component: a chat's widths.)
            let first = Int(segmentIndex[c])
            for t in graph.terms(of: r) {
                let v = Int(graph.termVariable[t])
                if v == c || (discovered[v] >= 0 && discovered[v] < discovered[nv + r]) { continue }
                let index = Int(segmentIndex[v])
                guard discovered[v] >= 0, index < first, segment[index] == Int32(v), count - first > 1 else { return }
            }
            let nodes = Array(segment[first..<count])
            guard let d = slideDirection(nodes, endpoint: c) else { return }
            isBridge[r] = true
            count = first
            accepted.append(Piece(nodes: nodes, row: r, endpoint: c, direction: d, discovered: discovered[c]))
        }

        /// The direction along which the block of `nodes` slides with d[endpoint] = 1, checked on
        /// every row of the block; nil when there is none (or the work cap is reached).
        mutating func slideDirection(_ nodes: [Int32], endpoint: Int) -> [Double]? {
            let nv = graph.nv
            stamp &+= 1
            if stamp == 0 { for k in inBlock.indices { inBlock[k] = 0 }; stamp = 1 }
            var variables: [Int] = [], rows: [Int] = [], queue: [Int] = []
            swap(&variables, &scratchVariables)
            swap(&rows, &scratchRows)
            swap(&queue, &scratchQueue)
            variables.removeAll(keepingCapacity: true)
            rows.removeAll(keepingCapacity: true)
            queue.removeAll(keepingCapacity: true)
            // The marks, out of `self` and through buffers as the search's are (a feed checks a
            // thousand small blocks: their checked accesses were most of each check).
            var direction: [Double] = [], unknown: [Int32] = [], inBlock: [UInt32] = []
            swap(&direction, &self.direction)
            swap(&unknown, &self.unknown)
            swap(&inBlock, &self.inBlock)
            defer {
                swap(&variables, &scratchVariables)
                swap(&rows, &scratchRows)
                swap(&queue, &scratchQueue)
                swap(&direction, &self.direction)
                swap(&unknown, &self.unknown)
                swap(&inBlock, &self.inBlock)
            }
            for node in nodes {
                if Int(node) < nv { variables.append(Int(node)) } else if !isBridge[Int(node) - nv] { rows.append(Int(node) - nv) }
            }
            let stamp = self.stamp
            let graph = self.graph
            var work = self.work
            defer { self.work = work }
            let found: Bool = graph.withBuffers { g in
                graph.termCoefficient.withUnsafeBufferPointer { coefficient in
                    direction.withUnsafeMutableBufferPointer { direction in
                        unknown.withUnsafeMutableBufferPointer { unknown in
                            inBlock.withUnsafeMutableBufferPointer { inBlock in
                                Self.propagate(g, coefficient: coefficient, hasDuplicate: graph.hasDuplicate, endpoint: endpoint,
                                               variables: variables, rows: &rows, queue: &queue, stamp: stamp,
                                               direction: direction, unknown: unknown, inBlock: inBlock, work: &work)
                            }
                        }
                    }
                }
            }
            return found ? variables.map { direction[$0] } : nil
        }

        /// ``slideDirection(_:endpoint:)``'s work on buffers: each block row's unknowns counted,
        /// the direction propagated from the endpoint (1) and its fixed variables (0) through
        /// rows with one unknown left, the rest 0, then every row checked to keep its value.
        /// `rows` gets the block's one-variable rows; false when there is no such direction.
        private static func propagate(_ g: Graph.Buffers, coefficient: UnsafeBufferPointer<Double>, hasDuplicate: [Bool],
                                      endpoint: Int, variables: [Int], rows: inout [Int], queue: inout [Int], stamp: UInt32,
                                      direction: UnsafeMutableBufferPointer<Double>, unknown: UnsafeMutableBufferPointer<Int32>,
                                      inBlock: UnsafeMutableBufferPointer<UInt32>, work: inout Int) -> Bool {
            func single(_ r: Int) -> Bool { g.termStart[r + 1] - g.termStart[r] == 1 }
            for v in variables {
                direction[v] = .nan
                for k in Int(g.rowStart[v])..<Int(g.rowStart[v + 1]) where single(Int(g.rowsOf[k])) {
                    rows.append(Int(g.rowsOf[k]))
                }
            }
            for r in rows {
                inBlock[r] = stamp
                unknown[r] = g.termStart[r + 1] - g.termStart[r]
                work += Int(unknown[r])
                if hasDuplicate[r] { return false }
            }
            work += variables.count
            direction[endpoint] = 1
            queue.append(endpoint)
            for v in variables {
                for k in Int(g.rowStart[v])..<Int(g.rowStart[v + 1]) where single(Int(g.rowsOf[k])) {
                    if v == endpoint { return false }
                    if direction[v].isNaN { direction[v] = 0; queue.append(v) }
                }
            }
            // Propagate: a row with one unknown variable left determines it.
            var head = 0
            while head < queue.count {
                let v = queue[head]
                head += 1
                for k in Int(g.rowStart[v])..<Int(g.rowStart[v + 1]) {
                    let r = Int(g.rowsOf[k])
                    guard inBlock[r] == stamp else { continue }
                    unknown[r] -= 1
                    guard unknown[r] == 1 else { continue }
                    var sum = 0.0, last = -1, lastCoefficient = 0.0
                    for t in Int(g.termStart[r])..<Int(g.termStart[r + 1]) {
                        let w = Int(g.termVariable[t])
                        if direction[w].isNaN { last = w; lastCoefficient = coefficient[t] } else {
                            sum += coefficient[t] * direction[w]
                        }
                    }
                    if last >= 0 { direction[last] = -sum / lastCoefficient; queue.append(last) }
                }
            }
            for v in variables where direction[v].isNaN { direction[v] = 0 }
            // The check itself: every row of the block keeps its value when the block slides.
            for r in rows {
                var sum = 0.0, scale = 0.0
                for t in Int(g.termStart[r])..<Int(g.termStart[r + 1]) {
                    let product = coefficient[t] * direction[Int(g.termVariable[t])]
                    sum += product
                    scale += abs(product)
                }
                if !sum.isFinite || abs(sum) > 1e-12 * scale { return false }
            }
            return true
        }

        /// The block of `nodes`: its variables (as slots), its rows (as constraint indices: the
        /// linking rows among the nodes that are not bridges, and every one-variable row of its
        /// variables) and its direction by variable.
        func block(of nodes: ArraySlice<Int32>, bridge: Int32, endpoint: Int32, direction: [Double],
                   slots: ArraySlice<Int32>, members: ArraySlice<Int32>) -> Block {
            let nv = graph.nv
            var block = Block(bridge: bridge, endpoint: endpoint, direction: direction)
            for node in nodes {
                let n = Int(node)
                if n < nv {
                    block.slots.append(slots[slots.startIndex + n])
                    for k in graph.rows(of: n) where single(Int(graph.rowsOf[k])) {
                        block.members.append(members[members.startIndex + Int(graph.rowsOf[k])])
                    }
                } else if !isBridge[n - nv] {
                    block.members.append(members[members.startIndex + n - nv])
                }
            }
            return block
        }
    }
}
