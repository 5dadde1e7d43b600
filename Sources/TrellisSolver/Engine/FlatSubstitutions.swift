import TrellisSupport

/// Presolve's substitutions in flat arrays: substitution k sets `variable[k]` to
/// `constant[k] + Σ termCoefficient[t] × value[termVariable[t]]` over start[k]..<start[k+1].
/// `users[userStart[v]..<userStart[v+1]]` are the substitutions that name variable v.
struct FlatSubstitutions {
    var variable: [Int32] = []
    var constant: [Double] = []
    var start: [Int32] = [0]
    var termVariable: [Int32] = []
    var termCoefficient: [Double] = []
    var userStart: [Int32] = []
    var users: [Int32] = []
    /// Whether the arrays were built (an empty list of substitutions is built too).
    var built = false

    init() {}

    init(_ substitutions: [Presolve.Substitution], variables: Int) {
        var termCount = 0
        for substitution in substitutions { termCount += substitution.terms.count }
        variable.reserveCapacity(substitutions.count)
        constant.reserveCapacity(substitutions.count)
        start.reserveCapacity(substitutions.count + 1)
        termVariable.reserveCapacity(termCount)
        termCoefficient.reserveCapacity(termCount)
        for substitution in substitutions {
            variable.append(Int32(substitution.variable))
            constant.append(substitution.constant)
            for (other, coefficient) in substitution.terms {
                termVariable.append(Int32(other))
                termCoefficient.append(coefficient)
            }
            start.append(Int32(termVariable.count))
        }
        var userStart = [Int32](filled: 0, count: variables + 1)
        for other in termVariable { userStart[Int(other) + 1] += 1 }
        for v in 0..<variables { userStart[v + 1] += userStart[v] }
        var fill = userStart
        var users = [Int32](filled: 0, count: termVariable.count)
        for k in variable.indices {
            for term in Int(start[k])..<Int(start[k + 1]) {
                let other = Int(termVariable[term])
                users[Int(fill[other])] = Int32(k)
                fill[other] += 1
            }
        }
        self.userStart = userStart
        self.users = users
        built = true
    }

    /// What the substitutions make of the changed variables listed in `changed` (as
    /// Presolve.reexpand, listing what changes in turn, and keeping each listed variable's
    /// old value in `prior`, by variable: no journal entry per substitution),
    /// visiting only the substitutions that name a changed variable: a substitution names
    /// variables that later ones (evaluated before it) define, so one pass from the last
    /// flagged substitution down meets every one after whatever flags it. `dirty` (per
    /// variable) and `pending` (per substitution) are all false before and after.
    ///
    /// With `from` above 0, the variables listed before it were expanded already in this step
    /// (their old values kept in `prior`): only what the ones from `from` on reach is evaluated,
    /// those before kept as they are listed (a variable among them evaluated again passes its
    /// new value on to its users).
    func reexpand(_ values: inout [Double], dirty: inout [Bool], pending: inout [Bool], changed: inout ScratchList<Int>,
                  prior: inout [Double], from: Int = 0) {
        withTables { tables in
            values.withUnsafeMutableBufferPointer { values in
                prior.withUnsafeMutableBufferPointer { prior in
                    dirty.withUnsafeMutableBufferPointer { dirty in
                        pending.withUnsafeMutableBufferPointer { pending in
                            Self.reexpand(tables, values: values, prior: prior, dirty: dirty, pending: pending,
                                          changed: &changed, from: from)
                        }
                    }
                }
            }
        }
    }

    /// The substitutions that name one of the variables in `touched` or (in turn) what those
    /// define, appended to `order` in evaluation order — as Presolve.dependentSubstitutions,
    /// visiting only the substitutions that name a touched variable (see ``reexpand``).
    /// `touched` gets the variables they define; `dirty` and `pending` are all false before
    /// and after. The substitutions `seeds` are in `order` too (with what depends on them).
    func dependents(of touched: inout ScratchList<Int>, dirty: inout [Bool], pending: inout [Bool], order: inout [Int],
                    seeds: [Int] = []) {
        withTables { tables in
            dirty.withUnsafeMutableBufferPointer { dirty in
                pending.withUnsafeMutableBufferPointer { pending in
                    var highest = -1
                    for k in seeds {
                        pending[k] = true
                        highest = max(highest, k)
                    }
                    for index in 0..<touched.count where !dirty[touched[index]] {
                        let variable = touched[index]
                        dirty[variable] = true
                        for u in Int(tables.userStart[variable])..<Int(tables.userStart[variable + 1]) {
                            pending[Int(tables.users[u])] = true
                            highest = max(highest, Int(tables.users[u]))
                        }
                    }
                    var k = highest
                    while k >= 0 {
                        if pending[k] {
                            pending[k] = false
                            order.append(k)
                            let variable = Int(tables.variable[k])
                            if !dirty[variable] {
                                dirty[variable] = true
                                touched.append(variable)
                                for u in Int(tables.userStart[variable])..<Int(tables.userStart[variable + 1]) {
                                    let user = Int(tables.users[u])
                                    pending[user] = true
                                    if user > k { k = user + 1 }
                                }
                            }
                        }
                        k -= 1
                    }
                    for index in 0..<touched.count { dirty[touched[index]] = false }
                }
            }
        }
    }

