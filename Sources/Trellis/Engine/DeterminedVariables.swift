import TrellisSolver
import TrellisSupport

/// The variables that required equalities fix by substitution alone: a required equality with
/// one variable not yet fixed fixes it (`x == 16`, then `y - x == 48` fixes `y`, and so on).
///
/// A fixed variable has the same value in every solution that meets the required constraints,
/// whatever the soft rows and the inequalities say — and whatever their constants are — and
/// that value follows from the fixing rows' constants by substitution, in the order they fix.
/// The layout pass asks this of a measured view's width (``LayoutEngine/fixedWidths(of:)``):
/// when it is fixed, any content sizes give the same width, which substitution finds without
/// solving.
///
/// Variables fixed only by several equalities together (the equal widths of a fill-equally
/// row: `a.width == b.width`, `b.left == a.left + a.width + 8`, … , the row's width given) are
/// found too, a few at a time: where substitution stalls, each small group of open variables
/// that as many independent required equalities fix together is a *block*, solved as one
/// (its values by the inverse of its rows' matrix); substitution then goes on from there.
/// Larger groups (over ``largestBlock`` variables) and groups the equalities leave free are
/// not: the answer errs on the side of "not fixed".
struct DeterminedVariables {
    /// The most variables one block fixes together (its matrix is dense).
    static let largestBlock = 32
    /// The items with a required content-size row (hugging or compression resistance at 1000),
    /// by their keys' raw values. (No `Set` or `Dictionary` here: see ``RowTable``.)
    private var requiredContentSizes = IdentityTable()

    /// Whether some item has a required content-size row.
    var hasRequiredContentSizes: Bool { requiredContentSizes.count > 0 }

    /// Whether the item with `key` has a required content-size row.
    func hasRequiredContentSize(_ key: LayoutItemKey) -> Bool { requiredContentSizes.contains(key.rawValue) }
    /// The required equalities: their keys, and their terms flat (row r's in
    /// `rowStart[r]..<rowStart[r + 1]`, as variable slots and coefficients).
    private var keys: [RowKey] = []
    private var constants: [Double] = []
    private var termSlots: [Int32] = []
    private var coefficients: [Double] = []
    private var rowStart: [Int] = [0]
    /// Dense slots of the variables named by those rows, by id: `slotByOffset[id - lowestID]`
    /// (-1: none) when the ids span a compact range, else `slotOfID`.
    private var slotByOffset: [Int32] = []
    private var lowestID: UInt64 = 0
    private var slotOfID = IdentityTable()
    private var variableCount = 0
    /// Per slot, the row that fixes the variable (0 or more), the block that does (-2 - its
    /// index in ``blocks``), or -1.
    private var fixedBy: [Int32] = []
    /// What fixes variables, in the order it does: a row (its index: it names only variables
    /// fixed before, and its own) or a block (-1 - its index: its rows name only variables
    /// fixed before, and its own).
    private var fixing: [Int32] = []
    /// The blocks: variables fixed together by as many rows.
    private var blocks: [Block] = []

    /// Variables that rows fix together (``DeterminedVariables``): their slots, and the rows,
    /// in the order made, that fix them (as many, independent).
    fileprivate struct Block {
        var slots: [Int32]
        var rows: [Int32]
    }

