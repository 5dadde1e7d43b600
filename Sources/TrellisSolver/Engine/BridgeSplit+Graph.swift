extension BridgeSplit {
    /// The incidence graph: each variable's rows, each row's variables and coefficients.
    struct Graph {
        let nv: Int
        /// Rows of variable v: rowsOf[rowStart[v]..<rowStart[v+1]] (all rows naming it).
        var rowStart: [Int32]
        var rowsOf: [Int32]
        /// Terms of row r: termVariable/termCoefficient[termStart[r]..<termStart[r+1]] (local variables).
        var termStart: [Int32]
        var termVariable: [Int32]
        var termCoefficient: [Double] = []
        var hasDuplicate: [Bool]

        init(nv: Int, members: ArraySlice<Int32>, termSlots: [Int32], termStart allStart: [Int], local: [Int32]) {
            self.nv = nv
            let nr = members.count
            var termCount = 0
            for k in members { termCount += allStart[Int(k) + 1] - allStart[Int(k)] }
            // Sized once and filled through buffers (no append, and no uniqueness check, a term).
            var start = [Int32](filled: 0, count: nr + 1)
            var variables = [Int32](filled: 0, count: termCount)
            var counts = [Int32](filled: 0, count: nv + 1)
            var rows = [Int32](filled: 0, count: termCount)
            var duplicate = [Bool](filled: false, count: nr)
            start.withUnsafeMutableBufferPointer { start in
                variables.withUnsafeMutableBufferPointer { variables in
                    counts.withUnsafeMutableBufferPointer { counts in
                        rows.withUnsafeMutableBufferPointer { rows in
                            duplicate.withUnsafeMutableBufferPointer { duplicate in
                                termSlots.withUnsafeBufferPointer { termSlots in
                                    local.withUnsafeBufferPointer { local in
                                        var filled = 0
                                        for (r, k) in members.enumerated() {
                                            for t in allStart[Int(k)]..<allStart[Int(k) + 1] {
                                                let v = local[Int(termSlots[t])]
                                                variables[filled] = v
                                                filled += 1
                                                counts[Int(v) + 1] += 1
                                            }
                                            start[r + 1] = Int32(filled)
                                        }
                                        for v in 0..<nv { counts[v + 1] += counts[v] }
                                        var fill = [Int32](counts)
                                        fill.withUnsafeMutableBufferPointer { fill in
                                            for r in 0..<nr {
                                                for t in Int(start[r])..<Int(start[r + 1]) {
                                                    let v = Int(variables[t])
                                                    // A variable named twice in a row lands twice in a row: its last entry is this row.
                                                    if fill[v] > counts[v] && rows[Int(fill[v]) - 1] == Int32(r) { duplicate[r] = true }
                                                    rows[Int(fill[v])] = Int32(r)
                                                    fill[v] += 1
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            rowStart = counts
            rowsOf = rows
            termStart = start
            termVariable = variables
            hasDuplicate = duplicate
        }

        func terms(of r: Int) -> Range<Int> { Int(termStart[r])..<Int(termStart[r + 1]) }
        func rows(of v: Int) -> Range<Int> { Int(rowStart[v])..<Int(rowStart[v + 1]) }
    

        /// The graph's arrays as buffers, for a loop that reads every term (no bounds check an access).
        struct Buffers {
            let rowStart: UnsafeBufferPointer<Int32>, rowsOf: UnsafeBufferPointer<Int32>
            let termStart: UnsafeBufferPointer<Int32>, termVariable: UnsafeBufferPointer<Int32>
        }

        func withBuffers<R>(_ body: (Buffers) -> R) -> R {
            rowStart.withUnsafeBufferPointer { rowStart in
                rowsOf.withUnsafeBufferPointer { rowsOf in
                    termStart.withUnsafeBufferPointer { termStart in
                        termVariable.withUnsafeBufferPointer { termVariable in
                            body(Buffers(rowStart: rowStart, rowsOf: rowsOf, termStart: termStart, termVariable: termVariable))
                        }
                    }
                }
            }
        }
    }
}
