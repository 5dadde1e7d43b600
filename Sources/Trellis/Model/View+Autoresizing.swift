extension View {
    /// Whether the view is placed by its ``frame`` and ``autoresizingMask`` rather than by
    /// constraints alone (UIKit's property; default `false`).
    ///
    /// When true, and the view has a superview, the layout pass adds four required rows named
    /// `autoresizing mask of <view>` that hold the frame set in code relative to the superview,
    /// resized as the mask says (``AutoresizingMask``). Other constraints may refer to the
    /// view; one that contradicts the rows is a conflict naming them.
    ///
    /// ```swift
    /// badge.translatesAutoresizingMaskIntoConstraints = true
    /// badge.frame = Rect(x: 300, y: 10, width: 60, height: 20)
    /// badge.autoresizingMask = [.flexibleLeftMargin]
    /// ```
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoresizing.translates }
        set {
            guard newValue != autoresizing.translates else { return }
            autoresizing.translates = newValue
            if newValue { noteAutoresizingFrame(frame) }
            setNeedsLayout()
        }
    }

    /// Which parts of the frame stretch when the superview's size changes (UIKit's property; default empty).
    public var autoresizingMask: AutoresizingMask {
        get { autoresizing.mask }
        set {
            autoresizing.mask = newValue
            if autoresizing.translates { setNeedsLayout() }
        }
    }

    /// Records a frame set in code, and the superview's size now, for the mask rows.
    func noteAutoresizingFrame(_ frame: Rect) {
        autoresizing.frame = frame
        autoresizing.reference = superview?.frame.size
    }
}
