/// Alternative sets of constraints for one view, chosen by the view's size at each layout pass —
/// Layoutless's layout sets and UIKit's size classes, as size queries (breakpoints).
///
/// ```swift
/// Tails.layoutSet(for: root)
///     .when(.width(..<600)) {                       // compact: sidebar above content
///         sidebar~.top.leading.trailing == root~
///         sidebar~.height == 120
///         content~.top == sidebar~.bottom
///         content~.leading.trailing.bottom == root~
///     }
///     .otherwise {                                  // regular: sidebar beside content
///         sidebar~.top.leading.bottom == root~
///         sidebar~.width == 240
///         content~.leading == sidebar~.trailing
///         content~.top.trailing.bottom == root~
///     }
/// root.frame.size.width = 800
/// try root.layoutIfNeeded()                         // the `otherwise` case is active
/// ```
///
/// Each case's relations are built when the case is added (so they record their source lines and
/// take the ``Tails/defaultPriority`` of that moment) and stay inactive until chosen. At each
/// layout pass the **first** case whose query matches is active and the others are not; with no
/// match, none is. When the view is the layout root its size is its frame's, known before
/// solving; for another view the set starts from the view's current frame size and is checked
/// against the solved size, solving again with the right case if needed (a set that flips
/// forever ends the pass with ``LayoutError/notConverged(rounds:unsettled:)``).
public final class LayoutSet: CustomStringConvertible {
    private struct Case {
        let query: SizeQuery
        let group: ConstraintGroup
    }

    /// The view whose size chooses the case (`nil` once it is gone).
    public private(set) weak var view: View?
    private var cases: [Case] = []
    /// The index of the active case (in the order the cases were added), or `nil` when none is.
    public private(set) var activeCaseIndex: Int?
    private var estimate: Size = .zero
    private var attached = true
    /// The case change the last round saw (``unsettledChange``).
    private var lastChange = ""

    init(view: View) {
        self.view = view
    }

    /// Adds a case active when `query` holds (and no earlier case's query does).
    ///
    /// ```swift
    /// Tails.layoutSet(for: root)
    ///     .when(.width(..<600)) { title~.centerX == root~ }
    ///     .when(.width(600...)) { title~.leading == root~.leading + 32 }
    /// ```
    @discardableResult
    public func when(_ query: SizeQuery, @ConstraintBuilder _ content: () -> [LayoutRelation]) -> LayoutSet {
        cases.append(Case(query: query, group: Tails.make(content)))
        view?.setNeedsLayout()
        return self
    }

    /// Adds a case active when no earlier case's query holds.
    ///
    /// ```swift
    /// Tails.layoutSet(for: root)
    ///     .when(.width(..<600)) { title~.centerX == root~ }
    ///     .otherwise { title~.leading == root~.leading + 32 }
    /// ```
    @discardableResult
    public func otherwise(@ConstraintBuilder _ content: () -> [LayoutRelation]) -> LayoutSet {
        when(.any, content)
    }

    /// The constraints of each case, in the order added.
    ///
    /// ```swift
    /// let regular = layouts.caseGroups[1]
    /// regular.isActive          // whether that case is the active one
    /// ```
    public var caseGroups: [ConstraintGroup] { cases.map(\.group) }

    /// The index of the first case matching `size` (what a pass would choose for that size).
    ///
    /// ```swift
    /// layouts.caseIndex(for: Size(width: 375, height: 667))    // 0
    /// ```
    public func caseIndex(for size: Size) -> Int? {
        cases.firstIndex { $0.query.matches(size) }
    }

    /// Deactivates every case and detaches the set from its view: layout passes stop choosing.
    ///
    /// ```swift
    /// layouts.remove()
    /// ```
    public func remove() {
        attached = false
        activate(nil)
        view?.layoutParticipants.removeAll { $0 === self }
    }

    /// Reads like `layout set of root: [width in ..<600, any size], active 1`.
    public var description: String {
        let queries = cases.map(\.query.description).joined(separator: ", ")
        return "layout set of \(view?.name ?? "<deallocated>"): [\(queries)], active \(activeCaseIndex.map(String.init) ?? "none")"
    }

    private func activate(_ index: Int?) {
        guard index != activeCaseIndex || (index.map { !cases[$0].group.isActive } ?? false) else { return }
        if let current = activeCaseIndex { cases[current].group.deactivate() }
        activeCaseIndex = index
        if let index { cases[index].group.activate() }
    }
}

extension LayoutSet: LayoutParticipant {
    func begin(_ pass: PassContext) {
        estimate = view?.frame.size ?? .zero
    }

    func prepare(_ pass: PassContext) {
        guard attached else { return }
        activate(caseIndex(for: estimate))
    }

    func settle(_ pass: PassContext, snapshot: LayoutSnapshot) -> Bool {
        guard attached, let view, let solved = snapshot[view.key]?.size else { return true }
        let chosen = caseIndex(for: solved)
        if chosen == activeCaseIndex { return true }
        estimate = solved
        func name(_ index: Int?) -> String { index.map { "case \($0) (\(cases[$0].query))" } ?? "no case" }
        lastChange = "layout set of \(view.name): \(name(activeCaseIndex)) → \(name(chosen)) at size \(solved)"
        return false
    }

    var unsettledChange: String { lastChange }
}
