import Testing
import Trellis
@testable import TrellisText
import TrellisTestSupport

/// A label's sizes and baselines are Pango's, asked directly through the C module.
@Suite("Label measurement")
struct LabelMeasurementTests {
    let pango = PangoProbe()

    @Test("the intrinsic size is Pango's size of the unwrapped text", arguments: [
        ("DejaVu Sans 15", "Hello, world"),
        ("DejaVu Serif Bold 23", "Ångström — façade"),
        ("DejaVu Sans Mono 11", "let x = 42"),
    ])
    func intrinsicSize(font: String, text: String) {
        let label = Label(text: text, font: font)
        let report = pango.report(text, font: font)
        #expect(label.intrinsicContentSize == report.size)
        #expect(label.firstBaselineOffsetFromTop == Double(report.baseline) / 1024)
        #expect(label.lastBaselineOffsetFromBottom == Double(report.height - report.baseline) / 1024)
        #expect(report.width > 0 && report.height > 0)
    }

    @Test("the size at a width is Pango's size of the text wrapped at that width")
    func wrappedSize() {
        let label = Label(text: paragraph, numberOfLines: 0, lineBreakMode: .wordWrap)
        for width in [120.0, 200.5, 288, 333.25] {
            let report = pango.report(paragraph, font: Label.defaultFont, widthUnits: Int32(width * 1024))
            let measured = label.measurement(forWidth: width)
            #expect(measured.size == report.size, "at \(width)")
            #expect(measured.lineCount == Int(report.lines), "at \(width)")
            #expect(report.lines > 1)
        }
    }

    @Test("a line limit keeps the first lines: Pango's ellipsized size for the truncating modes")
    func lineLimit() {
        let truncated = Label(text: paragraph, numberOfLines: 2, lineBreakMode: .truncateTail)
        let report = pango.report(paragraph, font: Label.defaultFont, widthUnits: 200 * 1024, ellipsizeLines: 2)
        #expect(truncated.measurement(forWidth: 200).size == report.size)
        #expect(truncated.measurement(forWidth: 200).lineCount == 2)
        // Wrapping with a limit cuts after two lines: the same height as two lines of the same text.
        let cut = Label(text: paragraph, numberOfLines: 2, lineBreakMode: .wordWrap)
        #expect(cut.measurement(forWidth: 200).size.height == report.size.height)
        let unlimited = pango.report(paragraph, font: Label.defaultFont, widthUnits: 200 * 1024)
        #expect(unlimited.lines > 2 && unlimited.size.height > report.size.height)
    }

    @Test("empty text measures zero; NUL characters are ignored")
    func emptyText() {
        #expect(Label(text: "").intrinsicContentSize == .zero)
        #expect(Label(text: "").measurement(forWidth: 100).lineCount == 0)
        #expect(Label(text: "ab\u{0}cd").intrinsicContentSize == pango.report("abcd", font: Label.defaultFont).size)
    }

    @Test("wrapping changes the height exactly where Pango breaks the line, after layout")
    func breakWidth() throws {
        let text = uniqueText("Wrap here please", "breakWidth")
        let font = "DejaVu Sans 17"
        let oneLine = pango.narrowestWidth(text, font: font, lines: 1)
        let one = pango.report(text, font: font, widthUnits: oneLine)
        let two = pango.report(text, font: font, widthUnits: oneLine - 1)
        #expect(one.lines == 1 && two.lines == 2)

        let label = Label(id: "label", text: text, font: font, numberOfLines: 0, lineBreakMode: .wordWrap)
        let root = makeRoot()
        root.addSubview(label)
        Tails.install(label~.top.leading.trailing == root~ + EdgeInsets(16))
        for (units, expected) in [(oneLine, one), (oneLine - 1, two), (oneLine + 1, one)] {
            root.frame = Rect(x: 0, y: 0, width: Double(units) / 1024 + 32, height: 300)
            try root.layoutIfNeeded()
            #expect(label.frame.height == expected.size.height, "at \(units) units")
            #expect(abs(label.frame.width - Double(units) / 1024) < 1e-9)
        }
    }

    @Test("first baselines line up in a horizontal stack of two fonts")
    func firstBaselines() throws {
        let small = Label(id: "small", text: "Name", font: "DejaVu Sans 12")
        let large = Label(id: "large", text: "Title", font: "DejaVu Serif Bold 28")
        let row = Tails.stack(.horizontal, spacing: 8, alignment: .firstBaseline) { small; large }
        let root = makeRoot()
        root.addSubview(row)
        Tails.install(row~.top.leading == root~ + 10)
        try root.layoutIfNeeded()
        let smallBaseline = Double(pango.report("Name", font: "DejaVu Sans 12").baseline) / 1024
        let largeBaseline = Double(pango.report("Title", font: "DejaVu Serif Bold 28").baseline) / 1024
        #expect(abs((small.frame.minY + smallBaseline) - (large.frame.minY + largeBaseline)) < 1e-9)
        #expect(small.frame.minY > large.frame.minY + 1)            // the small text moved down
        #expect(small.frame.size == pango.report("Name", font: "DejaVu Sans 12").size)
        #expect(large.frame.size == pango.report("Title", font: "DejaVu Serif Bold 28").size)
    }

