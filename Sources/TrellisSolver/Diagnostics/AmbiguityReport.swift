/// Which quantities the constraints leave undetermined: each one that takes different values at
/// different optimal solutions, with the range it can take (its minimum and maximum over the set
/// of optimal solutions, the *optimal face*).
///
/// The solver's own ``Solver/value(of:)`` picks one point of that range by a deterministic rule;
/// an ambiguous variable is one whose value the constraints do not decide. The solver's report is
/// `AmbiguityReport<Variable>` (``Solver/ambiguityReport(for:)``); a layout's is the same type over
/// item attributes (`View.ambiguityReport()`).
///
/// ```swift
/// let a = Variable("a"), b = Variable("b")
/// let solver = Solver()
/// try solver.add(a + b == 100)           // how to split 100 is not decided
/// try solver.add(a >= 10)
/// try solver.add(b >= 20)
/// let report = try solver.ambiguityReport()
/// report.isAmbiguous                     // true
/// report[a]?.minimum                     // 10
/// report[a]?.maximum                     // 80
/// print(report)
/// // 2 of 2 variables are ambiguous:
/// //   a = 10, can be anywhere in [10, 80]
/// //   b = 90, can be anywhere in [20, 90]
/// ```
public struct AmbiguityReport<Subject: AmbiguitySubject>: Sendable, CustomStringConvertible {
    /// One undetermined quantity.
    ///
    /// ```swift
    /// if let entry = report[a] { print(entry.minimum, entry.maximum) }   // 10 80
    /// ```
    public struct Entry: Sendable, CustomStringConvertible {
        /// The quantity: a variable, or an item's attribute.
        public let subject: Subject
        /// Its value at the solution.
        public let value: Double
        /// The smallest value it takes at an optimal solution (`-infinity` when unbounded).
        public let minimum: Double
        /// The largest value it takes at an optimal solution (`+infinity` when unbounded).
        public let maximum: Double

        /// Creates an entry.
        ///
        /// ```swift
        /// let entry = AmbiguityReport.Entry(subject: a, value: 10, minimum: 10, maximum: 80)
        /// ```
        public init(subject: Subject, value: Double, minimum: Double, maximum: Double) {
            self.subject = subject
            self.value = value
            self.minimum = minimum
            self.maximum = maximum
        }

        /// Whether no constraint bounds it on one side at least.
        public var isUnbounded: Bool { minimum == -.infinity || maximum == .infinity }

        /// Reads like `a = 10, can be anywhere in [10, 80]` or `badge.left = 0, can be anywhere in (-∞, ∞)`.
        public var description: String {
            "\(subject) = \(DiagnosticText.number(value)), can be anywhere in \(DiagnosticText.interval(minimum, maximum))"
        }
    }

    /// A note on the ambiguity that the entries' ranges alone do not say, with the quantities it
    /// concerns. A layout's report (`View.ambiguityReport()`) has one per tie between equal
    /// priorities that measuring views locked in (`View.measurementTies()`); a solver's has none.
    ///
    /// ```swift
    /// let remark = AmbiguityReport<Variable>.Remark(subjects: [a], text: "a was tied with b")
    /// ```
    public struct Remark: Sendable, CustomStringConvertible {
        /// The quantities it concerns.
        public let subjects: [Subject]
        /// The note itself.
        public let text: String

        /// Creates a remark.
        ///
        /// ```swift
        /// let remark = AmbiguityReport<Variable>.Remark(subjects: [a], text: "a was tied with b")
        /// ```
        public init(subjects: [Subject], text: String) {
            self.subjects = subjects
            self.text = text
        }

        /// The text.
        public var description: String { text }
    }

    /// The undetermined quantities, in the order they were asked for.
    public let entries: [Entry]
    /// Notes on the ambiguity (see ``Remark``), printed after the entries.
    public let remarks: [Remark]
    /// How many quantities were examined.
    public let checkedCount: Int
    /// How many of them were shown unique without ranging them one by one: fixed by presolve,
    /// moved by no free direction of the optimal face, or certified together by a group test
    /// (see ``Solver/ambiguityReport(for:)``).
    public let certifiedCount: Int
    /// How many minimisations and maximisations over the optimal face were run.
    public let linearProgramCount: Int

    /// Creates a report.
    ///
    /// ```swift
    /// let empty = AmbiguityReport<Variable>(entries: [], checkedCount: 4, certifiedCount: 4, linearProgramCount: 0)
    /// empty.isAmbiguous   // false
    /// ```
    public init(entries: [Entry], checkedCount: Int, certifiedCount: Int, linearProgramCount: Int,
                remarks: [Remark] = []) {
        self.entries = entries
        self.remarks = remarks
        self.checkedCount = checkedCount
        self.certifiedCount = certifiedCount
        self.linearProgramCount = linearProgramCount
    }

    /// Whether some examined quantity is undetermined.
    public var isAmbiguous: Bool { !entries.isEmpty }

    /// One line per undetermined quantity, then one per remark, or `no ambiguity: all N variables
    /// are determined`.
    public var description: String {
        let kind = Subject.kindName
        if entries.isEmpty { return "no ambiguity: all \(checkedCount) \(kind)s are determined" }
        let noun = checkedCount == 1 ? "\(kind) is" : "\(kind)s are"
        return "\(entries.count) of \(checkedCount) \(noun) ambiguous:\n"
            + (entries.map { "  \($0)" } + remarks.map { "  note: \($0)" }).joined(separator: "\n")
    }
}

extension AmbiguityReport.Entry: Equatable where Subject: Equatable {}
extension AmbiguityReport.Entry: Hashable where Subject: Hashable {}

extension AmbiguityReport where Subject == Variable {
    /// The entry for `variable`, or nil when it is determined (or was not examined).
    ///
    /// ```swift
    /// report[a]?.maximum   // 80
    /// ```
    public subscript(variable: Variable) -> Entry? {
        entries.first { $0.subject === variable }
    }
}
