import Testing
import Trellis
import TrellisTestSupport

/// Fitting-size queries: the size a subtree takes when its own size is free.
@Suite("Fitting size")
struct FittingSizeTests {
    /// A cell with a label inset by 8 and a 40 × 40 icon: `|-8-[icon]-8-[label]-8-|`.
    private func makeCell() -> (cell: View, label: View) {
        let cell = View(id: "cell")
        let icon = View(id: "icon"), label = View(id: "label")
        cell.addSubview(icon)
        cell.addSubview(label)
        label.intrinsicContentSize = Size(width: 200, height: 20)
        Tails.install(
            icon~.size == Size(width: 40, height: 40),
            icon~.top.leading == 8,
            icon~.bottom <= cell~.bottom - 8,
            label~.leading == icon~.trailing + 8,
            label~.trailing == cell~.trailing - 8,
            label~.centerY == icon~,
            label~.bottom <= cell~.bottom - 8
        )
        return (cell, label)
    }

    @Test("compressed: as small as the content allows")
    func compressed() throws {
        let (cell, _) = makeCell()
        let size = try cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(approx(size.width, 8 + 40 + 8 + 200 + 8) && approx(size.height, 56))
        #expect(cell.frame == .zero)                       // nothing is written
        #expect(try cell.fittingSize() == size)
    }

    @Test("a required width gives the height for that width")
    func heightForWidth() throws {
        let (cell, _) = makeCell()
        let size = try cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
        #expect(approx(size.width, 320) && approx(size.height, 56))
        let narrow = try cell.fittingSize(width: 200)      // the label compresses (750 < required width)
        #expect(approx(narrow.width, 200) && approx(narrow.height, 56))
    }

    @Test("expanded: as large as the constraints and content priorities allow")
    func expanded() throws {
        let (cell, label) = makeCell()
        Tails.install(cell~.width <= 500, cell~.height <= 90)
        let size = try cell.systemLayoutSizeFitting(View.layoutFittingExpandedSize)
        #expect(approx(size.width, 264) && approx(size.height, 90))   // the label's hugging (250) beats 50
        label.setContentHuggingPriority(49, for: .horizontal)
        let wider = try cell.systemLayoutSizeFitting(View.layoutFittingExpandedSize)
        #expect(approx(wider.width, 500) && approx(wider.height, 90))
    }

    @Test("constraints to the superview do not count; the view's own content size does")
    func scope() throws {
        let root = makeRoot(width: 400, height: 300)
        let (cell, _) = makeCell()
        root.addSubview(cell)
        Tails.install(cell~.width == root~.width, cell~.top.left == root~)
        #expect(approx(try cell.fittingSize().width, 264))

        let badge = View(id: "badge")
        badge.intrinsicContentSize = Size(width: 30, height: 18)
        #expect(try badge.fittingSize() == Size(width: 30, height: 18))
        #expect(try badge.fittingSize(height: 24) == Size(width: 30, height: 24))
    }

    @Test("an impossible required target is reported")
    func impossible() {
        let (cell, _) = makeCell()
        Tails.install(cell~.width <= 100)
        #expect(throws: LayoutError.self) { try cell.fittingSize(width: 300) }
    }
}
