import ArgumentParser
import Trellis
import TrellisDocument

extension TrellisCommand {
    /// `trellis example`: lays out the bundled profile screen and prints its frames.
    struct Example: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lay out the bundled example screen (a profile header and a feed) and print its frames."
        )

        @Option(help: "Root width in points.")
        var width: Double = 390

        @Option(help: "Root height in points.")
        var height: Double = 844

        @Flag(help: "Lay out right-to-left.")
        var rightToLeft = false

        func validate() throws {
            guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e6, height <= 1e6 else {
                throw ValidationError("--width and --height must be positive and at most 1e6")
            }
        }

        func run() throws {
            let screen = ExampleScreen.make(width: width, height: height,
                                            direction: rightToLeft ? .rightToLeft : .leftToRight)
            do {
                print(try screen.layoutSnapshot())
            } catch {
                throw CommandFailure(message: "\(error)", code: 2)
            }
        }
    }
}
