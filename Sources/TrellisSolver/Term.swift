import TrellisSupport

/// A variable times a coefficient: one summand of an ``LinearExpression``.
public struct Term: Sendable, CustomStringConvertible {
    /// The unknown.
    public let variable: Variable
    /// Its coefficient.
    public let coefficient: Double

    /// Creates the term `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(NumberFormat.short(coefficient)) * \(variable)"
    }
}
