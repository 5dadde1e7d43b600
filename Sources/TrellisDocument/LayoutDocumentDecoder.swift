import Trellis
import TrellisSupport

/// Turns a parsed JSON value into a validated ``LayoutDocument``; every error names the entry and
/// is placed at the line and column of the offending value (or key, for an unknown field), from
/// the positions the parser recorded.
///
/// The helpers take what only a message uses — the path to a value, the entry it belongs to
/// (`views[3] (id "title")`), the field's name — as autoclosures: made when a value is wrong,
/// not for every value that is right (making them was half of decoding a view with a text, a
/// size or a stack: a 100-row feed's views 1.94 M instructions, 0.93 M without).
struct LayoutDocumentDecoder {
    typealias Step = JSONPositions.Step

    let root: JSONValue
    let positions: JSONPositions
    let name: String

    // MARK: - Errors

    /// An error at the value found at `path` (or the closest enclosing value that exists).
    func failure(_ path: [Step], _ message: String) -> LayoutDocumentError {
        var probe = path
        while true {
            if let offset = positions.offset(of: probe) {
                let (line, column) = positions.location(of: offset)
                return LayoutDocumentError(message, line: line, column: column)
            }
            if probe.isEmpty { return LayoutDocumentError(message) }
            probe.removeLast()
        }
    }

    /// An error at the key of the member whose value is at `path` (an unknown field).
    func failure(key path: [Step], _ message: String) -> LayoutDocumentError {
        guard let offset = positions.keyOffset(of: path) else { return failure(path, message) }
        let (line, column) = positions.location(of: offset)
        return LayoutDocumentError(message, line: line, column: column)
    }

    /// The line and column of the value at `path` (0, 0 if there is none).
    func location(_ path: [Step]) -> (line: Int, column: Int) {
        positions.offset(of: path).map(positions.location(of:)) ?? (0, 0)
    }

    static func describe(_ path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    // MARK: - Top level

    func decode() throws(LayoutDocumentError) -> LayoutDocument {
        guard case .object(let members) = root else {
            throw failure([], "the document must be a JSON object, found \(root.kind)")
        }
        try checkKeys(members, allowed: ["format", "root", "views", "guides", "constraints", "layoutSets", "visualFormat"],
                      path: [], subject: "the document")
        guard let format = root["format"] else {
            throw failure([], "missing field \"format\" (expected \"\(LayoutDocument.formatTag)\")")
        }
        guard case .string(let tag) = format, tag == LayoutDocument.formatTag else {
            throw failure([.key("format")], "format must be \"\(LayoutDocument.formatTag)\"")
        }

        guard let rootValue = root["root"] else {
            throw failure([], "missing field \"root\" (an object with id, width and height)")
        }
        let (rootEntry, size) = try decodeRoot(rootValue)

        let viewValues = try array(root["views"], path: [.key("views")])
        let guideValues = try array(root["guides"], path: [.key("guides")])
        let constraintValues = try array(root["constraints"], path: [.key("constraints")])
        if viewValues.count + guideValues.count + 1 > LayoutDocument.maximumItems {
            throw failure([.key("views")], "too many views and guides (at most \(LayoutDocument.maximumItems))")
        }
        if constraintValues.count > LayoutDocument.maximumConstraints {
            throw failure([.key("constraints")], "too many constraints (at most \(LayoutDocument.maximumConstraints))")
        }

        var views: [LayoutDocument.ViewEntry] = []
        views.reserveCapacity(viewValues.count)
        let viewOffsets = positions.elementOffsets(of: [.key("views")])
        for (index, value) in viewValues.enumerated() {
            let line = viewOffsets.map { positions.location(of: $0[index]).line } ?? location([.key("views"), .index(index)]).line
            views.append(try decodeView(value, index: index, line: line, rootID: rootEntry.id))
        }
        var guides: [LayoutDocument.GuideEntry] = []
        for (index, value) in guideValues.enumerated() {
            guides.append(try decodeGuide(value, index: index, line: location([.key("guides"), .index(index)]).line,
                                          rootID: rootEntry.id))
        }
        try checkHierarchy(root: rootEntry, views: views, guides: guides)

        var constraints: [LayoutDocument.ConstraintEntry] = []
        constraints.reserveCapacity(constraintValues.count)
        let constraintsPath: [Step] = [.key("constraints")]      // (made once: a default argument is made per call)
        let constraintOffsets = positions.elementOffsets(of: constraintsPath)
        for (index, value) in constraintValues.enumerated() {
            constraints.append(try decodeConstraint(value, index: index, arrayPath: constraintsPath,
                                                    elementOffset: constraintOffsets?[index]))
        }
        var document = LayoutDocument(name: name, root: rootEntry, size: size, views: views, guides: guides,
                                      constraints: constraints)
        if let scale = rootValue["displayScale"] {     // the grid frames are rounded to (0: exact)
            document.displayScale = try number(scale, path: [.key("root"), .key("displayScale")],
                                               subject: "root (id \"\(rootEntry.id)\")", field: "displayScale", range: .nonNegative)
        }
        let setValues = try array(root["layoutSets"], path: [.key("layoutSets")])
        let viewIDs = setValues.isEmpty ? [] : Set(views.map(\.id)).union([rootEntry.id])
        var total = constraints.count
        for (index, value) in setValues.enumerated() {
            let entry = try decodeLayoutSet(value, index: index, line: location([.key("layoutSets"), .index(index)]).line,
                                            viewIDs: viewIDs, guideIDs: Set(guides.map(\.id)))
            total += entry.cases.reduce(0) { $0 + $1.constraints.count }
            if total > LayoutDocument.maximumConstraints {
                throw failure([.key("layoutSets"), .index(index)],
                              "too many constraints (at most \(LayoutDocument.maximumConstraints), layout sets included)")
            }
            document.layoutSets.append(entry)
        }
        let formatValues = try array(root["visualFormat"], path: [.key("visualFormat")])
        if formatValues.count > LayoutDocument.maximumConstraints {
            throw failure([.key("visualFormat")], "too many Visual Format strings (at most \(LayoutDocument.maximumConstraints))")
        }
        for (index, value) in formatValues.enumerated() {
            document.visualFormats.append(try decodeVisualFormat(value, index: index))
        }
        return document
    }

    func array(_ value: JSONValue?, path: [Step]) throws(LayoutDocumentError) -> [JSONValue] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw failure(path, "\(Self.describe(path)) must be an array, found \(value.kind)")
        }
        return elements
    }

    func checkKeys(_ members: [(key: String, value: JSONValue)], allowed: [String], path: @autoclosure () -> [Step],
                   subject: @autoclosure () -> String) throws(LayoutDocumentError) {
        for member in members where !allowed.contains(member.key) {
            throw failure(key: path() + [.key(member.key)],
                          "\(subject()): unknown field \"\(member.key)\" (known: \(allowed.joined(separator: ", ")))")
        }
    }

    /// A short rendering of a JSON value for messages: strings and numbers as written, other kinds by name.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(LayoutDocument.ConstraintEntry.shortened(text))\""
        case .number(let number): NumberFormat.short(number)
        default: value.kind
        }
    }
}
