import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// Components split at translation bridges (``BridgeSplit``, ``SolverEngine/Slides``) give what
/// the same system solved unsplit gives, through constant updates and structural changes; a
/// feed-like chain really falls apart into one block per row, and blocks held in place by an
/// absolute pin do not.
@Suite("Bridge splitting")
struct BridgeSplitTests {
    /// One row of a feed on the vertical axis: its top and height, an avatar's and a text's.
    struct Row {
        let top = Variable("top"), height = Variable("height")
        let avatarTop = Variable("avatar.top"), avatarHeight = Variable("avatar.height")
        let textTop = Variable("text.top"), textHeight = Variable("text.height")
        var variables: [Variable] { [top, height, avatarTop, avatarHeight, textTop, textHeight] }
    }

    /// A chain of feed rows under a pinned root: the constraints, the bridges (`row_i.top ==
    /// row_{i-1}.bottom + gap`), each text's two intrinsic rows, and the variables.
    struct Feed {
        var constraints: [Constraint] = []
        var bridges: [Constraint] = []
        var intrinsic: [(low: Constraint, high: Constraint)] = []
        var variables: [Variable] = []
        var rows: [Row] = []

        init(rows count: Int, rng: inout SplitMix, pinEvery: Int = 0, softLinks: Bool = false,
             closing: Relation? = nil) {
            let rootTop = Variable("root.top")
            variables.append(rootTop)
            constraints.append(rootTop == 0)
            for i in 0..<count {
                let row = Row()
                rows.append(row)
                variables += row.variables
                let above = i == 0 ? LinearExpression(rootTop) : rows[i - 1].top + rows[i - 1].height
                let bridge = row.top == above + Double(rng.int(0...16))
                bridges.append(bridge)
                let text = Double(rng.int(10...90))
                let low = (row.textHeight >= text) ~~ .priority(750)
                let high = (row.textHeight <= text) ~~ .priority(250)
                intrinsic.append((low, high))
                constraints += [bridge, low, high,
                                row.avatarTop == row.top + Double(rng.int(0...12)),
                                row.textTop == row.top + Double(rng.int(0...12)),
                                row.avatarHeight == 48,
                                row.top + row.height >= row.avatarTop + row.avatarHeight,
                                row.top + row.height >= row.textTop + row.textHeight,
                                (row.height == 0) ~~ .priority(51)]
                if rng.below(3) == 0 {
                    constraints.append((row.textHeight == Double(rng.int(20...70))) ~~ .priority(500))
                }
                if pinEvery > 0 && i % pinEvery == pinEvery - 1 {
                    // An absolute pin (lowest level: it can only be violated, never decide a size).
                    constraints.append((row.top == Double(rng.int(0...5000))) ~~ .priority(20))
                }
                if softLinks && i >= 2 && rng.below(4) == 0 {
                    // A soft link two rows up: invariant, but a second path between the blocks.
                    constraints.append((row.top - rows[i - 2].top <= Double(rng.int(100...300))) ~~ .priority(10))
                }
            }
            if let closing, let last = rows.last {
                // A container around the rows, its bottom the last row's (a stack, a chat's list).
                let top = Variable("container.top"), height = Variable("container.height")
                variables += [top, height]
                constraints.append(top == rootTop)
                constraints.append(Constraint(top + height - last.top - last.height, closing))
            }
        }
    }

    static func solver(_ constraints: [Constraint], splitting: Bool) throws -> Solver {
        let solver = Solver()
        solver.splitsAtBridges = splitting
        try solver.add(constraints)
        try solver.solve()
        return solver
    }

    /// The same system solved by a splitting solver and by an unsplit one.
    static func solvers(_ constraints: [Constraint]) throws -> (split: Solver, plain: Solver) {
        (try solver(constraints, splitting: true), try solver(constraints, splitting: false))
    }

    /// A text measured again at `height`: both its intrinsic rows moved in both solvers, both solved.
    static func remeasure(_ text: (low: Constraint, high: Constraint), to height: Double,
                          in split: Solver, _ plain: Solver) throws {
        for solver in [split, plain] {
            _ = try solver.updateConstant(of: text.low, to: -height)
            _ = try solver.updateConstant(of: text.high, to: -height)
            try solver.solve()
        }
    }

