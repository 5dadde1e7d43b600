import TrellisSupport

extension AffineModel {
    /// A determined step's new constants (journaled in ``Moving/constantJournal``) taken to the
    /// substitutions they reach, and those evaluated again with everything that depends on them,
    /// in evaluation order (journaled, listed in ``Moving/changed``). Which substitutions those
    /// are depends on which rows moved only: found once for a set of rows (a resize moves the
    /// root's row step after step) and kept. The first step of a set replays the tape: the
    /// values a presolve with the new constants gives, bit for bit. Later steps of one row move
    /// the substitutions' constants along their slopes (one multiply-add each, as a linear
    /// step moves basic variables along a direction); several rows replay the tape every time.
    /// False (constants and values untouched) when a row the elimination used up would no
    /// longer hold, or a value would not be finite.
    static func determinedStep(_ moving: inout Moving, tape: ConstantTape, values: inout [Double], presolve: Presolve) -> Bool {
        if !moving.substitutions.built {
            moving.substitutions = FlatSubstitutions(presolve.substitutions, variables: presolve.lower.count)
        }
        // (The rows moved: the slots of the constants' journal.)
        let journal = moving.constantJournal.elements
        var replay = true
        if journal.count == 1, moving.tapeKey.count == 1, moving.tapeKey[0] == journal.first!.0 {
            replay = moving.tapeSlopes == nil
        } else {
            var rows = journal.map { row, _ in row }
            rows.sort()
            if rows != moving.tapeKey { plan(rows, &moving, tape: tape, variables: values.count) }
        }
        if replay {
            guard tape.replay(moving.constants, rows: &moving.tapeRows, made: &moving.tapeMade) else {
                moving.rollBackConstants()
                return false
            }
            moving.tapeMade.withUnsafeBufferPointer { made in
                moving.substitutions.constant.withUnsafeMutableBufferPointer { constant in
                    for k in moving.tapeMoved where made[k].bitPattern != constant[k].bitPattern {
                        moving.substitutionJournal.append((k, constant[k]))
                        constant[k] = made[k]
                    }
                }
            }
        } else if let slopes = moving.tapeSlopes {
            let (row, old) = journal.first!
            let delta = moving.constants[row] - old
            moving.tapeMoved.withUnsafeBufferPointer { moved in
                slopes.withUnsafeBufferPointer { slopes in
                    moving.substitutions.constant.withUnsafeMutableBufferPointer { constant in
                        moving.substitutionJournal.append(upTo: moved.count, filler: (0, 0)) { substitutionJournal in
                            for i in 0..<moved.count {
                                let k = moved[i]
                                substitutionJournal[i] = (k, constant[k])
                                constant[k] += slopes[i] * delta
                            }
                            return moved.count
                        }
                    }
                }
            }
        }
        if !moving.tapeOrder.isEmpty {
            moving.substitutions.evaluate(moving.tapeOrder, into: &values, journal: &moving.valueJournal, changed: &moving.changed)
        }
        // Finite values satisfy every row (the elimination used them all up, checks included):
        // the step needs no check of the rows. One beyond double precision goes to the simplex
        // method, which reports it as a cold solve does.
        for index in 0..<moving.changed.count where !values[moving.changed[index]].isFinite {
            undo(&moving, values: &values)
            return false
        }
        return true
    }

    /// Finds, for a determined step of `rows` (sorted), the substitutions whose constants they
    /// move, those to evaluate again, and (one row) the slopes.
    private static func plan(_ rows: [Int], _ moving: inout Moving, tape: ConstantTape, variables: Int) {
        let count = moving.substitutions.variable.count
        if moving.dirty.count != variables { moving.dirty = Array(filled: false, count: variables) }
        if moving.pending.count != count { moving.pending = Array(filled: false, count: count) }
        moving.tapeMoved = tape.substitutions(movedBy: rows, rowCount: moving.constants.count)
        moving.tapeOrder.removeAll(keepingCapacity: true)
        moving.substitutions.dependents(ofSubstitutions: moving.tapeMoved, dirty: &moving.dirty, pending: &moving.pending,
                                        touched: &moving.touched, order: &moving.tapeOrder)
        moving.tapeSlopes = rows.count == 1
            ? tape.slopes(of: rows[0], rowCount: moving.constants.count, substitutions: moving.tapeMoved) : nil
        moving.tapeKey = rows
    }
}
