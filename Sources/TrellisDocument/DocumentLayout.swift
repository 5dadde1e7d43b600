import Trellis

/// The views, guides and constraints of a ``LayoutDocument``, built and ready to lay out.
///
/// ```swift
/// let layout = try document.makeLayout(width: 768)
/// let result = try layout.layout()
/// if !result.isSatisfiable { print(result.conflicts) }
/// layout.item(id: "title")?.description
/// ```
///
/// Views are not `Sendable`: build and lay out on one task; the ``DocumentLayoutResult`` is a
/// `Sendable` value.
public final class DocumentLayout {
    /// The document the layout was built from.
    public let document: LayoutDocument
    /// The root view (its frame is `(0, 0, width, height)`).
    public let root: View
    /// The constraints of each document entry, in document order (an entry with a composite
    /// attribute such as `edges` makes several).
    public private(set) lazy var groups: [ConstraintGroup] = entryConstraints.indices.map { entry in
        ConstraintGroup(Array(entryConstraints.constraints[entryConstraints.range(of: entry)]))
    }
    /// The constraints of the entries, made as one list (a group an entry is made when asked for).
    private let entryConstraints: EntryConstraints

    /// The layout sets of the document's `layoutSets`, in document order.
    public let layoutSets: [LayoutSet]
    /// The constraints of each of the document's `visualFormat` strings, in document order.
    public let visualFormatGroups: [ConstraintGroup]

    let itemsByID: [String: LayoutItem]
    /// Each constraint the document made, with its entry and where it comes from.
    let records: Records

    /// How many times `layout()` relaxes conflicting constraints before giving up on frames.
    public static let maximumRecoveries = 64

    /// Builds the document's layout. With `checkingOnly`, runs every step that can fail, the
    /// same way and in the same order, but leaves the constraints inactive and records nothing
    /// about them: ``LayoutDocument/parse(_:name:)`` checks that a document builds this way.
    init(document: LayoutDocument, size: Size, makeView: (LayoutDocument.ViewEntry) -> View,
         checkingOnly: Bool = false) throws(LayoutDocumentError)
    {
        self.document = document
        let root = View(id: document.root.id)
        root.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        Self.configure(root, with: document.root)
        root.displayScale = document.displayScale
        self.root = root

        let (views, ordered, stacks) = try Self.makeViews(of: document, root: root, makeView: makeView)
        try Self.buildHierarchy(of: document, views: views, ordered: ordered)
        Self.setFrames(of: document, root: root, views: views, size: size)
        try Self.arrange(stacks, views: views)
        let items = try Self.addGuides(of: document, views: views)
        itemsByID = items

        var registry = Registry(isRecording: !checkingOnly)
        if !checkingOnly { registry.records.reserveCapacity(document.constraints.count) }
        let resolver = ItemResolver(items: items)
        entryConstraints = try Self.installConstraints(of: document, resolver: resolver, registry: &registry)
        layoutSets = try Self.makeLayoutSets(of: document, views: views, resolver: resolver, registry: &registry)
        visualFormatGroups = try Self.installVisualFormats(of: document, items: items, registry: &registry)
        records = registry.records.sealed()
    }

    /// What the building steps record about each constraint they make: one dictionary entry per
    /// constraint, its subject text made only when a message needs it.
    private struct Registry {
        /// False when the layout is only built to check it: nothing is recorded, nothing activated.
        let isRecording: Bool
        var records = Records()

        mutating func record(_ constraint: LayoutConstraint, subject: Subject, line: Int, column: Int, entry: Int? = nil) {
            guard isRecording else { return }
            records.append(Record(constraint: constraint, entry: entry,
                                  source: Source(subject: subject, line: line, column: column)))
        }
    }

    /// A constraint the document made: the constraint, the index of its `constraints` entry (nil
    /// for layout sets and Visual Format), where it comes from.
    struct Record {
        let constraint: LayoutConstraint
        let entry: Int?
        let source: Source
    }