    /// The variables that the required equalities among `rows` fix: by substitution, and in
    /// blocks where that is what fixes `targets` (the variables to be asked for).
    init(_ rows: RowTable, targets: [Variable] = []) {
        // In the order the constraints were made, not the table's (which differs from run to
        // run): which of two rows fixes a variable decides the rounding of its value.
        var foundKeys: [RowKey] = []
        var expressions: [LinearExpression] = []
        var ids: [UInt64] = []
        // (Through buffers, by index: an entry copied per row was two retains and releases,
        // and a settings form has 45,000 rows.)
        rows.keys.withUnsafeBufferPointer { keys in
            rows.values.withUnsafeBufferPointer { entries in
                for index in 0..<keys.count {
                    let constraint = entries[index].constraint
                    guard constraint.strength.isRequired else { continue }
                    switch keys[index] {
                    case .implicit(let item, .hugging), .implicit(let item, .compression):
                        requiredContentSizes.insert(item.rawValue, 0)
                    default:
                        break
                    }
                    guard constraint.relation == .equal else { continue }
                    // (Read once a row: from this module each read of a solver constraint's
                    // expression is checked for exclusive access, about seventy instructions.)
                    let expression = constraint.expression
                    guard !expression.terms.isEmpty else { continue }
                    ids.append(entries[index].source.id.rawValue)
                    foundKeys.append(keys[index])
                    expressions.append(expression)
                }
            }
        }
        keys.reserveCapacity(foundKeys.count)
        rowStart.reserveCapacity(foundKeys.count + 1)
        // A layout's variables are made together: their ids span a range not much wider than
        // their number, and an array over it serves as the table.
        var lowest = UInt64.max, highest: UInt64 = 0, termCount = 0
        for expression in expressions {
            for term in expression.terms {
                lowest = min(lowest, term.variable.id)
                highest = max(highest, term.variable.id)
            }
            termCount += expression.terms.count
        }
        if lowest <= highest, highest - lowest < 4 * UInt64(termCount) + 64 {
            lowestID = lowest
            slotByOffset = [Int32](filled: -1, count: Int(highest - lowest) + 1)
        } else {
            slotOfID.reserve(termCount)
        }
        termSlots.reserveCapacity(termCount)
        coefficients.reserveCapacity(termCount)
        for index in Self.order(of: ids) {
            let key = foundKeys[index], expression = expressions[index]
            for term in expression.terms {
                termSlots.append(assignSlot(term.variable.id))
                coefficients.append(term.coefficient)
            }
            keys.append(key)
            constants.append(expression.constant)
            rowStart.append(termSlots.count)
        }
        fix(targets: targets.compactMap { slot(of: $0.id) })
    }

    /// The slot of the variable with `id`, made when it has none yet.
    private mutating func assignSlot(_ id: UInt64) -> Int32 {
        let next = Int32(variableCount)
        if slotByOffset.isEmpty {
            let (slot, inserted) = slotOfID.insert(id, next)
            if inserted { variableCount += 1 }
            return slot
        }
        let offset = Int(id - lowestID)
        if slotByOffset[offset] < 0 { slotByOffset[offset] = next; variableCount += 1 }
        return slotByOffset[offset]
    }

    /// The slot of the variable with `id`, if a row names it.
    private func slot(of id: UInt64) -> Int32? {
        if slotByOffset.isEmpty { return slotOfID.index(of: id) }
        guard id >= lowestID, id - lowestID < UInt64(slotByOffset.count) else { return nil }
        let slot = slotByOffset[Int(id - lowestID)]
        return slot >= 0 ? slot : nil
    }

    /// The indices of `ids` in increasing order of id: a least-significant-digit radix sort of
    /// the ids above the lowest (a layout's constraints are made together: one or two passes).
    private static func order(of ids: [UInt64]) -> [Int] {
        guard let lowest = ids.min(), let highest = ids.max() else { return [] }
        let digitBits: UInt64 = 11, buckets = 1 << 11
        var order = Array(ids.indices), scratch = order
        var counts = [Int](filled: 0, count: buckets)
        var shift: UInt64 = 0
        repeat {
            for bucket in counts.indices { counts[bucket] = 0 }
            for index in order { counts[Int((ids[index] - lowest) >> shift) & (buckets - 1)] += 1 }
            var start = 0
            for bucket in counts.indices { (counts[bucket], start) = (start, start + counts[bucket]) }
            for index in order {
                let bucket = Int((ids[index] - lowest) >> shift) & (buckets - 1)
                scratch[counts[bucket]] = index
                counts[bucket] += 1
            }
            swap(&order, &scratch)
            shift += digitBits
        } while (highest - lowest) >> shift != 0
        return order
    }

