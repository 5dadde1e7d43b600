import Foundation
import Testing
import Trellis
@testable import TrellisDocument
@testable import TrellisCLI

/// Checks a label placement on its own terms: every box's label is somewhere (inside its box,
/// outside with a leader, or in the legend) and no label rectangle meets a box other than its own
/// and its ancestors (an outline-only box: crosses its outline), an obstacle, or another label.
struct LabelAudit: CustomStringConvertible {
    var inside = 0, outside = 0, legend = 0
    /// What went wrong, one line each (empty when the placement keeps its promise).
    var problems: [String] = []

    init(_ placement: LabelPlacement, names: [String], obstacles: [Rect] = [], bounds: Rect) {
        let items = placement.items
        func ancestors(of index: Int) -> Set<Int> {
            var result: Set<Int> = []
            var next = items[index].parent
            while let parent = next, result.insert(parent).inserted { next = items[parent].parent }
            return result
        }
        func meets(_ a: Rect, _ b: Rect) -> Bool {
            a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
        func holds(_ outer: Rect, _ inner: Rect) -> Bool {
            outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
        }
        if placement.labels.count != items.count { problems.append("\(placement.labels.count) labels for \(items.count) boxes") }
        for (index, label) in placement.labels.enumerated() {
            let name = names[label.item]
            if label.item != index { problems.append("label \(index) is for item \(label.item)") }
            switch label.kind {
            case .inside:
                inside += 1
                guard let rect = label.rect, holds(items[label.item].rect, rect) else {
                    problems.append("\(name): inside label not in its box"); continue
                }
            case .outside:
                outside += 1
                guard let rect = label.rect, label.leader != nil, !meets(rect, items[label.item].rect) else {
                    problems.append("\(name): outside label without a leader, or on its box"); continue
                }
            case .legend:
                legend += 1
                guard let number = label.number, number >= 1, number <= placement.legend.count,
                      placement.legend[number - 1] == label.item else {
                    problems.append("\(name): not in the legend under its number"); continue
                }
            }
            guard let rect = label.rect else { continue }
            if !holds(bounds, rect) { problems.append("\(name): label outside the picture") }
            let up = ancestors(of: label.item)
            for (other, item) in items.enumerated() where other != label.item && !up.contains(other) {
                let hit = item.isOutline ? meets(rect, item.rect) && !holds(item.rect, rect) : meets(rect, item.rect)
                if hit { problems.append("\(name)'s label meets box \(names[other])") }
            }
            for obstacle in obstacles where meets(rect, obstacle) { problems.append("\(name)'s label meets text at \(obstacle)") }
            for other in placement.labels[(index + 1)...] {
                if let second = other.rect, meets(rect, second) {
                    problems.append("\(name)'s label meets \(names[other.item])'s")
                }
            }
        }
    }

    var description: String { "inside \(inside), outside \(outside), legend \(legend), overlaps \(problems.count)" }
}

@Suite("Label placement: no label is ever covered")
struct LabelPlacementTests {
    static func demoPictures() throws -> [LayoutPicture] {
        let document = try DemoScreen.document()
        return try DemoScreen.sizes.map { size in
            LayoutPicture(result: try document.makeLayout(width: size.width, height: size.height).layout())
        }
    }

    static func chatPicture() throws -> LayoutPicture {
        let url = DocumentCLITests.packageRoot.appendingPathComponent("docs/examples/chat.json")
        let document = try LayoutDocument.parse(Array(try Data(contentsOf: url)), name: "chat.json")
        return LayoutPicture(result: try document.makeLayout().layout())
    }

