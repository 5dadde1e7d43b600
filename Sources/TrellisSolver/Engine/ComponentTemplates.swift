/// Components solved once per *shape*: a screen's text rows are a thousand blocks with the same
/// rows, terms, relations and priorities, whose constants differ only in their moving rows (a
/// label's measured size). The first block of a shape is solved with the simplex method; a later
/// block of that shape takes a copy of a solved block's affine model moved to its own constants
/// along the stored directions (``AffineModel/copy(steppedAlong:values:)``) — no presolve, crash
/// basis, LP or GLPK run of its own — when that block's basis holds them; else it is solved too,
/// and kept as another template of the shape (a text shorter than its avatar and one taller
/// have two bases), up to ``templatesPerKey``.
///
/// Exactness: the copy's values are the basic solution of a solved block's optimal basis at the
/// new constants. That basis is used only when it certifies the *only* optimum
/// (``AffineModel/uniquenessCertificate()``): every non-basic variable free to move has a cost at
/// some level — reduced costs do not depend on the constants — but at most one, which must be
/// blocked at the new constants by a basic variable at its bound (a label at its natural size:
/// its hugging and compression rows both hold, one non-basic at no cost, held by the other;
/// ``AffineModel/isBlocked(_:)``). Wherever the basis stays primal feasible — the step checks it,
/// else the block is solved as usual — its point is then the only lexicographic optimum of the
/// block: the one a simplex run finds, whatever its path. An ambiguous block (a layout whose
/// answer GLPK picks among several) is never given a copy.
///
/// Lives for one ``SolverEngine/solveFromScratch(_:states:slides:coldStarts:remaining:into:)``
/// call; nothing here refers to GLPK.
struct ComponentTemplates {
    /// A solved state, its constants, moving rows and solution, and (once another state of its
    /// shape came) what certifies its basis's optimum as the only one.
    private struct Template {
        let state: ComponentState
        let constants: [Double]
        let moving: [Bool]
        let solution: ComponentState.Solution
        /// Computed when a second state of the shape comes; `.some(nil)`: nothing certifies it.
        var certificate: UniquenessCertificate??
    }

    /// The templates with each count of variables, rows, terms and moving rows (a few at most,
    /// of one shape or of several).
    private var byCounts = ListsByKey()
    private var templates: [Template] = []
    /// Scratch: which rows of the state being looked at move.
    private var moving: [Bool] = []
    /// The most rows a template's component may have: its certificate factorizes a dense basis
    /// (cubic in the rows), worth it for the small blocks a screen repeats, not for a large
    /// component that happens to come twice (solved as usual).
    static let maximumRows = 64
    /// The most templates kept for one count key, and for one shape (a shape's templates with
    /// other bases: a text shorter than its avatar, one taller, one held at a preferred height;
    /// tried nearest in constants first, so that more cost little — with two a shape, a feed
    /// whose texts needed a third basis solved every row of it).
    private static let templatesPerKey = 12
    private static let templatesPerShape = 6

    /// The solution of `state` taken from the template of its shape; nil when there is none, it
    /// does not certify its optimum, or its basis does not hold the state's constants.
    mutating func solution(for state: ComponentState) -> ComponentState.Solution? {
        guard let key = Self.key(of: state) else { return nil }
        let candidates = byCounts.list(key)
        guard !candidates.isEmpty else { return nil }
        markMoving(state)
        // The template nearest in the moving rows' constants first (the likeliest to have the
        // basis that holds them: a text shorter than its avatar, one taller), then the others.
        var nearest = candidates[0]
        if candidates.count > 1 {
            var nearestDistance = Double.infinity
            for index in candidates {
                let distance = Self.distance(state.baseConstants, templates[index].constants, rows: state.parameterRows)
                if distance < nearestDistance { (nearest, nearestDistance) = (index, distance) }
            }
        }
        if Self.sameShape(state, moving: moving, as: templates[nearest]), let solution = solution(for: state, from: nearest) {
            return solution
        }
        for index in candidates where index != nearest && Self.sameShape(state, moving: moving, as: templates[index]) {
            if let solution = solution(for: state, from: index) { return solution }
        }
        return nil
    }

    /// How far `constants` are from `other` in `rows` (the sum of the differences).
    static func distance(_ constants: [Double], _ other: [Double], rows: [Int]) -> Double {
        var sum = 0.0
        for row in rows { sum += abs(constants[row] - other[row]) }
        return sum
    }

    /// The solution of `state` from the template at `index` (of its shape), nil when it does not
    /// certify its optimum or its basis does not hold the state's constants.
    private mutating func solution(for state: ComponentState, from index: Int) -> ComponentState.Solution? {
        guard let affine = templates[index].solution.affine else { return nil }
        if templates[index].certificate == nil { templates[index].certificate = .some(affine.uniquenessCertificate()) }
        guard let certificate = templates[index].certificate! else { return nil }
        return Self.stepped(state, rows: state.parameterRows.sorted(), from: templates[index].solution,
                            constants: templates[index].constants, certificate: certificate)
    }

