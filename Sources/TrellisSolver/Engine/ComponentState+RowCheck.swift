import TrellisSupport

/// The required-row check of a step (``ComponentState/step(_:)``): the rows a step's changed
/// variables appear in, evaluated again, each once.
extension ComponentState {
    /// Scratch for the required-row check of a step, one stored property so that a check is
    /// one exclusive access (class properties are checked dynamically).
    struct RowCheck {
        /// For each variable, the required constraints that name it (built at the first step).
        var start: [Int32] = []
        var rows: [Int32] = []
        /// The required constraints flat: terms of constraint `i` in termStart[i]..<termStart[i+1]
        /// (others empty), and each constraint's relation.
        var termStart: [Int32] = []
        var termVariable: [Int32] = []
        var termCoefficient: [Double] = []
        var relation: [Relation] = []
        /// Each constraint's own constant (kept up to date by ``replace(row:with:)``).
        var constant: [Double] = []
        var built = false
        /// Rows checked in the current step carry its stamp (no set to clear between steps).
        var stamp: [UInt32] = []
        var now: UInt32 = 0

        mutating func build(component: Component, terms: RowStore, constants: [Double]) {
            let constraints = component.constraints
            var termStart = [Int32](filled: 0, count: constraints.count + 1)
            var termVariable: [Int32] = [], termCoefficient: [Double] = []
            termVariable.reserveCapacity(terms.entries.count)
            termCoefficient.reserveCapacity(terms.entries.count)
            var relation = [Relation](filled: .equal, count: constraints.count)
            // (Terms read by position: a row view per constraint retained and released its store.)
            for index in constraints.indices {
                let constraint = constraints[index]
                relation[index] = constraint.relation
                if constraint.strength.isRequired {
                    for position in 0..<terms.count(ofRow: index) {
                        let term = terms.term(position, ofRow: index)
                        termVariable.append(Int32(term.variable))
                        termCoefficient.append(term.coefficient)
                    }
                }
                termStart[index + 1] = Int32(termVariable.count)
            }
            (start, rows) = ComponentState.rowsNaming(variables: component.variables.count, termStart: termStart,
                                                      termVariable: termVariable)
            self.termStart = termStart
            self.termVariable = termVariable
            self.termCoefficient = termCoefficient
            self.relation = relation
            constant = constants
            stamp = Array(filled: 0, count: constraints.count)
            built = true
        }
    }

    static func requiredRowsHold(_ check: inout RowCheck, values: [Double], changed: ArraySlice<Int>) -> Bool {
        let now = Self.nextStamp(&check.now, clearing: &check.stamp)
        // On buffers: the loops below run every step (bounds checks, and an array element write
        // checks the array's uniqueness each time).
        let (termVariable, termCoefficient, constant, relation) = (check.termVariable, check.termCoefficient, check.constant, check.relation)
        return check.stamp.withUnsafeMutableBufferPointer { stamp in
            check.start.withUnsafeBufferPointer { start in
                check.rows.withUnsafeBufferPointer { rows in
                    check.termStart.withUnsafeBufferPointer { termStart in
                        termVariable.withUnsafeBufferPointer { termVariable in
                            termCoefficient.withUnsafeBufferPointer { termCoefficient in
                                constant.withUnsafeBufferPointer { constant in
                                    relation.withUnsafeBufferPointer { relation in
                                        values.withUnsafeBufferPointer { values in
                                            changed.withUnsafeBufferPointer { changed in
                                                for variable in changed {
                                                    // (An infinite value passes a relative check.)
                                                    if !values[variable].isFinite { return false }
                                                    for k in Int(start[variable])..<Int(start[variable + 1]) {
                                                        let index = Int(rows[k])
                                                        if stamp[index] == now { continue }
                                                        stamp[index] = now
                                                        var sum = constant[index]
                                                        var scale = abs(sum)
                                                        for t in Int(termStart[index])..<Int(termStart[index + 1]) {
                                                            let product = termCoefficient[t] * values[Int(termVariable[t])]
                                                            sum += product
                                                            scale += abs(product)
                                                        }
                                                        let violation = relation[index].violation(of: sum)
                                                        if !(violation <= 1e-6 * max(1, scale)) { return false }
                                                    }
                                                }
                                                return true
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
    }
}
