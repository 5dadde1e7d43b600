import Testing
import TrellisSupport

/// `Array(filled:count:)` (TrellisSupport, beside the JSON reader these tests cover) makes what
/// `Array(repeating:count:)` makes: the solver and the layout pass use it for every array of
/// repeated values.
@Suite("Arrays of repeated values")
struct ArrayFilledTests {
    final class Box {}

    @Test("The same elements, count and order as Array(repeating:count:), for values and references", arguments: [0, 1, 7, 1000])
    func sameAsRepeating(count: Int) {
        // (Typed first: a file's first `#expect` also carries the macro plugin's start-up.)
        let doubles: [Double] = [Double](filled: 2.5, count: count)
        let repeated: [Double] = [Double](repeating: 2.5, count: count)
        let same: Bool = doubles == repeated
        #expect(same)
        #expect([Int32](filled: -1, count: count) == [Int32](repeating: -1, count: count))
        #expect([[Int]](filled: [1, 2], count: count) == [[Int]](repeating: [1, 2], count: count))
        let box = Box()
        let boxes = [Box](filled: box, count: count)
        #expect(boxes.count == count && boxes.allSatisfy { $0 === box })
        var grown = [Bool](filled: false, count: count)
        grown.append(true)
        #expect(grown.count == count + 1 && grown.last == true && grown.dropLast().allSatisfy { !$0 })
    }
}