    /// `state`'s solution taken from `solution` — a solve of a block with `state`'s rows at
    /// `constants`, which differ from `state`'s only in `rows` (ascending), the solve's edit
    /// rows — by moving a copy of its affine model to `state`'s constants: its values, the same
    /// basis, the model moved. Nil when the model cannot follow a row, its basis does not hold
    /// the new constants, or `certificate` (``AffineModel/uniquenessCertificate()`` of the
    /// solve's model) does not make the point the only optimum there.
    static func stepped(_ state: ComponentState, rows: [Int], from solution: ComponentState.Solution, constants: [Double],
                        certificate: UniquenessCertificate) -> ComponentState.Solution? {
        guard let affine = solution.affine else { return nil }
        let constraints = state.component.constraints
        var changes: [(index: Int, constant: Double, weight: Double)] = []
        changes.reserveCapacity(rows.count)
        for row in rows where state.baseConstants[row] != constants[row] {
            let strength = constraints[row].strength
            guard affine.canMove(source: row, required: strength.isRequired) else { return nil }
            changes.append((row, state.baseConstants[row], strength.isRequired ? 0 : strength.weight))
        }
        var values = solution.values
        guard let model = affine.copy(steppedAlong: changes, values: &values), model.isBlocked(certificate),
              requiredRowsHold(state, values: values) else { return nil }
        let objective = state.objective(values: values, constants: state.baseConstants)
        return ComponentState.Solution(values: values.map { $0 + 0 }, objective: objective, affine: model,
                                       basis: solution.basis, crashWasOptimal: solution.crashWasOptimal)
    }

    /// Keeps `solution` of `state` (solved because no template gave it) as a template, when it
    /// has an affine model and a basis, its counts have fewer than ``templatesPerKey`` and its
    /// shape fewer than ``templatesPerShape`` (so that other bases of a shape are kept, and an
    /// ambiguous first block does not stand for its shape alone).
    mutating func offer(_ state: ComponentState, solution: ComponentState.Solution) {
        guard solution.affine != nil, solution.basis != nil, let key = Self.key(of: state) else { return }
        let candidates = byCounts.list(key)
        guard candidates.count < Self.templatesPerKey else { return }
        markMoving(state)
        let alike = candidates.count { Self.sameShape(state, moving: moving, as: templates[$0]) }
        guard alike < Self.templatesPerShape else { return }
        byCounts.append(templates.count, to: key)
        templates.append(Template(state: state, constants: state.baseConstants, moving: moving, solution: solution))
    }

    /// The counts a shape has (variables, rows, terms, moving rows), packed; nil when `state` is
    /// not a candidate: no moving rows (such blocks are solved together), edit rows, or more than
    /// ``maximumRows`` rows.
    private static func key(of state: ComponentState) -> UInt64? {
        guard state.rowOfEdit.isEmpty, !state.parameterRows.isEmpty,
              state.baseConstants.count <= maximumRows else { return nil }
        let (variables, rows, terms, moving) = (state.component.variables.count, state.baseConstants.count,
                                                state.terms.termCount, state.parameterRows.count)
        guard max(variables, rows, terms, moving) < 1 << 16 else { return nil }
        return UInt64(variables) << 48 | UInt64(rows) << 32 | UInt64(terms) << 16 | UInt64(moving)
    }

    /// Fills ``moving`` for `state`.
    private mutating func markMoving(_ state: ComponentState) {
        moving.removeAll(keepingCapacity: true)
        moving.append(contentsOf: repeatElement(false, count: state.baseConstants.count))
        for row in state.parameterRows { moving[row] = true }
    }

    /// Whether `state` has the template's rows, terms, relations, strengths and moving rows, and
    /// its constants but in moving rows (equal counts are no proof).
    private static func sameShape(_ state: ComponentState, moving: [Bool], as template: Template) -> Bool {
        moving == template.moving
            && sameRows(state, template.state, otherConstants: template.constants) { !moving[$0] }
    }

    /// Whether `state` and `other` have as many variables, the same rows (relations, strengths,
    /// terms) and, in the rows `compared` names, the same constants (`other`'s are `otherConstants`).
    static func sameRows(_ state: ComponentState, _ other: ComponentState, otherConstants: [Double],
                         compared: (Int) -> Bool) -> Bool {
        guard state.component.variables.count == other.component.variables.count,
              state.baseConstants.count == otherConstants.count else { return false }
        let a = state.component.constraints, b = other.component.constraints
        for row in a.indices {
            guard a[row].relation == b[row].relation, a[row].strength == b[row].strength,
                  !compared(row) || state.baseConstants[row] == otherConstants[row] else { return false }
        }
        return state.terms.withBuffers { entries, start in
            other.terms.withBuffers { otherEntries, otherStart in
                guard entries.count == otherEntries.count, start.elementsEqual(otherStart) else { return false }
                for t in entries.indices where entries[t].variable != otherEntries[t].variable
                    || entries[t].coefficient != otherEntries[t].coefficient { return false }
                return true
            }
        }
    }

    /// Whether `values` hold every required row of `state` to a relative 1e-6 (what a solve checks).
    private static func requiredRowsHold(_ state: ComponentState, values: [Double]) -> Bool {
        values.allSatisfy(\.isFinite)
            && ComponentState.brokenRequiredRow(of: state.component, terms: state.terms, constants: state.baseConstants,
                                                at: values) == nil
    }
}
