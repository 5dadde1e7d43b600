extension LayoutPass {
    /// For the diagnostics (``View/measurementTies()``): the first round of a pass over `root`,
    /// solved on an engine of its own — every measured view at its unconstrained size (as
    /// ``SizeMeasurement/begin(_:)`` measures it), stacks and layout sets prepared as a pass's
    /// first round prepares them, safe-area insets as the last pass left them. Nil when no view
    /// of the subtree is measured (then the first round is not special).
    ///
    /// Never called by a layout pass. Preparing may move a stack's constants or a layout set's
    /// case: they are changes the pass takes as from outside, so the next pass solves again.
    func diagnosticFirstRound(root: View, mode: LayoutEngine.Mode) throws -> LayoutEngine? {
        let (participants, _) = participants(root: root)
        guard participants.measures else { return nil }
        let context = PassContext(root: root, mode: mode)
        participants.beginEach(context)
        participants.prepareEach(context)
        let firstRound = LayoutEngine()
        _ = try firstRound.solve(root: root, mode: mode, contentSizes: context.measuredSizes)
        return firstRound
    }
}
