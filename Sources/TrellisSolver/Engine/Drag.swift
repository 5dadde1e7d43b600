/// What a drag reads besides the edit: one stored property, one exclusive access.
struct Drag {
    /// The last suggestion made (the value of a drag, read without a dictionary lookup).
    var lastSuggestion: (variable: UInt64, value: Double) = (0, 0)
    /// Where the last drag's edit row is (component state, row, weight): kept until the
    /// next commit (the only place component states change), so that a drag of the same
    /// edit variable finds it without dictionary lookups.
    var target: (variable: UInt64, state: ComponentState, row: Int, weight: Double)?
}

extension SolverEngine {

    /// A drag: one suggestion moved and nothing else changed. Steps along the stored direction
    /// without any of the bookkeeping of the general path (which does the same); true when done.
    func dragStep() -> Bool {
        let limits = limits
        let drag = drag
        // The last suggestion is this variable's: any other since the last solve would be in
        // `suggestionsTouched` too.
        guard !structureChanged, constantsTouched.isEmpty, let id = suggestionsTouched.single,
              limits.maximumConstraints.map({ constraintList.count + edits.count <= $0 }) ?? true,
              limits.maximumVariables.map({ places.count <= $0 }) ?? true,
              drag.lastSuggestion.variable == id else { return false }
        let value = drag.lastSuggestion.value
        let target: (state: ComponentState, row: Int, weight: Double)
        if let cached = drag.target, cached.variable == id {
            target = (cached.state, cached.row, cached.weight)
        } else {
            guard let slot = variableIndex.index(of: id), let edit = edits[id] else { return false }
            let state = states[Int(places[Int(slot)].state)]
            guard let row = state.rowOfEdit[id] else { return false }
            target = (state, row, edit.strength.weight)
            self.drag.target = (id, state, row, edit.strength.weight)
        }
        guard target.state.step(CollectionOfOne((target.row, -value, target.weight))) else { return false }
        statistics.countStep(of: target.state)
        suggestionsTouched.removeAll()
        return true
    }

    /// One constant changed in place (a resize, an `update(constant:)`) and nothing else since
    /// the last solve: the step of its component that ``takeSteps(in:)`` would take (the same
    /// change), without a plan, a budget or a commit; true when done. When the component cannot
    /// move, nothing changed and the general path solves it (should the step's own check of the
    /// required rows fail, the values go back and a tableau it moved is dropped).
    func constantStep() -> Bool {
        let limits = limits
        guard !structureChanged, constantsTouched.count == 1, suggestionsTouched.isEmpty,
              limits.maximumConstraints.map({ constraintList.count + edits.count <= $0 }) ?? true,
              limits.maximumVariables.map({ places.count <= $0 }) ?? true else { return false }
        let index = constantsTouched[0].state, row = constantsTouched[0].row
        let state = states[index]
        guard state.canStep(row: row) else { return false }
        let constraint = state.component.constraints[row]
        let change = (index: row, constant: constraint.expression.constant,
                      weight: constraint.strength.isRequired ? 0 : constraint.strength.weight)
        guard state.step(CollectionOfOne(change)) else { return false }
        statistics.countStep(of: state)
        // What commit(_:results:) clears after a step.
        structureTouched.removeAll(keepingCapacity: true)
        constantsTouched.removeAll(keepingCapacity: true)
        drag.target = nil
        return true
    }
}
