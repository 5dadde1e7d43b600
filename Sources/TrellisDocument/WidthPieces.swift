import Trellis
import TrellisSupport

/// A document's layout over a range of root widths, as pieces: where the layout keeps its shape
/// every frame is an exact affine function of the width (`a + b·width` per coordinate), and where
/// it changes shape — text wrapping to another line count, a layout set switching cases, a
/// conflict appearing — the next piece starts, at the break found to ``breakPrecision``.
/// ``HTMLPage`` embeds the pieces in a page with a width slider.
///
/// ```swift
/// let document = try LayoutDocument.parse(bytes, name: "screen.json")
/// let pieces = try WidthPieces(document: document, range: 320...1024)
/// pieces.picture(atWidth: 500)      // the same frames as document.makeLayout(width: 500).layout()
/// pieces.isExact(atWidth: 500)      // true where an affine piece holds
/// ```
///
/// How the pieces are found: from a width `w0`, the root-size sensitivity of the layout just past
/// `w0` (`View.rootSizeSensitivity()`) proposes where its shape ends, `w1`. The layouts at `w0`
/// and `w1` give the line through them, which is accepted when the layouts at ¼, ½ and ¾ of the
/// way lie on it (to 1e-7) with the same marks; otherwise `w1` moves halfway back towards `w0`.
/// Once a piece `w0...w1` holds and `w0...w1'` did not, the layout leaves the line in `w1...w1'`:
/// bisection there, one fresh layout a step compared with the known line (a width belongs to the
/// piece when its frames lie on the line), finds the break to ``breakPrecision`` in about 30
/// layouts, and the next piece starts just past it (its line fitted from ``fitOffsetAfterBreak``
/// past it; halved down to ``shortestPieceAfterBreak`` when a second break follows closely). Only
/// where no piece is affine even then is the layout sampled at every integer width. Each layout is a fresh
/// one, as `trellis layout --width` makes it, so a piece's ends are that command's frames and its
/// inside is checked against them.
public struct WidthPieces: Sendable {
    /// One drawn item (a view or a custom layout guide), in drawing order.
    public struct Item: Sendable, Hashable {
        /// The item's id.
        public let name: String
        /// Its depth below the root (0 for the root).
        public let depth: Int
        /// Whether it is a layout guide.
        public let isGuide: Bool
        /// Whether it is the root's `layoutMarginsGuide` or `safeAreaLayoutGuide` (drawn by the
        /// page, left out of ``WidthPieces/picture(atWidth:)`` as ``LayoutPicture`` leaves them out).
        public var isSystemGuide: Bool = false
        /// The item's text, for a text item (the page draws it in the item's frame).
        public var text: LayoutDocument.TextEntry? = nil
    }

    /// The layout at one width, or the layout of a piece: four numbers per item (`x`, `y`,
    /// `width`, `height` of its frame in the root; NaN for an item without a frame), its marks
    /// and the lines listed under the picture.
    public struct Frames: Sendable, Hashable {
        /// `x, y, width, height` of each item in turn (4 × the item count).
        public let values: [Double]
        /// Each item's mark (conflicting or ambiguous), if any.
        public let marks: [LayoutPicture.Mark?]
        /// The conflicting constraints and the ambiguous items, as lines of text.
        public let notes: [String]
    }

    /// A layout computed at one width, in a sampled piece.
    public struct Sample: Sendable, Hashable {
        /// The root width.
        public let width: Double
        /// The layout there.
        public let frames: Frames
    }

    /// A width range and how the frames are known in it.
    public enum Piece: Sendable, Hashable {
        /// Every coordinate is `offset + slope × width` for widths in `lower...upper`.
        case exact(lower: Double, upper: Double, offset: [Double], slope: [Double], marks: [LayoutPicture.Mark?],
                   notes: [String])
        /// Layouts computed at these widths (every integer width of the range, and its ends),
        /// where no piece is affine even over ``WidthPieces/minimumPieceLength``; a width between
        /// two of them shows the nearest.
        case sampled(lower: Double, upper: Double, samples: [Sample])

