import Trellis

/// A view that shows an ``Image``: its intrinsic content size is the image's size (none without an
/// image), as a `UIImageView`'s, and ``PictureRenderer`` draws the image into its bounds by
/// ``contentMode``.
///
/// ```swift
/// let avatar = ImageView(id: "avatar", image: try Image(contentsOfFile: "avatar.png"),
///                        contentMode: .scaleAspectFill)
/// root.addSubview(avatar)
/// Tails.install(avatar~.top.leading == root~ + 16)      // 160 × 160: the image's size
/// ```
///
/// Assigning `intrinsicContentSize` overrides the image's size until ``image`` changes.
public final class ImageView: View {
    /// The image shown (nil: nothing, and no intrinsic size).
    public var image: Image? {
        didSet { if image !== oldValue { intrinsicContentSize = image?.size } }
    }
    /// How the image fills the bounds (default ``ContentMode/scaleToFill``, as UIKit's).
    public var contentMode: ContentMode

    /// Creates an image view.
    /// - Parameters:
    ///   - id: A name for diagnostics and snapshots.
    ///   - image: The image shown; its size is the intrinsic content size.
    ///   - contentMode: How the image fills the bounds.
    public init(id: String? = nil, image: Image? = nil, contentMode: ContentMode = .scaleToFill) {
        self.image = image
        self.contentMode = contentMode
        super.init(id: id)
        intrinsicContentSize = image?.size
    }
}
