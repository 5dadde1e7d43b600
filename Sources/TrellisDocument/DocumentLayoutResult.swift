import Trellis

/// The outcome of laying out a ``LayoutDocument``: the frames, and the conflicts when the required
/// constraints cannot all hold.
///
/// ```swift
/// let result = try document.makeLayout().layout()
/// result.snapshot?[id: "title"]          // the title's frame, relative to its superview
/// result.isSatisfiable                   // false when conflicts were found
/// result.conflictingItems                // the items named by the conflicting constraints
///
/// let checked = try document.makeLayout().layout(reportingAmbiguity: true)
/// checked.ambiguousItems                 // ["badge"]: its frame is not determined (nil when not asked)
/// ```
public struct DocumentLayoutResult: Sendable {
    /// One constraint of a conflict.
    public struct ConflictMember: Sendable, Hashable {
        /// The constraint as the layout describes it, such as `title.width == 300 (profile.json:14)`.
        public let text: String
        /// The index of the document constraint that made it; nil for a constraint the layout
        /// pass made (the root's frame, a content size at priority 1000).
        public let constraintIndex: Int?
        /// The line of that document constraint.
        public let line: Int?
        /// The names of the items it relates.
        public let items: [String]
        /// Whether the layout pass made it (root frame, content size).
        public let isImplicit: Bool
    }

    /// The document's name.
    public let documentName: String
    /// The root's id.
    public let rootID: String
    /// The root's size as laid out.
    public let rootSize: Size
    /// The frames. When conflicts were found they are those of the layout with the conflicting
    /// constraints made optional (see `DocumentLayout.layout()`); nil only if no layout could be
    /// found that way.
    public let snapshot: LayoutSnapshot?
    /// The conflicts: each a minimal set of required constraints that cannot hold together. The
    /// first is the one the layout reported; the others appeared after relaxing the earlier ones.
    public let conflicts: [[ConflictMember]]
    /// The indices of the document constraints made optional (999, 998, … in document order) to
    /// draw a conflicting layout.
    public let relaxedEntries: [Int]
    /// The items whose frames the constraints leave undetermined, in document order (the root,
    /// then `views`, then `guides`), each with its undetermined attributes and their ranges; empty
    /// when every frame is determined. **nil when ambiguity was not computed**: it costs extra
    /// solves, so ``DocumentLayout/layout(reportingAmbiguity:)`` computes it only on request, and
    /// only when there are frames. With conflicts, it is the ambiguity of the relaxed layout (the
    /// frames in ``snapshot``).
    public let ambiguity: [AmbiguousItem]?

    /// Creates a result.
    public init(documentName: String, rootID: String, rootSize: Size, snapshot: LayoutSnapshot?,
                conflicts: [[ConflictMember]], relaxedEntries: [Int], ambiguity: [AmbiguousItem]? = nil) {
        self.documentName = documentName
        self.rootID = rootID
        self.rootSize = rootSize
        self.snapshot = snapshot
        self.conflicts = conflicts
        self.relaxedEntries = relaxedEntries
        self.ambiguity = ambiguity
    }

    /// The names of the items whose frames the constraints leave undetermined, in document order;
    /// nil when ambiguity was not computed (see ``ambiguity``).
    public var ambiguousItems: [String]? { ambiguity?.map(\.name) }

    /// Whether every required constraint holds.
    public var isSatisfiable: Bool { conflicts.isEmpty }

    /// The names of the items named by conflicting constraints, each once, in order of appearance.
    public var conflictingItems: [String] {
        var seen = Set<String>()
        return conflicts.flatMap { $0.flatMap(\.items) }.filter { seen.insert($0).inserted }
    }

    /// A one-line summary of the conflicts, such as
    /// `unsatisfiable: 2 required constraints cannot hold together: constraints[3], constraints[7]`.
    public var conflictSummary: String? {
        guard let first = conflicts.first else { return nil }
        var seen = Set<String>()
        let names = first.map { member in
            member.constraintIndex.map { "constraints[\($0)]" } ?? member.text
        }.filter { seen.insert($0).inserted }
        var text = "unsatisfiable: \(first.count) required constraints cannot hold together: "
            + names.joined(separator: ", ")
        if conflicts.count > 1 { text += " (and \(conflicts.count - 1) more conflicts)" }
        return text
    }
}
