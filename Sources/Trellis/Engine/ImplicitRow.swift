import TrellisSolver

/// The kinds of rows the layout pass makes itself, one row per item and kind — THE place
/// where kinds of implicit rows come from.
///
/// Every implicit row is an ``ImplicitSpec`` (`item.attribute relation value @priority`),
/// made by ``ImplicitRows`` and nowhere else; ``LayoutEngine`` lowers every spec the same way
/// (``ConstraintLowering/lower(_:direction:)``), keys its solver row by item and kind, and
/// compares it with what the solver holds like any constraint written with the DSL. The solve
/// routes know nothing of the kinds.
///
/// To add a kind of implicit row (say the rows of a scroll view's content and frame layout
/// guides, or the autoresizing-mask rows of a view that translates its mask):
/// 1. add a case here, and its label in ``ImplicitRowLabel``;
/// 2. make its specs in ``ImplicitRows/all(scope:mode:contentSizes:)`` (called at every full
///    lowering, that is after any change ``View/setNeedsLayout()`` reports);
/// 3. say in ``startsMovable(measured:measuring:)`` whether its constant is likely to move
///    from pass to pass;
/// 4. only if its values change without a structural change (as the root's frame does on a
///    resize), make its changed specs in ``ImplicitRows/changed(scope:mode:contentSizes:loweredMode:loweredSizes:)``
///    too — else a change that moves them must mark the layout as needing a pass
///    (``View/setNeedsLayout()``), which lowers everything again.
enum ImplicitRole: Hashable {
    /// One edge of the root held by the mode: its frame (required), or a fitting-size target.
    case root(RootEdge)
    /// Content hugging: `size <= content size` at the view's hugging priority on `axis`.
    case hugging(LayoutAxis)
    /// Compression resistance: `size >= content size` at the view's resistance priority on `axis`.
    case compression(LayoutAxis)
    /// One edge of a scroll view's content or frame layout guide held to the scroll view
    /// (``ScrollView``, the spec's item): the frame guide's four edges, the content guide's left and top.
    case scrollGuide(content: Bool, RootEdge)
    /// One edge of a view that translates its autoresizing mask into constraints, held
    /// relative to its superview (``AutoresizingMask``).
    case autoresizing(RootEdge)

    /// A small number for each role, different for different roles (below 32: ``RowTable/number(_:)`` gives it five bits).
    var code: Int {
        func edge(_ edge: RootEdge) -> Int {
            switch edge {
            case .left: 0
            case .top: 1
            case .width: 2
            case .height: 3
            }
        }
        switch self {
        case .root(let root): return edge(root)
        case .hugging(let axis): return axis == .horizontal ? 4 : 5
        case .compression(let axis): return axis == .horizontal ? 6 : 7
        case .scrollGuide(let content, let guide): return (content ? 12 : 8) + edge(guide)
        case .autoresizing(let side): return 16 + edge(side)
        }
    }

    /// Whether a new row of this kind should start as a movable row of the solver (its constant
    /// likely changes from pass to pass, so its first change should move along the basis like
    /// the later ones), for an item whose content size the pass measures when `measured` is
    /// true, in a pass that measures views when `measuring` is true. Other rows the solver may
    /// fold away (a fixed size becomes a bound), which makes a cold solve cheaper.
    func startsMovable(measured: Bool, measuring: Bool) -> Bool {
        switch self {
        case .root(let edge):
            // The root's width when the pass measures views: the components it reaches there
            // mostly hold measured views' rows, movable already, so they keep a model of their
            // moves anyway and the width is one more parameter of it — the first resize steps,
            // where it solved each such component again, in both engines of a measured pass (a
            // chat screen, bubbles capped at a share of the root: first resize 1.78 → 0.35 M
            // instructions at 10 rows, 118 → 55 M at 1000; cold +4 %). Not otherwise, nor the
            // other edges (rarely moved): a row instead of a bound picks another optimum in
            // ambiguous layouts than every cold layout so far did, and a bound makes a cold
            // solve cheaper.
            edge == .width && measuring
        case .hugging, .compression:
            // The content size of a measured view (text re-wrapped at a new width).
            measured
        case .scrollGuide, .autoresizing:
            // Fixed ties to another item: they change only with the structure.
            false
        }
    }
}

/// What an implicit row is for, as its label (and ``LayoutConstraint/implicitRole``) says. (An
/// enum, not a string: specs are made and copied on every pass, and a string would be retained
/// and released with each copy.)
enum ImplicitRowLabel: String {
    case rootFrame = "root frame"
    case fittingSize = "fitting size"
    case contentHugging = "content hugging"
    case compressionResistance = "compression resistance"
    case scrollGuide = "scroll view guide"
    case autoresizingMask = "autoresizing mask"
}

