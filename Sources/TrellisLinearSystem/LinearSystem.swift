import TrellisSolver

/// A constraint system in the `linear-system/1` interchange format: variables, constraints
/// `Σ coef × var + constant OP 0` with a strength, kiwi-style edit variables and steps of
/// suggestions.
///
/// ```swift
/// let text = #"{"format": "linear-system/1", "constraints": [{"id": "c0", "terms": {"x": 1}, "constant": -5, "op": "==", "strength": "required"}]}"#
/// let system = try LinearSystem.parse(Array(text.utf8))
/// let answer = system.solve()
/// answer.status          // .optimal
/// ```
///
/// Parsing is strict: every problem (malformed JSON, a duplicate key or id, NaN, an overflowing
/// number, an unknown operator, a bad strength, a suggestion for a non-edit variable, …) throws a
/// ``LinearSystemError`` whose message names the offending entry.
public struct LinearSystem: Sendable {
    /// One constraint entry.
    public struct Entry: Sendable {
        /// The entry's `id`.
        public var id: String
        /// Coefficients by variable name, in document order (names are unique).
        public var terms: [(variable: String, coefficient: Double)]
        /// The constant.
        public var constant: Double
        /// The relation to zero.
        public var relation: Relation
        /// `nil` for required, else the weight.
        public var weight: Double?
    }

    /// An edit variable and its strength (a weight; never required).
    public struct Edit: Sendable {
        /// The name of the variable being edited.
        public var variable: String
        /// The edit's weight (its strength in kiwi's sense).
        public var weight: Double
    }

    /// Every variable name: the listed ones first, then any others in order of first appearance.
    public var variables: [String] { didSet { indexed = nil } }
    /// The constraints, in document order.
    public var constraints: [Entry] { didSet { indexed = nil } }
    /// The edit variables.
    public var edits: [Edit] { didSet { indexed = nil } }
    /// The steps: each suggests values for edit variables, then the system is solved.
    public var steps: [[(variable: String, value: Double)]] { didSet { indexed = nil } }

    /// The variables of the terms, edits and steps as indices into `variables`, as the reader
    /// produced them. Any change to a public property drops it (the `didSet`s above; observers
    /// without `oldValue` keep in-place mutation in place), so it never disagrees with the names:
    /// the accessors then recompute from the names.
    private var indexed: IndexedForm?

    /// Variables as indices into ``variables``, parallel to ``constraints``, ``edits`` and ``steps``.
    ///
    /// The terms keep only their variable indices, 4 bytes a term in one array: the system lives
    /// through the whole solve, and an array per constraint (about 80 bytes each) measurably
    /// raised the solve's peak RSS (+0.4 to +0.9 MB at 1000 views, +4.4 MB for grid-5000).
    struct IndexedForm: Sendable {
        /// The variable index of every term of every constraint, in order, back to back.
        var termVariables: [Int32]
        var edits: [Int]
        var steps: [[(variable: Int, value: Double)]]
    }

    /// A system built from its parts (no stored index form: the accessors compute it).
    init(variables: [String], constraints: [Entry], edits: [Edit], steps: [[(variable: String, value: Double)]]) {
        self.variables = variables
        self.constraints = constraints
        self.edits = edits
        self.steps = steps
    }

    /// A system as the reader builds it, with the index form of its names.
    init(variables: [String], constraints: [Entry], edits: [Edit], steps: [[(variable: String, value: Double)]],
         indexed: IndexedForm) {
        self.init(variables: variables, constraints: constraints, edits: edits, steps: steps)
        self.indexed = indexed
    }

    /// The format tag this reader understands.
    public static let formatTag = "linear-system/1"

    /// Parses and validates a `linear-system/1` document.
    /// - Throws: ``LinearSystemError`` naming the offending entry.
    public static func parse(_ bytes: [UInt8]) throws -> LinearSystem {
        try LinearSystemReader.read(bytes)
    }
}

extension LinearSystem {
    /// Each constraint's terms as (index into ``variables``, coefficient), parallel to
    /// ``constraints`` and to each entry's `terms`.
    ///
    /// For a parsed system that has not been changed since, built from the stored indices and
    /// the coefficients (O(terms), no name lookups; call it once and keep the result for as
    /// long as it is needed); otherwise computed from the names (O(terms) dictionary lookups).
    /// Every term must name a variable in ``variables`` (a parsed system always does); a name
    /// listed twice resolves to its first position.
    func indexedTerms() -> [[(variable: Int, coefficient: Double)]] {
        if let indexed {
            var position = 0
            return constraints.map { entry in
                entry.terms.map { term in
                    defer { position += 1 }
                    return (Int(indexed.termVariables[position]), term.coefficient)
                }
            }
        }
        let position = variablePositions()
        return constraints.map { entry in
            entry.terms.map { (Self.position(of: $0.variable, in: position), $0.coefficient) }
        }
    }

    /// The variable index of every term, flat: constraint after constraint, each entry's terms
    /// in order (what ``indexedTerms()`` nests). Stored for a parsed system (O(1)); otherwise
    /// computed from the names.
    func termVariableIndices() -> [Int32] {
        if let indexed { return indexed.termVariables }
        let position = variablePositions()
        var flat: [Int32] = []
        for entry in constraints {
            for term in entry.terms { flat.append(Int32(Self.position(of: term.variable, in: position))) }
        }
        return flat
    }

    /// Each edit's variable as an index into ``variables``, parallel to ``edits`` (stored for a
    /// parsed system, O(1); else computed from the names).
    func editVariableIndices() -> [Int] {
        if let indexed { return indexed.edits }
        let position = variablePositions()
        return edits.map { Self.position(of: $0.variable, in: position) }
    }

    /// Each step's suggestions as (index into ``variables``, value), parallel to ``steps``
    /// (stored for a parsed system, O(1); else computed from the names).
    func indexedSteps() -> [[(variable: Int, value: Double)]] {
        if let indexed { return indexed.steps }
        let position = variablePositions()
        return steps.map { step in step.map { (Self.position(of: $0.variable, in: position), $0.value) } }
    }

    /// Whether the index form is the stored one (for tests).
    var hasStoredIndexForm: Bool { indexed != nil }

    private func variablePositions() -> [String: Int] {
        var position: [String: Int] = [:]
        position.reserveCapacity(variables.count)
        for (index, name) in variables.enumerated() where position[name] == nil { position[name] = index }
        return position
    }

    private static func position(of name: String, in position: [String: Int]) -> Int {
        guard let index = position[name] else { preconditionFailure("variable \"\(name)\" is not in `variables`") }
        return index
    }
}

/// An input error in a `linear-system/1` document: one line naming the offending entry.
public struct LinearSystemError: Error, Sendable, CustomStringConvertible {
    /// The message, e.g. `constraints[3] (id "c3"): terms: expected an object, found an array`.
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
