/// What the solver keeps about one component between solves: its constraints, its last
/// solution and the affine model that lets edit steps skip the simplex method.
final class ComponentState {
    /// A component's solution.
    struct Solution {
        /// Values of ``Component/variables``, in order.
        var values: [Double]
        /// Σ weight × violation over the component's soft constraints (edits included).
        var objective: Double
        /// How the solution moves with the edit rows' constants, while the basis allows.
        var affine: AffineModel?
        /// The optimal basis (nil when no LP was solved), for the next warm start.
        var basis: BasisMemory.Compact? = nil
    }

    let component: Component
    /// For each edit variable in the component, the index of its row in ``Component/constraints``.
    let rowOfEdit: [UInt64: Int]
    /// The edit variable of each edit row.
    let editOfRowIndex: [Int: UInt64]
    /// Each constraint's terms as (position in ``Component/variables``, coefficient).
    let terms: [[(variable: Int, coefficient: Double)]]
    /// Each constraint's own constant (edit rows: 0; their suggestion is supplied at solve time).
    let baseConstants: [Double]
    /// The last committed solution (nil before the first).
    var solution: Solution?

    init(component: Component, editOfRow: [ObjectIdentifier: UInt64]) {
        self.component = component
        var rows: [UInt64: Int] = [:]
        var editOf: [Int: UInt64] = [:]
        if !editOfRow.isEmpty {
            for (index, constraint) in component.constraints.enumerated() where constraint.expression.terms.count == 1 {
                if let variable = editOfRow[ObjectIdentifier(constraint)] {
                    rows[variable] = index
                    editOf[index] = variable
                }
            }
        }
        rowOfEdit = rows
        editOfRowIndex = editOf
        terms = component.terms
        var constants: [Double] = []
        constants.reserveCapacity(component.constraints.count)
        for constraint in component.constraints { constants.append(constraint.expression.constant) }
        baseConstants = constants
    }

    /// `constant + Σ coefficient × value` of a row at `values`, and the size of its terms
    /// (`|constant| + Σ |coefficient × value|`, the scale its rounding is judged against).
    static func evaluate(_ terms: [(variable: Int, coefficient: Double)], constant: Double,
                         at values: [Double]) -> (sum: Double, scale: Double) {
        var sum = constant
        var scale = abs(sum)
        for (variable, coefficient) in terms {
            let product = coefficient * values[variable]
            sum += product
            scale += abs(product)
        }
        return (sum, scale)
    }

    /// Σ weight × violation over the soft constraints, at `values` with `constants`.
    func objective(values: [Double], constants: [Double]) -> Double {
        var total = 0.0
        for (index, constraint) in component.constraints.enumerated() where !constraint.strength.isRequired {
            let (sum, scale) = Self.evaluate(terms[index], constant: constants[index], at: values)
            total += constraint.strength.weight * Solver.violation(sum: sum, scale: scale, relation: constraint.relation)
        }
        return total
    }

    /// The solution after moving edit rows to new constants, or nil when the simplex method is
    /// needed (no model, the basis would become infeasible, or the moved values do not hold the
    /// required rows they touch to a relative 1e-6, as can happen when a tiny coefficient
    /// magnifies the rounding of the update). Does not change the state's solution.
    func step(_ changes: [(index: Int, constant: Double, weight: Double)]) -> Solution? {
        guard let solution, var affine = solution.affine else { return nil }
        guard let moved = affine.step(changes) else { return nil }
        guard requiredRowsHold(at: moved.values, touching: moved.changed) else { return nil }
        return Solution(values: moved.values, objective: solution.objective + moved.objectiveChange, affine: affine,
                        basis: solution.basis)
    }

    /// For each variable, the required constraints that name it (built at the first step).
    private var requiredRowsOfVariable: (start: [Int32], rows: [Int32])?
    /// Rows checked in the current step carry its stamp (no set to clear between steps).
    private var checkStamp: [UInt32] = []
    private var stampNow: UInt32 = 0

    private func requiredRowsHold(at values: [Double], touching changed: [Int]) -> Bool {
        // (Mutates only the scratch index and stamps above: the solution is left as it was.)
        if requiredRowsOfVariable == nil {
            var start = [Int32](repeating: 0, count: component.variables.count + 1)
            for (index, constraint) in component.constraints.enumerated() where constraint.strength.isRequired {
                for term in terms[index] { start[term.variable + 1] += 1 }
            }
            for j in 0..<component.variables.count { start[j + 1] += start[j] }
            var fill = start
            var rows = [Int32](repeating: 0, count: Int(start[component.variables.count]))
            for (index, constraint) in component.constraints.enumerated() where constraint.strength.isRequired {
                for term in terms[index] {
                    rows[Int(fill[term.variable])] = Int32(index)
                    fill[term.variable] += 1
                }
            }
            requiredRowsOfVariable = (start, rows)
        }
        let (start, rows) = requiredRowsOfVariable!
        if checkStamp.count != component.constraints.count {
            checkStamp = Array(repeating: 0, count: component.constraints.count)
        }
        stampNow &+= 1
        if stampNow == 0 {
            for k in checkStamp.indices { checkStamp[k] = 0 }
            stampNow = 1
        }
        for variable in changed {
            for k in Int(start[variable])..<Int(start[variable + 1]) where checkStamp[Int(rows[k])] != stampNow {
                let index = Int(rows[k])
                checkStamp[index] = stampNow
                let (sum, scale) = Self.evaluate(terms[index], constant: baseConstants[index], at: values)
                let violation = component.constraints[index].relation.violation(of: sum)
                if !(violation <= 1e-6 * max(1, scale)) { return false }
            }
        }
        return true
    }
}