        /// The smallest width of the piece.
        public var lower: Double {
            switch self {
            case .exact(let lower, _, _, _, _, _), .sampled(let lower, _, _): lower
            }
        }

        /// The largest width of the piece.
        public var upper: Double {
            switch self {
            case .exact(_, let upper, _, _, _, _), .sampled(_, let upper, _): upper
            }
        }
    }

    /// The document's name (for captions).
    public let documentName: String
    /// The root's id.
    public let rootID: String
    /// The root's height (the same at every width).
    public let rootHeight: Double
    /// The widths covered.
    public let range: ClosedRange<Double>
    /// The drawn items, parents before children.
    public let items: [Item]
    /// The pieces, left to right; together they cover ``range``, each starting where the previous
    /// one ends.
    public let pieces: [Piece]
    /// How many layouts were computed to find the pieces.
    public let layoutCount: Int
    /// The document's `displayScale`: the pieces hold the exact frames, and ``frames(atWidth:)``
    /// (and the page's script) round them by edges in root coordinates as ``FrameSnapping`` does,
    /// so that the frames shown are `trellis layout --width`'s; 0 shows them exact.
    public let displayScale: Double

    /// The widest range accepted, in points (it bounds the work: a sampled range costs one
    /// layout per point).
    public static let maximumSpan = 20_000.0
    /// Below this length, in points, a piece that is not affine is sampled instead of halved.
    public static let minimumPieceLength = 0.5
    /// How far past a break, in points, the next piece's line is fitted from (it is shown from
    /// the break; within ``breakPrecision`` of the break a frame may be off by that distance times
    /// the change in its slope).
    public static let fitOffsetAfterBreak = 1e-5
    /// Just past a break that ends a piece of at least ``minimumPieceLength``, a piece is halved
    /// down to this length before the layout is sampled (a second break close to the first).
    public static let shortestPieceAfterBreak = 1.0 / 64
    /// How close, in points, the last width found on one piece's line and the first found off it
    /// are at a break (the page shows the next piece between the two).
    public static let breakPrecision = 1e-6
    /// How far a frame may be from the line through the piece's ends, in points.
    public static let tolerance = 1e-7

    /// Lays the document out across `range` and splits it into pieces.
    ///
    /// - Parameters:
    ///   - document: The document.
    ///   - range: The root widths, positive, at most 1e6, spanning at most ``maximumSpan``.
    ///   - height: The root height (default: the document's).
    ///   - reportingAmbiguity: Also mark ambiguous items (extra solves at every layout).
    ///   - makeView: The view of each view entry, as in ``LayoutDocument/makeLayout(width:height:makeView:)``
    ///     (`TrellisText`'s `Label.documentView(for:)` measures text with Pango).
    /// - Throws: ``LayoutDocumentError`` for an invalid range or height, or what laying out throws.
    public init(document: LayoutDocument, range: ClosedRange<Double>, height: Double? = nil, reportingAmbiguity: Bool = false,
                makeView: @escaping (LayoutDocument.ViewEntry) -> View = LayoutDocument.defaultView(for:))
        throws(LayoutDocumentError)
    {
        guard range.lowerBound > 0, range.upperBound <= LayoutDocument.maximumMagnitude,
              range.upperBound - range.lowerBound <= Self.maximumSpan else {
            throw LayoutDocumentError("the width range must be positive, at most 1e6, and span at most "
                + "\(NumberFormat.short(Self.maximumSpan)) points")
        }
        // Pieces of the exact frames; a display scale rounds them where they are shown.
        var exactDocument = document
        exactDocument.displayScale = 0
        let layout = { (width: Double) throws(LayoutDocumentError) -> DocumentLayout in
            try exactDocument.makeLayout(width: width, height: height, makeView: makeView)
        }
        var builder = Builder(makeLayout: layout, reportingAmbiguity: reportingAmbiguity)
        let pieces = try builder.pieces(over: range)
        self.range = range
        self.pieces = pieces
        var texts: [String: LayoutDocument.TextEntry] = [:]
        for entry in [document.root] + document.views { if let text = entry.text { texts[entry.id] = text } }
        self.items = builder.items.map { item in
            var item = item
            if !item.isGuide { item.text = texts[item.name] }
            return item
        }
        self.documentName = builder.documentName
        self.rootID = builder.rootID
        self.rootHeight = builder.rootHeight
        self.layoutCount = builder.layoutCount
        self.displayScale = document.displayScale
    }

