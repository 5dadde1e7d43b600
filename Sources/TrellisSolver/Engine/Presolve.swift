import TrellisSupport

/// Exact reductions of a component before any LP: required equalities that fix a variable or
/// tie two variables together are substituted away, and required single-variable inequalities
/// become column bounds.
///
/// Only substitutions whose pivot coefficient is ±1 or another power of two are made, so the
/// division that expresses the eliminated variable is exact in binary floating point. A fully
/// determined layout (every position fixed or tied to a fixed one) leaves no LP at all.
///
/// Presolve never decides infeasibility on its own: if it meets a contradiction it gives up
/// (returns nil) and the component goes to GLPK unreduced, so that feasibility is judged by one
/// rule and conflicts are isolated on the original constraints.
struct Presolve {
    /// A row of the reduced problem: `Σ coef × x + constant OP 0` over remaining variables.
    struct Row {
        /// Index of the constraint in ``Component/constraints``.
        let source: Int
        /// A view into the component's rows (a row presolve left as it was) or into the store
        /// of the rows it changed: no array per row.
        var terms: RowStore.Row
        var constant: Double
    }

    /// `variable = Σ coefficient × other + constant` over variables not yet eliminated then.
    /// (Every substitution's terms are one row of one ``RowStore``: no array each.)
    struct Substitution {
        let variable: Int
        let terms: RowStore.Row
        let constant: Double
    }

    /// The largest fill-in one elimination may cause: (row length − 2) × (other rows using the
    /// pivot − 1). Doubletons and singletons cost nothing; a 3-term row like `r = l + w` whose
    /// pivot appears in a few rows is still taken; dense pivots are left to the simplex method.
    static let fillInLimit = 8
    /// No substitution may make a row longer than this (unless it shrinks it).
    static let rowLengthCap = 4

    /// Rows left for the LP (required and soft), in component order.
    var rows: [Row] = []
    /// Soft constraints whose terms all vanished: their violation is a constant.
    var constantRows: [Row] = []
    /// Eliminations, in the order they were made (undo in reverse).
    private(set) var substitutions: [Substitution] = []
    /// Bounds of the remaining variables from single-variable required inequalities.
    private(set) var lower: [Double?]
    private(set) var upper: [Double?]
    /// Whether each variable was eliminated.
    private(set) var eliminated: [Bool]
    /// When elimination used up every required row and left soft rows without terms only (a
    /// determined component: no LP, no bound, no check that depends on the constants but the
    /// elimination's own; the soft rows count in the objective only), its operations on the
    /// constants, to find the substitutions' constants for other constants by replaying them
    /// (``ConstantTape``); else nil.
    private(set) var constantTape: ConstantTape?
    /// The relation of each constraint of the component.
    private let relations: [Relation]
    /// The constant of each constraint of the component as given (edits: their suggestion).
    private(set) var constants: [Double]
    /// Where each constraint ended up: a position in ``rows``, or in ``constantRows`` (negative, -1-based).
    /// Per constraint: a position in ``rows`` (≥ 0), in ``constantRows`` (-2 - i), or -1 (used up).
    private var placeOfSource: [Int32] = []

