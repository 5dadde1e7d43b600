import Testing
import Trellis
import TrellisTestSupport

/// The check the incremental paths' suites compare a warm tree with a fresh tree's cold layout
/// by (``frameMismatch(_:_:tolerance:)``): it must see a count that differs and a frame off by
/// more than the tolerance, and name where.
@Suite("Frame mismatch")
struct FrameMismatchTests {
    static let frames = [Rect(x: 0, y: 0, width: 375, height: 800), Rect(x: 16, y: 16, width: 343, height: 48)]

    @Test("Equal lists, and lists within 1e-9, agree")
    func agreeing() {
        #expect(frameMismatch(Self.frames, Self.frames) == nil)
        let nudged = [Self.frames[0], Rect(x: 16, y: 16 + 4e-10, width: 343, height: 48)]
        #expect(frameMismatch(nudged, Self.frames) == nil)
    }

    @Test("A frame off by more than the tolerance, or another count, is named")
    func disagreeing() {
        let off = [Self.frames[0], Rect(x: 16, y: 16, width: 343 + 2e-9, height: 48)]
        let message: String? = frameMismatch(off, Self.frames)
        #expect(message?.hasPrefix("view 1: ") == true, "\(message ?? "nil")")
        #expect(frameMismatch(Array(Self.frames.prefix(1)), Self.frames) == "1 frames against 2")
        #expect(frameMismatch(off, Self.frames, tolerance: 1e-6) == nil)
    }
}
