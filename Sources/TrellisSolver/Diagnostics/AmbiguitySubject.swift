/// What an ``AmbiguityReport`` ranges: the solver's ``Variable``, or (in Trellis) an item's
/// attribute such as `badge.left`.
///
/// ```swift
/// Variable.kindName   // "variable"
/// ```
public protocol AmbiguitySubject: Sendable, CustomStringConvertible {
    /// What one of them is called in a report's text (`variable`, `attribute`).
    static var kindName: String { get }
}

extension Variable: AmbiguitySubject {
    /// `variable`.
    public static var kindName: String { "variable" }
}
