import TrellisSupport

/// The blocks of a ``SplitTableau``'s LP too large for one tableau: its pins taken out, one
/// ``ParametricTableau`` per block (see ``SplitTableau`` for the method). Nil at a move when the
/// LP cannot be followed so: a block over ``ParametricTableau/maximumRows`` rows, or a basis that
/// does not split along the blocks.
struct SplitBlocks {
    /// A column fixed by a pin row.
    struct Pin {
        var row: Int32
        var column: Int32
        /// The column's coefficient in the pin row.
        var coefficient: Double
        /// The column's value as read.
        var original: Double
        /// The column's bounds, and its cost at the lowest level.
        var lower: Double
        var upper: Double
        var cost: Double
        /// The other rows that name the column, with its coefficient there.
        var naming: [(row: Int32, coefficient: Double)]
    }

    /// How the LP splits, found at the first move.
    struct Layout {
        var pins: [Pin] = []
        /// Per row of the LP: its pin (-1: not a pin row); its block and place there (-1: a pin).
        var pinOfRow: [Int32] = []
        var blockOfRow: [Int32] = []
        var localRow: [Int32] = []
        /// Per column of the LP: its block and place there (-1: pinned, or in no row).
        var blockOfColumn: [Int32] = []
        var localColumn: [Int32] = []
        /// Per block: its rows and columns (indices in the LP), in order.
        var rows = GroupedLists()
        var columns = GroupedLists()
        /// Per block: its basic variables (joint indices within the block), in the basis's order.
        var basic = GroupedLists()
        /// Per column: its pin (-1: not pinned).
        var pinOfColumn: [Int32] = []
        /// Per row: the pins its pinned columns belong to, with their coefficients there, in
        /// `pinTerms[pinTermStart[i] ..< pinTermStart[i + 1]]`.
        var pinTermStart: [Int32] = []
        var pinTerms: [(pin: Int32, coefficient: Double)] = []
        /// The whole LP's cost scale of each level (each block's tolerances are the whole LP's).
        var costScale: [Double] = []
    }

    let m: Int
    let n: Int
    /// The LP as read.
    private let inputs: ParametricTableau.Inputs
    /// How the LP splits (``Phase/split``; empty before the first move).
    private var layout = Layout()
    private enum Phase { case unread, split, unusable }
    private var phase = Phase.unread
    /// The pinned columns' values now, and their pin rows' fixed bounds.
    private var pinValues: [Double] = []
    private var pinBounds: [Double] = []
    /// Per row: its bounds less the pinned part (moved by the row's own shifts), and the pinned
    /// part its block's bounds stand at (Σ coefficient × pinned value).
    private var baseLower: [Double] = []
    private var baseUpper: [Double] = []
    private var pinnedPart: [Double] = []
    /// Each row's pinned part as read (what a block's tableau starts from).
    private var initialPart: [Double] = []
    /// One tableau per block otherwise (nil until its first move), each in a box of its own: a
    /// copy of the split tableau (a forked solver's, ``AffineModel/copy()``) shares the boxes,
    /// and a move copies only those of the blocks it moves.
    private var blocks: [Box?] = []
    /// Whether a move was given up because a block's basis is not optimal at every level
    /// (``ParametricTableau/notOptimalAtEveryLevel``).
    private(set) var notOptimalAtEveryLevel = false

