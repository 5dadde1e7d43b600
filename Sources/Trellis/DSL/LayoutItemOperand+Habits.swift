/// The first guesses of SnapKit and Auto Layout users, answered by the compiler with the Trellis
/// spelling. None of these can be called: each exists only for its message.
extension LayoutItemOperand {
    /// SnapKit's `inset`. Trellis insets with a constant on the right side.
    @available(*, unavailable, message: "inset with a constant: view~.edges == root~ + EdgeInsets(16), or view~.edges == EdgeInsets(16) for the superview")
    public func inset(_ amount: Double) -> LayoutExpression { fatalError("unavailable") }

    /// SnapKit's `equalToSuperview()`. Trellis relates to the superview with a constant-only right
    /// side or `view.superview~`.
    @available(*, unavailable, message: "a constant-only right side means the superview: view~.top == 0, or view~.top == view.superview~")
    public func equalToSuperview() -> LayoutRelation { fatalError("unavailable") }

    /// SnapKit's `equalTo(_:)`.
    @available(*, unavailable, message: "relations are operators: view~.top == other~.bottom + 8")
    public func equalTo(_ other: Any) -> LayoutRelation { fatalError("unavailable") }

    /// SnapKit's `multipliedBy(_:)`.
    @available(*, unavailable, message: "multiply the operand: view~.width == root~.width * 0.5 (or root~.width.at(0.5))")
    public func multipliedBy(_ factor: Double) -> LayoutExpression { fatalError("unavailable") }

    /// SnapKit's `dividedBy(_:)`.
    @available(*, unavailable, message: "divide the operand: view~.width == root~.width / 2")
    public func dividedBy(_ divisor: Double) -> LayoutExpression { fatalError("unavailable") }

    /// SnapKit's `priority(.high)` on a maker.
    @available(*, unavailable, message: "set a priority with ~~ on the relation: view~.width == 100 ~~ .defaultHigh")
    public func priority(_ priority: Priority) -> LayoutExpression { fatalError("unavailable") }
}
