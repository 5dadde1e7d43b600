import Foundation
import Testing
import Trellis
import TrellisDocument

/// Degenerate input is an error: a root laid out with no frame, a negative size or a number that
/// is not finite throws `LayoutError.invalidRootFrame` (it used to lay out into `(16, 16, -32, -32)`).
@Suite("The root's frame is checked")
struct RootFrameTests {
    func screen() -> (root: View, card: View) {
        let root = View(id: "screen"), card = View(id: "card")
        root.addSubview(card)
        Tails.install(card~.edges == root~ + EdgeInsets(16))
        return (root, card)
    }

    func reason(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch LayoutError.invalidRootFrame(let view, let reason) {
            return "\(view) \(reason)"
        } catch {
            return "other error: \(error)"
        }
    }

    @Test("No frame: a clear LayoutError from every entry point that lays out, nothing written")
    func noFrame() throws {
        let (root, card) = screen()
        #expect(reason { try root.layoutIfNeeded() } == "screen has no frame")
        #expect(reason { _ = try root.layoutSnapshot() } == "screen has no frame")
        #expect(reason { _ = try root.layoutIfNeeded(recoveringFromConflicts: true) } == "screen has no frame")
        #expect(reason { _ = try root.hasAmbiguousLayout } == "screen has no frame")
        #expect(reason { _ = try root.layoutConflicts() } == "screen has no frame")
        #expect(card.frame == .zero)
        let message = "\(LayoutError.invalidRootFrame(view: "screen", reason: "has no frame"))"
        #expect(message.contains("invalid root frame: screen has no frame; set its frame"))
        // Given a frame, the same tree lays out: (16, 16, 288, 448).
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        try root.layoutIfNeeded()
        #expect(card.frame == Rect(x: 16, y: 16, width: 288, height: 448))
    }

    @Test("A negative or non-finite size or origin throws; a frame set to zero on purpose lays out")
    func badNumbers() throws {
        for bad in [Rect(x: 0, y: 0, width: -1, height: 10), Rect(x: 0, y: 0, width: 10, height: -0.5),
                    Rect(x: 0, y: 0, width: .nan, height: 10), Rect(x: 0, y: 0, width: 10, height: .infinity),
                    Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: -.infinity, width: 10, height: 10)] {
            let (root, card) = screen()
            root.frame = bad
            let why = reason { try root.layoutIfNeeded() }
            #expect(why?.hasPrefix("screen has a") == true, "\(bad): \(why ?? "no error")")
            #expect(card.frame == .zero)
        }
        let root = View(id: "empty"), child = View(id: "child")
        root.addSubview(child)
        root.frame = .zero                                   // set: a zero-size root is a size
        Tails.install(child~.top.leading == 0, child~.size == Size(width: 0, height: 0))
        try root.layoutIfNeeded()
        #expect(child.frame == .zero)
    }

    @Test("A subview laid out by its parent has a frame and can be laid out as a root afterwards")
    func subviewAsRoot() throws {
        let (root, card) = screen()
        let inner = View(id: "inner")
        card.addSubview(inner)
        Tails.install(inner~.edges == card~ + EdgeInsets(8))
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        try root.layoutIfNeeded()
        try card.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 8, y: 8, width: 52, height: 52))
    }

    @Test("Documents: a root size that is not positive is an error naming the field")
    func documents() throws {
        let text = #"{"format": "layout-document/1", "root": {"id": "r", "width": 0, "height": 10}}"#
        #expect(throws: LayoutDocumentError.self) { _ = try LayoutDocument.parse(Array(text.utf8), name: "zero.json") }
        let good = try LayoutDocument.parse(Array(#"{"format": "layout-document/1", "root": {"id": "r", "width": 10, "height": 10}}"#.utf8),
                                            name: "ok.json")
        #expect(throws: LayoutDocumentError.self) { _ = try good.makeLayout(width: -5) }
        #expect(throws: LayoutDocumentError.self) { _ = try good.makeLayout(width: .nan) }
    }
}
