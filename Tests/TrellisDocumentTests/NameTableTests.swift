import Testing
import TrellisSupport

/// The id table the document's item resolver looks names up in: it must find exactly what a
/// `Dictionary<String, _>` finds, whatever the spelling.
@Suite("Name table")
struct NameTableTests {
    @Test("Finds every id stored, through growth; the first value stored for an id stays")
    func storesAndGrows() {
        var table = NameTable()
        var reference: [String: Int32] = [:]
        for k in 0..<5_000 {
            let id = k % 7 == 0 ? "row\(k / 7).avatar" : "v\(k)"
            let stored = table.insert(id, Int32(k))
            #expect(stored == (reference[id] == nil), "\(id)")
            if reference[id] == nil { reference[id] = Int32(k) }
        }
        #expect(table.count == reference.count)
        for (id, value) in reference { #expect(table.value(of: id) == value, "\(id)") }
        for id in ["", "v", "row", "v5000", "row0.avatar.superview", "V1"] {
            #expect(table.value(of: id) == reference[id], "\(id)")
        }
    }

    @Test("Matches spellings as String equality does: composed and decomposed, the Kelvin sign and K")
    func canonicalEquivalence() {
        let stored = ["K", "caf\u{E9}", "日本", "a;b", "plain"]
        let queries = ["\u{212A}", "cafe\u{301}", "日本", "a\u{37E}b", "plain", "k", "cafe", "日"]
        // All keys ASCII but the queries not, and then some keys not ASCII at all.
        for keys in [["K", "a;b", "plain"], stored] {
            var table = NameTable()
            var reference: [String: Int32] = [:]
            for (k, key) in keys.enumerated() {
                table.insert(key, Int32(k))
                reference[key] = reference[key] ?? Int32(k)
            }
            for query in queries + keys {
                #expect(table.value(of: query) == reference[query], "\(query) among \(keys)")
            }
        }
        // A decomposed key stored first, its composed spelling after: the same id.
        var table = NameTable()
        let first = table.insert("cafe\u{301}", 1)
        let second = table.insert("caf\u{E9}", 2)
        #expect(first && !second)
        #expect(table.value(of: "caf\u{E9}") == 1)
    }
}
