import Trellis
import TrellisSupport

/// What the picture renderers draw: the boxes of one layout in the root's coordinate space, with
/// marks for conflicting and ambiguous items.
///
/// ```swift
/// let picture = LayoutPicture(result: try document.makeLayout().layout())
/// print(ASCIIRenderer(columns: 80).render(picture))
/// let svg = SVGRenderer().render([picture])
/// ```
///
/// Views and custom layout guides are drawn; the system guides (margins, safe area) are not.
public struct LayoutPicture: Sendable, Hashable {
    /// How an item is marked.
    public enum Mark: String, Sendable, Hashable {
        /// A constraint naming the item is part of a conflict: outlined in red (`#` in text).
        case conflict
        /// The constraints do not determine the item's frame: outlined dashed (`:` and `.` in
        /// text, its label starting with `?`).
        case ambiguous
    }

    /// One item.
    public struct Box: Sendable, Hashable {
        /// The item's name (its id).
        public var name: String
        /// The depth below the root (0 for the root).
        public var depth: Int
        /// Whether the item is a layout guide rather than a view.
        public var isGuide: Bool
        /// The frame in the root's coordinate space.
        public var frame: Rect
        /// The mark, if any (a conflict wins over ambiguity).
        public var mark: Mark?
        /// The text the item shows, as its measurer broke it into lines (the SVG draws it), if any.
        public var text: TextBlock?

        /// Creates a box.
        public init(name: String, depth: Int, isGuide: Bool = false, frame: Rect, mark: Mark? = nil,
                    text: TextBlock? = nil) {
            self.name = name
            self.depth = depth
            self.isGuide = isGuide
            self.frame = frame
            self.mark = mark
            self.text = text
        }
    }

    /// Text shown in a box, already broken into lines by whoever measured it (the `trellis`
    /// command fills it in from Pango for the text items of a document): ``SVGRenderer`` draws
    /// each line where it is, and keeps the boxes' labels off it.
    public struct TextBlock: Sendable, Hashable {
        /// One line of text.
        public struct Line: Sendable, Hashable {
            /// The characters shown on the line (with an ellipsis where the text was shortened).
            public var text: String
            /// The line's extent, relative to the box's top-left corner.
            public var frame: Rect
            /// The line's baseline, from the box's top.
            public var baseline: Double

            /// Creates a line.
            public init(text: String, frame: Rect, baseline: Double) {
                self.text = text
                self.frame = frame
                self.baseline = baseline
            }
        }

        /// The lines, top to bottom.
        public var lines: [Line]
        /// The font family (`DejaVu Sans`).
        public var fontFamily: String
        /// The font size in points (one point is one SVG pixel).
        public var fontSize: Double
        /// Whether the font is bold.
        public var isBold: Bool
        /// Whether the font is italic or oblique.
        public var isItalic: Bool

        /// Creates a block of text.
        public init(lines: [Line], fontFamily: String, fontSize: Double, isBold: Bool = false, isItalic: Bool = false) {
            self.lines = lines
            self.fontFamily = fontFamily
            self.fontSize = fontSize
            self.isBold = isBold
            self.isItalic = isItalic
        }
    }

    /// A caption, such as `profile.json — 390 × 844`.
    public var title: String
    /// The root's size: the extent of the picture.
    public var size: Size
    /// The boxes, parents before children (drawing order).
    public var boxes: [Box]
    /// Lines printed under the picture: the conflicting constraints, when there are any.
    public var notes: [String]
    /// Lines printed after ``notes``: the ambiguous items with the ranges of their undetermined
    /// attributes, when ambiguity was computed (see ``DocumentLayoutResult/ambiguity``).
    public var ambiguityNotes: [String]

    /// Creates a picture from its parts.
    public init(title: String, size: Size, boxes: [Box], notes: [String] = [], ambiguityNotes: [String] = []) {
        self.title = title
        self.size = size
        self.boxes = boxes
        self.notes = notes
        self.ambiguityNotes = ambiguityNotes
    }

    /// The picture of a snapshot: every view and custom guide, with the named items marked.
    public init(snapshot: LayoutSnapshot, title: String, conflicting: Set<String> = [], ambiguous: Set<String> = [],
                notes: [String] = [], ambiguityNotes: [String] = []) {
        var boxes: [Box] = []
        var size = Size.zero
        for entry in snapshot.entries {
            let isSystemGuide = entry.kind == .guide && entry.id == nil
                && (entry.name.hasSuffix(".layoutMarginsGuide") || entry.name.hasSuffix(".safeAreaLayoutGuide"))
            if entry.key == snapshot.rootKey { size = entry.frame.size }
            if isSystemGuide { continue }
            let mark: Mark? = conflicting.contains(entry.name) ? .conflict : ambiguous.contains(entry.name) ? .ambiguous : nil
            // Inside scroll views: only the part their frames show (nothing when none of it is).
            var frame = entry.frameInRoot
            if let clip = entry.clipInRoot {
                let minX = max(frame.minX, clip.minX), minY = max(frame.minY, clip.minY)
                let maxX = min(frame.maxX, clip.maxX), maxY = min(frame.maxY, clip.maxY)
                if maxX <= minX || maxY <= minY { continue }
                frame = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            }
            boxes.append(Box(name: entry.name, depth: entry.depth, isGuide: entry.kind == .guide, frame: frame, mark: mark))
        }
        self.init(title: title, size: size, boxes: boxes, notes: notes, ambiguityNotes: ambiguityNotes)
    }

    /// The picture of a document's layout, its conflicting items marked and the conflicts listed
    /// in ``notes``; when the result's ambiguity was computed, its ambiguous items marked too and
    /// listed with their ranges in ``ambiguityNotes``. Without frames (no layout could be found)
    /// only the root is drawn.
    public init(result: DocumentLayoutResult, title: String? = nil) {
        let caption = title ?? "\(result.documentName) — \(NumberFormat.short(result.rootSize.width)) × "
            + "\(NumberFormat.short(result.rootSize.height))"
        var notes: [String] = []
        for (number, conflict) in result.conflicts.enumerated() {
            let heading = result.conflicts.count > 1 ? "conflict \(number + 1)" : "conflict"
            notes.append("\(heading) (drawn with these made optional, the last one giving way first):")
            for member in conflict {
                let source = member.constraintIndex.map { "constraints[\($0)]: " } ?? ""
                notes.append("  \(source)\(member.text)")
            }
        }
        if let snapshot = result.snapshot {
            self.init(snapshot: snapshot, title: caption, conflicting: Set(result.conflictingItems),
                      ambiguous: Set(result.ambiguousItems ?? []), notes: notes, ambiguityNotes: result.ambiguityLines)
        } else {
            let root = Box(name: result.rootID, depth: 0, frame: Rect(origin: .zero, size: result.rootSize),
                           mark: result.conflictingItems.contains(result.rootID) ? .conflict : nil)
            self.init(title: caption, size: result.rootSize, boxes: [root],
                      notes: notes + ["no frames: the conflicts could not be relaxed"])
        }
    }
}
