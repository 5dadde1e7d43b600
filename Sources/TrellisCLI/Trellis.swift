import ArgumentParser

/// `trellis`: constraint layout from the command line.
@main
struct TrellisCommand: ParsableCommand {
    static func main() { mainWithFailures() }

    static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "Constraint layout on GLPK: solve linear systems and lay out screens.",
        subcommands: [Solve.self, Example.self, Layout.self, Demo.self, Explain.self]
    )
}
