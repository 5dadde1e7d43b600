import Trellis

/// A small, realistic profile screen built with the Tails DSL: a header with an avatar, a name,
/// a handle and a bio, a row of three buttons, and three feed cells.
///
/// ```swift
/// let screen = ExampleScreen.make(width: 390, height: 844)
/// try screen.layoutIfNeeded()
/// print(try screen.layoutSnapshot())
/// ```
///
/// Text is modelled by views with an intrinsic content size and baseline offsets; the screen
/// uses safe-area and margin guides, `leading`/`trailing` (so `direction: .rightToLeft` mirrors it),
/// baselines, equal widths and content priorities. Every view has an `id`.
enum ExampleScreen {
    /// Builds the screen's view tree with its constraints installed; the root's frame is
    /// `(0, 0, width, height)` with phone-like safe-area insets (top 44, bottom 34).
    static func make(width: Double, height: Double, direction: LayoutDirection = .leftToRight) -> View {
        let root = View(id: "screen")
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        root.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        root.semanticContentAttribute = direction == .leftToRight ? .forceLeftToRight : .forceRightToLeft

        let header = View(id: "header")
        let avatar = View(id: "avatar")
        let name = text("name", width: 140, height: 22, firstBaseline: 17, lastBaseline: 5)
        let handle = text("handle", width: 96, height: 16, firstBaseline: 12, lastBaseline: 4)
        let bio = text("bio", width: View.noIntrinsicMetric, height: 36, firstBaseline: 13, lastBaseline: 5)
        let follow = text("follow", width: 60, height: 32, firstBaseline: 21, lastBaseline: 11)
        let message = text("message", width: 72, height: 32, firstBaseline: 21, lastBaseline: 11)
        let more = View(id: "more")
        root.addSubview(header)
        for view in [avatar, name, handle, bio, follow, message, more] { header.addSubview(view) }

        Tails.install {
            header~.top == root.safeAreaLayoutGuide~.top
            header~.leading.trailing == root~
            avatar~.size == Size(width: 64, height: 64)
            avatar~.top == header~.top + 16
            avatar~.leading == root.layoutMarginsGuide~.leading
            name~.leading == avatar~.trailing + 12
            name~.top == avatar~.top + 6
            name~.trailing <= root.layoutMarginsGuide~.trailing
            handle~.leading == name~
            handle~.firstBaseline == name~.lastBaseline + 20
            bio~.top == avatar~.bottom + 12
            bio~.leading.trailing == root.layoutMarginsGuide~
            follow~.top == bio~.bottom + 12
            follow~.leading == bio~
            message~.leading == follow~.trailing + 8
            message~.firstBaseline == follow~.firstBaseline
            message~.width == follow~.width
            more~.leading == message~.trailing + 8
            more~.trailing == bio~
            more~.size == Size(width: 44, height: 32)
            more~.centerY == follow~
            header~.bottom == follow~.bottom + 16
        }

        var above: View = header
        for index in 1...3 {
            let cell = View(id: "cell\(index)")
            let thumbnail = View(id: "cell\(index).thumbnail")
            let title = text("cell\(index).title", width: 160, height: 20, firstBaseline: 15, lastBaseline: 5)
            let subtitle = text("cell\(index).subtitle", width: 220, height: 16, firstBaseline: 12, lastBaseline: 4)
            root.addSubview(cell)
            for view in [thumbnail, title, subtitle] { cell.addSubview(view) }
            Tails.install {
                cell~.top == above~.bottom + 8
                cell~.leading.trailing == root.layoutMarginsGuide~
                thumbnail~.size == Size(width: 48, height: 48)
                thumbnail~.top.leading == cell~ + DirectionalEdgeInsets(top: 12, leading: 12, bottom: 0, trailing: 0)
                title~.leading == thumbnail~.trailing + 12
                title~.top == thumbnail~.top + 4
                subtitle~.leading == title~
                subtitle~.top == title~.bottom + 4
                subtitle~.trailing <= cell~.trailing - 12
                cell~.bottom == thumbnail~.bottom + 12
            }
            above = cell
        }
        return root
    }

    private static func text(_ id: String, width: Double, height: Double, firstBaseline: Double,
                             lastBaseline: Double) -> View {
        let view = View(id: id)
        view.intrinsicContentSize = Size(width: width, height: height)
        view.firstBaselineOffsetFromTop = firstBaseline
        view.lastBaselineOffsetFromBottom = lastBaseline
        return view
    }
}