    /// Reduces `component` with the given constants (edit rows carry their suggested value), or
    /// returns nil when a contradiction was met. Constraints in `protected` (whose constants move
    /// between solves: the affine model follows them) are neither substituted away nor turned
    /// into bounds: they stay LP rows.
    init?(component: Component, terms: RowStore, constants: [Double],
          protecting protected: [Int] = []) {
        let constraints = component.constraints
        let n = component.variables.count
        // Read once: the loops below would otherwise touch a Constraint object per look.
        var isRequired = [Bool](filled: false, count: constraints.count)
        var relations = [Relation](filled: .equal, count: constraints.count)
        for (index, constraint) in constraints.enumerated() {
            isRequired[index] = constraint.strength.isRequired
            relations[index] = constraint.relation
        }
        var isProtected = [Bool](filled: false, count: constraints.count)
        for index in protected where index < isProtected.count { isProtected[index] = true }
        lower = Array(filled: nil, count: n)
        upper = Array(filled: nil, count: n)
        eliminated = Array(filled: false, count: n)
        self.relations = relations
        self.constants = constants

        var elimination = Elimination(variables: n, terms: terms, constants: constants, isRequired: isRequired,
                                      relations: relations, isProtected: isProtected)
        guard elimination.run(eliminated: &eliminated) else { return nil }
        substitutions = elimination.substitutions()
        let remaining = elimination.remainingRows()
        if let tape = elimination.tape, tape.substitutionCount == substitutions.count,
           remaining.allSatisfy({ $0.terms.isEmpty && !isRequired[$0.source] }) {
            constantTape = tape
        }
        guard collect(remaining, isRequired: isRequired, isProtected: isProtected),
              boundsAreConsistent(), isFinite() else { return nil }
        rows.sort { $0.source < $1.source }
        constantRows.sort { $0.source < $1.source }
        indexPlaces()
    }

    /// Whether presolve may determine `component` by elimination alone (``constantTape``),
    /// whatever its soft rows: every required row is an equality, and there are at least as
    /// many of them as variables (each elimination uses one up; fewer leave a variable that
    /// soft rows decide, an LP).
    static func mayBeDetermined(_ component: Component) -> Bool {
        var equalities = 0
        for constraint in component.constraints where constraint.strength.isRequired {
            guard constraint.relation == .equal else { return false }
            equalities += 1
        }
        return equalities >= component.variables.count
    }

    /// What is left after elimination: bounds from single-variable required inequalities, LP
    /// rows, constant rows. False when a required row without terms does not hold.
    private mutating func collect(_ work: [Row], isRequired: [Bool], isProtected: [Bool]) -> Bool {
        for row in work {
            let required = isRequired[row.source], relation = relations[row.source]
            if row.terms.isEmpty {
                if required {
                    if Self.violation(constant: row.constant, relation: relation) > 1e-9 { return false }
                } else {
                    constantRows.append(row)
                }
                continue
            }
            if required, relation != .equal, row.terms.count == 1, !isProtected[row.source] {
                let (x, a) = row.terms[0]
                let bound = -row.constant / a
                // a·x + c >= 0  ⇔  x >= -c/a when a > 0 (flipped for a < 0); likewise for <=.
                let isLower = (relation == .greaterThanOrEqual) == (a > 0)
                if isLower { lower[x] = max(lower[x] ?? -.infinity, bound) } else { upper[x] = min(upper[x] ?? .infinity, bound) }
                continue
            }
            rows.append(row)
        }
        return true
    }

    /// Whether every variable's bounds leave room for it, up to the rounding of their quotients
    /// (``ScalarComponent/limitsMeet(lower:upper:)``).
    private func boundsAreConsistent() -> Bool {
        for j in lower.indices {
            if let lo = lower[j], let up = upper[j], !ScalarComponent.limitsMeet(lower: lo, upper: up) { return false }
        }
        return true
    }

    /// Inputs are finite, but a quotient of far-apart magnitudes need not be (a bound
    /// 180 / 2.2e-308, a substitution through a tiny power of two): then the component is left
    /// to GLPK unreduced, whose inputs are the validated numbers themselves.
    private func isFinite() -> Bool {
        Self.allFinite(rows) && Self.allFinite(constantRows) && Self.allFinite(substitutions)
            && lower.allSatisfy({ $0?.isFinite ?? true }) && upper.allSatisfy({ $0?.isFinite ?? true })
    }

