/// The direction in which a layout reads, which decides what `leading` and `trailing` mean.
///
/// ```swift
/// root.semanticContentAttribute = .forceRightToLeft
/// root.effectiveLayoutDirection      // .rightToLeft, and so for every descendant that does not force one
/// ```
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Leading is left, trailing is right.
    case leftToRight
    /// Leading is right, trailing is left.
    case rightToLeft

    /// `leftToRight` or `rightToLeft`.
    public var description: String { rawValue }
}
