/// A ``ParametricTableau`` of an LP that falls apart into independent pieces: one tableau per
/// piece, each with a basis inverse of its own (so an LP of thousands of rows made of small
/// pieces can be followed through breakpoints too), and a move works only on the pieces whose
/// rows it shifts.
///
/// **Pins.** A row with one entry, fixed bounds and non-basic, whose column is basic, fixes that
/// column: `root.width == 414` when presolve kept it as a parameter row (a resize moves it), and
/// every bubble of a chat capped at `0.7 × root.width` names that column. Such a column is taken
/// out of every other row — the row's bounds move by minus its coefficient times the column's
/// value, and with it — and the pin row out of the LP. The basis matrix is block triangular in
/// the pin (its row names its column only), so the rest keeps its basis, its values (a row's
/// value less its pinned part) and its reduced costs exactly: moving the pin row by `s` is
/// moving the rows that name its column by `-a·s/p`.
///
/// **Blocks.** The rows and columns left fall apart into connected blocks (rows joined by the
/// columns they share), each a tableau of its own, built at the block's first move from the LP
/// as it was read (a block's rows are shifted by every move that reaches them, so a block first
/// moved late starts from the same point the whole LP did). A block's tolerances are the whole
/// LP's (its levels' cost scales); its breakpoints, pivots and end point are those the whole
/// LP's tableau would reach for its rows, the blocks sharing nothing. After a move that pivoted
/// with several levels, a block whose optimum is not the only one gives the move up, as the
/// whole LP's would; a block that did not pivot moved linearly, as a step along the basis does.
///
/// An LP of fewer than ``splitRows`` rows, or one that does not fall apart (one block), is not
/// split: exactly the whole LP's tableau, whose basis the model's linear steps take back after
/// quiet moves (``single``); one over ``ParametricTableau/maximumRows`` rows is always split
/// (``SplitBlocks``), and a split LP hands its blocks' bases (and its pinned columns) back together
/// (``prepareHandBack()``). (A hundred chat bubbles capped at a share of the root make a 300-row
/// LP: as one tableau, a resize through their breakpoints refactorized it, 12 M instructions;
/// as blocks, a few of them move.) Nil at a move when the LP cannot be followed: a block over
/// ``ParametricTableau/maximumRows`` rows, or a basis that does not split along the blocks.
struct SplitTableau {
    let m: Int
    let n: Int
    /// The whole LP's tableau (at most ``ParametricTableau/maximumRows`` rows; made from
    /// `pending` at the first move: most models never move one), or its blocks.
    private var whole: ParametricTableau?
    private var pending: ParametricTableau.Inputs?
    private var blocks: SplitBlocks?

    /// From this many rows on, an LP that falls apart into blocks is followed block by block.
    static let splitRows = 64

    init(_ inputs: ParametricTableau.Inputs) {
        m = inputs.rows.count
        n = inputs.columnValues.count
        if m <= ParametricTableau.maximumRows {
            pending = inputs
        } else {
            blocks = SplitBlocks(inputs)
        }
    }

    /// The whole LP's tableau, when it is not split (after a first move).
    var single: ParametricTableau? { whole }

    /// Whether a move was given up because the basis read (a block's) is not optimal at every
    /// level: solved again with every level run, it is (``ComponentSolver/skipsLevelsAtZeroError``).
    var notOptimalAtEveryLevel: Bool {
        whole?.notOptimalAtEveryLevel ?? blocks?.notOptimalAtEveryLevel ?? false
    }

    /// Whether a split LP's basis can be read position by position from its blocks and pins,
    /// for the model's linear steps to take it back (``prepareHandBack()``; after a first move).
    var handsBack: Bool { blocks?.handsBack ?? false }

    /// Builds every block not built yet; false when one's basis cannot be followed.
    mutating func prepareHandBack() -> Bool { blocks?.prepareHandBack() ?? false }

    /// The basic variable at each position of a split LP (after ``prepareHandBack()``).
    func forEachBasic(_ body: (_ position: Int, _ joint: Int, _ lower: Double, _ upper: Double, _ value: Double) -> Void) {
        blocks?.forEachBasic(body)
    }

    /// The position of row `i` among a split LP's basic variables, nil when it is not basic.
    func basicPosition(ofRow i: Int) -> Int? { blocks!.basicPosition(ofRow: i) }

    /// How a split LP's basic variables move per unit of row `i`'s value, by position.
    func direction(ofRow i: Int, into entries: inout [(position: Int, alpha: Double)]) {
        blocks!.direction(ofRow: i, into: &entries)
    }

    /// Row `i`'s reduced cost in a split LP.
    func rowReducedCost(_ i: Int) -> Double { blocks!.rowReducedCost(i) }

    /// What certifies GLPK's basis, as read (before any move), as the only optimum at every
    /// right-hand side where it stays primal feasible (``ParametricTableau/uniquenessCertificate()``);
    /// nil when nothing does. Built on a scratch tableau: the one kept is still made at the
    /// first move. Nil for an LP over ``ParametricTableau/maximumRows`` rows, or once moved.
    func uniquenessCertificate() -> UniquenessCertificate? {
        guard let inputs = pending else { return nil }
        var tableau = ParametricTableau(inputs)
        return tableau.factorizeNow() ? tableau.uniquenessCertificate() : nil
    }

    /// Moves the bounds of the given rows by the given amounts, following the optimal basis
    /// (each block's) through its breakpoints (see ``ParametricTableau/move(_:)``). Nil — `self`
    /// then in an unspecified state — when the move cannot be followed.
    mutating func move(_ shifts: ArraySlice<ParametricTableau.Shift>) -> ParametricTableau.Moved? {
        if let inputs = pending {
            pending = nil
            var split = SplitBlocks(inputs)
            if m >= Self.splitRows, let count = split.readLayout(), count > 1 {
                blocks = split
            } else {
                whole = ParametricTableau(inputs)
            }
        }
        if whole != nil { return whole!.move(shifts) }
        return blocks?.move(shifts)
    }
}
