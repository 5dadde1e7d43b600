import Trellis

/// Where the label of each box of a picture goes, so that nothing covers it: the placement both
/// picture renderers share, in their own units (pixels for ``SVGRenderer``, character cells for
/// ``ASCIIRenderer``).
///
/// Each box's label (its variants, largest first: name and size, the name alone, abbreviations)
/// goes, in this order of preference:
///
/// 1. **inside** the box, in its free area: the box's regions minus every box that is neither
///    the box nor one of its ancestors (descendants, overlapping siblings), the labels already
///    placed and the obstacles (text drawn in boxes) — the top-most, then left-most free spot;
/// 2. **outside** the box, the nearest free spot within ``reach`` (a leader joins it to the box),
///    where it may only sit on the box's ancestors;
/// 3. in the **legend**, keyed by number: the number is placed like a label (inside, else
///    outside) when it fits somewhere; the renderer lists `number name W × H` under the picture.
///
/// The guarantee: no placed label rectangle intersects a box other than its own box and its
/// ancestors (for an outline-only box, a layout guide, it must not cross the outline), another
/// label, or an obstacle. Every search is exact (the free positions of a label of a given size in
/// a band are found by a sweep over the blocked intervals), and the result depends only on the
/// input (deterministic).
struct LabelPlacement {
    /// A box to label, in the renderer's units.
    struct Item {
        /// The box.
        var rect: Rect
        /// The index of the box it sits in (its parent in the drawing), if any.
        var parent: Int?
        /// Whether only its outline is drawn (a guide): a label may sit inside or outside it, not across its edge.
        var isOutline: Bool
        /// The sizes of the label's variants, preferred first, placed inside the box.
        var variants: [Size]
        /// The sizes of the same variants placed outside (the terminal adds a marker cell).
        var outsideVariants: [Size]
        /// Where inside the box a label may sit, preferred first (each within ``rect``).
        var regions: [Rect]
    }

    /// Where a label went.
    enum Kind: Sendable, Hashable {
        /// Inside its box.
        case inside
        /// Outside its box, joined to it by a leader.
        case outside
        /// In the legend: ``Label/rect``, when there is one, is the number's place.
        case legend
    }

    /// The label of one item.
    struct Label {
        /// The item labelled.
        var item: Int
        /// Where the label went.
        var kind: Kind
        /// The variant drawn (an index into the item's variants); for ``Kind/legend``, unused.
        var variant: Int
        /// The label's rectangle (for the legend, the number's), nil for a legend entry whose number fits nowhere.
        var rect: Rect?
        /// For a rectangle outside the box: the points the leader joins, on the label and on the box.
        var leader: (from: Point, to: Point)?
        /// The number in the legend, for ``Kind/legend`` (1, 2, …).
        var number: Int?
    }

    /// Beyond this many things to avoid around one box, its label is not searched for there
    /// (it goes outside, or to the legend): this keeps pathological pictures fast.
    static let maximumBlockers = 150
    /// How many levels of ancestors' outlines an outside label keeps off.
    static let ancestorOutlines = 4

    /// The items, as given.
    let items: [Item]
    /// One label per item, in item order.
    private(set) var labels: [Label] = []
    /// The items listed in the legend, in number order.
    private(set) var legend: [Int] = []

    /// Places the labels of `items`.
    /// - Parameters:
    ///   - items: The boxes, each box after its ancestors.
    ///   - bounds: Where labels may go at all (the picture).
    ///   - obstacles: Other things drawn that no label may cover (lines of text).
    ///   - gap: The space kept between a label and what it must not cover, across and down.
    ///   - reach: How far from its box an outside label may go.
    ///   - edge: How thick outlines are: an outside label does not cover its box's ancestors'
    ///     outlines, and no label crosses an outline-only box's outline.
    ///   - numberSize: The size of a legend number drawn in a picture (inside, and outside with its marker).
    init(items: [Item], bounds: Rect, obstacles: [Rect] = [], gap: Size, reach: Size, edge: Double,
         numberSize: (Int) -> (inside: Size, outside: Size)) {
        self.items = items
        var search = Search(items: items, bounds: bounds, placed: obstacles, gap: gap, reach: reach, edge: edge)
        var chosen: [Label?] = Array(repeating: nil, count: items.count)
        // 1. Inside, for every box (labels inside different boxes can never meet).
        search.placeInside(&chosen)
        // 2. Outside with a leader, for the rest.
        search.placeOutside(&chosen)
        // 3. The legend: a number where one fits.
        let legend = search.placeInLegend(&chosen, numberSize: numberSize)
        self.labels = chosen.map { $0! }
        self.legend = legend
    }