    /// The document entry a constraint comes from, by position, which names it in messages
    /// (``Source/subject(in:)``).
    enum Subject {
        case constraint(Int)
        case layoutSet(Int, layoutCase: Int, constraint: Int)
        case visualFormat(Int)
    }

    /// Step 1: a view per entry (a `StackView` for stack entries, else from `makeView`), configured
    /// from the entry, by id and each entry's (the one its id names) in the entries' order; the
    /// stacks are returned with their entries for step 3.
    private static func makeViews(of document: LayoutDocument, root: View, makeView: (LayoutDocument.ViewEntry) -> View)
        throws(LayoutDocumentError)
        -> (views: [String: View], ordered: [View], stacks: [(StackView, LayoutDocument.StackEntry)])
    {
        var views: [String: View] = [document.root.id: root]
        var made = Set<ObjectIdentifier>()
        // (Room for every view at once: grown an insert at a time, both tables rehashed a dozen times.)
        views.reserveCapacity(document.views.count + 1)
        made.reserveCapacity(document.views.count)
        var stacks: [(StackView, LayoutDocument.StackEntry)] = []
        var ordered: [View] = []
        ordered.reserveCapacity(document.views.count)
        var repeatsID = false
        for entry in document.views {
            let view: View
            if let stackEntry = entry.stack {
                let stack = StackView(id: entry.id, axis: stackEntry.axis, spacing: stackEntry.spacing,
                                      distribution: stackEntry.distribution, alignment: stackEntry.alignment,
                                      file: document.name, line: UInt(max(entry.line, 0)))
                stack.isBaselineRelativeArrangement = stackEntry.isBaselineRelative
                stack.isLayoutMarginsRelativeArrangement = stackEntry.isMarginsRelative
                stacks.append((stack, stackEntry))
                view = stack
            } else if let offset = entry.scrollOffset {
                let scroll = ScrollView(id: entry.id)
                scroll.contentOffset = offset
                view = scroll
            } else {
                view = makeView(entry)
            }
            guard view.id == entry.id, view.superview == nil, view.subviews.isEmpty, made.insert(ObjectIdentifier(view)).inserted
            else {
                throw LayoutDocumentError("view \"\(entry.id)\": the view factory must return a new view with id "
                    + "\"\(entry.id)\", without superview or subviews", line: entry.line)
            }
            configure(view, with: entry)
            if views.updateValue(view, forKey: entry.id) != nil { repeatsID = true }
            ordered.append(view)
        }
        // An id given twice (a document edited after `parse`, which rejects it): each entry
        // stands for the view the table keeps for its id, the last one made, as when every
        // entry's view was looked up by id.
        if repeatsID { ordered = document.views.map { views[$0.id]! } }
        return (views, ordered, stacks)
    }

