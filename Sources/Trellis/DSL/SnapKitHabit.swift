/// What SnapKit's `view.snp` gives in Trellis: nothing usable, only the compiler's message with the
/// Trellis spelling. `makeConstraints` hands its closure the view's anchors (`view~`), so the
/// SnapKit chain inside (`make.top.equalToSuperview().offset(8)`) meets the hints of its own steps.
///
/// ```swift
/// // SnapKit: view.snp.makeConstraints { make in make.top.equalTo(header.snp.bottom).offset(8) }
/// Tails.install(view~.top == header~.bottom + 8)
/// ```
@dynamicMemberLookup
public struct SnapKitHabit {
    let view: View

    /// SnapKit's `other.snp.bottom`.
    @available(*, unavailable, message: "SnapKit's view.snp is view~ in Trellis: write other~.bottom")
    public subscript(dynamicMember attribute: KeyPath<LayoutAnchors, LayoutAnchors>) -> LayoutAnchors {
        (view~)[keyPath: attribute]
    }

    /// SnapKit's `makeConstraints`.
    @available(*, unavailable, message: "write Tails.install(view~.top == header~.bottom + 8, …) or Tails.install { … }: SnapKit's make is view~")
    public func makeConstraints(_ body: (LayoutAnchors) -> Void) { fatalError("unavailable") }

    /// SnapKit's `remakeConstraints`.
    @available(*, unavailable, message: "keep the ConstraintGroup from Tails.install, call group.deactivate(), then Tails.install the new relations")
    public func remakeConstraints(_ body: (LayoutAnchors) -> Void) { fatalError("unavailable") }

    /// SnapKit's `updateConstraints`.
    @available(*, unavailable, message: "keep the ConstraintGroup from Tails.install and change its constant: group.update(constant: 24)")
    public func updateConstraints(_ body: (LayoutAnchors) -> Void) { fatalError("unavailable") }
}
