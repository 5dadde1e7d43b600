import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// The radix sort that puts a large component's rows in canonical order, and the identity
/// table's one-step reserve: both must give exactly what the simpler code gave.
@Suite("Canonical order of large components")
struct CanonicalOrderTests {
    @Test("The radix sort orders by key, ties by index, exactly as the comparison sort", arguments: [0, 1, 2, 63, 64, 65, 1_500])
    func radixMatchesComparison(count: Int) {
        var random = SplitMix(seed: UInt64(count) &+ 7)
        // Full 64-bit keys, keys differing only in one byte (the other passes skipped), and
        // repeated keys (ties kept in index order).
        let shapes: [(UInt64) -> UInt64] = [{ $0 }, { 0xABCD_0000_0000_0000 | ($0 & 0xFF) << 24 }, { $0 % 5 }]
        for shape in shapes {
            let keyed = (0..<count).map { (key: shape(random.next()), index: Int32($0)) }
            var radix = keyed
            Component.radixSort(&radix)
            let expected = keyed.sorted { $0 < $1 }
            #expect(radix.map(\.key) == expected.map(\.key))
            #expect(radix.map(\.index) == expected.map(\.index))
        }
    }

    @Test("A chain longer than the radix threshold is ordered the same whatever order its constraints came in")
    func longChainOrderIndependent() throws {
        let count = 3 * Component.radixThreshold
        let lefts = (0...count).map { Variable("l\($0)") }
        var constraints: [Constraint] = [lefts[0] == 0]
        for k in 1...count {
            let next: LinearExpression = lefts[k - 1] + Double(k % 9 + 1)
            constraints.append(lefts[k] == next)
            constraints.append((lefts[k] <= Double(10 * k)) ~~ .weight(Double(k % 4 + 1)))
        }
        let forward = Component.partition(constraints)
        let backward = Component.partition(constraints.reversed())
        #expect(forward.count == 1 && backward.count == 1)
        #expect(forward[0].constraints.count > Component.radixThreshold)
        #expect(forward[0].constraints.map(ObjectIdentifier.init) == backward[0].constraints.map(ObjectIdentifier.init))
    }

    @Test("Reserving far beyond the table's size keeps every identity and index")
    func reserveKeepsContents() {
        var table = IdentityTable()
        for key in 1...10 as ClosedRange<UInt64> { table.insert(key &* 0x1_0001, Int32(key)) }
        table.reserve(5_000)
        #expect(table.count == 10)
        for key in 1...10 as ClosedRange<UInt64> { #expect(table.index(of: key &* 0x1_0001) == Int32(key)) }
        for key in 11...5_000 as ClosedRange<UInt64> { table.insert(key &* 0x1_0001, Int32(key)) }
        #expect(table.count == 5_000)
        #expect(table.index(of: 4_999 &* 0x1_0001) == 4_999)
        #expect(table.index(of: 5_001 &* 0x1_0001) == nil)
    }
}
