import Testing
import Trellis
import TrellisDocument
import TrellisTestSupport

/// The layout of a document knows, for every constraint it made, the entry it comes from (kept
/// sorted by constraint identity and found by bisection), and activates them all at once.
@Suite("Document constraint records")
struct DocumentRecordsTests {
    @Test("documentIndex finds the entry of every constraint, nil for layout sets, Visual Format and foreign ones")
    func everyConstraintFound() throws {
        let text = DocumentLayoutSetTests.document("""
             "constraints": ["a~.top.leading == r~ + Point(x: 4, y: 6)", "a~.size == Size(width: 30, height: 20)",
                             "b~.edges == r~ ~~ 200", "b~.width == 50 ~~ 300", "b~.height == a~.height"],
             "layoutSets": [{"view": "r", "cases": [{"otherwise": true, "constraints": ["a~.width >= 10"]}]}],
             "visualFormat": ["V:[a]-(>=2)-|"]
            """)
        let layout = try LayoutDocument.parse(text, name: "records.json").makeLayout()
        let counts: [Int] = layout.groups.map { $0.constraints.count }
        #expect(counts == [2, 2, 4, 1, 1])
        for (index, group) in layout.groups.enumerated() {
            for constraint in group.constraints {
                #expect(layout.documentIndex(of: constraint.id) == index, "\(constraint)")
                #expect(constraint.isActive, "\(constraint)")
            }
        }
        let others = layout.layoutSets.flatMap(\.caseGroups).flatMap(\.constraints)
            + layout.visualFormatGroups.flatMap(\.constraints)
        #expect(others.count == 2)
        for constraint in others { #expect(layout.documentIndex(of: constraint.id) == nil, "\(constraint)") }
        #expect(layout.visualFormatGroups.allSatisfy { $0.isActive })
        let foreign = Tails.make(View(id: "x")~.width == 1).constraints[0]
        #expect(layout.documentIndex(of: foreign.id) == nil)

        let result = try layout.layout()
        #expect(result.isSatisfiable)
        expectFrame(result.snapshot?[id: "a"], 4, 6, 30, 20)
    }
}
