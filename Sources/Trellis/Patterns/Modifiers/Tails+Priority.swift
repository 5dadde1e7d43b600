extension Tails {
    /// The priority of the enclosing ``withPriority(_:_:)`` scope, held per task.
    @TaskLocal static var scopedPriority: Priority = .required

    /// The priority a relation gets when it is written without `~~`: that of the innermost
    /// ``withPriority(_:_:)`` scope of the current task, `Priority.required` outside any scope.
    ///
    /// ```swift
    /// Tails.defaultPriority                                    // 1000
    /// Tails.withPriority(.defaultLow) { Tails.defaultPriority } // 250
    /// ```
    public static var defaultPriority: Priority { scopedPriority }

    /// Runs `body` with `priority` as the default priority of the relations written in it — a
    /// scoped default held in a task-local value (Mortar's `MortarDefault.priority.push`/`pop`,
    /// without the global stack: scopes nest, unwind on errors, and child tasks inherit them).
    ///
    /// ```swift
    /// Tails.withPriority(.defaultLow) {
    ///     Tails.install(
    ///         title~.width == 200,                  // @250
    ///         title~.height == 20 ~~ .required      // `~~` still wins
    ///     )
    /// }
    /// ```
    ///
    /// The priority is given when a relation is written (`a == b`), so a relation written inside
    /// and installed outside keeps it. Constraints the library makes itself (stack rows, content
    /// size, the root frame) do not take it; the relations of ``visual(_:metrics:views:options:standardSpacing:standardEdgeSpacing:file:line:)``,
    /// layout sets and the pattern helpers do.
    @discardableResult
    public static func withPriority<Result>(_ priority: Priority, _ body: () throws -> Result) rethrows -> Result {
        try $scopedPriority.withValue(priority, operation: body)
    }

    /// The `async` form of ``withPriority(_:_:)``: the default holds across suspension points and
    /// in child tasks made in `body`.
    ///
    /// ```swift
    /// await Tails.withPriority(.defaultHigh) {
    ///     let relations = await makeRelations()     // relations written here are @750
    ///     Tails.install(relations)
    /// }
    /// ```
    @discardableResult
    public static func withPriority<Result>(_ priority: Priority, isolation: isolated (any Actor)? = #isolation,
                                            _ body: () async throws -> Result) async rethrows -> Result {
        try await $scopedPriority.withValue(priority, operation: body, isolation: isolation)
    }
}
