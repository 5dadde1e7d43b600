/// How a component's solution moves when only edit suggestions change.
///
/// While the optimal basis stays primal feasible, a change of the right-hand side (a suggested
/// value) moves the basic variables along a fixed direction: the simplex tableau column of the
/// edit row. The basis stays dual feasible (costs did not change), so the moved point is still
/// optimal. A drag step is then O(affected variables) with no GLPK call at all; only when a basic
/// variable would leave its bounds does the component go back to the simplex method.
///
/// Built inside the synchronous call that owns the GLPK problem, from values read out of it;
/// nothing here refers to GLPK.
struct AffineModel {
    /// How one edit row moves the basic variables.
    struct Direction {
        /// (position in the basic arrays, change per unit of right-hand side)
        var entries: [(position: Int, alpha: Double)]
        /// Change of the weighted objective per unit of right-hand side (the row's dual).
        var slope: Double
    }

    /// The reduced problem the LP solved (substitutions undone after each step). Never
    /// mutated after construction: copying its rows each step would cost O(rows).
    private let presolve: Presolve
    /// Values of the non-eliminated component variables.
    private(set) var remaining: [Double]
    /// Values of all component variables (substitutions applied).
    private var values: [Double]
    /// Constants of edit constraints moved since the model was built, by constraint index.
    private var movedConstants: [Int: Double] = [:]
    /// Scratch flags for the incremental expansion (all false between steps).
    private var dirty: [Bool] = []
    /// By edit constraint index: the substitutions its direction reaches, in evaluation order
    /// (so a step re-evaluates only those, not every substitution).
    private var reached: [Int: [Int]] = [:]
    private var basicValue: [Double] = []
    private var basicLower: [Double] = []
    private var basicUpper: [Double] = []
    /// The component variable a basic position is, or -1 (rows, error columns).
    private var basicVariable: [Int] = []
    /// By edit constraint index (edits with an LP row): its direction, or nil when the edit
    /// row's activity is basic (then any change needs the simplex method).
    private var directions: [Int: Direction?] = [:]

    /// A model for a component that needed no LP: edit rows only change constant violations.
    static func trivial(presolve: Presolve, remaining: [Double], editRows: [Int]) -> AffineModel? {
        guard !editRows.isEmpty else { return nil }
        return AffineModel(presolve: presolve, remaining: remaining)
    }

    private init(presolve: Presolve, remaining: [Double]) {
        self.presolve = presolve
        self.remaining = remaining
        values = presolve.expand(remaining)
    }

    /// Reads the basis, values and tableau columns of the edit rows from a solved `lp`.
    init(lp: LinearProgram, presolve: Presolve, remaining: [Double], editRows: [Int],
         variableOfColumn: [Int], costScale: Double) {
        self.presolve = presolve
        self.remaining = remaining
        values = presolve.expand(remaining)
        let m = lp.rowCount
        var positionOf: [Int: Int] = [:]
        for basic in lp.basicVariables() {
            positionOf[basic] = basicValue.count
            if basic < m {
                basicValue.append(lp.rowValue(basic))
                let row = presolve.rows[basic]
                let rhs = -row.constant + 0
                switch presolve.relation(of: row) {
                case .equal: basicLower.append(rhs); basicUpper.append(rhs)
                case .lessThanOrEqual: basicLower.append(-.infinity); basicUpper.append(rhs)
                case .greaterThanOrEqual: basicLower.append(rhs); basicUpper.append(.infinity)
                }
                basicVariable.append(-1)
            } else {
                let column = basic - m
                basicValue.append(lp.columnValue(column))
                if column < variableOfColumn.count {
                    let variable = variableOfColumn[column]
                    basicLower.append(presolve.lower[variable] ?? -.infinity)
                    basicUpper.append(presolve.upper[variable] ?? .infinity)
                    basicVariable.append(variable)
                } else {
                    basicLower.append(0)
                    basicUpper.append(.infinity)
                    basicVariable.append(-1)
                }
            }
        }
        for edit in editRows {
            guard case .row(let row)? = presolve.place(ofSource: edit) else { continue }
            guard let column = lp.tableauColumn(ofRow: row) else {
                directions[edit] = .some(nil)
                continue
            }
            let entries = column.compactMap { entry in positionOf[entry.basic].map { ($0, entry.alpha) } }
            directions[edit] = Direction(entries: entries, slope: lp.rowDual(row) / costScale)
        }
        var marked = Array(repeating: false, count: values.count)
        for (edit, direction) in directions {
            guard let direction else { continue }
            var touched: [Int] = []
            for (position, _) in direction.entries where basicVariable[position] >= 0 && !marked[basicVariable[position]] {
                marked[basicVariable[position]] = true
                touched.append(basicVariable[position])
            }
            reached[edit] = presolve.dependentSubstitutions(of: &marked, touched: &touched)
            for variable in touched { marked[variable] = false }
        }
    }