    /// Takes out of ``rows`` every variable that only single-variable rows name, when `solve`
    /// finds its value in closed form: after substitution, a layout's component often falls
    /// apart into such pieces (each height held only by its own hugging and compression rows,
    /// once the container's edges are fixed), which need no simplex method. Rows of constraints
    /// in `protected` (edit rows, which the affine model follows) stay in the LP.
    ///
    /// `solve` gets a variable's rows and bounds and returns its value, or nil to leave it to the
    /// LP. Returns the values found, by component variable.
    mutating func splitOffScalars(protecting protected: [Int],
                                  solve: (_ rows: ArraySlice<(source: Int, coefficient: Double, constant: Double)>,
                                          _ lower: Double?, _ upper: Double?) -> Double?) -> [(variable: Int, value: Double)] {
        let n = lower.count
        // Per variable: -1 not seen, -2 named by a longer (or protected) row, else its row count.
        var singleRows = Array(filled: -1, count: n)
        var isProtected = Array(filled: false, count: relations.count)
        for source in protected where source < isProtected.count { isProtected[source] = true }
        for row in rows {
            if row.terms.count == 1 && !isProtected[row.source] {
                let j = row.terms[0].variable
                if singleRows[j] != -2 { singleRows[j] = max(singleRows[j], 0) + 1 }
            } else {
                for term in row.terms { singleRows[term.variable] = -2 }
            }
        }
        guard singleRows.contains(where: { $0 > 0 }) else { return [] }
        // Each candidate's rows, grouped in one flat array (counting sort by variable).
        var start = Array(filled: 0, count: n + 1)
        for j in 0..<n where singleRows[j] > 0 { start[j + 1] = singleRows[j] }
        for j in 0..<n { start[j + 1] += start[j] }
        var fill = start
        var grouped = Array(filled: (source: 0, coefficient: 0.0, constant: 0.0), count: start[n])
        for row in rows where row.terms.count == 1 && singleRows[row.terms[0].variable] > 0 {
            let j = row.terms[0].variable
            grouped[fill[j]] = (row.source, row.terms[0].coefficient, row.constant)
            fill[j] += 1
        }
        var solved: [(variable: Int, value: Double)] = []
        var taken = Array(filled: false, count: n)
        for j in 0..<n where singleRows[j] > 0 {
            if let value = solve(grouped[start[j]..<start[j + 1]], lower[j], upper[j]), value.isFinite {
                solved.append((j, value))
                taken[j] = true
            }
        }
        guard !solved.isEmpty else { return [] }
        rows.removeAll { $0.terms.count == 1 && taken[$0.terms[0].variable] }
        indexPlaces()
        return solved
    }

    /// Removes the rows of the constraints marked in `folded` (by source: folded into others'
    /// bounds, see ``RangeMerge``; or solved in closed form, see ``ScalarPieces``).
    mutating func removeRows(folded: [Bool]) {
        rows.removeAll { folded[$0.source] }
        indexPlaces()
    }

    /// Which rows name each variable: the initial rows in one flat array (no array per
    /// variable), plus the rows a substitution made name it later, as a list per variable
    /// threaded through flat arrays (in the order they were added). Entries may be stale (a
    /// row that no longer names the variable); users re-check the row.
    struct Occurrences {
        private var start: [Int32]
        private var rows: [Int32]
        /// Rows added later: variable v's list runs from addedFirst[v] through addedNext
        /// (-1 ends it); addedLast[v] is its last node, for appending.
        private var addedFirst: [Int32]
        private var addedLast: [Int32]
        private var addedRow: [Int32] = []
        private var addedNext: [Int32] = []
        private var cleared: [Bool]

        init(variables n: Int, terms: RowStore) {
            // (A counting sort read and written through buffers: no check a term.)
            var start = [Int32](filled: 0, count: n + 1)
            var rows = [Int32](filled: 0, count: terms.entries.count)
            terms.withBuffers { entries, rowStart in
                start.withUnsafeMutableBufferPointer { start in
                    for term in entries { start[term.variable + 1] += 1 }
                    for j in 0..<n { start[j + 1] += start[j] }
                    var fill = Array(start[0..<n])
                    rows.withUnsafeMutableBufferPointer { rows in
                        for index in 0..<rowStart.count - 1 {
                            for entry in Int(rowStart[index])..<Int(rowStart[index + 1]) {
                                let variable = entries[entry].variable
                                rows[Int(fill[variable])] = Int32(index)
                                fill[variable] += 1
                            }
                        }
                    }
                }
            }
            self.start = start
            self.rows = rows
            addedFirst = Array(filled: -1, count: n)
            addedLast = Array(filled: -1, count: n)
            cleared = Array(filled: false, count: n)
        }

