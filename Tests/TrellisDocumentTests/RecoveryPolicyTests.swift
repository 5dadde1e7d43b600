import Foundation
import Testing
import Trellis
import TrellisDocument

/// One recovery policy (`ConstraintInfo.memberToBreak(in:)`): Swift's
/// `layoutIfNeeded(recoveringFromConflicts:)`, `trellis layout` and `trellis explain --recover`
/// break the same constraint of the same conflicting screen, never the root's frame.
@Suite("One recovery policy")
struct RecoveryPolicyTests {
    /// A card inset 16 in a 320 × 200 root, then asked to be 400 wide (line 4): the card's width
    /// is written last, so it gives way; the root keeps 320 and the card its insets.
    /// UIKit frames with the width constraint broken: card (16, 16, 288, 168).
    static let screen = """
        {"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200},
         "views": [{"id": "card"}],
         "constraints": ["card~.edges == root~ + EdgeInsets(16)",
                         "card~.width == 400"]}
        """

    @Test("Swift: the constraint written last breaks, never the root's frame; frames as UIKit with it broken")
    func swift() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        let card = View(id: "card")
        root.addSubview(card)
        Tails.install(card~.edges == root~ + EdgeInsets(16))
        Tails.install(card~.width == 400)
        let recovery = try #require(try root.layoutIfNeeded(recoveringFromConflicts: true))
        let relaxedCard: [Bool] = recovery.relaxed.map { $0.text.hasPrefix("card.width == 400") }
        #expect(relaxedCard == [true])
        #expect(recovery.broken.count == 1)
        #expect(recovery.broken.first?.constraint.text.hasPrefix("card.width == 400") == true)
        #expect(recovery.broken.first.map { abs($0.amount - 112) < 1e-9 } == true)
        #expect(!recovery.relaxed.contains { $0.label == "root frame" })
        #expect(card.frame == Rect(x: 16, y: 16, width: 288, height: 168))
        #expect(root.frame == Rect(x: 0, y: 0, width: 320, height: 200))
        // The priority is restored: a plain pass throws again.
        #expect(throws: LayoutError.self) { try root.layoutIfNeeded() }
    }

    @Test("Written in the other order, the other constraint breaks: the rule is the source order, stated")
    func writtenLastBreaks() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        let card = View(id: "card")
        root.addSubview(card)
        Tails.install(card~.width == 400)
        Tails.install(card~.top.bottom == root~, card~.leading == root~ + 16, card~.trailing == root~ - 16)
        let recovery = try #require(try root.layoutIfNeeded(recoveringFromConflicts: true))
        // The conflict is {width, leading, trailing, root width}: trailing is written last (the same
        // line as leading, a later element), so it gives way: card (16, 0, 400, 200).
        #expect(recovery.relaxed.count == 1)
        #expect(recovery.relaxed.first?.text.hasPrefix("card.trailing == root.trailing - 16") == true)
        #expect(card.frame == Rect(x: 16, y: 0, width: 400, height: 200))
    }

    @Test("A conflict of the root's frame and content size alone breaks the content size, not the root")
    func contentSizeBeforeRoot() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let label = View(id: "label")
        label.intrinsicContentSize = Size(width: 150, height: 20)
        label.setContentCompressionResistancePriority(.required, for: .horizontal)
        root.addSubview(label)
        Tails.install(label~.leading.trailing == root~ ~~ .required)
        Tails.install(label~.top == 0)
        // Written constraints go first: trailing (written last) breaks, label keeps its 150.
        let recovery = try #require(try root.layoutIfNeeded(recoveringFromConflicts: true))
        #expect(recovery.relaxed.first?.text.hasPrefix("label.trailing == root.trailing") == true)
        #expect(label.frame == Rect(x: 0, y: 0, width: 150, height: 20))
        let conflict = try #require(recovery.conflicts.first)
        // Without the written ones, the rule picks the content size, never the root's frame.
        let implicitOnly = conflict.filter(\.isImplicit)
        #expect(ConstraintInfo.memberToBreak(in: implicitOnly)?.label == "compression resistance")
        #expect(ConstraintInfo.memberToBreak(in: implicitOnly.filter { $0.label == "root frame" }) == nil)
    }

    @Test("trellis layout and trellis explain --recover break the constraint Swift breaks")
    func commandLine() throws {
        let directory = try DocumentCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.screen.utf8).write(to: directory.appendingPathComponent("screen.json"))

        // Swift, on the document's own tree.
        let layout = try LayoutDocument.parse(Array(Self.screen.utf8), name: "screen.json").makeLayout()
        let recovery = try #require(try layout.root.layoutIfNeeded(recoveringFromConflicts: true))
        let relaxedIndices: [Int?] = recovery.relaxed.map { layout.documentIndex(of: $0.id) }
        #expect(relaxedIndices == [1])

        // trellis layout: entry 1 relaxed, the card keeps its insets (16, 16, 288, 168).
        let run = try DocumentCLITests.run(["layout", "screen.json", "--json"], in: directory)
        #expect(run.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["relaxed"] as? [Int] == [1])
        let items = try #require(object["items"] as? [[String: Any]])
        let card = try #require(items.first { $0["id"] as? String == "card" }?["frame"] as? [String: Double])
        #expect(card == ["x": 16, "y": 16, "width": 288, "height": 168])
        let root = try #require(items.first { $0["id"] as? String == "root" }?["frame"] as? [String: Double])
        #expect(root["width"] == 320)

        // trellis explain --recover: the same one constraint, broken by 112.
        let explained = try DocumentCLITests.run(["explain", "screen.json", "--recover"], in: directory)
        #expect(explained.status == 2)
        #expect(explained.stdout.hasSuffix("recovered by relaxing 1 constraint to priority 999; broken:\n"
                                           + "  card.width == 400 (screen.json:4:19) is off by 112\n"))
        #expect(!explained.stdout.contains("root frame: root.width == 320 is off"))
    }
}
