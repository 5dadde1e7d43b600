import Trellis

extension ConstraintSyntax {
    /// The relation this constraint stands for, with each item reference resolved in `root`'s
    /// subtree: the ids of its views and of their layout guides, then `.superview`,
    /// `.layoutMarginsGuide` and `.safeAreaLayoutGuide` after an id.
    ///
    /// The result is the `LayoutRelation` the Swift DSL builds for the same text, so installing
    /// it lowers exactly as `Tails.install` does:
    ///
    /// ```swift
    /// let relation = try ConstraintParser.parse("title~.top == header~.bottom + 8").relation(in: root)
    /// Tails.install(relation)       // the same as Tails.install(title~.top == header~.bottom + 8)
    /// ```
    ///
    /// - Throws: ``ConstraintSyntaxError`` at the column of an item that cannot be found.
    public func relation(in root: View) throws(ConstraintSyntaxError) -> LayoutRelation {
        try relation(resolver: ItemResolver(root: root))
    }

    /// The relation, resolving item references with `resolver`.
    func relation(resolver: ItemResolver) throws(ConstraintSyntaxError) -> LayoutRelation {
        let left = try evaluate(lhs, resolver)
        let right = try evaluate(rhs, resolver)
        var result = LayoutRelation(lhs: left, relation: relation, rhs: right)
        if let explicitPriority { result = result.priority(explicitPriority) }
        result.label = label
        return result
    }

    /// The relation as a document entry makes it, in one value: the priority written after `~~`
    /// or required (a document is self-contained: no `~~` means required, whatever scope builds
    /// it), the entry's label and its location.
    func documentRelation(resolver: ItemResolver, label: String?, location: CodeLocation)
        throws(ConstraintSyntaxError) -> LayoutRelation
    {
        var result = LayoutRelation(lhs: try evaluate(lhs, resolver), relation: relation, rhs: try evaluate(rhs, resolver))
            .priority(priority)
        result.label = label
        result.location = location
        return result
    }

    /// The constraint of an entry with one attribute on each side — `a~.top == b~.bottom * 2 + 8`,
    /// `a~.width == 48`, `a~.leading == b~` — made directly: the same constraint `Tails.make` makes
    /// of ``documentRelation(resolver:label:location:)``, items resolved in the same order, without
    /// building the relation. Nil for every other form.
    func documentConstraint(resolver: ItemResolver, label: String?, location: CodeLocation)
        throws(ConstraintSyntaxError) -> LayoutConstraint?
    {
        guard case .anchor(let reference, let names) = lhs, names.count == 1, let attribute = names[0].attribute else {
            return nil
        }
        // The right side as `evaluate` reads it: a constant, or one item (scaled) plus a constant,
        // the constants added in its order.
        if case .constant(let value) = rhs {
            return AttributePairing.constraint(try resolver.resolve(reference), attribute, relation, right: nil,
                                               rightAttribute: nil, coefficient: 1, constant: value,
                                               priority: priority, label: label, location: location)
        }
        var term = rhs
        var added: LayoutConstant?
        if case .sum(let first, .constant(let value)) = rhs {
            term = first
            added = value
        }
        var coefficient = 1.0
        var own = LayoutConstant.zero
        if case .scaled(let inner, let factor) = term {
            term = inner
            coefficient = factor
            own = LayoutConstant.zero.scaled(by: factor)
        }
        let constant = added.map { own.adding($0) } ?? own
        guard case .anchor(let rightReference, let rightNames) = term, rightNames.count <= 1 else { return nil }
        var rightAttribute: LayoutAttribute?
        if let name = rightNames.first {
            guard let single = name.attribute else { return nil }
            rightAttribute = single
        }
        let item = try resolver.resolve(reference)
        return AttributePairing.constraint(item, attribute, relation, right: try resolver.resolve(rightReference),
                                           rightAttribute: rightAttribute, coefficient: coefficient, constant: constant,
                                           priority: priority, label: label, location: location)
    }

    private func evaluate(_ expression: Expression, _ resolver: ItemResolver) throws(ConstraintSyntaxError)
        -> LayoutExpression
    {
        switch expression {
        case .constant(let constant):
            return LayoutExpression(terms: [], constant: constant)
        case .anchor(let reference, let names):
            var anchors = LayoutAnchors(item: try resolver.resolve(reference))
            for name in names { anchors = name.applied(to: anchors) }
            return anchors.layoutExpression
        case .sum(let a, let b):
            return try evaluate(a, resolver).adding(try evaluate(b, resolver))
        case .scaled(let inner, let factor):
            return try evaluate(inner, resolver).scaled(by: factor)
        }
    }
}

/// Finds the items named in constraint strings: ids, then `.superview`, `.layoutMarginsGuide`
/// and `.safeAreaLayoutGuide` suffixes.
struct ItemResolver {
    /// The suffixes that follow an id.
    static let suffixes: Set<String> = ["superview", "layoutMarginsGuide", "safeAreaLayoutGuide"]

    /// Items by id (the first item wins when ids repeat).
    let items: [String: LayoutItem]
    /// The ids found last, with their items (constraints name the same few views one after
    /// another).
    private let recent = RecentItems()

    init(items: [String: LayoutItem]) {
        self.items = items
    }

