/// What changes state at an end of a ``SensitivityRange`` (``SensitivityRange/Limit/event``).
///
/// ```swift
/// if range.lowerLimit?.event == .becomesActive { print("an inequality starts to press") }
/// ```
public enum SensitivityEvent: String, Sendable {
    /// An inequality starts to press (reaches its limit).
    case becomesActive = "becomes active"
    /// A broken soft constraint comes to hold exactly (beyond it, another gives way).
    case becomesSatisfied = "comes to hold exactly"
    /// A variable reaches a bound.
    case reachesBound = "reaches a bound"
}
