/// Diagnostics: conflicts, recovery, violations, ambiguity, explanations and sensitivity.
///
/// None of this runs during ``Solver/solve()``: each diagnostic is a separate analysis, asked for
/// explicitly, that rebuilds the LP of the component(s) it needs from the solver's constraints
/// (same lowering, same priority levels) and studies its optimal basis. A diagnostic that needs
/// the optimum brings the solution up to date first (it calls ``Solver/solve()``, which does
/// nothing when nothing changed), so it throws what `solve()` throws.

// The system as diagnostics see it.
extension Solver {
    /// The solver's rows split into components, with the constants they are solved with.
    struct DiagnosticSystem {
        var components: [Component]
        /// Constraints without terms.
        var constantOnly: [Constraint]
        /// The constant of every row (edit rows: minus the suggestion).
        var constantOf: [ObjectIdentifier: Double]
        /// Edit rows → their edit variable.
        var editVariableOf: [ObjectIdentifier: Variable]
        /// Variable id → index into ``components``.
        var componentOfVariable: [UInt64: Int]

        func constants(of component: Component) -> [Double] {
            component.constraints.map { constantOf[ObjectIdentifier($0)]! }
        }

        func componentIndex(of constraint: Constraint) -> Int? {
            constraint.expression.terms.first.flatMap { componentOfVariable[$0.variable.id] }
        }
    }

    /// Every constraint and edit row of the solver, partitioned like ``solve()`` does.
    func diagnosticSystem() -> DiagnosticSystem {
        var withTerms: [Constraint] = []
        var constantOnly: [Constraint] = []
        var constantOf: [ObjectIdentifier: Double] = [:]
        var editVariableOf: [ObjectIdentifier: Variable] = [:]
        for constraint in constraints {
            constantOf[ObjectIdentifier(constraint)] = constraint.expression.constant
            if constraint.expression.terms.isEmpty { constantOnly.append(constraint) } else { withTerms.append(constraint) }
        }
        for edit in edits.values {
            constantOf[ObjectIdentifier(edit.constraint)] = -edit.value
            editVariableOf[ObjectIdentifier(edit.constraint)] = edit.variable
            withTerms.append(edit.constraint)
        }
        let components = Component.partition(withTerms)
        var componentOfVariable: [UInt64: Int] = [:]
        for (index, component) in components.enumerated() {
            for variable in component.variables { componentOfVariable[variable.id] = index }
        }
        return DiagnosticSystem(components: components, constantOnly: constantOnly, constantOf: constantOf,
                                editVariableOf: editVariableOf, componentOfVariable: componentOfVariable)
    }

    /// The diagnostic model of a component, which must be feasible (the caller solved first).
    func feasibleModel(_ component: Component, system: DiagnosticSystem, reduced: Bool,
                               recordsPressure: Bool = false) throws -> DiagnosticModel {
        guard let model = try DiagnosticModel.make(component: component, constants: system.constants(of: component),
                                                   reduced: reduced, recordsPressure: recordsPressure,
                                                   timeLimit: timeLimitMilliseconds) else {
            throw TrellisError.numericalFailure("a component that solved is infeasible when rebuilt for diagnostics")
        }
        return model
    }

    /// Residual and scale of a row with the given constant at the solver's values.
    func residual(of constraint: Constraint, constant: Double) -> Double {
        var sum = constant
        var scale = abs(constant)
        for term in constraint.expression.terms {
            let product = term.coefficient * value(of: term.variable)
            sum += product
            scale += abs(product)
        }
        let raw = constraint.relation.violation(of: sum)
        // Simplex values are exact to about 1e-9 of the row's magnitude: below that is noise.
        return raw <= 1e-9 * max(1, scale) ? 0 : raw
    }
}
