/// How an image fills its view's bounds: UIKit's content modes of the same names.
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    /// Stretched to the bounds on both axes (the aspect ratio may change). The default.
    case scaleToFill
    /// Scaled, keeping its aspect ratio, to fit inside the bounds, centred (it may leave bands).
    case scaleAspectFit
    /// Scaled, keeping its aspect ratio, to cover the bounds, centred (it may spill past them:
    /// set ``ViewStyle/clipsToBounds`` to cut it).
    case scaleAspectFill
    /// At its own size, centred (it may spill past the bounds).
    case center
}