    static func expectSame(_ split: Solver, _ plain: Solver, _ variables: [Variable], _ context: String) {
        for variable in variables {
            let a = split.value(of: variable), b = plain.value(of: variable)
            #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(context): \(variable) split \(a) vs unsplit \(b)")
        }
        var read: [Double] = [], places = Solver.ValuePlaces()
        split.values(of: variables, into: &read, places: &places)
        for (k, variable) in variables.enumerated() {
            #expect(abs(read[k] - plain.value(of: variable)) <= 1e-9 * max(1, abs(read[k])),
                    "\(context): \(variable) read in bulk")
        }
        #expect(abs(split.objective - plain.objective) <= 1e-9 * max(1, abs(plain.objective)), "\(context): objective")
    }

    @Test("A feed-like chain is solved whole first, splits into one block per row at its first re-solve, and gives the unsplit values")
    func feedSplits() throws {
        var rng = SplitMix(seed: 21)
        let feed = Feed(rows: 200, rng: &rng)
        let (split, plain) = try Self.solvers(feed.constraints)
        // The first solve is one LP per component: nothing is searched or split yet.
        #expect(split.bridgeCount == 0)
        #expect(split.statistics.componentSolves == plain.statistics.componentSolves)
        Self.expectSame(split, plain, feed.variables, "cold")
        // A text measured again: the component splits, and only that text's block is solved.
        var solves = split.statistics.componentSolves
        try Self.remeasure(feed.intrinsic[150], to: 85, in: split, plain)
        #expect(split.bridgeCount == 200)
        #expect(split.statistics.componentSolves == solves + 1)
        Self.expectSame(split, plain, feed.variables, "first text changed")
        // A gap changed: the rows below only slide, nothing is solved again.
        solves = split.statistics.componentSolves
        let moved = try split.updateConstant(of: feed.bridges[120], to: -30)
        _ = try plain.updateConstant(of: feed.bridges[120], to: -30)
        try split.solve()
        try plain.solve()
        #expect(split.statistics.componentSolves == solves)
        #expect(split.statistics.affineSteps == 0)
        Self.expectSame(split, plain, feed.variables, "gap changed")
        // Two more texts (each block solved alone).
        try Self.remeasure(feed.intrinsic[40], to: 12, in: split, plain)
        try Self.remeasure(feed.intrinsic[151], to: 30, in: split, plain)
        #expect(split.statistics.componentSolves <= solves + 2)
        Self.expectSame(split, plain, feed.variables, "texts changed")
        #expect(moved.expression.constant == -30)
    }

    @Test("A chain of required equalities alone (determined: nothing to optimise) is not split; one soft row makes it split")
    func determinedChainsStayWhole() throws {
        func chain(soft: Bool) throws -> (solver: Solver, tops: [Variable], bridges: [Constraint]) {
            let root = Variable("root.top")
            var constraints = [root == 0]
            var tops: [Variable] = [], heights: [Variable] = [], bridges: [Constraint] = []
            var bottom = LinearExpression(root)
            for i in 0..<50 {
                let top = Variable("top\(i)"), height = Variable("height\(i)")
                let bridge = top == bottom + 8
                constraints += [bridge, height == Double(20 + i % 7)]
                tops.append(top)
                heights.append(height)
                bridges.append(bridge)
                bottom = top + height
            }
            // A size row (it slides with its block): an optimum to find, however trivial.
            if soft { constraints.append((heights[10] <= 5) ~~ .priority(1)) }
            let solver = Solver()
            solver.splitsAtBridges = true
            solver.splitsFromTheStart = true
            try solver.add(constraints)
            try solver.solve()
            return (solver, tops, bridges)
        }
        let determined = try chain(soft: false)
        #expect(determined.solver.bridgeCount == 0)
        // A gap change follows the substitutions (one step), the rows below move with it.
        _ = try determined.solver.updateConstant(of: determined.bridges[5], to: -30)
        try determined.solver.solve()
        var expected = 0.0
        for (i, top) in determined.tops.enumerated() {
            expected += i == 5 ? 30 : 8
            #expect(determined.solver.value(of: top) == expected)
            expected += Double(20 + i % 7)
        }
        #expect(try chain(soft: true).solver.bridgeCount > 0)
    }

    @Test("A chain closed by its container's height splits too (and gives the unsplit values)",
          arguments: [Relation.equal, .greaterThanOrEqual])
    func closedChainSplits(closing: Relation) throws {
        var rng = SplitMix(seed: 33)
        let feed = Feed(rows: 80, rng: &rng, closing: closing)
        let (split, plain) = try Self.solvers(feed.constraints)
        Self.expectSame(split, plain, feed.variables, "cold")
        try Self.remeasure(feed.intrinsic[79], to: 200, in: split, plain)
        // Closed by an equality: the container's height is a block of its own, and then its
        // top (held by the root only); by an inequality the chain is a ring (nothing splits).
        #expect(split.bridgeCount == (closing == .equal ? 82 : 0))
        Self.expectSame(split, plain, feed.variables, "last text changed")
    }

    @Test("A chain closed by its container at a last item only its own content rows size splits too (a form's footnote)")
    func closedAtContentSizedItemSplits() throws {
        var rng = SplitMix(seed: 34)
        var feed = Feed(rows: 80, rng: &rng)
        // After the rows, a note whose height only its intrinsic rows hold, and a container
        // whose bottom is the note's: the container's height is fixed by that closing row alone,
        // which is then all that joins the note's height to the rest.
        let rootTop = feed.variables[0], last = feed.rows[79]
        let noteTop = Variable("note.top"), noteHeight = Variable("note.height")
        let top = Variable("container.top"), height = Variable("container.height")
        feed.variables += [noteTop, noteHeight, top, height]
        let note = ((noteHeight >= 36) ~~ .priority(750), (noteHeight <= 36) ~~ .priority(250))
        feed.constraints += [noteTop == last.top + last.height + 12, note.0, note.1, top == rootTop,
                             top + height == noteTop + noteHeight]
        let (split, plain) = try Self.solvers(feed.constraints)
        Self.expectSame(split, plain, feed.variables, "cold")
        try Self.remeasure(feed.intrinsic[40], to: 120, in: split, plain)
        try Self.remeasure(note, to: 54, in: split, plain)
        // One block per row (and the container's height and the note's top, each held by one
        // row): without the note's height in the root block, the chain stayed a ring, whole.
        #expect(split.bridgeCount >= 80)
        Self.expectSame(split, plain, feed.variables, "a text and the note changed")
    }

    @Test("A chain of rows whose heights only required alignments hold splits into one block per row (a dashboard's rows of tiles)")
    func rowsHeldByAlignmentsSplit() throws {
        // Each row's tiles span it (top and bottom equal to the row's, required), each tile's
        // content soft inside it; the next row 10 below. Only required equalities reach a row's
        // height, so the search meets it from the row's top through the gap to the next row
        // first: the gap is still the only row joining the rows below to the rest (one bridge a
        // row, the first row's to the root; without that, the rows the search met so were left whole).
        var rng = SplitMix(seed: 35)
        let rootTop = Variable("root.top")
        var constraints = [rootTop == 0], variables = [rootTop], texts: [(low: Constraint, high: Constraint)] = []
        var above = LinearExpression(rootTop)
        for r in 0..<40 {
            let top = Variable("row\(r).top"), height = Variable("row\(r).height")
            variables += [top, height]
            constraints.append(top == above + 10)
            for k in 0..<3 {
                let tileTop = Variable("tile\(r).\(k).top"), tileHeight = Variable("tile\(r).\(k).height")
                let textTop = Variable("text\(r).\(k).top"), textHeight = Variable("text\(r).\(k).height")
                variables += [tileTop, tileHeight, textTop, textHeight]
                let content = Double(rng.int(18...54))
                let text = ((textHeight >= content) ~~ .priority(750), (textHeight <= content) ~~ .priority(250))
                texts.append(text)
                constraints += [tileTop == top, tileTop + tileHeight == top + height, textTop == tileTop + 8,
                                (tileTop + tileHeight == textTop + textHeight + 8) ~~ .priority(500), text.0, text.1]
            }
            above = top + height
        }
        let (split, plain) = try Self.solvers(constraints)
        Self.expectSame(split, plain, variables, "cold")
        try Self.remeasure(texts[61], to: 90, in: split, plain)
        #expect(split.bridgeCount == 40, "\(split.bridgeCount) bridges")
        Self.expectSame(split, plain, variables, "a text changed")
    }

    @Test("Blocks pinned absolutely, or linked twice, do not split off", arguments: [(3, false), (0, true), (5, true)])
    func pinnedBlocksStay(pinEvery: Int, softLinks: Bool) throws {
        var rng = SplitMix(seed: UInt64(100 + pinEvery))
        let feed = Feed(rows: 60, rng: &rng, pinEvery: pinEvery, softLinks: softLinks)
        let (split, plain) = try Self.solvers(feed.constraints)
        Self.expectSame(split, plain, feed.variables, "cold")
        try Self.remeasure(feed.intrinsic[30], to: 70, in: split, plain)
        #expect(split.bridgeCount < 60)
        Self.expectSame(split, plain, feed.variables, "text changed")
    }

    /// A text's intrinsic rows moved to `height` in one solver; returns their replacements.
    static func update(_ text: (low: Constraint, high: Constraint), to height: Double,
                       in solver: Solver) throws -> (low: Constraint, high: Constraint) {
        (try solver.updateConstant(of: text.low, to: -height), try solver.updateConstant(of: text.high, to: -height))
    }

    @Test("A component solved again whole first (one row moved), then split with a stepped solution, agrees with the unsplit solve")
    func splitAfterWholeResolve() throws {
        var rng = SplitMix(seed: 77)
        let feed = Feed(rows: 50, rng: &rng)
        let (split, plain) = try Self.solvers(feed.constraints)
        var splitBridges = feed.bridges, plainBridges = feed.bridges
        func gap(_ index: Int, _ gap: Double) throws {
            splitBridges[index] = try split.updateConstant(of: splitBridges[index], to: -gap)
            plainBridges[index] = try plain.updateConstant(of: plainBridges[index], to: -gap)
            try split.solve()
            try plain.solve()
            Self.expectSame(split, plain, feed.variables, "gap \(index) at \(gap)")
            let cold = try Self.solver(split.constraints, splitting: false)
            Self.expectSame(split, cold, feed.variables, "gap \(index) at \(gap) against cold")
        }
        // One row moved: the component is solved again whole (the row a parameter from then on).
        try gap(20, 30)
        #expect(split.bridgeCount == 0)
        try gap(20, 5)
        #expect(split.bridgeCount == 0)
        // Another row, which cannot step: the component splits, every block solved again (its
        // solution had an affine model).
        try gap(33, 12)
        #expect(split.bridgeCount == 50)
        // Then a text measured again (its block alone), and gaps (slides only).
        try Self.remeasure(feed.intrinsic[41], to: 30, in: split, plain)
        Self.expectSame(split, plain, feed.variables, "text 41")
        let solves = split.statistics.componentSolves
        try gap(20, 9)
        try gap(48, 0)
        #expect(split.statistics.componentSolves == solves)
    }

    @Test("A structural solve splits a component with moved rows when it builds it")
    func movedRowsSplitWhenBuilt() throws {
        var rng = SplitMix(seed: 78)
        let feed = Feed(rows: 40, rng: &rng)
        let (split, plain) = try Self.solvers(feed.constraints)
        let extra = (feed.rows[10].height >= 60) ~~ .priority(300)
        for solver in [split, plain] {
            _ = try solver.updateConstant(of: feed.intrinsic[20].low, to: -75)
            try solver.add(extra)
            try solver.solve()
        }
        #expect(split.bridgeCount == 40)
        Self.expectSame(split, plain, feed.variables, "rebuilt with a moved row")
    }

    @Test("Random chains: split and unsplit agree through constant updates and structural changes",
          arguments: 0..<12)
    func randomChains(seed: UInt64) throws {
        var rng = SplitMix(seed: 7_000 + seed)
        var feed = Feed(rows: 4 + rng.below(30), rng: &rng, pinEvery: rng.below(3) == 0 ? 2 + rng.below(5) : 0,
                        softLinks: rng.below(2) == 0, closing: rng.below(2) == 0 ? .equal : nil)
        let (split, plain) = try Self.solvers(feed.constraints)
        Self.expectSame(split, plain, feed.variables, "seed \(seed) cold")
        // Each solver's handles (an update returns each solver its own replacement).
        var bridges = feed.bridges.map { ($0, $0) }
        var intrinsic = feed.intrinsic.map { ($0.low, $0.high, $0.low, $0.high) }
        func replace(_ old: Constraint, with new: Constraint) {
            if let k = feed.constraints.firstIndex(where: { $0 === old }) { feed.constraints[k] = new }
        }
        for round in 0..<8 {
            switch rng.below(4) {
            case 0:
                // Gaps between rows (bridges: only shifts move).
                for _ in 0..<1 + rng.below(3) {
                    let i = rng.below(bridges.count)
                    let constant = -Double(rng.int(0...30))
                    let a = try split.updateConstant(of: bridges[i].0, to: constant)
                    let b = try plain.updateConstant(of: bridges[i].1, to: constant)
                    replace(bridges[i].0, with: a)
                    bridges[i] = (a, b)
                }
            case 1, 2:
                // Texts measured again (both intrinsic rows of a few rows).
                for _ in 0..<1 + rng.below(6) {
                    let i = rng.below(intrinsic.count)
                    let constant = -Double(rng.int(10...90))
                    let (low, high, plainLow, plainHigh) = intrinsic[i]
                    let newLow = try split.updateConstant(of: low, to: constant)
                    let newHigh = try split.updateConstant(of: high, to: constant)
                    let newPlainLow = try plain.updateConstant(of: plainLow, to: constant)
                    let newPlainHigh = try plain.updateConstant(of: plainHigh, to: constant)
                    replace(low, with: newLow)
                    replace(high, with: newHigh)
                    intrinsic[i] = (newLow, newHigh, newPlainLow, newPlainHigh)
                }
            default:
                // A bridge removed and another put in its place (a row moved to another gap).
                let i = rng.below(bridges.count)
                let (old, plainOld) = bridges[i]
                try split.remove(old)
                try plain.remove(plainOld)
                let replacement = Constraint(LinearExpression(old.expression.terms, constant: -Double(rng.int(0...40))), .equal)
                try split.add(replacement)
                try plain.add(replacement)
                bridges[i] = (replacement, replacement)
                replace(old, with: replacement)
            }
            try split.solve()
            try plain.solve()
            Self.expectSame(split, plain, feed.variables, "seed \(seed) round \(round)")
            let cold = try Self.solver(feed.constraints, splitting: false)
            Self.expectSame(split, cold, feed.variables, "seed \(seed) round \(round) against cold")
        }
    }

    @Test("A conflict inside a split block names the constraints the unsplit solve names")
    func conflictsAsUnsplit() throws {
        var rng = SplitMix(seed: 5)
        let feed = Feed(rows: 30, rng: &rng)
        let broken = feed.rows[17].avatarHeight == 40
        func conflict(splitting: Bool) throws -> [ObjectIdentifier] {
            let solver = try Self.solver(feed.constraints, splitting: splitting)
            // A text measured again first: the split solver is split from then on.
            _ = try solver.updateConstant(of: feed.intrinsic[3].low, to: -70)
            _ = try solver.updateConstant(of: feed.intrinsic[3].high, to: -70)
            try solver.solve()
            #expect(solver.bridgeCount == (splitting ? 30 : 0))
            try solver.add(broken)
            do {
                try solver.solve()
            } catch TrellisError.unsatisfiable(let conflict) {
                return conflict.map(ObjectIdentifier.init)
            }
            return []
        }
        let split = try conflict(splitting: true), plain = try conflict(splitting: false)
        #expect(!split.isEmpty)
        #expect(split == plain)
    }
}
