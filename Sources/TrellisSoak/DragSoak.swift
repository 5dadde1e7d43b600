import TrellisSolver

/// A splitter dragged across a row of boxes: the system the layout engine lowers a 100-box row
/// with a draggable divider to (the benchmarks' `drag-100` scenario, built in code: 405
/// variables, ~650 constraints). Each step suggests the divider's next position and solves; now
/// and then the drag jumps (a fresh simplex run instead of an affine step) and a soft constraint
/// is added or removed (the solver's components are rebuilt).
final class DragSoak {
    let solver = Solver()
    private let split = Variable("split")
    private var widths: [Variable] = []
    /// The divider's feasible range, and where the drags happen.
    private let low: Double, high: Double
    private var position: Double
    private var extra: Constraint?
    private var step = 0

    /// The drag pattern of the benchmarks (sums to zero: the divider stays near the middle).
    private static let deltas: [Double] = [1, 3, -2, 5, -4, -1, 2, -5, 4, -3]
    private static let boxes = 100

    init() throws {
        let n = Self.boxes
        let medium = 1e3, strong = 1e6
        // Even boxes have a required width, odd ones a preferred width (and a minimum).
        var fixed: [Int: Double] = [:], preferred: [Int: Double] = [:]
        for i in 0..<n {
            if i % 2 == 0 {
                fixed[i] = Double(24 + (i * 13) % 17)
            } else {
                preferred[i] = Double(40 + (i * 11) % 23)
            }
        }
        let minimum = 20.0
        let natural = 8 + fixed.values.reduce(0, +) + preferred.values.reduce(0, +) + 8 * Double(n - 1) + 8
        let width = (0.85 * natural).rounded()

        let cl = Variable("C.l"), cw = Variable("C.w"), ct = Variable("C.t"), ch = Variable("C.h")
        var constraints: [Constraint] = [cl == 0, cw == width, ct == 0, ch == 100]
        var lefts: [Variable] = []
        for i in 0..<n {
            let l = Variable("b\(i).l"), w = Variable("b\(i).w"), t = Variable("b\(i).t"), h = Variable("b\(i).h")
            lefts.append(l)
            widths.append(w)
            if i == 0 {
                constraints.append(l == cl + 8)
            } else {
                constraints.append(l == lefts[i - 1] + widths[i - 1] + 8)
            }
            if let value = fixed[i] {
                constraints.append(w == value)
            } else {
                constraints.append(w >= minimum)
                constraints.append((w == preferred[i]!) ~~ .weight(medium + Double(i)))
            }
            constraints.append(t == ct + 8)
            constraints.append(h >= 10)
            constraints.append(ct + ch >= t + h + 8)
            constraints.append((h == Double(30 + (i * 29) % 71)) ~~ .weight(medium))
        }
        constraints.append(cl + cw == lefts[n - 1] + widths[n - 1] + 8)
        let middle = n / 2
        constraints.append(split == lefts[middle])
        try solver.add(constraints)
        try solver.addEditVariable(split, strength: .weight(strong))

        let smallest = { (i: Int) in fixed[i] ?? minimum }
        low = 8 + (0..<middle).reduce(0) { $0 + smallest($1) + 8 }
        high = width - 8 - (middle..<n).reduce(0) { $0 + smallest($1) } - 8 * Double(n - 1 - middle)
        position = ((low + high) / 2).rounded(.down)
        try solver.solve()
    }

    /// One drag step: suggest, solve, and check the divider followed.
    func run() throws {
        step += 1
        if step % 1_000 == 0 {
            // A jump, 10 or more inside the feasible range (the drag pattern strays at most 8 from it).
            let span: Int = Int(high - low - 20)
            let offset: Double = Double((step / 1_000 * 7_919) % span)
            position = low + 10 + offset
        } else {
            position += Self.deltas[step % Self.deltas.count]
        }
        if step % 5_000 == 0 {
            if let extra {
                try solver.remove(extra)
                self.extra = nil
            } else {
                let added = (widths[1] == 44) ~~ .weight(2e3)
                try solver.add(added)
                extra = added
            }
        }
        try solver.suggest(split, value: position)
        try solver.solve()
        let value = solver.value(of: split)
        guard abs(value - position) <= 1e-6 * max(1, abs(position)) else {
            throw SoakFailure("drag step \(step): the divider is at \(value), suggested \(position)")
        }
    }
}
