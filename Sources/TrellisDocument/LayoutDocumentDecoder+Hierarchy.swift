import Trellis
import TrellisSupport

// Decoding `guides` entries, and checking the hierarchy of views and guides: unique ids, known parents, owners and arranged views, no cycles.
extension LayoutDocumentDecoder {
    func decodeGuide(_ value: JSONValue, index: Int, line: Int, rootID: String) throws(LayoutDocumentError)
        -> LayoutDocument.GuideEntry
    {
        let path: [Step] = [.key("guides"), .index(index)]
        guard case .object(let members) = value else {
            throw failure(path, "guides[\(index)] must be an object with an id, found \(value.kind)")
        }
        let id = try identifier(value["id"], path: path + [.key("id")], subject: "guides[\(index)]")
        let subject = "guides[\(index)] (id \"\(id)\")"
        try checkKeys(members, allowed: ["id", "owner"], path: path, subject: subject)
        var owner = rootID
        if let ownerValue = value["owner"] {
            guard case .string(let text) = ownerValue else {
                throw failure(path + [.key("owner")], "\(subject): owner must be the id of a view, found \(ownerValue.kind)")
            }
            owner = text
        }
        return LayoutDocument.GuideEntry(id: id, owner: owner, line: line)
    }

    /// Unique ids, known parents and owners, and no cycles. One dictionary from id to entry; the
    /// walks up the parents run over indices.
    func checkHierarchy(root: LayoutDocument.ViewEntry, views: [LayoutDocument.ViewEntry],
                        guides: [LayoutDocument.GuideEntry]) throws(LayoutDocumentError) {
        /// Who uses an id first: the root, a view or a guide, by index (named only in messages).
        enum Use {
            case root, view(Int), guide(Int)
            var name: String {
                switch self {
                case .root: "root"
                case .view(let index): "views[\(index)]"
                case .guide(let index): "guides[\(index)]"
                }
            }
        }
        var firstUse: [String: Use] = [root.id: .root]
        firstUse.reserveCapacity(views.count + guides.count + 1)
        for (index, view) in views.enumerated() {
            if let earlier = firstUse.updateValue(.view(index), forKey: view.id) {
                throw failure([.key("views"), .index(index), .key("id")],
                              "views[\(index)]: duplicate id \"\(view.id)\" (already used by \(earlier.name))")
            }
        }
        for (index, guide) in guides.enumerated() {
            if let earlier = firstUse.updateValue(.guide(index), forKey: guide.id) {
                throw failure([.key("guides"), .index(index), .key("id")],
                              "guides[\(index)]: duplicate id \"\(guide.id)\" (already used by \(earlier.name))")
            }
        }
        /// The index of the view with this id, -1 for the root, nil for a guide or an unknown id.
        func viewIndex(_ id: String) -> Int? {
            switch firstUse[id] {
            case .root?: -1
            case .view(let index)?: index
            default: nil
            }
        }

        func unknown(_ kind: String, _ id: String) -> String {
            let shown = LayoutDocument.ConstraintEntry.shortened(id)
            var message = "\(kind) \"\(shown)\" is not a view of the document"
            if guides.contains(where: { $0.id == id }) {
                message = "\(kind) \"\(shown)\" is a layout guide, not a view"
            } else if let near = ItemResolver.nearest(id, among: Set(views.map(\.id)).union([root.id])) {
                message += "; did you mean \"\(near)\"?"
            }
            return message
        }

        let parents = try parentIndices(of: views, viewIndex: viewIndex, unknown: unknown)
        for (index, guide) in guides.enumerated() where viewIndex(guide.owner) == nil {
            throw failure([.key("guides"), .index(index), .key("owner")],
                          "guides[\(index)] (id \"\(guide.id)\"): " + unknown("owner", guide.owner))
        }

        for (index, view) in views.enumerated() {
            guard let stack = view.stack else { continue }
            for (position, id) in stack.arranged.enumerated() {
                let child = viewIndex(id)
                guard let child, child >= 0, parents[child] == index else {
                    let shown = LayoutDocument.ConstraintEntry.shortened(id)
                    let why = child == nil || child! < 0 ? unknown("arranged view", id)
                        : "arranged view \"\(shown)\" is not a child of the stack (give it \"parent\": \"\(view.id)\")"
                    throw failure([.key("views"), .index(index), .key("stack"), .key("arranged"), .index(position)],
                                  "views[\(index)] (id \"\(view.id)\"): " + why)
                }
            }
        }
        try checkCycles(views: views, parents: parents)
    }

    /// Each view's parent by index (-1: the root), from `viewIndex` (nil: not a view of the
    /// document, named by `unknown`). (The last parent kept: a document's views come a parent's
    /// children after another, and an id hashed cost 330 instructions.)
    private func parentIndices(of views: [LayoutDocument.ViewEntry], viewIndex: (String) -> Int?,
                               unknown: (String, String) -> String) throws(LayoutDocumentError) -> [Int] {
        var parents = [Int](repeating: -1, count: views.count)
        var last: (id: String, index: Int)?
        for (index, view) in views.enumerated() {
            guard let parent = view.parent else { continue }
            if let last, last.id == parent {
                parents[index] = last.index
                continue
            }
            guard let parentIndex = viewIndex(parent) else {
                throw failure([.key("views"), .index(index), .key("parent")],
                              "views[\(index)] (id \"\(view.id)\"): " + unknown("parent", parent))
            }
            parents[index] = parentIndex
            last = (parent, parentIndex)
        }
        return parents
    }

    /// Cycles: walks up from each view; a view whose chain never reaches the root is on (or
    /// below) a cycle. `mark` is -1 for views known to reach the root, `start + 1` for the views
    /// of the walk from `start`.
    private func checkCycles(views: [LayoutDocument.ViewEntry], parents: [Int]) throws(LayoutDocumentError) {
        var mark = [Int](repeating: 0, count: views.count)
        var chain: [Int] = []
        for start in views.indices where mark[start] == 0 {
            chain.removeAll(keepingCapacity: true)
            var current = start
            while current >= 0, mark[current] != -1 {
                if mark[current] == start + 1 {
                    let first = chain.firstIndex(of: current) ?? 0
                    let cycle = (chain[first...].map { views[$0].id } + [views[current].id]).joined(separator: " → ")
                    throw failure([.key("views"), .index(current), .key("parent")],
                                  "views[\(current)] (id \"\(views[current].id)\"): the parents form a cycle: \(cycle)")
                }
                mark[current] = start + 1
                chain.append(current)
                current = parents[current]
            }
            for index in chain { mark[index] = -1 }
        }
    }
}
