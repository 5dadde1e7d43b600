import TrellisSupport

/// A starting basis at the *preferred layout*, for cold solves.
///
/// GLPK's own starting bases (standard, advanced, Bixby's) know nothing about which rows a
/// layout wants tight, so a coupled component (a grid: every box aligned with its neighbours)
/// costs thousands of dual simplex iterations from them, each O(rows). This basis makes the rows
/// the layout most wants to hold tight, greedily: required equalities first, then soft rows by
/// strength (level, then weight; inequalities at their bound), each pivoting on its only layout
/// column not yet taken. The taken columns are basic and the tight rows non-basic, which is a triangular
/// (hence non-singular) basis. Values follow by forward substitution, where a soft row whose
/// column would land beyond a bound leaves it at that bound instead; every other soft equality
/// gets the error column that absorbs its violation there. A second pass redoes the greedy with
/// the rows that the first pass left violated (required inequalities, and soft equalities outside
/// the range ``RangeMerge`` gave them) ranked first within their class, the required ones with
/// the weakest soft rows, so that the dual simplex starts close to optimal: on a 1000-box grid it
/// needs ~15 iterations from here instead of ~6700 from GLPK's presolved start.
///
/// Only statuses are produced; the simplex method decides optimality, so the basis can never
/// change an answer, only how fast it is reached.
struct CrashBasis {
    /// One LP row as the crash sees it.
    struct Row {
        var relation: Relation
        var isRequired: Bool
        var level: Float
        var weight: Double
        /// The right-hand side: `expression OP rhs` over the layout columns.
        var rhs: Double
        /// A soft `==` row's error columns (surplus enters with -1, shortfall with +1), or -1.
        var surplus: Int
        var shortfall: Int
        /// A soft inequality's error column (entering so that it loosens the row), or -1.
        var error: Int = -1
        /// For a soft equality that absorbed required inequalities (``RangeMerge``): the range
        /// its expression must stay in (its `rhs` is then the target moved into that range).
        var range: (lower: Double, upper: Double)? = nil
    }

    /// How far a soft inequality's right-hand side may be from 0 for the crash to make it tight
    /// (in points: far beyond any screen).
    static let standingBack = 1e6

    /// Per LP row: whether it is basic.
    private(set) var rowBasic: [Bool]
    /// Per LP column (layout columns, then error columns): whether it is basic.
    private(set) var columnBasic: [Bool]

