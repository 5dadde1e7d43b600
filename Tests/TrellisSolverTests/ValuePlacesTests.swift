import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// `Solver.values(of:into:places:)`: the places kept from one read to the next give what
/// `value(of:)` gives, through steps, constant updates and structural changes that move
/// variables to other components.
@Suite("Values read through kept places")
struct ValuePlacesTests {
    static func expectSame(_ solver: Solver, _ variables: [Variable], _ places: inout Solver.ValuePlaces,
                           _ context: String) {
        var values: [Double] = []
        solver.values(of: variables, into: &values, places: &places)
        #expect(values.count == variables.count, "\(context)")
        for (variable, value) in zip(variables, values) {
            #expect(value == solver.value(of: variable), "\(context): \(variable) read \(value), value(of:) \(solver.value(of: variable))")
        }
    }

    @Test("Kept places follow drags, constant updates, merged and split components")
    func followsChanges() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        let unknown = Variable("not in the solver")
        let variables = [w, x, unknown, z, y]
        let solver = Solver()
        var width = (x + y == 100)
        try solver.add([width, (x == 3 * y) ~~ .weight(10), z >= 5, (z == 40) ~~ .priority(250)])
        try solver.addEditVariable(x, strength: .weight(1_000_000))
        var places = Solver.ValuePlaces()
        try solver.solve()
        Self.expectSame(solver, variables, &places, "first solve")
        try solver.suggest(x, value: 80)
        try solver.solve()
        Self.expectSame(solver, variables, &places, "drag")
        width = try solver.updateConstant(of: width, to: -120)
        try solver.solve()
        Self.expectSame(solver, variables, &places, "constant update")
        // x, y and z join one component (their places change), w appears.
        let joint = (z + w == 2 * y)
        try solver.add(joint)
        try solver.solve()
        Self.expectSame(solver, variables, &places, "merged components")
        #expect(solver.value(of: w) != 0 || solver.value(of: z) == 2 * solver.value(of: y))
        try solver.remove(joint)
        try solver.solve()
        Self.expectSame(solver, variables, &places, "split again")
        #expect(solver.value(of: w) == 0)
        // Places found for another solver are not used for this one.
        let other = Solver()
        try other.add([w == 7, (x == 1) ~~ .weight(1)])
        try other.solve()
        Self.expectSame(other, variables, &places, "another solver")
        Self.expectSame(solver, variables, &places, "back to the first solver")
    }

    @Test("Kept places match value(of:) on random systems through steps and structural changes", arguments: 0..<8)
    func randomSystems(seed: Int) throws {
        let system = IncrementalEquivalenceTests.RandomSystem(seed: UInt64(seed) + 31, boxes: 3 + seed % 5)
        let solver = Solver()
        try solver.add(system.constraints)
        for (variable, weight) in system.edits { try solver.addEditVariable(variable, strength: .weight(weight)) }
        var variables: [Variable] = []
        for constraint in system.constraints {
            for term in constraint.expression.terms where !variables.contains(where: { $0 === term.variable }) {
                variables.append(term.variable)
            }
        }
        var places = Solver.ValuePlaces()
        var rng = SplitMix(seed: UInt64(seed) &* 7 + 1)
        var current = system.constraints
        for round in 0..<10 {
            switch round % 3 {
            case 0:
                for (variable, _) in system.edits { try solver.suggest(variable, value: Double(rng.next() % 300)) }
            case 1:
                let index = Int(rng.next() % UInt64(current.count))
                current[index] = try solver.updateConstant(of: current[index], to: current[index].expression.constant + 3)
            default:
                // Removed and added back: a structural solve builds the components again.
                let index = Int(rng.next() % UInt64(current.count))
                try solver.remove(current[index])
                if (try? solver.solve()) != nil {
                    Self.expectSame(solver, variables, &places, "seed \(seed) round \(round) removed")
                }
                try solver.add(current[index])
            }
            do {
                try solver.solve()
            } catch TrellisError.unsatisfiable {
                continue
            }
            Self.expectSame(solver, variables, &places, "seed \(seed) round \(round)")
        }
    }
}
