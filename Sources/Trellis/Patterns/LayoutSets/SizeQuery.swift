import TrellisSupport

/// A condition on a view's size that chooses a case of a ``LayoutSet`` — a breakpoint.
///
/// ```swift
/// Tails.layoutSet(for: root)
///     .when(.width(..<600)) { … }                           // compact
///     .when(.width(600..<1024).and(.landscape)) { … }
///     .otherwise { … }
/// ```
public struct SizeQuery: CustomStringConvertible {
    private let test: (Size) -> Bool
    /// What the query checks, for diagnostics: `width in ..<600`.
    public let description: String

    /// A query with a custom test.
    ///
    /// ```swift
    /// let square = SizeQuery.matching("square") { abs($0.width - $0.height) < 1 }
    /// ```
    public static func matching(_ description: String = "custom", _ test: @escaping (Size) -> Bool) -> SizeQuery {
        SizeQuery(test: test, description: description)
    }

    /// The width lies in `range`: `.width(..<600)`, `.width(600...)`, `.width(600..<1024)`.
    ///
    /// ```swift
    /// SizeQuery.width(..<600).matches(Size(width: 375, height: 667))   // true
    /// ```
    public static func width<R: RangeExpression<Double>>(_ range: R) -> SizeQuery {
        SizeQuery(test: { range.contains($0.width) }, description: "width in \(rangeText(range))")
    }

    /// The height lies in `range`: `.height(..<500)`.
    ///
    /// ```swift
    /// SizeQuery.height(500...).matches(Size(width: 375, height: 667))  // true
    /// ```
    public static func height<R: RangeExpression<Double>>(_ range: R) -> SizeQuery {
        SizeQuery(test: { range.contains($0.height) }, description: "height in \(rangeText(range))")
    }

    /// Wider than tall.
    ///
    /// ```swift
    /// SizeQuery.landscape.matches(Size(width: 800, height: 600))   // true
    /// ```
    public static var landscape: SizeQuery { SizeQuery(test: { $0.width > $0.height }, description: "landscape") }

    /// At least as tall as wide.
    ///
    /// ```swift
    /// SizeQuery.portrait.matches(Size(width: 375, height: 667))    // true
    /// ```
    public static var portrait: SizeQuery { SizeQuery(test: { $0.height >= $0.width }, description: "portrait") }

    /// Every size (what ``LayoutSet/otherwise(_:)`` uses).
    ///
    /// ```swift
    /// SizeQuery.any.matches(.zero)    // true
    /// ```
    public static var any: SizeQuery { SizeQuery(test: { _ in true }, description: "any size") }

    /// Both queries hold.
    ///
    /// ```swift
    /// let tablet = SizeQuery.width(600...).and(.height(600...))
    /// ```
    public func and(_ other: SizeQuery) -> SizeQuery {
        let first = test, second = other.test
        return SizeQuery(test: { first($0) && second($0) }, description: "\(description) and \(other.description)")
    }

    /// Whether `size` satisfies the query.
    ///
    /// ```swift
    /// SizeQuery.width(..<600).matches(Size(width: 700, height: 400))   // false
    /// ```
    public func matches(_ size: Size) -> Bool { test(size) }

    private static func rangeText<R: RangeExpression<Double>>(_ range: R) -> String {
        switch range {
        case let r as Range<Double>: "\(NumberFormat.short(r.lowerBound))..<\(NumberFormat.short(r.upperBound))"
        case let r as ClosedRange<Double>: "\(NumberFormat.short(r.lowerBound))...\(NumberFormat.short(r.upperBound))"
        case let r as PartialRangeUpTo<Double>: "..<\(NumberFormat.short(r.upperBound))"
        case let r as PartialRangeThrough<Double>: "...\(NumberFormat.short(r.upperBound))"
        case let r as PartialRangeFrom<Double>: "\(NumberFormat.short(r.lowerBound))..."
        default: "\(range)"
        }
    }
}
