import Trellis

extension LayoutDocument {
    /// An entry of `visualFormat`: a Visual Format Language string, lowered by
    /// `Tails.visual(_:metrics:views:options:standardSpacing:standardEdgeSpacing:file:line:)`
    /// with the document's views and guides by id.
    ///
    /// ```json
    /// {"format": "H:|-[icon(24)]-[title]-(>=gap)-[badge]-|", "metrics": {"gap": 12}, "options": "alignAllCenterY"}
    /// ```
    public struct VisualFormatEntry: Sendable, Hashable {
        /// The option names `options` accepts, as `VisualFormatOptions` spells them.
        public static let optionNames: [String: VisualFormatOptions] = [
            "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
            "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading, "alignAllTrailing": .alignAllTrailing,
            "alignAllCenterX": .alignAllCenterX, "alignAllCenterY": .alignAllCenterY,
            "alignAllFirstBaseline": .alignAllFirstBaseline, "alignAllLastBaseline": .alignAllLastBaseline,
            "directionLeadingToTrailing": .directionLeadingToTrailing, "directionLeftToRight": .directionLeftToRight,
            "directionRightToLeft": .directionRightToLeft, "spacingBaselineToBaseline": .spacingBaselineToBaseline,
        ]

        /// The position in the document's `visualFormat` array (0-based).
        public var index: Int
        /// The format string.
        public var format: String
        /// Values for the names the format uses as numbers.
        public var metrics: [String: Double]
        /// The options, combined.
        public var options: VisualFormatOptions
        /// What `-` means between views (default 8).
        public var standardSpacing: Double
        /// What `-` means next to `|` (default 20).
        public var standardEdgeSpacing: Double
        /// The 1-based line of the format string in the document.
        public var line: Int
        /// The 1-based column of the format string's opening quote.
        public var column: Int
        /// The document column of each scalar of the string when it contains escapes.
        var escapedColumns: [Int]?

        /// The document column of the `n`-th scalar (1-based) of the format string.
        public func documentColumn(ofScalar n: Int) -> Int {
            if let escapedColumns, !escapedColumns.isEmpty {
                return escapedColumns[min(max(n, 1), escapedColumns.count) - 1]
            }
            return column + max(n, 1)
        }

        /// How errors name the entry: `visualFormat[0] "H:|-[a]-[b]-|"`.
        public var subject: String { "visualFormat[\(index)] \"\(ConstraintEntry.shortened(format))\"" }
    }
}
