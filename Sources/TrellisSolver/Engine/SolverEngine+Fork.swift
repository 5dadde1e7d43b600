extension SolverEngine {
    /// A second engine that goes on from this one's state: the same constraints, components,
    /// solutions, bases and affine models, each engine changing its own from here on
    /// (``Solver/fork()``).
    ///
    /// Everything an engine keeps is a value — copied lazily, a buffer at a time as either engine
    /// writes it — but the component states and their affine models, which are copied; the
    /// constraints and variables both hold are immutable (a changed constant is a new
    /// constraint: those held now are marked ``Constraint/isShared``). A drag's cached target (a state of this engine) is not carried over.
    /// (Every stored property of ``SolverEngine`` but the steps' scratch lists is listed here:
    /// one added there must be too.)
    func fork() -> SolverEngine {
        // Both engines hold these constraints from here on: neither moves their constants in
        // place (``moveConstant(of:to:inPlace:)`` makes a new one).
        for constraint in constraintList { constraint.isShared = true }
        let made = SolverEngine()
        made.constraintList = constraintList
        made.constraintIndex = constraintIndex
        made.edits = edits
        made.editOfRow = editOfRow
        made.states = states.map { $0.copy() }
        made.variableIndex = variableIndex
        made.places = places
        made.constantCost = constantCost
        made.structureTouched = structureTouched
        made.structureChanged = structureChanged
        made.suggestionsTouched = suggestionsTouched
        made.movedConstraints = movedConstraints
        made.constantsTouched = constantsTouched
        made.statistics = statistics
        made.limits = limits
        made.drag = drag
        made.drag.target = nil
        made.slides = slides
        made.splitsAtBridges = splitsAtBridges
        made.splitsActively = splitsActively
        made.placesGeneration = placesGeneration
        return made
    }
}