    /// A dense grid: 5 × 6 cells of 62 × 59 points 4 apart, each with a top bar, a square and a
    /// dot in the square — 121 boxes on 400 × 320 points, most too small for their labels.
    static func gridPicture() -> LayoutPicture {
        var boxes = [LayoutPicture.Box(name: "grid", depth: 0, frame: Rect(x: 0, y: 0, width: 400, height: 320))]
        for row in 0..<5 {
            for column in 0..<6 {
                let x = Double(4 + 66 * column), y = Double(4 + 63 * row), name = "r\(row)c\(column)"
                boxes += [
                    .init(name: name, depth: 1, frame: Rect(x: x, y: y, width: 62, height: 59)),
                    .init(name: name + ".a", depth: 2, frame: Rect(x: x + 3, y: y + 3, width: 56, height: 24)),
                    .init(name: name + ".b", depth: 2, frame: Rect(x: x + 3, y: y + 30, width: 26, height: 26)),
                    .init(name: name + ".b.dot", depth: 3, frame: Rect(x: x + 7, y: y + 34, width: 18, height: 18)),
                ]
            }
        }
        return LayoutPicture(title: "grid", size: Size(width: 400, height: 320), boxes: boxes)
    }

    /// Audits the SVG placement of `picture`, printing the counts under `title`.
    @discardableResult
    static func auditSVG(_ picture: LayoutPicture, _ title: String,
                         sourceLocation: SourceLocation = #_sourceLocation) -> LabelAudit {
        let layout = SVGRenderer.layout(of: picture)
        let audit = LabelAudit(layout.placement, names: layout.order.map(\.name), obstacles: layout.textLines,
                               bounds: Rect(x: 0, y: 0, width: picture.size.width, height: picture.size.height))
        print("label placement, SVG, \(title): \(layout.order.count) boxes: \(audit)")
        #expect(audit.problems.isEmpty, "\(audit.problems.prefix(10))", sourceLocation: sourceLocation)
        return audit
    }

