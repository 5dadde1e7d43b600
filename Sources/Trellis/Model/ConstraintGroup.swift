/// The constraints made by one `Tails.install` or `Tails.make` call, managed together.
///
/// ```swift
/// let expanded = Tails.make(panel~.height == 300)
/// let collapsed = Tails.install(panel~.height == 44)
/// collapsed.deactivate(); expanded.activate()          // switch layouts
/// expanded.update(constant: 320)                       // new constant for every constraint
/// expanded.priority = .defaultHigh                     // required → optional is fine
/// try root.layoutIfNeeded()
/// ```
public final class ConstraintGroup: CustomStringConvertible {
    /// The constraints, one per attribute pair, in the order written.
    public let constraints: [LayoutConstraint]

    /// Groups constraints (they keep their activation state).
    public init(_ constraints: [LayoutConstraint]) {
        self.constraints = constraints
    }

    /// Whether the group counts in its constraints' ``LayoutConstraint/keptGroupCount``.
    private var countsAsKept = false

    /// Notes that `Tails.install` made the group for its caller: while the caller keeps it, its
    /// constraints' constants may change (``update(constant:)``), so layout passes keep their rows
    /// ready to move along the solver's basis from the first change on.
    func noteInstalled() {
        guard !countsAsKept else { return }
        countsAsKept = true
        for constraint in constraints { constraint.keptGroupCount += 1 }
    }

    deinit {
        if countsAsKept {
            for constraint in constraints { constraint.keptGroupCount -= 1 }
        }
    }

    /// Whether every constraint is active (false for an empty group).
    public var isActive: Bool { !constraints.isEmpty && constraints.allSatisfy { $0.isActive } }

    /// Activates every constraint.
    public func activate() {
        Self.setActive(true, constraints)
    }

    /// Deactivates every constraint.
    public func deactivate() {
        Self.setActive(false, constraints)
    }

    /// Activates the constraints of every group (as ``activate()`` on each), telling each view's
    /// layout once: for a caller that makes many groups at once.
    package static func activate(_ groups: [ConstraintGroup]) {
        setActive(true, groups.lazy.flatMap(\.constraints))
    }

    /// Activates `constraints`, telling each view's layout once (a layout document's entries).
    package static func activate(constraints: [LayoutConstraint]) {
        setActive(true, constraints)
    }

    /// Stores `constraints` on their items (or takes them off), then tells the layout of each
    /// view they name, once (none while no view has been laid out).
    private static func setActive(_ value: Bool, _ constraints: some Sequence<LayoutConstraint>) {
        guard View.anyLayoutPassExists else {
            for constraint in constraints { constraint.setActive(value) }
            return
        }
        var hosts = LayoutConstraint.HostViews()
        for constraint in constraints where constraint.setActive(value) { hosts.add(constraint) }
        hosts.setNeedsLayout()
    }

    /// Replaces the constant of every constraint.
    ///
    /// A number replaces each constant by that number (for insets use an ``EdgeInsets``
    /// constant, which is resolved per attribute: `update(constant: EdgeInsets(12))` on an
    /// `edges` group insets every side by 12).
    public func update<C: LayoutConstantConvertible>(constant: C) {
        let value = constant.layoutConstant
        for constraint in constraints { constraint.constant = value }
    }

    /// The priority of the constraints (that of the first one; `.required` for an empty group).
    /// Setting it sets every constraint's priority; switching between required and optional is allowed.
    public var priority: Priority {
        get { constraints.first?.priority ?? .required }
        set { for constraint in constraints { constraint.priority = newValue } }
    }

    /// Sets the label of every constraint.
    public func setLabel(_ label: String?) {
        for constraint in constraints { constraint.label = label }
    }

    /// The DSL misuses found when the constraints were built, one message per faulty constraint.
    public var problems: [String] { constraints.compactMap { c in c.problem.map { "\(c): \($0)" } } }

    /// One constraint per line.
    public var description: String { constraints.map(\.description).joined(separator: "\n") }
}