    private final class Box {
        // (Not checked dynamically for exclusive access: a split tableau is moved and read by
        // one solve on one thread, and each block's move, reduced cost and direction read it —
        // thousands of checks of ~75 instructions in a resize through many blocks' breakpoints.)
        @exclusivity(unchecked) var tableau: ParametricTableau
        init(_ tableau: ParametricTableau) { self.tableau = tableau }
        // Reads of the tableau's stored fields in place (a method of the tableau called
        // through the box copies the tableau out first, retaining each of its arrays): what
        // ParametricTableau's isFactorized, bounds(atPosition:), basicPosition(ofRow:),
        // direction(ofRow:into:) and rowReducedCost(_:) read.
        var isFactorized: Bool { !tableau.inverse.isEmpty }
        func forEachBasic(_ body: (_ position: Int, _ joint: Int, _ lower: Double, _ upper: Double, _ value: Double) -> Void) {
            for p in 0..<tableau.m {
                let k = Int(tableau.header[p])
                body(p, k, tableau.lower[k], tableau.upper[k], tableau.value[k])
            }
        }
        func basicPosition(ofRow i: Int) -> Int? { tableau.positionOf[i] >= 0 ? Int(tableau.positionOf[i]) : nil }
        func rowReducedCost(_ i: Int) -> Double { tableau.reducedCost[(tableau.levels - 1) * (tableau.m + tableau.n) + i] }
        func direction(ofRow i: Int, offset: Int, into entries: inout [(position: Int, alpha: Double)]) {
            ParametricTableau.direction(ofRow: i, inverse: tableau.inverse, m: tableau.m, offset: offset, into: &entries)
        }
    }
    /// The values of the LP's columns, kept as blocks and pins move.
    private var values: [Double]
    /// The shifts of the move under way, by block (row local), and the bounds its rows that
    /// name a moved pin end at (scratch, emptied after each move: flat lists, not one list per
    /// block, so that a copy of the tableau copies no lists).
    private var pendingShifts: [(slot: Int32, row: Int, amount: Double)] = []
    private var pendingTargets: [(slot: Int32, row: Int, lower: Double, upper: Double)] = []
    private var groupedShifts: [ParametricTableau.Shift] = []
    private var groupedTargets: [ParametricTableau.Target] = []
    private var movedPins: [Int32] = []
    /// Per block, its place in ``touched`` (-1: not touched; scratch).
    private var slotOfBlock: [Int32] = []
    private var touched: [Int32] = []
    /// Where each block's basis starts among the LP's positions, and where the pinned columns'
    /// start after them (``prepareHandBack()``).
    private var positionOffset: [Int] = []
    private var pinOffset = 0
    /// The blocks' work arrays (one set for all).
    private var scratch = ParametricTableau.Scratch()

    init(_ inputs: ParametricTableau.Inputs) {
        self.inputs = inputs
        m = inputs.rows.count
        n = inputs.columnValues.count
        values = inputs.columnValues
    }

    /// Whether the LP's basis can be read position by position from the blocks, for the
    /// model's linear steps to take it back (``prepareHandBack()``): the blocks' bases one after
    /// another, then each pinned column (basic, its pin row not: the basis is block triangular).
    var handsBack: Bool { phase == .split }

    /// Builds every block not built yet, and where each block's basis starts among the LP's
    /// positions (block after block); false when a block's basis cannot be followed.
    mutating func prepareHandBack() -> Bool {
        guard handsBack else { return false }
        positionOffset = []
        positionOffset.reserveCapacity(layout.rows.count)
        var offset = 0
        for block in layout.rows.indices {
            positionOffset.append(offset)
            offset += layout.rows.count(of: block)
            // (A block built and factorized is not touched: no copy of a box a copy shares.)
            if blocks[block]?.isFactorized == true { continue }
            makeWritable(block)
            guard blocks[block]!.tableau.factorizeNow() else { return false }
        }
        pinOffset = offset
        return true
    }

    /// Block `block`'s box, built at its first use, made this tableau's own to change (a box a
    /// copy of the split tableau shares is copied first).
    private mutating func makeWritable(_ block: Int) {
        if blocks[block] == nil {
            blocks[block] = Box(ParametricTableau(block: layout.rows[block], columns: layout.columns[block],
                                                  basic: layout.basic[block], of: inputs, localColumn: layout.localColumn,
                                                  pinnedPart: initialPart, costScale: layout.costScale))
        } else if !isKnownUniquelyReferenced(&blocks[block]) {
            blocks[block] = Box(blocks[block]!.tableau)
        }
    }

