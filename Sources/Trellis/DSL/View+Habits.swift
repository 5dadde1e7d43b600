/// The anchors and makers of UIKit and SnapKit, answered by the compiler with the Trellis spelling.
/// None of these can be used: each exists only for its message.
extension View {
    /// SnapKit's `view.snp`.
    @available(*, unavailable, message: "constraints are written with ~ and installed with Tails: Tails.install(view~.top == root~ + 16)")
    public var snp: Never { fatalError("unavailable") }

    /// UIKit's `topAnchor`.
    @available(*, unavailable, message: "write view~.top (then Tails.install(view~.top == other~.bottom + 8))")
    public var topAnchor: Never { fatalError("unavailable") }
    /// UIKit's `bottomAnchor`.
    @available(*, unavailable, message: "write view~.bottom")
    public var bottomAnchor: Never { fatalError("unavailable") }
    /// UIKit's `leadingAnchor`.
    @available(*, unavailable, message: "write view~.leading")
    public var leadingAnchor: Never { fatalError("unavailable") }
    /// UIKit's `trailingAnchor`.
    @available(*, unavailable, message: "write view~.trailing")
    public var trailingAnchor: Never { fatalError("unavailable") }
    /// UIKit's `leftAnchor`.
    @available(*, unavailable, message: "write view~.left")
    public var leftAnchor: Never { fatalError("unavailable") }
    /// UIKit's `rightAnchor`.
    @available(*, unavailable, message: "write view~.right")
    public var rightAnchor: Never { fatalError("unavailable") }
    /// UIKit's `widthAnchor`.
    @available(*, unavailable, message: "write view~.width (view~.width == 100 for a constant)")
    public var widthAnchor: Never { fatalError("unavailable") }
    /// UIKit's `heightAnchor`.
    @available(*, unavailable, message: "write view~.height")
    public var heightAnchor: Never { fatalError("unavailable") }
    /// UIKit's `centerXAnchor`.
    @available(*, unavailable, message: "write view~.centerX")
    public var centerXAnchor: Never { fatalError("unavailable") }
    /// UIKit's `centerYAnchor`.
    @available(*, unavailable, message: "write view~.centerY")
    public var centerYAnchor: Never { fatalError("unavailable") }
    /// UIKit's `firstBaselineAnchor`.
    @available(*, unavailable, message: "write view~.firstBaseline")
    public var firstBaselineAnchor: Never { fatalError("unavailable") }
    /// UIKit's `lastBaselineAnchor`.
    @available(*, unavailable, message: "write view~.lastBaseline")
    public var lastBaselineAnchor: Never { fatalError("unavailable") }
}
