import TrellisSupport

// The depth-first search of a component's incidence graph for translation bridges, and the
// blocks it accepts (``BridgeSplit``).
extension BridgeSplit {
    /// The depth-first search for articulation rows, and the blocks it accepts.
    struct Search {
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
