import TrellisSolver
import TrellisSupport

/// Reads `linear-system/1` bytes straight into a ``LinearSystem`` in one pass, without building a
/// ``JSONValue`` tree: field names are compared as bytes, numbers are parsed from the bytes, and
/// each variable name is interned once (``NameTable``), so the terms come out both as names and as
/// dense variable indices.
///
/// It earns its place by speed: on the 0.4–6 MB files of `Tests/Conformance/fixtures/large-*.json`
/// and `Benchmarks/scenarios/*-5000.json` it reads a system in about half the time (1.5–2.7×
/// faster) that `JSONValue.parse` followed by field-by-field checks takes, which makes a whole
/// `trellis solve` 7–68% faster on 11 of those 13 files (release build, November 2026; on the
/// other two the solve hides it). The JSON rules are not its own: lexing, the walk
/// through objects and arrays, duplicate keys and nesting are ``JSONScanning``'s, shared with
/// ``JSONParser``.
///
/// It accepts and rejects exactly what `JSONValue.parse` followed by the field-by-field checks
/// does (the tests keep that decoder, `ReferenceDecoder`, as the oracle), with the same messages:
/// - JSON syntax errors (with their line and column) win over every other problem, wherever they
///   are, as when the whole tree was parsed first. So the reader keeps checking the syntax of the
///   rest of the document after finding a problem, and reports the problem only at the end.
/// - The other problems are reported in the order the checks ran on the tree: the document's
///   kind, an unknown top-level field, `format`, `variables`, `constraints` (entry by entry, each
///   entry's fields in a fixed order), `edits`, then `steps`, whatever the order of the fields in
///   the text. One constraint (or edit, or step) is buffered at a time to do so; steps are checked
///   at the end, once every edit variable is known.
/// - Names compare as `String`s (canonical equivalence), duplicate keys included.
struct LinearSystemReader: JSONScanning {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var depth = 0
    /// The decoded bytes of the last string read that had escapes.
    var scratch: [UInt8] = []
    private var table = NameTable()
    /// Per name: listed in `variables`, an edit variable, and the last terms or suggest object
    /// that named it (to find duplicate keys there without a set).
    private var isListed: [Bool] = []
    private var isEdit: [Bool] = []
    private var lastObject: [Int32] = []
    private var objectSerial: Int32 = 0

    // What the sections hold so far, and the first problem of each (reported at the end).
    private var rootKind: String?
    private var firstUnknownTopLevel: String?
    private var format: FieldValue = .missing
    private var variablesProblem: String?
    private var listed: [Int] = []
    /// Spellings of listed names that differ from the interned one (canonically equivalent).
    private var listedSpelling: [Int: String] = [:]
    private var constraintsKind: FieldValue = .missing
    private var constraintsProblem: String?
    private var entries: [LinearSystem.Entry] = []
    /// The variable index of every term of `entries`, back to back.
    private var termVariables: [Int32] = []
    private var ids = Set<String>()
    private var editsProblem: String?
    private var edits: [LinearSystem.Edit] = []
    private var editIndices: [Int] = []
    private var stepsProblem: String?
    private var steps: [[SuggestPair]] = []
    /// The sections that name variables, in text order; when they come in the canonical order
    /// (`variables`, `constraints`, `edits`, `steps`), interning order is variable order.
    private var lastSectionRank = -1
    private var sectionsInOrder = true

