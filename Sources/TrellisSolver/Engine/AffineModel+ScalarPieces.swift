import TrellisSupport

// The steps of an ``AffineModel`` whose component left one-variable pieces out of its LP
// (``ScalarPieces``): the pieces whose rows moved are solved again in closed form.
extension AffineModel {
    /// Lists (once each) the pieces the rows of `changes` with a new constant belong to.
    static func markPieces(_ changes: some Collection<(index: Int, constant: Double, weight: Double)>,
                           pieces: ScalarPieces, moving: inout Moving) {
        if moving.pieceMarks.count != pieces.count { moving.pieceMarks = Array(filled: false, count: pieces.count) }
        moving.pieceList.removeAll()
        for (index, constant, _) in changes where constant != moving.constants[index] {
            let piece = Int(pieces.pieceOfSource[index])
            guard piece >= 0, !moving.pieceMarks[piece] else { continue }
            moving.pieceMarks[piece] = true
            moving.pieceList.append(piece)
        }
    }

    /// Sets every mark of ``markPieces(_:pieces:moving:)`` back to false.
    static func clearPieceMarks(_ moving: inout Moving) {
        for k in 0..<moving.pieceList.count { moving.pieceMarks[moving.pieceList[k]] = false }
    }

    /// Solves the listed pieces again at the constants the step took (``Moving/constants``),
    /// writing their values (journaled) and what the substitutions make of them; false — the
    /// caller takes the step back — when a piece has no value any more (its required rows
    /// cannot hold): the simplex method judges.
    static func solvePieces(_ pieces: ScalarPieces, values: inout [Double], moving: inout Moving,
                            presolve: Presolve) -> Bool {
        let before = moving.changed.count
        for k in 0..<moving.pieceList.count {
            let piece = moving.pieceList[k]
            guard let value = pieces.solve(piece, constants: moving.constants, presolve: presolve) else { return false }
            let variable = pieces.variable(of: piece)
            guard value != moving.remaining[variable] else { continue }
            moving.remainingJournal.append((variable, moving.remaining[variable]))
            moving.valueJournal.append((variable, values[variable]))
            moving.remaining[variable] = value
            values[variable] = value + 0
            moving.changed.append(variable)
        }
        // What the substitutions make of them, after what the LP's part of the step changed
        // (expanded already, or evaluated: kept as listed, passed on where the pieces reach it).
        reexpand(&moving, values: &values, presolve: presolve, from: before)
        return true
    }
}
