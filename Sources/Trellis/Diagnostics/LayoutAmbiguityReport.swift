/// Which frames the constraints leave undetermined: for each item attribute (`left`, `top`,
/// `width`, `height`) that takes different values at different optimal layouts, the range it can
/// take. Positions are in the root's coordinate space.
///
/// ```swift
/// let report = try root.ambiguityReport()
/// report.isAmbiguous                 // true
/// print(report)
/// // 1 of 12 attributes are ambiguous:
/// //   badge.left = 0, can be anywhere in (-∞, ∞)
/// report.isAmbiguous(badge)          // true
/// ```
public struct LayoutAmbiguityReport: Sendable, CustomStringConvertible {
    /// One undetermined attribute.
    ///
    /// ```swift
    /// for entry in report.entries(for: badge) { print(entry.attribute, entry.minimum, entry.maximum) }
    /// ```
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The item's key.
        public let item: LayoutItemKey
        /// The item's name.
        public let name: String
        /// `left`, `top`, `width` or `height`.
        public let attribute: LayoutAttribute
        /// Its value in the layout (positions relative to the root).
        public let value: Double
        /// Its smallest value over the optimal layouts (`-infinity` when unbounded).
        public let minimum: Double
        /// Its largest value over the optimal layouts (`+infinity` when unbounded).
        public let maximum: Double

        /// Creates an entry.
        ///
        /// ```swift
        /// let e = LayoutAmbiguityReport.Entry(item: badge.key, name: "badge", attribute: .left,
        ///                                     value: 0, minimum: -.infinity, maximum: .infinity)
        /// ```
        public init(item: LayoutItemKey, name: String, attribute: LayoutAttribute, value: Double,
                    minimum: Double, maximum: Double) {
            self.item = item
            self.name = name
            self.attribute = attribute
            self.value = value
            self.minimum = minimum
            self.maximum = maximum
        }

        /// Reads like `badge.left = 0, can be anywhere in [0, 40]`.
        public var description: String {
            "\(name).\(attribute) = \(DiagnosticText.number(value)), can be anywhere in "
                + DiagnosticText.interval(minimum, maximum)
        }
    }

    /// The undetermined attributes, in layout order (depth first).
    public let entries: [Entry]
    /// How many attributes were examined.
    public let checkedCount: Int

    /// Creates a report.
    ///
    /// ```swift
    /// let none = LayoutAmbiguityReport(entries: [], checkedCount: 8)
    /// ```
    public init(entries: [Entry], checkedCount: Int) {
        self.entries = entries
        self.checkedCount = checkedCount
    }

    /// Whether some attribute is undetermined.
    public var isAmbiguous: Bool { !entries.isEmpty }

    /// Whether some attribute of `item` is undetermined.
    ///
    /// ```swift
    /// try root.ambiguityReport().isAmbiguous(badge)   // true
    /// ```
    public func isAmbiguous(_ item: LayoutItem) -> Bool { entries.contains { $0.item == item.key } }

    /// The undetermined attributes of `item`.
    ///
    /// ```swift
    /// report.entries(for: badge).map(\.attribute)   // [.left]
    /// ```
    public func entries(for item: LayoutItem) -> [Entry] { entries.filter { $0.item == item.key } }

    /// One line per undetermined attribute, or `no ambiguity: …`.
    public var description: String {
        if entries.isEmpty { return "no ambiguity: all \(checkedCount) attributes are determined" }
        return "\(entries.count) of \(checkedCount) attributes are ambiguous:\n" + entries.map { "  \($0)" }.joined(separator: "\n")
    }
}