    /// Reads a complete document.
    /// - Throws: ``LinearSystemError`` naming the offending entry.
    static func read(_ bytes: [UInt8]) throws -> LinearSystem {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = LinearSystemReader(bytes: buffer)
            return try reader.readDocument()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: - Values of single fields

    /// A scalar field's value, kept for its checks and messages.
    private enum FieldValue {
        case missing
        case number(Double)
        case text(String)
        case relation(Relation)
        case required
        /// Anything else (or, for a container field, the container itself), by kind.
        case other(kind: String)

        var kind: String {
            switch self {
            case .missing: "nothing"
            case .number: "a number"
            case .text, .relation, .required: "a string"
            case .other(let kind): kind
            }
        }

        /// As the messages quote a value: strings quoted, numbers printed, others by kind.
        var described: String {
            switch self {
            case .text(let text): "\"\(text)\""
            case .relation(let relation): "\"\(relation.rawValue)\""
            case .required: "\"required\""
            case .number(let number): "\(number)"
            default: kind
            }
        }
    }

    /// Why a value is not an acceptable number.
    private enum NumberIssue {
        case notNumber(kind: String)
        case problem(String)

        var text: String {
            switch self {
            case .notNumber(let kind): "expected a number, found \(kind)"
            case .problem(let problem): problem
            }
        }
    }

    /// One suggestion of a step, checked at the end (the edit variables may come later).
    private struct SuggestPair {
        var variable: Int
        var value: Double
        /// This occurrence's spelling, when it differs from the interned one.
        var spelling: String?
        var issue: NumberIssue?
    }

    // MARK: - The document

    private mutating func readDocument() throws -> LinearSystem {
        try scanDocument { reader in
            let first = try reader.peek()
            if first == UInt8(ascii: "{") {
                try reader.scanObject(key: { reader, key in try reader.topLevelKey(key) },
                                      value: { reader, field in try reader.readTopLevel(field) })
            } else {
                reader.rootKind = reader.kind(of: first)
                try reader.skipValue()
            }
        }
        if let problem = firstProblem() { throw LinearSystemError(problem) }
        return assemble()
    }

    private enum TopLevelField { case format, variables, constraints, edits, steps, unknown(String) }
    private var seenTopLevel: UInt8 = 0
    private var unknownKeys = Set<String>()

    private mutating func topLevelKey(_ key: JSONStringToken) throws -> TopLevelField {
        let field: TopLevelField, bit: UInt8
        if matches(key, "format") { field = .format; bit = 1 }
        else if matches(key, "variables") { field = .variables; bit = 2 }
        else if matches(key, "constraints") { field = .constraints; bit = 4 }
        else if matches(key, "edits") { field = .edits; bit = 8 }
        else if matches(key, "steps") { field = .steps; bit = 16 }
        else {
            let name = text(of: key)
            guard unknownKeys.insert(name).inserted else { throw duplicateKeyError(key) }
            return .unknown(name)
        }
        guard seenTopLevel & bit == 0 else { throw duplicateKeyError(key) }
        seenTopLevel |= bit
        return field
    }

    private mutating func readTopLevel(_ field: TopLevelField) throws {
        switch field {
        case .format:
            format = try readField()
        case .variables:
            enterSection(rank: 0)
            let first = try peek()
            if first != UInt8(ascii: "[") {
                variablesProblem = "variables: expected an array, found \(kind(of: first))"
                return try skipValue()
            }
            try scanArray { reader, index in try reader.readListedVariable(index) }
        case .constraints:
            enterSection(rank: 1)
            let first = try peek()
            if first != UInt8(ascii: "[") {
                constraintsKind = .other(kind: kind(of: first))
                return try skipValue()
            }
            constraintsKind = .other(kind: "an array")
            try scanArray { reader, index in try reader.readConstraint(index) }
        case .edits:
            enterSection(rank: 2)
            let first = try peek()
            if first != UInt8(ascii: "[") {
                editsProblem = "edits: expected an array, found \(kind(of: first))"
                return try skipValue()
            }
            try scanArray { reader, index in try reader.readEdit(index) }
        case .steps:
            enterSection(rank: 3)
            let first = try peek()
            if first != UInt8(ascii: "[") {
                stepsProblem = "steps: expected an array, found \(kind(of: first))"
                return try skipValue()
            }
            try scanArray { reader, index in try reader.readStep(index) }
        case .unknown(let name):
            if firstUnknownTopLevel == nil { firstUnknownTopLevel = name }
            try skipValue()
        }
    }

    private mutating func enterSection(rank: Int) {
        if rank < lastSectionRank { sectionsInOrder = false }
        lastSectionRank = max(lastSectionRank, rank)
    }

    /// The first problem in the order the checks are defined (see the type's documentation).
    private func firstProblem() -> String? {
        if let rootKind { return "the document must be an object, found \(rootKind)" }
        if let firstUnknownTopLevel { return "unknown top-level field \"\(firstUnknownTopLevel)\"" }
        switch format {
        case .missing: return "missing field \"format\""
        case .text(LinearSystem.formatTag): break
        default: return "format must be \"\(LinearSystem.formatTag)\", found \(format.described)"
        }
        if let variablesProblem { return variablesProblem }
        switch constraintsKind {
        case .missing: return "missing field \"constraints\""
        case .other("an array"): break
        default: return "constraints: expected an array, found \(constraintsKind.kind)"
        }
        if let constraintsProblem { return constraintsProblem }
        if let editsProblem { return editsProblem }
        for (index, step) in steps.enumerated() {
            for pair in step {
                let name = pair.spelling ?? table.names[pair.variable]
                guard isEdit[pair.variable] else { return "steps[\(index)].suggest: \"\(name)\" is not an edit variable" }
                if let issue = pair.issue { return "steps[\(index)].suggest.\(name): \(issue.text)" }
            }
        }
        return stepsProblem
    }

    /// The system, its variables in the documented order: listed ones, then first appearance in
    /// constraints, then in edits.
    private mutating func assemble() -> LinearSystem {
        var stepNames: [[(variable: String, value: Double)]] = []
        var stepIndices: [[(variable: Int, value: Double)]] = []
        stepNames.reserveCapacity(steps.count)
        stepIndices.reserveCapacity(steps.count)
        for step in steps {
            stepNames.append(step.map { ($0.spelling ?? table.names[$0.variable], $0.value) })
            stepIndices.append(step.map { ($0.variable, $0.value) })
        }
        steps = []
        var variables = table.names
        if !sectionsInOrder {
            // Interning followed the text's section order: renumber in the documented order.
            var newIndex = Array(repeating: -1, count: table.count)
            variables = []
            func note(_ index: Int, _ spelling: String) {
                if newIndex[index] < 0 { newIndex[index] = variables.count; variables.append(spelling) }
            }
            for index in listed { note(index, listedSpelling[index] ?? table.names[index]) }
            var position = 0
            for entry in entries {
                for term in entry.terms {
                    note(Int(termVariables[position]), term.variable)
                    position += 1
                }
            }
            for (edit, index) in zip(edits, editIndices) { note(index, edit.variable) }
            termVariables = termVariables.map { Int32(newIndex[Int($0)]) }
            editIndices = editIndices.map { newIndex[$0] }
            stepIndices = stepIndices.map { $0.map { (newIndex[$0.variable], $0.value) } }
        }
        let indexed = LinearSystem.IndexedForm(termVariables: termVariables, edits: editIndices, steps: stepIndices)
        return LinearSystem(variables: variables, constraints: entries, edits: edits, steps: stepNames, indexed: indexed)
    }

    // MARK: - Sections

    private mutating func readListedVariable(_ index: Int) throws {
        let first = try peek()
        guard first == UInt8(ascii: "\"") else {
            if variablesProblem == nil { variablesProblem = "variables[\(index)]: expected a string, found \(kind(of: first))" }
            return try skipValue()
        }
        let text = try scanString()
        let (name, spelling) = intern(text)
        guard variablesProblem == nil else { return }
        if isListed[name] {
            variablesProblem = "variables[\(index)]: duplicate variable \"\(spelling ?? table.names[name])\""
            return
        }
        isListed[name] = true
        listed.append(name)
        if let spelling { listedSpelling[name] = spelling }
    }

    private enum EntryField { case id, terms, constant, op, strength, unknown(String) }

    /// One constraint object's fields, buffered until the object ends.
    private struct PendingEntry {
        var seen: UInt8 = 0
        var unknownKeys = Set<String>()
        var firstUnknown: String?
        var id: FieldValue = .missing
        var termsField: FieldValue = .missing
        var terms: [(variable: String, coefficient: Double)] = []
        var termProblem: (name: String, issue: NumberIssue)?
        var constant: FieldValue = .missing
        var op: FieldValue = .missing
        var strength: FieldValue = .missing
    }

    private var pending = PendingEntry()
    /// The variable indices of the pending constraint's terms.
    private var pendingVariables: [Int32] = []

    private mutating func readConstraint(_ index: Int) throws {
        let first = try peek()
        guard first == UInt8(ascii: "{") else {
            if constraintsProblem == nil { constraintsProblem = "constraints[\(index)]: expected an object, found \(kind(of: first))" }
            return try skipValue()
        }
        pending = PendingEntry()
        pendingVariables.removeAll(keepingCapacity: true)
        try scanObject(key: { reader, key in try reader.entryKey(key) },
                       value: { reader, field in try reader.readEntryField(field) })
        guard constraintsProblem == nil else { return }
        constraintsProblem = finishEntry(index)
    }

    private mutating func entryKey(_ key: JSONStringToken) throws -> EntryField {
        let field: EntryField, bit: UInt8
        if matches(key, "id") { field = .id; bit = 1 }
        else if matches(key, "terms") { field = .terms; bit = 2 }
        else if matches(key, "constant") { field = .constant; bit = 4 }
        else if matches(key, "op") { field = .op; bit = 8 }
        else if matches(key, "strength") { field = .strength; bit = 16 }
        else {
            let name = text(of: key)
            guard pending.unknownKeys.insert(name).inserted else { throw duplicateKeyError(key) }
            return .unknown(name)
        }
        guard pending.seen & bit == 0 else { throw duplicateKeyError(key) }
        pending.seen |= bit
        return field
    }

    private mutating func readEntryField(_ field: EntryField) throws {
        switch field {
        case .id: pending.id = try readField()
        case .constant: pending.constant = try readField()
        case .op: pending.op = try readField(relation: true)
        case .strength: pending.strength = try readField(required: true)
        case .unknown(let name):
            if pending.firstUnknown == nil { pending.firstUnknown = name }
            try skipValue()
        case .terms:
            let first = try peek()
            guard first == UInt8(ascii: "{") else {
                pending.termsField = .other(kind: kind(of: first))
                return try skipValue()
            }
            pending.termsField = .other(kind: "an object")
            objectSerial += 1
            try scanObject(key: { reader, key in try reader.uniqueName(key) },
                           value: { reader, name in try reader.readTerm(name) })
        }
    }

    /// Interns a key of a terms or suggest object, rejecting a duplicate as the JSON parser did.
    private mutating func uniqueName(_ key: JSONStringToken) throws -> (index: Int, spelling: String?) {
        let (index, spelling) = intern(key)
        guard lastObject[index] != objectSerial else {
            throw duplicateKeyError(key)
        }
        lastObject[index] = objectSerial
        return (index, spelling)
    }

    private mutating func readTerm(_ name: (index: Int, spelling: String?)) throws {
        let (coefficient, issue) = try readNumber()
        if let issue {
            if pending.termProblem == nil { pending.termProblem = (name.spelling ?? table.names[name.index], issue) }
            return
        }
        pending.terms.append((name.spelling ?? table.names[name.index], coefficient))
        pendingVariables.append(Int32(name.index))
    }

    /// Checks the buffered constraint as the tree decoder did, in its order; appends it when fine.
    private mutating func finishEntry(_ index: Int) -> String? {
        let at = "constraints[\(index)]"
        guard case .text(let id) = pending.id else {
            if case .missing = pending.id { return "\(at): missing field \"id\"" }
            return "\(at): \"id\" must be a string, found \(pending.id.kind)"
        }
        var place: String { "\(at) (id \"\(id)\")" }
        if let unknown = pending.firstUnknown { return "\(place): unknown field \"\(unknown)\"" }
        switch pending.termsField {
        case .missing: return "\(place): missing field \"terms\""
        case .other("an object"): break
        default: return "\(place): terms: expected an object, found \(pending.termsField.kind)"
        }
        if let problem = pending.termProblem { return "\(place): terms.\(problem.name): \(problem.issue.text)" }
        guard case .number(let constant) = pending.constant else {
            if case .missing = pending.constant { return "\(place): missing field \"constant\"" }
            return "\(place): constant: expected a number, found \(pending.constant.kind)"
        }
        if let problem = NumberCheck.problem(constant) { return "\(place): constant: \(problem)" }
        guard case .relation(let relation) = pending.op else {
            if case .missing = pending.op { return "\(place): missing field \"op\"" }
            return "\(place): unknown op \(pending.op.described) (expected \"==\", \"<=\" or \">=\")"
        }
        let weight: Double?
        switch strength(pending.strength, place: place) {
        case .success(let value): weight = value
        case .failure(let problem): return problem.message
        }
        guard ids.insert(id).inserted else { return "\(at): duplicate constraint id \"\(id)\"" }
        entries.append(LinearSystem.Entry(id: id, terms: pending.terms, constant: constant, relation: relation, weight: weight))
        termVariables.append(contentsOf: pendingVariables)
        pending.terms = []
        return nil
    }

    /// `nil` for "required", else a positive finite weight.
    private func strength(_ value: FieldValue, place: @autoclosure () -> String) -> Result<Double?, LinearSystemError> {
        switch value {
        case .missing: return .failure(LinearSystemError("\(place()): missing field \"strength\""))
        case .required: return .success(nil)
        case .number(let weight):
            guard weight > 0 else {
                return .failure(LinearSystemError("\(place()): strength must be \"required\" or a positive number, found \(weight)"))
            }
            if let problem = NumberCheck.weightProblem(weight) { return .failure(LinearSystemError("\(place()): strength: \(problem)")) }
            return .success(weight)
        default:
            return .failure(LinearSystemError("\(place()): strength must be \"required\" or a positive number, found \(value.described)"))
        }
    }

    private enum EditField { case variable, strength, unknown(String) }

    private mutating func readEdit(_ index: Int) throws {
        let first = try peek()
        guard first == UInt8(ascii: "{") else {
            if editsProblem == nil { editsProblem = "edits[\(index)]: expected an object, found \(kind(of: first))" }
            return try skipValue()
        }
        var seen: UInt8 = 0
        var unknownKeys = Set<String>()
        var firstUnknown: String?
        var variable: (index: Int, spelling: String?)?
        var strengthValue = FieldValue.missing
        try scanObject(key: { reader, key -> EditField in
            let field: EditField, bit: UInt8
            if reader.matches(key, "variable") { field = .variable; bit = 1 }
            else if reader.matches(key, "strength") { field = .strength; bit = 2 }
            else {
                let name = reader.text(of: key)
                guard unknownKeys.insert(name).inserted else { throw reader.duplicateKeyError(key) }
                return .unknown(name)
            }
            guard seen & bit == 0 else { throw reader.duplicateKeyError(key) }
            seen |= bit
            return field
        }, value: { reader, field in
            switch field {
            case .strength: strengthValue = try reader.readField(required: true)
            case .unknown(let name):
                if firstUnknown == nil { firstUnknown = name }
                try reader.skipValue()
            case .variable:
                if try reader.peek() == UInt8(ascii: "\"") {
                    variable = reader.intern(try reader.scanString())
                } else {
                    variable = nil
                    try reader.skipValue()
                }
            }
        })
        guard editsProblem == nil else { return }
        let place = "edits[\(index)]"
        if let firstUnknown { editsProblem = "\(place): unknown field \"\(firstUnknown)\""; return }
        guard let variable else { editsProblem = "\(place): \"variable\" must be a string"; return }
        let name = variable.spelling ?? table.names[variable.index]
        switch strength(strengthValue, place: "\(place) (\(name))") {
        case .failure(let problem): editsProblem = problem.message
        case .success(.none): editsProblem = "\(place) (\(name)): an edit variable cannot be required"
        case .success(let weight?):
            guard !isEdit[variable.index] else { editsProblem = "\(place): duplicate edit variable \"\(name)\""; return }
            isEdit[variable.index] = true
            edits.append(LinearSystem.Edit(variable: name, weight: weight))
            editIndices.append(variable.index)
        }
    }

    private mutating func readStep(_ index: Int) throws {
        let first = try peek()
        guard first == UInt8(ascii: "{") else {
            if stepsProblem == nil { stepsProblem = "steps[\(index)]: expected an object, found \(kind(of: first))" }
            return try skipValue()
        }
        var sawSuggest = false
        var unknownKeys = Set<String>()
        var firstUnknown: String?
        var suggestKind: String?
        var pairs: [SuggestPair] = []
        try scanObject(key: { reader, key -> String? in
            if reader.matches(key, "suggest") {
                guard !sawSuggest else { throw reader.duplicateKeyError(key) }
                sawSuggest = true
                return nil
            }
            let name = reader.text(of: key)
            guard unknownKeys.insert(name).inserted else { throw reader.duplicateKeyError(key) }
            return name
        }, value: { reader, unknown in
            if let unknown {
                if firstUnknown == nil { firstUnknown = unknown }
                return try reader.skipValue()
            }
            let first = try reader.peek()
            guard first == UInt8(ascii: "{") else {
                suggestKind = reader.kind(of: first)
                return try reader.skipValue()
            }
            reader.objectSerial += 1
            try reader.scanObject(key: { reader, key in try reader.uniqueName(key) },
                                  value: { reader, name in
                let (value, issue) = try reader.readNumber()
                pairs.append(SuggestPair(variable: name.index, value: value, spelling: name.spelling, issue: issue))
            })
        })
        guard stepsProblem == nil else { return }
        let place = "steps[\(index)]"
        if let firstUnknown { stepsProblem = "\(place): unknown field \"\(firstUnknown)\""; return }
        guard sawSuggest else { stepsProblem = "\(place): missing field \"suggest\""; return }
        if let suggestKind { stepsProblem = "\(place).suggest: expected an object, found \(suggestKind)"; return }
        steps.append(pairs)
    }

    // MARK: - Names

    /// The name's index, and this occurrence's spelling when it differs from the interned one.
    private mutating func intern(_ token: JSONStringToken) -> (index: Int, spelling: String?) {
        let found: (index: Int, inserted: Bool, sameSpelling: Bool)
        if token.escaped {
            let decoded = scratch
            found = decoded.withUnsafeBufferPointer { table.intern($0, isASCII: token.isASCII) }
        } else {
            found = table.intern(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), isASCII: token.isASCII)
        }
        if found.inserted {
            isListed.append(false)
            isEdit.append(false)
            lastObject.append(0)
        }
        return (found.index, found.sameSpelling ? nil : text(of: token))
    }

