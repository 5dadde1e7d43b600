/// The anchors and makers of UIKit and SnapKit, answered by the compiler with the Trellis spelling.
/// None of these can be used: each exists only for its message. Each returns what the Trellis
/// spelling would (`view~.top` for `topAnchor`), so a UIKit or SnapKit chain after it meets the
/// next hint (`constraint(equalTo:constant:)`, `makeConstraints`) instead of "Never has no member".
extension View {
    /// SnapKit's `view.snp`.
    @available(*, unavailable, message: "constraints are written with ~ and installed with Tails: Tails.install(view~.top == root~ + 16)")
    public var snp: SnapKitHabit { SnapKitHabit(view: self) }

    /// UIKit's `topAnchor`.
    @available(*, unavailable, message: "write view~.top (then Tails.install(view~.top == other~.bottom + 8))")
    public var topAnchor: LayoutAnchors { self~.top }
    /// UIKit's `bottomAnchor`.
    @available(*, unavailable, message: "write view~.bottom")
    public var bottomAnchor: LayoutAnchors { self~.bottom }
    /// UIKit's `leadingAnchor`.
    @available(*, unavailable, message: "write view~.leading")
    public var leadingAnchor: LayoutAnchors { self~.leading }
    /// UIKit's `trailingAnchor`.
    @available(*, unavailable, message: "write view~.trailing")
    public var trailingAnchor: LayoutAnchors { self~.trailing }
    /// UIKit's `leftAnchor`.
    @available(*, unavailable, message: "write view~.left")
    public var leftAnchor: LayoutAnchors { self~.left }
    /// UIKit's `rightAnchor`.
    @available(*, unavailable, message: "write view~.right")
    public var rightAnchor: LayoutAnchors { self~.right }
    /// UIKit's `widthAnchor`.
    @available(*, unavailable, message: "write view~.width (view~.width == 100 for a constant)")
    public var widthAnchor: LayoutAnchors { self~.width }
    /// UIKit's `heightAnchor`.
    @available(*, unavailable, message: "write view~.height")
    public var heightAnchor: LayoutAnchors { self~.height }
    /// UIKit's `centerXAnchor`.
    @available(*, unavailable, message: "write view~.centerX")
    public var centerXAnchor: LayoutAnchors { self~.centerX }
    /// UIKit's `centerYAnchor`.
    @available(*, unavailable, message: "write view~.centerY")
    public var centerYAnchor: LayoutAnchors { self~.centerY }
    /// UIKit's `firstBaselineAnchor`.
    @available(*, unavailable, message: "write view~.firstBaseline")
    public var firstBaselineAnchor: LayoutAnchors { self~.firstBaseline }
    /// UIKit's `lastBaselineAnchor`.
    @available(*, unavailable, message: "write view~.lastBaseline")
    public var lastBaselineAnchor: LayoutAnchors { self~.lastBaseline }
}
