/// A JSON syntax error at a position in the text.
package struct JSONParseError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package let message: String
    /// 1-based line and column (in bytes) of the problem.
    package let line: Int, column: Int

    /// Creates an error at a line and column.
    package init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// Reads like `invalid JSON at line 3, column 8: trailing comma before ']'`.
    package var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}