    /// The state of one placement: the boxes, the rectangles labels must keep off so far, and
    /// the searches for a spot inside and outside a box.
    private struct Search {
        let items: [Item]
        let bounds: Rect
        let gap: Size
        let reach: Size
        let edge: Double
        /// The obstacles and the labels placed so far.
        var placed: [Rect]
        // Flat copies of what the searches read for every box (no copying of items in loops).
        let rects: [Rect]
        let parents: [Int]
        let outlines: [Bool]
        /// How many levels up each ancestor of the box being placed is (0: not an ancestor).
        var ancestorLevel: [Int]

        /// A search among `items` within `bounds`, keeping off `placed` (the obstacles, at first).
        init(items: [Item], bounds: Rect, placed: [Rect], gap: Size, reach: Size, edge: Double) {
            self.items = items
            self.bounds = bounds
            self.placed = placed
            self.gap = gap
            self.reach = reach
            self.edge = edge
            rects = items.map(\.rect)
            parents = items.map { item in item.parent.flatMap { $0 >= 0 && $0 < items.count ? $0 : nil } ?? -1 }
            outlines = items.map(\.isOutline)
            ancestorLevel = Array(repeating: 0, count: items.count)
        }

        /// Labels every box inside itself where its label fits.
        mutating func placeInside(_ chosen: inout [Label?]) {
            for index in items.indices {
                guard let spot = inside(index, sizes: items[index].variants) else { continue }
                chosen[index] = Label(item: index, kind: .inside, variant: spot.variant, rect: spot.rect)
                placed.append(spot.rect)
            }
        }

        /// Labels every box still unlabelled outside itself, with a leader, where its label fits.
        mutating func placeOutside(_ chosen: inout [Label?]) {
            for index in items.indices where chosen[index] == nil {
                guard let spot = outside(index, sizes: items[index].outsideVariants) else { continue }
                chosen[index] = Label(item: index, kind: .outside, variant: spot.variant, rect: spot.rect,
                                      leader: LabelPlacement.leader(from: spot.rect, to: items[index].rect))
                placed.append(spot.rect)
            }
        }

        /// Lists every box still unlabelled in the legend, placing its number inside, else outside,
        /// where it fits; returns the boxes in number order.
        mutating func placeInLegend(_ chosen: inout [Label?], numberSize: (Int) -> (inside: Size, outside: Size)) -> [Int] {
            var legend: [Int] = []
            for index in items.indices where chosen[index] == nil {
                legend.append(index)
                let number = legend.count
                let sizes = numberSize(number)
                var label = Label(item: index, kind: .legend, variant: 0, rect: nil, number: number)
                if let spot = inside(index, sizes: [sizes.inside]) {
                    label.rect = spot.rect
                } else if let spot = outside(index, sizes: [sizes.outside]) {
                    label.rect = spot.rect
                    label.leader = LabelPlacement.leader(from: spot.rect, to: items[index].rect)
                }
                if let rect = label.rect { placed.append(rect) }
                chosen[index] = label
            }
            return legend
        }

        /// Sets (or, with `mark` false, clears) the ancestor levels of the ancestors of `index`.
        mutating func markAncestors(of index: Int, _ mark: Bool) {
            var next = parents[index]
            var level = 1
            while next >= 0, level <= items.count {
                ancestorLevel[next] = mark ? level : 0
                next = parents[next]
                level += 1
            }
        }

        /// What a label of `index` must avoid within `window`: every other box but its ancestors
        /// (an outline-only box as its four edges; the box itself too when `outside`, and then
        /// the outlines of its nearest ancestors), the placed labels and the obstacles, each grown
        /// by the gap — nil when there are too many to search among (the label goes elsewhere).
        mutating func blockers(of index: Int, in window: Rect, outside: Bool) -> [Rect]? {
            markAncestors(of: index, true)
            defer { markAncestors(of: index, false) }
            var result: [Rect] = []
            let gap = gap
            func add(_ rect: Rect) {
                let grown = LabelPlacement.grow(rect, by: gap)
                if LabelPlacement.intersects(grown, window) { result.append(grown) }
            }
            for other in 0..<rects.count {
                let level = ancestorLevel[other]
                if level > 0 || (other != index && outlines[other]) {
                    if level > LabelPlacement.ancestorOutlines || (level > 0 && !outside) { continue }
                    for strip in LabelPlacement.edges(of: rects[other], thickness: edge) { add(strip) }
                } else if other != index || outside {
                    // A box inside a box that blocks adds nothing.
                    let parent = parents[other]
                    if parent >= 0, isSolid(parent, placing: index, outside: outside),
                       LabelPlacement.holds(rects[parent], rects[other]) { continue }
                    add(rects[other])
                }
                if result.count > LabelPlacement.maximumBlockers { return nil }
            }
            for rect in placed {
                add(rect)
                if result.count > LabelPlacement.maximumBlockers { return nil }
            }
            return result
        }

