import ArgumentParser
import Foundation
import Trellis
import TrellisDocument

extension TrellisCommand {
    /// `trellis demo`: lays out the bundled profile screen at a phone and a tablet size, draws both
    /// in the terminal and writes them side by side to `demo.svg`.
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lay out the bundled profile screen at two sizes, draw it, and write demo.svg.",
            discussion: """
                The screen is a layout-document/1 text built into trellis (a navigation bar, a profile \
                header, a feed of cells in a layout guide, a tab bar); --print-document prints it as a \
                starting point for `trellis layout`.
                """
        )

        @Option(help: ArgumentHelp("Where to write the SVG drawing.", valueName: "out.svg"))
        var svg = "demo.svg"

        @Flag(help: "Print the demo's layout document and exit.")
        var printDocument = false

        @OptionGroup var picture: PictureOptions

        func run() throws {
            if printDocument {
                print(DemoScreen.json)
                return
            }
            let pictures: [LayoutPicture]
            do {
                let document = try DemoScreen.document()
                pictures = try DemoScreen.sizes.map { size in
                    let result = try document.makeLayout(width: size.width, height: size.height).layout()
                    let kind = size.width < 600 ? "phone" : "tablet"
                    return LayoutPicture(result: result, title: "demo.json — \(kind), "
                        + "\(Int(size.width)) × \(Int(size.height))")
                }
            } catch {
                throw CommandFailure(message: "the bundled demo failed: \(error)", code: 1)
            }
            try PictureOptions.write(SVGRenderer().render(pictures), to: svg)
            let renderer = picture.asciiRenderer()
            var output = pictures.map { renderer.render($0) }.joined(separator: "\n")
            output += "\nwrote \(svg): both layouts side by side (open it in a browser)\n"
            FileHandle.standardOutput.write(Data(output.utf8))
        }
    }
}
