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
    }

    let component: Component
    /// For each edit variable in the component, the index of its row in ``Component/constraints``.
    let rowOfEdit: [UInt64: Int]
    private let positionOfVariable: [UInt64: Int]
    /// The last committed solution (nil before the first).
    var solution: Solution?

    init(component: Component, editOfRow: [ObjectIdentifier: UInt64]) {
        self.component = component
        var rows: [UInt64: Int] = [:]
        for (index, constraint) in component.constraints.enumerated() {
            if let variable = editOfRow[ObjectIdentifier(constraint)] { rows[variable] = index }
        }
        rowOfEdit = rows
        var positions: [UInt64: Int] = [:]
        for (index, variable) in component.variables.enumerated() { positions[variable.id] = index }
        positionOfVariable = positions
    }

    func position(of variable: Variable) -> Int { positionOfVariable[variable.id]! }

    /// The solution after moving edit rows to new constants, or nil when the simplex method is
    /// needed (no model, or the basis would become infeasible). Does not change the state.
    func step(_ changes: [(index: Int, constant: Double, weight: Double)]) -> Solution? {
        guard let solution, var affine = solution.affine else { return nil }
        guard let moved = affine.step(changes) else { return nil }
        return Solution(values: moved.values, objective: solution.objective + moved.objectiveChange, affine: affine)
    }
}
