import Foundation
import Testing
import Trellis
@testable import TrellisCLI
import TrellisTestSupport

/// Layout snapshots: immutable, Sendable frames that can be applied later.
@Suite("Layout snapshots")
struct SnapshotTests {
    private func requireSendable<T: Sendable>(_ value: T) -> T { value }

    @Test("a snapshot writes nothing until applied")
    func applyLater() throws {
        let screen = ExampleScreen.make(width: 390, height: 844)
        let snapshot = try screen.layoutSnapshot()
        let avatar = try #require(screen.subtreeViews().first { $0.id == "avatar" })
        #expect(avatar.frame == .zero)
        let written = snapshot.apply(to: screen)
        #expect(written == snapshot.entries.count)
        expectFrame(avatar, 16, 16, 64, 64)
        #expect(snapshot[avatar] == avatar.frame && snapshot[avatar.key] == avatar.frame)
        #expect(snapshot.entry(forID: "avatar")?.frameInRoot == Rect(x: 16, y: 60, width: 64, height: 64))
        #expect(snapshot.entry(for: snapshot.rootKey)?.depth == 0)
        #expect(screen.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 44, width: 390, height: 766))
    }

    @Test("layout off the main task, applied to a tree built the same way")
    func offMainThread() async throws {
        let snapshot = try await Task.detached {
            try ExampleScreen.make(width: 390, height: 844).layoutSnapshot()
        }.value
        let local = ExampleScreen.make(width: 390, height: 844)
        #expect(requireSendable(snapshot).apply(to: local) == snapshot.entries.count)   // matched by id
        let expected = try ExampleScreen.make(width: 390, height: 844).layoutSnapshot()
        for (a, b) in zip(snapshot.entries, expected.entries) {
            #expect(a.id == b.id && a.frame == b.frame)
        }
        #expect(local.subviews.first?.frame == Rect(x: 0, y: 44, width: 390, height: 188))
    }

    @Test("snapshots are values: equal when nothing changed, Codable")
    func values() throws {
        let screen = ExampleScreen.make(width: 390, height: 844)
        let first = try screen.layoutSnapshot()
        let second = try screen.layoutSnapshot()
        #expect(first == second && first.hashValue == second.hashValue)

        let data = try JSONEncoder().encode(first)
        let decoded = try JSONDecoder().decode(LayoutSnapshot.self, from: data)
        #expect(decoded == first && decoded[id: "more"] == first[id: "more"])

        screen.frame.size.width = 400
        #expect(try screen.layoutSnapshot() != first)
        let firstLine: Substring? = first.description.split(separator: "\n").first
        #expect(firstLine == "screen (0, 0, 390, 844)")
    }

    @Test("a decoded snapshot finds its entries by key, key 0 and repeated keys included (the first entry wins)")
    func decodedKeys() throws {
        let snapshot = try ExampleScreen.make(width: 390, height: 844).layoutSnapshot()
        // The same entries with keys rewritten: 0 twice, then one key twice.
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any])
        var entries = try #require(object["entries"] as? [[String: Any]])
        try #require(entries.count >= 5)
        let rewritten: [UInt64] = [0, 0, 12, 12]
        for (index, key) in rewritten.enumerated() { entries[index + 1]["key"] = ["rawValue": key] }
        object["entries"] = entries
        let decoded = try JSONDecoder().decode(LayoutSnapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.entry(for: LayoutItemKey(rawValue: 0))?.name == snapshot.entries[1].name)
        #expect(decoded.entry(for: LayoutItemKey(rawValue: 12))?.name == snapshot.entries[3].name)
        #expect(decoded.entry(for: snapshot.rootKey)?.depth == 0)
        #expect(decoded.entry(for: LayoutItemKey(rawValue: .max)) == nil)
    }
}
