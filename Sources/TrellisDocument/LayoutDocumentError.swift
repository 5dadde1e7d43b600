import Trellis

/// An input error in a layout document: one line naming the view, guide or constraint at fault,
/// with the line and column in the document where the problem is.
///
/// ```swift
/// do {
///     _ = try LayoutDocument.parse(Array(text.utf8), name: "profile.json")
/// } catch {
///     print(error)   // line 14, column 40: constraints[3] "title~.leading == avatr~.trailing + 8": unknown item "avatr"; did you mean "avatar"?
/// }
/// ```
public struct LayoutDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the entry (`views[2] (id "name")`, `constraints[3] "…"`).
    public let message: String
    /// The 1-based line in the document, when known.
    public let line: Int?
    /// The 1-based column (in bytes, as JSON errors count) on ``line``, when known.
    public let column: Int?

    /// Creates an error.
    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// Reads like `line 14, column 40: constraints[3] "…": unknown item "avatr"`.
    public var description: String {
        switch (line, column) {
        case (let line?, let column?): "line \(line), column \(column): \(message)"
        case (let line?, nil): "line \(line): \(message)"
        default: message
        }
    }
}
