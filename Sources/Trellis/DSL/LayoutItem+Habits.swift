/// Attributes written without `~` (`a.top == b.bottom`), answered by the compiler with the `~`
/// spelling. None of these can be used: each exists only for its message, and each returns the
/// anchors the `~` spelling would, so the message is the only error the line gets.
///
/// A subclass of ``View`` may declare properties with these names (`top`, `size`, `center`, …)
/// of its own: the subclass's member is found first, and these never take part.
extension LayoutItem {
    /// `view.left` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.left")
    public var left: LayoutAnchors { fatalError("unavailable") }
    /// `view.right` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.right")
    public var right: LayoutAnchors { fatalError("unavailable") }
    /// `view.top` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.top")
    public var top: LayoutAnchors { fatalError("unavailable") }
    /// `view.bottom` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.bottom")
    public var bottom: LayoutAnchors { fatalError("unavailable") }
    /// `view.leading` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.leading")
    public var leading: LayoutAnchors { fatalError("unavailable") }
    /// `view.trailing` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.trailing")
    public var trailing: LayoutAnchors { fatalError("unavailable") }
    /// `view.width` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.width (the solved width is view.frame.width)")
    public var width: LayoutAnchors { fatalError("unavailable") }
    /// `view.height` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.height (the solved height is view.frame.height)")
    public var height: LayoutAnchors { fatalError("unavailable") }
    /// `view.centerX` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.centerX")
    public var centerX: LayoutAnchors { fatalError("unavailable") }
    /// `view.centerY` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.centerY")
    public var centerY: LayoutAnchors { fatalError("unavailable") }
    /// `view.firstBaseline` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.firstBaseline")
    public var firstBaseline: LayoutAnchors { fatalError("unavailable") }
    /// `view.lastBaseline` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.lastBaseline")
    public var lastBaseline: LayoutAnchors { fatalError("unavailable") }
    /// `view.edges` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.edges")
    public var edges: LayoutAnchors { fatalError("unavailable") }
    /// `view.directionalEdges` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.directionalEdges")
    public var directionalEdges: LayoutAnchors { fatalError("unavailable") }
    /// `view.size` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.size (the solved size is view.frame.size)")
    public var size: LayoutAnchors { fatalError("unavailable") }
    /// `view.center` without `~`.
    @available(*, unavailable, message: "attributes are read through ~: write view~.center")
    public var center: LayoutAnchors { fatalError("unavailable") }
}