    /// Moves the solution for new constants of edit rows (`changes[i]` = new constant of
    /// constraint `i`, with its weight). Returns the new values of all component variables and
    /// the change of the weighted objective, or nil (leaving the model untouched) when the basis
    /// would stop being feasible and the simplex method is needed.
    mutating func step(_ changes: [(index: Int, constant: Double, weight: Double)])
        -> (values: [Double], objectiveChange: Double, changed: [Int])? {
        var journal: [(position: Int, value: Double)] = []
        journal.reserveCapacity(changes.count == 1 ? ((directions[changes[0].index] ?? nil)?.entries.count ?? 0) : 16)
        var objectiveChange = 0.0
        for (index, constant, weight) in changes {
            let delta = constant - (movedConstants[index] ?? presolve.constant(ofSource: index))
            if delta == 0 { continue }
            switch presolve.place(ofSource: index) {
            case .row:
                guard let direction = directions[index] ?? nil else { rollBack(journal); return nil }
                // The constant moves by delta, so the row's right-hand side moves by -delta.
                objectiveChange -= direction.slope * delta
                for (position, alpha) in direction.entries {
                    journal.append((position, basicValue[position]))
                    basicValue[position] -= alpha * delta
                }
            case .constant(let i):
                // The row's constant moved with the edit's: base + (current - original).
                let original = presolve.constant(ofSource: index)
                let old = presolve.constantRows[i].constant + ((movedConstants[index] ?? original) - original)
                objectiveChange += weight * (abs(old + delta) - abs(old))
            case nil:
                break
            }
        }
        for (position, _) in journal {
            let value = basicValue[position]
            let slack = 1e-9 * max(1, abs(value))
            if value < basicLower[position] - slack || value > basicUpper[position] + slack {
                rollBack(journal)
                return nil
            }
        }
        for (position, _) in journal where basicVariable[position] >= 0 {
            remaining[basicVariable[position]] = basicValue[position]
            values[basicVariable[position]] = basicValue[position]
        }
        let moved = changes.filter { change in
            change.constant != (movedConstants[change.index] ?? presolve.constant(ofSource: change.index))
        }
        for (index, constant, _) in changes { movedConstants[index] = constant }
        var changed: [Int] = []
        if moved.count == 1, let order = reached[moved[0].index] {
            // One edit moved (a drag): re-evaluate exactly what its direction reaches.
            presolve.evaluate(order, into: &values)
            changed.reserveCapacity(journal.count + order.count)
            for (position, _) in journal where basicVariable[position] >= 0 { changed.append(basicVariable[position]) }
            for k in order { changed.append(presolve.substitutions[k].variable) }
        } else if !journal.isEmpty {
            if dirty.count != values.count { dirty = Array(repeating: false, count: values.count) }
            for (position, _) in journal where basicVariable[position] >= 0 && !dirty[basicVariable[position]] {
                dirty[basicVariable[position]] = true
                changed.append(basicVariable[position])
            }
            presolve.reexpand(&values, dirty: &dirty, changed: &changed)
            for variable in changed { dirty[variable] = false }
        }
        return (values, objectiveChange, changed)
    }

    private mutating func rollBack(_ journal: [(position: Int, value: Double)]) {
        for (position, value) in journal.reversed() { basicValue[position] = value }
    }
}
