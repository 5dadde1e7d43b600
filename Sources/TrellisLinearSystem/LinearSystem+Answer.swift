import TrellisSolver
import TrellisSupport

extension LinearSystem.Answer {
    /// The answer as JSON, as `trellis solve` prints it: numbers with round-trip precision,
    /// values in variable order, `timing` only when asked for.
    public func json(includeTiming: Bool = false) -> String {
        var out = ""
        writeJSON(includeTiming: includeTiming) { out += $0 }
        return out
    }

    /// The same text as ``json(includeTiming:)``, handed to `write` in pieces (one per solve):
    /// an answer with many steps is printed without ever holding all of its text at once.
    public func writeJSON(includeTiming: Bool = false, to write: (String) -> Void) {
        write("{\"status\": \"\(status.rawValue)\"")
        switch status {
        case .unsatisfiable:
            write(", \"conflict\": [" + conflict.map(JSONText.quoted).joined(separator: ", ") + "]")
        case .optimal:
            write(", \"solves\": [")
            var quotedNames: [String] = []
            for (index, solve) in solves.enumerated() {
                if quotedNames.count != solve.names.count { quotedNames = solve.names.map(JSONText.quoted) }
                var out = index > 0 ? ", " : ""
                out += "{\"objective\": \(JSONText.number(solve.objective)), \"values\": {"
                for (k, (name, value)) in zip(quotedNames, solve.numbers).enumerated() {
                    if k > 0 { out += ", " }
                    out += name
                    out += ": "
                    out += JSONText.number(value)
                }
                out += "}}"
                write(out)
            }
            write("]")
        }
        if includeTiming {
            write(", \"timing\": {\"solve_ms\": \(JSONText.number(solveMilliseconds)), \"steps_ms\": ["
                  + stepMilliseconds.map(JSONText.number).joined(separator: ", ") + "]}")
        }
        write("}")
    }
}
