extension View {
    /// A height-for-width measurement: given the width the view is laid out at, the size of its
    /// content (say, text wrapped to that width). Setting it makes the view's content size come
    /// from the callback instead of ``intrinsicContentSize``.
    ///
    /// ```swift
    /// let bio = View(id: "bio")
    /// let textWidth = 600.0, lineHeight = 20.0                 // one line of 600 points unwrapped
    /// bio.sizeForWidth = { width in
    ///     let lines = max(1, (textWidth / width).rounded(.up))
    ///     return Size(width: min(textWidth, width), height: lines * lineHeight)
    /// }
    /// Tails.install(bio~.top.leading.trailing == root~ + EdgeInsets(16))   // root 320 wide
    /// try root.layoutIfNeeded()
    /// bio.frame.size                                           // 288 × 60: three lines
    /// ```
    ///
    /// Each layout pass calls it first with 10 000 000 (``View/layoutFittingExpandedSize``'s width:
    /// return the unwrapped size), solves, calls it again with the solved width, and solves again
    /// while the answer changes — at most 10 solves, after which the pass throws
    /// ``LayoutError/notConverged(rounds:unsettled:)``. Every pass starts over, so the frames
    /// depend only on the views and constraints, not on earlier passes. The width may be zero (a
    /// view squeezed out): guard divisions. A component of the answer that is negative, NaN or
    /// infinite means "no intrinsic size on that axis". The measured size is held with the view's
    /// content hugging and compression resistance priorities, like an intrinsic size.
    ///
    /// Answers are cached per width, as UIKit caches a label's size: when what the closure
    /// measures changes (new text), call ``View/invalidateIntrinsicContentSize()``. Setting a new
    /// closure where there was one does that itself: the next pass moves the view's content-size
    /// rows and lowers nothing else again (setting the first one, or nil, is a change of the
    /// view's rows: the next pass lowers every constraint again).
    ///
    /// The view keeps the closure: capture the view itself `weak` or `unowned` in it.
    public var sizeForWidth: ((Double) -> Size)? {
        get { sizeMeasurement?.measure }
        set {
            if let newValue, let measurement = sizeMeasurement {
                // A new callback for a measured view (new text, say): only its content size may
                // change, as after invalidateIntrinsicContentSize(); nothing is lowered again.
                measurement.measure = newValue
                invalidateIntrinsicContentSize()
                return
            }
            layoutParticipants.removeAll { $0 is SizeMeasurement }
            if let newValue { layoutParticipants.append(SizeMeasurement(view: self, measure: newValue)) }
        }
    }
}
