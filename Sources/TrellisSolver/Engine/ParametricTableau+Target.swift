extension ParametricTableau {
    /// Where a moving row's bounds end: a move takes the row there exactly
    /// (`move(_:scratch:targets:)`). A struct, not a labelled tuple: the runtime makes an array
    /// type's metadata from its name the first time a process uses it, and a tuple's costs about
    /// twice a struct's (~9 k instructions of a 10-row screen's first resize).
    struct Target {
        var row: Int
        var lower: Double
        var upper: Double
    }
}
