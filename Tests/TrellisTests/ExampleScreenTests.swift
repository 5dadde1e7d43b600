import Testing
import Trellis
@testable import TrellisCLI
import TrellisTestSupport

@Suite("ExampleScreen")
struct ExampleScreenTests {
    @Test("frames at 390 × 844, computed by hand")
    func phoneFrames() throws {
        let screen = ExampleScreen.make(width: 390, height: 844)
        let s = try screen.layoutSnapshot()
        // header: below the safe area (44), full width; content from y = 16 inside it.
        expectFrame(s[id: "avatar"], 16, 16, 64, 64)
        expectFrame(s[id: "name"], 92, 22, 140, 22)                // 16 + 64 + 12; 16 + 6
        // handle.firstBaseline = name.lastBaseline + 20 = (22 + 22 - 5) + 20 = 59 → top 59 - 12 = 47
        expectFrame(s[id: "handle"], 92, 47, 96, 16)
        expectFrame(s[id: "bio"], 16, 92, 358, 36)                 // 16 + 64 + 12, margins 16
        // buttons: follow and message equal widths, more 44: 358 = f + 8 + f + 8 + 44 → f = 149
        expectFrame(s[id: "follow"], 16, 140, 149, 32)
        expectFrame(s[id: "message"], 173, 140, 149, 32)
        expectFrame(s[id: "more"], 330, 140, 44, 32)
        expectFrame(s[id: "header"], 0, 44, 390, 188)              // 140 + 32 + 16
        // cells: 72 high (12 + 48 + 12), 8 apart, inside the margins
        expectFrame(s[id: "cell1"], 16, 240, 358, 72)
        expectFrame(s[id: "cell2"], 16, 320, 358, 72)
        expectFrame(s[id: "cell3"], 16, 400, 358, 72)
        expectFrame(s[id: "cell1.thumbnail"], 12, 12, 48, 48)
        expectFrame(s[id: "cell1.title"], 72, 16, 160, 20)
        expectFrame(s[id: "cell1.subtitle"], 72, 40, 220, 16)
    }

    @Test("a narrow screen compresses the subtitles, not the margins")
    func narrow() throws {
        let screen = ExampleScreen.make(width: 300, height: 600)
        let s = try screen.layoutSnapshot()
        // cell width 268; subtitle from 72 to 268 - 12 = 256 → 184 wide (compression resistance 750 loses)
        expectFrame(s[id: "cell2.subtitle"], 72, 40, 184, 16)
        expectFrame(s[id: "cell2.title"], 72, 16, 160, 20)
    }

    @Test("right-to-left mirrors the screen")
    func rightToLeft() throws {
        let ltr = try ExampleScreen.make(width: 390, height: 844).layoutSnapshot()
        let rtl = try ExampleScreen.make(width: 390, height: 844, direction: .rightToLeft).layoutSnapshot()
        #expect(ltr.entries.count == rtl.entries.count)
        for (a, b) in zip(ltr.entries, rtl.entries) where a.kind == .view {
            let mirrored = Rect(x: 390 - a.frameInRoot.maxX, y: a.frameInRoot.minY,
                                width: a.frameInRoot.width, height: a.frameInRoot.height)
            #expect(approx(b.frameInRoot, mirrored), "\(a.name): \(b.frameInRoot) vs mirrored \(mirrored)")
        }
    }
}