    /// - Parameters:
    ///   - rows: the LP rows.
    ///   - entries: for each row, its layout-column entries (column < `layoutColumns`), flat.
    ///   - layoutColumns: how many layout columns there are (error columns come after).
    ///   - columnCount: all columns.
    ///   - lower, upper: bounds of the layout columns.
    init(rows: [Row], entries: LinearProgram.SparseRows, layoutColumns: Int, columnCount: Int,
         lower: [Double?], upper: [Double?]) {
        let m = rows.count
        // The rows of each column, in row order: column j's are rowsOfColumn[columnStart[j] ..<
        // columnStart[j + 1]] (a counting sort into one array).
        var columnStart = [Int32](filled: 0, count: layoutColumns + 1)
        for column in entries.columns { columnStart[Int(column) + 1] += 1 }
        for j in 0..<layoutColumns { columnStart[j + 1] += columnStart[j] }
        var rowsOfColumn = [Int32](filled: 0, count: entries.columns.count)
        var fill = columnStart
        for i in 0..<m {
            for k in entries.range(ofRow: i) {
                let j = Int(entries.columns[k])
                rowsOfColumn[Int(fill[j])] = Int32(i)
                fill[j] += 1
            }
        }
        var violation = Array(filled: 0.0, count: m)
        var tight = Array(filled: false, count: m)
        var assigned = Array(filled: false, count: layoutColumns)
        var value = Array(filled: 0.0, count: layoutColumns)
        var unassigned = Array(filled: 0, count: m)
        var pivot = Array(filled: -1, count: m)
        var order: [Int] = []
        /// The weakest class of soft rows the first pass made tight: the second ranks the
        /// required inequalities the first left violated with it.
        var weakestTight: (level: Float, weight: Double)?

        for pass in 0..<2 {
            for i in 0..<m { unassigned[i] = entries.range(ofRow: i).count; tight[i] = false; pivot[i] = -1 }
            for j in 0..<layoutColumns { assigned[j] = false }
            order.removeAll(keepingCapacity: true)
            func isCandidate(_ i: Int) -> Bool {
                if rows[i].relation == .equal { return true }
                if rows[i].isRequired { return violation[i] > 1e-9 }
                // Soft inequalities too: hugging and compression resistance want their size at
                // the intrinsic one (the stronger of a pair takes the column; the other is then
                // loose), which makes a feed of labels start at its optimum. Not one that stands
                // far back (a stack's hiding rows while their view is visible): tight, it would
                // start its length millions of points off, an iteration each to undo.
                return abs(rows[i].rhs) < Self.standingBack
            }
            var heap = Heap(rank: Self.ranks(rows, violation: violation, weakest: weakestTight))
            for i in 0..<m where unassigned[i] == 1 && isCandidate(i) { heap.push(i) }
            while let i = heap.pop() {
                guard !tight[i], unassigned[i] == 1 else { continue }
                guard let k = entries.range(ofRow: i).first(where: { !assigned[Int(entries.columns[$0])] }) else { continue }
                let j = Int(entries.columns[k])
                assigned[j] = true
                tight[i] = true
                pivot[i] = j
                order.append(i)
                for place in Int(columnStart[j])..<Int(columnStart[j + 1]) {
                    let k = Int(rowsOfColumn[place])
                    unassigned[k] -= 1
                    if unassigned[k] == 1 && !tight[k] && isCandidate(k) { heap.push(k) }
                }
            }
            // Values: free-standing columns where GLPK puts non-basic ones, the rest by substitution
            // (the last pass's below, clamped to the bounds).
            for j in 0..<layoutColumns where !assigned[j] { value[j] = lower[j] ?? upper[j] ?? 0 }
            guard pass == 0 else { break }
            Self.substitute(rows, entries: entries, order: order, pivot: &pivot, tight: &tight, assigned: &assigned,
                            value: &value, lower: lower, upper: upper, clamping: false)
            weakestTight = Self.weakestTight(rows, tight: tight)
            violation = Self.violations(rows, entries: entries, values: value)
        }

        // Settled: basic, or non-basic at the bound the substitution clamps it to.
        let settled = assigned
        Self.substitute(rows, entries: entries, order: order, pivot: &pivot, tight: &tight, assigned: &assigned,
                        value: &value, lower: lower, upper: upper, clamping: true)
        rowBasic = tight.map { !$0 }
        columnBasic = Array(filled: false, count: columnCount)
        for j in 0..<layoutColumns where assigned[j] { columnBasic[j] = true }
        startLooseSoftRows(rows, entries: entries, tight: tight, settled: settled, value: value)
    }

    /// The pivot columns' values by forward substitution in `order`. With `clamping`, a soft row
    /// whose pivot would push its column past a bound (a label's compression resistance asking
    /// for more width than a required maximum leaves it) gives that column up: the column starts
    /// non-basic at the bound and the row loose (``startLooseSoftRows``: its error column absorbs
    /// the violation). Made tight, each such row would start its column out of bounds, a primal
    /// infeasibility the dual simplex removes with an iteration of O(rows) each: the chat
    /// screen's 1000 bubbles capped at 70 % of the root's width took 782 iterations.
    ///
    /// (Non-basic, a column with both bounds starts on its lower one: GLPK's dual simplex flips
    /// it to the upper one where its reduced cost asks, without an iteration.)
    private static func substitute(_ rows: [Row], entries: LinearProgram.SparseRows, order: [Int],
                                   pivot: inout [Int], tight: inout [Bool], assigned: inout [Bool], value: inout [Double],
                                   lower: [Double?], upper: [Double?], clamping: Bool) {
        for i in order {
            let j = pivot[i]
            var sum = 0.0
            var a = 1.0
            for k in entries.range(ofRow: i) {
                let column = Int(entries.columns[k]), coefficient = entries.values[k]
                if column == j { a = coefficient } else { sum += coefficient * value[column] }
            }
            var v = (rows[i].rhs - sum) / a
            let row = rows[i]
            let hasError = row.error >= 0 || (row.surplus >= 0 && row.shortfall >= 0)
            if clamping && !row.isRequired && row.range == nil && hasError && v.isFinite {
                var bound: Double?
                if let u = upper[j], v > u {
                    bound = u
                } else if let l = lower[j], v < l {
                    bound = l
                }
                if let bound {
                    v = bound
                    tight[i] = false
                    assigned[j] = false
                    pivot[i] = -1
                }
            }
            value[j] = v
        }
    }