/// One more operand of a two-item implicit row: `coefficient × item.attribute` on the right side.
struct ImplicitOperand {
    let item: LayoutItem
    let attribute: LayoutAttribute
    let coefficient: Double
}

/// One implicit row before it is lowered: `item.attribute relation value @priority`, or, for
/// rows that tie an item to another (a scroll view's guides, autoresizing masks),
/// `item.attribute relation Σ coefficient × other.attribute + value @priority` (``others``,
/// empty for the single-item kinds). The others' positions always cancel the item's, so the
/// row needs no common-ancestor origin.
struct ImplicitSpec {
    let item: View
    let role: ImplicitRole
    let attribute: LayoutAttribute
    let relation: Relation
    let value: Double
    let priority: Priority
    let label: ImplicitRowLabel
    var others: [ImplicitOperand] = []

    /// The label the row's constraint carries: UIKit's `autoresizing mask of X` for a mask row.
    var constraintLabel: String {
        label == .autoresizingMask ? "\(label.rawValue) of \(item.name)" : label.rawValue
    }

    /// The layout constraint that stands for this row in diagnostics and conflicts.
    func makeConstraint() -> LayoutConstraint {
        typealias Operand = LayoutConstraint.Operand
        // (Literals for the usual rows, one operand or two: reserving room and appending cost
        // as much again as the allocation.)
        let first = Operand(item, attribute)
        let operands = switch others.count {
        case 0: [first]
        case 1: [first, Operand(others[0].item, others[0].attribute, others[0].coefficient)]
        default: [first] + others.map { Operand($0.item, $0.attribute, $0.coefficient) }
        }
        return LayoutConstraint(
            operands: operands, lhsCount: 1, relation: relation,
            constantAttribute: attribute, constant: LayoutConstant(value),
            priority: priority, label: constraintLabel, location: nil, implicitRole: label.rawValue)
    }

    /// `old` — the source kept for the same item and kind, made by ``makeConstraint()`` — with
    /// this spec's value when it says the same otherwise (a resize changes a root row on every
    /// pass: no new object each time), else nil.
    func reusing(_ old: LayoutConstraint) -> LayoutConstraint? {
        guard old.implicitRole == label.rawValue, old.priority == priority,
              old.relation == relation, old.constantAttribute == attribute,
              old.operands.count - old.lhsCount == others.count,
              others.isEmpty ? old.label == label.rawValue : old.label == constraintLabel else { return nil }
        // (By index over the one list: a zip of its right side's slice with the specs made the
        // runtime build that generic type's metadata at a process's first resize, ~850 k
        // instructions; see "A process's first pass" in Benchmarks/README.md.)
        for index in others.indices {
            let operand = old.operands[old.lhsCount + index], other = others[index]
            guard case .item(let box) = operand.target, box.value === other.item,
                  operand.attribute == other.attribute, operand.coefficient == other.coefficient else { return nil }
        }
        old.constant = LayoutConstant(value)
        return old
    }
}

/// Makes the implicit rows of a pass (``ImplicitRole``): every spec at a full lowering, and
/// the specs that changed at an incremental one.
enum ImplicitRows {
    /// Every implicit spec of `scope` under `mode`: the root's rows, then the content-size rows
    /// of every view (`contentSizes` replacing ``View/intrinsicContentSize`` where measured).
    static func all(scope: LayoutScope, mode: LayoutEngine.Mode, contentSizes: SizeTable) -> [ImplicitSpec] {
        var specs = rootSpecs(root: scope.root, mode: mode)
        // (Room for two rows a view and axis at once: grown an append at a time, the list was
        // copied a dozen times on a large screen.)
        specs.reserveCapacity(specs.count + 4 * scope.views.count)
        for view in scope.views {
            // The root's frame is an input; its own content size only matters when fitting.
            if view === scope.root, case .frame = mode { continue }
            guard let size = contentSizes[ObjectIdentifier(view)] ?? view.intrinsicContentSize else { continue }
            contentSpecs(view, size: size, into: &specs)
        }
        for index in scope.views.indices {
            let view = scope.view(at: index)
            if let scroll = view as? ScrollView { specs += scrollGuideSpecs(scroll) }
            if view.translatesAutoresizingMaskIntoConstraints, view !== scope.root { specs += autoresizingSpecs(view) }
        }
        return specs
    }

