import Trellis

/// A problem in a constraint string, at a column: a syntax error found by ``ConstraintParser``,
/// or an item that cannot be resolved by ``ConstraintSyntax/relation(in:)``.
///
/// ```swift
/// do {
///     _ = try ConstraintParser.parse("title~.top = header~.bottom")
/// } catch {
///     error.column        // 12
///     error.message       // "expected ==, <= or >= (a single = is not a relation)"
/// }
/// ```
public struct ConstraintSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The 1-based column in the constraint string (in Unicode scalars) where the problem starts.
    public let column: Int

    /// Creates an error at a column.
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// Reads like `column 12: expected ==, <= or >=`.
    public var description: String { "column \(column): \(message)" }
}
