/// The frames of one layout pass, as an immutable `Sendable` value.
///
/// Make one with ``View/layoutSnapshot()``: it solves without touching the views. Send it to
/// another task, store it, compare it, encode it, and write it to views later with ``apply(to:)``.
///
/// ```swift
/// let snapshot = try await Task.detached {
///     let screen = ExampleScreen.make(width: 390, height: 844)
///     return try screen.layoutSnapshot()
/// }.value
/// snapshot[id: "avatar"]            // the avatar's frame, relative to its superview
/// snapshot.apply(to: sameLookingTree)
/// ```
public struct LayoutSnapshot: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether an entry is a view or a layout guide.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A ``View``: ``Entry/frame`` is relative to its superview.
        case view
        /// A ``LayoutGuide``: ``Entry/frame`` is its layout frame, relative to its owning view.
        case guide
    }

    /// The frame of one item.
    public struct Entry: Sendable, Hashable, Codable {
        /// The item's key.
        public let key: LayoutItemKey
        /// The item's id, if it has one.
        public let id: String?
        /// The item's name (its id, or a generated one).
        public let name: String
        /// View or guide.
        public let kind: Kind
        /// The key of the superview (views) or owning view (guides); nil for the root.
        public let parent: LayoutItemKey?
        /// The depth below the root (0 for the root; a guide is one deeper than its view).
        public let depth: Int
        /// The frame relative to the parent (the root's own frame for the root).
        public internal(set) var frame: Rect
        /// The frame in the root's coordinate space.
        public internal(set) var frameInRoot: Rect
        /// Inside a ``ScrollView``: the part of the root the item may be drawn in (the frames
        /// of its scroll-view ancestors, intersected, in the root's coordinates); nil elsewhere.
        public internal(set) var clipInRoot: Rect? = nil
    }

    /// The key of the root view.
    public let rootKey: LayoutItemKey
    /// The items, depth first: each view, then its guides, then its subviews.
    public private(set) var entries: [Entry]
    /// Each entry's index by its key's raw value. (No `Dictionary`: its storage type for a new
    /// key type costs a process's first layout a scan of every protocol conformance the
    /// program has, a tenth of a small screen's first pass.)
    private let indexByKey: KeyIndex
    /// The grid the frames are rounded to (``View/displayScale``); 0 when they are exact.
    public internal(set) var displayScale: Double = 0
    /// The exact frames when these are snapped (``FrameSnapping``), else nil.
    var exactEntries: [Entry]?

    init(rootKey: LayoutItemKey, entries: [Entry]) {
        self.rootKey = rootKey
        self.entries = entries
        indexByKey = KeyIndex(entries)
    }

    /// Gives every entry new frames, `frames(index)` being the frame relative to the parent and
    /// the frame in the root's space of entry `index`; keys, names and the index stay. The entries
    /// change in place when this snapshot holds them alone (a layout pass reusing its last
    /// snapshot), else they are copied first.
    /// Sets each entry's ``Entry/clipInRoot`` (scopes with scroll views).
    mutating func updateClips(_ clips: [Rect?]) {
        for index in entries.indices { entries[index].clipInRoot = clips[index] }
    }

    mutating func updateFrames(_ frames: (Int) -> (frame: Rect, inRoot: Rect)) {
        entries.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let (frame, inRoot) = frames(index)
                buffer[index].frame = frame
                buffer[index].frameInRoot = inRoot
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case rootKey, entries, displayScale, exactEntries
    }

    /// Decodes a snapshot written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rootKey: try container.decode(LayoutItemKey.self, forKey: .rootKey),
                  entries: try container.decode([Entry].self, forKey: .entries))
        displayScale = try container.decodeIfPresent(Double.self, forKey: .displayScale) ?? 0
        exactEntries = try container.decodeIfPresent([Entry].self, forKey: .exactEntries)
    }

    /// Encodes the root key and the entries (snapped: also `displayScale` and `exactEntries`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rootKey, forKey: .rootKey)
        try container.encode(entries, forKey: .entries)
        if let exactEntries {      // snapped frames: the scale and the exact frames too
            try container.encode(displayScale, forKey: .displayScale)
            try container.encode(exactEntries, forKey: .exactEntries)
        }
    }

    /// Snapshots are equal when they have the same root and the same entries (and, snapped, the
    /// same scale and exact frames).
    public static func == (lhs: LayoutSnapshot, rhs: LayoutSnapshot) -> Bool {
        lhs.rootKey == rhs.rootKey && lhs.entries == rhs.entries
            && lhs.displayScale == rhs.displayScale && lhs.exactEntries == rhs.exactEntries
    }

    /// Hashes the root key and the entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rootKey)
        hasher.combine(entries)
        hasher.combine(displayScale)
    }

    /// The frame of the item with this key, looked for first at position `hint` — where the
    /// caller found it last: the snapshots of one engine keep their items' order from pass to
    /// pass — which it updates. (The entry is not copied: its strings would be retained and
    /// released for every measured view at every round.)
    @inline(__always)
    func frame(of key: LayoutItemKey, hint: inout Int) -> Rect? {
        if hint < entries.count, entries[hint].key == key { return entries[hint].frame }
        guard let index = indexByKey[key] else { return nil }
        hint = index
        return entries[index].frame
    }

    /// The entry of the item with this key.
    public func entry(for key: LayoutItemKey) -> Entry? {
        indexByKey[key].map { entries[$0] }
    }

    /// The entry of the first item (depth first) with this id.
    public func entry(forID id: String) -> Entry? {
        entries.first { $0.id == id }
    }

    /// The frame of the item with this key (relative to its parent).
    public subscript(key: LayoutItemKey) -> Rect? { indexByKey[key].map { entries[$0].frame } }

    /// The frame of an item of the laid-out tree (relative to its parent).
    public subscript(item: LayoutItem) -> Rect? { self[item.key] }

    /// The frame of the first item with this id (relative to its parent).
    public subscript(id id: String) -> Rect? { entry(forID: id)?.frame }

    /// Writes the frames to a tree: each view's ``View/frame`` and each guide's
    /// ``LayoutGuide/layoutFrame``. Items are matched by key (the tree that was laid out) or else
    /// by name — the id, or `screen.layoutMarginsGuide` for a system guide — so that a tree built
    /// the same way (for example on another task) can take the frames; unmatched items are left alone.
    /// - Returns: The number of items written.
    @discardableResult
    public func apply(to root: View) -> Int {
        if let layoutPass = root.layoutPass, let items = layoutPass.itemsOfLastPass(matching: self, root: root) {
            // The very pass this snapshot came from: its items, in the same order, no look-ups.
            // Index 0 stands for the root; an entry's kind is its item's class.
            root.storedFrame = entries[0].frame
            for index in entries.indices.dropFirst() {
                if entries[index].kind == .guide {
                    Self.write(entries[index].frame, to: items[index])
                } else {
                    unsafeDowncast(items[index], to: View.self).storedFrame = entries[index].frame
                }
            }
            layoutPass.isApplied = false
            return items.count
        }
        root.layoutPass?.isApplied = false        // the tree may now hold other frames than its last pass's
        var count = 0
        var indexByName: [String: Int]?      // built at the first item matched by name only
        for item in root.subtreeItems() {
            var index = indexByKey[item.key]
            if index == nil {
                if indexByName == nil {
                    var byName: [String: Int] = [:]
                    for (position, entry) in entries.enumerated() where byName[entry.name] == nil { byName[entry.name] = position }
                    indexByName = byName
                }
                index = indexByName?[item.name]
            }
            guard let index else { continue }
            let frame = entries[index].frame
            if let guide = item as? LayoutGuide {
                guide.layoutFrame = frame
            } else if let view = item as? View {
                view.storedFrame = frame
            }
            count += 1
        }
        return count
    }

    /// Writes a guide's frame. (Apart, so that the loop over a pass's views, which writes every
    /// view's frame at every pass, stays small.)
    @inline(never)
    private static func write(_ frame: Rect, to guide: LayoutItem) {
        unsafeDowncast(guide, to: LayoutGuide.self).layoutFrame = frame
    }

    /// One line per item, indented by depth: `  title (16, 20, 120, 20)`.
    public var description: String {
        entries.map { String(repeating: "  ", count: $0.depth) + "\($0.name) \($0.frame)" }.joined(separator: "\n")
    }
}

/// The index of each entry by key: an ``IdentityTable`` of the keys' raw values (the first
/// entry of a key wins), with key 0 — never made by a process, but a decoded snapshot may hold
/// it — kept apart (no identity is 0).
private struct KeyIndex: Sendable {
    private var table: IdentityTable
    private var zero: Int?

    init(_ entries: [LayoutSnapshot.Entry]) {
        table = IdentityTable(minimumCapacity: entries.count)
        for (index, entry) in entries.enumerated() {
            if entry.key.rawValue == 0 {
                if zero == nil { zero = index }
            } else {
                table.insert(entry.key.rawValue, Int32(index))
            }
        }
    }

    subscript(key: LayoutItemKey) -> Int? {
        key.rawValue == 0 ? zero : table.index(of: key.rawValue).map(Int.init)
    }
}
