import Testing
@testable import Trellis
import TrellisTestSupport

/// The measured sizes of a pass (``SizeTable``) answer as a `[ObjectIdentifier: Size]` would:
/// lookups, iteration and equality (the same views with equal sizes, in any order) after any
/// sequence of inserts, replacements, removals and clears.
@Suite("Size table")
struct SizeTableTests {
    @Test("The same answers as a dictionary under random edits", arguments: [1 as UInt64, 2, 3])
    func againstDictionary(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        let views = (0..<50).map { _ in View() }
        var table = SizeTable()
        var reference: [ObjectIdentifier: Size] = [:]
        for step in 0..<3000 {
            let key = ObjectIdentifier(views[Int(rng.next() % UInt64(views.count))])
            switch rng.next() % 8 {
            case 0, 1:
                table[key] = nil
                reference[key] = nil
            case 2 where step % 500 == 2:
                table.removeAll()
                reference.removeAll()
            default:
                let size = Size(width: Double(rng.next() % 7), height: Double(step % 5))
                table[key] = size
                reference[key] = size
            }
            if step % 50 == 0 {
                #expect(table.count == reference.count)
                for view in views { #expect(table[ObjectIdentifier(view)] == reference[ObjectIdentifier(view)]) }
                var seen = 0
                for (key, size) in table {
                    #expect(reference[key] == size)
                    seen += 1
                }
                #expect(seen == reference.count)
            }
        }
    }

    @Test("Equal when the same views have equal sizes, whatever the order they were added in")
    func equality() {
        let a = View(), b = View(), c = View()
        var first = SizeTable(), second = SizeTable()
        first[ObjectIdentifier(a)] = Size(width: 1, height: 2)
        first[ObjectIdentifier(b)] = Size(width: 3, height: 4)
        second[ObjectIdentifier(b)] = Size(width: 3, height: 4)
        second[ObjectIdentifier(a)] = Size(width: 1, height: 2)
        #expect(first == second)
        second[ObjectIdentifier(a)] = Size(width: 1, height: 2.5)
        #expect(first != second)
        second[ObjectIdentifier(a)] = Size(width: 1, height: 2)
        second[ObjectIdentifier(c)] = Size(width: 0, height: 0)
        #expect(first != second)
        second[ObjectIdentifier(c)] = nil
        #expect(first == second)
        #expect(SizeTable() == SizeTable())
    }
}
