/// What can go wrong in a layout pass. Each case names the constraints involved, with their
/// labels and the source lines where they were written.
///
/// A pass that throws changes no frame: the frames of the last good layout stay.
///
/// ```swift
/// do {
///     try root.layoutIfNeeded()
/// } catch let error as LayoutError {
///     print(error)     // "unsatisfiable: these 2 required constraints cannot hold together: …"
/// }
/// ```
public enum LayoutError: Error, Sendable, CustomStringConvertible {
    /// The required constraints cannot all hold; `conflict` is a minimal set of them (dropping any
    /// one member makes the rest satisfiable). It may include constraints the layout pass made
    /// (the root's frame, content size at priority 1000).
    case unsatisfiable(conflict: [ConstraintInfo])
    /// The constraint relates items that are not in one view hierarchy (or a guide that belongs
    /// to no view).
    case noCommonAncestor(ConstraintInfo)
    /// The constraint has a constant-only right side on a position attribute (`view~.left == 20`,
    /// meaning the superview's left + 20), but the view has no superview.
    case missingSuperview(ConstraintInfo)
    /// The constraint cannot be used: a DSL misuse (mismatched composite attributes, a nil item),
    /// a priority outside 1...1000, or a number that is NaN, infinite or too large.
    case invalidConstraint(ConstraintInfo, reason: String)
    /// The solver failed for another reason (numerical trouble, a time limit).
    case solverFailure(TrellisError)
    /// The pass would exceed the root's ``View/layoutLimits`` (size or time); the text says which.
    case limitExceeded(String)
    /// Measured views (``View/sizeForWidth``) or layout sets (``LayoutSet``) kept changing: after
    /// `rounds` solves the last one still changed what `unsettled` describes (one line each).
    case notConverged(rounds: Int, unsettled: [String])
    /// The view laid out as the root has no frame (never set, so its size is zero), or a frame
    /// with a negative, NaN or infinite part: the root's frame is the layout's input, and every
    /// frame under it would follow from nonsense (`(16, 16, -32, -32)`). `view` is the root's name
    /// and `reason` says what is wrong.
    case invalidRootFrame(view: String, reason: String)

    /// The constraints the error is about.
    public var constraints: [ConstraintInfo] {
        switch self {
        case .unsatisfiable(let conflict): conflict
        case .noCommonAncestor(let info), .missingSuperview(let info), .invalidConstraint(let info, _): [info]
        case .solverFailure, .notConverged, .limitExceeded, .invalidRootFrame: []
        }
    }

    /// A readable explanation, one constraint per line.
    public var description: String {
        switch self {
        case .unsatisfiable(let conflict):
            let lines = conflict.map { "  \($0)" }.joined(separator: "\n")
            return "unsatisfiable: these \(conflict.count) required constraints cannot hold together:\n\(lines)"
        case .noCommonAncestor(let info):
            return "no common ancestor: the items of \(info) are not in one view hierarchy"
        case .missingSuperview(let info):
            return "missing superview: \(info) refers to the superview, but the view has none"
        case .invalidConstraint(let info, let reason):
            return "invalid constraint: \(info): \(reason)"
        case .solverFailure(let error):
            return "solver failure: \(error)"
        case .limitExceeded(let text):
            return "limit exceeded: \(text)"
        case .notConverged(let rounds, let unsettled):
            let lines = unsettled.map { "  \($0)" }.joined(separator: "\n")
            return "not converged: the layout still changed after \(rounds) rounds:\n\(lines)"
        case .invalidRootFrame(let view, let reason):
            return "invalid root frame: \(view) \(reason); set its frame (a finite origin, a size of at least 0 × 0) before laying it out"
        }
    }
}
