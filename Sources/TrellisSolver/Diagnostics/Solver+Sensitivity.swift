// Diagnostics, sensitivity: an analysis asked for explicitly (see Solver+DiagnosticSystem.swift).
extension Solver {
    /// The range of `constraint`'s constant within which the solution keeps its shape (the same
    /// constraints binding, the same ones broken; values move linearly), and what changes at
    /// each end. See ``SensitivityRange``.
    ///
    /// ```swift
    /// let w = Variable("w"), a = Variable("a"), b = Variable("b")
    /// let solver = Solver()
    /// let width = (w == 400).labeled("width")
    /// try solver.add([width, (a + b == w), (a >= 100), ((b == 200) ~~ .weight(1))])
    /// let range = try solver.sensitivity(of: width)
    /// range.valueRange.lower   // 300: below it, b's preference would need a < 100
    /// ```
    /// - Throws: ``TrellisError/unknownConstraint(_:)``, or what ``solve()`` throws.
    public func sensitivity(of constraint: Constraint) throws -> SensitivityRange<Constraint> {
        let isEdit = edits.values.contains { $0.constraint === constraint }
        guard isEdit || hasConstraint(constraint) else { throw TrellisError.unknownConstraint(constraint) }
        try solve()
        let system = diagnosticSystem()
        let constant = system.constantOf[ObjectIdentifier(constraint)]!
        guard let index = system.componentIndex(of: constraint) else {
            return Self.termlessRange(of: constraint, constant: constant)
        }
        let component = system.components[index]
        let model = try feasibleModel(component, system: system, reduced: false)
        let source = component.constraints.firstIndex { $0 === constraint }!
        guard let lp = model.lp, let row = model.row(ofSource: source) else {
            throw TrellisError.numericalFailure("the constraint has no row in its rebuilt component")
        }
        if lp.rowIsBasic(row) {
            let activity = lp.rowValue(row)
            try lp.verify()
            return Self.nonbindingRange(of: constraint, constant: constant, activity: activity)
        }
        let (ups, downs) = try Self.ratioTest(alongRow: row, of: model, lp: lp)
        let limit = { (k: Int) in Self.limit(at: k, of: model, component: component, rowCount: lp.rowCount) }
        let (deltaHigh, lowerLimit) = Self.nearest(ups, limit: limit)
        let (negativeDeltaLow, upperLimit) = Self.nearest(downs, limit: limit)
        let deltaLow = -negativeDeltaLow
        try lp.verify()
        // constant' = constant - δ
        return SensitivityRange(constraint: constraint, constant: constant,
                                lowerBound: constant - deltaHigh, upperBound: constant - deltaLow,
                                lowerLimit: lowerLimit, upperLimit: upperLimit)
    }

    /// A constraint with no terms: nothing moves with it; a required one only stays satisfiable.
    private static func termlessRange(of constraint: Constraint, constant: Double) -> SensitivityRange<Constraint> {
        let (low, high): (Double, Double)
        switch (constraint.strength.isRequired, constraint.relation) {
        case (false, _): (low, high) = (-.infinity, .infinity)
        case (true, .equal): (low, high) = (0, 0)
        case (true, .lessThanOrEqual): (low, high) = (-.infinity, 0)
        case (true, .greaterThanOrEqual): (low, high) = (0, .infinity)
        }
        return SensitivityRange(constraint: constraint, constant: constant, lowerBound: low, upperBound: high,
                                lowerLimit: nil, upperLimit: nil)
    }

    /// A row that is not binding (basic): its constant can move until the row starts to press.
    private static func nonbindingRange(of constraint: Constraint, constant: Double, activity: Double) -> SensitivityRange<Constraint> {
        let itself = SensitivityRange<Constraint>.Limit(constraint: constraint, event: .becomesActive)
        switch constraint.relation {
        case .greaterThanOrEqual:   // activity ≥ -constant
            return SensitivityRange(constraint: constraint, constant: constant, lowerBound: min(-activity + 0, constant),
                                    upperBound: .infinity, lowerLimit: itself, upperLimit: nil)
        case .lessThanOrEqual:      // activity ≤ -constant
            return SensitivityRange(constraint: constraint, constant: constant, lowerBound: -.infinity,
                                    upperBound: max(-activity + 0, constant), lowerLimit: nil, upperLimit: itself)
        case .equal:                // a basic equality row: any move changes the basis
            return SensitivityRange(constraint: constraint, constant: constant, lowerBound: constant, upperBound: constant,
                                    lowerLimit: itself, upperLimit: itself)
        }
    }

