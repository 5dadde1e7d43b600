extension AmbiguityReport where Subject == ItemAttribute {
    /// Whether some attribute of `item` is undetermined.
    ///
    /// ```swift
    /// try root.ambiguityReport().isAmbiguous(badge)   // true
    /// ```
    public func isAmbiguous(_ item: LayoutItem) -> Bool { entries.contains { $0.subject.item == item.key } }

    /// The undetermined attributes of `item`.
    ///
    /// ```swift
    /// report.entries(for: badge).map(\.subject.attribute)   // [.left]
    /// ```
    public func entries(for item: LayoutItem) -> [Entry] { entries.filter { $0.subject.item == item.key } }
}
