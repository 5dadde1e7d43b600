/// A split group's blocks sorted into families — the same rows (relations, priorities, terms),
/// constants aside — and, within a family, kinds of the same constants
/// (``SolverEngine/solveAlikeBlocks(_:states:remaining:)``).
///
/// Found by comparison alone: a family by its counts of variables and rows, then row by row
/// against each family of those counts (a few); a kind by a hash of its constants within its
/// family, then compared exactly (a thousand rows of all different heights are a thousand
/// kinds of one family).
struct AlikeBlocks {
    struct Kind {
        /// The state of the kind's first block.
        let state: Int
        let family: Int
    }

    /// A solved kind of a family: its solution (with its affine model and basis), constants and
    /// what certifies its optimum as the only one.
    struct Template {
        let solution: ComponentState.Solution
        let constants: [Double]
        let certificate: UniquenessCertificate
    }

    /// The most solved kinds a family keeps to move others from (one a basis: a text shorter
    /// than its avatar, one taller, one as tall; tried nearest in constants first, so more cost
    /// little), so that a family whose kinds need several bases does not solve kind after kind.
    static let templatesPerFamily = 8

    /// The state of each family's first block.
    private(set) var families: [Int] = []
    private(set) var kinds: [Kind] = []
    /// Each block's kind, by position in the order the blocks were added.
    private(set) var kindOf: [Int] = []
    private var familiesByCounts = ListsByKey()
    private var kindsByConstants = ListsByKey()

    /// Sorts the block of state `index` in; false when it would make more than `mostFamilies`.
    mutating func add(_ index: Int, states: [ComponentState], mostFamilies: Int) -> Bool {
        let state = states[index]
        let counts = UInt64(state.component.variables.count) << 32 | UInt64(state.baseConstants.count)
        var family = -1
        for candidate in familiesByCounts.list(counts) {
            let first = states[families[candidate]]
            if ComponentTemplates.sameRows(state, first, otherConstants: first.baseConstants, compared: { _ in false }) {
                family = candidate
                break
            }
        }
        if family < 0 {
            guard families.count < mostFamilies else { return false }
            family = families.count
            familiesByCounts.append(family, to: counts)
            families.append(index)
        }
        let key = Self.key(state.baseConstants, family: family)
        for candidate in kindsByConstants.list(key) where kinds[candidate].family == family
            && states[kinds[candidate].state].baseConstants == state.baseConstants {
            kindOf.append(candidate)
            return true
        }
        kindsByConstants.append(kinds.count, to: key)
        kindOf.append(kinds.count)
        kinds.append(Kind(state: index, family: family))
        return true
    }

    /// Each family's rows whose constant differs between some of its kinds, ascending (the
    /// rows its solves keep as edit rows, to move along).
    func movingRows(states: [ComponentState]) -> [[Int]] {
        var moves: [[Bool]] = families.map { Array(repeating: false, count: states[$0].baseConstants.count) }
        for kind in kinds where kind.state != families[kind.family] {
            let constants = states[kind.state].baseConstants, first = states[families[kind.family]].baseConstants
            for row in constants.indices where constants[row] != first[row] { moves[kind.family][row] = true }
        }
        return moves.map { rows in rows.indices.filter { rows[$0] } }
    }

    /// A non-zero hash of a family's constants (their bit patterns).
    private static func key(_ constants: [Double], family: Int) -> UInt64 {
        var key: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(family)
        for constant in constants { key = (key ^ constant.bitPattern) &* 0x100_0000_01B3 }
        return key | 1
    }
}
