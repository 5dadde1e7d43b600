/// A soft layout constraint that does not hold in the layout: by how much, at which priority.
///
/// ```swift
/// for violation in try root.unsatisfiedConstraints() {
///     print(violation)   // "title.width == 300 @750 (Header.swift:12) is off by 45"
/// }
/// ```
public struct LayoutViolation: Sendable, Hashable, CustomStringConvertible {
    /// The constraint (with its label and source line).
    public let constraint: ConstraintInfo
    /// How far it is from holding, in points.
    public let amount: Double

    /// Creates a violation record.
    ///
    /// ```swift
    /// let v = LayoutViolation(constraint: c.info, amount: 45)
    /// ```
    public init(constraint: ConstraintInfo, amount: Double) {
        self.constraint = constraint
        self.amount = amount
    }

    /// Its priority.
    public var priority: Priority { constraint.priority }

    /// Reads like `title.width == 300 @750 (Header.swift:12) is off by 45`.
    public var description: String { "\(constraint) is off by \(DiagnosticText.number(amount))" }
}

/// What a recovering layout pass did when required constraints conflicted (see
/// ``View/layoutIfNeeded(recoveringFromConflicts:)``): the minimal conflicts, the constraints
/// relaxed to priority 999, and which of them the recovered layout breaks.
///
/// ```swift
/// if let recovery = try root.layoutIfNeeded(recoveringFromConflicts: true) {
///     print(recovery)
///     // conflict 1: these 2 required constraints cannot hold together:
///     //   box.width == 500 (Screen.swift:10)
///     //   root frame: root.width == 320
///     // recovered by relaxing them to priority 999; broken:
///     //   box.width == 500 (Screen.swift:10) is off by 180     (the 180 points may be shared)
/// }
/// ```
public struct LayoutConflictRecovery: Sendable, CustomStringConvertible {
    /// Each minimal conflicting set, in the order found.
    public let conflicts: [[ConstraintInfo]]
    /// The required constraints that were relaxed.
    public let relaxed: [ConstraintInfo]
    /// The relaxed constraints the recovered layout does not satisfy, by how much.
    public let broken: [LayoutViolation]
    /// The priority they were relaxed to (999).
    public let priority: Priority

    /// Creates a recovery record.
    ///
    /// ```swift
    /// let r = LayoutConflictRecovery(conflicts: [], relaxed: [], broken: [], priority: 999)
    /// ```
    public init(conflicts: [[ConstraintInfo]], relaxed: [ConstraintInfo], broken: [LayoutViolation], priority: Priority) {
        self.conflicts = conflicts
        self.relaxed = relaxed
        self.broken = broken
        self.priority = priority
    }