    // MARK: - JSON syntax (the rules are JSONScanning's, shared with JSONParser)

    func makeSyntaxError(_ message: String, at position: Int) -> any Error {
        let (line, column) = syntaxLocation(position)
        return LinearSystemError(JSONParseError(message: message, line: line, column: column).description)
    }

    func noteLineStart(_ offset: Int) {}

    /// The first byte of the next value.
    private func peek() throws -> UInt8 {
        guard offset < bytes.count else { throw valueStartError() }
        return bytes[offset]
    }

    /// The kind of the value starting with `byte` (a byte no value starts with fails in `skipValue`).
    private func kind(of byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    /// Reads a scalar field: a number, a string (an operator or `"required"` when asked to
    /// recognize one), or anything else by kind.
    private mutating func readField(relation: Bool = false, required: Bool = false) throws -> FieldValue {
        let first = try peek()
        switch first {
        case UInt8(ascii: "\""):
            let token = try scanString()
            if relation {
                if matches(token, "==") { return .relation(.equal) }
                if matches(token, "<=") { return .relation(.lessThanOrEqual) }
                if matches(token, ">=") { return .relation(.greaterThanOrEqual) }
            }
            if required, matches(token, "required") { return .required }
            return .text(text(of: token))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try scanNumber())
        default:
            try skipValue()
            return .other(kind: kind(of: first))
        }
    }

    /// Reads a value that should be a number checked by `NumberCheck.problem`.
    private mutating func readNumber() throws -> (Double, NumberIssue?) {
        let first = try peek()
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            try skipValue()
            return (0, .notNumber(kind: kind(of: first)))
        }
        let value = try scanNumber()
        return (value, NumberCheck.problem(value).map(NumberIssue.problem))
    }

    private mutating func skipValue() throws {
        switch try peek() {
        case UInt8(ascii: "{"):
            var keys = Set<String>()
            try scanObject(key: { reader, key in
                let name = reader.text(of: key)
                guard keys.insert(name).inserted else { throw reader.duplicateKeyError(key) }
            }, value: { reader, _ in try reader.skipValue() })
        case UInt8(ascii: "["): try scanArray { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        default:
            throw valueStartError()
        }
    }
}
