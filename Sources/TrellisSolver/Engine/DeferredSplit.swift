extension SolverEngine {
    /// Splits, at translation bridges (``BridgeSplit``), components a solve must solve again from
    /// scratch — not at the first solve.
    ///
    /// A system solved once and then only stepped (or never changed) never pays for the bridge
    /// search and the blocks: the first solve solves each component whole, as one LP, unless
    /// the component has rows expected to move (``movedConstraints``: a layout's measured
    /// sizes), which splits when it is built (``rebuildComponents(into:)``). When a
    /// later change cannot step a component (texts measured again on a chained feed), the
    /// component falls apart into its blocks here, before anything is solved: the blocks that
    /// hold a changed row are solved again (each alone, without a warm start), and every other
    /// block takes its values from the component's last solution, slid back so that its bridge
    /// variable is 0 (they are the block's own optimum: its rows did not change). From then on,
    /// structural solves split as they go (``splitsActively``).
    ///
    /// A component is split when two or more of its rows changed, or when it was solved again
    /// whole before: a single changed row becomes a parameter row and steps from then on (a
    /// resize's root width), so the search would cost more than it saves. A component whose
    /// solution a failed step could have moved (it has an affine model) is split too, but all
    /// its blocks are solved again. Components with edit rows are not split here (drags step;
    /// their blocks would need the suggestions), nor components found not to split before.
    func splitWork(in plan: inout Plan) {
        guard splitsAtBridges, !splitsActively, !structureChanged, !plan.work.isEmpty, edits.isEmpty else { return }
        var changedRows: [Int: Set<ObjectIdentifier>] = [:]
        for touched in constantsTouched {
            let constraint = plan.states[touched.state].component.constraints[touched.row]
            changedRows[touched.state, default: []].insert(ObjectIdentifier(constraint))
        }
        var eligible = Set<Int>()
        for index in plan.work {
            let state = plan.states[index]
            guard !state.component.isScalarBatch, state.component.variables.count >= 2, state.rowOfEdit.isEmpty,
                  state.solution != nil, !state.splitsNot else { continue }
            if state.resolvedWhole || (changedRows[index]?.count ?? 0) >= 2 {
                eligible.insert(index)
            } else {
                state.resolvedWhole = true
            }
        }
        guard !eligible.isEmpty else { return }
        let work = Set(plan.work)
        // (A component left whole keeps the cold start ``takeSteps(in:)`` may have chosen for it.)
        var states: [ComponentState] = [], newWork: [Int] = [], coldStarts = IndexFlags()
        states.reserveCapacity(plan.states.count)
        var group = 0
        for (index, state) in plan.states.enumerated() {
            guard eligible.contains(index),
                  case let blocks = Component.partition(state.component.constraints, batching: nil, splitting: { _ in true }).components,
                  blocks.count > 1 else {
                if eligible.contains(index) { state.splitsNot = true }
                if work.contains(index) { newWork.append(states.count) }
                if plan.coldStarts.contains(index) { coldStarts.insert(states.count) }
                states.append(state)
                continue
            }
            let values = state.solution!.affine == nil ? ValuesByID(state.component.variables, state.solution!.values) : nil
            let changed = changedRows[index] ?? []
            for var block in blocks {
                block.slide?.group = group
                let blockState = ComponentState(component: block, editOfRow: editOfRow, moved: movedConstraints)
                if let values, !block.constraints.contains(where: { changed.contains(ObjectIdentifier($0)) }) {
                    blockState.solution = Self.blockSolution(of: blockState, from: values)
                } else {
                    newWork.append(states.count)
                    coldStarts.insert(states.count)
                }
                states.append(blockState)
            }
            group += 1
        }
        guard group > 0 else { return }
        splitsActively = true
        plan.states = states
        plan.work = newWork
        plan.coldStarts = coldStarts
        let parts = states.map(\.component)
        plan.placeVariables(of: parts)
        plan.slides = makeSlides(for: parts, plan: plan)
        plan.placesMoved = true
    }
}
