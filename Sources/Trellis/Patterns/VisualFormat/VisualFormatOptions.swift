/// Options of ``Tails/visual(_:metrics:views:options:standardSpacing:standardEdgeSpacing:file:line:)``,
/// as Apple's `NSLayoutConstraint.FormatOptions`: align every view of the format on an attribute
/// across the format's axis, choose the direction of an `H:` format, or measure the gaps of a `V:`
/// format between baselines.
///
/// ```swift
/// try Tails.visual("H:|-[icon]-[title]-|", views: ["icon": icon, "title": title], options: .alignAllCenterY)
/// ```
public struct VisualFormatOptions: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int

    /// Creates options from bits.
    ///
    /// ```swift
    /// let options = VisualFormatOptions(rawValue: 0)    // none
    /// ```
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Left edges equal (`V:` formats).
    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 0)
    /// Right edges equal (`V:` formats).
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 1)
    /// Top edges equal (`H:` formats).
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 2)
    /// Bottom edges equal (`H:` formats).
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 3)
    /// Leading edges equal (`V:` formats).
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 4)
    /// Trailing edges equal (`V:` formats).
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 5)
    /// Horizontal centres equal (`V:` formats).
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 6)
    /// Vertical centres equal (`H:` formats).
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 7)
    /// First baselines equal (`H:` formats).
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 8)
    /// Last baselines equal (`H:` formats).
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 9)
    /// `H:` formats run from the leading to the trailing edge (the default): RTL layouts mirror them.
    public static let directionLeadingToTrailing = VisualFormatOptions(rawValue: 1 << 16)
    /// `H:` formats run from left to right whatever the layout direction.
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 1 << 17)
    /// `H:` formats run from right to left whatever the layout direction.
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 1 << 18)
    /// `V:` formats measure gaps from a view's last baseline to the next view's first baseline.
    public static let spacingBaselineToBaseline = VisualFormatOptions(rawValue: 1 << 19)

    /// Each alignment option with its attribute and whether it belongs to `H:` formats.
    static let alignments: [(option: VisualFormatOptions, name: String, attribute: LayoutAttribute, horizontalFormat: Bool)] = [
        (.alignAllLeft, "alignAllLeft", .left, false), (.alignAllRight, "alignAllRight", .right, false),
        (.alignAllTop, "alignAllTop", .top, true), (.alignAllBottom, "alignAllBottom", .bottom, true),
        (.alignAllLeading, "alignAllLeading", .leading, false), (.alignAllTrailing, "alignAllTrailing", .trailing, false),
        (.alignAllCenterX, "alignAllCenterX", .centerX, false), (.alignAllCenterY, "alignAllCenterY", .centerY, true),
        (.alignAllFirstBaseline, "alignAllFirstBaseline", .firstBaseline, true),
        (.alignAllLastBaseline, "alignAllLastBaseline", .lastBaseline, true),
    ]
}
