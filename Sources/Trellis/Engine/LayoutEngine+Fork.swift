extension LayoutEngine {
    /// A second engine that goes on from this one's last lowering and solve (``Solver/fork()``):
    /// the same rows, kept scope and solver state, each engine changing its own from here on.
    /// The layout pass forks its probe from the engine after the first round of a cold pass
    /// (``LayoutPass``), so that the probe's first pass is a step from that round, not a lowering
    /// and a solve from scratch. Both engines hold the same constraint objects (immutable in the
    /// solver; a changed constant is a new one). The fork reads its frames with a reader of its
    /// own, whose plan it makes at its first solve, and a placeholder of its own for the scopes it
    /// lowers anew (the kept scope it starts with holds this engine's). (Every stored property of
    /// ``LayoutEngine`` but the frame reader, the placeholder and the constant-change scratch is
    /// listed here: one added there must be too.)
    func fork() -> LayoutEngine {
        let made = LayoutEngine()
        made.statistics = statistics
        made.solver = solver.fork()
        made.rows = rows
        made.standingBack = standingBack
        made.fixedWidths = fixedWidths
        made.movedConstants = movedConstants
        made.contentSizes = contentSizes
        made.needsLowering = needsLowering
        made.changedConstraints = changedConstraints
        made.fullyChanged = fullyChanged
        made.changedContentViews = changedContentViews
        made.loweredScope = loweredScope
        made.loweredSizes = loweredSizes
        made.loweredMode = loweredMode
        return made
    }
}
