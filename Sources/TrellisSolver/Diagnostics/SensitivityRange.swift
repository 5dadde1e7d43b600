/// The range of a constraint's constant within which the solution keeps its *shape*: the same
/// constraints stay binding, the same soft constraints stay broken, and every value moves
/// linearly with the constant. At either end another constraint changes state, and it is named.
///
/// This is right-hand-side ranging of the optimal basis (a ratio test on the simplex tableau).
/// For a window width it reads like "this layout holds while root width ≥ 392". The solver's
/// ranges are `SensitivityRange<Constraint>` over the constant of the stored form
/// `expression OP 0` (``Solver/sensitivity(of:)``); a layout's are the same type over the
/// constant as the layout constraint writes it, or the root's width or height
/// (`View.sensitivity(of:)`, `View.rootSizeSensitivity()`).
///
/// ```swift
/// let w = Variable("window"), a = Variable("a"), b = Variable("b")
/// let solver = Solver()
/// let window = (w == 400).labeled("window")
/// try solver.add(window)
/// try solver.add((a + b == w).labeled("fill"))
/// try solver.add((a >= 100).labeled("a min"))
/// try solver.add(((a == 120) ~~ .weight(10)).labeled("a wants 120"))
/// try solver.add(((b == 200) ~~ .weight(1)).labeled("b wants 200"))
/// let range = try solver.sensitivity(of: window)
/// range.constant     // -400: the stored form is w - 400 == 0
/// range.lowerBound   // -inf
/// range.upperBound   // -320: the width must stay ≥ 320, or "b wants 200" stops being broken
/// ```
public struct SensitivityRange<Reference: ConstraintReference>: Sendable, CustomStringConvertible {
    /// What happens at an end of the range.
    ///
    /// ```swift
    /// range.upperLimit?.constraint?.label   // "b wants 200"
    /// range.upperLimit?.event               // .becomesSatisfied
    /// ```
    public struct Limit: Sendable, CustomStringConvertible {
        /// The constraint that changes state (nil for a variable bound).
        public let constraint: Reference?
        /// What happens to it.
        public let event: SensitivityEvent

        /// Creates a limit.
        ///
        /// ```swift
        /// let limit = SensitivityRange.Limit(constraint: c, event: .becomesActive)
        /// ```
        public init(constraint: Reference?, event: SensitivityEvent) {
            self.constraint = constraint
            self.event = event
        }

        /// Reads like `a min: a - 100 >= 0 (required) becomes active`.
        public var description: String {
            "\(constraint.map { "\($0)" } ?? "a variable bound") \(event.rawValue)"
        }
    }

    /// The constraint whose constant is ranged.
    public let constraint: Reference
    /// How the text names the ranged quantity: `the constant of …`, or `root width`.
    public let quantity: String
    /// The constant now: for a solver ``Constraint`` the ``LinearExpression/constant`` of its
    /// stored form `expression OP 0` (for an edit row `variable - suggestion == 0`, minus the
    /// suggestion); for a layout constraint the constant it is written with (for the root's
    /// frame, the root's width or height).
    public let constant: Double
    /// The smallest constant with the same shape (`-infinity` when unbounded).
    public let lowerBound: Double
    /// The largest constant with the same shape (`+infinity` when unbounded).
    public let upperBound: Double
    /// What changes state when the constant goes below ``lowerBound`` (nil when unbounded).
    public let lowerLimit: Limit?
    /// What changes state when the constant goes above ``upperBound`` (nil when unbounded).
    public let upperLimit: Limit?

    /// Creates a range; `quantity` defaults to `the constant of` and the constraint.
    ///
    /// ```swift
    /// let r = SensitivityRange(constraint: c, constant: -400, lowerBound: -.infinity, upperBound: -320,
    ///                          lowerLimit: nil, upperLimit: nil)
    /// ```
    public init(constraint: Reference, quantity: String? = nil, constant: Double, lowerBound: Double, upperBound: Double,
                lowerLimit: Limit?, upperLimit: Limit?) {
        self.constraint = constraint
        self.quantity = quantity ?? "the constant of \(constraint)"
        self.constant = constant
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.lowerLimit = lowerLimit
        self.upperLimit = upperLimit
    }

    /// Whether `constant` lies in the range.
    ///
    /// ```swift
    /// range.contains(-350)   // true: a window 350 wide has the same shape
    /// ```
    public func contains(_ constant: Double) -> Bool { lowerBound <= constant && constant <= upperBound }

    /// Whether the shape changes with any move of the constant (a degenerate vertex, or a
    /// constraint that only holds at exactly this constant).
    public var isDegenerate: Bool { lowerBound == upperBound }

    /// Reads like `this layout holds while root width ≥ 392; below 392, title.width <= 200 @250
    /// comes to hold exactly`.
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

extension SensitivityRange where Reference == Constraint {
    /// The range of the *value* a constraint written `x == value` (stored `x - value == 0`)
    /// or an edit suggestion may take: the constant's range negated, `[-upperBound, -lowerBound]`.
    ///
    /// ```swift
    /// let r = try solver.sensitivity(of: (w == 400))   // stored as w - 400 == 0
    /// r.valueRange.lower                               // 320: the width may go down to 320
    /// ```
    public var valueRange: (lower: Double, upper: Double) { (-upperBound + 0, -lowerBound + 0) }
}