    /// Audits the terminal placement of `pictures` at `columns`, and checks that each label is drawn where it was placed.
    @discardableResult
    static func auditTerminal(_ pictures: [LayoutPicture], columns: Int, _ title: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> [LabelAudit] {
        let renderer = ASCIIRenderer(columns: columns)
        let layouts = renderer.layouts(of: pictures)
        var audits: [LabelAudit] = []
        let drawing = renderer.render(pictures).split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        for (picture, layout) in zip(pictures, layouts) {
            let names = layout.drawn.map { picture.boxes[$0].name }
            let audit = LabelAudit(layout.placement, names: names,
                                   bounds: Rect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height)))
            print("label placement, terminal \(columns) columns, \(title) \(picture.title): \(names.count) boxes: \(audit)")
            #expect(audit.problems.isEmpty, "\(audit.problems.prefix(10))", sourceLocation: sourceLocation)
            // The drawing shows each placed label at its place (rows after the title line).
            let top = try #require(drawing.firstIndex { String($0).hasPrefix(picture.title + "  (1 column") },
                                   sourceLocation: sourceLocation)
            let rows = Array(drawing[(top + 1)...])
            for label in layout.placement.labels {
                guard let rect = label.rect else { continue }
                let expected = label.kind == .legend ? Array("\(label.number ?? 0)") : layout.variants[label.item][label.variant][0]
                let row = Int(rect.minY), x = Int(rect.minX)
                let shown = row < rows.count ? rows[row].dropFirst(x).prefix(Int(rect.width)) : []
                #expect(String(shown).contains(String(expected)), "\(names[label.item]): row \(row) is \(String(rows[row]))",
                        sourceLocation: sourceLocation)
            }
            audits.append(audit)
        }
        return audits
    }

    @Test("The demo, phone and tablet: every label placed, none covered (SVG and terminal)")
    func demo() throws {
        let pictures = try Self.demoPictures()
        for picture in pictures { Self.auditSVG(picture, picture.title) }
        try Self.auditTerminal(pictures, columns: 80, "demo")
        try Self.auditTerminal(pictures, columns: 60, "demo")
    }

    @Test("The chat example and a dense grid of nested boxes: every label placed, none covered")
    func dense() throws {
        let chat = try Self.chatPicture()
        Self.auditSVG(chat, "chat.json")
        try Self.auditTerminal([chat], columns: 80, "chat.json")
        let grid = Self.gridPicture()
        let audit = Self.auditSVG(grid, "grid")
        // Half of the grid's labels cannot fit inside their boxes, nor in the 4-point gaps between them.
        #expect(audit.inside > 0 && audit.legend > 0, "\(audit)")
        let terminal = try Self.auditTerminal([grid], columns: 80, "grid")
        #expect(terminal.allSatisfy { $0.inside > 0 && $0.outside > 0 && $0.legend > 0 }, "\(terminal)")
        try Self.auditTerminal([grid], columns: 200, "grid")
    }

    @Test("A child inset by less than a label's height does not hide its parent's label")
    func insetChild() throws {
        let picture = LayoutPicture(title: "t", size: Size(width: 300, height: 200), boxes: [
            .init(name: "screen", depth: 0, frame: Rect(x: 0, y: 0, width: 300, height: 200)),
            .init(name: "bubble1", depth: 1, frame: Rect(x: 20, y: 20, width: 144, height: 36)),
            .init(name: "text", depth: 2, frame: Rect(x: 24, y: 24, width: 136, height: 28)),
        ])
        let layout = SVGRenderer.layout(of: picture)
        let bubble = layout.placement.labels[1]
        let label = try #require(bubble.rect)
        // Not where it used to go (the top-left corner, under the text box): outside, with a leader.
        #expect(bubble.kind == .outside && bubble.leader != nil)
        #expect(!LabelPlacement.intersects(label, layout.rects[2]))
        #expect(layout.variants[1][bubble.variant].map(\.text) == ["bubble1", "144 × 36"])
        Self.auditSVG(picture, "inset child")
        let svg = SVGRenderer().render([picture])
        #expect(svg.contains("<line "), "the leader is drawn")

        // The terminal: the bubble's label goes beside it with a marker, never cut to a letter.
        let text = ASCIIRenderer(columns: 31).render(picture)
        #expect(text.contains("bubble1"), "\(text)")
        try Self.auditTerminal([picture], columns: 31, "inset child")
    }

    @Test("Labels with no room anywhere go to a numbered legend under the picture")
    func legend() throws {
        // Three tiny boxes filling a tiny root: no room for any name, inside or out.
        let picture = LayoutPicture(title: "t", size: Size(width: 60, height: 20), boxes: [
            .init(name: "root", depth: 0, frame: Rect(x: 0, y: 0, width: 60, height: 20)),
            .init(name: "first", depth: 1, frame: Rect(x: 0, y: 0, width: 20, height: 20)),
            .init(name: "second", depth: 1, frame: Rect(x: 20, y: 0, width: 20, height: 20)),
            .init(name: "third", depth: 1, frame: Rect(x: 40, y: 0, width: 20, height: 20)),
        ])
        let layout = SVGRenderer.layout(of: picture)
        let legendNames: [String] = layout.placement.legend.map { layout.order[$0].name }
        #expect(legendNames == ["root", "first", "second", "third"])
        #expect(SVGRenderer.legendLines(layout) == ["1 root 60 × 20", "2 first 20 × 20", "3 second 20 × 20", "4 third 20 × 20"])
        // The boxes show their numbers (they fit), and the SVG lists the legend.
        #expect(layout.placement.labels.dropFirst().allSatisfy { $0.kind == .legend && $0.rect != nil })
        let xml = try DocumentSVGTests.parse(SVGRenderer().render([picture]))
        #expect(xml.texts.contains("3 second 20 × 20"))
        #expect(xml.texts.contains("3"))
        Self.auditSVG(picture, "legend")

        let text = ASCIIRenderer(columns: 13).render(picture)
        #expect(text.contains("\n2 first 20 × 20\n"), "\(text)")
        try Self.auditTerminal([picture], columns: 13, "legend")
    }

    @Test("Placement is deterministic")
    func deterministic() throws {
        let pictures = try Self.demoPictures() + [Self.gridPicture()]
        #expect(SVGRenderer().render(pictures) == SVGRenderer().render(pictures))
        #expect(ASCIIRenderer(columns: 70).render(pictures) == ASCIIRenderer(columns: 70).render(pictures))
    }
}
