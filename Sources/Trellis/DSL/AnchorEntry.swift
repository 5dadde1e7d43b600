/// One attribute named in a chain such as `view~.top.left`, with the composite it came from.
package struct AnchorEntry {
    package let attribute: LayoutAttribute
    /// A far edge (bottom, right, trailing) of an inset composite (`edges`, `directionalEdges`):
    /// an inequality on it is flipped, so that `>=` means "inside by at least".
    package let flipsInequality: Bool

    package init(_ attribute: LayoutAttribute, flipsInequality: Bool = false) {
        self.attribute = attribute
        self.flipsInequality = flipsInequality
    }

    /// `edges`: top, left, bottom, right.
    static let edges = [AnchorEntry(.top), AnchorEntry(.left), AnchorEntry(.bottom, flipsInequality: true),
                        AnchorEntry(.right, flipsInequality: true)]
    /// `directionalEdges`: top, leading, bottom, trailing.
    static let directionalEdges = [AnchorEntry(.top), AnchorEntry(.leading), AnchorEntry(.bottom, flipsInequality: true),
                                   AnchorEntry(.trailing, flipsInequality: true)]
}
