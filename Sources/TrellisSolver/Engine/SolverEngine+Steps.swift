import TrellisSupport

// The constant and suggestion steps of a solve: components moved along their affine models.
extension SolverEngine {
    /// Moves the components whose suggestions or (in-place) constants changed along their
    /// stored directions; those that cannot move join the plan's work. The states moved are
    /// listed in ``StepScratch/stepped`` (to be taken back should the solve fail).
    func takeSteps(in plan: inout Plan) {
        // (No dictionary or set on the usual path: what moved is gathered in a reused list,
        // sorted by state, edits before rows, edits by variable, rows by index.)
        // The states solved from scratch anyway.
        var fresh = IndexFlags()
        for index in plan.work { fresh.insert(index) }
        var moved = stepScratch.moved
        stepScratch.moved = []
        moved.removeAll(keepingCapacity: true)
        defer { stepScratch.moved = moved }
        for variable in suggestionsTouched {
            guard let slot = plan.variableIndex.index(of: variable) else { continue }
            let state = Int(plan.places[Int(slot)].state)
            if fresh.contains(state) { continue }
            moved.append(MovedChange(state: state, isRow: false, key: variable))
        }
        // Constants changed in place (updateConstant), by state, when nothing structural happened.
        if !structureChanged {
            for touched in constantsTouched where !fresh.contains(touched.state) {
                moved.append(MovedChange(state: touched.state, isRow: true, key: UInt64(touched.row)))
            }
        }
        // (One change, a resize's or an update(constant:)'s, needs no sort: its set-up alone costs more.)
        if moved.count > 1 { Self.sort(&moved, packed: &stepScratch.packed) }
        var stepped = stepScratch.stepped
        stepScratch.stepped = []
        stepped.removeAll(keepingCapacity: true)
        defer { stepScratch.stepped = stepped }
        var changes = stepScratch.changes
        stepScratch.changes = []
        defer { stepScratch.changes = changes }
        var k = 0
        while k < moved.count {
            let index = moved[k].state
            let state = plan.states[index]
            changes.removeAll(keepingCapacity: true)
            var movable = true
            while k < moved.count && moved[k].state == index {
                let isRow = moved[k].isRow, key = moved[k].key
                k += 1
                if !isRow {
                    // In variable order, so that floating-point sums are the same in every run.
                    guard let edit = edits[key], let row = state.rowOfEdit[key] else { continue }
                    changes.append((row, -edit.value, edit.strength.weight))
                } else {
                    // Each row once, in row order.
                    if k >= 2 && moved[k - 2].state == index && moved[k - 2].isRow && moved[k - 2].key == key { continue }
                    let row = Int(key)
                    movable = movable && state.canStep(row: row)
                    changes.append(state.rowChange(row))
                }
            }
            if movable, state.step(changes) {
                stepped.append(state)
                statistics.countStep(of: state)
            } else {
                plan.work.append(index)
                if state.solution?.crashWasOptimal == true { plan.coldStarts.insert(index) }
                if state.solution?.affine?.needsEveryLevel == true { state.solvesEveryLevel = true }
            }
        }
    }

    /// Sorts what moved by state, edits before rows, then by key. Where every state and key
    /// fits (always but for edit variables of huge ids), as one number each: a text pass moves
    /// thousands of rows, and a sort comparing tuples through a closure was a tenth of its steps.
    static func sort(_ moved: inout [MovedChange], packed: inout [UInt64]) {
        guard moved.allSatisfy({ $0.state < 1 << 30 && $0.key < 1 << 32 }) else {
            moved.sort { ($0.state, $0.isRow ? 1 : 0, $0.key) < ($1.state, $1.isRow ? 1 : 0, $1.key) }
            return
        }
        packed.removeAll(keepingCapacity: true)
        for change in moved { packed.append(UInt64(change.state) << 33 | (change.isRow ? 1 << 32 : 0) | change.key) }
        radixSort(&packed)
        for (index, value) in packed.enumerated() {
            moved[index] = MovedChange(state: Int(value >> 33), isRow: value & (1 << 32) != 0, key: value & 0xFFFF_FFFF)
        }
    }

    /// Sorts `values` ascending: by bytes, least significant first, skipping the bytes all values
    /// share (a text pass's thousands of moved rows differ in two or three of them), with the
    /// standard library's sort for a few values. (Its merge sort was a twentieth of a text
    /// screen's resize.)
    static func radixSort(_ values: inout [UInt64]) {
        let count = values.count
        guard count > 64 else {
            values.sort()
            return
        }
        var other = [UInt64](filled: 0, count: count)
        var differing: UInt64 = 0
        let first = values[0]
        for value in values { differing |= value ^ first }
        var counts = [Int](filled: 0, count: 257)
        var shift: UInt64 = 0
        while shift < 64 {
            defer { shift += 8 }
            guard (differing >> shift) & 0xFF != 0 else { continue }
            values.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for k in 0..<257 { counts[k] = 0 }
                        for value in source { counts[Int((value >> shift) & 0xFF) + 1] += 1 }
                        for k in 1..<257 { counts[k] += counts[k - 1] }
                        for value in source {
                            let digit = Int((value >> shift) & 0xFF)
                            target[counts[digit]] = value
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&values, &other)
        }
    }

    /// A change a step takes: the state it is in, whether it is a row's constant (else an edit's
    /// suggestion), and the row's index or the edit variable. (A struct, not a labelled tuple:
    /// see "A process's first pass" in Benchmarks/README.md; ~9 k instructions of a 10-row screen's
    /// first resize.)
    struct MovedChange {
        var state: Int
        var isRow: Bool
        var key: UInt64
    }

    /// Scratch of ``takeSteps(in:)``, reused from solve to solve: what moved and the changes
    /// handed to one state's step.
    struct StepScratch {
        var moved: [MovedChange] = []
        /// ``moved`` packed for sorting (``sort(_:packed:)``).
        var packed: [UInt64] = []
        var changes: [(index: Int, constant: Double, weight: Double)] = []
        /// The states the last ``takeSteps(in:)`` moved (emptied, capacity kept, once the solve
        /// is done with them).
        var stepped: [ComponentState] = []
    }
}
