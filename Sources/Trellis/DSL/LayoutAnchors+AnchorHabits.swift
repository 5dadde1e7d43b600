/// UIKit's anchor constraints (`a.topAnchor.constraint(equalTo: b.bottomAnchor, constant: 8)`),
/// answered by the compiler with the Trellis operator. `view.topAnchor` (itself a hint) gives
/// `view~.top`, so these are what a whole UIKit line meets. None of these can be called.
extension LayoutAnchors {
    /// `constraint(equalTo:)`.
    @available(*, unavailable, message: "write view~.top == other~.bottom")
    public func constraint(equalTo anchor: LayoutAnchors) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(equalTo:constant:)`.
    @available(*, unavailable, message: "write view~.top == other~.bottom + 8")
    public func constraint(equalTo anchor: LayoutAnchors, constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(greaterThanOrEqualTo:)`.
    @available(*, unavailable, message: "write view~.top >= other~.bottom")
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchors) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(greaterThanOrEqualTo:constant:)`.
    @available(*, unavailable, message: "write view~.top >= other~.bottom + 8")
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchors, constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(lessThanOrEqualTo:)`.
    @available(*, unavailable, message: "write view~.top <= other~.bottom")
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchors) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(lessThanOrEqualTo:constant:)`.
    @available(*, unavailable, message: "write view~.top <= other~.bottom + 8")
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchors, constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(equalToConstant:)`.
    @available(*, unavailable, message: "write view~.width == 100")
    public func constraint(equalToConstant constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(greaterThanOrEqualToConstant:)`.
    @available(*, unavailable, message: "write view~.width >= 100")
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(lessThanOrEqualToConstant:)`.
    @available(*, unavailable, message: "write view~.width <= 100")
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(equalTo:multiplier:)`.
    @available(*, unavailable, message: "write view~.width == other~.width * 0.5")
    public func constraint(equalTo anchor: LayoutAnchors, multiplier: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(equalTo:multiplier:constant:)`.
    @available(*, unavailable, message: "write view~.width == other~.width * 0.5 + 8")
    public func constraint(equalTo anchor: LayoutAnchors, multiplier: Double, constant: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(equalToSystemSpacingAfter:multiplier:)`.
    @available(*, unavailable, message: "write view~.leading == other~.trailing + .systemSpacing * 2")
    public func constraint(equalToSystemSpacingAfter anchor: LayoutAnchors, multiplier: Double) -> LayoutRelation { fatalError("unavailable") }
    /// `constraint(equalToSystemSpacingBelow:multiplier:)`.
    @available(*, unavailable, message: "write view~.top == other~.bottom + .systemSpacing * 2")
    public func constraint(equalToSystemSpacingBelow anchor: LayoutAnchors, multiplier: Double) -> LayoutRelation { fatalError("unavailable") }
}
