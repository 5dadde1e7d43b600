import Trellis

extension LayoutDocument {
    /// An entry of `layoutSets`: alternative sets of constraints for one view, chosen by its size at
    /// each layout pass — the same `LayoutSet` that `Tails.layoutSet(for:)` makes in Swift.
    ///
    /// ```json
    /// {"view": "screen", "cases": [
    ///   {"when": {"width": "..<600"}, "constraints": ["menu~.height == 0"]},
    ///   {"otherwise": true, "constraints": ["menu~.height == 44"]}]}
    /// ```
    public struct LayoutSetEntry: Sendable, Hashable {
        /// One case: a query and the constraints active while it is the first that matches.
        public struct Case: Sendable, Hashable {
            /// The size query; nil for `"otherwise": true` (every size).
            public var query: SizeQueryEntry?
            /// The constraints of the case, parsed as the document's constraints are.
            public var constraints: [ConstraintEntry]
        }

        /// The id of the view whose size chooses the case.
        public var view: String
        /// The cases, in order: at each pass the first whose query matches is active.
        public var cases: [Case]
        /// The 1-based line of the entry in the document.
        public var line: Int
    }

    /// The `when` of a layout set's case: conditions on the view's size, all of which must hold.
    ///
    /// Ranges are written as in Swift: `"..<600"`, `"...600"`, `"600..."`, `"600..<1024"`,
    /// `"600...1024"`.
    public struct SizeQueryEntry: Sendable, Hashable {
        /// The range the width must lie in (a Swift range expression), if any.
        public var width: String?
        /// The range the height must lie in, if any.
        public var height: String?
        /// `"landscape"` (wider than tall) or `"portrait"` (at least as tall as wide), if any.
        public var orientation: String?

        /// The `SizeQuery` the Swift DSL would write: `width: "..<600"` is `.width(..<600)`, and
        /// several conditions are joined with `SizeQuery.and(_:)` in the order width, height,
        /// orientation. Nil for a range that does not read as a Swift range (which a parsed
        /// document never has).
        ///
        /// ```swift
        /// SizeQueryEntry(width: "600..<1024", orientation: "landscape").sizeQuery()?.description
        /// // "width in 600..<1024 and landscape"
        /// ```
        public func sizeQuery() -> SizeQuery? {
            var parts: [SizeQuery] = []
            for (text, isWidth) in [(width, true), (height, false)] {
                guard let text else { continue }
                guard let range = SizeRangeText(text) else { return nil }
                parts.append(range.query(width: isWidth))
            }
            switch orientation {
            case nil: break
            case "landscape": parts.append(.landscape)
            case "portrait": parts.append(.portrait)
            default: return nil
            }
            guard var query = parts.first else { return .any }
            for part in parts.dropFirst() { query = query.and(part) }
            return query
        }

        /// Creates a query entry.
        public init(width: String? = nil, height: String? = nil, orientation: String? = nil) {
            self.width = width
            self.height = height
            self.orientation = orientation
        }
    }
}
