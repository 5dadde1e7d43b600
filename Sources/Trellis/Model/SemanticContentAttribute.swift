/// Whether a view decides its own layout direction or inherits its superview's.
///
/// ```swift
/// toolbar.semanticContentAttribute = .forceLeftToRight   // stays left-to-right inside an RTL screen
/// ```
public enum SemanticContentAttribute: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Inherit the superview's direction (left-to-right for a view without superview).
    case unspecified
    /// Always left-to-right; descendants that don't force one inherit it.
    case forceLeftToRight
    /// Always right-to-left; descendants that don't force one inherit it.
    case forceRightToLeft

    /// The case name.
    public var description: String { rawValue }
}
