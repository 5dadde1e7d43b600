extension ImplicitRows {
    /// The rows of a scroll view's guides: the frame guide's left, top, width and height equal
    /// the scroll view's; the content guide's left and top are the scroll view's (the content
    /// origin at zero offset). The content guide's size is left to the constraints.
    static func scrollGuideSpecs(_ scroll: ScrollView) -> [ImplicitSpec] {
        var specs: [ImplicitSpec] = []
        for (guide, edges) in [(scroll.frameLayoutGuide, RootEdge.allCases), (scroll.contentLayoutGuide, [.left, .top])] {
            guard guide.owningView === scroll else { continue }
            let content = guide === scroll.contentLayoutGuide
            for edge in edges {
                // Keyed by the scroll view (the one item a spec names first): `scroll.left == guide.left`.
                specs.append(ImplicitSpec(item: scroll, role: .scrollGuide(content: content, edge), attribute: edge.attribute,
                                          relation: .equal, value: 0, priority: .required, label: .scrollGuide,
                                          others: [ImplicitOperand(item: guide, attribute: edge.attribute, coefficient: 1)]))
            }
        }
        return specs
    }

    /// The four required rows of a view that translates its autoresizing mask, linear in its
    /// superview's size: `left == super.left + a × super.width + (x − a × W₀)` and
    /// `width == b × super.width + (w − b × W₀)` (likewise vertically), where `W₀` is the
    /// reference width and `a`, `b` the mask's shares (``AutoresizingMask``).
    static func autoresizingSpecs(_ view: View) -> [ImplicitSpec] {
        guard let superview = view.superview else { return [] }
        let frame = view.autoresizing.frame ?? view.frame
        if view.autoresizing.reference == nil {
            // A frame set before the view had a superview: resize from the superview's size now.
            view.autoresizing.frame = frame
            view.autoresizing.reference = superview.frame.size
        }
        let reference = view.autoresizing.reference ?? superview.frame.size
        let mask = view.autoresizingMask
        var specs: [ImplicitSpec] = []
        for horizontal in [true, false] {
            let (position, size, length) = horizontal
                ? (RootEdge.left, RootEdge.width, reference.width) : (.top, .height, reference.height)
            let start = position.value(in: frame), extent = size.value(in: frame)
            let (a, b) = mask.factors(horizontal: horizontal, start: start, length: extent, reference: length)
            var others = [ImplicitOperand(item: superview, attribute: position.attribute, coefficient: 1)]
            if a != 0 { others.append(ImplicitOperand(item: superview, attribute: size.attribute, coefficient: a)) }
            specs.append(ImplicitSpec(item: view, role: .autoresizing(position), attribute: position.attribute,
                                      relation: .equal, value: start - a * length, priority: .required,
                                      label: .autoresizingMask, others: others))
            specs.append(ImplicitSpec(item: view, role: .autoresizing(size), attribute: size.attribute,
                                      relation: .equal, value: extent - b * length, priority: .required,
                                      label: .autoresizingMask,
                                      others: b != 0 ? [ImplicitOperand(item: superview, attribute: size.attribute, coefficient: b)] : []))
        }
        return specs
    }
}
