import TrellisSupport

extension Presolve {
    /// The elimination of required equalities: candidates shortest first (singletons fix values,
    /// doubletons tie variables, and both shorten longer rows before those are looked at), each
    /// bucket in component order; a row is looked at again whenever it changes.
    ///
    /// Every row is a slice of flat arrays (``termVariable`` and ``termCoefficient``, with room
    /// for at least ``Presolve/rowLengthCap`` terms), not an array of its own: substitutions
    /// edit it in place. Rows never changed come out as the component's own (no copy of the
    /// rows an LP keeps). Terms are removed and appended exactly as an array's `remove(at:)`
    /// and `append` would, so the reduced rows keep the order (and the sums) they always had.
    struct Elimination {
        /// The per-row and per-term numbers, in buffers the elimination owns (``Buffers``).
        private let buffers: Buffers
        /// Row i's slice: terms `start[i] ..< start[i] + count[i]`, room for `capacity[i]`.
        var start: UnsafeMutableBufferPointer<Int32> { buffers.start }
        var count: UnsafeMutableBufferPointer<Int32> { buffers.count }
        var capacity: UnsafeMutableBufferPointer<Int32> { buffers.capacity }
        var termVariable: UnsafeMutableBufferPointer<Int32> { buffers.termVariable }
        var termCoefficient: UnsafeMutableBufferPointer<Double> { buffers.termCoefficient }
        /// How many slots of the flat arrays rows have taken (the rest is room for the next).
        var slotsUsed = 0
        var constant: UnsafeMutableBufferPointer<Double> { buffers.constant }
        /// Whether the row is still there (not used up by a substitution).
        var live: UnsafeMutableBufferPointer<Bool> { buffers.live }
        /// Whether a substitution changed the row (else its terms are the component's).
        var changed: UnsafeMutableBufferPointer<Bool> { buffers.changed }
        let originalTerms: RowStore
        var occurrences: Occurrences
        /// How many live rows name each variable (kept exact as rows change).
        var uses: UnsafeMutableBufferPointer<Int> { buffers.uses }
        let isRequired: [Bool]
        let relations: [Relation]
        let isProtected: [Bool]
        var buckets: [[Int32]] = [[], [], [], []]
        /// Each substitution's variable and constant, in the order made, and its terms (row k
        /// of ``expressed``).
        var made: [Made] = []
        var expressed = RowStore()
        var heads = [0, 0, 0, 0]
        /// Every operation on the constants, in order (see ``ConstantTape``): recorded only when
        /// every required row is an equality and none is protected (else some row is bound to
        /// remain with terms).
        var tape: ConstantTape?
        /// The bucket each row waits in (-1: none). A row that a substitution shortens while it
        /// waits moves up to its shorter bucket (its entry in the longer one is then skipped).
        var queued: UnsafeMutableBufferPointer<Int8> { buffers.queued }

        /// The elimination's numbers, each in a buffer of its own that lives as long as the
        /// elimination. (Arrays in the elimination's own storage were checked for uniqueness at
        /// every write, several times a substitution: a fifth of eliminating a determined
        /// layout. Every index is one the arrays' bounds checks passed: a row below the
        /// component's row count, a variable below its variable count, a slot below
        /// ``slotsUsed``.)
        private final class Buffers {
            let start, count, capacity: UnsafeMutableBufferPointer<Int32>
            let constant: UnsafeMutableBufferPointer<Double>
            let live, changed: UnsafeMutableBufferPointer<Bool>
            let queued: UnsafeMutableBufferPointer<Int8>
            let uses: UnsafeMutableBufferPointer<Int>
            /// The flat term arrays (replaced, larger, when a row outgrows its room).
            var termVariable: UnsafeMutableBufferPointer<Int32>
            var termCoefficient: UnsafeMutableBufferPointer<Double>

