extension Tails {
    /// A scroll view (Layoutless's `scrolling(_:)`): its views stacked along `axis` in a
    /// ``StackView`` (`id.content`) whose edges are pinned to the scroll view's
    /// ``ScrollView/contentLayoutGuide`` and which is as wide as the
    /// ``ScrollView/frameLayoutGuide`` for `.vertical` (as tall for `.horizontal`): the content
    /// scrolls along `axis` only, and its length there is the ``ScrollView/contentSize``.
    ///
    /// ```swift
    /// let list = Tails.scroll(.vertical, id: "list") { rowA; rowB }
    /// root.addSubview(list)
    /// Tails.install(list~.edges == EdgeInsets(0))
    /// ```
    ///
    /// - Parameters:
    ///   - axis: The direction the content scrolls in.
    ///   - spacing: The gap between the views.
    ///   - id: The scroll view's id, for diagnostics and snapshots.
    ///   - file: The file recorded for diagnostics (the caller's, by default).
    ///   - line: The line recorded for diagnostics (the caller's, by default).
    ///   - content: One view per line, as in ``stack(_:spacing:distribution:alignment:id:file:line:_:)``.
    public static func scroll(_ axis: LayoutAxis, spacing: Double = 0, id: String? = nil, file: String = #fileID,
                              line: UInt = #line, @StackBuilder _ content: () -> [StackElement]) -> ScrollView {
        let scroll = ScrollView(id: id)
        let stack = StackView(id: "\(scroll.name).content", axis: axis, spacing: spacing, distribution: .fill,
                              alignment: .fill, file: file, line: line)
        stack.arrange(content())
        scroll.addSubview(stack)
        let content = scroll.contentLayoutGuide, frame = scroll.frameLayoutGuide
        let across = axis == .vertical ? stack~.width == frame~.width : stack~.height == frame~.height
        Tails.install([stack~.edges == content~.edges, across], file: file, line: line)
        return scroll
    }
}