    /// Each conflict, then what was broken, one constraint per line.
    public var description: String {
        var lines: [String] = []
        for (index, conflict) in conflicts.enumerated() {
            lines.append("conflict \(index + 1): these \(conflict.count) required constraints cannot hold together:")
            lines += conflict.map { "  \($0)" }
        }
        lines.append("recovered by relaxing them to priority \(NumberFormat.priority(priority)); broken:")
        if broken.isEmpty { lines.append("  nothing") }
        lines += broken.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Which frames the constraints leave undetermined: for each item attribute (`left`, `top`,
/// `width`, `height`) that takes different values at different optimal layouts, the range it can
/// take. Positions are in the root's coordinate space.
///
/// ```swift
/// let report = try root.ambiguityReport()
/// report.isAmbiguous                 // true
/// print(report)
/// // 1 of 12 attributes are ambiguous:
/// //   badge.left = 0, can be anywhere in (-∞, ∞)
/// report.isAmbiguous(badge)          // true
/// ```
public struct LayoutAmbiguityReport: Sendable, CustomStringConvertible {
    /// One undetermined attribute.
    ///
    /// ```swift
    /// for entry in report.entries(for: badge) { print(entry.attribute, entry.minimum, entry.maximum) }
    /// ```
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The item's key.
        public let item: LayoutItemKey
        /// The item's name.
        public let name: String
        /// `left`, `top`, `width` or `height`.
        public let attribute: LayoutAttribute
        /// Its value in the layout (positions relative to the root).
        public let value: Double
        /// Its smallest value over the optimal layouts (`-infinity` when unbounded).
        public let minimum: Double
        /// Its largest value over the optimal layouts (`+infinity` when unbounded).
        public let maximum: Double

        /// Creates an entry.
        ///
        /// ```swift
        /// let e = LayoutAmbiguityReport.Entry(item: badge.key, name: "badge", attribute: .left,
        ///                                     value: 0, minimum: -.infinity, maximum: .infinity)
        /// ```
        public init(item: LayoutItemKey, name: String, attribute: LayoutAttribute, value: Double,
                    minimum: Double, maximum: Double) {
            self.item = item
            self.name = name
            self.attribute = attribute
            self.value = value
            self.minimum = minimum
            self.maximum = maximum
        }

        /// Reads like `badge.left = 0, can be anywhere in [0, 40]`.
        public var description: String {
            "\(name).\(attribute) = \(DiagnosticText.number(value)), can be anywhere in "
                + DiagnosticText.interval(minimum, maximum)
        }
    }

    /// The undetermined attributes, in layout order (depth first).
    public let entries: [Entry]
    /// How many attributes were examined.
    public let checkedCount: Int

    /// Creates a report.
    ///
    /// ```swift
    /// let none = LayoutAmbiguityReport(entries: [], checkedCount: 8)
    /// ```
    public init(entries: [Entry], checkedCount: Int) {
        self.entries = entries
        self.checkedCount = checkedCount
    }

    /// Whether some attribute is undetermined.
    public var isAmbiguous: Bool { !entries.isEmpty }

    /// Whether some attribute of `item` is undetermined.
    ///
    /// ```swift
    /// try root.ambiguityReport().isAmbiguous(badge)   // true
    /// ```
    public func isAmbiguous(_ item: LayoutItem) -> Bool { entries.contains { $0.item == item.key } }

    /// The undetermined attributes of `item`.
    ///
    /// ```swift
    /// report.entries(for: badge).map(\.attribute)   // [.left]
    /// ```
    public func entries(for item: LayoutItem) -> [Entry] { entries.filter { $0.item == item.key } }

    /// One line per undetermined attribute, or `no ambiguity: …`.
    public var description: String {
        if entries.isEmpty { return "no ambiguity: all \(checkedCount) attributes are determined" }
        return "\(entries.count) of \(checkedCount) attributes are ambiguous:\n" + entries.map { "  \($0)" }.joined(separator: "\n")
    }
}

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

/// How far a layout constraint's constant (or the root's size) can move while the layout keeps
/// its *shape* — the same constraints binding, the same ones broken, every frame moving
/// linearly — and what changes at each end. See ``View/sensitivity(of:)`` and
/// ``View/rootSizeSensitivity()``.
///
/// ```swift
/// let (width, _) = try root.rootSizeSensitivity()
/// print(width)
/// // this layout holds while root width ≥ 392; below 392, title.width <= 200 @250 comes to hold exactly
/// ```
public struct LayoutSensitivity: Sendable, CustomStringConvertible {
    /// What changes state at an end of the range.
    ///
    /// ```swift
    /// try root.rootSizeSensitivity().width.lowerLimit?.constraint   // the constraint that changes below it
    /// ```
    public struct Limit: Sendable, CustomStringConvertible {
        /// The constraint that changes state (nil for a variable bound).
        public let constraint: ConstraintInfo?
        /// What happens to it.
        public let event: SensitivityRange.Limit.Event

        /// Creates a limit.
        ///
        /// ```swift
        /// let l = LayoutSensitivity.Limit(constraint: c.info, event: .becomesActive)
        /// ```
        public init(constraint: ConstraintInfo?, event: SensitivityRange.Limit.Event) {
            self.constraint = constraint
            self.event = event
        }

        /// Reads like `title.width <= 200 @250 comes to hold exactly`.
        public var description: String { "\(constraint.map { "\($0)" } ?? "a bound") \(event.rawValue)" }
    }

    /// The constraint whose constant is ranged.
    public let constraint: ConstraintInfo
    /// How to name the quantity in the text (`root width`, or `the constant of …`).
    public let quantity: String
    /// The constant now.
    public let value: Double
    /// The smallest constant with the same shape (`-infinity` when unbounded).
    public let lowerBound: Double
    /// The largest constant with the same shape (`+infinity` when unbounded).
    public let upperBound: Double
    /// What changes below ``lowerBound``.
    public let lowerLimit: Limit?
    /// What changes above ``upperBound``.
    public let upperLimit: Limit?

    /// Creates a range.
    ///
    /// ```swift
    /// let s = LayoutSensitivity(constraint: c.info, quantity: "root width", value: 400, lowerBound: 392,
    ///                           upperBound: .infinity, lowerLimit: nil, upperLimit: nil)
    /// ```
    public init(constraint: ConstraintInfo, quantity: String, value: Double, lowerBound: Double, upperBound: Double,
                lowerLimit: Limit?, upperLimit: Limit?) {
        self.constraint = constraint
        self.quantity = quantity
        self.value = value
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.lowerLimit = lowerLimit
        self.upperLimit = upperLimit
    }

    /// Whether `value` keeps the layout's shape.
    ///
    /// ```swift
    /// try root.rootSizeSensitivity().width.contains(375)   // does the layout keep its shape at 375?
    /// ```
    public func contains(_ value: Double) -> Bool { lowerBound <= value && value <= upperBound }

    /// Reads like `this layout holds while root width ≥ 392; below 392, … comes to hold exactly`.
    public var description: String {
        let n = DiagnosticText.number
        var text = "this layout holds while \(quantity) "
        switch (lowerBound.isFinite, upperBound.isFinite) {
        case (true, true): text += lowerBound == upperBound ? "is exactly \(n(lowerBound))" : "is in [\(n(lowerBound)), \(n(upperBound))]"
        case (true, false): text += "≥ \(n(lowerBound))"
        case (false, true): text += "≤ \(n(upperBound))"
        case (false, false): text += "takes any value"
        }
        if let lowerLimit { text += "; below \(n(lowerBound)), \(lowerLimit)" }
        if let upperLimit { text += "; above \(n(upperBound)), \(upperLimit)" }
        return text
    }
}