    /// The piece that shows `width`: an exact piece containing it if there is one, else the
    /// sampled piece containing it, else the nearest piece (outside the range).
    public func piece(atWidth width: Double) -> Piece? {
        if let exact = pieces.first(where: { piece in
            if case .exact = piece { return piece.lower <= width && width <= piece.upper }
            return false
        }) { return exact }
        if let sampled = pieces.first(where: { $0.lower <= width && width <= $0.upper }) { return sampled }
        guard let first = pieces.first, let last = pieces.last else { return nil }
        return width < first.lower ? first : last
    }

    /// Whether the frames at `width` come from an exact affine piece (else from a sample).
    public func isExact(atWidth width: Double) -> Bool {
        if case .exact? = piece(atWidth: width) { return true }
        return false
    }

    /// The frames shown at `width` (what the page's script computes): `offset + slope × width`
    /// in an exact piece, the nearest sample in a sampled one.
    public func frames(atWidth width: Double) -> Frames? {
        switch piece(atWidth: width) {
        case .exact(_, _, let offset, let slope, let marks, let notes)?:
            return snapped(Frames(values: zip(offset, slope).map { $0 + $1 * width }, marks: marks, notes: notes))
        case .sampled(_, _, let samples)?:
            return samples.min { abs($0.width - width) < abs($1.width - width) }.map { snapped($0.frames) }
        case nil:
            return nil
        }
    }

    /// `frames` with every item's edges but the root's rounded to ``displayScale``.
    private func snapped(_ frames: Frames) -> Frames {
        guard let snapping = FrameSnapping(displayScale: displayScale) else { return frames }
        var values = frames.values
        for start in stride(from: 4, to: values.count - 3, by: 4) where values[start..<(start + 4)].allSatisfy(\.isFinite) {
            let rect = snapping.snap(Rect(x: values[start], y: values[start + 1], width: values[start + 2], height: values[start + 3]))
            values.replaceSubrange(start..<(start + 4), with: [rect.minX, rect.minY, rect.width, rect.height])
        }
        return Frames(values: values, marks: frames.marks, notes: frames.notes)
    }

    /// The picture shown at `width`; items without a frame are left out.
    public func picture(atWidth width: Double) -> LayoutPicture {
        let frames = frames(atWidth: width)
        var boxes: [LayoutPicture.Box] = []
        for (index, item) in items.enumerated() where !item.isSystemGuide {
            guard let frames, frames.values.count >= 4 * (index + 1) else { continue }
            let v = Array(frames.values[(4 * index)..<(4 * index + 4)])
            guard v.allSatisfy(\.isFinite) else { continue }
            boxes.append(LayoutPicture.Box(name: item.name, depth: item.depth, isGuide: item.isGuide,
                                           frame: Rect(x: v[0], y: v[1], width: v[2], height: v[3]),
                                           mark: frames.marks[index]))
        }
        return LayoutPicture(title: "\(documentName) — \(NumberFormat.short(width)) × \(NumberFormat.short(rootHeight))",
                             size: Size(width: width, height: rootHeight), boxes: boxes, notes: frames?.notes ?? [])
    }

    // MARK: - Finding the pieces