    /// The basic variable at each position (after ``prepareHandBack()``): its joint index in the
    /// LP, bounds and value, in order of position — the blocks' (a row's value and bounds with
    /// its pinned part, as the whole LP has them), then the pinned columns'.
    func forEachBasic(_ body: (_ position: Int, _ joint: Int, _ lower: Double, _ upper: Double, _ value: Double) -> Void) {
        for (block, box) in blocks.enumerated() {
            let offset = positionOffset[block], mb = layout.rows.count(of: block)
            box!.forEachBasic { p, k, lower, upper, value in
                if k < mb {
                    let row = Int(layout.rows.item(k, of: block)), part = pinnedPart[row]
                    body(offset + p, row, lower + part, upper + part, value + part)
                } else {
                    body(offset + p, m + Int(layout.columns.item(k - mb, of: block)), lower, upper, value)
                }
            }
        }
        for (index, pin) in layout.pins.enumerated() {
            body(pinOffset + index, m + Int(pin.column), pin.lower, pin.upper, pinValues[index])
        }
    }

    /// The position of row `i` among the basic variables, nil when it is not basic (a pin row
    /// never is).
    func basicPosition(ofRow i: Int) -> Int? {
        guard layout.pinOfRow[i] < 0 else { return nil }
        let block = Int(layout.blockOfRow[i])
        return blocks[block]!.basicPosition(ofRow: Int(layout.localRow[i])).map { positionOffset[block] + $0 }
    }

    /// How the basic variables move per unit of row `i`'s value (see
    /// ``ParametricTableau/direction(ofRow:into:)``), by position. A pin row moves its column
    /// by 1 / p (p its coefficient there), and with it each row naming the column by a / p (a
    /// the column's coefficient there): a basic row's value moves so, a non-basic row's block
    /// makes up for it (its own direction times -a / p).
    func direction(ofRow i: Int, into entries: inout [(position: Int, alpha: Double)]) {
        let pin = Int(layout.pinOfRow[i])
        guard pin >= 0 else {
            let block = Int(layout.blockOfRow[i])
            blocks[block]!.direction(ofRow: Int(layout.localRow[i]), offset: positionOffset[block], into: &entries)
            return
        }
        let p = layout.pins[pin]
        var sum: [Int: Double] = [pinOffset + pin: 1 / p.coefficient]
        var part: [(position: Int, alpha: Double)] = []
        for (other, a) in p.naming {
            let row = Int(other), block = Int(layout.blockOfRow[row]), factor = a / p.coefficient
            if let position = blocks[block]!.basicPosition(ofRow: Int(layout.localRow[row])) {
                sum[positionOffset[block] + position, default: 0] += factor
            } else {
                blocks[block]!.direction(ofRow: Int(layout.localRow[row]), offset: positionOffset[block], into: &part)
                for (position, alpha) in part { sum[position, default: 0] -= factor * alpha }
            }
        }
        entries.removeAll(keepingCapacity: true)
        for (position, alpha) in sum.sorted(by: { $0.key < $1.key }) where abs(alpha) > 1e-13 { entries.append((position, alpha)) }
    }

    /// Row `i`'s reduced cost (see ``ParametricTableau/rowReducedCost(_:)``); a pin row's is its
    /// column's cost and the non-basic rows naming the column's, as ``direction(ofRow:into:)``
    /// moves them.
    func rowReducedCost(_ i: Int) -> Double {
        let pin = Int(layout.pinOfRow[i])
        guard pin >= 0 else { return blocks[Int(layout.blockOfRow[i])]!.rowReducedCost(Int(layout.localRow[i])) }
        let p = layout.pins[pin]
        var cost = p.cost / p.coefficient
        for (other, a) in p.naming {
            let row = Int(other), block = Int(layout.blockOfRow[row]), local = Int(layout.localRow[row])
            if blocks[block]!.basicPosition(ofRow: local) == nil {
                cost -= a / p.coefficient * blocks[block]!.rowReducedCost(local)
            }
        }
        return cost
    }

