/// Where a constraint was written: the file, the line, and for a variadic
/// `Tails.install(a, b, c)` the position of the relation in the call (1-based).
///
/// ```swift
/// constraint.location?.description     // "Header.swift:42", or "Header.swift:42 #3"
/// ```
public struct CodeLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The `#fileID` of the file, such as `"MyApp/Header.swift"`.
    public var fileID: String
    /// The line.
    public var line: UInt
    /// The 1-based position among the relations of one variadic install call, when there were several.
    public var element: Int?

    /// Creates a source location.
    public init(fileID: String, line: UInt, element: Int? = nil) {
        self.fileID = fileID
        self.line = line
        self.element = element
    }

    /// The file name without the module: `Header.swift`.
    public var fileName: String {
        fileID.split(separator: "/").last.map(String.init) ?? fileID
    }

    /// Reads like `Header.swift:42`, or `Header.swift:42 #3` for the third relation of a call.
    public var description: String {
        let base = "\(fileName):\(line)"
        return element.map { "\(base) #\($0)" } ?? base
    }
}

extension CodeLocation {
    /// The location kept beside a false flag where none is known (``LayoutConstraint/location``
    /// keeps a plain value, not an optional).
    static var nowhere: CodeLocation { CodeLocation(fileID: "", line: 0) }
}
