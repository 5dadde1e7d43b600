import Foundation
import Testing
import Trellis
import TrellisTestSupport

/// Snapping by edges (`View.displayScale`, `FrameSnapping`) over random layouts: every edge on the
/// 1/S grid in root coordinates, touching views still touching, no overlap that the exact frames
/// did not have, every edge moved by at most half a step, and the exact frames unchanged.
@Suite("Frame snapping")
struct FrameSnappingTests {
    /// A random tree under a root of whole-point size: each view split along one axis into 2–4
    /// children with fractional widths and gaps (a zero gap half the time, so that siblings
    /// touch), fractional insets on the other axis, and now and then a floating child at a
    /// fractional position overlapping its siblings.
    static func randomTree(_ rng: inout SplitMix) -> View {
        let root = makeRoot(width: Double(Int.random(in: 300...900, using: &rng)),
                            height: Double(Int.random(in: 300...700, using: &rng)))
        var relations: [LayoutRelation] = []
        var count = 0
        func fraction(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        func split(_ parent: View, depth: Int) {
            let k = Int.random(in: 2...4, using: &rng)
            let horizontal = Bool.random(using: &rng)
            var weights = (0..<k).map { _ in fraction(0.5...1) }
            let total = weights.reduce(0, +)
            weights = weights.map { $0 / total * 0.85 }
            var previous: View?
            for weight in weights {
                count += 1
                let child = View(id: "v\(count)")
                parent.addSubview(child)
                let gap = Bool.random(using: &rng) ? 0 : fraction(0...7.3)
                let lead = fraction(0...1.7), cross = fraction(0.6...1)
                if horizontal {
                    relations += [child~.width == parent~.width * weight,
                                  child~.top == parent~.top + lead, child~.height == parent~.height * cross]
                    relations.append(previous.map { child~.leading == $0~.trailing + gap } ?? (child~.leading == parent~.leading + lead))
                } else {
                    relations += [child~.height == parent~.height * weight,
                                  child~.leading == parent~.leading + lead, child~.width == parent~.width * cross]
                    relations.append(previous.map { child~.top == $0~.bottom + gap } ?? (child~.top == parent~.top + lead))
                }
                previous = child
                if depth < 3, Int.random(in: 0..<3, using: &rng) > 0 { split(child, depth: depth + 1) }
            }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                count += 1
                let floating = View(id: "f\(count)")
                parent.addSubview(floating)
                relations += [floating~.left == parent~.left + fraction(0...40), floating~.top == parent~.top + fraction(0...40),
                              floating~.width == parent~.width * fraction(0.1...0.5), floating~.height == fraction(1...30.3)]
            }
        }
        split(root, depth: 0)
        Tails.install(relations)
        return root
    }

    /// The four edges of a rect on one axis: (min, max).
    static func edges(_ r: Rect, horizontal: Bool) -> (Double, Double) {
        horizontal ? (r.minX, r.maxX) : (r.minY, r.maxY)
    }

