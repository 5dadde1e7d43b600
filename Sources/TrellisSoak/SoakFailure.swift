/// A soak check that failed: the reason, printed before the soak exits non-zero.
struct SoakFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
