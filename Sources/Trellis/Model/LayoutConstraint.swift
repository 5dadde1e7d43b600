import Synchronization
import TrellisSupport

/// One linear relation between attributes of layout items, with a priority:
/// `lhs OP rhs + constant`, where each side is a sum of `coefficient × item.attribute`.
///
/// The DSL builds one `LayoutConstraint` per attribute pair: `card~.edges == root~` gives four.
/// Each records where it was written and an optional label, and describes itself like
/// `title.top == header.bottom + 8 @750 (Header.swift:42)`.
///
/// A constraint takes part in layout while it is active (``isActive``). Activating it stores it
/// on every item it names; the layout pass collects the active constraints of the subtree it
/// lays out. No solver is involved until then, so constraints may be made before the views are
/// in one hierarchy.
///
/// ```swift
/// let group = Tails.install(title~.top == header~.bottom + 8 ~~ .defaultHigh)
/// let c = group.constraints[0]
/// c.description          // "title.top == header.bottom + 8 @750 (Header.swift:42)"
/// c.constant = 12        // takes effect at the next layout pass
/// ```
public final class LayoutConstraint: CustomStringConvertible {
    /// A process-unique identity of a constraint, carried by ``ConstraintInfo`` in errors.
    public struct ID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
        /// The creation number.
        public let rawValue: UInt64
        /// Wraps a creation number.
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        /// Orders by creation.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
        /// Reads like `#7`.
        public var description: String { "#\(rawValue)" }
    }

    /// A weak reference to an item (constraints never keep items alive), boxed so that copying
    /// an operand is a plain retain rather than a weak-reference copy.
    ///
    /// Zeroed by hand, not by the runtime: the item's `deinit` sets ``value`` to nil (each item
    /// has one box, ``LayoutItem/weakBox``). A Swift `weak` reference gives its object a side
    /// table for good, and every retain and release of a view went through it — about a tenth of
    /// a stack screen's first pass.
    final class WeakItem {
        unowned(unsafe) var value: LayoutItem?
        init(_ value: LayoutItem) { self.value = value }
    }

    /// One summand: `coefficient × target.attribute`.
    struct Operand {
        enum Target {
            /// A named item.
            case item(WeakItem)
            /// The superview (or owning view) of the item, resolved at layout time.
            case superviewOf(WeakItem)
            /// `nil~`: an optional item that was nil when the relation was written.
            case missing
        }

        var target: Target
        var attribute: LayoutAttribute
        var coefficient: Double

        init(target: Target, attribute: LayoutAttribute, coefficient: Double) {
            self.target = target
            self.attribute = attribute
            self.coefficient = coefficient
        }

        /// `coefficient × item.attribute`, the item held weakly.
        init(_ item: LayoutItem, _ attribute: LayoutAttribute, _ coefficient: Double = 1) {
            self.init(target: .item(item.weakBox), attribute: attribute, coefficient: coefficient)
        }
    }

    private static let counter = Atomic<UInt64>(0)

    /// A new identity, for a constraint made now or later (a stack's row left unmade until it
    /// binds takes the identity it would have had among its siblings: constraints are collected
    /// in the order of their identities).
    static func reserveID() -> ID {
        ID(rawValue: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// The constraint's identity.
    public let id: ID
    /// Both sides' operands, the left side's first (``lhsCount`` of them): one list for both
    /// sides, where there were two (an allocation fewer for every constraint with a right side;
    /// a list is the largest part of a constraint's memory after the object itself).
    let operands: [Operand]
    /// How many of ``operands`` make the left side.
    let lhsCount: Int
    /// The left side's operands (indexed as in ``operands``).
    var lhs: ArraySlice<Operand> { operands.prefix(lhsCount) }
    /// The right side's operands (indexed as in ``operands``: from ``lhsCount``, not 0).
    var rhs: ArraySlice<Operand> { operands.dropFirst(lhsCount) }
    /// The relation between the two sides.
    public let relation: Relation
    /// The attribute that chooses the value of a typed ``constant`` (the left attribute of the pair).
    public let constantAttribute: LayoutAttribute
    /// The constant added to the right side; a ``Point``, ``Size`` or insets constant is resolved
    /// for ``constantAttribute`` (see ``LayoutConstant``). Changes take effect at the next layout pass.
    /// (This, ``priority``, ``label`` and the pass's own marks below are not checked dynamically
    /// for exclusive access: an `update(constant:)` reads and writes them on every change, a
    /// stack sets its marks on each row it makes and a lowering reads them on each row — about
    /// seventy instructions a check — and a constraint is used from one thread at a time,
    /// never overlappingly.)
    @exclusivity(unchecked) public var constant: LayoutConstant {
        didSet { if active { noteChange(constantOnly: true) } }
    }
    /// The priority, 1...1000 (1000, the default, is required). Changes — including between
    /// required and optional — take effect at the next layout pass.
    @exclusivity(unchecked) public var priority: Priority {
        didSet { if active { noteChange() } }
    }
    /// A name for diagnostics.
    @exclusivity(unchecked) public var label: String?
    /// Where the constraint was written, if known.
    public var location: CodeLocation? { hasLocation ? storedLocation : nil }
    /// ``location``, kept as a plain value beside a flag: the compiler copies an optional
    /// location through the runtime's generic value witness (~130 instructions, for every row a
    /// stack makes and every constraint a document makes), a plain one inline.
    private let storedLocation: CodeLocation
    private let hasLocation: Bool
    /// A DSL misuse found when the constraint was built (mismatched composite attributes, a nil
    /// item, a pairing Auto Layout forbids: mixed axes, leading with left, a position with a
    /// size); the layout pass throws ``LayoutError/invalidConstraint(_:reason:)`` for it.
    public let problem: String?
    /// For the constraints the layout pass makes itself (root frame, content size, fitting
    /// size): what they are for. `nil` for constraints written with the DSL.
    public let implicitRole: String?

    @exclusivity(unchecked) private var active = false
    /// Whether this is a stack's row whose constant stands back by
    /// ``StackArrangement/inertLength`` in some states (hiding, fill-order and spanning rows
    /// whose constants follow the stack's state): set by the stack that makes it, read by
    /// ``isStackRowStandingBack`` (which compared the label's text before).
    @exclusivity(unchecked) var mayStandBack = false

    /// How many groups made by `Tails.install` that someone still keeps hold this constraint
    /// (``ConstraintGroup/noteInstalled()``): a kept constraint's constant is likely to change, so
    /// the layout pass keeps its row ready for that (see ``LayoutEngine``).
    @exclusivity(unchecked) var keptGroupCount = 0

    /// The last collection that took this constraint (``LayoutScope/activeConstraints()``): a
    /// constraint is stored with every item it names, and a stamp tells the second sighting
    /// from the first without a set of identities (hashing them was most of the collection).
    @exclusivity(unchecked) var collectionStamp: UInt64 = 0
    static let collectionCounter = Atomic<UInt64>(0)

    /// Whether an operand names a baseline, found at the first question (0: not yet, 1: no,
    /// 2: yes); the operands never change.
    @exclusivity(unchecked) private var baselineAnswer: UInt8 = 0

    /// Whether an operand names a first or last baseline: the constraints a content-size change
    /// lowers again besides the view's own rows (``LayoutEngine/constraintsReadingBaselines(of:)``,
    /// asked for every label at every text change; the operands are read once).
    var namesBaseline: Bool {
        if baselineAnswer == 0 {
            let names = operands.contains { $0.attribute.isBaseline }
            baselineAnswer = names ? 2 : 1
        }
        return baselineAnswer == 2
    }

    /// `lhs relation rhs + constant` (for a caller that has the two sides apart: they are joined).
    convenience init(lhs: [Operand], relation: Relation, rhs: [Operand], constantAttribute: LayoutAttribute,
                     constant: LayoutConstant, priority: Priority, label: String?, location: CodeLocation?,
                     problem: String? = nil, implicitRole: String? = nil) {
        self.init(operands: rhs.isEmpty ? lhs : lhs + rhs, lhsCount: lhs.count, relation: relation,
                  constantAttribute: constantAttribute, constant: constant, priority: priority, label: label,
                  location: location, problem: problem, implicitRole: implicitRole)
    }

    /// `operands[..<lhsCount] relation operands[lhsCount...] + constant`.
    convenience init(operands: [Operand], lhsCount: Int, relation: Relation, constantAttribute: LayoutAttribute,
                     constant: LayoutConstant, priority: Priority, label: String?, location: CodeLocation?,
                     problem: String? = nil, implicitRole: String? = nil) {
        self.init(operands: operands, lhsCount: lhsCount, relation: relation, constantAttribute: constantAttribute,
                  constant: constant, priority: priority, label: label, writtenAt: location ?? .nowhere,
                  hasLocation: location != nil, problem: problem, implicitRole: implicitRole)
    }

    /// The same, written at `location` (no optional to copy; see ``location``), or
    /// nowhere known when `hasLocation` is false; its identity `id` when one was reserved for
    /// it (``reserveID()``), else a new one.
    init(operands: [Operand], lhsCount: Int, relation: Relation, constantAttribute: LayoutAttribute,
         constant: LayoutConstant, priority: Priority, label: String?, writtenAt location: CodeLocation,
         hasLocation: Bool = true, problem: String? = nil, implicitRole: String? = nil, id: ID? = nil) {
        self.id = id ?? Self.reserveID()
        self.operands = operands
        self.lhsCount = lhsCount
        self.relation = relation
        self.constantAttribute = constantAttribute
        self.constant = constant
        self.priority = priority
        self.label = label
        self.storedLocation = location
        self.hasLocation = hasLocation
        self.problem = problem
        self.implicitRole = implicitRole
    }

    // MARK: - Activation

    /// Whether the constraint takes part in layout. Setting it activates or deactivates it.
    public var isActive: Bool {
        get { active }
        set { if newValue { activate() } else { deactivate() } }
    }

    /// Makes the constraint take part in layout from the next pass on (stores it on its items).
    /// Constraints made by the layout pass itself cannot be activated.
    public func activate() {
        if setActive(true) { invalidateLayouts() }
    }

    /// Removes the constraint from layout from the next pass on.
    public func deactivate() {
        if setActive(false) { invalidateLayouts() }
    }

    /// Stores the constraint on its items (or takes it off) without telling their layouts:
    /// for a caller that changes many constraints of one layout and tells it once (a stack
    /// making its rows, ``StackView``). Returns whether anything changed.
    @discardableResult
    func setActive(_ value: Bool) -> Bool {
        guard active != value, !value || implicitRole == nil else { return false }
        active = value
        // Straight from the operands, no list of items made (a stack makes thousands of rows at
        // its first pass); an item named twice is stored twice, to the same effect.
        let key = ObjectIdentifier(self)
        for operand in operands {
            switch operand.target {
            case .item(let weak), .superviewOf(let weak):
                guard let item = weak.value else { break }
                if value {
                    item.storedConstraints.insert(self)
                } else {
                    item.storedConstraints.remove(key)
                }
            case .missing:
                break
            }
        }
        return true
    }

    /// Marks the layouts of the constraint's items as needing a pass that lowers everything
    /// again (the set of active constraints changed).
    private func invalidateLayouts() {
        guard View.anyLayoutPassExists else { return }
        var hosts = HostViews()
        hosts.add(self)
        hosts.setNeedsLayout()
    }

    /// The views whose layouts hear of activations (the host views of the constraints' items,
    /// superview shorthands resolved), each once however many constraints name it: a group
    /// activated at once tells each view once, not once per constraint.
    struct HostViews {
        private var views: [View] = []
        private var seen = Set<ObjectIdentifier>()

        /// Adds the host views of the items `constraint` names now.
        mutating func add(_ constraint: LayoutConstraint) {
            func add(_ item: LayoutItem?) {
                guard let view = item?.hostView, views.last !== view,
                      seen.insert(ObjectIdentifier(view)).inserted else { return }
                views.append(view)
            }
            for operand in constraint.operands {
                switch operand.target {
                case .item(let weak): add(weak.value)
                case .superviewOf(let weak): add(weak.value); add(weak.value?.shorthandParent)
                case .missing: break
                }
            }
        }

        /// Marks the layouts of every view added as needing a pass (``View/setNeedsLayout()``).
        func setNeedsLayout() {
            for view in views { view.setNeedsLayout() }
        }
    }

    /// Tells the layouts of the constraint's items that its constant or priority changed: their
    /// next pass lowers this constraint again (and nothing else, if nothing else changed) — its
    /// constant alone when that is all that changed (`constantOnly`: the ``constant`` setter).
    func noteChange(constantOnly: Bool = false) {
        // Usually every item reaches the same engine: no set until a second one shows up. The
        // items are visited straight from the operands (no list of them is made: this runs on
        // every `update(constant:)` and for every constant a stack moves); an item named twice
        // in a row is visited once, and any other repeat reaches engines already told. (The
        // bookkeeping is handed to the walk, not captured by it: a closure over it boxed it.)
        var told = Told()
        var previous: ObjectIdentifier?
        for index in operands.indices {
            switch operands[index].target {
            case .item(let box):
                guard let item = box.value, ObjectIdentifier(item) != previous else { continue }
                previous = ObjectIdentifier(item)
                tellPasses(ofHostOf: item, constantOnly: constantOnly, told: &told)
            case .superviewOf(let box):
                guard let item = box.value else { continue }
                if ObjectIdentifier(item) != previous {
                    previous = ObjectIdentifier(item)
                    tellPasses(ofHostOf: item, constantOnly: constantOnly, told: &told)
                }
                if let parent = item.shorthandParent, ObjectIdentifier(parent) != previous {
                    previous = ObjectIdentifier(parent)
                    tellPasses(ofHostOf: parent, constantOnly: constantOnly, told: &told)
                }
            case .missing:
                continue
            }
        }
    }

    /// The layout passes ``noteChange(constantOnly:)`` has told: the first, and any other.
    private struct Told {
        var first: ObjectIdentifier?
        var others = Set<ObjectIdentifier>()
    }

    /// Tells the layout passes of `item`'s host view and of its ancestors
    /// (``View/forEachLayoutPass(_:_:)``) that this constraint changed, each once.
    private func tellPasses(ofHostOf item: LayoutItem, constantOnly: Bool, told: inout Told) {
        item.hostView?.forEachLayoutPass(&told) { told, layoutPass in
            let id = ObjectIdentifier(layoutPass)
            if told.first == nil {
                told.first = id
                layoutPass.markChanged(self, constantOnly: constantOnly)
            } else if id != told.first, told.others.insert(id).inserted {
                layoutPass.markChanged(self, constantOnly: constantOnly)
            }
        }
    }

    /// The item whose superview a superview-shorthand operand (a right side without items) needs,
    /// when it has none.
    package var itemWithoutSuperview: LayoutItem? {
        for operand in operands {
            if case .superviewOf(let box) = operand.target, let item = box.value, item.shorthandParent == nil {
                return item
            }
        }
        return nil
    }

    /// The items the constraint names now, superview shorthands resolved.
    func currentlyReferencedItems() -> [LayoutItem] {
        var items: [LayoutItem] = []
        func add(_ item: LayoutItem?) {
            if let item, !items.contains(where: { $0 === item }) { items.append(item) }
        }
        for operand in operands {
            switch operand.target {
            case .item(let weak): add(weak.value)
            case .superviewOf(let weak): add(weak.value); add(weak.value?.shorthandParent)
            case .missing: break
            }
        }
        return items
    }

    // MARK: - Inspection

    /// The items the constraint names (superview shorthands resolved as of now), without repeats.
    public var items: [LayoutItem] { currentlyReferencedItems() }

    /// Whether the layout pass made this constraint (root frame, content size, fitting size).
    public var isImplicit: Bool { implicitRole != nil }

    /// The first item of the left side.
    public var firstItem: LayoutItem? { lhs.first.flatMap(Self.item(of:)) }
    /// The attribute of the first item of the left side.
    public var firstAttribute: LayoutAttribute? { lhs.first?.attribute }
    /// The first item of the right side (the superview, for a superview shorthand), or nil for a
    /// constant right side.
    public var secondItem: LayoutItem? { rhs.first.flatMap(Self.item(of:)) }
    /// The attribute of the first item of the right side, or nil for a constant right side.
    public var secondAttribute: LayoutAttribute? { rhs.first?.attribute }
    /// The coefficient of the first item of the right side (1 for a constant right side), as in
    /// `first = multiplier × second + constant`.
    public var multiplier: Double {
        guard let second = rhs.first else { return 1 }
        let first = lhs.first?.coefficient ?? 1
        return first == 0 ? second.coefficient : second.coefficient / first
    }

    /// The number ``constant`` stands for, resolved for ``constantAttribute`` in the layout
    /// direction of the first item.
    public var resolvedConstant: Double {
        loweredConstant.value(for: constantAttribute, direction: firstItem?.effectiveLayoutDirection ?? .leftToRight)
    }

    /// ``constant`` with its system-spacing part in points: 8 per system spacing, except in a
    /// relation of baselines, where it is the larger ``View/textLineHeight`` of the relation's
    /// items that have text (8 when none has). Read by the layout pass when it lowers the constraint.
    var loweredConstant: LayoutConstant {
        guard constant.systemSpacingMultiple != 0 else { return constant }
        var unit = LayoutConstant.standardSystemSpacing
        if constantAttribute.isBaseline {
            let heights = operands.compactMap { operand -> Double? in
                guard let view = Self.item(of: operand) as? View, let height = view.textLineHeight,
                      height.isFinite, height > 0 else { return nil }
                return height
            }
            if let largest = heights.max() { unit = largest }
        }
        return constant.resolvingSystemSpacing(unit: unit)
    }

    private static func item(of operand: Operand) -> LayoutItem? {
        switch operand.target {
        case .item(let weak): weak.value
        case .superviewOf(let weak): weak.value?.shorthandParent
        case .missing: nil
        }
    }

    /// A `Sendable` summary for errors and logs.
    public var info: ConstraintInfo {
        ConstraintInfo(id: id, text: description, label: label, location: location, priority: priority,
                       isImplicit: isImplicit)
    }

    /// Reads like `header gap: title.top == header.bottom + 8 @750 (Header.swift:42)`: the label,
    /// the relation with the constant resolved, the priority unless required, and where it was written.
    public var description: String {
        var text = ""
        if let label { text += "\(label): " }
        text += Self.format(lhs, constant: 0) + " \(relation) " + Self.format(rhs, constant: resolvedConstant)
        if !priority.isRequired { text += " @\(NumberFormat.priority(priority))" }
        if let location { text += " (\(location))" }
        return text
    }

    /// How descriptions name an operand: `title.top`, `root.width`.
    static func name(of operand: Operand) -> String {
        let base: String = switch operand.target {
        case .item(let weak): weak.value?.name ?? "<deallocated>"
        case .superviewOf(let weak):
            weak.value?.shorthandParent?.name ?? "\(weak.value?.name ?? "<deallocated>").superview"
        case .missing: "nil"
        }
        return "\(base).\(operand.attribute)"
    }

    /// `operands + constant` as text (``ExpressionText``, coefficients after the names).
    static func format(_ operands: ArraySlice<Operand>, constant: Double) -> String {
        ExpressionText.format(operands, constant: constant, order: .coefficientLast,
                              coefficient: \.coefficient, name: name(of:))
    }
}
