/// The simplex runs every LP of the solver goes through, the component solve's
/// (``ComponentSolver``) and the diagnostics' (``DiagnosticModel``): one retry sequence, one
/// exact finish, one way of fixing a level's optimal face.
extension LinearProgram {
    /// Where a run's first attempt starts.
    enum Start {
        /// Skip it: start cold, with GLPK's presolver.
        case cold
        /// From the current basis (a transplanted one, or the last level's), with the dual
        /// simplex (`dual`) or the primal one.
        case currentBasis(dual: Bool)
    }

    /// One simplex run with fallbacks: first, unless `start` is ``Start/cold``, from the current
    /// basis; then cold with GLPK's presolver and the dual simplex; then from GLPK's advanced
    /// basis with the primal simplex.
    /// - Throws: ``TrellisError/limitExceeded(_:)`` (`timeLimitMessage`) when the time budget
    ///   runs out; ``TrellisError/numericalFailure(_:)`` — "GLPK could not solve `subject`" with
    ///   each attempt's reason — when every attempt fails, or the fault GLPK's guard caught.
    func runWithFallbacks(_ start: Start, timeLimit: Int?, timeLimitMessage: @autoclosure () -> String,
                          subject: @autoclosure () -> String) throws -> Outcome {
        // (No attempt runs on a row too wide for the simplex method: one reason, not three.)
        if fault == nil, let reason = tooWideReason {
            throw TrellisError.numericalFailure("GLPK could not solve \(subject()) (\(reason))")
        }
        var reasons: [String] = []
        func attempt(presolve: Bool, dual: Bool) throws -> Outcome? {
            let outcome = simplex(presolve: presolve, dual: dual, timeLimit: timeLimit)
            switch outcome {
            case .optimal, .infeasible: return outcome
            case .timeLimit: throw TrellisError.limitExceeded(timeLimitMessage())
            case .failed(let reason):
                try verify()   // a caught GLPK fault: retrying cannot help
                reasons.append(reason)
                return nil
            }
        }
        if case .currentBasis(let dual) = start, let outcome = try attempt(presolve: false, dual: dual) { return outcome }
        if let outcome = try attempt(presolve: true, dual: true) { return outcome }
        resetBasis()
        if let outcome = try attempt(presolve: false, dual: false) { return outcome }
        throw TrellisError.numericalFailure("GLPK could not solve \(subject()) (\(reasons.joined(separator: "; then ")))")
    }

    /// Whether the dual simplex method from the current basis reaches the optimum within
    /// `iterations` iterations (false: it did not — the limit or the time limit was reached, the
    /// problem is infeasible, or the run failed; the basis is then wherever the run stopped).
    func reachesOptimum(within iterations: Int, timeLimit: Int?) -> Bool {
        precondition(iterations > 0, "LinearProgram.reachesOptimum: no iterations")
        return simplex(presolve: false, dual: true, timeLimit: timeLimit, iterationLimit: Int32(iterations)) == .optimal
    }

    /// Finishes an optimal level in exact arithmetic (its weights span more than 1e9).
    /// - Throws: ``TrellisError/limitExceeded(_:)`` (`timeLimitMessage`) when the time budget
    ///   runs out; ``TrellisError/numericalFailure(_:)`` when the exact run fails.
    func finishExactly(timeLimit: Int?, timeLimitMessage: @autoclosure () -> String) throws -> Outcome {
        let outcome = exactPolish(timeLimit: timeLimit)
        switch outcome {
        case .optimal, .infeasible:
            return outcome
        case .timeLimit:
            throw TrellisError.limitExceeded(timeLimitMessage())
        case .failed(let reason):
            try verify()
            throw TrellisError.numericalFailure("exact re-solve of a level with weight ratio beyond 1e9 failed (\(reason))")
        }
    }

    /// Fixes the rows (k < ``rowCount``) and columns (k − ``rowCount``) listed in `binding` — a
    /// level's ``LevelCertificate/binding`` — where they stand, restricting the problem to the
    /// level's optimal face; returns what was fixed: (k, value).
    func fixWhereTheyStand(_ binding: [Int]) -> [(Int, Double)] {
        let m = rowCount
        var fixed: [(Int, Double)] = []
        for k in binding {
            if k < m {
                let value = rowValue(k)
                setRowBound(k, .fixed(value))
                fixed.append((k, value))
            } else {
                let value = columnValue(k - m)
                setColumnBound(k - m, .fixed(value))
                fixed.append((k, value))
            }
        }
        return fixed
    }
}
