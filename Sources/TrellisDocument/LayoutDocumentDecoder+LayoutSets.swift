import Trellis
import TrellisSupport

// Decoding `layoutSets` (cases and their size queries) and `visualFormat` entries.
extension LayoutDocumentDecoder {
    // MARK: - Layout sets and Visual Format

    func decodeLayoutSet(_ value: JSONValue, index: Int, line: Int, viewIDs: Set<String>, guideIDs: Set<String>)
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

    func decodeQuery(_ value: JSONValue, path: [Step], subject: String) throws(LayoutDocumentError)
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

    func decodeVisualFormat(_ value: JSONValue, index: Int)
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
}