            init(rows m: Int, variables n: Int, slots: Int) {
                start = .allocate(capacity: m)
                count = .allocate(capacity: m)
                capacity = .allocate(capacity: m)
                constant = .allocate(capacity: m)
                live = .allocate(capacity: m)
                changed = .allocate(capacity: m)
                queued = .allocate(capacity: m)
                uses = .allocate(capacity: n)
                termVariable = .allocate(capacity: slots)
                termCoefficient = .allocate(capacity: slots)
                live.initialize(repeating: true)
                changed.initialize(repeating: false)
                queued.initialize(repeating: -1)
                uses.initialize(repeating: 0)
                termVariable.initialize(repeating: 0)
                termCoefficient.initialize(repeating: 0)
            }

            /// Makes the flat term arrays `slots` long, the first `used` slots kept.
            func growTerms(to slots: Int, keeping used: Int) {
                let variables = UnsafeMutableBufferPointer<Int32>.allocate(capacity: slots)
                let coefficients = UnsafeMutableBufferPointer<Double>.allocate(capacity: slots)
                variables.initialize(repeating: 0)
                coefficients.initialize(repeating: 0)
                for k in 0..<used {
                    variables[k] = termVariable[k]
                    coefficients[k] = termCoefficient[k]
                }
                termVariable.deallocate()
                termCoefficient.deallocate()
                termVariable = variables
                termCoefficient = coefficients
            }

            deinit {
                start.deallocate()
                count.deallocate()
                capacity.deallocate()
                termVariable.deallocate()
                constant.deallocate()
                termCoefficient.deallocate()
                live.deallocate()
                changed.deallocate()
                queued.deallocate()
                uses.deallocate()
            }
        }

        /// A substitution's variable and constant. (A struct, not a labelled tuple: see "A process's
        /// first pass" in Benchmarks/README.md.)
        struct Made {
            let variable: Int
            let constant: Double
        }

        init(variables n: Int, terms: RowStore, constants: [Double],
             isRequired: [Bool], relations: [Relation], isProtected: [Bool]) {
            let m = terms.count
            // Every row in the flat arrays at once, each with room for the row-length cap: a
            // copy a row made when a substitution first changed it (a determined layout changes
            // most) cost ten times as much a row.
            var slots = 0
            for index in 0..<m { slots += max(terms.count(ofRow: index), Presolve.rowLengthCap) }
            let buffers = Buffers(rows: m, variables: n, slots: slots)
            terms.withBuffers { entries, rowStart in
                for entry in entries { buffers.uses[entry.variable] += 1 }
                var slot = 0
                for index in 0..<m {
                    let length = Int(rowStart[index + 1] - rowStart[index])
                    buffers.start[index] = Int32(slot)
                    buffers.count[index] = Int32(length)
                    buffers.capacity[index] = Int32(max(length, Presolve.rowLengthCap))
                    for entry in Int(rowStart[index])..<Int(rowStart[index + 1]) {
                        buffers.termVariable[slot] = Int32(entries[entry].variable)
                        buffers.termCoefficient[slot] = entries[entry].coefficient
                        slot += 1
                    }
                    slot = Int(buffers.start[index] + buffers.capacity[index])
                }
            }
            constants.withUnsafeBufferPointer { constants in
                for index in 0..<m { buffers.constant[index] = constants[index] }
            }
            self.buffers = buffers
            slotsUsed = slots
            originalTerms = terms
            occurrences = Occurrences(variables: n, terms: terms)
            self.isRequired = isRequired
            self.relations = relations
            self.isProtected = isProtected
            var determinable = true
            for index in 0..<m where (isRequired[index] && relations[index] != .equal) || isProtected[index] {
                determinable = false
                break
            }
            if determinable { tape = ConstantTape(capacity: 2 * m) }
            for index in 0..<m { consider(index) }
        }

        /// The variable of term `position` of row `index`.
        @inline(__always) private func variable(ofRow index: Int, at position: Int) -> Int32 {
            termVariable[Int(start[index]) + position]
        }

        /// The coefficient of term `position` of row `index`.
        @inline(__always) private func coefficient(ofRow index: Int, at position: Int) -> Double {
            termCoefficient[Int(start[index]) + position]
        }