    /// Soft rows the crash left loose start at their right-hand side with an error column basic
    /// where that is certain to be right (the rest stay basic rows).
    private mutating func startLooseSoftRows(_ rows: [Row], entries: LinearProgram.SparseRows, tight: [Bool],
                                             settled: [Bool], value: [Double]) {
        // Soft equalities left loose: the error column of the violation's sign is basic, the row
        // sits at its right-hand side.
        for (i, row) in rows.enumerated() where !tight[i] && !row.isRequired && row.relation == .equal
            && row.surplus >= 0 && row.shortfall >= 0 {
            var activity = 0.0
            for k in entries.range(ofRow: i) { activity += entries.values[k] * value[Int(entries.columns[k])] }
            columnBasic[activity - row.rhs > 0 ? row.surplus : row.shortfall] = true
            rowBasic[i] = false
        }
        // Soft inequalities left loose and violated whose layout columns are all taken by
        // tight rows (a label's hugging when its width is fixed by the root's): the error column
        // absorbs the violation, the row sits at its bound. Left basic, each such row would be
        // a primal infeasibility for the dual simplex to remove, one iteration each.
        for (i, row) in rows.enumerated() where !tight[i] && !row.isRequired && row.relation != .equal && row.error >= 0
            && entries.range(ofRow: i).allSatisfy({ settled[Int(entries.columns[$0])] }) {
            var activity = 0.0
            for k in entries.range(ofRow: i) { activity += entries.values[k] * value[Int(entries.columns[k])] }
            let violated = row.relation == .greaterThanOrEqual ? activity < row.rhs : activity > row.rhs
            guard violated else { continue }
            columnBasic[row.error] = true
            rowBasic[i] = false
        }
    }

    /// The weakest (level, weight) among the soft rows that are tight, if any.
    private static func weakestTight(_ rows: [Row], tight: [Bool]) -> (level: Float, weight: Double)? {
        var weakest: (level: Float, weight: Double)?
        for (i, row) in rows.enumerated() where tight[i] && !row.isRequired {
            if weakest.map({ (row.level, row.weight) < $0 }) ?? true { weakest = (row.level, row.weight) }
        }
        return weakest
    }

    /// How far each required row and each ranged row is from holding at `values` (0 for the
    /// others, and where the distance is not finite).
    private static func violations(_ rows: [Row], entries: LinearProgram.SparseRows, values: [Double]) -> [Double] {
        var violation = Array(filled: 0.0, count: rows.count)
        for (i, row) in rows.enumerated() where row.isRequired || row.range != nil {
            var activity = 0.0
            for k in entries.range(ofRow: i) { activity += entries.values[k] * values[Int(entries.columns[k])] }
            if let range = row.range {
                violation[i] = max(0, range.lower - activity, activity - range.upper)
            } else {
                violation[i] = switch row.relation {
                case .equal: abs(activity - row.rhs)
                case .lessThanOrEqual: max(0, activity - row.rhs)
                case .greaterThanOrEqual: max(0, row.rhs - activity)
                }
            }
            if !violation[i].isFinite { violation[i] = 0 }
        }
        return violation
    }

