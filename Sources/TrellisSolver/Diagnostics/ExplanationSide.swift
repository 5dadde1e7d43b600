/// Which end of a value's range a constraint holds (``Explanation/Reason/side``).
///
/// ```swift
/// why.reasons.filter { $0.side != .above }    // what keeps it from going lower
/// ```
public enum ExplanationSide: String, Sendable {
    /// It keeps the value from going lower.
    case below
    /// It keeps the value from going higher.
    case above
    /// Both (the usual case for a determined value).
    case both
}
