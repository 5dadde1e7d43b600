/// Something the layout places: a ``View`` or a ``LayoutGuide``.
///
/// Every item owns four solver variables — ``LayoutVariables`` `left`, `top`, `width`, `height` —
/// in one coordinate space shared by the whole layout, so constraints may cross the hierarchy.
/// All other attributes are expressions of them (see ``LayoutAttribute``). Frames are reported
/// relative to the superview (views) or the owning view (guides).
///
/// `LayoutItem` is the common superclass of ``View`` and ``LayoutGuide``; it cannot be subclassed
/// directly. In the DSL, `item~` turns an item into its attributes:
///
/// ```swift
/// Tails.install(title~.top == header~.bottom + 8)
/// ```
open class LayoutItem: CustomStringConvertible {
    /// The identifier given at creation, used in diagnostics and snapshots.
    public let id: String?
    /// A process-unique key, used by ``LayoutSnapshot``.
    public let key: LayoutItemKey
    /// The name used in descriptions and variable names: the ``id``, or `View#12`-style when there is none.
    public let name: String
    /// The four solver variables that place the item. The system guides
    /// (``View/layoutMarginsGuide``, ``View/safeAreaLayoutGuide``) do not use theirs: their edges are
    /// expressions of the owning view's variables.
    public let variables: LayoutVariables

    /// The active constraints that name this item. (Not checked dynamically for exclusive
    /// access: an item is used from one thread at a time, as its layout is, and a stack's first
    /// pass stores tens of thousands of rows.)
    @exclusivity(unchecked) var storedConstraints = ConstraintStore()

    /// The one weak reference to this item that the constraints share (those written with the
    /// DSL, a stack's rows, implicit rows): one box an item, not one an operand.
    var weakBox: LayoutConstraint.WeakItem {
        if let box = weakBoxStorage { return box }
        let box = LayoutConstraint.WeakItem(self)
        weakBoxStorage = box
        return box
    }

    /// ``weakBox`` once made (read for every operand of every constraint made: no exclusivity check).
    @exclusivity(unchecked) private var weakBoxStorage: LayoutConstraint.WeakItem?

    deinit {
        // The constraints that name this item see it gone (the box's reference is not zeroed
        // by the runtime).
        weakBoxStorage?.value = nil
    }

    init(id: String?, kind: String, name: String? = nil) {
        let key = LayoutItemKey.next()
        self.id = id
        self.key = key
        let resolvedName = name ?? id ?? "\(kind)\(key)"
        self.name = resolvedName
        self.variables = LayoutVariables(name: resolvedName)
    }

    /// The active constraints that name this item (including superview-shorthand constraints of
    /// which it is the left side), in creation order.
    public var constraints: [LayoutConstraint] { storedConstraints.values.sorted { $0.id < $1.id } }

    /// The view whose ``View/layoutDirection`` decides this item's `leading`/`trailing`, and whose
    /// subtree the item belongs to: the view itself, or a guide's owning view.
    var hostView: View? { nil }

    /// The item a constant-only right side refers to: a view's superview, a guide's owning view.
    var shorthandParent: LayoutItem? { nil }

    /// The item's layout direction: a view's ``View/effectiveLayoutDirection``, a guide's owning view's.
    public var effectiveLayoutDirection: LayoutDirection {
        hostView?.effectiveLayoutDirection ?? .leftToRight
    }

    /// `left`, `top`, `width` and `height`, each as one solver variable plus an offset.
    /// Read and dropped within one call (``accumulate(_:direction:scale:into:constant:)``), while
    /// the item, and so its variables, are alive: the variables are not retained (retaining and
    /// releasing four a term was a fifth of lowering a constraint).
    struct Base {
        unowned(unsafe) var left: Variable
        unowned(unsafe) var top: Variable
        unowned(unsafe) var width: Variable
        unowned(unsafe) var height: Variable
        var leftOffset = 0.0, topOffset = 0.0, widthOffset = 0.0, heightOffset = 0.0
    }

    /// The item's base: its own variables (a system guide overrides this with its view's).
    func base() -> Base {
        Base(left: variables.left, top: variables.top, width: variables.width, height: variables.height)
    }

    /// Offsets of the first baseline from the top and of the last baseline from the bottom.
    var baselineOffsets: (first: Double, last: Double) { (0, 0) }

    /// The linear expression of `attribute` in solver variables, for the item's current layout
    /// direction and baseline offsets.
    ///
    /// ```swift
    /// let right = title.expression(for: .right)      // title.left + title.width
    /// try solver.add(right <= 300)
    /// ```
    public func expression(for attribute: LayoutAttribute) -> LinearExpression {
        var terms: [Term] = []
        var constant = 0.0
        accumulate(attribute, direction: effectiveLayoutDirection, scale: 1, into: &terms, constant: &constant)
        return LinearExpression(terms, constant: constant + 0)
    }

    /// Adds `scale × attribute` to `terms` and `constant`, without intermediate allocations.
    func accumulate(_ attribute: LayoutAttribute, direction: LayoutDirection, scale: Double,
                    into terms: inout [Term], constant: inout Double) {
        let b = base()
        func add(_ variable: Variable, _ offset: Double, _ factor: Double) {
            terms.append(Term(variable, factor * scale))
            constant += factor * scale * offset
        }
        switch attribute {
        case .left:
            add(b.left, b.leftOffset, 1)
        case .top:
            add(b.top, b.topOffset, 1)
        case .width:
            add(b.width, b.widthOffset, 1)
        case .height:
            add(b.height, b.heightOffset, 1)
        case .right:
            add(b.left, b.leftOffset, 1); add(b.width, b.widthOffset, 1)
        case .bottom:
            add(b.top, b.topOffset, 1); add(b.height, b.heightOffset, 1)
        case .centerX:
            add(b.left, b.leftOffset, 1); add(b.width, b.widthOffset, 0.5)
        case .centerY:
            add(b.top, b.topOffset, 1); add(b.height, b.heightOffset, 0.5)
        case .leading:
            if direction == .leftToRight {
                add(b.left, b.leftOffset, 1)
            } else {
                add(b.left, b.leftOffset, -1); add(b.width, b.widthOffset, -1)
            }
        case .trailing:
            if direction == .leftToRight {
                add(b.left, b.leftOffset, 1); add(b.width, b.widthOffset, 1)
            } else {
                add(b.left, b.leftOffset, -1)
            }
        case .firstBaseline:
            add(b.top, b.topOffset, 1)
            constant += scale * baselineOffsets.first
        case .lastBaseline:
            add(b.top, b.topOffset, 1); add(b.height, b.heightOffset, 1)
            constant -= scale * baselineOffsets.last
        }
    }

    /// The name and kind of the item.
    public var description: String { name }
}
