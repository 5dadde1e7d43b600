/// Why ``PictureRenderer`` could not draw a picture.
public enum PictureRenderingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scale is not a positive finite number.
    case invalidScale(Double)
    /// The picture's size in points (the root's frame plus the margins) is not finite and
    /// positive, or makes an image beyond Cairo's limits (32 767 pixels a side for PNG,
    /// 14 400 points a side for PDF).
    case invalidSize(width: Double, height: Double)
    /// A label's font family is not installed (with ``PictureRenderer/FontPolicy/requireInstalled``).
    case fontUnavailable(label: String, font: String, resolvedFamily: String)
    /// Cairo reported an error: the operation and Cairo's message.
    case cairo(operation: String, status: String)
    /// An image could not be read: where from (a path) and why.
    case unreadableImage(source: String, reason: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .invalidScale(let scale):
            "invalid scale \(scale): expected a positive finite number"
        case .invalidSize(let width, let height):
            "invalid picture size \(width) × \(height) points: expected finite, positive and within Cairo's limits"
        case .fontUnavailable(let label, let font, let resolved):
            "\(label): font \"\(font)\" is not installed (fontconfig would use \"\(resolved)\"); "
                + "install it, or on Debian `apt-get install fonts-dejavu-core` for the default font"
        case .cairo(let operation, let status):
            "cairo: \(operation) failed: \(status)"
        case .unreadableImage(let source, let reason):
            "cannot read the image \(source): \(reason)"
        }
    }
}