    /// Fixes, row by row, the one open variable of each row that has one, until none has; then
    /// the blocks among the rows left (``findBlocks(open:fixedBy:fixing:ready:rowsStart:rowsOf:)``),
    /// and rows by substitution again from there, until neither fixes more.
    /// (Through buffers: a settings form's fifteen thousand required equalities were 5.7 M
    /// instructions here, most of them checked array accesses.)
    private mutating func fix(targets: [Int32]) {
        let rowCount = keys.count, variableCount = self.variableCount
        // Each variable's rows (a counting sort), and each row's count of open variables.
        var rowsStart = [Int](filled: 0, count: variableCount + 1)
        var rowsOf = [Int32](filled: 0, count: termSlots.count)
        var open = [Int](filled: 0, count: rowCount)
        var fixedBy = [Int32](filled: -1, count: variableCount)
        var fixing: [Int32] = []
        fixing.reserveCapacity(rowCount)
        var ready: [Int] = []
        termSlots.withUnsafeBufferPointer { termSlots in
            rowStart.withUnsafeBufferPointer { rowStart in
                rowsStart.withUnsafeMutableBufferPointer { rowsStart in
                    rowsOf.withUnsafeMutableBufferPointer { rowsOf in
                        open.withUnsafeMutableBufferPointer { open in
                            for slot in termSlots { rowsStart[Int(slot) + 1] += 1 }
                            for k in 0..<variableCount { rowsStart[k + 1] += rowsStart[k] }
                            var fill = [Int](rowsStart)
                            fill.withUnsafeMutableBufferPointer { fill in
                                for row in 0..<rowCount {
                                    open[row] = rowStart[row + 1] - rowStart[row]
                                    if open[row] == 1 { ready.append(row) }
                                    for k in rowStart[row]..<rowStart[row + 1] {
                                        let slot = Int(termSlots[k])
                                        rowsOf[fill[slot]] = Int32(row)
                                        fill[slot] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        repeat {
            propagate(&ready, open: &open, fixedBy: &fixedBy, fixing: &fixing, rowsStart: rowsStart, rowsOf: rowsOf)
        } while findBlocks(around: targets, open: &open, fixedBy: &fixedBy, fixing: &fixing, ready: &ready,
                           rowsStart: rowsStart, rowsOf: rowsOf)
        self.fixedBy = fixedBy
        self.fixing = fixing
    }

    /// Fixes the one open variable of each row in `ready` that still has one, and of each row
    /// that has one left after that, until none has.
    private func propagate(_ ready: inout [Int], open: inout [Int], fixedBy: inout [Int32], fixing: inout [Int32],
                           rowsStart: [Int], rowsOf: [Int32]) {
        termSlots.withUnsafeBufferPointer { termSlots in
            rowStart.withUnsafeBufferPointer { rowStart in
                rowsStart.withUnsafeBufferPointer { rowsStart in
                    rowsOf.withUnsafeBufferPointer { rowsOf in
                        open.withUnsafeMutableBufferPointer { open in
                            fixedBy.withUnsafeMutableBufferPointer { fixedBy in
                                while let row = ready.popLast() {
                                    guard open[row] == 1 else { continue }
                                    var found = -1
                                    for k in rowStart[row]..<rowStart[row + 1] where fixedBy[Int(termSlots[k])] == -1 {
                                        found = Int(termSlots[k])
                                        break
                                    }
                                    guard found >= 0 else { continue }
                                    fixedBy[found] = Int32(row)
                                    fixing.append(Int32(row))
                                    for k in rowsStart[found]..<rowsStart[found + 1] {
                                        let other = Int(rowsOf[k])
                                        open[other] -= 1
                                        if open[other] == 1 { ready.append(other) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Finds the blocks that fix open `targets`: from each, the open variables that the rows
    /// with two open variables or more join to it (its group), and a group of at most
    /// ``largestBlock`` whose rows fix every one of its variables (as many independent rows as
    /// variables, chosen by elimination with partial pivoting, earliest row first among equals)
    /// is fixed by them. Rows left with one open variable are made ready. Whether any block was
    /// found. (Only around the targets: a layout's other open rows — its heights, chained — are
    /// never fixed so and are many.)
    private mutating func findBlocks(around targets: [Int32], open: inout [Int], fixedBy: inout [Int32], fixing: inout [Int32],
                                     ready: inout [Int], rowsStart: [Int], rowsOf: [Int32]) -> Bool {
        var found = false
        guard targets.contains(where: { fixedBy[Int($0)] == -1 }) else { return false }
        var slotSeen = [Bool](filled: false, count: variableCount), rowSeen = [Bool](filled: false, count: open.count)
        for target in targets where fixedBy[Int(target)] == -1 && !slotSeen[Int(target)] {
            // The group, breadth first, given up past the largest block.
            var slots: [Int32] = [target], rows: [Int] = []
            slotSeen[Int(target)] = true
            var next = 0
            while next < slots.count && slots.count <= Self.largestBlock {
                let slot = Int(slots[next])
                next += 1
                for k in rowsStart[slot]..<rowsStart[slot + 1] {
                    let row = Int(rowsOf[k])
                    guard open[row] >= 2, !rowSeen[row] else { continue }
                    rowSeen[row] = true
                    rows.append(row)
                    for t in rowStart[row]..<rowStart[row + 1] where fixedBy[Int(termSlots[t])] == -1 && !slotSeen[Int(termSlots[t])] {
                        slotSeen[Int(termSlots[t])] = true
                        slots.append(termSlots[t])
                    }
                }
            }
            guard slots.count <= Self.largestBlock, rows.count >= slots.count else { continue }
            slots.sort()
            rows.sort()
            guard let chosen = independentRows(rows, slots: slots) else { continue }
            let block = Int32(blocks.count)
            blocks.append(Block(slots: slots, rows: chosen.map { Int32($0) }))
            fixing.append(-1 - block)
            for slot in slots {
                fixedBy[Int(slot)] = -2 - block
                for k in rowsStart[Int(slot)]..<rowsStart[Int(slot) + 1] {
                    let other = Int(rowsOf[k])
                    open[other] -= 1
                    if open[other] == 1 { ready.append(other) }
                }
            }
            found = true
        }
        return found
    }

    /// Rows among `rows` (in order) as many as `slots` and independent in those variables'
    /// columns, in order; nil when `rows` leave some of them free.
    private func independentRows(_ rows: [Int], slots: [Int32]) -> [Int]? {
        let k = slots.count
        var column = [Int: Int](minimumCapacity: k)
        for (index, slot) in slots.enumerated() { column[Int(slot)] = index }
        var matrix = [Double](filled: 0, count: rows.count * k)
        for (i, row) in rows.enumerated() {
            for t in rowStart[row]..<rowStart[row + 1] {
                if let j = column[Int(termSlots[t])] { matrix[i * k + j] = coefficients[t] }
            }
        }
        var used = [Bool](filled: false, count: rows.count)
        var chosen: [Int] = []
        for j in 0..<k {
            var best = -1, size = 0.0
            for i in rows.indices where !used[i] && abs(matrix[i * k + j]) > size {
                best = i
                size = abs(matrix[i * k + j])
            }
            guard best >= 0, size > 1e-9 else { return nil }
            used[best] = true
            chosen.append(best)
            for i in rows.indices where !used[i] && matrix[i * k + j] != 0 {
                let factor = matrix[i * k + j] / matrix[best * k + j]
                for c in j..<k { matrix[i * k + c] -= factor * matrix[best * k + c] }
            }
        }
        return chosen.sorted().map { rows[$0] }
    }

    /// How to compute `targets` by substitution, or nil when one of them is not fixed.
    func substitution(for targets: [Variable]) -> Substitution? {
        // The rows (and blocks) the targets need, found backwards from them, then put in the
        // order of fixing.
        var needed = [Bool](filled: false, count: keys.count)
        var neededBlock = [Bool](filled: false, count: blocks.count)
        var stack: [Int32] = []
        for target in targets {
            guard let slot = slot(of: target.id), fixedBy[Int(slot)] != -1 else { return nil }
            stack.append(slot)
        }
        while let slot = stack.popLast() {
            let by = Int(fixedBy[Int(slot)])
            if by >= 0 {
                guard !needed[by] else { continue }
                needed[by] = true
                for k in rowStart[by]..<rowStart[by + 1] where termSlots[k] != slot { stack.append(termSlots[k]) }
            } else {
                let block = -2 - by
                guard !neededBlock[block] else { continue }
                neededBlock[block] = true
                for row in blocks[block].rows.map(Int.init) {
                    for k in rowStart[row]..<rowStart[row + 1] where fixedBy[Int(termSlots[k])] != by { stack.append(termSlots[k]) }
                }
            }
        }
        var made = Substitution()
        var local = [Int32](filled: -1, count: fixedBy.count)       // slot → index into the values
        // (Sized first and read through buffers: a settings form's substitution for its 2,100
        // labels was 5.3 M instructions, most of them checked accesses and appends.)
        var rows = 0, otherCount = 0
        for entry in fixing {
            if entry >= 0, needed[Int(entry)] {
                rows += 1
                otherCount += rowStart[Int(entry) + 1] - rowStart[Int(entry)] - 1
            } else if entry < 0, neededBlock[Int(-1 - entry)] {
                for row in blocks[Int(-1 - entry)].rows.map(Int.init) {
                    rows += 1
                    otherCount += rowStart[row + 1] - rowStart[row]
                }
            }
        }
        made.keys.reserveCapacity(rows)
        made.constants.reserveCapacity(rows)
        made.coefficient.reserveCapacity(rows)
        made.othersEnd.reserveCapacity(rows)
        made.others.reserveCapacity(otherCount)
        made.otherCoefficients.reserveCapacity(otherCount)
        // The rows between blocks as one run each (a layout without blocks: one run), each
        // block's steps after its run.
        let solvable = termSlots.withUnsafeBufferPointer { termSlots in
            coefficients.withUnsafeBufferPointer { coefficients in
                fixedBy.withUnsafeBufferPointer { fixedBy in
                    local.withUnsafeMutableBufferPointer { local in
                        var from = 0
                        while true {
                            let to = fixing[from...].firstIndex { $0 < 0 } ?? fixing.count
                            made.appendRows(fixing[from..<to], needed: needed, keys: keys, constants: constants, rowStart: rowStart,
                                            termSlots: termSlots, coefficients: coefficients, fixedBy: fixedBy, local: local)
                            guard to < fixing.count else { return true }
                            let block = Int(-1 - fixing[to])
                            if neededBlock[block] {
                                guard made.appendBlock(blocks[block], number: block, keys: keys, constants: constants,
                                                       rowStart: rowStart, termSlots: termSlots, coefficients: coefficients,
                                                       fixedBy: fixedBy, local: local) else { return false }
                            }
                            from = to + 1
                        }
                    }
                }
            }
        }
        guard solvable else { return nil }
        made.targets = targets.map { local[Int(slot(of: $0.id)!)] }
        return made
    }

    /// The values of some fixed variables in terms of their fixing rows' constants
    /// (``substitution(for:)``): step `i` fixes value `i` from its row's constant `constants[i]`.
    struct Substitution {
        /// Each step's row, and its constant, kept up to date by ``move(_:to:)``.
        fileprivate(set) var keys: [RowKey] = []
        fileprivate(set) var constants: [Double] = []
        /// The step of each row but the root's, made at the first move of one.
        private var stepOfKey: IdentityTable?
        /// The steps of the root's rows (which move at every resize): found by a scan the first
        /// time. (Indices into ``keys``, not (key, step) pairs: an array of labelled tuples is one
        /// more type whose metadata the runtime makes from its name at a process's first resize.)
        private var rootSteps: [Int32]?
        /// The coefficient of the variable step `i` fixes.
        fileprivate(set) var coefficient: [Double] = []
        /// Step `i`'s other terms, `othersEnd[i - 1]..<othersEnd[i]`: earlier values and coefficients.
        fileprivate(set) var others: [Int32] = []
        fileprivate(set) var otherCoefficients: [Double] = []
        fileprivate(set) var othersEnd: [Int] = []
        /// Each target's value.
        fileprivate(set) var targets: [Int32] = []
        /// The steps that fix a block (``DeterminedVariables``): rows `start ..< start + count`
        /// fix values `start ..< start + count` together, by the inverse of their matrix
        /// (`inverses[inverse ..< inverse + count²]`, row-major); in step order.
        fileprivate(set) var blockSteps: [BlockStep] = []
        fileprivate(set) var inverses: [Double] = []

        /// A block's step. (A struct, not a labelled tuple: see "A process's first pass" in
        /// Benchmarks/README.md.)
        struct BlockStep {
            let start: Int
            let count: Int
            let inverse: Int
        }

        /// Appends a step for each of `rows` that is `needed`: the variable each fixes from its
        /// constant and earlier values (`local`), which it then takes in `local`.
        fileprivate mutating func appendRows(_ rows: ArraySlice<Int32>, needed: [Bool], keys: [RowKey], constants: [Double],
                                             rowStart: [Int], termSlots: UnsafeBufferPointer<Int32>,
                                             coefficients: UnsafeBufferPointer<Double>, fixedBy: UnsafeBufferPointer<Int32>,
                                             local: UnsafeMutableBufferPointer<Int32>) {
            for row in rows where needed[Int(row)] {
                let range = rowStart[Int(row)]..<rowStart[Int(row) + 1]
                let fixedSlot = range.first { fixedBy[Int(termSlots[$0])] == row }!
                for k in range where k != fixedSlot {
                    others.append(local[Int(termSlots[k])])
                    otherCoefficients.append(coefficients[k])
                }
                othersEnd.append(others.count)
                self.keys.append(keys[Int(row)])
                self.constants.append(constants[Int(row)])
                coefficient.append(coefficients[fixedSlot])
                local[Int(termSlots[fixedSlot])] = Int32(coefficient.count - 1)
            }
        }

        /// Appends the steps of `block` (number `number` in ``DeterminedVariables/blocks``): its
        /// rows, their terms outside the block as earlier values (`local`), its matrix's inverse;
        /// its variables then take values `start ..< start + count` in `local`, in slot order.
        /// False when the matrix has no inverse to trust.
        fileprivate mutating func appendBlock(_ block: Block, number: Int, keys: [RowKey], constants: [Double], rowStart: [Int],
                                              termSlots: UnsafeBufferPointer<Int32>, coefficients: UnsafeBufferPointer<Double>,
                                              fixedBy: UnsafeBufferPointer<Int32>,
                                              local: UnsafeMutableBufferPointer<Int32>) -> Bool {
            let k = block.slots.count, start = coefficient.count, own = Int32(-2 - number)
            var matrix = [Double](filled: 0, count: k * k)
            for (i, row) in block.rows.map(Int.init).enumerated() {
                for t in rowStart[row]..<rowStart[row + 1] {
                    let slot = termSlots[t]
                    if fixedBy[Int(slot)] == own {
                        matrix[i * k + block.slots.firstIndex(of: slot)!] = coefficients[t]
                    } else {
                        others.append(local[Int(slot)])
                        otherCoefficients.append(coefficients[t])
                    }
                }
                othersEnd.append(others.count)
                self.keys.append(keys[row])
                self.constants.append(constants[row])
                coefficient.append(1)       // (unused: the block's values come from its inverse)
            }
            guard let inverse = Self.inverse(of: matrix, size: k) else { return false }
            blockSteps.append(BlockStep(start: start, count: k, inverse: inverses.count))
            inverses.append(contentsOf: inverse)
            for (j, slot) in block.slots.enumerated() { local[Int(slot)] = Int32(start + j) }
            return true
        }

        /// The inverse of the `size` × `size` row-major `matrix` (Gauss–Jordan with partial
        /// pivoting), nil when a pivot is below 1e-9 of the largest entry.
        static func inverse(of matrix: [Double], size n: Int) -> [Double]? {
            var a = matrix, b = [Double](filled: 0, count: n * n)
            for i in 0..<n { b[i * n + i] = 1 }
            let largest = matrix.reduce(0) { max($0, abs($1)) }
            for column in 0..<n {
                var pivot = column
                for row in column..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
                guard abs(a[pivot * n + column]) > 1e-9 * largest else { return nil }
                if pivot != column {
                    for c in 0..<n {
                        a.swapAt(pivot * n + c, column * n + c)
                        b.swapAt(pivot * n + c, column * n + c)
                    }
                }
                let scale = 1 / a[column * n + column]
                for c in 0..<n {
                    a[column * n + c] *= scale
                    b[column * n + c] *= scale
                }
                for row in 0..<n where row != column && a[row * n + column] != 0 {
                    let factor = a[row * n + column]
                    for c in 0..<n {
                        a[row * n + c] -= factor * a[column * n + c]
                        b[row * n + c] -= factor * b[column * n + c]
                    }
                }
            }
            return b
        }

        /// Takes the new constant of the row under `key`, if a step reads it.
        mutating func move(_ key: RowKey, to constant: Double) {
            if case .implicit(_, .root) = key {
                if rootSteps == nil {
                    rootSteps = keys.indices.compactMap { step in
                        guard case .implicit(_, .root) = keys[step] else { return nil }
                        return Int32(step)
                    }
                }
                for step in rootSteps! where keys[Int(step)] == key { constants[Int(step)] = constant }
                return
            }
            if stepOfKey == nil {
                var table = IdentityTable(minimumCapacity: keys.count)
                for (step, key) in keys.enumerated() { table.insert(RowTable.number(key), Int32(step)) }
                stepOfKey = table
            }
            if let step = stepOfKey!.index(of: RowTable.number(key)) { constants[Int(step)] = constant }
        }

        /// The targets' values at the rows' constants.
        func values() -> [Double] {
            let count = constants.count
            let values = [Double](unsafeUninitializedCapacity: count) { values, initialized in
                // (Every index a step reads is an earlier step's, as the substitution was made:
                // no bounds to check.)
                constants.withUnsafeBufferPointer { constants in
                    coefficient.withUnsafeBufferPointer { coefficient in
                        others.withUnsafeBufferPointer { others in
                            otherCoefficients.withUnsafeBufferPointer { otherCoefficients in
                                othersEnd.withUnsafeBufferPointer { othersEnd in
                                    // (Row steps up to the next block's, each block's steps at once.)
                                    var start = 0, step = 0, nextBlock = 0
                                    while true {
                                        let stop = nextBlock < blockSteps.count ? blockSteps[nextBlock].start : count
                                        while step < stop {
                                            var sum = constants[step]
                                            let end = othersEnd[step]
                                            for k in start..<end { sum += otherCoefficients[k] * values[Int(others[k])] }
                                            values[step] = -sum / coefficient[step]
                                            start = end
                                            step += 1
                                        }
                                        guard step < count else { break }
                                        blockValues(blockSteps[nextBlock], into: values, constants: constants, others: others,
                                                    otherCoefficients: otherCoefficients, othersEnd: othersEnd, start: &start)
                                        step += blockSteps[nextBlock].count
                                        nextBlock += 1
                                    }
                                }
                            }
                        }
                    }
                }
                initialized = count
            }
            return targets.map { values[Int($0)] }
        }

        /// A block's values: each row's constant and earlier terms, then minus the inverse times them.
        /// (Apart, so that the steps' loop stays inlined.)
        @inline(never)
        private func blockValues(_ block: BlockStep, into values: UnsafeMutableBufferPointer<Double>,
                                 constants: UnsafeBufferPointer<Double>, others: UnsafeBufferPointer<Int32>,
                                 otherCoefficients: UnsafeBufferPointer<Double>, othersEnd: UnsafeBufferPointer<Int>,
                                 start: inout Int) {
            let k = block.count
            withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { sums in
                for i in 0..<k {
                    var sum = constants[block.start + i]
                    let end = othersEnd[block.start + i]
                    for o in start..<end { sum += otherCoefficients[o] * values[Int(others[o])] }
                    sums[i] = sum
                    start = end
                }
                for j in 0..<k {
                    var value = 0.0
                    for i in 0..<k { value += inverses[block.inverse + j * k + i] * sums[i] }
                    values[block.start + j] = -value
                }
            }
        }
    }
}