        /// The first of `room` unused slots of the flat arrays, now taken (for a row that outgrows
        /// its room: the fill-in limits keep rows within it, so this is a safety net).
        private mutating func takeSlots(_ room: Int) -> Int {
            let first = slotsUsed
            if first + room > termVariable.count {
                buffers.growTerms(to: termVariable.count + max(room, termVariable.count, 64), keeping: slotsUsed)
            }
            slotsUsed += room
            return first
        }

        mutating func consider(_ index: Int) {
            guard live[index], isRequired[index], relations[index] == .equal, !isProtected[index] else { return }
            let bucket = min(max(Int(count[index]) - 1, 0), 3)
            guard queued[index] < 0 || bucket < queued[index] else { return }
            queued[index] = Int8(bucket)
            buckets[bucket].append(Int32(index))
        }

        mutating func next() -> Int? {
            for b in 0..<4 {
                while heads[b] < buckets[b].count {
                    heads[b] += 1
                    let index = Int(buckets[b][heads[b] - 1])
                    if queued[index] == b { return index }
                }
            }
            return nil
        }

        /// Eliminates what it can; false when a contradiction was met.
        mutating func run(eliminated: inout [Bool]) -> Bool {
            while let index = next() {
                queued[index] = -1
                guard live[index], isRequired[index], relations[index] == .equal else { continue }
                let length = Int(count[index])
                if length == 0 {
                    guard abs(constant[index]) <= 1e-9 else { return false }
                    tape?.check(row: index)
                    live[index] = false
                    continue
                }
                guard let pivot = pivot(of: index) else { continue }
                let a = coefficient(ofRow: index, at: pivot)
                for position in 0..<length where position != pivot {
                    expressed.append((Int(variable(ofRow: index, at: position)), -coefficient(ofRow: index, at: position) / a))
                }
                expressed.endRow()
                let eliminatedVariable = Int(variable(ofRow: index, at: pivot))
                made.append(Made(variable: eliminatedVariable, constant: -constant[index] / a))
                tape?.pivot(row: index, substitution: made.count - 1, factor: a)
                live[index] = false
                for position in 0..<length { uses[Int(variable(ofRow: index, at: position))] -= 1 }
                eliminated[eliminatedVariable] = true
                substitute(made.count - 1, except: index)
            }
            return true
        }

        /// The pivot: a power-of-two coefficient (exact division) with the least fill-in, then
        /// the fewest other rows to substitute into (a doubleton never passes a variable that
        /// hundreds of rows name — a stack's edge — on to one of its neighbours, and from it to
        /// the next); on a tie the later variable, so chains are expressed through their first member.
        /// (`mutating` though it changes nothing, like ``position(of:inRow:)``: called from
        /// ``run(eliminated:)`` a plain method got a copy of the whole elimination each call.)
        mutating func pivot(of index: Int) -> Int? {
            let length = Int(count[index])
            var best: (position: Int, cost: Int, others: Int)?
            for position in 0..<length where Presolve.isPowerOfTwo(coefficient(ofRow: index, at: position)) {
                let variable = Int(self.variable(ofRow: index, at: position))
                let others = uses[variable] - 1   // rows other than this one
                let cost = max(0, length - 2) * max(0, others - 1)
                guard cost <= Presolve.fillInLimit, best.map({ (cost, others) <= ($0.cost, $0.others) }) ?? true else { continue }
                // Never grow a row past the row-length cap (repeated substitution along a chain
                // would otherwise build one dense row: l_n = l_0 + Σ w_i + 8n).
                let grows = length > 2 && occurrences.contains(variable) { other in
                    other != index && (live[other] ? Int(count[other]) : 0) + length - 2 > Presolve.rowLengthCap
                }
                if !grows { best = (position, cost, others) }
            }
            return best?.position
        }

        /// The position of `variable` among row `index`'s terms.
        private mutating func position(of variable: Int32, inRow index: Int) -> Int? {
            for position in 0..<Int(count[index]) where self.variable(ofRow: index, at: position) == variable { return position }
            return nil
        }