    /// Moves the bounds of the given rows by the given amounts, following each block's optimal
    /// basis through its breakpoints (see ``ParametricTableau/move(_:)``); the objective before
    /// and after are the changed blocks' and pins' parts only (their difference is the LP's
    /// change). Nil — `self` then in an unspecified state — when the move cannot be followed.
    mutating func move(_ shifts: ArraySlice<ParametricTableau.Shift>) -> ParametricTableau.Moved? {
        guard readLayout() != nil else { return nil }
        defer {
            for b in touched { slotOfBlock[Int(b)] = -1 }
            touched.removeAll(keepingCapacity: true)
            pendingShifts.removeAll(keepingCapacity: true)
            pendingTargets.removeAll(keepingCapacity: true)
            movedPins.removeAll(keepingCapacity: true)
        }
        guard let pinned = movePins(shifts) else { return nil }
        guard let moved = moveBlocks() else { return nil }
        return ParametricTableau.Moved(pivots: moved.pivots, objectiveBefore: pinned.before + moved.before,
                                       objectiveAfter: pinned.after + moved.after, columnValues: values[...])
    }

    /// How the LP splits, found at the first call (or move): the number of blocks, nil when it
    /// cannot be followed so.
    @discardableResult
    mutating func readLayout() -> Int? {
        if phase == .unread {
            if let split = Self.split(inputs) {
                layout = split
                phase = .split
                start()
            } else {
                phase = .unusable
            }
        }
        return phase == .split ? layout.rows.count : nil
    }

    /// Takes the shifts in: the pins' new values (nil when one leaves its column's bounds), and
    /// the shifts and end bounds of the blocks' rows; the pins' part of the objective before and
    /// after.
    private mutating func movePins(_ shifts: ArraySlice<ParametricTableau.Shift>) -> (before: Double, after: Double)? {
        var before = 0.0, after = 0.0
        for (row, amount) in shifts where amount != 0 {
            let pin = layout.pinOfRow[row]
            guard pin >= 0 else {
                add(amount, toRow: Int32(row))
                baseLower[row] += amount
                baseUpper[row] += amount
                continue
            }
            // The pin row's bound moves as the whole LP's tableau would move it (start plus shift).
            if !movedPins.contains(pin) { movedPins.append(pin) }
            pinBounds[Int(pin)] += amount
        }
        for pin in movedPins {
            let p = layout.pins[Int(pin)]
            before += p.cost * pinValues[Int(pin)]
            pinValues[Int(pin)] = pinBounds[Int(pin)] / p.coefficient
            after += p.cost * pinValues[Int(pin)]
            let tolerance = 1e-9 * max(1, abs(pinValues[Int(pin)]))
            if pinValues[Int(pin)] < p.lower - tolerance || pinValues[Int(pin)] > p.upper + tolerance { return nil }
            values[Int(p.column)] = pinValues[Int(pin)]
        }
        // The rows naming a moved pin: their pinned part again, in one sum (the bounds a fresh
        // solve substituting the pinned values finds), the block moving by the difference.
        for pin in movedPins {
            for (other, _) in layout.pins[Int(pin)].naming {
                let row = Int(other)
                var part = 0.0
                for t in Int(layout.pinTermStart[row])..<Int(layout.pinTermStart[row + 1]) {
                    part += layout.pinTerms[t].coefficient * pinValues[Int(layout.pinTerms[t].pin)]
                }
                guard part != pinnedPart[row] else { continue }
                add(pinnedPart[row] - part, toRow: other)
                pinnedPart[row] = part
                // (The row's block was touched by the shift just added.)
                let slot = slotOfBlock[Int(layout.blockOfRow[row])]
                pendingTargets.append((slot, Int(layout.localRow[row]), baseLower[row] - part, baseUpper[row] - part))
            }
        }
        return (before, after)
    }