    /// Step 2b: the frames of frame-placed views set again in their parents, the root at the
    /// document's own size: each frame resizes (by its autoresizing mask) from its parent's size in
    /// the document — the root's declared size, or the parent's own `frame` — to the size laid out.
    private static func setFrames(of document: LayoutDocument, root: View, views: [String: View], size: Size) {
        root.frame = Rect(x: 0, y: 0, width: document.size.width, height: document.size.height)
        for entry in document.views {
            if let frame = entry.frame, let view = views[entry.id] { view.frame = frame }
        }
        root.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Step 2: every view under its parent.
    /// (Each entry's view by position, its parent by id, the last parent kept: a document's
    /// views come a parent's children after another, and an id hashed for the table cost 330
    /// instructions, twice a view.)
    private static func buildHierarchy(of document: LayoutDocument, views: [String: View], ordered: [View])
        throws(LayoutDocumentError)
    {
        var last: (id: String, view: View)?
        for (entry, view) in zip(document.views, ordered) {
            let parent: View
            if let id = entry.parent, let last, last.id == id {
                parent = last.view
            } else if let id = entry.parent, let found = views[id] {
                parent = found
                last = (id, found)
            } else {
                throw LayoutDocumentError("view \"\(entry.id)\": unknown parent", line: entry.line)
            }
            guard parent.addSubview(view) else {
                throw LayoutDocumentError("view \"\(entry.id)\": its parents form a cycle", line: entry.line)
            }
        }
    }

    /// Step 3: each stack's arranged views, in order, with their custom spacings.
    private static func arrange(_ stacks: [(StackView, LayoutDocument.StackEntry)], views: [String: View])
        throws(LayoutDocumentError)
    {
        for (stack, entry) in stacks {
            for id in entry.arranged {
                guard let view = views[id], view.superview === stack else {
                    throw LayoutDocumentError("stack \"\(stack.id ?? "")\": arranged view \"\(id)\" is not its child")
                }
                stack.addArrangedSubview(view)
                if let gap = entry.customSpacing[id] { stack.setCustomSpacing(gap, after: view) }
            }
        }
    }

    /// Step 4: the layout guides in their owning views; returns every item by id.
    private static func addGuides(of document: LayoutDocument, views: [String: View])
        throws(LayoutDocumentError) -> [String: LayoutItem]
    {
        var items: [String: LayoutItem] = views
        for entry in document.guides {
            guard let owner = views[entry.owner] else {
                throw LayoutDocumentError("guide \"\(entry.id)\": unknown owner \"\(entry.owner)\"", line: entry.line)
            }
            let guide = LayoutGuide(id: entry.id)
            owner.addLayoutGuide(guide)
            items[entry.id] = guide
        }
        // A scroll view's guides: `id.contentLayoutGuide`, `id.frameLayoutGuide`.
        for case let scroll as ScrollView in views.values {
            for guide in [scroll.contentLayoutGuide, scroll.frameLayoutGuide] {
                if let id = guide.id, items[id] == nil { items[id] = guide }
            }
        }
        return items
    }

    /// Step 5: the document's constraint strings, each lowered as the DSL does and activated.
    private static func installConstraints(of document: LayoutDocument, resolver: ItemResolver, registry: inout Registry)
        throws(LayoutDocumentError) -> EntryConstraints
    {
        var made = EntryConstraints()
        made.reserveCapacity(document.constraints.count)
        // (Entries read in place, through a buffer: a copy of an entry is a dozen retains.)
        try document.constraints.withUnsafeBufferPointer { (entries) throws(LayoutDocumentError) in
            for position in entries.indices {
                let start = made.constraints.count
                try addConstraints(of: entries, at: position, resolver: resolver, documentName: document.name, to: &made)
                let line = entries[position].line, column = entries[position].documentColumn(ofScalar: 1)
                try check(made.constraints[start...], subject: entries[position].subject, line: line, column: column)
                for constraint in made.constraints[start...] {
                    registry.record(constraint, subject: .constraint(position), line: line, column: column,
                                    entry: entries[position].index)
                }
            }
        }
        if registry.isRecording { ConstraintGroup.activate(constraints: made.constraints) }   // each view's layout told once
        return made
    }

    /// Step 6: layout sets. The cases' constraint strings lower as the top-level ones, then go
    /// through the same `Tails.layoutSet(for:)` / `when` / `otherwise` code as Swift.
    private static func makeLayoutSets(of document: LayoutDocument, views: [String: View], resolver: ItemResolver,
                                       registry: inout Registry) throws(LayoutDocumentError) -> [LayoutSet]
    {
        var sets: [LayoutSet] = []
        for (setIndex, entry) in document.layoutSets.enumerated() {
            guard let view = views[entry.view] else {
                throw LayoutDocumentError("layout set: unknown view \"\(entry.view)\"", line: entry.line)
            }
            let set = Tails.layoutSet(for: view)
            for (caseIndex, layoutCase) in entry.cases.enumerated() {
                var relations: [LayoutRelation] = []
                var counts: [Int] = []
                for constraintEntry in layoutCase.constraints {
                    let relation = try relation(of: constraintEntry, resolver: resolver, documentName: document.name)
                    // Built once on their own to check them and to know how many constraints each makes.
                    let alone = Tails.make([relation]).constraints
                    try check(alone, subject: constraintEntry.subject, line: constraintEntry.line,
                              column: constraintEntry.documentColumn(ofScalar: 1))
                    relations.append(relation)
                    counts.append(alone.count)
                }
                if let query = layoutCase.query {
                    guard let sizeQuery = query.sizeQuery() else {
                        throw LayoutDocumentError("layout set of \"\(entry.view)\": invalid size query", line: entry.line)
                    }
                    set.when(sizeQuery) { relations }
                } else {
                    set.otherwise { relations }
                }
                let made = set.caseGroups.last?.constraints ?? []
                var start = 0
                for (constraintIndex, (constraintEntry, count)) in zip(layoutCase.constraints, counts).enumerated() {
                    for constraint in made[start..<min(start + count, made.count)] {
                        registry.record(constraint, subject: .layoutSet(setIndex, layoutCase: caseIndex, constraint: constraintIndex),
                                        line: constraintEntry.line,
                                        column: constraintEntry.documentColumn(ofScalar: 1))
                    }
                    start += count
                }
            }
            sets.append(set)
        }
        return sets
    }

    /// Step 7: Visual Format strings, through `Tails.visual` with the document's items by id.
    private static func installVisualFormats(of document: LayoutDocument, items: [String: LayoutItem],
                                             registry: inout Registry) throws(LayoutDocumentError) -> [ConstraintGroup]
    {
        var formatGroups: [ConstraintGroup] = []
        for (formatIndex, entry) in document.visualFormats.enumerated() {
            let relations: [LayoutRelation]
            do {
                // A document is self-contained: no `@` priority means required, whatever scope builds it.
                relations = try Tails.withPriority(.required) {
                    try Tails.visual(entry.format, metrics: entry.metrics, views: items, options: entry.options,
                                     standardSpacing: entry.standardSpacing, standardEdgeSpacing: entry.standardEdgeSpacing,
                                     file: document.name, line: UInt(max(entry.line, 0)))
                }
            } catch let error as VisualFormatError {
                throw LayoutDocumentError("\(entry.subject), column \(error.column): \(error.message)",
                                          line: entry.line, column: entry.documentColumn(ofScalar: error.column))
            } catch {
                throw LayoutDocumentError("\(entry.subject): \(error)", line: entry.line, column: entry.documentColumn(ofScalar: 1))
            }
            let group = Tails.make(relations)
            let column = entry.documentColumn(ofScalar: 1)
            try check(group.constraints, subject: entry.subject, line: entry.line, column: column)
            for constraint in group.constraints {
                registry.record(constraint, subject: .visualFormat(formatIndex), line: entry.line, column: column)
            }
            formatGroups.append(group)
        }
        if registry.isRecording { ConstraintGroup.activate(formatGroups) }
        return formatGroups
    }

    /// Where a constraint comes from in the document, for messages.
    struct Source {
        let entry: Subject
        let line: Int
        let column: Int

        init(subject: Subject, line: Int, column: Int) {
            entry = subject
            self.line = line
            self.column = column
        }

        /// How messages name the entry (`constraints[3] "title~.top == …"`).
        func subject(in document: LayoutDocument) -> String {
            switch entry {
            case .constraint(let index): document.constraints[index].subject
            case .layoutSet(let set, let layoutCase, let index): document.layoutSets[set].cases[layoutCase].constraints[index].subject
            case .visualFormat(let index): document.visualFormats[index].subject
            }
        }
    }

    /// The constraints of an entry, as `Tails.make` makes its relation (one attribute on each
    /// side, nearly every entry: made directly), added as the entry's.
    private static func addConstraints(of entries: UnsafeBufferPointer<LayoutDocument.ConstraintEntry>, at position: Int,
                                       resolver: ItemResolver, documentName: String,
                                       to made: inout EntryConstraints) throws(LayoutDocumentError)
    {
        // (The entry's fields read where it is, in the document's buffer: an entry passed on was
        // copied whole for the call, a dozen retains and releases — 2 % of a document's parse and
        // build.)
        do {
            let location = location(line: entries[position].line, documentName: documentName)
            if let constraint = try entries[position].syntax.documentConstraint(resolver: resolver,
                                                                                label: entries[position].label,
                                                                                location: location) {
                made.append(constraint)
                return
            }
        } catch {
            throw failure(error, in: entries[position])
        }
        let entry = entries[position]
        made.append(contentsOf: Tails.make([try relation(of: entry, resolver: resolver, documentName: documentName)]).constraints)
    }

    /// The relation a constraint entry describes, as the DSL builds it, with the entry's priority
    /// (required when it gives none), label and location.
    private static func relation(of entry: LayoutDocument.ConstraintEntry, resolver: ItemResolver, documentName: String)
        throws(LayoutDocumentError) -> LayoutRelation
    {
        do {
            return try entry.syntax.documentRelation(resolver: resolver, label: entry.label,
                                                     location: location(line: entry.line, documentName: documentName))
        } catch {
            throw failure(error, in: entry)
        }
    }

    /// Where an entry's constraints come from: the document, at the entry's line.
    /// (Always inlined: called apart, the location it returns was copied once more, ~50
    /// instructions an entry.)
    @inline(__always)
    private static func location(line: Int, documentName: String) -> CodeLocation {
        CodeLocation(fileID: documentName, line: UInt(max(line, 0)))
    }

    /// An entry's item that cannot be found, in the document's words and columns.
    private static func failure(_ error: ConstraintSyntaxError, in entry: LayoutDocument.ConstraintEntry) -> LayoutDocumentError {
        LayoutDocumentError("\(entry.subject), column \(error.column): \(error.message)",
                            line: entry.line, column: entry.documentColumn(ofScalar: error.column))
    }

    /// Throws for a constraint the DSL marked as misused, or one whose superview shorthand has no superview.
    private static func check(_ constraints: some Collection<LayoutConstraint>, subject: @autoclosure () -> String,
                              line: Int, column: Int)
        throws(LayoutDocumentError)
    {
        for constraint in constraints {
            if let problem = constraint.problem {
                throw LayoutDocumentError("\(subject()): \(problem)", line: line, column: column)
            }
            if let orphan = constraint.itemWithoutSuperview {
                throw LayoutDocumentError("\(subject()): a right side without items means the same attribute "
                    + "of the superview, but \(orphan.name) has none (name the item, as in \(orphan.name)~.top)",
                    line: line, column: column)
            }
        }
    }

    private static func configure(_ view: View, with entry: LayoutDocument.ViewEntry) {
        if entry.text == nil {
            // A text item's size and baselines come from its measurement.
            view.intrinsicContentSize = entry.intrinsicSize
            view.firstBaselineOffsetFromTop = entry.firstBaseline
            view.lastBaselineOffsetFromBottom = entry.lastBaseline
        }
        view.setContentHuggingPriority(entry.hugging.horizontal, for: .horizontal)
        view.setContentHuggingPriority(entry.hugging.vertical, for: .vertical)
        view.setContentCompressionResistancePriority(entry.compression.horizontal, for: .horizontal)
        view.setContentCompressionResistancePriority(entry.compression.vertical, for: .vertical)
        view.layoutMargins = entry.margins
        view.safeAreaInsets = entry.safeArea
        view.insetsLayoutMarginsFromSafeArea = entry.marginsFromSafeArea
        view.semanticContentAttribute = entry.direction
        view.isHidden = entry.isHidden
        if let frame = entry.frame {
            view.translatesAutoresizingMaskIntoConstraints = true
            view.frame = frame
            view.autoresizingMask = entry.autoresizing
        }
    }

    /// The view or guide with this id.
    public func item(id: String) -> LayoutItem? { itemsByID[id] }

    /// The index of the document constraint that made `constraint`, if any.
    public func documentIndex(of constraint: LayoutConstraint.ID) -> Int? { records[constraint]?.entry }
}