        func contains(_ variable: Int, where predicate: (Int) -> Bool) -> Bool {
            guard !cleared[variable] else { return false }
            for k in Int(start[variable])..<Int(start[variable + 1]) where predicate(Int(rows[k])) { return true }
            var node = addedFirst[variable]
            while node >= 0 {
                if predicate(Int(addedRow[Int(node)])) { return true }
                node = addedNext[Int(node)]
            }
            return false
        }

        /// A walk over the rows of `variable`: the initial ones, then the added ones.
        struct Cursor {
            var next: Int
            var end: Int
            /// The last added row visited (-1: none yet).
            var node: Int32 = -1
            var done = false
        }

        func cursor(_ variable: Int) -> Cursor {
            cleared[variable] ? Cursor(next: 0, end: 0, done: true)
                              : Cursor(next: Int(start[variable]), end: Int(start[variable + 1]))
        }

        /// The next row of the walk (rows added to `variable` meanwhile included), nil at the end.
        func next(_ cursor: inout Cursor, of variable: Int) -> Int? {
            if cursor.next < cursor.end {
                cursor.next += 1
                return Int(rows[cursor.next - 1])
            }
            guard !cursor.done else { return nil }
            let node = cursor.node < 0 ? addedFirst[variable] : addedNext[Int(cursor.node)]
            guard node >= 0 else { return nil }
            cursor.node = node
            return Int(addedRow[Int(node)])
        }

        mutating func append(_ row: Int, to variable: Int) {
            let node = Int32(addedRow.count)
            addedRow.append(Int32(row))
            addedNext.append(-1)
            if addedLast[variable] >= 0 { addedNext[Int(addedLast[variable])] = node } else { addedFirst[variable] = node }
            addedLast[variable] = node
        }

        @inline(__always) mutating func clear(_ variable: Int) {
            cleared[variable] = true
            if addedFirst[variable] >= 0 {
                addedFirst[variable] = -1
                addedLast[variable] = -1
            }
        }
    }

    private mutating func indexPlaces() {
        placeOfSource = Array(filled: -1, count: relations.count)
        for (i, row) in rows.enumerated() { placeOfSource[row.source] = Int32(i) }
        for (i, row) in constantRows.enumerated() { placeOfSource[row.source] = Int32(-2 - i) }
    }

    /// The unreduced problem: every constraint a row, no substitution, no bound.
    static func identity(component: Component, terms: RowStore,
                         constants: [Double]) -> Presolve {
        Presolve(unreduced: component, terms: terms, constants: constants)
    }

    private init(unreduced component: Component, terms: RowStore, constants: [Double]) {
        let n = component.variables.count
        lower = Array(filled: nil, count: n)
        upper = Array(filled: nil, count: n)
        eliminated = Array(filled: false, count: n)
        relations = component.constraints.map(\.relation)
        self.constants = constants
        rows = component.constraints.indices.map { index in
            Row(source: index, terms: terms[index], constant: constants[index])
        }
        indexPlaces()
    }

    /// The relation of a row's constraint.
    func relation(of row: Row) -> Relation { relations[row.source] }

    /// The constant constraint `source` was given.
    func constant(ofSource source: Int) -> Double { constants[source] }

    /// Where constraint `source` is: `.row(i)` in ``rows``, `.constant(i)` in ``constantRows``,
    /// or nil when it was used up by a substitution or became a bound.
    func place(ofSource source: Int) -> Place? {
        let place = Int(placeOfSource[source])
        if place == -1 { return nil }
        return place >= 0 ? .row(place) : .constant(-2 - place)
    }

