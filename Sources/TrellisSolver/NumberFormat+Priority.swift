import TrellisSupport

extension NumberFormat {
    /// A priority's value: `750`, `999.5`; never traps (unlike converting a huge float to `Int`).
    package static func priority(_ priority: Priority) -> String { text(Double(priority.rawValue)) }
}
