import Testing
import Trellis
@testable import TrellisText
import TrellisTestSupport

/// PNG and PDF pictures of laid-out trees, decoded and checked.
@Suite("Picture renderer")
struct PictureRendererTests {
    /// A card: a title, a wrapped body and a footer row of two labels, in a padded stack.
    private func card(width: Double) throws -> (root: View, labels: [Label]) {
        let title = Label(id: "title", text: "Real text on Linux", font: "DejaVu Sans Bold 18")
        let body = Label(id: "body", text: paragraph, font: "DejaVu Sans 12", numberOfLines: 0, lineBreakMode: .wordWrap)
        let left = Label(id: "left", text: "Pango", font: "DejaVu Serif 13")
        let right = Label(id: "right", text: "Cairo", font: "DejaVu Sans Mono 13", textAlignment: .trailing)
        let footer = Tails.stack(.horizontal, spacing: 12, alignment: .firstBaseline) { left; right }
        let column = Tails.stack(.vertical, spacing: 10) { title; body; footer }
        let root = makeRoot(width: width, height: 400)
        root.addSubview(column)
        Tails.install(column~.top.leading.trailing == root~ + EdgeInsets(16))
        try root.layoutIfNeeded()
        return (root, [title, body, left, right])
    }

    /// `view`'s frame in the root's coordinates.
    private func frameInRoot(_ view: View) -> Rect {
        var frame = view.frame
        var current = view.superview
        while let parent = current, parent.superview != nil {
            frame = frame.offsetBy(dx: parent.frame.minX, dy: parent.frame.minY)
            current = parent.superview
        }
        return frame
    }

    @Test("a PNG has frame × scale pixels, ink inside every label and nowhere else, white outside the root",
          arguments: [(1.0, 0.0), (2.0, 0.0), (2.0, 12.0), (1.5, 5.0)])
    func png(scale: Double, margin: Double) throws {
        let (root, labels) = try card(width: 320)
        let bytes = try PictureRenderer.png(of: root, scale: scale, margin: margin)
        let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        let head: [UInt8] = Array(bytes.prefix(8))
        #expect(head == signature)
        let image = try #require(DecodedImage(png: bytes))
        let pixelWidth: Double = ((320 + 2 * margin) * scale).rounded(.up)
        let pixelHeight: Double = ((400 + 2 * margin) * scale).rounded(.up)
        #expect(image.width == Int(pixelWidth))
        #expect(image.height == Int(pixelHeight))

        // Pixel boxes (in image pixels) of the root and of each label.
        func pixels(_ rect: Rect) -> (x: Range<Int>, y: Range<Int>) {
            let x0 = Int(((rect.minX + margin) * scale).rounded(.down)), x1 = Int(((rect.maxX + margin) * scale).rounded(.up))
            let y0 = Int(((rect.minY + margin) * scale).rounded(.down)), y1 = Int(((rect.maxY + margin) * scale).rounded(.up))
            return (max(0, x0)..<min(image.width, x1), max(0, y0)..<min(image.height, y1))
        }
        let rootBox = pixels(root.bounds)
        let labelBoxes = labels.map { pixels(frameInRoot($0)) }
        var outsideRoot = 0, strayInk = 0
        var inkPerLabel = [Int](repeating: 0, count: labels.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard rootBox.x.contains(x), rootBox.y.contains(y) else {
                    if image[x, y] != 0xffffff { outsideRoot += 1 }
                    continue
                }
                guard image.isInk(x: x, y: y) else { continue }
                if let index = labelBoxes.firstIndex(where: { $0.x.contains(x) && $0.y.contains(y) }) {
                    inkPerLabel[index] += 1
                } else {
                    strayInk += 1
                }
            }
        }
        #expect(outsideRoot == 0)
        #expect(strayInk == 0)
        for (label, ink) in zip(labels, inkPerLabel) {
            #expect(ink > 20, "\(label.name) has \(ink) ink pixels")
        }
        if margin == 0, scale == 1 { #expect(image[0, 0] != 0xffffff) }   // the root's outline is drawn
    }

    @Test("the text is drawn at the frame's width: a wrapped label's ink fills as many lines as Pango measured")
    func wrappedAsMeasured() throws {
        let (root, labels) = try card(width: 260)
        let body = labels[1]
        let measured = body.measurement(forWidth: body.frame.width)
        #expect(measured.lineCount >= 4)
        #expect(body.frame.height == measured.size.height)
        let image = try #require(DecodedImage(png: try PictureRenderer.png(of: root)))
        let frame = frameInRoot(body)
        // Rows with ink, grouped into runs: one run per line of text.
        var runs = 0, previousHadInk = false
        for y in Int(frame.minY)..<Int(frame.maxY.rounded(.up)) {
            let hasInk = (Int(frame.minX)..<Int(frame.maxX)).contains { image.isInk(x: $0, y: y) }
            if hasInk, !previousHadInk { runs += 1 }
            previousHadInk = hasInk
        }
        #expect(runs == measured.lineCount)
    }

    @Test("a PDF has one page of the root's size plus the margins")
    func pdf() throws {
        let (root, _) = try card(width: 320)
        for margin in [0.0, 20] {
            let bytes = try PictureRenderer.pdf(of: root, margin: margin)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("%PDF-"))
            let pages = text.ranges(of: "/Type /Page").filter { !text[$0.upperBound...].hasPrefix("s") }
            #expect(pages.count == 1)
            let boxes = text.ranges(of: "/MediaBox [").map { range in
                text[range.upperBound...].prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
            }
            #expect(boxes.contains([0, 0, 320 + 2 * margin, 400 + 2 * margin]), "\(boxes)")
            // Text is text: embedded font programs with a Unicode mapping, not outlines.
            #expect(text.contains("/FontFile") && text.contains("/ToUnicode"))
        }
    }

    @Test("bad scales and sizes throw; a substitute font throws only when installed fonts are required")
    func errors() throws {
        let (root, labels) = try card(width: 320)
        for scale in [0, -1, Double.nan, .infinity] {
            let error = #expect(throws: PictureRenderingError.self) { _ = try PictureRenderer.png(of: root, scale: scale) }
            guard case .invalidScale? = error else {
                Issue.record("scale \(scale): \(String(describing: error))")
                continue
            }
        }
        #expect(throws: PictureRenderingError.invalidSize(width: 320, height: 400)) {   // in points
            _ = try PictureRenderer.png(of: root, scale: 200)
        }
        let empty = makeRoot(width: 0, height: 100)
        #expect(throws: PictureRenderingError.invalidSize(width: 0, height: 100)) {
            _ = try PictureRenderer.pdf(of: empty)
        }
        labels[2].font = "No Such Family Trellis 13"
        try root.layoutIfNeeded()
        #expect(throws: PictureRenderingError.fontUnavailable(
            label: "left", font: "No Such Family Trellis 13", resolvedFamily: labels[2].resolvedFontFamily)) {
            _ = try PictureRenderer.png(of: root, fonts: .requireInstalled)
        }
        #expect(throws: PictureRenderingError.self) { _ = try PictureRenderer.pdf(of: root, fonts: .requireInstalled) }
        #expect(try PictureRenderer.png(of: root).count > 100)       // the substitute draws
        labels[2].isHidden = true                                    // hidden labels are not drawn nor checked
        #expect(try PictureRenderer.png(of: root, fonts: .requireInstalled).count > 100)
    }
}