    /// The layouts computed so far (by width) and the items they draw.
    private struct Builder {
        let makeLayout: (Double) throws(LayoutDocumentError) -> DocumentLayout
        let reportingAmbiguity: Bool
        var items: [Item] = []
        var documentName = ""
        var rootID = ""
        var rootHeight = 0.0
        var layoutCount = 0
        private var cache: [Double: Frames] = [:]

        init(makeLayout: @escaping (Double) throws(LayoutDocumentError) -> DocumentLayout, reportingAmbiguity: Bool) {
            self.makeLayout = makeLayout
            self.reportingAmbiguity = reportingAmbiguity
        }

        /// Where on the way from `w0` to `w1` a piece is checked against fresh layouts.
        static let checks = [0.5, 0.25, 0.75]

        mutating func pieces(over range: ClosedRange<Double>) throws(LayoutDocumentError) -> [Piece] {
            let low = range.lowerBound, high = range.upperBound
            _ = try frames(at: low)   // fixes the items
            var pieces: [Piece] = []
            var pending: [Sample] = []
            var pendingLower = low
            var w0 = low
            func flush(into pieces: inout [Piece]) {
                guard let last = pending.last else { return }
                pieces.append(.sampled(lower: pendingLower, upper: last.width, samples: pending))
                pending = []
            }
            if low == high {
                return [.sampled(lower: low, upper: high, samples: [Sample(width: low, frames: try frames(at: low))])]
            }
            // Where the piece starting at `w0` is shown from: the last width on the previous
            // piece's line when a break was found between the two (a `breakPrecision` apart).
            var shownFrom: Double?
            var lastPieceWasLong = true   // whether the last accepted piece is of ordinary length (read just past its break)
            while w0 < high {
                var end = high
                let probe = w0 + min(1.0 / 16, (high - w0) / 2)
                if let shape = try sensitivity(at: probe) {
                    if shape.upperBound - w0 >= WidthPieces.minimumPieceLength { end = min(end, shape.upperBound) }
                    if shape.lowerBound - w0 >= WidthPieces.minimumPieceLength { end = min(end, shape.lowerBound) }
                }
                var accepted: Piece?
                var failed: Double?   // the nearest end tried whose piece was not affine
                // Just past a break that ended a piece of ordinary length, a second break may
                // follow within half a point (two texts rewrapping): look for the short piece
                // between them too. Only there, so that a run of short pieces stays bounded.
                let shortest = shownFrom != nil && lastPieceWasLong ? WidthPieces.shortestPieceAfterBreak : WidthPieces.minimumPieceLength
                while true {
                    if let piece = try affinePiece(from: w0, to: end) { accepted = piece; break }
                    failed = end
                    if end - w0 <= shortest { break }
                    end = w0 + (end - w0) / 2
                }
                if let accepted {
                    flush(into: &pieces)
                    var piece = accepted, next = end
                    // The layout leaves this line somewhere in (end, failed]: find where.
                    if let failed, let found = try breakOfLine(piece, from: w0, onLineAt: end, failedAt: failed) {
                        piece = found.piece
                        next = found.next
                    }
                    if let lower = shownFrom { piece = Self.moved(piece, lower: lower) }
                    lastPieceWasLong = piece.upper - piece.lower >= WidthPieces.minimumPieceLength
                    Self.append(piece, to: &pieces)
                    shownFrom = next > piece.upper ? piece.upper : nil
                    // The break is known to `breakPrecision`: the next piece's line is fitted from a
                    // little past it, so that its first layout is not one taken inside that interval.
                    w0 = shownFrom == nil ? next : min(high, next + WidthPieces.fitOffsetAfterBreak)
                } else {
                    // Not affine even over the shortest piece: sample up to the next integer width.
                    let next = min(high, (w0 + 1).rounded(.down))
                    if pending.isEmpty {
                        pendingLower = shownFrom ?? w0
                        if pieces.isEmpty || shownFrom != nil { pending.append(Sample(width: w0, frames: try frames(at: w0))) }
                    }
                    shownFrom = nil
                    pending.append(Sample(width: next, frames: try frames(at: next)))
                    w0 = next
                }
            }
            flush(into: &pieces)
            return pieces
        }

