/// UIKit's autoresizing mask: which parts of a frame-placed view stretch when its superview's
/// size changes (``View/autoresizingMask``, used when
/// ``View/translatesAutoresizingMaskIntoConstraints`` is true).
///
/// On each axis a frame splits the superview's size into three parts: the leading margin
/// (left or top), the size, and the trailing margin (right or bottom). When the superview's
/// size changes by `d` from the reference size (the superview's size when the frame was set):
/// - no flexible part: the left (top) margin and the size stay, the right (bottom) margin takes `d`;
/// - otherwise `d` is shared among the flexible parts in proportion to their sizes at the
///   reference (part + d × part / sum of flexible parts), as UIKit does;
/// - when the flexible parts are all zero, Trellis shares `d` equally among them.
///
/// ```swift
/// badge.translatesAutoresizingMaskIntoConstraints = true
/// badge.frame = Rect(x: 300, y: 10, width: 60, height: 20)
/// badge.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
/// ```
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The mask's bits.
    public let rawValue: Int

    /// Creates a mask from its bits (UIKit's values).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// How one axis moves with the superview: `position = start + a × d`,
    /// `size = length + b × d` for a change `d` of the superview's length from `reference`.
    func factors(horizontal: Bool, start: Double, length: Double, reference: Double) -> (position: Double, size: Double) {
        let flexible = horizontal
            ? (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin))
            : (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin))
        let parts = [(flexible.0, start), (flexible.1, length), (flexible.2, reference - start - length)]
        let count = parts.filter(\.0).count
        guard count > 0 else { return (0, 0) }
        let sum = parts.reduce(0.0) { $0 + ($1.0 ? $1.1 : 0) }
        func share(_ index: Int) -> Double {
            guard parts[index].0 else { return 0 }
            return sum == 0 ? 1 / Double(count) : parts[index].1 / sum
        }
        return (share(0), share(1))
    }
}

/// What a view keeps for its autoresizing mask: whether it translates it, the mask, the frame
/// set in code and the superview's size at that moment (the reference the mask resizes from).
struct AutoresizingState {
    var translates = false
    var mask: AutoresizingMask = []
    var frame: Rect?
    var reference: Size?
}
