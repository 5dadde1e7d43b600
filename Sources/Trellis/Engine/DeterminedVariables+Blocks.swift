import TrellisSupport

/// Blocks (``DeterminedVariables``): variables that required equalities fix only together, a few
/// at a time — the equal widths of a fill-equally row — found around the variables asked for.
extension DeterminedVariables {
    /// Variables that rows fix together (``DeterminedVariables``): their slots, and the rows,
    /// in the order made, that fix them (as many, independent).
    struct Block {
        var slots: [Int32]
        var rows: [Int32]
    }

    /// Finds the blocks that fix open `targets`: from each, the open variables that the rows
    /// with two open variables or more join to it (its group), and a group of at most
    /// ``largestBlock`` whose rows fix every one of its variables (as many independent rows as
    /// variables, chosen by elimination with partial pivoting, earliest row first among equals)
    /// is fixed by them. The group is looked for first along the target's axis (rows that name
    /// an open variable of the other axis left out: an image's `height == width × 0.5625` would
    /// join a fill-equally row's widths to every height of the screen), then through every row.
    /// Rows left with one open variable are made ready. Whether any block was found. (Only
    /// around the targets: a layout's other open rows — its heights, chained — are never fixed
    /// so and are many.)
    mutating func findBlocks(around targets: [Int32], open: inout [Int], fixedBy: inout [Int32], fixing: inout [Int32],
                             ready: inout [Int], rowsStart: [Int], rowsOf: [Int32]) -> Bool {
        var found = false
        guard targets.contains(where: { fixedBy[Int($0)] == -1 }) else { return false }
        // Which search took each variable and row in (-1: none), one table per kind of search.
        // A search that meets another's (one given up past the largest block leaves part of its
        // group unseen, which a later target may reach) has no whole group: it fixes nothing.
        var slotGroup = [Int32](filled: -1, count: variableCount), rowGroup = [Int32](filled: -1, count: open.count)
        var axisSlotGroup = slotGroup, axisRowGroup = rowGroup
        for (group, target) in targets.enumerated() where fixedBy[Int(target)] == -1 {
            let id = Int32(group), axis = slotAxis[Int(target)]
            var block: (slots: [Int32], rows: [Int])?
            // (The search through every row only where the first left a row out: else it is
            // the same search.)
            var leftOut = true
            if axis != 0 && axisSlotGroup[Int(target)] < 0 {
                block = self.block(around: target, id: id, axis: axis, open: open, fixedBy: fixedBy, rowsStart: rowsStart,
                                   rowsOf: rowsOf, slotGroup: &axisSlotGroup, rowGroup: &axisRowGroup, leftOut: &leftOut)
            }
            if block == nil && leftOut && slotGroup[Int(target)] < 0 {
                block = self.block(around: target, id: id, axis: 0, open: open, fixedBy: fixedBy, rowsStart: rowsStart,
                                   rowsOf: rowsOf, slotGroup: &slotGroup, rowGroup: &rowGroup, leftOut: &leftOut)
            }
            guard let (slots, chosen) = block else { continue }
            let number = Int32(blocks.count)
            blocks.append(Block(slots: slots, rows: chosen.map { Int32($0) }))
            fixing.append(-1 - number)
            for slot in slots {
                fixedBy[Int(slot)] = -2 - number
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

    /// The group around open `target` (breadth first, given up past the largest block), and the
    /// rows that fix it when they do: its slots, sorted, and the rows chosen. With `axis` (not
    /// 0), rows that name an open variable of another axis are left out (`leftOut` tells
    /// whether one was).
    private func block(around target: Int32, id: Int32, axis: UInt8, open: [Int], fixedBy: [Int32], rowsStart: [Int],
                       rowsOf: [Int32], slotGroup: inout [Int32], rowGroup: inout [Int32],
                       leftOut: inout Bool) -> (slots: [Int32], rows: [Int])? {
        leftOut = false
        var slots: [Int32] = [target], rows: [Int] = []
        slotGroup[Int(target)] = id
        var next = 0
        while next < slots.count && slots.count <= Self.largestBlock {
            let slot = Int(slots[next])
            next += 1
            for k in rowsStart[slot]..<rowsStart[slot + 1] {
                let row = Int(rowsOf[k])
                guard open[row] >= 2, rowGroup[row] != id else { continue }
                if axis != 0 && rowSpansAxes[row] && (rowStart[row]..<rowStart[row + 1]).contains(where: { t in
                    let other = Int(termSlots[t])
                    return fixedBy[other] == -1 && slotAxis[other] != 0 && slotAxis[other] != axis
                }) {
                    leftOut = true
                    continue
                }
                guard rowGroup[row] < 0 else { return nil }
                rowGroup[row] = id
                rows.append(row)
                for t in rowStart[row]..<rowStart[row + 1] where fixedBy[Int(termSlots[t])] == -1 {
                    let other = Int(termSlots[t])
                    if slotGroup[other] == id { continue }
                    guard slotGroup[other] < 0 else { return nil }
                    slotGroup[other] = id
                    slots.append(termSlots[t])
                }
            }
        }
        guard slots.count <= Self.largestBlock, rows.count >= slots.count else { return nil }
        slots.sort()
        rows.sort()
        guard let chosen = independentRows(rows, slots: slots) else { return nil }
        return (slots, chosen)
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
}
