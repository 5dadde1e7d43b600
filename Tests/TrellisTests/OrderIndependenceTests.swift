import Testing
@testable import Trellis
import TrellisTestSupport

/// Results never depend on the order in which constraints are installed or views are added —
/// including ambiguous layouts and ties between equal priorities.
@Suite("Order independence")
struct OrderIndependenceTests {
    private static let ids = ["header", "avatar", "name", "bio", "a", "b", "c", "floating", "tie", "spacer"]

    /// Builds the same layout, with views added and relations installed in the order `rng` picks.
    private static func layout(shuffledBy rng: inout SplitMix?) throws -> [String: Rect] {
        let root = makeRoot(width: 375, height: 667)
        var views: [String: View] = [:]
        for id in ids { views[id] = View(id: id) }                 // created in a fixed order
        let v = { (id: String) in views[id] ?? root }
        var parents: [(String, View)] = [("header", root), ("avatar", v("header")), ("name", v("header")),
                                         ("bio", v("header")), ("a", root), ("b", root), ("c", root),
                                         ("floating", root), ("tie", root), ("spacer", root)]
        if rng != nil { parents.shuffle(using: &rng!) }
        for (id, parent) in parents where id == "header" { parent.addSubview(v(id)) }
        for (id, parent) in parents where id != "header" { parent.addSubview(v(id)) }
        v("name").intrinsicContentSize = Size(width: 140, height: 22)
        v("bio").intrinsicContentSize = Size(width: 500, height: 40)
        v("a").intrinsicContentSize = Size(width: 90, height: 30)
        v("b").intrinsicContentSize = Size(width: 90, height: 30)
        v("b").setContentHuggingPriority(251, for: .horizontal)

        var relations: [LayoutRelation] = [
            v("header")~.top.leading.trailing == root~,
            v("header")~.bottom == v("bio")~.bottom + 12,
            v("avatar")~.size == Size(width: 64, height: 64),
            v("avatar")~.top.leading == v("header")~ + DirectionalEdgeInsets(top: 12, leading: 16, bottom: 0, trailing: 0),
            v("name")~.leading == v("avatar")~.trailing + 12,
            v("name")~.centerY == v("avatar")~,
            v("name")~.trailing <= v("header")~.trailing - 16,
            v("bio")~.top == v("avatar")~.bottom + 8,
            v("bio")~.leading.trailing == v("header")~ + EdgeInsets(16),
        ]
        relations += [
            v("a")~.top == v("header")~.bottom + 8,
            v("b")~.top == v("a")~,
            v("c")~.top == v("a")~,
            v("a")~.leading == 16,
            v("b")~.leading == v("a")~.trailing + 8,
            v("c")~.leading == v("b")~.trailing + 8,
            v("c")~.trailing == -16,
            v("c")~.width == v("a")~.width,
            v("c")~.height == 30,
        ]
        // Three literals: as one, this array took ~160 ms to type-check, as two up to 100 ms.
        relations += [
            // Ambiguous: only bounded, nothing prefers a value.
            v("floating")~.size == Size(width: 20, height: 20),
            v("floating")~.left >= 10,
            v("floating")~.right <= 200,
            v("floating")~.top >= v("c")~.bottom,
            v("floating")~.bottom <= root~.bottom,
            // Ties: equal priorities pulling in opposite directions.
            v("tie")~.top.height == v("c")~,
            v("tie")~.width == 100 ~~ 500,
            v("tie")~.width == 300 ~~ 500,
            v("tie")~.left == 0 ~~ 400,
            v("tie")~.right == 375 ~~ 400,
            v("spacer")~.top.bottom == v("tie")~,
            v("spacer")~.leading == v("tie")~.trailing,
            v("spacer")~.trailing <= root~.trailing,
        ]
        if rng != nil { relations.shuffle(using: &rng!) }
        if let seed = rng?.next(), seed % 2 == 0 {
            Tails.install(relations)                              // one group
        } else {
            for relation in relations { Tails.install(relation) } // one group each
        }
        let snapshot = try root.layoutSnapshot()
        var frames: [String: Rect] = [:]
        for entry in snapshot.entries { frames[entry.name] = entry.frameInRoot }
        return frames
    }

    @Test("shuffled installation and hierarchy order give identical frames (200 seeded trials)")
    func shuffledInstallation() throws {
        var none: SplitMix? = nil
        let reference = try Self.layout(shuffledBy: &none)
        #expect(approx(reference["c"]?.width ?? 0, reference["a"]?.width ?? -1))
        for trial in 0..<200 {
            var rng: SplitMix? = SplitMix(state: UInt64(trial) &* 7919 &+ 17)
            let frames = try Self.layout(shuffledBy: &rng)
            #expect(frames == reference, "trial \(trial)")
        }
    }

    @Test("history does not matter: deactivating and reactivating in random order gives the same frames")
    func history() throws {
        let root = makeRoot(width: 375, height: 667)
        let views = addViews((0..<8).map { "v\($0)" }, to: root)
        var groups: [ConstraintGroup] = []
        for (index, view) in views.enumerated() {
            groups.append(Tails.install(view~.top == Double(index * 30), view~.height == 20,
                                        view~.leading == 8, view~.width >= 40 + Double(index),
                                        view~.width == 60 ~~ 300, view~.trailing <= -8))
        }
        let reference = try root.layoutSnapshot()
        var rng = SplitMix(state: 42)
        for _ in 0..<30 {
            let picked = groups.shuffled(using: &rng).prefix(3)
            for group in picked { group.deactivate() }
            _ = try root.layoutSnapshot()
            for group in picked.shuffled(using: &rng) { group.activate() }
            #expect(try root.layoutSnapshot() == reference)
        }
    }

    /// The lowering takes the active constraints in creation order (which row fixes a value can
    /// decide its last bit): placed by offset where their ids are close, sorted where not.
    @Test("Constraints are taken in creation order: ids placed by offset where dense, sorted where sparse")
    func creationOrder() {
        var rng = SplitMix(state: 7)
        let dense = Array(UInt64(1_000)..<1_300).filter { $0 % 3 != 0 }
        #expect(LayoutScope.ordered(dense.shuffled(using: &rng)) { $0 } == dense)
        let sparse: [UInt64] = [5, 90_000, 17, 4_000_000, 600]
        #expect(LayoutScope.ordered(sparse) { $0 } == sparse.sorted())
        #expect(LayoutScope.ordered([UInt64(3)]) { $0 } == [3])
        #expect(LayoutScope.ordered([UInt64]()) { $0 }.isEmpty)
    }
}