        /// Whether the whole area of box `other` blocks a label of `index`.
        func isSolid(_ other: Int, placing index: Int, outside: Bool) -> Bool {
            ancestorLevel[other] == 0 && !outlines[other] && (other != index || outside)
        }

        /// The first variant of `sizes` that fits in a free spot inside box `index`, and the spot.
        mutating func inside(_ index: Int, sizes: [Size]) -> (variant: Int, rect: Rect)? {
            let regions = items[index].regions.compactMap { LabelPlacement.intersection($0, bounds) }
            guard let union = regions.first.map({ regions.dropFirst().reduce($0, LabelPlacement.union) }),
                  let blocking = blockers(of: index, in: union, outside: false) else { return nil }
            // When the smallest rectangle in every variant fits nowhere, no variant does.
            let least = LabelPlacement.smallest(sizes)
            guard sizes.count < 2
                    || regions.contains(where: { LabelPlacement.firstFree(least, in: $0, avoiding: blocking) != nil }) else {
                return nil
            }
            for (variant, size) in sizes.enumerated() {
                for region in regions {
                    if let rect = LabelPlacement.firstFree(size, in: region, avoiding: blocking) { return (variant, rect) }
                }
            }
            return nil
        }

        /// The first variant of `sizes` that fits in a free spot within ``reach`` outside box
        /// `index`, and the spot nearest the box.
        mutating func outside(_ index: Int, sizes: [Size]) -> (variant: Int, rect: Rect)? {
            let box = items[index].rect
            let widest = sizes.map(\.width).max() ?? 0, tallest = sizes.map(\.height).max() ?? 0
            let around = Rect(x: box.minX - reach.width - widest, y: box.minY - reach.height - tallest,
                              width: box.width + 2 * (reach.width + widest), height: box.height + 2 * (reach.height + tallest))
            guard let window = LabelPlacement.intersection(around, bounds),
                  let blocking = blockers(of: index, in: window, outside: true) else { return nil }
            let least = LabelPlacement.smallest(sizes)
            guard sizes.count < 2
                    || LabelPlacement.nearestFree(least, to: box, in: window, within: reach, avoiding: blocking) != nil else {
                return nil
            }
            for (variant, size) in sizes.enumerated() {
                if let rect = LabelPlacement.nearestFree(size, to: box, in: window, within: reach, avoiding: blocking) {
                    return (variant, rect)
                }
            }
            return nil
        }
    }

    /// The parent of each box given the depths of boxes listed parents before children (each box
    /// sits in the nearest earlier box one level up).
    static func parents(depths: [Int]) -> [Int?] {
        var stack: [Int] = []
        return depths.enumerated().map { index, depth in
            while let top = stack.last, depths[top] >= depth { stack.removeLast() }
            let parent = stack.last
            stack.append(index)
            return parent
        }
    }

    // MARK: - Searching

    /// The smallest width and the smallest height among `sizes`: a rectangle inside each of them.
    static func smallest(_ sizes: [Size]) -> Size {
        Size(width: sizes.map(\.width).min() ?? 0, height: sizes.map(\.height).min() ?? 0)
    }

    /// The top-most, then left-most spot for `size` in `region` that meets none of `blocking`.
    static func firstFree(_ size: Size, in region: Rect, avoiding blocking: [Rect]) -> Rect? {
        guard size.width <= region.width, size.height <= region.height else { return nil }
        let blocking = blocking.sorted { $0.minX < $1.minX }
        for y in candidateRows(size, in: region, blocking: blocking) {
            if let x = freeIntervals(size, row: y, in: region, blocking: blocking).first?.lowerBound {
                return Rect(x: x, y: y, width: size.width, height: size.height)
            }
        }
        return nil
    }

