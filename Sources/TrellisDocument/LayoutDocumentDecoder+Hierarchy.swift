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

    /// Unique ids, known parents and owners, and no cycles.
    func checkHierarchy(root: LayoutDocument.ViewEntry, views: [LayoutDocument.ViewEntry],
                                guides: [LayoutDocument.GuideEntry]) throws(LayoutDocumentError) {
        var firstUse: [String: String] = [root.id: "root"]
        var viewIndex: [String: Int] = [:]
        for (index, view) in views.enumerated() {
            if let earlier = firstUse[view.id] {
                throw failure([.key("views"), .index(index), .key("id")],
                              "views[\(index)]: duplicate id \"\(view.id)\" (already used by \(earlier))")
            }
            firstUse[view.id] = "views[\(index)]"
            viewIndex[view.id] = index
        }
        for (index, guide) in guides.enumerated() {
            if let earlier = firstUse[guide.id] {
                throw failure([.key("guides"), .index(index), .key("id")],
                              "guides[\(index)]: duplicate id \"\(guide.id)\" (already used by \(earlier))")
            }
            firstUse[guide.id] = "guides[\(index)]"
        }
        let viewIDs = Set(views.map(\.id)).union([root.id])

        func unknown(_ kind: String, _ id: String) -> String {
            let shown = LayoutDocument.ConstraintEntry.shortened(id)
            var message = "\(kind) \"\(shown)\" is not a view of the document"
            if guides.contains(where: { $0.id == id }) {
                message = "\(kind) \"\(shown)\" is a layout guide, not a view"
            } else if let near = ItemResolver.nearest(id, among: viewIDs) {
                message += "; did you mean \"\(near)\"?"
            }
            return message
        }

        for (index, view) in views.enumerated() {
            guard let parent = view.parent, !viewIDs.contains(parent) else { continue }
            throw failure([.key("views"), .index(index), .key("parent")],
                          "views[\(index)] (id \"\(view.id)\"): " + unknown("parent", parent))
        }
        for (index, guide) in guides.enumerated() where !viewIDs.contains(guide.owner) {
            throw failure([.key("guides"), .index(index), .key("owner")],
                          "guides[\(index)] (id \"\(guide.id)\"): " + unknown("owner", guide.owner))
        }

        for (index, view) in views.enumerated() {
            guard let stack = view.stack else { continue }
            for (position, id) in stack.arranged.enumerated() {
                guard let child = viewIndex[id], views[child].parent == view.id else {
                    let shown = LayoutDocument.ConstraintEntry.shortened(id)
                    let why = viewIndex[id] == nil ? unknown("arranged view", id)
                        : "arranged view \"\(shown)\" is not a child of the stack (give it \"parent\": \"\(view.id)\")"
                    throw failure([.key("views"), .index(index), .key("stack"), .key("arranged"), .index(position)],
                                  "views[\(index)] (id \"\(view.id)\"): " + why)
                }
            }
        }

        // Cycles: walk up from each view; a view whose chain never reaches the root is on (or
        // below) a cycle. `state` marks views known to reach the root.
        var reachesRoot = Set<String>([root.id])
        for (index, view) in views.enumerated() where !reachesRoot.contains(view.id) {
            var chain: [String] = []
            var seen = Set<String>()
            var current = view.id
            while !reachesRoot.contains(current) {
                if !seen.insert(current).inserted {
                    let start = chain.firstIndex(of: current) ?? 0
                    let cycle = (chain[start...] + [current]).joined(separator: " → ")
                    let culprit = viewIndex[current] ?? index
                    throw failure([.key("views"), .index(culprit), .key("parent")],
                                  "views[\(culprit)] (id \"\(current)\"): the parents form a cycle: \(cycle)")
                }
                chain.append(current)
                guard let position = viewIndex[current], let parent = views[position].parent else { break }
                current = parent
            }
            reachesRoot.formUnion(chain)
        }
    }
}
