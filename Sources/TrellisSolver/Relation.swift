/// How a constraint's expression relates to zero.
public enum Relation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `expression == 0`
    case equal = "=="
    /// `expression <= 0`
    case lessThanOrEqual = "<="
    /// `expression >= 0`
    case greaterThanOrEqual = ">="

    /// The operator as written: `==`, `<=` or `>=`.
    public var description: String { rawValue }

    /// How far `sum OP 0` is from holding (0 when it holds).
    func violation(of sum: Double) -> Double {
        switch self {
        case .equal: abs(sum)
        case .lessThanOrEqual: max(0, sum)
        case .greaterThanOrEqual: max(0, -sum)
        }
    }
}
