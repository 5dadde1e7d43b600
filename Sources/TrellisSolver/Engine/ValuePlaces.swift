import TrellisSupport

extension Solver {
    /// Where each of a list of variables lives in a solver's components, found once and kept for
    /// ``values(of:into:places:)`` while the components stay those it was found in.
    package struct ValuePlaces {
        /// The engine and its ``SolverEngine/placesGeneration`` the places were found for (nil: none yet).
        var engine: SolverEngine?
        var generation = 0
        var count = -1
        /// The variables grouped by component state: group g is entries[start[g]..<start[g+1]]
        /// of state `state[g]`, each (position in the list, position in the component).
        var state: [Int] = []
        var start: [Int] = [0]
        var entries: [(output: Int, position: Int)] = []
        /// Positions in the list of variables the solver does not know (their value is 0).
        var unknown: [Int] = []

        /// No places yet: the first read finds them.
        package init() {}
    }
}

extension SolverEngine {
    /// ``Solver/values(of:into:)``: each variable's value, the solver's state read once.
    func values(of variables: [Variable], into values: inout [Double]) {
        if !slides.isEmpty {
            if values.count != variables.count { values = [Double](filled: 0, count: variables.count) }
            for (k, variable) in variables.enumerated() { values[k] = value(of: variable) }
            return
        }
        let index = variableIndex, places = self.places
        let solved = states.map { $0.solution?.values }
        if values.count != variables.count { values = [Double](filled: 0, count: variables.count) }
        variables.withUnsafeBufferPointer { variables in
            places.withUnsafeBufferPointer { places in
                values.withUnsafeMutableBufferPointer { out in
                    for position in 0..<variables.count {
                        guard let slot = index.index(of: variables[position].id) else { out[position] = 0; continue }
                        let place = places[Int(slot)]
                        out[position] = solved[Int(place.state)]?[Int(place.position)] ?? 0
                    }
                }
            }
        }
    }

    /// ``Solver/values(of:into:places:)``: the places of `variables` kept in `cache` from one
    /// call to the next (the same variables each time; found again after a structural solve),
    /// no look-up per variable, and each component's values read once.
    func values(of variables: [Variable], into values: inout [Double], places cache: inout Solver.ValuePlaces) {
        if cache.engine !== self || cache.generation != placesGeneration || cache.count != variables.count {
            cache = Solver.ValuePlaces()
            cache.engine = self
            cache.generation = placesGeneration
            cache.count = variables.count
            var byState: [[(output: Int, position: Int)]] = Array(filled: [], count: states.count)
            for (output, variable) in variables.enumerated() {
                guard let slot = variableIndex.index(of: variable.id) else { cache.unknown.append(output); continue }
                let place = places[Int(slot)]
                byState[Int(place.state)].append((output, Int(place.position)))
            }
            for (state, entries) in byState.enumerated() where !entries.isEmpty {
                cache.state.append(state)
                cache.entries.append(contentsOf: entries)
                cache.start.append(cache.entries.count)
            }
        }
        if values.count != variables.count { values = [Double](filled: 0, count: variables.count) }
        let states = self.states
        values.withUnsafeMutableBufferPointer { out in
            for output in cache.unknown { out[output] = 0 }
            cache.entries.withUnsafeBufferPointer { entries in
                for group in cache.state.indices {
                    let range = cache.start[group]..<cache.start[group + 1]
                    guard let solved = states[cache.state[group]].solution?.values else {
                        for k in range { out[entries[k].output] = 0 }
                        continue
                    }
                    solved.withUnsafeBufferPointer { solved in
                        for k in range { out[entries[k].output] = solved[entries[k].position] }
                    }
                    slide(out, state: cache.state[group], entries: entries, range: range)
                }
            }
        }
    }
}