    /// The ratio test along the tableau column of a binding row: the row's activity (at its
    /// bound, -constant) moves by δ, each basic variable k by alpha × δ, within its original
    /// bounds. Returns, for each basic variable that limits δ, how far δ can go up and down.
    private static func ratioTest(alongRow row: Int, of model: DiagnosticModel, lp: LinearProgram) throws
        -> (ups: [(delta: Double, k: Int)], downs: [(delta: Double, k: Int)]) {
        guard let column = lp.tableauColumn(ofRow: row) else {
            try lp.verify()
            throw TrellisError.numericalFailure("the optimal basis of a component could not be factorized to range a constant")
        }
        let m = lp.rowCount
        var ups: [(delta: Double, k: Int)] = [], downs: [(delta: Double, k: Int)] = []
        let magnitude = column.reduce(0.0) { max($0, abs($1.alpha)) }
        for (k, alpha) in column where abs(alpha) > 1e-12 * max(1, magnitude) {
            let bounds = model.originalBounds(ofVariable: k)
            let v = min(max(k < m ? lp.rowValue(k) : lp.columnValue(k - m), bounds.lower), bounds.upper)
            // lower ≤ v + alpha δ ≤ upper
            let up = alpha > 0 ? (bounds.upper - v) / alpha : (bounds.lower - v) / alpha
            let down = alpha > 0 ? (bounds.lower - v) / alpha : (bounds.upper - v) / alpha
            if up.isFinite { ups.append((up, k)) }
            if down.isFinite { downs.append((-down, k)) }
        }
        return (ups, downs)
    }

    /// What changes state when basic variable k (a row below `rowCount`, else a column) reaches its bound.
    private static func limit(at k: Int, of model: DiagnosticModel, component: Component,
                              rowCount m: Int) -> SensitivityRange<Constraint>.Limit {
        if k < m {
            return .init(constraint: component.constraints[model.source(ofRow: k)], event: .becomesActive)
        }
        switch model.role(ofColumn: k - m) {
        case .variable: return .init(constraint: nil, event: .reachesBound)
        case .error(let errorRow): return .init(constraint: component.constraints[model.source(ofRow: errorRow)], event: .becomesSatisfied)
        }
    }

    /// The nearest limit; on a tie (several state changes at once) the most telling one: a
    /// broken soft constraint coming to hold, then an inequality starting to press, then a
    /// bound; among equals the constraint first in canonical order.
    private static func nearest(_ candidates: [(delta: Double, k: Int)], limit: (Int) -> SensitivityRange<Constraint>.Limit)
        -> (delta: Double, limit: SensitivityRange<Constraint>.Limit?) {
        guard let best = candidates.map(\.delta).min() else { return (.infinity, nil) }
        let tied = candidates.filter { $0.delta <= best + 1e-9 * max(1, abs(best)) }.map { limit($0.k) }
        func rank(_ limit: SensitivityRange<Constraint>.Limit) -> Int {
            switch limit.event {
            case .becomesSatisfied: 0
            case .becomesActive: 1
            case .reachesBound: 2
            }
        }
        let chosen = tied.min { a, b in
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            guard let ca = a.constraint, let cb = b.constraint else { return a.constraint != nil }
            return ca.canonicallyPrecedes(cb)
        }
        return (best, chosen)
    }

    /// The range of the suggested value of edit variable `variable` within which the solution
    /// keeps its shape. The range is that of the edit row's constant, which is minus the
    /// suggestion: read it with ``SensitivityRange/valueRange``.
    ///
    /// ```swift
    /// try solver.addEditVariable(x, strength: .weight(1000))
    /// try solver.suggest(x, value: 120)
    /// let range = try solver.sensitivity(ofSuggestionFor: x)
    /// range.valueRange     // where the suggestion may go with the same shape
    /// ```
    /// - Throws: ``TrellisError/unknownEditVariable(_:)``, or what ``solve()`` throws.
    public func sensitivity(ofSuggestionFor variable: Variable) throws -> SensitivityRange<Constraint> {
        guard let edit = edits[variable.id] else { throw TrellisError.unknownEditVariable(variable) }
        return try sensitivity(of: edit.constraint)
    }
}
