import Trellis

/// A range of sizes written as a Swift range expression in a layout document: `..<600`,
/// `...600`, `600...`, `600..<1024`, `600...1024`.
struct SizeRangeText {
    let lower: Double?
    let upper: Double?
    let closed: Bool

    /// Reads `text`; nil unless it is one of the five forms with finite numbers in -1e6...1e6 and
    /// a lower bound not above the upper one (below it for `..<`).
    init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        let closedRange = trimmed.firstRange(of: "...")
        let openRange = trimmed.firstRange(of: "..<")
        guard let operatorRange = openRange ?? closedRange else { return nil }
        let left = String(trimmed[..<operatorRange.lowerBound]).trimmingSpaces
        let right = String(trimmed[operatorRange.upperBound...]).trimmingSpaces
        func bound(_ text: String) -> Double?? {
            if text.isEmpty { return .some(nil) }
            guard let value = Double(text), value.isFinite, abs(value) <= LayoutDocument.maximumMagnitude,
                  text.allSatisfy({ "0123456789.-+eE".contains($0) }) else { return nil }
            return .some(value + 0)
        }
        guard let lower = bound(left), let upper = bound(right), lower != nil || upper != nil else { return nil }
        closed = openRange == nil
        // `600..<` is not Swift; neither is an open range without an upper bound.
        if upper == nil, !closed { return nil }
        if let lower, let upper, closed ? lower > upper : lower >= upper { return nil }
        self.lower = lower
        self.upper = upper
    }

    /// `.width(range)` or `.height(range)`, with the same range type Swift code would use.
    func query(width: Bool) -> SizeQuery {
        switch (lower, upper, closed) {
        case (nil, let upper?, false): width ? .width(..<upper) : .height(..<upper)
        case (nil, let upper?, true): width ? .width(...upper) : .height(...upper)
        case (let lower?, nil, _): width ? .width(lower...) : .height(lower...)
        case (let lower?, let upper?, false): width ? .width(lower..<upper) : .height(lower..<upper)
        case (let lower?, let upper?, true): width ? .width(lower...upper) : .height(lower...upper)
        case (nil, nil, _): .any
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
