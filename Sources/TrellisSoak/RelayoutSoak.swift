import Trellis

/// A screen relaid out again and again while it changes: a vertical stack of 24 rows (each a
/// horizontal stack of an icon, a title and a badge). Every pass hides or shows a row, replaces
/// a constraint, adds a view with its own constraints and removes an older one; now and then a
/// row is replaced and the screen resized. Removed views and replaced constraints must be freed:
/// each pass checks that those of the pass before are gone (a leak the RSS might hide).
final class RelayoutSoak {
    let root = View(id: "root")
    private let list: StackView
    private var rows: [View] = []
    /// Views added by the soak (each pinned to a row), oldest first.
    private var extras: [View] = []
    /// The replaced constraint: the list's top inset.
    private var inset: ConstraintGroup
    private var pass = 0
    /// What the last pass removed, and what this one removes: to be freed by the end of the next pass.
    private var departedBefore: [Departed] = []
    private var departed: [Departed] = []

    /// An object that should be freed soon, held weakly.
    private struct Departed {
        weak var object: AnyObject?
        let name: String
    }

    private static let rowCount = 24
    private static let widths: [Double] = [375, 414, 768]
    /// How many added views are kept at a time.
    private static let extraCount = 8

    init() {
        root.frame = Rect(x: 0, y: 0, width: 375, height: 2_000)
        for index in 0..<Self.rowCount {
            rows.append(Self.row(id: "row\(index)", titleWidth: 120 + Double(index % 7) * 15))
        }
        list = StackView(id: "list", axis: .vertical, spacing: 4, arrangedSubviews: rows)
        root.addSubview(list)
        Tails.install(list~.leading.trailing == root~ + EdgeInsets(16))
        inset = Tails.install(list~.top == root~.top + 20)
    }

    /// A row: icon, title (which takes the extra width) and badge, centred across.
    private static func row(id: String, titleWidth: Double) -> View {
        let icon = View(id: "\(id).icon"), title = View(id: "\(id).title"), badge = View(id: "\(id).badge")
        icon.intrinsicContentSize = Size(width: 32, height: 32)
        title.intrinsicContentSize = Size(width: titleWidth, height: 20)
        badge.intrinsicContentSize = Size(width: 24, height: 16)
        title.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        return Tails.stack(.horizontal, spacing: 8, alignment: .center, id: id) { icon; title; badge }
    }

    /// One change and one layout pass; checks the list kept its width and the last pass's
    /// removals were freed.
    func run() throws {
        pass += 1
        rows[pass % rows.count].isHidden.toggle()

        // Replace a constraint: a new one with another constant, the old one deactivated.
        inset.deactivate()
        for constraint in inset.constraints { departed.append(Departed(object: constraint, name: "\(constraint)")) }
        inset = Tails.install(list~.top == root~.top + Double(20 + pass % 5))

        // A view pinned to a row, with its own size; the oldest beyond the count is removed.
        let extra = View(id: "extra\(pass)")
        let host = rows[pass % rows.count]
        host.addSubview(extra)
        Tails.install(extra~.top.trailing == host~, extra~.size == Size(width: 6, height: 6))
        extras.append(extra)
        if extras.count > Self.extraCount { remove(extras.removeFirst()) }

        if pass % 97 == 0 {
            // A new row at the end, the first one removed: the count stays.
            let added = Self.row(id: "row-new\(pass)", titleWidth: 90)
            list.addArrangedSubview(added)
            rows.append(added)
            remove(rows.removeFirst())
        }
        if pass % 50 == 0 {
            root.frame.size.width = Self.widths[(pass / 50) % Self.widths.count]
        }
        try root.layoutIfNeeded()
        let expected = root.frame.width - 32
        guard abs(list.frame.width - expected) <= 1e-6 else {
            throw SoakFailure("relayout \(pass): the list is \(list.frame.width) wide, expected \(expected)")
        }
        if let alive = departedBefore.first(where: { $0.object != nil }) {
            throw SoakFailure("relayout \(pass): \(alive.name), removed the pass before, is still alive")
        }
        departedBefore = departed
        departed.removeAll(keepingCapacity: true)
    }

    /// Removes `view` from the tree (and from the rows or extras) and expects it to be freed.
    private func remove(_ view: View) {
        view.removeFromSuperview()
        extras.removeAll { $0.superview === view }        // they go with it
        departed.append(Departed(object: view, name: view.id ?? "a view"))
        for subview in view.subviews { departed.append(Departed(object: subview, name: subview.id ?? "a subview")) }
    }
}
