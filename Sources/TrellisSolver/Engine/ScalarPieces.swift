import TrellisSupport

/// The variables of a component's LP that only one-variable rows name, moving rows included:
/// independent pieces, not LP columns, each solved in closed form (``ScalarComponent``) and
/// solved again when its rows' constants move (``AffineModel``).
///
/// A screen's measured views give such pieces: a label's height held only by its own hugging
/// and compression rows (whose constants follow its text), once its place in the row is
/// substituted away (a settings form's thousand labels, centred in their rows). Presolve keeps
/// those rows as LP rows while their constants move (``Presolve/splitOffScalars(protecting:solve:)``),
/// and an LP of a thousand one-column pieces cost more to build, crash and optimise level by
/// level than the rest of the form's pass.
///
/// A piece solves the way the closed forms of pieces whose rows do not move do (its rows in
/// presolve's order, its bounds as required rows), so its value is the one a cold solve with
/// the new constants gives, but for the rounding of the constants' shift (a moved row's
/// constant is its presolved constant plus the change of its own).
struct ScalarPieces {
    /// The component variable of each piece.
    private let variables: [Int32]
    /// Piece p's rows: `rows[start[p]..<start[p + 1]]`, in the order presolve keeps them, each
    /// `coefficient × x + constant OP 0` with the presolved constant at the constants of the
    /// solve that made the pieces; `sources` the constraint each row comes from.
    private let start: [Int32]
    private let rows: [ScalarComponent.Row]
    private let sources: [Int32]
    /// Each piece's variable's bounds, as presolve found them (from rows that do not move).
    private let lower: [Double?]
    private let upper: [Double?]
    /// By constraint of the component: the piece its row belongs to, or -1.
    let pieceOfSource: [Int32]
    /// Each piece's value at the constants of the solve.
    let values: [Double]

    /// The fewest pieces taken out of an LP.
    static let minimumCount = 8

    /// The number of pieces.
    var count: Int { variables.count }

    /// The component variable of piece `piece`.
    func variable(of piece: Int) -> Int { Int(variables[piece]) }

    /// The pieces of `presolve`'s rows (whose sources are `constraints`), solved; nil when they
    /// are fewer than ``minimumCount`` or their rows fewer than half of the rows, or a piece has
    /// no closed-form value (its required rows cannot hold, or a quotient overflowed): then the
    /// LP takes every row, as before.
    init?(_ presolve: Presolve, constraints: [Constraint]) {
        let n = presolve.lower.count
        // Per variable: its one-variable rows, or -1 when a longer row names it.
        var countOf = [Int32](filled: 0, count: n)
        for row in presolve.rows {
            if row.terms.count == 1 {
                let j = row.terms[0].variable
                if countOf[j] >= 0 { countOf[j] += 1 }
            } else {
                for term in row.terms { countOf[term.variable] = -1 }
            }
        }
        var variables: [Int32] = []
        var pieceOfVariable = [Int32](filled: -1, count: n)
        for j in 0..<n where countOf[j] > 0 {
            pieceOfVariable[j] = Int32(variables.count)
            variables.append(Int32(j))
        }
        var start = [Int32](filled: 0, count: variables.count + 1)
        for (p, j) in variables.enumerated() { start[p + 1] = start[p] + countOf[Int(j)] }
        // Only where there are many and they are most of the LP: a few pieces beside a large LP
        // (a chat's odd label) leave its cost as it was, and a handful alone solve fast as an LP,
        // whose steps move a direction's few entries (a drag's) where a piece's step solves it
        // again and sums the objective anew.
        guard variables.count >= Self.minimumCount, 2 * Int(start[variables.count]) >= presolve.rows.count else { return nil }
        var fill = Array(start.dropLast())
        var rows = [ScalarComponent.Row](repeating: ScalarComponent.Row(coefficient: 0, constant: 0, relation: .equal,
                                                                         strength: .required),
                                         count: Int(start[variables.count]))
        var sources = [Int32](filled: 0, count: rows.count)
        var pieceOfSource = [Int32](filled: -1, count: constraints.count)
        for row in presolve.rows where row.terms.count == 1 && pieceOfVariable[row.terms[0].variable] >= 0 {
            let piece = Int(pieceOfVariable[row.terms[0].variable])
            let constraint = constraints[row.source]
            rows[Int(fill[piece])] = ScalarComponent.Row(coefficient: row.terms[0].coefficient, constant: row.constant,
                                                         relation: constraint.relation, strength: constraint.strength)
            sources[Int(fill[piece])] = Int32(row.source)
            fill[piece] += 1
            pieceOfSource[row.source] = Int32(piece)
        }
        self.variables = variables
        self.start = start
        self.rows = rows
        self.sources = sources
        lower = variables.map { presolve.lower[Int($0)] }
        upper = variables.map { presolve.upper[Int($0)] }
        self.pieceOfSource = pieceOfSource
        var values: [Double] = []
        values.reserveCapacity(variables.count)
        for piece in 0..<variables.count {
            let pieceRows = Self.copy(rows[Int(start[piece])..<Int(start[piece + 1])])
            guard let value = Self.solve(pieceRows, lower: lower[piece], upper: upper[piece]) else { return nil }
            values.append(value)
        }
        self.values = values
    }

    /// Piece `piece`'s value when the component's constraints have `constants` (those of its
    /// rows that moved shift their presolved constants by as much); nil when it has none.
    func solve(_ piece: Int, constants: [Double], presolve: Presolve) -> Double? {
        let range = Int(start[piece])..<Int(start[piece + 1])
        var shifted = Self.copy(rows[range])
        for (k, position) in range.enumerated() {
            let source = Int(sources[position])
            // (Unshifted, the constant as it is: a -0 kept, as the closed forms of other pieces keep it.)
            let shift = constants[source] - presolve.constant(ofSource: source)
            if shift != 0 { shifted[k].constant += shift }
        }
        return Self.solve(shifted, lower: lower[piece], upper: upper[piece])
    }

    /// A piece's rows, with room for its two bound rows.
    private static func copy(_ rows: ArraySlice<ScalarComponent.Row>) -> [ScalarComponent.Row] {
        var pieceRows: [ScalarComponent.Row] = []
        pieceRows.reserveCapacity(rows.count + 2)
        pieceRows.append(contentsOf: rows)
        return pieceRows
    }

    /// The closed form of `rows` within the bounds.
    private static func solve(_ rows: [ScalarComponent.Row], lower: Double?, upper: Double?) -> Double? {
        guard let value = ScalarComponent(rows: rows, lower: lower, upper: upper).solve(), value.isFinite else { return nil }
        return value
    }
}
