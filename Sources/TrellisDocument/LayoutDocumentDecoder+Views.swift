import Trellis
import TrellisSupport

// Decoding the root and `views` entries: sizing, stacks, text and the fields the root shares.
extension LayoutDocumentDecoder {
    // MARK: - Views

    func decodeRoot(_ value: JSONValue) throws(LayoutDocumentError) -> (LayoutDocument.ViewEntry, Size) {
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

    func decodeView(_ value: JSONValue, index: Int, line: Int, rootID: String) throws(LayoutDocumentError)
        -> LayoutDocument.ViewEntry
    {
        guard case .object(let members) = value else {
            throw failure([.key("views"), .index(index)], "views[\(index)] must be an object with an id, found \(value.kind)")
        }
        // A plain view (an id and a parent, as most of a screen's are) with both well formed:
        // every other field keeps its default, and nothing needs the paths and the subject that
        // only messages use. Anything else takes the route below, which explains what is wrong.
        if members.count <= 2, case .string(let id)? = value["id"], Self.isValidID(id), Self.reservedLastSegment(of: id) == nil {
            switch (members.count, value["parent"]) {
            case (1, nil): return Self.defaultViewEntry(id: id, parent: rootID, line: line)
            case (2, .string(let parent)?): return Self.defaultViewEntry(id: id, parent: parent, line: line)
            default: break
            }
        }
        // The path and the subject are made only for a message (with the helpers' own, they were
        // half of decoding a view: lists and strings interpolated, for nothing when it is well
        // formed; see LayoutDocumentDecoder).
        func path() -> [Step] { [.key("views"), .index(index)] }
        let id = try identifier(value["id"], path: path() + [.key("id")], subject: "views[\(index)]")
        func subject() -> String { "views[\(index)] (id \"\(id)\")" }
        try checkKeys(members, allowed: ["id", "parent", "intrinsicSize", "hugging", "compression", "baselines",
                                         "margins", "safeArea", "marginsFromSafeArea", "direction",
                                         "text", "font", "lines", "lineBreak", "alignment", "hidden", "stack",
                                         "style", "color", "image", "scroll", "frame", "autoresizing"],
                      path: path(), subject: subject())
        let parent = try decodeParent(value["parent"], path: path() + [.key("parent")], subject: subject(), rootID: rootID)
        var entry = Self.defaultViewEntry(id: id, parent: parent, line: line)
        try decodeSizing(value, into: &entry, path: path(), subject: subject())
        entry.text = try decodeText(value, path: path(), subject: subject())
        if let hidden = value["hidden"] {
            entry.isHidden = try flag(hidden, path: path() + [.key("hidden")], subject: subject(), field: "hidden")
        }
        if let stack = value["stack"] {
            if entry.text != nil {
                throw failure(path() + [.key("stack")], "\(subject()): a view cannot be both a text item and a stack")
            }
            entry.stack = try decodeStack(stack, path: path() + [.key("stack")], subject: subject())
        }
        try decodePlacement(value, into: &entry, path: path(), subject: subject())
        try decodeCommon(value, into: &entry, path: path(), subject: subject())
        try decodeLook(value, into: &entry, path: path(), subject: subject())
        return entry
    }

    /// A view or root with the defaults of every optional field: no intrinsic size, hugging
    /// `defaultLow`, compression resistance `defaultHigh`, baselines 0, margins 8 from a zero safe
    /// area, direction unspecified.
    static func defaultViewEntry(id: String, parent: String?, line: Int) -> LayoutDocument.ViewEntry {
        LayoutDocument.ViewEntry(
            id: id, parent: parent, intrinsicSize: nil,
            hugging: .init(horizontal: .defaultLow, vertical: .defaultLow),
            compression: .init(horizontal: .defaultHigh, vertical: .defaultHigh),
            firstBaseline: 0, lastBaseline: 0, margins: EdgeInsets(8), safeArea: .zero, marginsFromSafeArea: true,
            direction: .unspecified, line: line)
    }

    /// A view's sizing fields, each optional: `intrinsicSize`, `hugging`, `compression` and `baselines`.
    func decodeSizing(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry, path: @autoclosure () -> [Step],
                      subject: @autoclosure () -> String) throws(LayoutDocumentError) {
        if let sizeValue = value["intrinsicSize"] {
            entry.intrinsicSize = try decodeIntrinsicSize(sizeValue, path: path() + [.key("intrinsicSize")], subject: subject())
        }
        if let hugging = value["hugging"] {
            entry.hugging = try priorities(hugging, path: path() + [.key("hugging")], subject: subject(), field: "hugging",
                                           default: entry.hugging)
        }
        if let compression = value["compression"] {
            entry.compression = try priorities(compression, path: path() + [.key("compression")], subject: subject(),
                                               field: "compression", default: entry.compression)
        }
        if let baselines = value["baselines"] {
            try decodeBaselines(baselines, into: &entry, path: path() + [.key("baselines")], subject: subject())
        }
    }

    /// A view's `parent`: the id of a view, the root when the field is absent.
    func decodeParent(_ value: JSONValue?, path: @autoclosure () -> [Step], subject: @autoclosure () -> String,
                      rootID: String)
        throws(LayoutDocumentError) -> String
    {
        guard let value else { return rootID }
        guard case .string(let text) = value else {
            throw failure(path(), "\(subject()): parent must be the id of a view, found \(value.kind)")
        }
        return text
    }

    /// A view's `intrinsicSize` object: a width and a height, each absent or null for none.
    func decodeIntrinsicSize(_ value: JSONValue, path: @autoclosure () -> [Step],
                             subject: @autoclosure () -> String) throws(LayoutDocumentError)
        -> Size
    {
        guard case .object(let members) = value else {
            throw failure(path(), "\(subject()): intrinsicSize must be an object such as {\"width\": 120, "
                + "\"height\": 20}, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["width", "height"], path: path(), subject: "\(subject()): intrinsicSize")
        func component(_ field: String) throws(LayoutDocumentError) -> Double {
            switch value[field] {
            case nil, .null?: View.noIntrinsicMetric
            case let component?:
                try number(component, path: path() + [.key(field)], subject: subject(),
                           field: "intrinsicSize.\(field)", range: .nonNegative)
            }
        }
        return Size(width: try component("width"), height: try component("height"))
    }

    /// A view's `baselines` object: its first and last baseline offsets, each optional.
    func decodeBaselines(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry,
                         path: @autoclosure () -> [Step],
                         subject: @autoclosure () -> String) throws(LayoutDocumentError) {
        guard case .object(let members) = value else {
            throw failure(path(), "\(subject()): baselines must be an object such as {\"first\": 15, \"last\": 5}, "
                + "found \(value.kind)")
        }
        try checkKeys(members, allowed: ["first", "last"], path: path(), subject: "\(subject()): baselines")
        if let first = value["first"] {
            entry.firstBaseline = try number(first, path: path() + [.key("first")], subject: subject(),
                                             field: "baselines.first", range: .any)
        }
        if let last = value["last"] {
            entry.lastBaseline = try number(last, path: path() + [.key("last")], subject: subject(),
                                            field: "baselines.last", range: .any)
        }
    }

    /// The fields of a `stack` object.
    func decodeStack(_ value: JSONValue, path: @autoclosure () -> [Step],
                     subject: @autoclosure () -> String) throws(LayoutDocumentError)
        -> LayoutDocument.StackEntry
    {
        guard case .object(let members) = value else {
            throw failure(path(), "\(subject()): stack must be an object such as {\"axis\": \"vertical\", \"arranged\": "
                + "[\"a\", \"b\"]}, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["axis", "spacing", "distribution", "alignment", "arranged", "customSpacing",
                                         "baselineRelative", "marginsRelative"], path: path(), subject: "\(subject()): stack")
        var stack = LayoutDocument.StackEntry()
        func name<Value: RawRepresentable & CaseIterable>(_ field: String, as _: Value.Type) throws(LayoutDocumentError)
            -> Value? where Value.RawValue == String
        {
            guard let fieldValue = value[field] else { return nil }
            guard case .string(let text) = fieldValue, let result = Value(rawValue: text) else {
                throw failure(path() + [.key(field)], "\(subject()): stack.\(field) must be one of "
                    + Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", found \(Self.shown(fieldValue))")
            }
            return result
        }
        func flag(_ field: String) throws(LayoutDocumentError) -> Bool {
            guard let fieldValue = value[field] else { return false }
            return try self.flag(fieldValue, path: path() + [.key(field)], subject: subject(), field: "stack.\(field)")
        }
        if let axis = try name("axis", as: LayoutAxis.self) { stack.axis = axis }
        if let distribution = try name("distribution", as: StackDistribution.self) { stack.distribution = distribution }
        if let alignment = try name("alignment", as: StackAlignment.self) { stack.alignment = alignment }
        if stack.axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
            throw failure(path() + [.key("alignment")], "\(subject()): stack.alignment \"\(stack.alignment)\" needs a "
                + "horizontal stack (a vertical stack cannot line its views up by baseline)")
        }
        if case .string("system")? = value["spacing"] {
            stack.spacing = LayoutConstant.standardSystemSpacing     // UIKit's system spacing between arranged views
        } else if let spacing = value["spacing"] {
            stack.spacing = try number(spacing, path: path() + [.key("spacing")], subject: subject(), field: "stack.spacing",
                                       range: .any)
        }
        stack.isBaselineRelative = try flag("baselineRelative")
        stack.isMarginsRelative = try flag("marginsRelative")
        var listed = Set<String>()      // (a list of a thousand rows is checked in one pass, not a pass per id)
        for (index, element) in try array(value["arranged"], path: path() + [.key("arranged")]).enumerated() {
            guard case .string(let id) = element else {
                throw failure(path() + [.key("arranged"), .index(index)],
                              "\(subject()): stack.arranged[\(index)] must be the id of a child view, found \(element.kind)")
            }
            if !listed.insert(id).inserted {
                throw failure(path() + [.key("arranged"), .index(index)],
                              "\(subject()): stack.arranged lists \"\(LayoutDocument.ConstraintEntry.shortened(id))\" twice")
            }
            stack.arranged.append(id)
        }
        if let custom = value["customSpacing"] {
            guard case .object(let gaps) = custom else {
                throw failure(path() + [.key("customSpacing")], "\(subject()): stack.customSpacing must be an object such as "
                    + "{\"title\": 24} (the gap after each view), found \(custom.kind)")
            }
            for gap in gaps {
                let gapPath = path() + [.key("customSpacing"), .key(gap.key)]
                guard listed.contains(gap.key) else {
                    throw failure(gapPath, "\(subject()): stack.customSpacing names \""
                        + "\(LayoutDocument.ConstraintEntry.shortened(gap.key))\", which is not in stack.arranged")
                }
                stack.customSpacing[gap.key] = try number(gap.value, path: gapPath, subject: subject(),
                                                          field: "stack.customSpacing.\(gap.key)", range: .any)
            }
        }
        return stack
    }

    /// The most characters a text item may have.
    static let maximumTextLength = 100_000

    /// The text fields of a view: `text`, and `font`, `lines`, `lineBreak`, `alignment` with it.
    func decodeText(_ value: JSONValue, path: @autoclosure () -> [Step],
                    subject: @autoclosure () -> String) throws(LayoutDocumentError)
        -> LayoutDocument.TextEntry?
    {
        guard let textValue = value["text"] else {
            for field in ["font", "lines", "lineBreak", "alignment"] where value[field] != nil {
                throw failure(path() + [.key(field)], "\(subject()): \(field) needs a \"text\" field (it describes text)")
            }
            return nil
        }
        guard case .string(let text) = textValue else {
            throw failure(path() + [.key("text")], "\(subject()): text must be a string, found \(textValue.kind)")
        }
        guard text.unicodeScalars.count <= Self.maximumTextLength else {
            throw failure(path() + [.key("text")], "\(subject()): text is longer than \(Self.maximumTextLength) characters")
        }
        for field in ["intrinsicSize", "baselines"] where value[field] != nil {
            throw failure(path() + [.key(field)], "\(subject()): a text item may not have \(field) (its size and baselines "
                + "come from measuring the text)")
        }
        var entry = LayoutDocument.TextEntry(text: text)
        if let font = value["font"] {
            guard case .string(let description) = font,
                  !description.allSatisfy({ $0 == " " }), description.unicodeScalars.count <= 256,
                  !description.unicodeScalars.contains(where: { $0.value < 0x20 })
            else {
                throw failure(path() + [.key("font")], "\(subject()): font must be a Pango font description such as "
                    + "\"DejaVu Sans Bold 15\" (at most 256 characters), found \(Self.shown(font))")
            }
            entry.font = description
        }
        if let lines = value["lines"] {
            guard case .number(let count) = lines, count >= 0, count <= 1e6, count.rounded() == count else {
                throw failure(path() + [.key("lines")], "\(subject()): lines must be a whole number from 0 (no limit) "
                    + "to 1e6, found \(Self.shown(lines))")
            }
            entry.lines = Int(count)
        }
        if let mode = value["lineBreak"] {
            guard case .string(let name) = mode, LayoutDocument.TextEntry.lineBreakModes.contains(name) else {
                throw failure(path() + [.key("lineBreak")], "\(subject()): lineBreak must be one of "
                    + LayoutDocument.TextEntry.lineBreakModes.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ", found \(Self.shown(mode))")
            }
            entry.lineBreak = name
        }
        if let alignment = value["alignment"] {
            guard case .string(let name) = alignment, LayoutDocument.TextEntry.alignments.contains(name) else {
                throw failure(path() + [.key("alignment")], "\(subject()): alignment must be one of "
                    + LayoutDocument.TextEntry.alignments.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ", found \(Self.shown(alignment))")
            }
            entry.alignment = name
        }
        return entry
    }


    /// The fields the root shares with views: margins, safe area, direction.
    func decodeCommon(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry, path: @autoclosure () -> [Step],
                      subject: @autoclosure () -> String) throws(LayoutDocumentError) {
        if let margins = value["margins"] {
            entry.margins = try insets(margins, path: path() + [.key("margins")], subject: subject(), field: "margins")
        }
        if let safeArea = value["safeArea"] {
            entry.safeArea = try insets(safeArea, path: path() + [.key("safeArea")], subject: subject(), field: "safeArea")
        }
        if let fromSafeArea = value["marginsFromSafeArea"] {
            entry.marginsFromSafeArea = try flag(fromSafeArea, path: path() + [.key("marginsFromSafeArea")], subject: subject(),
                                                 field: "marginsFromSafeArea")
        }
        if let direction = value["direction"] {
            switch direction {
            case .string("leftToRight"): entry.direction = .forceLeftToRight
            case .string("rightToLeft"): entry.direction = .forceRightToLeft
            case .string("inherit"): entry.direction = .unspecified
            default:
                throw failure(path() + [.key("direction")],
                              "\(subject()): direction must be \"leftToRight\", \"rightToLeft\" or \"inherit\"")
            }
        }
    }
}
