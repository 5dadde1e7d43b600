/// An item's attribute as the layout's ambiguity report names it: `badge.left`.
///
/// A layout's ambiguity report is an `AmbiguityReport<ItemAttribute>`: the solver's report over
/// the frame variables, each named by the item and attribute it belongs to, with positions
/// relative to the root.
///
/// ```swift
/// for entry in try root.ambiguityReport().entries(for: badge) {
///     print(entry.subject.attribute, entry.minimum, entry.maximum)   // left -inf inf
/// }
/// ```
public struct ItemAttribute: AmbiguitySubject, Hashable {
    /// The item's key.
    public let item: LayoutItemKey
    /// The item's name.
    public let name: String
    /// `left`, `top`, `width` or `height`.
    public let attribute: LayoutAttribute

    /// Creates a reference to `attribute` of the item with `key` and `name`.
    ///
    /// ```swift
    /// let left = ItemAttribute(item: badge.key, name: "badge", attribute: .left)
    /// ```
    public init(item: LayoutItemKey, name: String, attribute: LayoutAttribute) {
        self.item = item
        self.name = name
        self.attribute = attribute
    }

    /// `attribute`.
    public static var kindName: String { "attribute" }

    /// `badge.left`.
    public var description: String { "\(name).\(attribute)" }
}
