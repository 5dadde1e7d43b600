import Trellis

extension DocumentLayoutResult {
    /// An item whose frame the constraints do not determine: the layout drawn is one of many
    /// equally good ones. See ``DocumentLayoutResult/ambiguity``.
    ///
    /// ```swift
    /// let result = try document.makeLayout().layout(reportingAmbiguity: true)
    /// for item in result.ambiguity ?? [] {
    ///     print(item)   // "badge: left = 0 in (-∞, ∞), height = 0 in [0, ∞)"
    /// }
    /// ```
    public struct AmbiguousItem: Sendable, Hashable, CustomStringConvertible {
        /// The item's id.
        public let name: String
        /// Its undetermined attributes (`left`, `top`, `width`, `height`, in that order), each
        /// with its value in the layout and its range over all optimal layouts, positions relative
        /// to the root (as `LayoutSnapshot.Entry.frameInRoot` is), as
        /// `View.ambiguityReport()` reports them.
        public let attributes: [AmbiguityReport<ItemAttribute>.Entry]
        /// The report's remarks that concern this item: a tie between equal priorities that
        /// measuring text items locked in (`View.measurementTies()`), naming the competing
        /// constraints and the fix. The item's width is then listed with its range before measuring.
        public let notes: [String]

        /// Creates an ambiguous item.
        ///
        /// ```swift
        /// let badge = DocumentLayoutResult.AmbiguousItem(name: "badge", attributes: report.entries)
        /// ```
        public init(name: String, attributes: [AmbiguityReport<ItemAttribute>.Entry], notes: [String] = []) {
            self.name = name
            self.attributes = attributes
            self.notes = notes
        }

        /// Reads like `badge: left = 0 in (-∞, ∞), height = 20 in [20, 40]`.
        public var description: String {
            "\(name): " + attributes.map { entry in
                "\(entry.subject.attribute) = \(DiagnosticText.number(entry.value)) in \(DiagnosticText.interval(entry.minimum, entry.maximum))"
            }.joined(separator: ", ")
        }
    }

    /// Lines describing the ambiguity under a table or picture: a heading and one line per
    /// ambiguous item, then each note once (`  note: …`), or a line saying every frame is
    /// determined; none when ambiguity was not computed.
    var ambiguityLines: [String] {
        guard let ambiguity else { return [] }
        guard !ambiguity.isEmpty else { return ["no ambiguity: every frame is determined"] }
        var notes: [String] = []
        for note in ambiguity.flatMap(\.notes) where !notes.contains(note) { notes.append(note) }
        return ["ambiguous (the frames shown are one of many equally good layouts; positions relative to \(rootID)):"]
            + ambiguity.map { "  \($0)" } + notes.map { "  note: \($0)" }
    }
}
