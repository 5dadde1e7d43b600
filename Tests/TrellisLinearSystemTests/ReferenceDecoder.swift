@testable import TrellisSolver
@testable import TrellisLinearSystem
@testable import TrellisSupport

/// The `linear-system/1` decoder as it was before the streaming ``LinearSystemReader``: the
/// whole document parsed into a ``JSONValue`` tree, then checked field by field. Kept as the
/// oracle the reader must agree with (same systems, same messages).
struct ReferenceDecoder {
    static func parse(_ bytes: [UInt8]) throws -> LinearSystem {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch let error as JSONParseError {
            throw LinearSystemError(error.description)
        }
        return try ReferenceDecoder(root: root).decode()
    }

    let root: JSONValue

    func decode() throws -> LinearSystem {
        guard case .object(let members) = root else { throw LinearSystemError("the document must be an object, found \(root.kind)") }
        let known: Set<String> = ["format", "variables", "constraints", "edits", "steps"]
        for member in members where !known.contains(member.key) {
            throw LinearSystemError("unknown top-level field \"\(member.key)\"")
        }
        guard let format = root["format"] else { throw LinearSystemError("missing field \"format\"") }
        guard case .string(let tag) = format, tag == LinearSystem.formatTag else {
            throw LinearSystemError("format must be \"\(LinearSystem.formatTag)\", found \(describe(format))")
        }

        var names: [String] = []
        var known_names = Set<String>()
        func note(_ name: String) {
            if known_names.insert(name).inserted { names.append(name) }
        }
        if let listed = root["variables"] {
            guard case .array(let items) = listed else { throw LinearSystemError("variables: expected an array, found \(listed.kind)") }
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item else { throw LinearSystemError("variables[\(index)]: expected a string, found \(item.kind)") }
                guard !known_names.contains(name) else { throw LinearSystemError("variables[\(index)]: duplicate variable \"\(name)\"") }
                note(name)
            }
        }

        guard let constraintsValue = root["constraints"] else { throw LinearSystemError("missing field \"constraints\"") }
        guard case .array(let items) = constraintsValue else {
            throw LinearSystemError("constraints: expected an array, found \(constraintsValue.kind)")
        }
        var entries: [LinearSystem.Entry] = []
        var ids = Set<String>()
        for (index, item) in items.enumerated() {
            let entry = try decodeEntry(item, index: index)
            guard ids.insert(entry.id).inserted else {
                throw LinearSystemError("constraints[\(index)]: duplicate constraint id \"\(entry.id)\"")
            }
            for term in entry.terms { note(term.variable) }
            entries.append(entry)
        }

        var edits: [LinearSystem.Edit] = []
        var editNames = Set<String>()
        if let editsValue = root["edits"] {
            guard case .array(let editItems) = editsValue else { throw LinearSystemError("edits: expected an array, found \(editsValue.kind)") }
            for (index, item) in editItems.enumerated() {
                let place = "edits[\(index)]"
                guard case .object = item else { throw LinearSystemError("\(place): expected an object, found \(item.kind)") }
                try allowOnly(["variable", "strength"], in: item, place: place)
                guard case .string(let name)? = item["variable"] else { throw LinearSystemError("\(place): \"variable\" must be a string") }
                guard let strength = item["strength"] else { throw LinearSystemError("\(place) (\(name)): missing field \"strength\"") }
                guard let weight = try decodeStrength(strength, place: "\(place) (\(name))") else {
                    throw LinearSystemError("\(place) (\(name)): an edit variable cannot be required")
                }
                guard editNames.insert(name).inserted else { throw LinearSystemError("\(place): duplicate edit variable \"\(name)\"") }
                note(name)
                edits.append(.init(variable: name, weight: weight))
            }
        }

