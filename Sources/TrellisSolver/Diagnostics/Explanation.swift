/// Why a value is what it is: the binding constraints that hold it there.
///
/// The value is minimised and maximised over the set of optimal solutions (the *optimal face*);
/// the duals of those two LPs say which constraints stop it from going lower or higher, and by
/// how much it would follow each one's constant. For a determined value both ends agree and the
/// same constraints hold it from both sides. Each reason carries:
///
/// - the **sensitivity**: how much the value moves per unit increase of the constraint's
///   constant, while the solution keeps its shape;
/// - the **price** (the constraint's dual in its priority level's optimisation): how much that
///   level's cost changes per unit increase of the constant (0 when moving it costs nothing).
///
/// Soft constraints that hold the value by their **cost** are reasons too: a constraint broken
/// by as little as its priority allows (role ``ExplanationRole/broken``) pushes the value against a limit,
/// and it is that push, not a row of the LP, that keeps the value from moving the other way (a
/// view squeezed below its intrinsic width: its own compression resistance keeps it from
/// shrinking further). They are found from the optimal bases of the levels: every row or
/// column that a level's optimality fixes is charged to the soft constraints of that level
/// whose cost would rise if it moved (its reduced cost, split by basic error column). Their
/// sensitivity is usually 0: the value does not follow their constant, they only decide where
/// it sits.
///
/// The solver's explanations are `Explanation<Constraint>` (``Solver/explain(_:)``); a layout's
/// are the same type over its constraint references (`View.explain(_:_:)`), with each
/// sensitivity and price per +1 of the constant as the layout constraint writes it.
///
/// ```swift
/// let left = Variable("left"), width = Variable("width"), right = Variable("right")
/// let solver = Solver()
/// try solver.add((left == 20).labeled("margin"))
/// try solver.add((right == left + width).labeled("right edge"))
/// try solver.add(((width == 100) ~~ .weight(1)).labeled("preferred width"))
/// let why = try solver.explain(right)
/// why.value                                  // 120
/// why.reasons.compactMap(\.constraint.label) // ["margin", "right edge", "preferred width"]
/// print(why)
/// // right = 120, held by 3 constraints:
/// //   margin: left - 20 == 0 (required): required; moves it by -1 per +1 of its constant
/// //   right edge: … (required): required; moves it by -1 per +1 of its constant
/// //   preferred width: width - 100 == 0 (weight 1): holds exactly; moves it by -1 per +1 of its constant
/// ```
public struct Explanation<Reference: ConstraintReference>: Sendable, CustomStringConvertible {
    /// One constraint that holds the value.
    ///
    /// ```swift
    /// for reason in why.reasons { print(reason.constraint.label ?? "", reason.sensitivity, reason.price) }
    /// ```
    public struct Reason: Sendable, CustomStringConvertible {
        /// The constraint.
        public let constraint: Reference
        /// How it takes part.
        public let role: ExplanationRole
        /// How far it is from holding (0 unless ``role`` is ``ExplanationRole/broken``).
        public let violation: Double
        /// Which end of the range it holds.
        public let side: ExplanationSide
        /// How much the value (its minimum, for ``ExplanationSide/below`` and ``ExplanationSide/both``;
        /// its maximum for ``ExplanationSide/above``) moves per unit increase of the constraint's constant while the
        /// solution keeps its shape.
        public let sensitivity: Double
        /// The change of the cost of level ``priceLevel`` per unit increase of the constant.
        public let price: Double
        /// The priority level the price is counted in (0 for kiwi-style weights), or nil when the
        /// constraint has no price (moving it costs nothing).
        public let priceLevel: Float?

        /// Creates a reason.
        ///
        /// ```swift
        /// let reason = Explanation.Reason(constraint: c, role: .required, violation: 0, side: .both,
        ///                                 sensitivity: 1, price: 0, priceLevel: nil)
        /// ```
        public init(constraint: Reference, role: ExplanationRole, violation: Double, side: ExplanationSide,
                    sensitivity: Double, price: Double, priceLevel: Float?) {
            self.constraint = constraint
            self.role = role
            self.violation = violation
            self.side = side
            self.sensitivity = sensitivity
            self.price = price
            self.priceLevel = priceLevel
        }