    /// What changed since the last lowering (under `loweredMode`, with `loweredSizes`): the
    /// root's rows whose value or priority moved, as specs, and the views whose content size
    /// changed — measured (`contentSizes` against `loweredSizes`) or marked as changed
    /// (`changedViews`, ``LayoutEngine/markContentSizeChanged(_:)``: their rows, `hasRow`, tell
    /// which axes had a content size). Nil when a content size appeared or went away on an axis (a
    /// row to add or drop: everything is lowered again).
    static func changed(scope: LayoutScope, mode: LayoutEngine.Mode, contentSizes: SizeTable,
                        loweredMode oldMode: LayoutEngine.Mode?, loweredSizes oldSizes: SizeTable,
                        changedViews: [View] = [], hasRow: (RowKey) -> Bool = { _ in false }) -> ImplicitChanges? {
        var changes = ImplicitChanges(specs: rootSpecs(root: scope.root, mode: mode, changedFrom: oldMode))
        // (No set of the changed views: a text screen measures thousands at every resize. Every
        // key of `contentSizes` found in `oldSizes`, and as many keys: none went away.)
        var found = 0
        // Notes that the view under `key` measures `size` now, `old` before (nil: unknown, its
        // content size); false when an axis gained or lost a size.
        func note(_ key: ObjectIdentifier, _ size: Size, old: Size?) -> Bool {
            guard let view = scope.view(identifiedBy: key), let before = old ?? view.intrinsicContentSize,
                  (before.width < 0) == (size.width < 0), (before.height < 0) == (size.height < 0) else { return false }
            changes.contents.append(ImplicitChanges.ContentChange(view: view, size: size, before: before))
            return true
        }
        if contentSizes.keys == oldSizes.keys {
            // The same views in the same order (the tables of one pass after another are made
            // alike): compared place by place, nothing looked up.
            found = oldSizes.count
            for index in contentSizes.values.indices where contentSizes.values[index] != oldSizes.values[index] {
                guard note(contentSizes.keys[index], contentSizes.values[index], old: oldSizes.values[index]) else { return nil }
            }
        } else {
            for (key, size) in contentSizes {
                let old = oldSizes[key]
                if old != nil { found += 1 }
                guard old == size || note(key, size, old: old) else { return nil }
            }
        }
        if found != oldSizes.count {
            for (key, old) in oldSizes where contentSizes[key] == nil {
                guard let view = scope.view(identifiedBy: key), let after = view.intrinsicContentSize,
                      (old.width < 0) == (after.width < 0), (old.height < 0) == (after.height < 0) else { return nil }
                changes.contents.append(ImplicitChanges.ContentChange(view: view, size: after, before: old))
            }
        }
        // Views whose own content size changed (each marked once; not measured now or before:
        // a measured size is compared above).
        // (Looked for first one place after the last view's: the views are noted in the order
        // a text change sets them, mostly the tables' own.)
        var hint = 0, oldHint = 0
        for view in changedViews {
            let key = ObjectIdentifier(view)
            if contentSizes.size(of: key, hint: &hint) != nil {
                hint += 1
                continue
            }
            if oldSizes.size(of: key, hint: &oldHint) != nil {
                oldHint += 1
                continue
            }
            // The root's frame is an input: its content size has no rows then.
            if view === scope.root, case .frame = mode { continue }
            let size = view.intrinsicContentSize ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
            for axis in LayoutAxis.allCases {
                let value = axis == .horizontal ? size.width : size.height
                guard (value >= 0) == hasRow(.implicit(view.key, .compression(axis))) else { return nil }
            }
            changes.contents.append(ImplicitChanges.ContentChange(view: view, size: size, before: nil))
        }
        return changes
    }
}

/// What an incremental lowering lowers of the implicit rows (``ImplicitRows/changed(scope:mode:contentSizes:loweredMode:loweredSizes:changedViews:hasRow:)``).
struct ImplicitChanges {
    /// Specs to lower again: the root's rows whose value or priority moved.
    var specs: [ImplicitSpec]
    /// Views whose content size changed on axes that had one and have one: the constants of
    /// their hugging and compression rows move to `size` (`before`, when known, is the size
    /// the rows were lowered with: an axis where it equals `size` is left alone).
    var contents: [ContentChange] = []

    /// A view's new content size, and the one its rows were lowered with when known. (A struct,
    /// not a labelled tuple: see "A process's first pass" in Benchmarks/README.md.)
    struct ContentChange {
        let view: View
        let size: Size
        let before: Size?
    }
}