        var steps: [[(variable: String, value: Double)]] = []
        if let stepsValue = root["steps"] {
            guard case .array(let stepItems) = stepsValue else { throw LinearSystemError("steps: expected an array, found \(stepsValue.kind)") }
            for (index, item) in stepItems.enumerated() {
                let place = "steps[\(index)]"
                guard case .object = item else { throw LinearSystemError("\(place): expected an object, found \(item.kind)") }
                try allowOnly(["suggest"], in: item, place: place)
                guard let suggest = item["suggest"] else { throw LinearSystemError("\(place): missing field \"suggest\"") }
                guard case .object(let pairs) = suggest else { throw LinearSystemError("\(place).suggest: expected an object, found \(suggest.kind)") }
                var step: [(variable: String, value: Double)] = []
                for (name, value) in pairs {
                    guard editNames.contains(name) else {
                        throw LinearSystemError("\(place).suggest: \"\(name)\" is not an edit variable")
                    }
                    step.append((name, try number(value, place: "\(place).suggest.\(name)")))
                }
                steps.append(step)
            }
        }
        return LinearSystem(variables: names, constraints: entries, edits: edits, steps: steps)
    }

    private func decodeEntry(_ item: JSONValue, index: Int) throws -> LinearSystem.Entry {
        var place = "constraints[\(index)]"
        guard case .object = item else { throw LinearSystemError("\(place): expected an object, found \(item.kind)") }
        guard let idValue = item["id"] else { throw LinearSystemError("\(place): missing field \"id\"") }
        guard case .string(let id) = idValue else { throw LinearSystemError("\(place): \"id\" must be a string, found \(idValue.kind)") }
        place += " (id \"\(id)\")"
        try allowOnly(["id", "terms", "constant", "op", "strength"], in: item, place: place)

        guard let termsValue = item["terms"] else { throw LinearSystemError("\(place): missing field \"terms\"") }
        guard case .object(let pairs) = termsValue else { throw LinearSystemError("\(place): terms: expected an object, found \(termsValue.kind)") }
        var terms: [(variable: String, coefficient: Double)] = []
        for (name, value) in pairs {
            terms.append((name, try number(value, place: "\(place): terms.\(name)")))
        }
        guard let constantValue = item["constant"] else { throw LinearSystemError("\(place): missing field \"constant\"") }
        let constant = try number(constantValue, place: "\(place): constant")

        guard let opValue = item["op"] else { throw LinearSystemError("\(place): missing field \"op\"") }
        guard case .string(let op) = opValue, let relation = Relation(rawValue: op) else {
            throw LinearSystemError("\(place): unknown op \(describe(opValue)) (expected \"==\", \"<=\" or \">=\")")
        }
        guard let strength = item["strength"] else { throw LinearSystemError("\(place): missing field \"strength\"") }
        let weight = try decodeStrength(strength, place: place)
        return .init(id: id, terms: terms, constant: constant, relation: relation, weight: weight)
    }

    /// `nil` for "required", else a positive finite weight.
    private func decodeStrength(_ value: JSONValue, place: String) throws -> Double? {
        switch value {
        case .string("required"): return nil
        case .number(let weight):
            guard weight > 0 else { throw LinearSystemError("\(place): strength must be \"required\" or a positive number, found \(weight)") }
            if let problem = NumberCheck.weightProblem(weight) { throw LinearSystemError("\(place): strength: \(problem)") }
            return weight
        default:
            throw LinearSystemError("\(place): strength must be \"required\" or a positive number, found \(describe(value))")
        }
    }

    private func number(_ value: JSONValue, place: String) throws -> Double {
        guard case .number(let number) = value else { throw LinearSystemError("\(place): expected a number, found \(value.kind)") }
        if let problem = NumberCheck.problem(number) { throw LinearSystemError("\(place): \(problem)") }
        return number
    }

    private func allowOnly(_ keys: Set<String>, in item: JSONValue, place: String) throws {
        guard case .object(let members) = item else { return }
        for member in members where !keys.contains(member.key) {
            throw LinearSystemError("\(place): unknown field \"\(member.key)\"")
        }
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let number): "\(number)"
        default: value.kind
        }
    }
}