        /// Removes the term at `position` of row `index`, keeping the others in order.
        private mutating func removeTerm(at position: Int, ofRow index: Int) {
            let first = Int(start[index]), length = Int(count[index])
            var k = first + position
            while k < first + length - 1 {
                termVariable[k] = termVariable[k + 1]
                termCoefficient[k] = termCoefficient[k + 1]
                k += 1
            }
            count[index] -= 1
        }

        /// Appends a term to row `index`, moving the row to the end of the flat arrays if it is full.
        private mutating func appendTerm(_ variable: Int32, _ coefficient: Double, toRow index: Int) {
            if count[index] == capacity[index] {
                let first = Int(start[index]), length = Int(count[index])
                let room = max(2 * length, Presolve.rowLengthCap)
                let moved = takeSlots(room)
                for k in 0..<length {
                    termVariable[moved + k] = termVariable[first + k]
                    termCoefficient[moved + k] = termCoefficient[first + k]
                }
                start[index] = Int32(moved)
                capacity[index] = Int32(room)
            }
            let k = Int(start[index] + count[index])
            termVariable[k] = variable
            termCoefficient[k] = coefficient
            count[index] += 1
        }

        /// The substitutions made, in order (their terms views into ``expressed``).
        func substitutions() -> [Substitution] {
            var list: [Substitution] = []
            list.reserveCapacity(made.count)
            for (k, head) in made.enumerated() {
                list.append(Substitution(variable: head.variable, terms: expressed[k], constant: head.constant))
            }
            return list
        }

        /// Replaces the variable of substitution `k` in every other row that names it.
        mutating func substitute(_ k: Int, except index: Int) {
            // The rows naming the variable, walked in place (no list copied per substitution):
            // substituting appends only to other variables' lists, never to this one's.
            let variable = made[k].variable, value = made[k].constant
            var cursor = occurrences.cursor(variable)
            while let other = occurrences.next(&cursor, of: variable) {
                guard other != index, live[other],
                      let position = position(of: Int32(variable), inRow: other) else { continue }
                let factor = termCoefficient[Int(start[other]) + position]
                removeTerm(at: position, ofRow: other)
                changed[other] = true
                uses[variable] -= 1
                constant[other] += factor * value
                tape?.add(row: other, substitution: k, factor: factor)
                for term in 0..<expressed.count(ofRow: k) {
                    let (y, coefficient) = expressed.term(term, ofRow: k)
                    let added = factor * coefficient
                    if let existing = self.position(of: Int32(y), inRow: other) {
                        let k = Int(start[other]) + existing
                        let sum = termCoefficient[k] + added
                        if sum == 0 {
                            removeTerm(at: existing, ofRow: other)
                            uses[y] -= 1
                        } else {
                            termCoefficient[k] = sum
                        }
                    } else if added != 0 {
                        appendTerm(Int32(y), added, toRow: other)
                        occurrences.append(other, to: y)
                        uses[y] += 1
                    }
                }
                consider(other)
            }
            occurrences.clear(variable)
        }

        /// The rows still there, in component order (a changed row's terms copied out of the
        /// flat arrays into one store, an unchanged one's shared with the component).
        func remainingRows() -> [Row] {
            var changedRows = RowStore()
            for index in live.indices where live[index] && changed[index] {
                let first = Int(start[index])
                for k in first..<first + Int(count[index]) { changedRows.append((Int(termVariable[k]), termCoefficient[k])) }
                changedRows.endRow()
            }
            // (Views made once the store is complete: appending to it would copy it otherwise.)
            var rows: [Row] = []
            var next = 0
            for index in live.indices where live[index] {
                if changed[index] {
                    rows.append(Row(source: index, terms: changedRows[next], constant: constant[index]))
                    next += 1
                } else {
                    rows.append(Row(source: index, terms: originalTerms[index], constant: constant[index]))
                }
            }
            return rows
        }
    }
}
