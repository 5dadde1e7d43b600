import Trellis
import TrellisLinearSystem
import TrellisSolver

/// A `drag-N` scenario held open on one `Solver`: the constraints are added and solved once,
/// then each step suggests the scenario's next value for its edit variable and solves again
/// (cycling through the scenario's 100 values).
///
/// Benchmarks run their closures on one thread at a time, so the unchecked sendability is sound.
final class DragSession: @unchecked Sendable {
    let solver = Solver()
    let edit: Variable
    let values: [Double]
    private var next = 0

    init(_ system: LinearSystem) throws {
        var variables: [String: Variable] = [:]
        for name in system.variables { variables[name] = Variable(name) }
        for entry in system.constraints {
            let terms = entry.terms.map { Term(variables[$0.variable]!, $0.coefficient) }
            let strength: Strength = entry.weight.map { .weight($0) } ?? .required
            try solver.add(Constraint(LinearExpression(terms, constant: entry.constant), entry.relation, strength: strength))
        }
        let first = system.edits[0]
        edit = variables[first.variable]!
        try solver.addEditVariable(edit, strength: .weight(first.weight))
        values = system.steps.compactMap { $0.first?.value }
        try solver.solve()
        try step()
    }

    func step() throws {
        try solver.suggest(edit, value: values[next % values.count])
        next += 1
        try solver.solve()
    }
}
