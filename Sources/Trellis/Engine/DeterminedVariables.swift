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
    var keys: [RowKey] = []
    var constants: [Double] = []
    var termSlots: [Int32] = []
    var coefficients: [Double] = []
    var rowStart: [Int] = [0]
    /// Dense slots of the variables named by those rows, by id: `slotByOffset[id - lowestID]`
    /// (-1: none) when the ids span a compact range, else `slotOfID`.
    private var slotByOffset: [Int32] = []
    private var lowestID: UInt64 = 0
    private var slotOfID = IdentityTable()
    var variableCount = 0
    /// Per slot, its variable's axis (``Variable/axis``): a block is looked for along the axis
    /// of the variable asked for first.
    var slotAxis: [UInt8] = []
    /// Per row, whether it names variables of both axes (an aspect ratio).
    var rowSpansAxes: [Bool] = []
    /// Per slot, the row that fixes the variable (0 or more), the block that does (-2 - its
    /// index in ``blocks``), or -1.
    private var fixedBy: [Int32] = []
    /// What fixes variables, in the order it does: a row (its index: it names only variables
    /// fixed before, and its own) or a block (-1 - its index: its rows name only variables
    /// fixed before, and its own).
    private var fixing: [Int32] = []
    /// The blocks: variables fixed together by as many rows.
    var blocks: [Block] = []

    /// The variables that the required equalities among `rows` fix: by substitution, and in
    /// blocks where that is what fixes `targets` (the variables to be asked for). Only the
    /// targets' axis is looked at where no row joins the axes (``keepAxis(of:axes:keys:expressions:ids:)``).
    init(_ rows: RowTable, targets: [Variable] = []) {
        // In the order the constraints were made, not the table's (which differs from run to
        // run): which of two rows fixes a variable decides the rounding of its value.
        var foundKeys: [RowKey] = []
        var expressions: [LinearExpression] = []
        var ids: [UInt64] = []
        // Per row, the axes its variables stand for (bit 1 << ``Variable/axis``): for leaving
        // out the other axis's rows, and for ``rowSpansAxes``.
        var axes: [UInt8] = []
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
                    var mask: UInt8 = 0
                    for term in expression.terms { mask |= 1 << term.variable.axis }
                    axes.append(mask)
                }
            }
        }
        Self.keepAxis(of: targets, axes: &axes, keys: &foundKeys, expressions: &expressions, ids: &ids)
        keys.reserveCapacity(foundKeys.count)
        rowSpansAxes.reserveCapacity(foundKeys.count)
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
                let slot = assignSlot(term.variable.id)
                if Int(slot) == slotAxis.count { slotAxis.append(term.variable.axis) }
                termSlots.append(slot)
                coefficients.append(term.coefficient)
            }
            rowSpansAxes.append(axes[index] & 0b110 == 0b110)
            keys.append(key)
            constants.append(expression.constant)
            rowStart.append(termSlots.count)
        }
        fix(targets: targets.compactMap { slot(of: $0.id) })
    }

    /// Leaves out the rows of the other axis than `targets`', when every row names variables of
    /// one axis only (no aspect ratio, no variable made by name): such rows can fix no target,
    /// nor anything a target's rows name. (The vertical half of a screen's rows, read for
    /// its measured views' widths, was half of what finding them cost a cold pass.)
    private static func keepAxis(of targets: [Variable], axes: inout [UInt8], keys: inout [RowKey],
                                 expressions: inout [LinearExpression], ids: inout [UInt64]) {
        let horizontal: UInt8 = 1 << 1, vertical: UInt8 = 1 << 2
        var wanted: UInt8 = 0
        for target in targets { wanted |= 1 << target.axis }
        guard wanted == horizontal || wanted == vertical,
              axes.allSatisfy({ $0 == horizontal || $0 == vertical }), axes.contains(where: { $0 != wanted }) else { return }
        var kept = 0
        for index in axes.indices where axes[index] == wanted {
            axes.swapAt(kept, index)
            keys.swapAt(kept, index)
            expressions.swapAt(kept, index)
            ids.swapAt(kept, index)
            kept += 1
        }
        axes.removeLast(axes.count - kept)
        keys.removeLast(keys.count - kept)
        expressions.removeLast(expressions.count - kept)
        ids.removeLast(ids.count - kept)
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
    /// the blocks among the rows left (``findBlocks(around:open:fixedBy:fixing:ready:rowsStart:rowsOf:)``),
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

}
