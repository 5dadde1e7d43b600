import ArgumentParser
import Foundation
import Trellis
import TrellisDocument
import TrellisSupport
import TrellisText

extension TrellisCommand {
    /// `trellis demo`: lays out the bundled profile screen at a phone and a tablet size, draws both
    /// in the terminal, writes them side by side to `demo.svg` and, with real text, to `demo.png`,
    /// and writes `demo.html`, the screen at every width from 320 to 1024 with a slider.
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lay out the bundled profile screen at two sizes and every width between; write demo.svg, demo.html, demo.png.",
            discussion: """
                The screen is a layout-document/1 text built into trellis (a navigation bar, a profile \
                header with a bio that wraps, a stack of stat tiles, a feed stack of cells whose text \
                wraps, a tab bar, and a layout set that puts the header beside the feed from 600 points \
                wide); --print-document prints it as a starting point for `trellis layout`. Text is \
                measured by Pango (--text-model: the built-in model). demo.html holds the layout at every \
                root width from 320 to 1024 (exact affine pieces between breakpoints, sampled where text \
                wraps differently or the layout set switches); open it in a browser and drag the slider.
                """
        )

        @Option(help: ArgumentHelp("Where to write the SVG drawing of both sizes.", valueName: "out.svg"))
        var svg = "demo.svg"

        @Option(help: ArgumentHelp("Where to write the page with a width slider.", valueName: "out.html"))
        var html = "demo.html"

        @Option(help: ArgumentHelp("Where to write both sizes with real text (Pango, Cairo).", valueName: "out.png"))
        var png = "demo.png"

        @Flag(help: "Print the demo's layout document and exit.")
        var printDocument = false

        @Flag(help: "Measure text with the built-in model instead of Pango.")
        var textModel = false

        @OptionGroup var picture: PictureOptions

        func run() throws {
            if printDocument {
                print(DemoScreen.json)
                return
            }
            var makeView: (LayoutDocument.ViewEntry) -> View = Label.documentView(for:)
            if textModel { makeView = LayoutDocument.defaultView(for:) }
            var pictures: [LayoutPicture] = []
            var roots: [View] = []
            let pieces: WidthPieces
            do {
                let document = try DemoScreen.document()
                for size in DemoScreen.sizes {
                    let layout = try document.makeLayout(width: size.width, height: size.height, makeView: makeView)
                    let result = try layout.layout()
                    let kind = size.width < 600 ? "phone" : "tablet"
                    if let snapshot = result.snapshot { snapshot.apply(to: layout.root) }
                    // With Pango, the SVG shows each text item's words on the lines Pango broke.
                    var drawing = Layout.picture(of: result, labelsUnder: textModel ? nil : layout.root)
                    drawing.title = "demo.json — \(kind), \(Int(size.width)) × \(Int(size.height))"
                    pictures.append(drawing)
                    roots.append(layout.root)
                }
                pieces = try WidthPieces(document: document, range: DemoScreen.widthRange,
                                         height: DemoScreen.sizes[0].height, makeView: makeView)
            } catch {
                throw CommandFailure(message: "the bundled demo failed: \(error)", code: 1)
            }
            try PictureOptions.write(SVGRenderer().render(pictures), to: svg)
            try PictureOptions.write(HTMLPage(rows: [pieces], initialWidth: DemoScreen.sizes[0].width).html, to: html)
            do {
                try Layout.writeBytes(try PictureRenderer.png(of: Self.sideBySide(roots), scale: 1, margin: 16), to: png)
            } catch let error as PictureRenderingError {
                throw CommandFailure(message: "\(png): \(error)", code: 1)
            }
            let renderer = picture.asciiRenderer()
            var output = pictures.map { renderer.render($0) }.joined(separator: "\n")
            let exact = pieces.pieces.filter { if case .exact = $0 { return true } else { return false } }
            let exactLength = exact.reduce(0) { $0 + $1.upper - $1.lower }
            let span = DemoScreen.widthRange.upperBound - DemoScreen.widthRange.lowerBound
            output += "\nwrote \(svg): both layouts side by side (open it in a browser)\n"
            output += "wrote \(html): every width from \(Int(DemoScreen.widthRange.lowerBound)) to "
                + "\(Int(DemoScreen.widthRange.upperBound)) with a slider; exact affine pieces cover "
                + "\(NumberFormat.short((exactLength / span * 1000).rounded() / 10))% of the range "
                + "(\(exact.count) pieces, breaks found to \(WidthPieces.breakPrecision) pt, \(pieces.layoutCount) layouts)"
                + (exact.count < pieces.pieces.count ? ", the rest is sampled at every integer width\n" : "\n")
            output += "wrote \(png): both layouts with their text drawn by Pango and Cairo\n"
            FileHandle.standardOutput.write(Data(output.utf8))
        }

        /// The laid-out roots next to each other, 32 points apart, in one view to draw.
        static func sideBySide(_ roots: [View]) -> View {
            let canvas = View(id: "demo")
            var x = 0.0, height = 0.0
            for root in roots {
                let size = root.frame.size
                canvas.addSubview(root)
                root.frame = Rect(x: x, y: 0, width: size.width, height: size.height)
                x += size.width + 32
                height = max(height, size.height)
            }
            canvas.frame = Rect(x: 0, y: 0, width: max(x - 32, 1), height: max(height, 1))
            return canvas
        }
    }
}
