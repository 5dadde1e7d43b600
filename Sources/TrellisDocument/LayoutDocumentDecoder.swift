import Trellis
import TrellisSupport

/// Turns a parsed JSON value into a validated ``LayoutDocument``; every error names the entry and
/// is placed at the line and column of the offending value (or key, for an unknown field), from
/// the positions the parser recorded.
struct LayoutDocumentDecoder {
    typealias Step = JSONPositions.Step

    let root: JSONValue
    let positions: JSONPositions
    let name: String

    /// The suffixes an id may not end with: they would be read as a reference to another item.
    private static let reservedSegments: Set<String> = ItemResolver.suffixes
    /// The longest id accepted.
    private static let maximumIDLength = 128

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
    private func location(_ path: [Step]) -> (line: Int, column: Int) {
        positions.offset(of: path).map(positions.location(of:)) ?? (0, 0)
    }

    private static func describe(_ path: [Step]) -> String {
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
        for (index, value) in viewValues.enumerated() {
            views.append(try decodeView(value, index: index, line: location([.key("views"), .index(index)]).line,
                                        rootID: rootEntry.id))
        }
        var guides: [LayoutDocument.GuideEntry] = []
        for (index, value) in guideValues.enumerated() {
            guides.append(try decodeGuide(value, index: index, line: location([.key("guides"), .index(index)]).line,
                                          rootID: rootEntry.id))
        }
        try checkHierarchy(root: rootEntry, views: views, guides: guides)

        var constraints: [LayoutDocument.ConstraintEntry] = []
        constraints.reserveCapacity(constraintValues.count)
        for (index, value) in constraintValues.enumerated() {
            constraints.append(try decodeConstraint(value, index: index))
        }
        var document = LayoutDocument(name: name, root: rootEntry, size: size, views: views, guides: guides,
                                      constraints: constraints)
        if let scale = rootValue["displayScale"] {     // the grid frames are rounded to (0: exact)
            document.displayScale = try number(scale, path: [.key("root"), .key("displayScale")],
                                               subject: "root (id \"\(rootEntry.id)\")", field: "displayScale", range: .nonNegative)
        }
        let viewIDs = Set(views.map(\.id)).union([rootEntry.id])
        let setValues = try array(root["layoutSets"], path: [.key("layoutSets")])
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

    // MARK: - Layout sets and Visual Format

    private func decodeLayoutSet(_ value: JSONValue, index: Int, line: Int, viewIDs: Set<String>, guideIDs: Set<String>)
        throws(LayoutDocumentError) -> LayoutDocument.LayoutSetEntry
    {
        let path: [Step] = [.key("layoutSets"), .index(index)]
        let subject = "layoutSets[\(index)]"
        guard case .object(let members) = value else {
            throw failure(path, "\(subject) must be an object with \"view\" and \"cases\", found \(value.kind)")
        }
        try checkKeys(members, allowed: ["view", "cases"], path: path, subject: subject)
        guard case .string(let view)? = value["view"] else {
            throw failure(value["view"] == nil ? path : path + [.key("view")],
                          "\(subject): \"view\" must be the id of the view whose size chooses the case")
        }
        guard viewIDs.contains(view) else {
            let shown = LayoutDocument.ConstraintEntry.shortened(view)
            var message = "\(subject): view \"\(shown)\" is not a view of the document"
            if guideIDs.contains(view) {
                message = "\(subject): \"\(shown)\" is a layout guide; a layout set needs a view"
            } else if let near = ItemResolver.nearest(view, among: viewIDs) {
                message += "; did you mean \"\(near)\"?"
            }
            throw failure(path + [.key("view")], message)
        }
        let caseValues = try array(value["cases"], path: path + [.key("cases")])
        var cases: [LayoutDocument.LayoutSetEntry.Case] = []
        for (caseIndex, caseValue) in caseValues.enumerated() {
            let casePath = path + [.key("cases"), .index(caseIndex)]
            let caseSubject = "\(subject).cases[\(caseIndex)]"
            guard case .object(let caseMembers) = caseValue else {
                throw failure(casePath, "\(caseSubject) must be an object with \"when\" (or \"otherwise\": true) and "
                    + "\"constraints\", found \(caseValue.kind)")
            }
            try checkKeys(caseMembers, allowed: ["when", "otherwise", "constraints"], path: casePath, subject: caseSubject)
            var query: LayoutDocument.SizeQueryEntry?
            switch (caseValue["when"], caseValue["otherwise"]) {
            case (let when?, nil):
                query = try decodeQuery(when, path: casePath + [.key("when")], subject: caseSubject)
            case (nil, .bool(true)?):
                query = nil
            case (nil, let other?):
                throw failure(casePath + [.key("otherwise")], "\(caseSubject): otherwise must be true, found \(Self.shown(other))")
            case (.some, .some):
                throw failure(casePath + [.key("otherwise")], "\(caseSubject): a case has either \"when\" or \"otherwise\", not both")
            case (nil, nil):
                throw failure(casePath, "\(caseSubject): missing \"when\" (a size query) or \"otherwise\": true")
            }
            let arrayPath = casePath + [.key("constraints")]
            let arrayName = "\(caseSubject).constraints"
            var constraints: [LayoutDocument.ConstraintEntry] = []
            for (constraintIndex, constraintValue) in try array(caseValue["constraints"], path: arrayPath).enumerated() {
                constraints.append(try decodeConstraint(constraintValue, index: constraintIndex, arrayPath: arrayPath,
                                                        arrayName: arrayName))
            }
            cases.append(.init(query: query, constraints: constraints))
        }
        return LayoutDocument.LayoutSetEntry(view: view, cases: cases, line: line)
    }

    private func decodeQuery(_ value: JSONValue, path: [Step], subject: String) throws(LayoutDocumentError)
        -> LayoutDocument.SizeQueryEntry
    {
        guard case .object(let members) = value, !members.isEmpty else {
            throw failure(path, "\(subject): when must be an object such as {\"width\": \"..<600\"} (width, height, "
                + "orientation), found \(value.kind == "an object" ? "an empty object" : value.kind)")
        }
        try checkKeys(members, allowed: ["width", "height", "orientation"], path: path, subject: "\(subject): when")
        var query = LayoutDocument.SizeQueryEntry()
        for field in ["width", "height"] {
            guard let rangeValue = value[field] else { continue }
            guard case .string(let text) = rangeValue, SizeRangeText(text) != nil else {
                throw failure(path + [.key(field)], "\(subject): when.\(field) must be a range such as \"..<600\", "
                    + "\"600...\", \"600..<1024\" or \"...600\" (bounds in order), found \(Self.shown(rangeValue))")
            }
            if field == "width" { query.width = text } else { query.height = text }
        }
        if let orientation = value["orientation"] {
            guard case .string(let text) = orientation, text == "landscape" || text == "portrait" else {
                throw failure(path + [.key("orientation")], "\(subject): when.orientation must be \"landscape\" or "
                    + "\"portrait\", found \(Self.shown(orientation))")
            }
            query.orientation = text
        }
        return query
    }

    private func decodeVisualFormat(_ value: JSONValue, index: Int)
        throws(LayoutDocumentError) -> LayoutDocument.VisualFormatEntry
    {
        var path: [Step] = [.key("visualFormat"), .index(index)]
        let subject = "visualFormat[\(index)]"
        var entry = LayoutDocument.VisualFormatEntry(index: index, format: "", metrics: [:], options: [],
                                                     standardSpacing: 8, standardEdgeSpacing: 20, line: 0, column: 0)
        switch value {
        case .string(let format):
            entry.format = format
        case .object(let members):
            try checkKeys(members, allowed: ["format", "metrics", "options", "standardSpacing", "standardEdgeSpacing"],
                          path: path, subject: subject)
            guard case .string(let format)? = value["format"] else {
                throw failure(value["format"] == nil ? path : path + [.key("format")],
                              "\(subject): an object entry needs a \"format\" string")
            }
            entry.format = format
            if let metrics = value["metrics"] {
                guard case .object(let pairs) = metrics else {
                    throw failure(path + [.key("metrics")], "\(subject): metrics must be an object such as {\"gap\": 12}, "
                        + "found \(metrics.kind)")
                }
                for pair in pairs {
                    entry.metrics[pair.key] = try number(pair.value, path: path + [.key("metrics"), .key(pair.key)],
                                                         subject: subject, field: "metrics.\(pair.key)", range: .any)
                }
            }
            if let options = value["options"] {
                var names: [(String, [Step])] = []
                switch options {
                case .string(let name): names = [(name, path + [.key("options")])]
                case .array(let elements):
                    for (optionIndex, element) in elements.enumerated() {
                        let optionPath = path + [.key("options"), .index(optionIndex)]
                        guard case .string(let name) = element else {
                            throw failure(optionPath, "\(subject): options[\(optionIndex)] must be an option name, found \(element.kind)")
                        }
                        names.append((name, optionPath))
                    }
                default:
                    throw failure(path + [.key("options")], "\(subject): options must be an option name or an array of them, "
                        + "found \(options.kind)")
                }
                for (name, optionPath) in names {
                    guard let option = LayoutDocument.VisualFormatEntry.optionNames[name] else {
                        throw failure(optionPath, "\(subject): unknown option \"\(LayoutDocument.ConstraintEntry.shortened(name))\" "
                            + "(known: \(LayoutDocument.VisualFormatEntry.optionNames.keys.sorted().joined(separator: ", ")))")
                    }
                    entry.options.insert(option)
                }
            }
            for field in ["standardSpacing", "standardEdgeSpacing"] {
                guard let spacing = value[field] else { continue }
                let number = try number(spacing, path: path + [.key(field)], subject: subject, field: field, range: .any)
                if field == "standardSpacing" { entry.standardSpacing = number } else { entry.standardEdgeSpacing = number }
            }
            path.append(.key("format"))
        default:
            throw failure(path, "\(subject) must be a format string such as \"H:|-[a]-[b]-|\" or an object with a "
                + "\"format\" string, found \(value.kind)")
        }
        let start = positions.offset(of: path)
        (entry.line, entry.column) = location(path)
        entry.escapedColumns = start.flatMap(positions.scalarColumns(ofStringAt:))
        if entry.format.unicodeScalars.count > 2_000 {
            throw failure(path, "\(subject): the format is longer than 2000 characters")
        }
        return entry
    }

    private func array(_ value: JSONValue?, path: [Step]) throws(LayoutDocumentError) -> [JSONValue] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw failure(path, "\(Self.describe(path)) must be an array, found \(value.kind)")
        }
        return elements
    }

    func checkKeys(_ members: [(key: String, value: JSONValue)], allowed: [String], path: [Step],
                           subject: String) throws(LayoutDocumentError) {
        for member in members where !allowed.contains(member.key) {
            throw failure(key: path + [.key(member.key)],
                          "\(subject): unknown field \"\(member.key)\" (known: \(allowed.joined(separator: ", ")))")
        }
    }

    // MARK: - Views

    private func decodeRoot(_ value: JSONValue) throws(LayoutDocumentError) -> (LayoutDocument.ViewEntry, Size) {
        let path: [Step] = [.key("root")]
        guard case .object(let members) = value else {
            throw failure(path, "root must be an object with id, width and height, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["id", "width", "height", "margins", "safeArea", "marginsFromSafeArea", "direction",
                                         "style", "displayScale"], path: path, subject: "root")
        let id = try identifier(value["id"], path: path + [.key("id")], subject: "root")
        let subject = "root (id \"\(id)\")"
        guard let widthValue = value["width"], let heightValue = value["height"] else {
            throw failure(path, "\(subject): width and height are required")
        }
        let width = try number(widthValue, path: path + [.key("width")], subject: subject, field: "width",
                               range: .positive)
        let height = try number(heightValue, path: path + [.key("height")], subject: subject, field: "height",
                                range: .positive)
        var entry = Self.defaultViewEntry(id: id, parent: nil, line: location(path).line)
        try decodeCommon(value, into: &entry, path: path, subject: subject)
        try decodeLook(value, into: &entry, path: path, subject: subject)
        return (entry, Size(width: width, height: height))
    }

    private func decodeView(_ value: JSONValue, index: Int, line: Int, rootID: String) throws(LayoutDocumentError)
        -> LayoutDocument.ViewEntry
    {
        let path: [Step] = [.key("views"), .index(index)]
        guard case .object(let members) = value else {
            throw failure(path, "views[\(index)] must be an object with an id, found \(value.kind)")
        }
        let id = try identifier(value["id"], path: path + [.key("id")], subject: "views[\(index)]")
        let subject = "views[\(index)] (id \"\(id)\")"
        try checkKeys(members, allowed: ["id", "parent", "intrinsicSize", "hugging", "compression", "baselines",
                                         "margins", "safeArea", "marginsFromSafeArea", "direction",
                                         "text", "font", "lines", "lineBreak", "alignment", "hidden", "stack",
                                         "style", "color", "image", "scroll", "frame", "autoresizing"],
                      path: path, subject: subject)
        let parent = try decodeParent(value["parent"], path: path + [.key("parent")], subject: subject, rootID: rootID)
        var entry = Self.defaultViewEntry(id: id, parent: parent, line: line)
        try decodeSizing(value, into: &entry, path: path, subject: subject)
        entry.text = try decodeText(value, path: path, subject: subject)
        if let hidden = value["hidden"] {
            entry.isHidden = try decodeHidden(hidden, path: path + [.key("hidden")], subject: subject)
        }
        if let stack = value["stack"] {
            if entry.text != nil {
                throw failure(path + [.key("stack")], "\(subject): a view cannot be both a text item and a stack")
            }
            entry.stack = try decodeStack(stack, path: path + [.key("stack")], subject: subject)
        }
        try decodePlacement(value, into: &entry, path: path, subject: subject)
        try decodeCommon(value, into: &entry, path: path, subject: subject)
        try decodeLook(value, into: &entry, path: path, subject: subject)
        return entry
    }

    /// A view or root with the defaults of every optional field: no intrinsic size, hugging
    /// `defaultLow`, compression resistance `defaultHigh`, baselines 0, margins 8 from a zero safe
    /// area, direction unspecified.
    private static func defaultViewEntry(id: String, parent: String?, line: Int) -> LayoutDocument.ViewEntry {
        LayoutDocument.ViewEntry(
            id: id, parent: parent, intrinsicSize: nil,
            hugging: .init(horizontal: .defaultLow, vertical: .defaultLow),
            compression: .init(horizontal: .defaultHigh, vertical: .defaultHigh),
            firstBaseline: 0, lastBaseline: 0, margins: EdgeInsets(8), safeArea: .zero, marginsFromSafeArea: true,
            direction: .unspecified, line: line)
    }

    /// A view's sizing fields, each optional: `intrinsicSize`, `hugging`, `compression` and `baselines`.
    private func decodeSizing(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry, path: [Step],
                              subject: String) throws(LayoutDocumentError) {
        if let sizeValue = value["intrinsicSize"] {
            entry.intrinsicSize = try decodeIntrinsicSize(sizeValue, path: path + [.key("intrinsicSize")], subject: subject)
        }
        if let hugging = value["hugging"] {
            entry.hugging = try priorities(hugging, path: path + [.key("hugging")], subject: subject, field: "hugging",
                                           default: entry.hugging)
        }
        if let compression = value["compression"] {
            entry.compression = try priorities(compression, path: path + [.key("compression")], subject: subject,
                                               field: "compression", default: entry.compression)
        }
        if let baselines = value["baselines"] {
            try decodeBaselines(baselines, into: &entry, path: path + [.key("baselines")], subject: subject)
        }
    }

    /// A view's `parent`: the id of a view, the root when the field is absent.
    private func decodeParent(_ value: JSONValue?, path: [Step], subject: String, rootID: String)
        throws(LayoutDocumentError) -> String
    {
        guard let value else { return rootID }
        guard case .string(let text) = value else {
            throw failure(path, "\(subject): parent must be the id of a view, found \(value.kind)")
        }
        return text
    }

    /// A view's `intrinsicSize` object: a width and a height, each absent or null for none.
    private func decodeIntrinsicSize(_ value: JSONValue, path: [Step], subject: String) throws(LayoutDocumentError)
        -> Size
    {
        guard case .object(let members) = value else {
            throw failure(path, "\(subject): intrinsicSize must be an object such as {\"width\": 120, "
                + "\"height\": 20}, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["width", "height"], path: path, subject: "\(subject): intrinsicSize")
        var components: [Double] = []
        for field in ["width", "height"] {
            switch value[field] {
            case nil, .null?: components.append(View.noIntrinsicMetric)
            case let component?:
                components.append(try number(component, path: path + [.key(field)], subject: subject,
                                             field: "intrinsicSize.\(field)", range: .nonNegative))
            }
        }
        return Size(width: components[0], height: components[1])
    }

    /// A view's `baselines` object: its first and last baseline offsets, each optional.
    private func decodeBaselines(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry, path: [Step],
                                 subject: String) throws(LayoutDocumentError) {
        guard case .object(let members) = value else {
            throw failure(path, "\(subject): baselines must be an object such as {\"first\": 15, \"last\": 5}, "
                + "found \(value.kind)")
        }
        try checkKeys(members, allowed: ["first", "last"], path: path, subject: "\(subject): baselines")
        if let first = value["first"] {
            entry.firstBaseline = try number(first, path: path + [.key("first")], subject: subject,
                                             field: "baselines.first", range: .any)
        }
        if let last = value["last"] {
            entry.lastBaseline = try number(last, path: path + [.key("last")], subject: subject,
                                            field: "baselines.last", range: .any)
        }
    }

    /// A view's `hidden` flag.
    private func decodeHidden(_ value: JSONValue, path: [Step], subject: String) throws(LayoutDocumentError) -> Bool {
        guard case .bool(let on) = value else {
            throw failure(path, "\(subject): hidden must be true or false, found \(value.kind)")
        }
        return on
    }

    /// The fields of a `stack` object.
    private func decodeStack(_ value: JSONValue, path: [Step], subject: String) throws(LayoutDocumentError)
        -> LayoutDocument.StackEntry
    {
        guard case .object(let members) = value else {
            throw failure(path, "\(subject): stack must be an object such as {\"axis\": \"vertical\", \"arranged\": "
                + "[\"a\", \"b\"]}, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["axis", "spacing", "distribution", "alignment", "arranged", "customSpacing",
                                         "baselineRelative", "marginsRelative"], path: path, subject: "\(subject): stack")
        var stack = LayoutDocument.StackEntry()
        func name<Value: RawRepresentable & CaseIterable>(_ field: String, as _: Value.Type) throws(LayoutDocumentError)
            -> Value? where Value.RawValue == String
        {
            guard let fieldValue = value[field] else { return nil }
            guard case .string(let text) = fieldValue, let result = Value(rawValue: text) else {
                throw failure(path + [.key(field)], "\(subject): stack.\(field) must be one of "
                    + Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", found \(Self.shown(fieldValue))")
            }
            return result
        }
        func flag(_ field: String) throws(LayoutDocumentError) -> Bool {
            guard let fieldValue = value[field] else { return false }
            guard case .bool(let on) = fieldValue else {
                throw failure(path + [.key(field)], "\(subject): stack.\(field) must be true or false, found \(fieldValue.kind)")
            }
            return on
        }
        if let axis = try name("axis", as: LayoutAxis.self) { stack.axis = axis }
        if let distribution = try name("distribution", as: StackDistribution.self) { stack.distribution = distribution }
        if let alignment = try name("alignment", as: StackAlignment.self) { stack.alignment = alignment }
        if stack.axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
            throw failure(path + [.key("alignment")], "\(subject): stack.alignment \"\(stack.alignment)\" needs a "
                + "horizontal stack (a vertical stack cannot line its views up by baseline)")
        }
        if case .string("system")? = value["spacing"] {
            stack.spacing = LayoutConstant.standardSystemSpacing     // UIKit's system spacing between arranged views
        } else if let spacing = value["spacing"] {
            stack.spacing = try number(spacing, path: path + [.key("spacing")], subject: subject, field: "stack.spacing",
                                       range: .any)
        }
        stack.isBaselineRelative = try flag("baselineRelative")
        stack.isMarginsRelative = try flag("marginsRelative")
        for (index, element) in try array(value["arranged"], path: path + [.key("arranged")]).enumerated() {
            guard case .string(let id) = element else {
                throw failure(path + [.key("arranged"), .index(index)],
                              "\(subject): stack.arranged[\(index)] must be the id of a child view, found \(element.kind)")
            }
            if stack.arranged.contains(id) {
                throw failure(path + [.key("arranged"), .index(index)],
                              "\(subject): stack.arranged lists \"\(LayoutDocument.ConstraintEntry.shortened(id))\" twice")
            }
            stack.arranged.append(id)
        }
        if let custom = value["customSpacing"] {
            guard case .object(let gaps) = custom else {
                throw failure(path + [.key("customSpacing")], "\(subject): stack.customSpacing must be an object such as "
                    + "{\"title\": 24} (the gap after each view), found \(custom.kind)")
            }
            for gap in gaps {
                let gapPath = path + [.key("customSpacing"), .key(gap.key)]
                guard stack.arranged.contains(gap.key) else {
                    throw failure(gapPath, "\(subject): stack.customSpacing names \""
                        + "\(LayoutDocument.ConstraintEntry.shortened(gap.key))\", which is not in stack.arranged")
                }
                stack.customSpacing[gap.key] = try number(gap.value, path: gapPath, subject: subject,
                                                          field: "stack.customSpacing.\(gap.key)", range: .any)
            }
        }
        return stack
    }

    /// The most characters a text item may have.
    static let maximumTextLength = 100_000

    /// The text fields of a view: `text`, and `font`, `lines`, `lineBreak`, `alignment` with it.
    private func decodeText(_ value: JSONValue, path: [Step], subject: String) throws(LayoutDocumentError)
        -> LayoutDocument.TextEntry?
    {
        guard let textValue = value["text"] else {
            for field in ["font", "lines", "lineBreak", "alignment"] where value[field] != nil {
                throw failure(path + [.key(field)], "\(subject): \(field) needs a \"text\" field (it describes text)")
            }
            return nil
        }
        guard case .string(let text) = textValue else {
            throw failure(path + [.key("text")], "\(subject): text must be a string, found \(textValue.kind)")
        }
        guard text.unicodeScalars.count <= Self.maximumTextLength else {
            throw failure(path + [.key("text")], "\(subject): text is longer than \(Self.maximumTextLength) characters")
        }
        for field in ["intrinsicSize", "baselines"] where value[field] != nil {
            throw failure(path + [.key(field)], "\(subject): a text item may not have \(field) (its size and baselines "
                + "come from measuring the text)")
        }
        var entry = LayoutDocument.TextEntry(text: text)
        if let font = value["font"] {
            guard case .string(let description) = font,
                  !description.allSatisfy({ $0 == " " }), description.unicodeScalars.count <= 256,
                  !description.unicodeScalars.contains(where: { $0.value < 0x20 })
            else {
                throw failure(path + [.key("font")], "\(subject): font must be a Pango font description such as "
                    + "\"DejaVu Sans Bold 15\" (at most 256 characters), found \(Self.shown(font))")
            }
            entry.font = description
        }
        if let lines = value["lines"] {
            guard case .number(let count) = lines, count >= 0, count <= 1e6, count.rounded() == count else {
                throw failure(path + [.key("lines")], "\(subject): lines must be a whole number from 0 (no limit) "
                    + "to 1e6, found \(Self.shown(lines))")
            }
            entry.lines = Int(count)
        }
        if let mode = value["lineBreak"] {
            guard case .string(let name) = mode, LayoutDocument.TextEntry.lineBreakModes.contains(name) else {
                throw failure(path + [.key("lineBreak")], "\(subject): lineBreak must be one of "
                    + LayoutDocument.TextEntry.lineBreakModes.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ", found \(Self.shown(mode))")
            }
            entry.lineBreak = name
        }
        if let alignment = value["alignment"] {
            guard case .string(let name) = alignment, LayoutDocument.TextEntry.alignments.contains(name) else {
                throw failure(path + [.key("alignment")], "\(subject): alignment must be one of "
                    + LayoutDocument.TextEntry.alignments.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ", found \(Self.shown(alignment))")
            }
            entry.alignment = name
        }
        return entry
    }

    /// A short rendering of a JSON value for messages: strings and numbers as written, other kinds by name.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(LayoutDocument.ConstraintEntry.shortened(text))\""
        case .number(let number): NumberFormat.short(number)
        default: value.kind
        }
    }

    /// The fields the root shares with views: margins, safe area, direction.
    private func decodeCommon(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry, path: [Step],
                              subject: String) throws(LayoutDocumentError) {
        if let margins = value["margins"] {
            entry.margins = try insets(margins, path: path + [.key("margins")], subject: subject, field: "margins")
        }
        if let safeArea = value["safeArea"] {
            entry.safeArea = try insets(safeArea, path: path + [.key("safeArea")], subject: subject, field: "safeArea")
        }
        if let flag = value["marginsFromSafeArea"] {
            guard case .bool(let on) = flag else {
                throw failure(path + [.key("marginsFromSafeArea")],
                              "\(subject): marginsFromSafeArea must be true or false, found \(flag.kind)")
            }
            entry.marginsFromSafeArea = on
        }
        if let direction = value["direction"] {
            switch direction {
            case .string("leftToRight"): entry.direction = .forceLeftToRight
            case .string("rightToLeft"): entry.direction = .forceRightToLeft
            case .string("inherit"): entry.direction = .unspecified
            default:
                throw failure(path + [.key("direction")],
                              "\(subject): direction must be \"leftToRight\", \"rightToLeft\" or \"inherit\"")
            }
        }
    }

    private func decodeGuide(_ value: JSONValue, index: Int, line: Int, rootID: String) throws(LayoutDocumentError)
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
    private func checkHierarchy(root: LayoutDocument.ViewEntry, views: [LayoutDocument.ViewEntry],
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

    // MARK: - Constraints

    private func decodeConstraint(_ value: JSONValue, index: Int, arrayPath: [Step] = [.key("constraints")],
                                  arrayName: String = "constraints")
        throws(LayoutDocumentError)
        -> LayoutDocument.ConstraintEntry
    {
        var path: [Step] = arrayPath + [.index(index)]
        let text: String
        var label: String?
        switch value {
        case .string(let string):
            text = string
        case .object(let members):
            try checkKeys(members, allowed: ["constraint", "label"], path: path, subject: "\(arrayName)[\(index)]")
            guard case .string(let string)? = value["constraint"] else {
                throw failure(path, "\(arrayName)[\(index)]: an object entry needs a \"constraint\" string")
            }
            if let labelValue = value["label"] {
                guard case .string(let labelText) = labelValue else {
                    throw failure(path + [.key("label")], "\(arrayName)[\(index)]: label must be a string, found \(labelValue.kind)")
                }
                label = labelText
            }
            text = string
            path.append(.key("constraint"))
        default:
            throw failure(path, "\(arrayName)[\(index)] must be a string such as \"a~.top == b~.bottom + 8\" or an "
                + "object with a \"constraint\" string, found \(value.kind)")
        }
        // The string: the element itself, or an object entry's "constraint".
        let offset = positions.offset(of: path)
        let start: (line: Int, column: Int) = offset.map(positions.location(of:)) ?? (0, 0)
        let columns = offset.flatMap(positions.scalarColumns(ofStringAt:))
        do throws(ConstraintSyntaxError) {
            let syntax = try ConstraintParser.parse(text)
            if let own = syntax.label, label != nil, own != label {
                throw ConstraintSyntaxError("the label is given twice (in the string and in the \"label\" field)",
                                            column: 1)
            }
            return LayoutDocument.ConstraintEntry(index: index, syntax: syntax, label: label ?? syntax.label,
                                                  line: start.line, column: start.column, escapedColumns: columns,
                                                  arrayName: arrayName)
        } catch {
            let shown = LayoutDocument.ConstraintEntry.shortened(text)
            let column = columns.map { $0[min(max(error.column, 1), $0.count) - 1] } ?? start.column + error.column
            throw LayoutDocumentError("\(arrayName)[\(index)] \"\(shown)\", column \(error.column): \(error.message)",
                                      line: start.line, column: column)
        }
    }

    // MARK: - Values

    enum Range {
        case positive, nonNegative, any
    }

    /// Whether `id` is dotted segments of ASCII letters, digits and `_`, each starting with a letter
    /// or `_`, at most ``maximumIDLength`` characters (one pass over its bytes: every valid id is ASCII).
    static func isValidID(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard !utf8.isEmpty, utf8.count <= maximumIDLength else { return false }
        var atSegmentStart = true
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "."):
                if atSegmentStart { return false }
                atSegmentStart = true
            case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                atSegmentStart = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if atSegmentStart { return false }
            default:
                return false
            }
        }
        return !atSegmentStart
    }

    private func identifier(_ value: JSONValue?, path: [Step], subject: String) throws(LayoutDocumentError) -> String {
        guard let value else {
            throw failure(Array(path.dropLast()), "\(subject): missing field \"id\"")
        }
        guard case .string(let id) = value else {
            throw failure(path, "\(subject): id must be a string, found \(value.kind)")
        }
        guard Self.isValidID(id) else {
            let shown = LayoutDocument.ConstraintEntry.shortened(id)
            throw failure(path, "\(subject): invalid id \"\(shown)\": use letters, digits and _, optionally in "
                + "dotted segments (cell1.title), each starting with a letter or _, at most \(Self.maximumIDLength) characters")
        }
        let last = id.lastIndex(of: ".").map { id[id.index(after: $0)...] } ?? id[...]
        if Self.reservedSegments.contains(String(last)) {
            throw failure(path, "\(subject): an id may not end with .\(last) (it names the \(last) of another item)")
        }
        return id
    }

    func number(_ value: JSONValue, path: [Step], subject: String, field: String, range: Range)
        throws(LayoutDocumentError) -> Double
    {
        guard case .number(let number) = value else {
            throw failure(path, "\(subject): \(field) must be a number, found \(value.kind)")
        }
        let limit = LayoutDocument.maximumMagnitude
        switch range {
        case .positive where !(number > 0 && number <= limit):
            throw failure(path, "\(subject): \(field) must be positive and at most 1e6, not \(NumberFormat.short(number))")
        case .nonNegative where !(number >= 0 && number <= limit):
            throw failure(path, "\(subject): \(field) must be between 0 and 1e6, not \(NumberFormat.short(number))"
                + (number < 0 ? " (leave a component out for no intrinsic size on that axis)" : ""))
        case .any where !(abs(number) <= limit):
            throw failure(path, "\(subject): \(field) must be between -1e6 and 1e6, not \(NumberFormat.short(number))")
        default:
            return number + 0
        }
    }

    private func insets(_ value: JSONValue, path: [Step], subject: String, field: String) throws(LayoutDocumentError)
        -> EdgeInsets
    {
        switch value {
        case .number:
            return EdgeInsets(try number(value, path: path, subject: subject, field: field, range: .any))
        case .object(let members):
            try checkKeys(members, allowed: ["top", "left", "bottom", "right"], path: path, subject: "\(subject): \(field)")
            var sides: [Double] = []
            for side in ["top", "left", "bottom", "right"] {
                if let sideValue = value[side] {
                    sides.append(try number(sideValue, path: path + [.key(side)], subject: subject,
                                            field: "\(field).\(side)", range: .any))
                } else {
                    sides.append(0)
                }
            }
            return EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
        default:
            throw failure(path, "\(subject): \(field) must be a number or an object with top, left, bottom, right, "
                + "found \(value.kind)")
        }
    }

    private func priorities(_ value: JSONValue, path: [Step], subject: String, field: String,
                            default fallback: LayoutDocument.AxisPriorities) throws(LayoutDocumentError)
        -> LayoutDocument.AxisPriorities
    {
        func priority(_ value: JSONValue, _ path: [Step], _ name: String) throws(LayoutDocumentError) -> Priority {
            guard case .number(let number) = value else {
                throw failure(path, "\(subject): \(name) must be a priority (a number in 1...1000), found \(value.kind)")
            }
            guard number >= 1, number <= 1000 else {
                throw failure(path, "\(subject): \(name) priority \(NumberFormat.short(number)) is outside 1...1000")
            }
            return Priority(Float(number))
        }
        switch value {
        case .number:
            let both = try priority(value, path, field)
            return .init(horizontal: both, vertical: both)
        case .object(let members):
            try checkKeys(members, allowed: ["horizontal", "vertical"], path: path, subject: "\(subject): \(field)")
            var result = fallback
            if let h = value["horizontal"] { result.horizontal = try priority(h, path + [.key("horizontal")], "\(field).horizontal") }
            if let v = value["vertical"] { result.vertical = try priority(v, path + [.key("vertical")], "\(field).vertical") }
            return result
        default:
            throw failure(path, "\(subject): \(field) must be a priority or an object with horizontal and vertical, "
                + "found \(value.kind)")
        }
    }
}
