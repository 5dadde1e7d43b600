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
    /// is fixed by them. Rows left with one open variable are made ready. Whether any block was
    /// found. (Only around the targets: a layout's other open rows — its heights, chained — are
    /// never fixed so and are many.)
    mutating func findBlocks(around targets: [Int32], open: inout [Int], fixedBy: inout [Int32], fixing: inout [Int32],
                             ready: inout [Int], rowsStart: [Int], rowsOf: [Int32]) -> Bool {
        var found = false
        guard targets.contains(where: { fixedBy[Int($0)] == -1 }) else { return false }
        // Which search took each variable and row in (-1: none). A search that meets another's
        // (one given up past the largest block leaves part of its group unseen, which a later
        // target may reach) has no whole group: it fixes nothing.
        var slotGroup = [Int32](filled: -1, count: variableCount), rowGroup = [Int32](filled: -1, count: open.count)
        for (group, target) in targets.enumerated() where fixedBy[Int(target)] == -1 && slotGroup[Int(target)] < 0 {
            // The group, breadth first, given up past the largest block.
            let id = Int32(group)
            var slots: [Int32] = [target], rows: [Int] = []
            slotGroup[Int(target)] = id
            var next = 0, whole = true
            search: while next < slots.count && slots.count <= Self.largestBlock {
                let slot = Int(slots[next])
                next += 1
                for k in rowsStart[slot]..<rowsStart[slot + 1] {
                    let row = Int(rowsOf[k])
                    guard open[row] >= 2, rowGroup[row] != id else { continue }
                    guard rowGroup[row] < 0 else { whole = false; break search }
                    rowGroup[row] = id
                    rows.append(row)
                    for t in rowStart[row]..<rowStart[row + 1] where fixedBy[Int(termSlots[t])] == -1 {
                        let other = Int(termSlots[t])
                        if slotGroup[other] == id { continue }
                        guard slotGroup[other] < 0 else { whole = false; break search }
                        slotGroup[other] = id
                        slots.append(termSlots[t])
                    }
                }
            }
            guard whole else { continue }
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
}