    @Test("last baselines line up too, with a wrapped label's last line")
    func lastBaselines() throws {
        let body = Label(id: "body", text: paragraph, font: "DejaVu Sans 11", numberOfLines: 0, lineBreakMode: .wordWrap)
        let price = Label(id: "price", text: "12 €", font: "DejaVu Sans Bold 20")
        let row = Tails.stack(.horizontal, spacing: 8, alignment: .lastBaseline) { body; price }
        price.setContentCompressionResistancePriority(.required, for: .horizontal)
        price.setContentHuggingPriority(.required, for: .horizontal)
        let root = makeRoot(width: 320)
        root.addSubview(row)
        Tails.install(row~.top.leading.trailing == root~)
        try root.layoutIfNeeded()
        let bodyReport = pango.report(paragraph, font: "DejaVu Sans 11", widthUnits: Int32(body.frame.width * 1024))
        #expect(body.frame.height == bodyReport.size.height && bodyReport.lines > 2)
        let bodyLast = body.frame.maxY - body.lastBaselineOffsetFromBottom
        let priceLast = price.frame.maxY - price.lastBaselineOffsetFromBottom
        #expect(abs(bodyLast - priceLast) < 1e-9)
        #expect(price.frame.minY > 20)                               // next to the body's last line
    }

    @Test("compression resistance decides which label is truncated; hugging which one grows")
    func huggingAndCompression() throws {
        let title = Label(id: "title", text: uniqueText("A fairly long title that does not fit", "hug"))
        let detail = Label(id: "detail", text: uniqueText("Detail text", "hug"))
        detail.setContentCompressionResistancePriority(.init(760), for: .horizontal)
        let row = Tails.stack(.horizontal, spacing: 8) { title; detail }
        let root = makeRoot(width: 300)
        root.addSubview(row)
        Tails.install(row~.top.leading.trailing == root~)
        try root.layoutIfNeeded()
        let detailWidth = detail.intrinsicContentSize!.width
        #expect(detail.frame.width == detailWidth)
        #expect(abs(title.frame.width - (300 - 8 - detailWidth)) < 1e-9)
        #expect(title.frame.height == title.intrinsicContentSize!.height)   // truncated, still one line

        root.frame = Rect(x: 0, y: 0, width: 1200, height: 300)
        title.setContentHuggingPriority(.init(249), for: .horizontal)
        try root.layoutIfNeeded()
        #expect(detail.frame.width == detailWidth)                           // hugs harder: stays
        #expect(abs(title.frame.width - (1200 - 8 - detailWidth)) < 1e-9)   // grows
    }

