import TrellisSolver

/// One of the four root rows: the root's left, top, width or height, as the mode holds it.
enum RootEdge: CaseIterable {
    case left, top, width, height

    /// The attribute the row holds.
    var attribute: LayoutAttribute {
        switch self {
        case .left: .left
        case .top: .top
        case .width: .width
        case .height: .height
        }
    }

    /// This edge's value in `frame`.
    func value(in frame: Rect) -> Double {
        switch self {
        case .left: frame.minX
        case .top: frame.minY
        case .width: frame.width
        case .height: frame.height
        }
    }

    /// `frame` with this edge's value set to `value`.
    func setting(_ value: Double, in frame: Rect) -> Rect {
        var frame = frame
        switch self {
        case .left: frame.origin.x = value
        case .top: frame.origin.y = value
        case .width: frame.size.width = value
        case .height: frame.size.height = value
        }
        return frame
    }

    /// The value and priority `mode` holds this edge at (no array: a resize asks on every pass).
    func target(in mode: LayoutEngine.Mode) -> (value: Double, priority: Priority) {
        switch mode {
        case .frame(let frame):
            (value(in: frame), .required)
        case .fitting(let target, let horizontal, let vertical):
            switch self {
            case .left, .top: (0, .required)
            case .width: (target.width, horizontal)
            case .height: (target.height, vertical)
            }
        }
    }

    /// The constant of a root row holding this edge at `value`: what
    /// ``ConstraintLowering/lower(_:direction:)`` gives for a root spec (the root is a view: its
    /// attributes have no offsets).
    static func rowConstant(_ value: Double) -> Double { -value + 0 }
}

extension ImplicitRows {
    /// The specs that hold the root: its frame, or the fitting-size targets — when `old` is
    /// given, only those whose value or priority differs from `old`'s (the others would lower to
    /// the rows the solver holds).
    static func rootSpecs(root: View, mode: LayoutEngine.Mode, changedFrom old: LayoutEngine.Mode? = nil) -> [ImplicitSpec] {
        if let old, old == mode { return [] }
        let label: ImplicitRowLabel = if case .frame = mode { .rootFrame } else { .fittingSize }
        var specs: [ImplicitSpec] = []
        for edge in RootEdge.allCases {
            let target = edge.target(in: mode)
            if let old {
                let previous = edge.target(in: old)
                if previous.value == target.value && previous.priority == target.priority { continue }
            }
            specs.append(ImplicitSpec(item: root, role: .root(edge), attribute: edge.attribute, relation: .equal,
                                      value: target.value, priority: target.priority, label: label))
        }
        return specs
    }

    /// Content hugging and compression resistance of `view` for a content size (an axis whose
    /// size is negative, ``View/noIntrinsicMetric``, has none).
    static func contentSpecs(_ view: View, size: Size) -> [ImplicitSpec] {
        var specs: [ImplicitSpec] = []
        contentSpecs(view, size: size, into: &specs)
        return specs
    }

    /// ``contentSpecs(_:size:)`` appended to `specs` (a full lowering's list of every view's:
    /// a list a view, appended and freed, was a fifth of making the specs).
    static func contentSpecs(_ view: View, size: Size, into specs: inout [ImplicitSpec]) {
        for axis in LayoutAxis.allCases {
            let (attribute, value) = axis == .horizontal ? (LayoutAttribute.width, size.width) : (.height, size.height)
            if value < 0 { continue }
            specs.append(ImplicitSpec(item: view, role: .hugging(axis), attribute: attribute,
                                      relation: .lessThanOrEqual, value: value,
                                      priority: view.contentHuggingPriority(for: axis), label: .contentHugging))
            specs.append(ImplicitSpec(item: view, role: .compression(axis), attribute: attribute,
                                      relation: .greaterThanOrEqual, value: value,
                                      priority: view.contentCompressionResistancePriority(for: axis),
                                      label: .compressionResistance))
        }
    }
}
