extension ParametricTableau {
    /// Where a moving row's bounds end: a move takes the row there exactly
    /// (`move(_:scratch:targets:)`). (A struct, not a labelled tuple: see "A process's first
    /// pass" in Benchmarks/README.md; ~9 k instructions of a 10-row screen's first resize.)
    struct Target {
        var row: Int
        var lower: Double
        var upper: Double
    }
}