    @Test("text cut at its width fills that width exactly, between Pango's 1/1024-pt units too")
    func cutTextFillsItsWidth() throws {
        let title = Label(id: "title", text: uniqueText("Notes on the Analytical Engine, with a long subtitle", "cut"),
                          font: "DejaVu Sans Bold 15", lineBreakMode: .truncateTail)
        let word = Label(id: "word", text: uniqueText(paragraph, "cut"), numberOfLines: 2, lineBreakMode: .truncateTail)
        let root = makeRoot(width: 300)
        root.addSubview(title)
        root.addSubview(word)
        Tails.install(title~.top.leading == root~ + 16, title~.trailing <= root~.trailing - 16)
        Tails.install(word~.leading == root~ + 16, word~.top == title~.bottom + 8, word~.trailing <= root~.trailing - 16)
        for width in [200.37, 250.0007, 301.0 + 1.0 / 3] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 300)
            try root.layoutIfNeeded()
            let available = width - 32
            let unit = (available * 1024 + 1e-3).rounded(.down) / 1024
            #expect(available - unit > 1e-5, "a width between two units at \(width)")
            #expect(abs(title.frame.width - available) < 1e-9, "the cut title at \(width): \(title.frame.width)")
            #expect(abs(word.frame.width - available) < 1e-9, "the two cut lines at \(width): \(word.frame.width)")
            #expect(title.frame.height == title.measurement(forWidth: available).size.height)
        }
        // Text that fits keeps its own width, even offered less than a unit more than it; cut, it
        // takes the width offered.
        let natural = title.intrinsicContentSize!.width
        let measure = try #require(title.sizeForWidth)
        #expect(measure(natural + 0.5 / 1024).width == natural)
        #expect(measure(natural - 0.5 / 1024).width == natural - 0.5 / 1024)
    }

    @Test("a relayout that changes nothing calls Pango not at all; a new width measures once a label")
    func caching() throws {
        let labels = (0..<5).map {
            Label(id: "l\($0)", text: uniqueText(paragraph, "cache \($0)"), numberOfLines: 0, lineBreakMode: .wordWrap)
        }
        let column = Tails.stack(.vertical, spacing: 4) { labels }
        let root = makeRoot(width: 320, height: 2000)
        root.addSubview(column)
        Tails.install(column~.top.leading.trailing == root~)
        let context = PangoThreadContext.current
        let start = context.measuredLayouts
        try root.layoutIfNeeded()
        let cold = context.measuredLayouts - start
        #expect(cold >= 10)                                   // unwrapped, then at 320, per label
        try root.layoutIfNeeded()
        #expect(context.measuredLayouts - start == cold)      // unchanged pass: cache hits only
        root.frame = Rect(x: 0, y: 0, width: 250, height: 2000)
        try root.layoutIfNeeded()
        #expect(context.measuredLayouts - start == cold + 5)  // one new width per label
        for label in labels {
            let report = pango.report(label.text, font: Label.defaultFont, widthUnits: 250 * 1024)
            #expect(label.frame.size.height == report.size.height)
        }
    }

    @Test("a text that fits unwrapped costs one Pango layout whatever width it is offered")
    func fitsUnwrapped() {
        let label = Label(text: uniqueText("Short title", "fits"), font: "DejaVu Sans 14")
        let context = PangoThreadContext.current
        let start = context.measuredLayouts
        let natural = label.measurement(forWidth: nil)
        for width in [natural.size.width, natural.size.width + 0.5, 300, 5000] {
            #expect(label.measurement(forWidth: width) == natural)
        }
        #expect(context.measuredLayouts - start == 1)
        let narrow = label.measurement(forWidth: natural.size.width - 10)     // truncated: Pango again
        #expect(context.measuredLayouts - start == 2)
        let report = pango.report(label.text, font: "DejaVu Sans 14",
                                  widthUnits: Int32((natural.size.width - 10) * 1024), ellipsizeLines: 1)
        #expect(narrow.size == report.size && narrow.size.width < natural.size.width)
    }

    @Test("changing the text or the font is measured at the next layout")
    func invalidation() throws {
        let label = Label(id: "label", text: "Short", font: "DejaVu Sans 12")
        let root = makeRoot()
        root.addSubview(label)
        Tails.install(label~.top.leading == root~)
        try root.layoutIfNeeded()
        #expect(label.frame.size == pango.report("Short", font: "DejaVu Sans 12").size)
        label.text = "Somewhat longer"
        label.font = "DejaVu Serif 20"
        try root.layoutIfNeeded()
        #expect(label.frame.size == pango.report("Somewhat longer", font: "DejaVu Serif 20").size)
        let baseline: Double = Double(pango.report("Somewhat longer", font: "DejaVu Serif 20").baseline) / 1024
        #expect(label.firstBaselineOffsetFromTop == baseline)
    }

    @Test("a missing font family falls back, says so, and never crashes")
    func missingFont() {
        let missing = Label(text: "Fallback", font: "No Such Family Trellis 15")
        #expect(missing.resolvedFontFamily != "")
        #expect(missing.resolvedFontFamily.lowercased() != "no such family trellis")
        #expect(!missing.hasInstalledFont)
        #expect(missing.intrinsicContentSize!.width > 0)
        let installed = Label(text: "Installed", font: "DejaVu Sans 15")
        #expect(installed.resolvedFontFamily == "DejaVu Sans")
        #expect(installed.hasInstalledFont)
        #expect(Label(text: "Generic", font: "Sans 15").hasInstalledFont)
        #expect(Label(text: "List", font: "No Such Family Trellis, DejaVu Serif 15").hasInstalledFont)
    }

    @Test("separate trees lay out concurrently with the same frames as one after another")
    func concurrentLayouts() async throws {
        func frames(_ index: Int) throws -> [Rect] {
            let labels = (0..<12).map {
                Label(id: "l\($0)", text: "\(index)-\($0) " + paragraph, font: "DejaVu Sans \(10 + $0 % 5)",
                      numberOfLines: $0 % 3, lineBreakMode: $0 % 2 == 0 ? .wordWrap : .truncateTail)
            }
            let column = Tails.stack(.vertical, spacing: 4) { labels }
            let root = makeRoot(width: 200 + Double(index * 10), height: 3000)
            root.addSubview(column)
            Tails.install(column~.top.leading.trailing == root~)
            try root.layoutIfNeeded()
            return labels.map(\.frame)
        }
        let sequential = try (0..<8).map { try frames($0) }
        let concurrent = try await withThrowingTaskGroup(of: (Int, [Rect]).self) { group in
            for index in 0..<8 { group.addTask { (index, try frames(index)) } }
            var results = [[Rect]](repeating: [], count: 8)
            for try await (index, result) in group { results[index] = result }
            return results
        }
        #expect(concurrent == sequential)
    }
}