    @Test("Edges on the grid, adjacency and order of edges kept, exact frames unchanged", arguments: [1.0, 2.0, 3.0])
    func properties(scale: Double) throws {
        var rng = SplitMix(state: UInt64(scale * 1000) &+ 7)
        var touching = 0, movedEdges = 0
        for _ in 0..<25 {
            let root = Self.randomTree(&rng)
            let exactAlone = try root.layoutSnapshot()
            root.displayScale = scale
            let snapped = try root.layoutSnapshot()
            #expect(snapped.isSnapped && snapped.displayScale == scale)
            #expect(!exactAlone.isSnapped && exactAlone.exact == exactAlone)
            // The exact frames are the unsnapped layout's, entry for entry.
            #expect(snapped.exact.entries == exactAlone.entries)
            #expect(snapped.entries.map(\.key) == exactAlone.entries.map(\.key))
            let exact = exactAlone.entries, rounded = snapped.entries
            #expect(rounded[0] == exact[0])        // the root is the input: untouched
            var positions: [(exact: Double, snapped: Double, horizontal: Bool)] = []
            for index in exact.indices.dropFirst() {
                let e = exact[index].frameInRoot, s = rounded[index].frameInRoot
                for horizontal in [true, false] {
                    let (e0, e1) = Self.edges(e, horizontal: horizontal), (s0, s1) = Self.edges(s, horizontal: horizontal)
                    for (a, b) in [(e0, s0), (e1, s1)] {
                        #expect(abs(b * scale - (b * scale).rounded()) < 1e-9, "edge \(b) is off the 1/\(scale) grid")
                        #expect(abs(a - b) <= 0.5 / scale + 1e-9, "edge moved from \(a) to \(b)")
                        if a != b { movedEdges += 1 }
                        positions.append((a, b, horizontal))
                    }
                }
                // The frame relative to the parent is derived from the rounded edges.
                let parent = snapped.entry(for: rounded[index].parent!)!.frameInRoot
                let f = rounded[index].frame
                #expect(abs(f.minX - (s.minX - parent.minX)) < 1e-9 && abs(f.minY - (s.minY - parent.minY)) < 1e-9)
                #expect(abs(f.width - s.width) < 1e-9 && abs(f.height - s.height) < 1e-9)
            }
            // Order of edges: equal edges stay equal (adjacency), an edge before another never
            // passes it (so nothing overlaps that did not, and children stay inside their parents).
            // Exactly at scales 1 and 2; at 3 a rect's far edge, origin + size, can be one ulp off.
            let ulp = scale == 3 ? 1e-9 : 0
            for i in positions.indices {
                for j in positions.indices where j > i && positions[i].horizontal == positions[j].horizontal {
                    let (p, q) = (positions[i], positions[j])
                    if abs(p.exact - q.exact) < 1e-9 {
                        touching += 1
                        #expect(abs(p.snapped - q.snapped) <= ulp, "edges at \(p.exact) split to \(p.snapped) and \(q.snapped)")
                    } else if p.exact < q.exact {
                        #expect(p.snapped <= q.snapped + ulp, "edge \(p.exact) < \(q.exact) snapped to \(p.snapped) > \(q.snapped)")
                    } else {
                        #expect(p.snapped + ulp >= q.snapped, "edge \(p.exact) > \(q.exact) snapped to \(p.snapped) < \(q.snapped)")
                    }
                }
            }
            // No new overlaps between any two views.
            for i in exact.indices.dropFirst() {
                for j in exact.indices.dropFirst() where j > i {
                    let exactOverlap = Self.overlap(exact[i].frameInRoot, exact[j].frameInRoot)
                    if !exactOverlap { #expect(!Self.overlap(rounded[i].frameInRoot, rounded[j].frameInRoot)) }
                }
            }
            // layoutIfNeeded writes the snapped frames.
            try root.layoutIfNeeded()
            for view in root.subtreeViews() {
                #expect(view.frame == snapped[view], "\(view.name) holds \(view.frame), snapshot \(String(describing: snapped[view]))")
            }
        }
        // The layouts were meant to test something: touching edges and edges that moved.
        #expect(touching > 100 && movedEdges > 100)
    }

    /// Whether two rects share interior points.
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
            && min(a.maxX, b.maxX) - max(a.minX, b.minX) > 1e-9 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 1e-9
    }

    @Test("A third of 80 cells: adjacent columns on whole cells, the exact ones kept")
    func thirds() throws {
        let root = makeRoot(width: 80, height: 24)
        let a = View(id: "a"), b = View(id: "b"), c = View(id: "c")
        for view in [a, b, c] { root.addSubview(view) }
        Tails.install(a~.top.bottom.leading == root~, b~.top.bottom == root~, c~.top.bottom.trailing == root~,
                      a~.width == root~.width / 3, b~.width == root~.width / 3,
                      b~.leading == a~.trailing, c~.leading == b~.trailing)
        root.displayScale = 1
        try root.layoutIfNeeded()
        // 26.67 | 53.33 | 80 rounds to 27 | 53 | 80.
        #expect(a.frame == Rect(x: 0, y: 0, width: 27, height: 24))
        #expect(b.frame == Rect(x: 27, y: 0, width: 26, height: 24))
        #expect(c.frame == Rect(x: 53, y: 0, width: 27, height: 24))
        let snapshot = try root.layoutSnapshot()
        #expect(abs(snapshot.exact[a]!.width - 80.0 / 3) < 1e-9)
        // Back to exact: the frames are written again although nothing else changed.
        root.displayScale = 0
        try root.layoutIfNeeded()
        #expect(abs(b.frame.minX - 80.0 / 3) < 1e-9)
    }

    @Test("Rounding: halves away from zero, noise below a millionth of a step ignored, scales that are not scales exact")
    func rounding() throws {
        let two = try #require(FrameSnapping(displayScale: 2))
        #expect(two.round(10.3) == 10.5 && two.round(10.2) == 10 && two.round(10.25) == 10.5 && two.round(-10.25) == -10.5)
        let one = try #require(FrameSnapping(displayScale: 1))
        #expect(one.round(0.5 - 1e-12) == one.round(0.5 + 1e-12))
        #expect(one.round(1e300) == 1e300)
        for scale in [0, -1, .nan, .infinity] { #expect(FrameSnapping(displayScale: scale) == nil) }
    }

    @Test("A snapped snapshot encodes its scale and exact frames and decodes equal")
    func codable() throws {
        var rng = SplitMix(state: 99)
        let root = Self.randomTree(&rng)
        root.displayScale = 2
        let snapped = try root.layoutSnapshot()
        let data = try JSONEncoder().encode(snapped)
        let decoded = try JSONDecoder().decode(LayoutSnapshot.self, from: data)
        #expect(decoded == snapped && decoded.exact == snapped.exact && decoded.displayScale == 2)
        root.displayScale = 0
        let exact = try root.layoutSnapshot()
        let text = String(decoding: try JSONEncoder().encode(exact), as: UTF8.self)
        #expect(!text.contains("exactEntries"))     // exact snapshots encode as before
    }
}
