// Diagnostics, explain: an analysis asked for explicitly (see Solver+DiagnosticSystem.swift).
extension Solver {
    /// Why `variable` has its value: the binding constraints it depends on, with how it moves
    /// per unit of each one's constant and each one's price. See ``Explanation``.
    ///
    /// ```swift
    /// let x = Variable("x"), y = Variable("y")
    /// let solver = Solver()
    /// try solver.add((y == 10).labeled("y is 10"))
    /// try solver.add((x >= y + 5).labeled("gap"))
    /// try solver.add(((x == 0) ~~ .weight(1)).labeled("x small"))
    /// let why = try solver.explain(x)
    /// why.value                                 // 15
    /// why.reasons.compactMap(\.constraint.label) // ["y is 10", "gap", "x small"]
    /// why.reasons.last?.role                    // .broken: its cost keeps x from growing past the gap
    /// ```
    /// - Throws: what ``solve()`` throws.
    public func explain(_ variable: Variable) throws -> Explanation<Constraint> {
        try explain(LinearExpression(variable), subject: variable.description)
    }

    /// Why `expression` (for example a right edge `left + width`) has its value. See ``explain(_:)-(Variable)``.
    ///
    /// ```swift
    /// let why = try solver.explain(left + width, subject: "right edge")
    /// ```
    /// - Parameters:
    ///   - expression: The quantity to explain, e.g. a right edge `left + width`.
    ///   - subject: how to name the expression in the text (its description by default).
    public func explain(_ expression: LinearExpression, subject: String? = nil) throws -> Explanation<Constraint> {
        try solve()
        let reduced = expression.reduced()
        let system = diagnosticSystem()
        let terms = explainedTerms(of: reduced, in: system)
        var minimum = terms.minimum, maximum = terms.maximum
        var gathered: [ExplainedRow] = []
        for (index, columns) in terms.byComponent.sorted(by: { $0.key < $1.key }) {
            let range = try gatherBindingRows(of: columns, in: system.components[index], system: system, into: &gathered)
            minimum += range.low
            maximum += range.high
        }
        return Explanation(subject: subject ?? reduced.description, value: terms.value, minimum: minimum, maximum: maximum,
                           reasons: Self.reasons(from: gathered))
    }

    /// The expression's value now, its range so far (unbounded when it names a variable no
    /// constraint names), and its terms grouped by component as (position, coefficient).
    private func explainedTerms(of reduced: LinearExpression, in system: DiagnosticSystem)
        -> (value: Double, minimum: Double, maximum: Double, byComponent: [Int: [(position: Int, coefficient: Double)]]) {
        var value = reduced.constant
        var minimum = reduced.constant, maximum = reduced.constant
        var byComponent: [Int: [(position: Int, coefficient: Double)]] = [:]
        for term in reduced.terms {
            value += term.coefficient * self.value(of: term.variable)
            guard let index = system.componentOfVariable[term.variable.id] else {
                // A variable no constraint names: anything goes.
                minimum = -.infinity
                maximum = .infinity
                continue
            }
            let position = system.components[index].variables.firstIndex { $0 === term.variable }!
            byComponent[index, default: []].append((position, term.coefficient))
        }
        return (value, minimum, maximum, byComponent)
    }

    /// Minimises and maximises the component's part of the expression over the optimal face and
    /// records every row that binds it at either end (by its dual, or by the cost pressure of a
    /// soft constraint) in `gathered`; returns the part's range.
    private func gatherBindingRows(of terms: [(position: Int, coefficient: Double)], in component: Component,
                                   system: DiagnosticSystem, into gathered: inout [ExplainedRow]) throws -> (low: Double, high: Double) {
        let model = try feasibleModel(component, system: system, reduced: false, recordsPressure: true)
        let columns = terms.map { (column: model.columnOfVariable[$0.position], coefficient: $0.coefficient) }
        precondition(model.lp != nil && columns.allSatisfy { $0.column >= 0 }, "explain: a variable of an unreduced model has no column")
        let low = try model.optimize(columns, sign: 1, wantDuals: true)
        let high = try model.optimize(columns, sign: -1, wantDuals: true)
        var slot: [Int: Int] = [:]   // LP row → index into gathered
        func gather(_ row: Int) -> Int {
            if let index = slot[row] { return index }
            let source = model.source(ofRow: row)
            let constraint = component.constraints[source]
            let price = model.prices[row]
            slot[row] = gathered.count
            gathered.append(ExplainedRow(constraint: constraint, below: nil, above: nil,
                                         violation: residual(of: constraint, constant: model.constants[source]),
                                         priceLevel: price?.level, price: price.map { -$0.dual + 0 } ?? 0))
            return gathered.count - 1
        }
        for (extreme, isBelow) in [(low, true), (high, false)] {
            for (row, dual) in extreme.rowDuals.sorted(by: { $0.key < $1.key }) {
                let index = gather(row)
                // The row's right-hand side is -constant: d value / d constant = -dual.
                if isBelow { gathered[index].below = -dual + 0 } else { gathered[index].above = -dual + 0 }
            }
            // Soft constraints whose cost holds the value at this end (typically broken ones
            // pushing it against a limit): they bind it although their own rows have no dual
            // here, so the value does not follow their constants (sensitivity 0).
            for row in extreme.pressureRows {
                let index = gather(row)
                if isBelow { gathered[index].below = gathered[index].below ?? 0 } else { gathered[index].above = gathered[index].above ?? 0 }
            }
        }
        return (low.value, high.value)
    }

    /// The gathered rows as reasons: role and side from what was recorded, required first, then
    /// by priority level, then by the size of the sensitivity.
    private static func reasons(from gathered: [ExplainedRow]) -> [Explanation<Constraint>.Reason] {
        var reasons: [Explanation<Constraint>.Reason] = []
        for item in gathered {
            let role: ExplanationRole = item.constraint.strength.isRequired ? .required : (item.violation > 0 ? .broken : .holding)
            let side: ExplanationSide
            let sensitivity: Double
            switch (item.below, item.above) {
            case (let b?, _?): side = .both; sensitivity = b
            case (let b?, nil): side = .below; sensitivity = b
            case (nil, let a?): side = .above; sensitivity = a
            case (nil, nil): continue
            }
            reasons.append(Explanation<Constraint>.Reason(constraint: item.constraint, role: role, violation: item.violation, side: side,
                                                          sensitivity: sensitivity, price: item.price, priceLevel: item.priceLevel))
        }
        reasons.sort { a, b in
            let ra = a.constraint.strength.isRequired, rb = b.constraint.strength.isRequired
            if ra != rb { return ra }
            if a.constraint.strength.level != b.constraint.strength.level { return a.constraint.strength.level > b.constraint.strength.level }
            if abs(a.sensitivity) != abs(b.sensitivity) { return abs(a.sensitivity) > abs(b.sensitivity) }
            return a.constraint.canonicallyPrecedes(b.constraint)
        }
        return reasons
    }
}

/// A row that binds an explained value: at which end, with which sensitivity, and its price.
private struct ExplainedRow {
    var constraint: Constraint
    var below: Double?
    var above: Double?
    var violation: Double
    var priceLevel: Float?
    var price: Double
}
