/// The wall-clock budget of one solve (``SolveLimits/milliseconds``).
struct Budget {
    let clock: ContinuousClock
    let deadline: ContinuousClock.Instant?
    let milliseconds: Int?

    init(limits: SolveLimits) {
        let clock = ContinuousClock()
        self.clock = clock
        milliseconds = limits.milliseconds
        deadline = limits.milliseconds.map { clock.now.advanced(by: .milliseconds(max(0, $0))) }
    }

    /// Milliseconds left of the budget (nil: unlimited); throws once it is spent.
    func remaining() throws -> Int? {
        guard let deadline, let budget = milliseconds else { return nil }
        let left = clock.now.duration(to: deadline)
        guard left > .zero else { throw TrellisError.limitExceeded("the solve took longer than its budget of \(budget) ms") }
        return max(1, Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
    }
}
