import Testing
import Trellis
@testable import TrellisText
import TrellisTestSupport

/// Prints how long a 200-label feed takes to lay out: cold (nothing measured yet), unchanged,
/// at a new width, and back at a width already measured. No timed assertions — the numbers go
/// to the integrator's report; the counts of Pango layouts are checked.
@Suite("Feed speed report")
struct FeedSpeedReport {
    @Test("a 200-label feed: cold, unchanged, new width, known width")
    func feed() throws {
        let tag = Int.random(in: 0..<1000)   // texts no other test measures (the cache is per process)
        let root = makeRoot(width: 390, height: 100_000)
        var cells: [View] = []
        for index in 0..<100 {
            let author = Label(id: "author\(index)", text: "Author \(index) · feed \(tag)", font: "DejaVu Sans Bold 15")
            let body = Label(id: "body\(index)", text: "\(index) \(tag): " + String(paragraph.prefix(60 + (index * 37) % 160)),
                             font: "DejaVu Sans 13", numberOfLines: 0, lineBreakMode: .wordWrap)
            cells.append(Tails.stack(.vertical, spacing: 4, id: "cell\(index)") { author; body })
        }
        let feed = Tails.stack(.vertical, spacing: 12, id: "feed") { cells }
        root.addSubview(feed)
        Tails.install(feed~.top.leading.trailing == root~ + EdgeInsets(16))

        let context = PangoThreadContext.current
        let clock = ContinuousClock()
        func timed(_ step: String, width: Double) throws -> Int {
            root.frame = Rect(x: 0, y: 0, width: width, height: 100_000)
            let before = context.measuredLayouts
            let elapsed = try clock.measure { try root.layoutIfNeeded() }
            let measured = context.measuredLayouts - before
            print("feed of 200 labels, \(step) at width \(Int(width)): \(elapsed), \(measured) Pango layouts")
            return measured
        }
        #expect(try timed("cold", width: 390) == 300)          // 200 unwrapped + 100 bodies wrapped
        #expect(try timed("unchanged", width: 390) == 0)
        #expect(try timed("new width", width: 320) == 100)     // the bodies at the new width
        #expect(try timed("known width", width: 390) == 0)
        #expect(feed.frame.height > 100 * 30)
    }
}
