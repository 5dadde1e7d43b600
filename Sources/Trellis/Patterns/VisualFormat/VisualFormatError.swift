/// A visual format string that cannot be read or used, with the column at fault.
///
/// ```swift
/// do {
///     _ = try Tails.visual("H:|-[icon(24)-[title]|", views: ["icon": icon, "title": title])
/// } catch {
///     print(error)
///     // visual format error at column 14 (Header.swift:12): expected ']' to close the view 'icon', found '-'
///     // H:|-[icon(24)-[title]|
///     //              ^
/// }
/// ```
public struct VisualFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The format string.
    public let format: String
    /// The 1-based column (character) the problem is at; one past the end for a string that ends too early.
    public let column: Int
    /// What is wrong.
    public let message: String
    /// Where ``Tails/visual(_:metrics:views:options:standardSpacing:standardEdgeSpacing:file:line:)`` was called.
    public let location: CodeLocation

    /// Creates an error (the parser makes them).
    ///
    /// ```swift
    /// let error = VisualFormatError(format: "[a", column: 3, message: "expected ']'",
    ///                               location: CodeLocation(fileID: "App/Main.swift", line: 1))
    /// ```
    public init(format: String, column: Int, message: String, location: CodeLocation) {
        self.format = format
        self.column = column
        self.message = message
        self.location = location
    }

    /// The message, the format, and a caret under the column.
    public var description: String {
        let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
        return "visual format error at column \(column) (\(location)): \(message)\n\(format)\n\(caret)"
    }
}
