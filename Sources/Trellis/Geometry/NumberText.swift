/// Number formatting shared by the descriptions of this module.
enum NumberText {
    /// Integers without a fraction (`8`, `-20`), everything else as Swift prints it (`0.5`).
    static func short(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A priority's value: `750`, `999.5`; never traps (unlike converting a huge float to `Int`).
    static func priority(_ priority: Priority) -> String {
        short(Double(priority.rawValue))
    }
}
