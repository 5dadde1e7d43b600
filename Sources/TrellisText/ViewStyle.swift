import Trellis

/// How a view looks in a finished picture, UIKit's way (`backgroundColor`, `layer.borderWidth`,
/// `layer.borderColor`, `layer.cornerRadius`, `alpha`, `clipsToBounds`). Styles belong to the
/// pictures, not to the layout: they never change a frame. Give them to ``PictureRenderer``
/// through ``PictureStyles``.
///
/// ```swift
/// var styles = PictureStyles()
/// styles[card] = ViewStyle(background: Color(hex: "#ffffff")!, borderWidth: 1,
///                          borderColor: Color(hex: "#e2e8f0")!, cornerRadius: 12, clipsToBounds: true)
/// ```
///
/// **Drawing order**, as Core Animation composites a layer: the background (inside the rounded
/// corners), the view's own content (a label's text, an image view's image, a drawing callback),
/// the subviews back to front (clipped to the rounded bounds when ``clipsToBounds``), then the
/// border on top, inside the bounds. ``opacity`` applies to the view and everything in it as one
/// group, as a layer's opacity does.
public struct ViewStyle: Sendable, Hashable {
    /// The fill behind the content, inside the corner radius (nil: none, the default).
    public var background: Color?
    /// The border's width in points, drawn inside the bounds (default 0: none). Negative counts as 0.
    public var borderWidth: Double
    /// The border's colour (default black).
    public var borderColor: Color
    /// The radius of the four corners, in points (default 0), limited to half the shorter side.
    public var cornerRadius: Double
    /// The opacity of the view and its subtree, 0...1 (default 1).
    public var opacity: Double
    /// Whether the subviews (and an image view's image) are clipped to the rounded bounds (default false).
    public var clipsToBounds: Bool

    /// Creates a style; every part is optional.
    public init(background: Color? = nil, borderWidth: Double = 0, borderColor: Color = .black, cornerRadius: Double = 0,
                opacity: Double = 1, clipsToBounds: Bool = false) {
        self.background = background
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.clipsToBounds = clipsToBounds
    }
}
