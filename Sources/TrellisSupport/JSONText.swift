/// JSON text for strings and numbers (package-wide: the `linear-system/1` answers, the layout documents' JSON and the diagnostics' JSON use it).
package enum JSONText {
    /// A JSON string literal with the required escapes.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A finite double in the shortest form that reads back to the same value (17 significant
    /// digits at most, `-0` as `0.0`); non-finite values print as `null`.
    package static func number(_ value: Double) -> String {
        value.isFinite ? "\(value + 0)" : "null"
    }
}
