/// SnapKit's chains after a relation (`.equalToSuperview().inset(16)`,
/// `.equalTo(other.snp.bottom).offset(8)`), answered by the compiler with the Trellis spelling.
/// None of these can be called: each exists only for its message.
extension LayoutRelation {
    /// SnapKit's `inset` after a relation.
    @available(*, unavailable, message: "inset with a constant on the right side: view~.edges == EdgeInsets(16) (the superview), or view~.edges == root~ + EdgeInsets(16)")
    public func inset(_ amount: Double) -> LayoutRelation { fatalError("unavailable") }

    /// SnapKit's `offset` after a relation.
    @available(*, unavailable, message: "add the offset to the right side: view~.top == other~.bottom + 8 (or other~.bottom.offset(8))")
    public func offset(_ amount: Double) -> LayoutRelation { fatalError("unavailable") }

    /// SnapKit's `multipliedBy` after a relation.
    @available(*, unavailable, message: "multiply the right side: view~.width == root~.width * 0.5")
    public func multipliedBy(_ factor: Double) -> LayoutRelation { fatalError("unavailable") }

    /// SnapKit's `dividedBy` after a relation.
    @available(*, unavailable, message: "divide the right side: view~.width == root~.width / 2")
    public func dividedBy(_ divisor: Double) -> LayoutRelation { fatalError("unavailable") }

    /// UIKit's `constraint.isActive = true` on an anchor's constraint.
    @available(*, unavailable, message: "a relation is installed by Tails.install(view~.top == other~.bottom + 8); LayoutConstraint.isActive toggles an installed one")
    public var isActive: Bool {
        get { fatalError("unavailable") }
        nonmutating set { fatalError("unavailable") }
    }
}

/// `NSLayoutConstraint`, answered by the compiler with the Trellis spelling.
@available(*, unavailable, message: "constraints are installed with Tails.install(…) (or group.activate()), and each LayoutConstraint has isActive")
public enum NSLayoutConstraint {
    /// `NSLayoutConstraint.activate([…])`.
    @available(*, unavailable, message: "install relations with Tails.install(…): Tails.install(view~.top == other~.bottom + 8, view~.leading == root~.leading + 16)")
    public static func activate(_ constraints: [LayoutRelation]) { fatalError("unavailable") }

    /// `NSLayoutConstraint.deactivate([…])`.
    @available(*, unavailable, message: "keep the ConstraintGroup that Tails.install returns and call group.deactivate()")
    public static func deactivate(_ constraints: [LayoutRelation]) { fatalError("unavailable") }
}
