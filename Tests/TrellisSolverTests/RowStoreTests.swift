import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// The flat store of a component's rows: each row reads back as the terms it was given, however
/// it was built, and a solver whose components are rebuilt (constraints removed and added again)
/// answers exactly as a fresh solver with the same constraints.
@Suite("Row store")
struct RowStoreTests {
    @Test("Rows built term by term, whole, or from arrays read back the same", arguments: [1 as UInt64, 2, 3])
    func rowsReadBack(seed: UInt64) {
        var random = SplitMix(seed: seed)
        // Empty rows included (a row's terms may all vanish), and rows of up to 6 terms.
        var rows: [[RowStore.Term]] = []
        for _ in 0..<200 {
            var row: [RowStore.Term] = []
            for _ in 0..<Int(random.next() % 7) {
                let variable = Int(random.next() % 50), coefficient = Double(Int(random.next() % 19) - 9)
                row.append((variable, coefficient))
            }
            rows.append(row)
        }
        var byTerm = RowStore()
        var byRow = RowStore(reservingRows: 3, terms: 4)   // grows past what it reserved
        for row in rows {
            for term in row { byTerm.append(term) }
            byTerm.endRow()
            byRow.appendRow(row)
        }
        for store in [byTerm, byRow, RowStore(rows)] {
            #expect(store.count == rows.count)
            for (index, row) in rows.enumerated() {
                let read = store[index]
                #expect(read.count == row.count && store.count(ofRow: index) == row.count)
                #expect(read.map(\.variable) == row.map(\.variable))
                #expect(read.map(\.coefficient) == row.map(\.coefficient))
                for position in row.indices {
                    #expect(store.term(position, ofRow: index) == row[position])
                }
                #expect(read.withTerms { Array($0).map(\.variable) } == row.map(\.variable))
            }
            #expect(store.entries.count == rows.reduce(0) { $0 + $1.count })
        }
    }

    @Test("A component's rows in the flat store are its constraints' terms, by variable position")
    func componentRowsMatchConstraints() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let constraints = [x + y == 10, (y - 2 * z <= 4) ~~ .weight(3), z >= 1, (x == 3) ~~ .weight(1)]
        let components = Component.partition(constraints)
        #expect(components.count == 1)
        let component = components[0]
        #expect(component.terms.count == component.constraints.count)
        for (index, constraint) in component.constraints.enumerated() {
            let expected = constraint.expression.terms.map { term in
                (component.variables.firstIndex { $0 === term.variable }!, term.coefficient)
            }
            #expect(component.terms[index].map(\.variable) == expected.map(\.0))
            #expect(component.terms[index].map(\.coefficient) == expected.map(\.1))
        }
    }

    @Test("Removing and adding constraints again gives what a fresh solver gives", arguments: [5 as UInt64, 6, 7])
    func readdMatchesFresh(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let variables = (0..<30).map { Variable("v\($0)") }
        var constraints: [Constraint] = [variables[0] == 0]
        // A tree of gaps, each variable pulled to a target with weight 2^k: no two sets of
        // targets weigh the same, so the optimum is unique (a warm start from an earlier basis
        // cannot end at another optimal vertex, as it may in an ambiguous system).
        for k in 1..<30 {
            let previous = variables[Int(random.next() % UInt64(k))]
            // (Apart and typed: 50 ms to type-check inside the sum, 115 ms as one conversion.)
            let draw: UInt64 = random.next() % 9
            let offset = Double(draw) + 1.0
            let gap: LinearExpression = previous + offset
            constraints.append(variables[k] >= gap)
            constraints.append((variables[k] == Double(random.next() % 200)) ~~ .weight(Double(1 << k)))
        }
        let edited = Solver()
        try edited.add(constraints)
        try edited.solve()
        var removed: [Constraint] = []
        for constraint in constraints where random.next() % 3 == 0 {
            try edited.remove(constraint)
            removed.append(constraint)
        }
        try edited.solve()
        for constraint in removed.reversed() { try edited.add(constraint) }
        try edited.solve()

        let fresh = Solver()
        try fresh.add(constraints)
        try fresh.solve()
        #expect(!removed.isEmpty)
        #expect(variables.map { edited.value(of: $0).bitPattern } == variables.map { fresh.value(of: $0).bitPattern })
        #expect(edited.objective == fresh.objective)
    }
}