        /// Reads like `margin: left - 20 == 0 (required): required; moves it by -1 per +1 of its constant`,
        /// or `x small: x == 0 (weight 1): broken by 15; holds it by its cost (its constant does not move it)`.
        public var description: String {
            var text = "\(constraint): "
            switch role {
            case .required: text += "required"
            case .holding: text += "holds exactly"
            case .broken: text += "broken by \(DiagnosticText.number(violation))"
            }
            // A constraint that holds the value by its cost alone (a broken one pushing it
            // against a limit) does not move it with its constant.
            text += sensitivity == 0 ? "; holds it by its cost (its constant does not move it)"
                : "; moves it by \(DiagnosticText.number(sensitivity)) per +1 of its constant"
            if let priceLevel, price != 0 {
                text += "; price \(DiagnosticText.number(price)) (\(DiagnosticText.level(priceLevel)))"
            }
            return text
        }
    }

    /// What is explained: a variable's name, an expression's text, or an item's attribute (`title.left`).
    public let subject: String
    /// Its value at the solver's solution.
    public let value: Double
    /// Its smallest value over the optimal solutions (`-infinity` when unbounded).
    public let minimum: Double
    /// Its largest value over the optimal solutions (`+infinity` when unbounded).
    public let maximum: Double
    /// The binding constraints that hold it: required first, then by priority level, then by the
    /// size of the sensitivity.
    public let reasons: [Reason]

    /// The same explanation naming its constraints another way; a reason whose constraint
    /// `transform` has no name for is left out (see ``Violation/mapConstraint(_:)``).
    ///
    /// ```swift
    /// let source: [ObjectIdentifier: MyRow] = [:]   // MyRow: ConstraintReference
    /// let named = why.mapConstraints { source[ObjectIdentifier($0)] }
    /// ```
    public func mapConstraints<Other>(_ transform: (Reference) -> Other?) -> Explanation<Other> {
        Explanation<Other>(subject: subject, value: value, minimum: minimum, maximum: maximum, reasons: reasons.compactMap { reason in
            transform(reason.constraint).map {
                Explanation<Other>.Reason(constraint: $0, role: reason.role, violation: reason.violation, side: reason.side,
                                          sensitivity: reason.sensitivity, price: reason.price, priceLevel: reason.priceLevel)
            }
        })
    }

    /// Creates an explanation.
    ///
    /// ```swift
    /// let free = Explanation(subject: "x", value: 0, minimum: -.infinity, maximum: .infinity, reasons: [])
    /// free.isDetermined   // false
    /// ```
    public init(subject: String, value: Double, minimum: Double, maximum: Double, reasons: [Reason]) {
        self.subject = subject
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.reasons = reasons
    }

    /// Whether the constraints decide the value (its range over the optimal solutions is at
    /// most 1e-7 × max(1, |value|)).
    public var isDetermined: Bool { maximum - minimum <= 1e-7 * max(1, abs(value)) }

    /// A few lines: the value, then one line per reason.
    public var description: String {
        var lines: [String] = []
        let head = "\(subject) = \(DiagnosticText.number(value))"
        if isDetermined {
            let count = reasons.count
            lines.append(count == 0 ? "\(head), held by no constraint"
                : "\(head), held by \(count) constraint\(count == 1 ? "" : "s"):")
            lines += reasons.map { "  \($0)" }
        } else {
            lines.append("\(head), not determined: anywhere in \(DiagnosticText.interval(minimum, maximum))")
            for side in [ExplanationSide.below, .above] {
                let held = reasons.filter { $0.side == side || $0.side == .both }
                let bound = side == .below ? minimum : maximum
                guard bound.isFinite else {
                    lines.append(side == .below ? "  nothing bounds it from below" : "  nothing bounds it from above")
                    continue
                }
                lines.append("  \(side == .below ? "at least" : "at most") \(DiagnosticText.number(bound)) because of:")
                lines += held.map { "    \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }
}
