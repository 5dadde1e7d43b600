import Testing
@testable import TrellisSolver

/// The order of presolve's eliminations: shortest rows first, and a row that a substitution
/// shortens is looked at in its shorter class. A stack's alignment rows tie every arranged view
/// to the stack's edge (`row_i.left == list.left`), and the stack's edge is tied to a fixed one
/// (`list.left == root.left + 16`, `root.left == 0`): once `root.left` is fixed, the stack's tie
/// is a singleton that fixes `list.left`, and every view's row becomes a singleton too — not a
/// doubleton that ties `list.left` to one view, then that view to the next, and so on, moving
/// every row that names the edge at each step (quadratic in the stack's views).
@Suite("Presolve order")
struct PresolveOrderTests {
    /// The rows of a stack of `count` views pinned 16 from a fixed root edge, each view's
    /// inner item 12 from its left, and a soft row per view (its width wants 100).
    static func stack(_ count: Int) -> (constraints: [Constraint], views: [Variable], items: [Variable]) {
        let root = Variable("root.left"), list = Variable("list.left")
        var constraints: [Constraint] = [root == 0, list == root + 16]
        var views: [Variable] = [], items: [Variable] = []
        for index in 0..<count {
            let view = Variable("row\(index).left"), item = Variable("row\(index).item.left"), width = Variable("row\(index).width")
            constraints += [view == list, item == view + 12, width >= 0, (width + item == 100) ~~ .priority(250)]
            views.append(view)
            items.append(item)
        }
        return (constraints, views, items)
    }

    @Test("A tie that a substitution turns into a singleton fixes its variable before the doubletons are taken")
    func singletonsFirst() throws {
        let (constraints, _, _) = Self.stack(40)
        let components = Component.partition(constraints)
        for component in components {
            let state = ComponentState(component: component, editOfRow: [:])
            let presolve = try #require(Presolve(component: component, terms: state.terms, constants: state.baseConstants))
            // Every position is fixed: each substitution is a constant, none ties two variables.
            let ties = presolve.substitutions.filter { !$0.terms.isEmpty }
            #expect(ties.count == 0, "substitutions that tie a variable to another")
        }
    }

    @Test("The values are exact: every view 16 from the root, every item 28")
    func values() throws {
        let (constraints, views, items) = Self.stack(40)
        let solver = Solver()
        try solver.add(constraints)
        try solver.solve()
        #expect(views.allSatisfy { solver.value(of: $0) == 16 })
        #expect(items.allSatisfy { solver.value(of: $0) == 28 })
    }
}
