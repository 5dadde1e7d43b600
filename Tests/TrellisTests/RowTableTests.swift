import Testing
@testable import Trellis
@testable import TrellisSolver
import TrellisTestSupport

/// The layout engine's row table (``RowTable``) answers as a dictionary keyed by ``RowKey``
/// would: explicit keys (constraints' identities) and implicit ones (an item's key and a role)
/// mixed, after any sequence of inserts, replacements and removals.
@Suite("Row table")
struct RowTableTests {
    @Test("The same answers as a dictionary under random inserts, replacements and removals", arguments: [1 as UInt64, 2, 3])
    func againstDictionary(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        let x = Variable("x")
        let sources = (0..<40).map { LayoutConstraint(lhs: [], relation: .equal, rhs: [], constantAttribute: .width,
                                                      constant: LayoutConstant(Double($0)), priority: .required,
                                                      label: nil, location: nil) }
        let roles: [ImplicitRole] = [.root(.width), .root(.left), .hugging(.horizontal), .compression(.vertical),
                                     .scrollGuide(content: true, .top), .autoresizing(.height)]
        var keys: [RowKey] = sources.map { .explicit(ObjectIdentifier($0)) }
        for item in 1...20 { for role in roles { keys.append(.implicit(LayoutItemKey(rawValue: UInt64(item)), role)) } }
        var table = RowTable()
        var reference: [RowKey: RowEntry] = [:]
        for step in 0..<3000 {
            let key = keys[Int(rng.next() % UInt64(keys.count))]
            switch rng.next() % 4 {
            case 0:
                #expect(table.removeValue(forKey: key)?.constraint === reference.removeValue(forKey: key)?.constraint)
            default:
                let entry = RowEntry(source: sources[step % sources.count], constraint: x == Double(step))
                table[key] = entry
                reference[key] = entry
            }
            if step % 100 == 0 {
                #expect(table.count == reference.count)
                for key in keys { #expect(table[key]?.constraint === reference[key]?.constraint) }
                var seen = 0
                for (key, entry) in table {
                    #expect(reference[key]?.constraint === entry.constraint)
                    seen += 1
                }
                #expect(seen == reference.count)
            }
        }
    }
}