    /// The views of `root`'s subtree and their custom guides, by id.
    init(root: View) {
        var items: [String: LayoutItem] = [:]
        for view in root.subtreeViews() {
            if let id = view.id, items[id] == nil { items[id] = view }
            for guide in view.layoutGuides {
                if let id = guide.id, items[id] == nil { items[id] = guide }
            }
        }
        self.items = items
    }

    /// The last few ids looked up whole, with their items: a short list compared before the
    /// table is hashed. (A document's constraints name the views of one row, one card, one
    /// section after another: 85 % of a grid's lookups find their id here; hashing an id for the
    /// table cost 330 instructions, a fifth of building a grid's constraints.)
    ///
    /// An id is found here when its `String` has the very bits of one kept: the same short id
    /// (up to 15 bytes, held in the value itself) or the same storage. Equal bits are the same
    /// text; other bits are looked up in the table as before, so the answer is the table's.
    /// (`==` on two strings cost 200 instructions a lookup in this list, more than it saved.)
    private final class RecentItems {
        static let capacity = 8
        /// The ids and their items, `counts[0]` of them initialized (the ids kept alive, so no other
        /// string gets their bits). Memory of its own, not arrays in `var`s: a class's `var` is
        /// checked for exclusive access at every read.
        let paths = UnsafeMutablePointer<String>.allocate(capacity: capacity)
        let items = UnsafeMutablePointer<LayoutItem>.allocate(capacity: capacity)
        /// How many are kept, and where the next id found goes once the list is full.
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)

        init() { counts.initialize(repeating: 0, count: 2) }

        deinit {
            paths.deinitialize(count: counts[0])
            items.deinitialize(count: counts[0])
            paths.deallocate()
            items.deallocate()
            counts.deallocate()
        }

        func item(_ path: String) -> LayoutItem? {
            guard MemoryLayout<String>.size == 16 else { return nil }
            let bits = unsafeBitCast(path, to: (UInt64, UInt64).self)
            let kept = UnsafeRawPointer(paths)
            for index in 0..<counts[0] {
                let low = kept.load(fromByteOffset: 16 * index, as: UInt64.self)
                let high = kept.load(fromByteOffset: 16 * index + 8, as: UInt64.self)
                if low == bits.0 && high == bits.1 { return items[index] }
            }
            return nil
        }

        func note(_ path: String, _ item: LayoutItem) {
            if counts[0] < Self.capacity {
                (paths + counts[0]).initialize(to: path)
                (items + counts[0]).initialize(to: item)
                counts[0] += 1
            } else {
                paths[counts[1]] = path
                items[counts[1]] = item
                counts[1] = (counts[1] + 1) % Self.capacity
            }
        }
    }

    func resolve(_ reference: ConstraintSyntax.ItemReference) throws(ConstraintSyntaxError) -> LayoutItem {
        // The whole path is an id (nearly always): the longest prefix, found without splitting.
        if let item = recent.item(reference.path) { return item }
        if let item = items[reference.path] {
            recent.note(reference.path, item)
            return item
        }
        let segments = reference.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // The longest prefix that is an id, then suffixes.
        var base: LayoutItem?
        var used = 0
        for count in stride(from: segments.count, through: 1, by: -1) {
            if let item = items[segments[0..<count].joined(separator: ".")] {
                base = item
                used = count
                break
            }
        }
        guard var item = base else {
            throw ConstraintSyntaxError(unknownItemMessage(segments), column: reference.column)
        }
        var column = reference.column + segments[0..<used].joined(separator: ".").unicodeScalars.count + 1
        for suffix in segments[used...] {
            guard Self.suffixes.contains(suffix) else {
                let known = segments[0..<used].joined(separator: ".")
                let hint = switch suffix {
                case "margins", "layoutMargins", "marginsGuide": "; did you mean \(known).layoutMarginsGuide?"
                case "safeArea", "safeAreaGuide": "; did you mean \(known).safeAreaLayoutGuide?"
                default: " (after an id: superview, layoutMarginsGuide, safeAreaLayoutGuide)"
                }
                throw ConstraintSyntaxError("\"\(known)\" has no \"\(suffix)\"" + hint, column: column)
            }
            guard let view = item as? View else {
                throw ConstraintSyntaxError("\(item.name) is a layout guide: only views have a \(suffix)", column: column)
            }
            switch suffix {
            case "superview":
                guard let parent = view.superview else {
                    throw ConstraintSyntaxError("\(view.name) has no superview", column: column)
                }
                item = parent
            case "layoutMarginsGuide":
                item = view.layoutMarginsGuide
            default:
                item = view.safeAreaLayoutGuide
            }
            column += suffix.unicodeScalars.count + 1
        }
        return item
    }

    private func unknownItemMessage(_ segments: [String]) -> String {
        let path = segments.joined(separator: ".")
        var message = "unknown item \"\(path)\""
        let head = segments.count > 1 && Self.suffixes.contains(segments.last ?? "")
            ? segments.dropLast().joined(separator: ".") : path
        if let suggestion = Self.nearest(head, among: items.keys) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        return message
    }

    /// The known name closest to `name` by edit distance, if it is close enough to be a typo.
    static func nearest(_ name: String, among names: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        guard target.count <= 64 else { return nil }
        let limit = max(1, min(3, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in names.sorted() {
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars)
            if distance <= limit, distance < target.count, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        var row = Array(repeating: 0, count: b.count + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &row)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