    enum Place { case row(Int), constant(Int) }

    /// LP columns: the remaining variables that appear in some row, in order of first
    /// appearance (`columnOfVariable[j]` is -1 for the others).
    func columns() -> (columnOfVariable: [Int], variableOfColumn: [Int]) {
        var columnOfVariable = Array(filled: -1, count: lower.count)
        var variableOfColumn: [Int] = []
        for row in rows {
            for term in row.terms where columnOfVariable[term.variable] < 0 {
                columnOfVariable[term.variable] = variableOfColumn.count
                variableOfColumn.append(term.variable)
            }
        }
        return (columnOfVariable, variableOfColumn)
    }

    /// Values for the remaining variables before any LP: each at the point of its bounds nearest
    /// to 0 (eliminated ones 0, to be filled in by ``expand(_:)``).
    func startingValues() -> [Double] {
        var remaining = Array(filled: 0.0, count: lower.count)
        for j in 0..<lower.count where !eliminated[j] {
            remaining[j] = ComponentSolver.clamp(0, lower[j], upper[j])
        }
        return remaining
    }

    /// Values of all component variables from the values of the remaining ones (`remaining[j]`
    /// is used for non-eliminated `j`).
    func expand(_ remaining: [Double]) -> [Double] {
        var values = remaining
        for substitution in substitutions.reversed() {
            var value = substitution.constant
            for (other, coefficient) in substitution.terms { value += coefficient * values[other] }
            values[substitution.variable] = value
        }
        return values
    }

    /// The substitutions (indices into the list, in evaluation order) that depend, directly or
    /// through others, on the variables flagged in `marked`; flags and lists their variables too.
    func dependentSubstitutions(of marked: inout [Bool], touched: inout [Int]) -> [Int] {
        var order: [Int] = []
        for k in substitutions.indices.reversed() where substitutions[k].terms.contains(where: { marked[$0.variable] }) {
            order.append(k)
            if !marked[substitutions[k].variable] {
                marked[substitutions[k].variable] = true
                touched.append(substitutions[k].variable)
            }
        }
        return order
    }

    /// Re-evaluates the given substitutions, in the given order, into `values`.
    func evaluate(_ order: [Int], into values: inout [Double]) {
        for k in order {
            let substitution = substitutions[k]
            var value = substitution.constant
            for (other, coefficient) in substitution.terms { value += coefficient * values[other] }
            values[substitution.variable] = value
        }
    }

    /// Updates `values` (a result of ``expand(_:)``) after the variables flagged in `dirty` (and
    /// listed in `changed`) changed: re-evaluates only the substitutions that depend on them,
    /// in the order ``expand(_:)`` uses, flagging and listing what they change in turn.
    func reexpand(_ values: inout [Double], dirty: inout [Bool], changed: inout [Int]) {
        guard !changed.isEmpty else { return }
        for substitution in substitutions.reversed() where substitution.terms.contains(where: { dirty[$0.variable] }) {
            var value = substitution.constant
            for (other, coefficient) in substitution.terms { value += coefficient * values[other] }
            values[substitution.variable] = value
            if !dirty[substitution.variable] {
                dirty[substitution.variable] = true
                changed.append(substitution.variable)
            }
        }
    }

    private static func allFinite(_ rows: [Row]) -> Bool {
        rows.allSatisfy { $0.constant.isFinite && $0.terms.allSatisfy(\.coefficient.isFinite) }
    }

    private static func allFinite(_ substitutions: [Substitution]) -> Bool {
        substitutions.allSatisfy { $0.constant.isFinite && $0.terms.allSatisfy(\.coefficient.isFinite) }
    }

    static func isPowerOfTwo(_ value: Double) -> Bool {
        value != 0 && value.isFinite && value.significandBitPattern == 0 && !value.isSubnormal
    }

    static func violation(constant: Double, relation: Relation) -> Double {
        relation.violation(of: constant)
    }
}
