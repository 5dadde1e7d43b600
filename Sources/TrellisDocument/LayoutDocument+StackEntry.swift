import Trellis

extension LayoutDocument {
    /// The `stack` of a view entry: the view is a `StackView` arranging some of its children.
    ///
    /// ```json
    /// {"id": "form", "stack": {"axis": "vertical", "spacing": 8, "alignment": "leading",
    ///                          "arranged": ["name", "email", "send"], "customSpacing": {"email": 24}}}
    /// ```
    ///
    /// The stack is the same `StackView` that `Tails.stack(_:spacing:distribution:alignment:id:file:line:_:)`
    /// makes in Swift, with the same properties, so it lays out identically.
    public struct StackEntry: Sendable, Hashable {
        /// The axis the views are lined up along (default horizontal).
        public var axis: LayoutAxis
        /// The gap between neighbours (default 0).
        public var spacing: Double
        /// How views are sized along the axis (default `StackDistribution.fill`).
        public var distribution: StackDistribution
        /// How views are placed across the axis (default `StackAlignment.fill`).
        public var alignment: StackAlignment
        /// The ids of the arranged views, in order; each is a child of the stack.
        public var arranged: [String]
        /// Custom gaps after arranged views, by id (`StackView.setCustomSpacing(_:after:)`).
        public var customSpacing: [String: Double]
        /// `StackView.isBaselineRelativeArrangement` (default false).
        public var isBaselineRelative: Bool
        /// `StackView.isLayoutMarginsRelativeArrangement` (default false).
        public var isMarginsRelative: Bool

        /// Creates a stack entry; the defaults are those of `StackView`.
        public init(axis: LayoutAxis = .horizontal, spacing: Double = 0, distribution: StackDistribution = .fill,
                    alignment: StackAlignment = .fill, arranged: [String] = [], customSpacing: [String: Double] = [:],
                    isBaselineRelative: Bool = false, isMarginsRelative: Bool = false) {
            self.axis = axis
            self.spacing = spacing
            self.distribution = distribution
            self.alignment = alignment
            self.arranged = arranged
            self.customSpacing = customSpacing
            self.isBaselineRelative = isBaselineRelative
            self.isMarginsRelative = isMarginsRelative
        }
    }
}
