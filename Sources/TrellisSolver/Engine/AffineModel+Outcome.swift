// What an affine model's step reports (``AffineModel/step(_:values:)``).
extension AffineModel {
    /// What a successful step did.
    struct Outcome {
        /// The change of the weighted objective (unknown when ``needsObjective``).
        var objectiveChange: Double
        /// Whether the objective must be computed again (several levels).
        var needsObjective: Bool
        /// The pivots made following the basis through breakpoints (0: the basis was kept).
        var pivots: Int
        /// Whether the step moved the tableau (else it moved along the stored directions).
        var usedTableau = false
        /// Whether the tableau it moved is split into blocks.
        var usedBlocks = false
        /// Whether the step was a determined component's (``ConstantTape``): its values are the
        /// elimination's own, which uses up every required row, so they hold by construction
        /// (finite unless a tiny pivot overflowed them: ``ComponentState`` checks that).
        var determined = false
        /// How many one-variable pieces the step solved again (``ScalarPieces``).
        var pieces = 0
    }
}
