import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// The order in which a solve hands a component's changes to its step (by state, edits before
/// rows, then by variable or row): floating-point sums follow it, so it must not depend on the
/// order the changes came in. Packed into one number each where they fit, compared as tuples
/// where they do not: both give the same order.
@Suite("Step order")
struct StepOrderTests {
    typealias Moved = SolverEngine.MovedChange

    static func tupleOrder(_ moved: [Moved]) -> [Moved] {
        moved.sorted { ($0.state, $0.isRow ? 1 : 0, $0.key) < ($1.state, $1.isRow ? 1 : 0, $1.key) }
    }

    static func same(_ a: [Moved], _ b: [Moved]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.state == $1.state && $0.isRow == $1.isRow && $0.key == $1.key }
    }

    @Test("Packed and compared as tuples, changes come out in the same order", arguments: [1 as UInt64, 2, 3])
    func packedOrder(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var moved: [Moved] = []
        for _ in 0..<500 {
            let state = Int(rng.next() % 40)
            let isRow: Bool = rng.next() % 2 == 0
            let key: UInt64 = rng.next() % 3000
            moved.append(Moved(state: state, isRow: isRow, key: key))
        }
        // Ties on state and kind, and the largest values that fit.
        moved += [Moved(state: 7, isRow: true, key: 12), Moved(state: 7, isRow: false, key: 12),
                  Moved(state: (1 << 30) - 1, isRow: true, key: (1 << 32) - 1), Moved(state: 0, isRow: false, key: 0)]
        var packed: [UInt64] = []
        var sorted = moved
        SolverEngine.sort(&sorted, packed: &packed)
        let packedAsTuples = Self.same(sorted, Self.tupleOrder(moved))
        #expect(packedAsTuples)
        // An edit variable's id too large to pack: compared as tuples.
        let huge = Moved(state: 3, isRow: false, key: UInt64.max - 5)
        var large = moved + [huge]
        SolverEngine.sort(&large, packed: &packed)
        let tuples = Self.same(large, Self.tupleOrder(moved + [huge]))
        #expect(tuples)
    }

    @Test("The radix sort gives the standard library's order: duplicates, equal values, every byte, around its cut-off", arguments: [1 as UInt64, 2, 3])
    func radixOrder(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        for count in [0, 1, 63, 64, 65, 66, 300, 5000] {
            for spread in [0 as UInt64, 0xFF, 0xFFFF_FFFF, UInt64.max] {
                var values = (0..<count).map { _ in rng.next() & spread }
                if count > 2 { values[count / 2] = values[0]; values[count - 1] = UInt64.max }
                let want = values.sorted()
                SolverEngine.radixSort(&values)
                #expect(values == want, "count \(count), spread \(spread)")
            }
        }
    }
}