    /// Moves each block the pending shifts reach (building it at its first move); their pivots
    /// and part of the objective before and after, nil when one cannot follow its move.
    private mutating func moveBlocks() -> (pivots: Int, before: Double, after: Double)? {
        var pivots = 0, before = 0.0, after = 0.0
        // Each block's shifts and targets, in the order made: grouped by block (in the order
        // first touched) by counting, into flat lists whose slices the blocks move by.
        let slots = touched.count
        let shiftStart = Self.group(pendingShifts, slots: slots, slot: \.slot, element: { ($0.row, $0.amount) },
                                    into: &groupedShifts)
        let targetStart = Self.group(pendingTargets, slots: slots, slot: \.slot,
                                     element: { ParametricTableau.Target(row: $0.row, lower: $0.lower, upper: $0.upper) },
                                     into: &groupedTargets)
        for slot in 0..<slots {
            let block = Int(touched[slot])
            let shifts = groupedShifts[shiftStart[slot]..<shiftStart[slot + 1]]
            let targets = groupedTargets[targetStart[slot]..<targetStart[slot + 1]]
            makeWritable(block)
            guard let moved = blocks[block]!.tableau.move(shifts, scratch: &scratch, targets: targets) else {
                if blocks[block]!.tableau.notOptimalAtEveryLevel { notOptimalAtEveryLevel = true }
                return nil
            }
            pivots += moved.pivots
            before += moved.objectiveBefore
            after += moved.objectiveAfter
            for local in 0..<layout.columns.count(of: block) {
                values[Int(layout.columns.item(local, of: block))] = moved.columnValues[moved.columnValues.startIndex + local]
            }
        }
        return (pivots, before, after)
    }

    /// `items` grouped by their slot (`slot`, 0..<`slots`), each group in the order given, as
    /// `element` makes them, into `grouped` (a counting pass): where each slot's group starts,
    /// and past the last, where it ends.
    private static func group<Item, Element>(_ items: [Item], slots: Int, slot: (Item) -> Int32,
                                             element: (Item) -> Element, into grouped: inout [Element]) -> [Int] {
        var start = [Int](filled: 0, count: slots + 1)
        for item in items { start[Int(slot(item)) + 1] += 1 }
        for k in 0..<slots { start[k + 1] += start[k] }
        var fill = start, order = [Int](filled: 0, count: items.count)
        for (index, item) in items.enumerated() {
            let k = Int(slot(item))
            order[fill[k]] = index
            fill[k] += 1
        }
        grouped.removeAll(keepingCapacity: true)
        for index in order { grouped.append(element(items[index])) }
        return start
    }

    /// The state of a first move, from the LP as read.
    private mutating func start() {
        pinValues = layout.pins.map(\.original)
        pinBounds = layout.pins.map { inputs.rowBounds[Int($0.row)].interval.lower }
        (baseLower, baseUpper) = (Array(filled: 0, count: m), Array(filled: 0, count: m))
        for i in 0..<m { (baseLower[i], baseUpper[i]) = inputs.rowBounds[i].interval }
        pinnedPart = Array(filled: 0, count: m)
        for i in 0..<m {
            for t in Int(layout.pinTermStart[i])..<Int(layout.pinTermStart[i + 1]) {
                pinnedPart[i] += layout.pinTerms[t].coefficient * pinValues[Int(layout.pinTerms[t].pin)]
            }
        }
        initialPart = pinnedPart
        blocks = Array(filled: nil, count: layout.rows.count)
        slotOfBlock = Array(filled: -1, count: layout.rows.count)
    }

    /// Records a shift of row `row` (not a pin) for its block's move.
    private mutating func add(_ amount: Double, toRow row: Int32) {
        let block = Int(layout.blockOfRow[Int(row)])
        if slotOfBlock[block] < 0 {
            slotOfBlock[block] = Int32(touched.count)
            touched.append(Int32(block))
        }
        pendingShifts.append((slotOfBlock[block], Int(layout.localRow[Int(row)]), amount))
    }
}
