import TrellisSupport

extension DeterminedVariables {
    /// The values of some fixed variables in terms of their fixing rows' constants
    /// (``substitution(for:)``): step `i` fixes value `i` from its row's constant `constants[i]`.
    struct Substitution {
        /// Each step's row, and its constant, kept up to date by ``move(_:to:)``.
        var keys: [RowKey] = []
        var constants: [Double] = []
        /// The step of each row but the root's, made at the first move of one.
        private var stepOfKey: IdentityTable?
        /// The steps of the root's rows (which move at every resize): found by a scan the first
        /// time. (Indices into ``keys``, not (key, step) pairs: an array of labelled tuples is one
        /// more type whose metadata the runtime makes from its name at a process's first resize.)
        private var rootSteps: [Int32]?
        /// The coefficient of the variable step `i` fixes.
        var coefficient: [Double] = []
        /// Step `i`'s other terms, `othersEnd[i - 1]..<othersEnd[i]`: earlier values and coefficients.
        var others: [Int32] = []
        var otherCoefficients: [Double] = []
        var othersEnd: [Int] = []
        /// Each target's value.
        var targets: [Int32] = []
        /// The steps that fix a block (``DeterminedVariables``): rows `start ..< start + count`
        /// fix values `start ..< start + count` together, by the inverse of their matrix
        /// (`inverses[inverse ..< inverse + count²]`, row-major); in step order.
        var blockSteps: [BlockStep] = []
        var inverses: [Double] = []

        /// A block's step. (A struct, not a labelled tuple: see "A process's first pass" in
        /// Benchmarks/README.md.)
        struct BlockStep {
            let start: Int
            let count: Int
            let inverse: Int
        }

        /// Appends a step for each of `rows` that is `needed`: the variable each fixes from its
        /// constant and earlier values (`local`), which it then takes in `local`.
        mutating func appendRows(_ rows: ArraySlice<Int32>, needed: [Bool], keys: [RowKey], constants: [Double],
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
        mutating func appendBlock(_ block: Block, number: Int, keys: [RowKey], constants: [Double], rowStart: [Int],
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
            // (A pivot below 1e-9 of the largest entry: not an inverse to trust.)
            let largest = matrix.reduce(0) { max($0, abs($1)) }
            guard let inverse = DenseMatrix.inverse(of: matrix, size: k, tolerance: 1e-9 * largest) else { return false }
            blockSteps.append(BlockStep(start: start, count: k, inverse: inverses.count))
            inverses.append(contentsOf: inverse)
            for (j, slot) in block.slots.enumerated() { local[Int(slot)] = Int32(start + j) }
            return true
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
