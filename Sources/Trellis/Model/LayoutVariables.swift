/// The four solver variables that place a layout item, in the one coordinate space shared by
/// all items of a layout (the coordinate space of the root view's superview).
///
/// Every ``LayoutAttribute`` is a linear expression of them; ask ``LayoutItem/expression(for:)``
/// to mix layout attributes with hand-written solver constraints. They are named after the item:
/// `title.left`, `title.top`, `title.width`, `title.height`.
public struct LayoutVariables: Sendable {
    /// The x coordinate of the left edge.
    public let left: Variable
    /// The y coordinate of the top edge.
    public let top: Variable
    /// The width.
    public let width: Variable
    /// The height.
    public let height: Variable

    init(name: String) {
        left = Variable(owner: name, part: .left)
        top = Variable(owner: name, part: .top)
        width = Variable(owner: name, part: .width)
        height = Variable(owner: name, part: .height)
    }
}
