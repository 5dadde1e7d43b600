/// Why an item's attribute is where it is: the layout constraints that hold it (with labels and
/// source lines), how the attribute follows each one's constant, and whether it is determined at
/// all. See ``View/explain(_:_:)``.
///
/// ```swift
/// let why = try root.explain(title, .left)
/// print(why)
/// // title.left = 16, held by 2 constraints:
/// //   title.leading == root.leading + 16 (Header.swift:12): required; moves it by 1 per +1 of its constant
/// //   root frame: root.left == 0: required; moves it by 1 per +1 of its constant
/// ```
public struct LayoutExplanation: Sendable, CustomStringConvertible {
    /// One constraint that holds the attribute.
    ///
    /// ```swift
    /// for reason in try root.explain(title, .left).reasons { print(reason.constraint.location ?? "implicit") }
    /// ```
    public struct Reason: Sendable, CustomStringConvertible {
        /// The constraint.
        public let constraint: ConstraintInfo
        /// Required, holding exactly, or broken.
        public let role: Explanation.Role
        /// How far it is from holding (0 unless broken).
        public let violation: Double
        /// Which end of the attribute's range it holds.
        public let side: Explanation.Side
        /// How much the attribute moves per unit increase of the constraint's constant (the
        /// number written in it), while the layout keeps its shape.
        public let sensitivity: Double

        /// Creates a reason.
        ///
        /// ```swift
        /// let r = LayoutExplanation.Reason(constraint: c.info, role: .required, violation: 0, side: .both, sensitivity: 1)
        /// ```
        public init(constraint: ConstraintInfo, role: Explanation.Role, violation: Double, side: Explanation.Side,
                    sensitivity: Double) {
            self.constraint = constraint
            self.role = role
            self.violation = violation
            self.side = side
            self.sensitivity = sensitivity
        }

        /// Reads like `title.top == root.top + 20 (Header.swift:12): required; moves it by 1 per +1 of its constant`,
        /// or `compression resistance: a.width >= 100 @749: off by 50; holds it by its cost (its constant does not move it)`.
        public var description: String {
            var text = "\(constraint): "
            switch role {
            case .required: text += "required"
            case .holding: text += "holds exactly"
            case .broken: text += "off by \(DiagnosticText.number(violation))"
            }
            // Held by its cost alone (a broken constraint pushing the attribute against a limit).
            if sensitivity == 0 { return text + "; holds it by its cost (its constant does not move it)" }
            return text + "; moves it by \(DiagnosticText.number(sensitivity)) per +1 of its constant"
        }
    }

    /// `title.left`.
    public let subject: String
    /// The attribute's value (positions relative to the root).
    public let value: Double
    /// Its smallest value over the optimal layouts.
    public let minimum: Double
    /// Its largest value over the optimal layouts.
    public let maximum: Double
    /// The constraints that hold it, required first.
    public let reasons: [Reason]

    /// Creates an explanation.
    ///
    /// ```swift
    /// let e = LayoutExplanation(subject: "title.left", value: 16, minimum: 16, maximum: 16, reasons: [])
    /// ```
    public init(subject: String, value: Double, minimum: Double, maximum: Double, reasons: [Reason]) {
        self.subject = subject
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.reasons = reasons
    }

    /// Whether the constraints decide the attribute.
    public var isDetermined: Bool { maximum - minimum <= 1e-7 * max(1, abs(value)) }

    /// The value and one line per reason (for an undetermined attribute: its range and what
    /// bounds it from each side).
    public var description: String {
        let head = "\(subject) = \(DiagnosticText.number(value))"
        if isDetermined {
            let count = reasons.count
            return ([count == 0 ? "\(head), held by no constraint" : "\(head), held by \(count) constraint\(count == 1 ? "" : "s"):"]
                    + reasons.map { "  \($0)" }).joined(separator: "\n")
        }
        var lines = ["\(head), not determined: anywhere in \(DiagnosticText.interval(minimum, maximum))"]
        for side in [Explanation.Side.below, .above] {
            let bound = side == .below ? minimum : maximum
            guard bound.isFinite else {
                lines.append("  nothing bounds it from \(side == .below ? "below" : "above")")
                continue
            }
            lines.append("  \(side == .below ? "at least" : "at most") \(DiagnosticText.number(bound)) because of:")
            lines += reasons.filter { $0.side == side || $0.side == .both }.map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
