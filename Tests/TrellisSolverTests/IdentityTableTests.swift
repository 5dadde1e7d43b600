import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// The identity table's direct form (an array over a short range of keys) must behave exactly as
/// its hashed form and as a dictionary: the same lookups after any inserts, updates and removes,
/// keys outside the range included (the table then turns itself into a hash table).
@Suite("Identity table")
struct IdentityTableTests {
    /// Applies the same random operations to a direct table, a hashed one and a dictionary, and
    /// compares every key's lookup after each batch.
    @Test("A direct table answers as a hashed table and a dictionary", arguments: [1 as UInt64, 2, 3, 4])
    func directMatchesHashed(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let base: UInt64 = 1_000 * seed + 1
        let span: UInt64 = 200
        var direct = IdentityTable(keysIn: base...(base + span - 1), minimumCapacity: Int(span))
        #expect(direct.isDirect)
        var hashed = IdentityTable(minimumCapacity: 8)
        #expect(!hashed.isDirect)
        var model: [UInt64: Int32] = [:]
        // Mostly keys in the range; from round 3 on a few outside it (seed 4: none, the table
        // stays direct throughout).
        for round in 0..<6 {
            for _ in 0..<150 {
                let outside = seed != 4 && round >= 3 && random.next() % 10 == 0
                let key = outside ? base + span + random.next() % 5_000 : base + random.next() % span
                let value = Int32(truncatingIfNeeded: random.next() % 10_000)
                switch random.next() % 4 {
                case 0, 1:
                    let a = direct.insert(key, value), b = hashed.insert(key, value)
                    #expect(a == b)
                    if model[key] == nil { model[key] = value }
                case 2:
                    #expect(direct.remove(key) == hashed.remove(key))
                    model[key] = nil
                default:
                    direct.update(key, to: value)
                    hashed.update(key, to: value)
                    if model[key] != nil { model[key] = value }
                }
            }
            #expect(direct.count == model.count && hashed.count == model.count)
            let keys = (base - 3)...(base + span + 5_003)
            let wrong = keys.filter { direct.index(of: $0) != model[$0] || hashed.index(of: $0) != model[$0] }
            #expect(wrong.isEmpty, "round \(round): keys \(wrong.prefix(5)) differ")
        }
        #expect(direct.isDirect == (seed == 4))
    }

    @Test("A range much wider than the identities it will hold gives a hash table")
    func wideRangeIsHashed() {
        let table = IdentityTable(keysIn: 1...1_000_000, minimumCapacity: 10)
        #expect(!table.isDirect)
        #expect(IdentityTable(keysIn: 1...40, minimumCapacity: 10).isDirect)
    }

    /// The solver's tables are direct when a system's variables were made together; a system
    /// whose variables are far apart in creation order (hashed tables) must solve the same.
    @Test("Variables made far apart solve exactly as variables made together")
    func spreadIdsSolveTheSame() throws {
        func solve(spread: Bool) throws -> (values: [Double], objective: Double) {
            var variables: [Variable] = []
            var keepAlive: [Variable] = []
            for k in 0..<30 {
                variables.append(Variable("v\(k)"))
                if spread { for _ in 0..<500 { keepAlive.append(Variable()) } }
            }
            let solver = Solver()
            try solver.add(variables[0] == 0)
            for k in 1..<30 {
                let next: LinearExpression = variables[k - 1] + Double(k % 7 + 1)
                try solver.add(variables[k] >= next)
                try solver.add((variables[k] == Double(5 * k)) ~~ .weight(Double(k % 3 + 1)))
            }
            try solver.solve()
            // Remove and re-add a few constraints: the rebuilt tables must agree too.
            let some = Array(solver.constraints.prefix(7))
            for constraint in some { try solver.remove(constraint) }
            try solver.solve()
            try solver.add(some)
            try solver.solve()
            return (variables.map { solver.value(of: $0) }, solver.objective)
        }
        let together = try solve(spread: false), apart = try solve(spread: true)
        #expect(together.values == apart.values)
        #expect(together.objective == apart.objective)
    }
}
