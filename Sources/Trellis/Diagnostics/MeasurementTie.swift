/// A tie between constraints of equal priority that measuring views locked in
/// (``View/measurementTies()``): in the first round of the layout pass, with every measured view
/// at its unconstrained size, the constraints named in ``competing`` could give way in many
/// equally good proportions and the solver picked one; measuring the views again at the widths
/// it picked made those widths their content sizes, so the final layout looks determined.
///
/// A wrapping title and a badge, both at compression resistance 750, in a row too narrow for
/// both: the badge is squeezed to "Lay…" or the title wraps, arbitrarily. Giving one of them a
/// lower compression resistance (``fix``) decides it.
///
/// ```swift
/// for tie in try root.measurementTies() {
///     print(tie)   // "title.width and badge.width were tied before measuring: …"
/// }
/// ```
public struct MeasurementTie: Sendable, Hashable, CustomStringConvertible {
    /// The priority the competing constraints share; nil when no content-size constraint
    /// competed (the widths were tied by other constraints).
    public let priority: Priority?
    /// The tied widths: each `value` the width in the final layout, `minimum` and `maximum` its
    /// range over the first round's optimal layouts (the split was anywhere in there).
    public let widths: [AmbiguityReport<ItemAttribute>.Entry]
    /// The content-size constraints that competed at ``priority``: the compression resistance
    /// (and content hugging) rows of the tied views that some optimal first-round layout violates.
    public let competing: [ConstraintInfo]

    /// Creates a tie.
    ///
    /// ```swift
    /// let tie = MeasurementTie(priority: 750, widths: entries, competing: rows)
    /// ```
    public init(priority: Priority?, widths: [AmbiguityReport<ItemAttribute>.Entry], competing: [ConstraintInfo]) {
        self.priority = priority
        self.widths = widths
        self.competing = competing
    }

    /// The usual fix: a lower priority on one of the competing constraints, naming the first
    /// tied view (whose row is the first in ``competing``), e.g. `give one of them a lower compression resistance (e.g. title at 749)`.
    public var fix: String {
        guard let priority, let first = competing.first, let name = widths.first?.subject.name else {
            return "add a constraint or a priority that decides the widths"
        }
        let kind = first.label == "content hugging" ? "content hugging" : "compression resistance"
        return "give one of them a lower \(kind) (e.g. \(name) at \(priority - 1))"
    }

    /// Reads like `title.width and badge.width were tied before measuring: compression
    /// resistance: title.width >= 200 @750 and compression resistance: badge.width >= 76.2 @750
    /// compete at the same priority, so title.width could be anywhere in [163.8, 200], badge.width
    /// in [40, 76.2]; measuring at the widths picked locked in title.width = 200, badge.width = 40.
    /// Fix: give one of them a lower compression resistance (e.g. title at 749)`.
    public var description: String {
        let names = widths.map { "\($0.subject)" }
        let ranges = widths.map { "\($0.subject) in \(DiagnosticText.interval($0.minimum, $0.maximum))" }
        let values = widths.map { "\($0.subject) = \(DiagnosticText.number($0.value))" }
        let cause = competing.isEmpty ? "" : Self.list(competing.map(\.text)) + " compete at the same priority, so "
        return "\(Self.list(names)) were tied before measuring: \(cause)\(ranges.joined(separator: ", ")) were all "
            + "equally good; measuring at the widths picked locked in \(values.joined(separator: ", ")). Fix: \(fix)"
    }

    private static func list(_ parts: [String]) -> String {
        parts.count <= 2 ? parts.joined(separator: " and ")
            : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }
}
