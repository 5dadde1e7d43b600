import TrellisSolver
import TrellisSupport

/// A view's ``View/sizeForWidth`` callback taking part in layout passes: measured once
/// unconstrained (at ``unconstrainedWidth``) at the start of a pass, then again at the view's solved width after each solve
/// until the measured size stops changing.
final class SizeMeasurement: LayoutParticipant {
    // (Its cache is not checked dynamically for exclusive access: a measurement is used by one
    // pass on one thread at a time, and a text screen asks each of a thousand at every round.)
    /// The callback (replaced in place when ``View/sizeForWidth`` is set again).
    var measure: (Double) -> Size
    let key: LayoutItemKey
    let identifier: ObjectIdentifier
    /// The view's width in the solver.
    let width: Variable
    private let name: String
    /// Sizes closer than this count as equal (solver noise).
    static let tolerance = 1e-6
    /// The width offered first: large, but finite so that callbacks may do integer arithmetic with it.
    static let unconstrainedWidth = View.layoutFittingExpandedSize.width

    init(view: View, measure: @escaping (Double) -> Size) {
        self.measure = measure
        self.key = view.key
        self.identifier = ObjectIdentifier(view)
        self.width = view.variables.width
        self.name = view.name
    }

    /// The callback's answer; a component that is negative, NaN or infinite means "no intrinsic
    /// size on that axis" (as ``View/noIntrinsicMetric``).
    private func measured(atWidth width: Double) -> Size {
        // (A pass asks at the width it asked last: once at the fixed width, once at the solved one.)
        if let last, last.width == width { return last.size }
        for entry in cache where entry.width == width {
            last = entry
            return entry.size
        }
        let size = measure(width)
        func clean(_ value: Double) -> Double { value.isFinite && value >= 0 ? value : View.noIntrinsicMetric }
        let result = Size(width: clean(size.width), height: clean(size.height))
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache.append(Answer(width: width, size: result))
        last = Answer(width: width, size: result)
        return result
    }

    /// Answers by width, until ``View/invalidateIntrinsicContentSize()`` (as UIKit caches a
    /// label's size for a width until its text changes). A list looked through, not a
    /// dictionary: it holds a few widths (at most ``cacheLimit``), and a dictionary keyed by
    /// `Double` cost a process's first layout a scan of every protocol conformance (and an
    /// allocation a measured view).
    @exclusivity(unchecked) private var cache: [Answer] = []
    /// The last answer, by width (looked at before the table).
    @exclusivity(unchecked) private var last: Answer?

    /// The size measured at a width. (A struct, not a labelled tuple: see "A process's first pass" in
    /// Benchmarks/README.md.)
    private struct Answer {
        let width: Double
        let size: Size
    }
    /// The most widths kept (a window resized through many widths starts over past it).
    static let cacheLimit = 64

    /// Drops the cached answers (the list keeps its room: the next pass measures again at
    /// once, and a list made anew per text change was a seventh of a settings form's text pass).
    func forgetMeasurements() {
        cache.removeAll(keepingCapacity: true)
        last = nil
        unconstrained = nil
    }

    /// The answer at ``unconstrainedWidth`` (the natural size: where a pass starts, and a
    /// horizontal proportional stack's proportions, read at every round), kept on its own: the
    /// rounds otherwise ask by the solved width (``last``).
    var unconstrainedSize: Size {
        if let unconstrained { return unconstrained }
        let size = measured(atWidth: Self.unconstrainedWidth)
        unconstrained = size
        return size
    }
    @exclusivity(unchecked) private var unconstrained: Size?

    func begin(_ pass: PassContext) {
        pass.measuredSizes[identifier] = unconstrainedSize
    }

    /// Starts a pass from `sizes` (the content sizes of the last solve) instead of measuring the
    /// view unconstrained, when they hold one for the view; else as ``begin(_:)``. For a view whose
    /// width no content size moves (``LayoutEngine/widthsAreFixed(of:)``) the rounds then measure
    /// it at the same widths as from its unconstrained size.
    func resume(_ pass: PassContext, from sizes: SizeTable) {
        if let size = sizes.size(of: identifier, hint: &sizeHint) {
            pass.measuredSizes[identifier] = size
        } else {
            begin(pass)
        }
    }

    func prepare(_ pass: PassContext) {}

    var prepares: Bool { false }

    func settle(_ pass: PassContext, snapshot: LayoutSnapshot) -> Bool {
        guard let frame = snapshot.frame(of: key, hint: &entryHint) else { return true }
        return settle(pass, width: frame.width)
    }

    /// Where the view's entry was in the last snapshot it was looked for in, and its size in the
    /// last size table (the first places looked at: see ``LayoutSnapshot/frame(of:hint:)``).
    @exclusivity(unchecked) private var entryHint = 0
    @exclusivity(unchecked) private var sizeHint = 0

    /// Whether `sizes` hold a size for the view.
    func hasSize(in sizes: SizeTable) -> Bool {
        sizes.size(of: identifier, hint: &sizeHint) != nil
    }

    /// Measures the view at `width`: whether the size the pass holds for it stands (if not, the
    /// pass holds the new size from then on).
    func settle(_ pass: PassContext, width: Double) -> Bool {
        let next = measured(atWidth: width)
        let current = pass.measuredSizes.size(of: identifier, hint: &sizeHint)
        if let current, abs(current.width - next.width) <= Self.tolerance,
           abs(current.height - next.height) <= Self.tolerance { return true }
        pass.measuredSizes[identifier] = next
        lastChange = Change(from: current, to: next, width: width)
        return false
    }

    /// The last size change a round saw (``unsettledChange``), kept as numbers: formatted only
    /// when a pass gives up.
    private struct Change {
        var from: Size?
        var to = Size(width: 0, height: 0)
        var width = 0.0
    }
    @exclusivity(unchecked) private var lastChange = Change()

    var unsettledChange: String {
        "\(name): measured \(lastChange.from.map(\.description) ?? "nothing") → \(lastChange.to) at width \(NumberFormat.short(lastChange.width))"
    }
}