        /// Adds an exact piece, merged into the previous one when both are the same line.
        static func append(_ piece: Piece, to pieces: inout [Piece]) {
            guard case .exact(let lower, let upper, let offset, let slope, let marks, let notes) = piece,
                  case .exact(let lastLower, let lastUpper, let lastOffset, let lastSlope, let lastMarks, let lastNotes)? = pieces.last,
                  lastUpper == lower, lastMarks == marks, lastNotes == notes else {
                pieces.append(piece)
                return
            }
            // The difference of two lines is affine: equal at both ends, equal in between.
            let same = offset.indices.allSatisfy { i in
                [lower, upper].allSatisfy { w in
                    abs((lastOffset[i] + lastSlope[i] * w) - (offset[i] + slope[i] * w)) <= WidthPieces.tolerance / 10
                }
            }
            guard same else {
                pieces.append(piece)
                return
            }
            // The merged line goes through the outer ends.
            let merged = zip(zip(lastOffset, lastSlope), zip(offset, slope)).map { first, second -> (Double, Double) in
                let start = first.0 + first.1 * lastLower, finish = second.0 + second.1 * upper
                let b = (finish - start) / (upper - lastLower)
                return (start - b * lastLower, b)
            }
            pieces[pieces.count - 1] = .exact(lower: lastLower, upper: upper, offset: merged.map(\.0),
                                              slope: merged.map(\.1), marks: marks, notes: notes)
        }

        /// `piece` shown from `lower` (its line extended to there).
        static func moved(_ piece: Piece, lower: Double) -> Piece {
            guard case .exact(_, let upper, let offset, let slope, let marks, let notes) = piece else { return piece }
            return .exact(lower: lower, upper: upper, offset: offset, slope: slope, marks: marks, notes: notes)
        }

        /// Whether `frames`, the layout at `width`, lies on the exact piece's line with its marks.
        static func lies(_ frames: Frames, on piece: Piece, at width: Double) -> Bool {
            guard case .exact(_, _, let offset, let slope, let marks, let notes) = piece,
                  frames.marks == marks, frames.notes == notes else { return false }
            return frames.values.indices.allSatisfy { i in
                abs(frames.values[i] - (offset[i] + slope[i] * width)) <= WidthPieces.tolerance
            }
        }

        /// Where the layout leaves the line of `piece` (affine from `w0` to `end`, not affine from
        /// `w0` to `failed`): the layouts already computed between `end` and `failed` give a width
        /// off the line, and bisection with one fresh layout a step, each compared with the line,
        /// narrows the break to ``WidthPieces/breakPrecision``. Returns the piece up to the last
        /// width found on the line and the first width found off it (where the next piece starts);
        /// nil when no layout in between is off the line (the piece then ends at `end`).
        mutating func breakOfLine(_ piece: Piece, from w0: Double, onLineAt end: Double, failedAt failed: Double)
            throws(LayoutDocumentError) -> (piece: Piece, next: Double)?
        {
            let candidates = (Self.checks.map { w0 + $0 * (failed - w0) } + [failed]).filter { $0 > end }.sorted()
            var high: Double?
            for width in candidates where !Self.lies(try frames(at: width), on: piece, at: width) {
                high = width
                break
            }
            guard var high else { return nil }
            var low = end
            while high - low > WidthPieces.breakPrecision {
                let middle = low + (high - low) / 2
                guard middle > low, middle < high else { break }
                if Self.lies(try frames(at: middle), on: piece, at: middle) { low = middle } else { high = middle }
            }
            guard case .exact(let lower, _, let offset, let slope, let marks, let notes) = piece else { return nil }
            return (.exact(lower: lower, upper: low, offset: offset, slope: slope, marks: marks, notes: notes), high)
        }

