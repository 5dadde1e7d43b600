/// The attributes of one layout item, as made by the postfix `~` operator: `view~`, `view~.top`,
/// `view~.top.left.width`.
///
/// Each attribute property adds that attribute (once: repeats are ignored) and returns the
/// result, so attributes chain. The composites add several:
/// - ``edges``: top, left, bottom, right;
/// - ``directionalEdges``: top, leading, bottom, trailing;
/// - ``size``: width, height;
/// - ``center``: centerX, centerY.
///
/// ```swift
/// Tails.install(
///     icon~.top.left.width == title~,          // three constraints: top, left and width equal
///     card~.edges == root~ + EdgeInsets(8),
///     badge~.center == card~
/// )
/// ```
///
/// An anchor set without attributes (`other~`) on the right side takes the attributes of the
/// left side; on the left side it means ``edges``.
///
/// `LayoutAnchors` is deliberately not `Equatable`: `==` between anchors builds a ``LayoutRelation``.
public struct LayoutAnchors: LayoutItemOperand, CustomStringConvertible {
    /// The item (nil for `optional~` when the optional was nil).
    let item: LayoutItem?
    /// The attributes, in the order named, without repeats.
    let entries: [AnchorEntry]

    package init(item: LayoutItem?, entries: [AnchorEntry] = []) {
        self.item = item
        self.entries = entries
    }

    private func adding(_ new: [AnchorEntry]) -> LayoutAnchors {
        var entries = self.entries
        for entry in new where !entries.contains(where: { $0.attribute == entry.attribute }) {
            entries.append(entry)
        }
        return LayoutAnchors(item: item, entries: entries)
    }

    /// The anchors with `attribute` added (once), as the attribute's property does.
    package func adding(_ attribute: LayoutAttribute) -> LayoutAnchors { adding([AnchorEntry(attribute)]) }

    /// Adds the left edge.
    public var left: LayoutAnchors { adding(.left) }
    /// Adds the right edge.
    public var right: LayoutAnchors { adding(.right) }
    /// Adds the top edge.
    public var top: LayoutAnchors { adding(.top) }
    /// Adds the bottom edge.
    public var bottom: LayoutAnchors { adding(.bottom) }
    /// Adds the leading edge (left in left-to-right layouts; see ``LayoutAttribute/leading``).
    public var leading: LayoutAnchors { adding(.leading) }
    /// Adds the trailing edge (right in left-to-right layouts; see ``LayoutAttribute/trailing``).
    public var trailing: LayoutAnchors { adding(.trailing) }
    /// Adds the width.
    public var width: LayoutAnchors { adding(.width) }
    /// Adds the height.
    public var height: LayoutAnchors { adding(.height) }
    /// Adds the horizontal centre.
    public var centerX: LayoutAnchors { adding(.centerX) }
    /// Adds the vertical centre.
    public var centerY: LayoutAnchors { adding(.centerY) }
    /// Adds the first baseline.
    public var firstBaseline: LayoutAnchors { adding(.firstBaseline) }
    /// Adds the last baseline.
    public var lastBaseline: LayoutAnchors { adding(.lastBaseline) }

    /// Adds top, left, bottom and right.
    ///
    /// With an inequality the edges mean "inside by at least": `v~.edges >= o~ + insets` holds
    /// top and left with `>=`, bottom and right with `<=` (and `<=` means "outside by at least").
    public var edges: LayoutAnchors { adding(AnchorEntry.edges) }
    /// Adds top, leading, bottom and trailing; inequalities mean "inside by at least", as for ``edges``.
    public var directionalEdges: LayoutAnchors { adding(AnchorEntry.directionalEdges) }
    /// Adds width and height.
    public var size: LayoutAnchors { adding([AnchorEntry(.width), AnchorEntry(.height)]) }
    /// Adds centerX and centerY.
    public var center: LayoutAnchors { adding([AnchorEntry(.centerX), AnchorEntry(.centerY)]) }

    /// The anchors as a one-term expression.
    public var layoutExpression: LayoutExpression {
        LayoutExpression(terms: [LayoutExpression.Term(item: item, entries: entries, coefficient: 1)], constant: .zero)
    }

    /// Reads like `title.top.left`, or `title` without attributes.
    public var description: String { layoutExpression.description }
}
