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
/// Variables fixed only by solving several equalities together (`x + y == 10`, `x - y == 2`)
/// are not found: the answer errs on the side of "not fixed".
struct DeterminedVariables {
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
    /// Per slot, the row that fixes the variable, or -1.
    private var fixedBy: [Int32] = []
    /// The rows that fix a variable, in the order they do (each names only variables fixed
    /// before, and its own).
    private var fixing: [Int32] = []

    /// The variables that the required equalities among `rows` fix.
    init(_ rows: RowTable) {
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
        fix()
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

    /// Fixes, row by row, the one open variable of each row that has one, until none has.
    /// (Through buffers: a settings form's fifteen thousand required equalities were 5.7 M
    /// instructions here, most of them checked array accesses.)
    private mutating func fix() {
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
                            fixedBy.withUnsafeMutableBufferPointer { fixedBy in
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
                                while let row = ready.popLast() {
                                    guard open[row] == 1 else { continue }
                                    var found = -1
                                    for k in rowStart[row]..<rowStart[row + 1] where fixedBy[Int(termSlots[k])] < 0 {
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
        self.fixedBy = fixedBy
        self.fixing = fixing
    }

    /// How to compute `targets` by substitution, or nil when one of them is not fixed.
    func substitution(for targets: [Variable]) -> Substitution? {
        // The rows the targets need, found backwards from them, then put in the order of fixing.
        var needed = [Bool](filled: false, count: keys.count)
        var stack: [Int32] = []
        for target in targets {
            guard let slot = slot(of: target.id), fixedBy[Int(slot)] >= 0 else { return nil }
            stack.append(slot)
        }
        while let slot = stack.popLast() {
            let row = Int(fixedBy[Int(slot)])
            guard !needed[row] else { continue }
            needed[row] = true
            for k in rowStart[row]..<rowStart[row + 1] where termSlots[k] != slot { stack.append(termSlots[k]) }
        }
        var made = Substitution()
        var local = [Int32](filled: -1, count: fixedBy.count)       // slot → index into the values
        // (Sized first and read through buffers: a settings form's substitution for its 2,100
        // labels was 5.3 M instructions, most of them checked accesses and appends.)
        var rows = 0, otherCount = 0
        for row in fixing where needed[Int(row)] {
            rows += 1
            otherCount += rowStart[Int(row) + 1] - rowStart[Int(row)] - 1
        }
        made.keys.reserveCapacity(rows)
        made.constants.reserveCapacity(rows)
        made.coefficient.reserveCapacity(rows)
        made.othersEnd.reserveCapacity(rows)
        made.others.reserveCapacity(otherCount)
        made.otherCoefficients.reserveCapacity(otherCount)
        termSlots.withUnsafeBufferPointer { termSlots in
            coefficients.withUnsafeBufferPointer { coefficients in
                fixedBy.withUnsafeBufferPointer { fixedBy in
                    local.withUnsafeMutableBufferPointer { local in
                        for row in fixing where needed[Int(row)] {
                            let range = rowStart[Int(row)]..<rowStart[Int(row) + 1]
                            let fixedSlot = range.first { fixedBy[Int(termSlots[$0])] == row }!
                            for k in range where k != fixedSlot {
                                made.others.append(local[Int(termSlots[k])])
                                made.otherCoefficients.append(coefficients[k])
                            }
                            made.othersEnd.append(made.others.count)
                            made.keys.append(keys[Int(row)])
                            made.constants.append(constants[Int(row)])
                            made.coefficient.append(coefficients[fixedSlot])
                            local[Int(termSlots[fixedSlot])] = Int32(made.coefficient.count - 1)
                        }
                    }
                }
            }
        }
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
                                    var start = 0
                                    for step in 0..<count {
                                        var sum = constants[step]
                                        let end = othersEnd[step]
                                        for k in start..<end { sum += otherCoefficients[k] * values[Int(others[k])] }
                                        values[step] = -sum / coefficient[step]
                                        start = end
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
    }
}