    /// The substitutions `seeds` (whose constants moved) and everything that depends on them,
    /// appended to `order` in evaluation order (see ``dependents(of:dirty:pending:order:seeds:)``;
    /// `touched` is scratch).
    func dependents(ofSubstitutions seeds: [Int], dirty: inout [Bool], pending: inout [Bool], touched: inout ScratchList<Int>,
                    order: inout [Int]) {
        touched.removeAll()
        dependents(of: &touched, dirty: &dirty, pending: &pending, order: &order, seeds: seeds)
    }

    /// The arrays as buffers (the loops of a step read them without bounds checks).
    struct Tables {
        let variable: UnsafeBufferPointer<Int32>
        let constant: UnsafeBufferPointer<Double>
        let start: UnsafeBufferPointer<Int32>
        let termVariable: UnsafeBufferPointer<Int32>
        let termCoefficient: UnsafeBufferPointer<Double>
        let userStart: UnsafeBufferPointer<Int32>
        let users: UnsafeBufferPointer<Int32>
    }

    func withTables<R>(_ body: (Tables) -> R) -> R {
        variable.withUnsafeBufferPointer { variable in
            constant.withUnsafeBufferPointer { constant in
                start.withUnsafeBufferPointer { start in
                    termVariable.withUnsafeBufferPointer { termVariable in
                        termCoefficient.withUnsafeBufferPointer { termCoefficient in
                            userStart.withUnsafeBufferPointer { userStart in
                                users.withUnsafeBufferPointer { users in
                                    body(Tables(variable: variable, constant: constant, start: start, termVariable: termVariable,
                                                termCoefficient: termCoefficient, userStart: userStart, users: users))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func reexpand(_ tables: Tables, values: UnsafeMutableBufferPointer<Double>, prior: UnsafeMutableBufferPointer<Double>,
                                 dirty: UnsafeMutableBufferPointer<Bool>, pending: UnsafeMutableBufferPointer<Bool>,
                                 changed: inout ScratchList<Int>, from: Int) {
        var highest = -1
        for index in 0..<changed.count {
            let variable = changed[index]
            dirty[variable] = true
            guard index >= from else { continue }
            for u in Int(tables.userStart[variable])..<Int(tables.userStart[variable + 1]) {
                let k = Int(tables.users[u])
                pending[k] = true
                highest = max(highest, k)
            }
        }
        var k = highest
        while k >= 0 {
            if pending[k] {
                pending[k] = false
                var value = tables.constant[k]
                for e in Int(tables.start[k])..<Int(tables.start[k + 1]) {
                    value += tables.termCoefficient[e] * values[Int(tables.termVariable[e])]
                }
                let variable = Int(tables.variable[k])
                if !dirty[variable] {
                    prior[variable] = values[variable]
                    values[variable] = value
                    dirty[variable] = true
                    changed.append(variable)
                    for u in Int(tables.userStart[variable])..<Int(tables.userStart[variable + 1]) {
                        let user = Int(tables.users[u])
                        pending[user] = true
                        // Presolve substitutes a variable away from every later row,
                        // so its users come before it; should one not, go back up.
                        if user > k { k = user + 1 }
                    }
                } else {
                    values[variable] = value
                    if from > 0 {
                        // (Expanded before this call, maybe from the old values: its users again.)
                        for u in Int(tables.userStart[variable])..<Int(tables.userStart[variable + 1]) {
                            let user = Int(tables.users[u])
                            pending[user] = true
                            if user > k { k = user + 1 }
                        }
                    }
                }
            }
            k -= 1
        }
        for index in 0..<changed.count { dirty[changed[index]] = false }
    }

    /// Re-evaluates the substitutions `order` (in that order) into `values`, journaling the
    /// old values and listing the variables.
    func evaluate(_ order: [Int], into values: inout [Double], journal: inout ScratchList<JournalEntry>,
                  changed: inout ScratchList<Int>) {
        withTables { tables in
            order.withUnsafeBufferPointer { order in
                values.withUnsafeMutableBufferPointer { values in
                    journal.append(upTo: order.count, filler: (0, 0)) { journal in
                        changed.append(upTo: order.count, filler: 0) { changed in
                            for (i, k) in order.enumerated() {
                                let variable = Int(tables.variable[k])
                                journal[i] = (variable, values[variable])
                                changed[i] = variable
                            }
                            for k in order {
                                var value = tables.constant[k]
                                for e in Int(tables.start[k])..<Int(tables.start[k + 1]) {
                                    value += tables.termCoefficient[e] * values[Int(tables.termVariable[e])]
                                }
                                values[Int(tables.variable[k])] = value
                            }
                            return order.count
                        }
                        return order.count
                    }
                }
            }
        }
    }
}