    /// The spot for `size` in `window` nearest to `box` (not farther than `reach` on either axis)
    /// that meets none of `blocking`; ties go to the upper, then the left one.
    static func nearestFree(_ size: Size, to box: Rect, in window: Rect, within reach: Size,
                            avoiding blocking: [Rect]) -> Rect? {
        guard size.width <= window.width, size.height <= window.height else { return nil }
        let blocking = blocking.sorted { $0.minX < $1.minX }
        var best: (score: Double, rect: Rect)?
        func verticalGap(_ y: Double) -> Double { max(0, box.minY - (y + size.height), y - box.maxY) }
        // Rows nearest the box first: once a row is farther than the best spot, no later one is nearer.
        var rows: [(gap: Double, y: Double)] = []
        for y in candidateRows(size, in: window, blocking: blocking) {
            let gap = verticalGap(y)
            if gap <= reach.height { rows.append((gap, y)) }
        }
        rows.sort { (a: (gap: Double, y: Double), b: (gap: Double, y: Double)) -> Bool in
            a.gap < b.gap || (a.gap == b.gap && a.y < b.y)
        }
        for row in rows {
            let verticalGap: Double = row.gap, y: Double = row.y
            if let best, verticalGap > best.score { break }
            for interval in freeIntervals(size, row: y, in: window, blocking: blocking) {
                // The x in the interval nearest to lining up with the box's leading edge.
                let x = min(max(box.minX, interval.lowerBound), interval.upperBound)
                let rect = Rect(x: x, y: y, width: size.width, height: size.height)
                let horizontalGap = max(0, box.minX - rect.maxX, rect.minX - box.maxX)
                guard horizontalGap <= reach.width else { continue }
                let score = (horizontalGap * horizontalGap + verticalGap * verticalGap).squareRoot()
                if best == nil || score < best!.score { best = (score, rect) }
            }
        }
        return best?.rect
    }

    /// The tops a label may have in `region`: the region's top and bottom, and just below or above
    /// each blocking rectangle, in order.
    private static func candidateRows(_ size: Size, in region: Rect, blocking: [Rect]) -> [Double] {
        var rows = [region.minY, region.maxY - size.height]
        for rect in blocking {
            rows.append(rect.maxY)
            rows.append(rect.minY - size.height)
        }
        let lowest = region.maxY - size.height
        return Set(rows.filter { $0 >= region.minY && $0 <= lowest }).sorted()
    }

    /// The ranges of left edges at which a label of `size` with its top at `y` stays in `region`
    /// and meets none of `blocking` (open rectangles: touching is not meeting; sorted by their
    /// left edges), left to right.
    private static func freeIntervals(_ size: Size, row y: Double, in region: Rect,
                                      blocking: [Rect]) -> [ClosedRange<Double>] {
        let low = region.minX, high = region.maxX - size.width
        guard low <= high else { return [] }
        // A rectangle blocks the open range of left edges (minX - width, maxX) when it meets the row.
        var blocked: [(Double, Double)] = []
        for rect in blocking where rect.minY < y + size.height && y < rect.maxY {
            blocked.append((rect.minX - size.width, rect.maxX))
        }
        // (`blocking` is sorted by its left edges, so `blocked` is sorted by its starts.)
        var result: [ClosedRange<Double>] = []
        var x = low
        for (start, end) in blocked {
            guard x <= high else { break }
            if start >= x {
                // Free from x up to (and including) start.
                let upper = min(start, high)
                if x <= upper { result.append(x...upper) }
            }
            if end > x { x = end }
        }
        if x <= high { result.append(x...high) }
        // A range that ends exactly where a blocked range starts may be left (closed at `start`):
        // rectangles are open, so the left edge `start` itself is free.
        return result
    }

    // MARK: - Geometry

    /// The points a leader joins: the points of `label` and `box` nearest each other.
    static func leader(from label: Rect, to box: Rect) -> (from: Point, to: Point) {
        func nearest(_ low: Double, _ high: Double, _ otherLow: Double, _ otherHigh: Double) -> (Double, Double) {
            if high <= otherLow { return (high, otherLow) }
            if otherHigh <= low { return (low, otherHigh) }
            let middle = (max(low, otherLow) + min(high, otherHigh)) / 2
            return (middle, middle)
        }
        let (x0, x1) = nearest(label.minX, label.maxX, box.minX, box.maxX)
        let (y0, y1) = nearest(label.minY, label.maxY, box.minY, box.maxY)
        return (Point(x: x0, y: y0), Point(x: x1, y: y1))
    }

    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    static func grow(_ r: Rect, by d: Size) -> Rect {
        d == .zero ? r : Rect(x: r.minX - d.width, y: r.minY - d.height, width: r.width + 2 * d.width,
                              height: r.height + 2 * d.height)
    }

    /// The four sides of `r` as strips `thickness` thick inside it (lines, for 0).
    static func edges(of r: Rect, thickness: Double) -> [Rect] {
        let across = min(thickness, r.width), down = min(thickness, r.height)
        return [Rect(x: r.minX, y: r.minY, width: r.width, height: down),
                Rect(x: r.minX, y: r.maxY - down, width: r.width, height: down),
                Rect(x: r.minX, y: r.minY, width: across, height: r.height),
                Rect(x: r.maxX - across, y: r.minY, width: across, height: r.height)]
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}
