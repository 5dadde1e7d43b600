extension LinearSystem.Answer {
    /// The answer as JSON, as `trellis solve` prints it: numbers with round-trip precision,
    /// values in variable order, `timing` only when asked for.
    public func json(includeTiming: Bool = false) -> String {
        var out = "{\"status\": \"\(status.rawValue)\""
        switch status {
        case .unsatisfiable:
            out += ", \"conflict\": [" + conflict.map(JSONText.quoted).joined(separator: ", ") + "]"
        case .optimal:
            out += ", \"solves\": ["
            for (index, solve) in solves.enumerated() {
                if index > 0 { out += ", " }
                out += "{\"objective\": \(JSONText.number(solve.objective)), \"values\": {"
                out += solve.values.map { "\(JSONText.quoted($0.variable)): \(JSONText.number($0.value))" }
                    .joined(separator: ", ")
                out += "}}"
            }
            out += "]"
        }
        if includeTiming {
            out += ", \"timing\": {\"solve_ms\": \(JSONText.number(solveMilliseconds)), \"steps_ms\": ["
            out += stepMilliseconds.map(JSONText.number).joined(separator: ", ") + "]}"
        }
        return out + "}"
    }
}

/// JSON text for strings and numbers.
enum JSONText {
    /// A JSON string literal with the required escapes.
    static func quoted(_ text: String) -> String {
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
    /// digits at most); non-finite values, which never reach here, print as `null`.
    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }
}
