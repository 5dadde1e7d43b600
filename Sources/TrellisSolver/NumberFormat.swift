/// Number formatting shared by descriptions and the JSON writer.
enum NumberFormat {
    /// Integers without a fraction (`8`, `-20`), everything else as Swift prints it (`0.5`).
    static func short(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
