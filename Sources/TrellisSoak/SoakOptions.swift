/// The soak's command-line arguments: `[--drag-steps N] [--relayouts N] [--margin-mb M]`.
struct SoakOptions {
    /// An argument that is not understood.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Drag steps on the solver (``DragSoak``).
    var dragSteps = 1_000_000
    /// Layout passes of the changing view tree (``RelayoutSoak``).
    var relayouts = 10_000
    /// How much the RSS may grow from the end of the warm-up to the end, in megabytes.
    var marginMegabytes = 4.0

    /// Reads `arguments` (without the program name).
    init(_ arguments: [String]) throws {
        var index = 0
        func value(_ name: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let name = arguments[index]
            switch name {
            case "--drag-steps":
                guard let count = Int(try value(name)), count > 0 else { throw UsageError(description: "\(name): a positive count") }
                dragSteps = count
            case "--relayouts":
                guard let count = Int(try value(name)), count > 0 else { throw UsageError(description: "\(name): a positive count") }
                relayouts = count
            case "--margin-mb":
                guard let margin = Double(try value(name)), margin >= 0 else { throw UsageError(description: "\(name): a number ≥ 0") }
                marginMegabytes = margin
            default:
                throw UsageError(description: "unknown argument \(name); usage: TrellisSoak [--drag-steps N] [--relayouts N] [--margin-mb M]")
            }
            index += 1
        }
    }
}