        /// The line through the layouts at `w0` and `w1`, if the layouts in between lie on it.
        mutating func affinePiece(from w0: Double, to w1: Double) throws(LayoutDocumentError) -> Piece? {
            guard w1 > w0 else { return nil }
            let start = try frames(at: w0), end = try frames(at: w1)
            guard start.marks == end.marks, start.notes == end.notes,
                  start.values.allSatisfy(\.isFinite), end.values.allSatisfy(\.isFinite) else { return nil }
            let slope = zip(start.values, end.values).map { ($1 - $0) / (w1 - w0) }
            let offset = zip(start.values, slope).map { $0 - $1 * w0 }
            for fraction in Self.checks {
                let width = w0 + fraction * (w1 - w0)
                let inside = try frames(at: width)
                guard inside.marks == start.marks, inside.notes == start.notes else { return nil }
                for (index, value) in inside.values.enumerated()
                where !(abs(value - (offset[index] + slope[index] * width)) <= WidthPieces.tolerance) {
                    return nil
                }
            }
            return .exact(lower: w0, upper: w1, offset: offset, slope: slope, marks: start.marks, notes: start.notes)
        }

        /// The root widths around `width` in which its layout keeps its shape; nil when the
        /// diagnostics cannot say (a conflict).
        mutating func sensitivity(at width: Double) throws(LayoutDocumentError) -> ClosedRange<Double>? {
            let layout = try makeLayout(width)
            let result = try layout.layout()
            layoutCount += 1
            guard result.isSatisfiable, let range = try? layout.root.rootSizeSensitivity().width,
                  range.lowerBound <= range.upperBound, !range.lowerBound.isNaN else { return nil }
            return range.lowerBound...range.upperBound
        }

        /// The layout at `width` (computed once).
        mutating func frames(at width: Double) throws(LayoutDocumentError) -> Frames {
            if let cached = cache[width] { return cached }
            let result = try makeLayout(width).layout(reportingAmbiguity: reportingAmbiguity)
            layoutCount += 1
            let picture = LayoutPicture(result: result)
            // The root's margins and safe-area guides, which the picture leaves out.
            var systemGuides: [LayoutPicture.Box] = []
            if let snapshot = result.snapshot {
                for entry in snapshot.entries where entry.kind == .guide && entry.id == nil && entry.parent == snapshot.rootKey
                    && (entry.name.hasSuffix(".layoutMarginsGuide") || entry.name.hasSuffix(".safeAreaLayoutGuide")) {
                    systemGuides.append(LayoutPicture.Box(name: entry.name, depth: entry.depth, isGuide: true, frame: entry.frameInRoot))
                }
            }
            if items.isEmpty {
                documentName = result.documentName
                rootID = result.rootID
                rootHeight = result.rootSize.height
                items = picture.boxes.map { Item(name: $0.name, depth: $0.depth, isGuide: $0.isGuide) }
                    + systemGuides.map { Item(name: $0.name, depth: $0.depth, isGuide: true, isSystemGuide: true) }
            }
            var byName: [String: LayoutPicture.Box] = [:]
            for box in picture.boxes + systemGuides { byName[box.name] = box }
            var values: [Double] = []
            var marks: [LayoutPicture.Mark?] = []
            values.reserveCapacity(4 * items.count)
            for item in items {
                if let box = byName[item.name] {
                    values += [box.frame.minX, box.frame.minY, box.frame.width, box.frame.height]
                } else {
                    values += [.nan, .nan, .nan, .nan]
                }
                marks.append(byName[item.name]?.mark)
            }
            var notes = picture.notes
            if let ambiguous = result.ambiguousItems, !ambiguous.isEmpty {
                notes.append("ambiguous (the constraints leave their frames open): " + ambiguous.joined(separator: ", "))
            }
            let frames = Frames(values: values, marks: marks, notes: notes)
            cache[width] = frames
            return frames
        }
    }
}