    /// Each row's place in the order rows are taken: required equalities, then soft equalities
    /// by level and weight, with violated required inequalities ranked like the weakest soft
    /// rows that were tight (`weakest`; every soft row when nil) — rows that were loose cannot
    /// have caused a violation, and ranked below them (a stack's `height == 0` at 25 under
    /// its `height == 0` at 51), those inequalities would lose every column to the rows that
    /// did; within a class the most violated first (so those inequalities go before the
    /// weakest soft rows, which are never violated here), then the lower index (so the result
    /// never depends on heap order).
    private static func ranks(_ rows: [Row], violation: [Double], weakest tight: (level: Float, weight: Double)?) -> [Int32] {
        var weakest: (level: Float, weight: Double) = (.infinity, .infinity)
        for row in rows where !row.isRequired {
            if (row.level, row.weight) < weakest { weakest = (row.level, row.weight) }
        }
        if let tight { weakest = tight }
        if weakest.level == .infinity { weakest = (0, 0) }
        // The few distinct classes (tier, level, weight) ranked once; rows then sort by
        // (class, -violation, index), compared field by field in one flat array.
        struct RowClass: Equatable {
            let tier: Int
            let level: Float
            let weight: Double
        }
        var classes: [RowClass] = []
        var classOfRow = [Int32](filled: 0, count: rows.count)
        for (i, row) in rows.enumerated() {
            let key = row.isRequired
                ? (row.relation == .equal ? RowClass(tier: 2, level: 0, weight: 0)
                                          : RowClass(tier: 1, level: weakest.level, weight: weakest.weight))
                : RowClass(tier: 1, level: row.level, weight: row.weight)
            if let found = classes.firstIndex(where: { $0 == key }) {
                classOfRow[i] = Int32(found)
            } else {
                classOfRow[i] = Int32(classes.count)
                classes.append(key)
            }
        }
        let classOrder = classes.indices.sorted { a, b in
            let ka = classes[a], kb = classes[b]
            if ka.tier != kb.tier { return ka.tier > kb.tier }
            if ka.level != kb.level { return ka.level > kb.level }
            return ka.weight > kb.weight
        }
        var classRank = [Int32](filled: 0, count: classes.count)
        for (position, c) in classOrder.enumerated() { classRank[c] = Int32(position) }
        var keyed: [(rank: Int32, violation: Double, index: Int32)] = []
        keyed.reserveCapacity(rows.count)
        for i in rows.indices { keyed.append((classRank[Int(classOfRow[i])], -violation[i], Int32(i))) }
        keyed.sort { $0 < $1 }
        let order = keyed.map { Int($0.index) }
        var rank = Array(filled: Int32(0), count: rows.count)
        for (position, i) in order.enumerated() { rank[i] = Int32(position) }
        return rank
    }

    /// The candidate rows, least rank first: a binary heap, sifted through buffers (a pop
    /// checked the bounds of every step and the uniqueness of every swap — a settings form's
    /// crash spent 8.7 M instructions in 12,700 pops).
    private struct Heap {
        let rank: [Int32]
        var items: [Int32] = []

        init(rank: [Int32]) {
            self.rank = rank
            items.reserveCapacity(rank.count)
        }

        mutating func push(_ i: Int) {
            items.append(Int32(i))
            let count = items.count
            rank.withUnsafeBufferPointer { rank in
                items.withUnsafeMutableBufferPointer { items in
                    var child = count - 1
                    let moving = items[child], movingRank = rank[Int(moving)]
                    while child > 0 {
                        let parent = (child - 1) / 2
                        guard movingRank < rank[Int(items[parent])] else { break }
                        items[child] = items[parent]
                        child = parent
                    }
                    items[child] = moving
                }
            }
        }

        mutating func pop() -> Int? {
            guard let top = items.first else { return nil }
            let last = items.removeLast()
            let count = items.count
            guard count > 0 else { return Int(top) }
            rank.withUnsafeBufferPointer { rank in
                items.withUnsafeMutableBufferPointer { items in
                    // The last item sifted down from the root, the smaller child moving up each step.
                    let lastRank = rank[Int(last)]
                    var parent = 0
                    while true {
                        let left = 2 * parent + 1
                        guard left < count else { break }
                        var best = left
                        if left + 1 < count && rank[Int(items[left + 1])] < rank[Int(items[left])] { best = left + 1 }
                        guard rank[Int(items[best])] < lastRank else { break }
                        items[parent] = items[best]
                        parent = best
                    }
                    items[parent] = last
                }
            }
            return Int(top)
        }
    }
}
