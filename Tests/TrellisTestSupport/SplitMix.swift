/// SplitMix64, the one deterministic generator of the tests: the same start gives the same numbers
/// on every machine, so a failing seed can be replayed (the tests must not depend on the system's
/// random numbers).
package struct SplitMix: RandomNumberGenerator {
    package var state: UInt64

    /// A generator whose first number is SplitMix64's output after `state`.
    package init(state: UInt64) { self.state = state }

    /// A generator seeded one step past `seed` (as the solver tests' shuffles always were).
    package init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) (the top 53 bits of the next number).
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A number in 0..<n.
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A number in `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True `percent` times in a hundred.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `values`.
    package mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
