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
