import Testing
import Trellis
import TrellisTestSupport

/// The README's tour of patterns, compiled and checked: the code between each "tour" marker
/// comment and the following "end" marker is the README's text verbatim (de-indented).
@Suite("README tour")
struct TourExampleTests {
    @Test("stacks")
    func stacks() throws {
        // --- tour: stacks ---
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        let icon = View(id: "icon"), title = View(id: "title"), badge = View(id: "badge")
        icon.intrinsicContentSize = Size(width: 24, height: 24)
        title.intrinsicContentSize = Size(width: 120, height: 20)
        badge.intrinsicContentSize = Size(width: 30, height: 20)
        title.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)   // title takes the slack

        let row = Tails.stack(.horizontal, spacing: 8, alignment: .center) {
            icon
            title
            Tails.spacing(16)                                 // 16 after title instead of 8
            badge
        }
        root.addSubview(row)
        Tails.install(row~.top.leading.trailing == root~ + EdgeInsets(16))
        try root.layoutIfNeeded()
        print(row.frame, title.frame, badge.frame)            // (16, 16, 288, 24) (32, 2, 210, 20) (258, 2, 30, 20)

        badge.isHidden = true                                 // hidden views take no room (zero length where they would be)
        try root.layoutIfNeeded()
        print(title.frame)                                    // (32, 2, 256, 20)
        // --- end ---
        expectFrame(row, 16, 16, 288, 24)
        expectFrame(title, 32, 2, 256, 20)
        expectFrame(icon, 0, 0, 24, 24)
    }

    @Test("nested stacks and distributions")
    func nested() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        // --- tour: nested ---
        // root: 320 × 480
        let header = View(id: "header")
        header.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 44)
        let tabs = ["home", "search", "profile"].map { View(id: $0) }
        for tab in tabs { tab.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 49) }

        let page = Tails.stack(.vertical, spacing: 8) {
            header
            Tails.stack(.horizontal, spacing: 4, distribution: .fillEqually) { tabs }   // stacks nest
        }
        root.addSubview(page)
        Tails.install(page~.top.leading.trailing == root~)
        try root.layoutIfNeeded()
        print(page.frame, tabs[1].frame)                      // (0, 0, 320, 101) (108, 0, 104, 49)
        // --- end ---
        expectFrame(page, 0, 0, 320, 101)
        expectFrame(tabs[1], 108, 0, 104, 49)
        expectFrame(tabs[2], 216, 0, 104, 49)
        expectFrame(page.arrangedSubviews[1], 0, 52, 320, 49)
    }

    @Test("layout sets")
    func layoutSets() throws {
        // --- tour: layout sets ---
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        let sidebar = View(id: "sidebar"), content = View(id: "content")
        root.addSubview(sidebar); root.addSubview(content)

        Tails.layoutSet(for: root)
            .when(.width(..<600)) {                           // compact: sidebar above content
                sidebar~.top.leading.trailing == root~
                sidebar~.height == 120
                content~.top == sidebar~.bottom
                content~.leading.trailing.bottom == root~
            }
            .otherwise {                                      // regular: sidebar beside content
                sidebar~.top.leading.bottom == root~
                sidebar~.width == 240
                content~.leading == sidebar~.trailing
                content~.top.trailing.bottom == root~
            }
        try root.layoutIfNeeded()
        print(content.frame)                                  // (0, 120, 320, 360)

        root.frame = Rect(x: 0, y: 0, width: 800, height: 600)   // chosen again at every pass
        try root.layoutIfNeeded()
        print(content.frame)                                  // (240, 0, 560, 600)
        // --- end ---
        expectFrame(content, 240, 0, 560, 600)
        expectFrame(sidebar, 0, 0, 240, 600)
    }

    @Test("visual format")
    func visualFormat() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        // --- tour: visual format ---
        let icon = View(id: "icon"), title = View(id: "title"), badge = View(id: "badge"), logo = View(id: "logo")
        for view in [icon, title, badge, logo] { root.addSubview(view) }   // root: 320 × 480
        title.intrinsicContentSize = Size(width: 120, height: 20)
        badge.intrinsicContentSize = Size(width: 30, height: 20)

        let views = ["icon": icon, "title": title, "badge": badge, "logo": logo]
        Tails.install(try Tails.visual("H:|-[icon(24)]-[title]-(>=8@750)-[badge]-|", views: views,
                                       options: .alignAllCenterY))
        Tails.install(try Tails.visual("V:|-[icon(24)]-[logo(40)]", views: views))
        Tails.install(try Tails.visual("H:|-(~1)-[logo(~2)]-(~1)-|", views: views))   // weights: logo is half, centred
        try root.layoutIfNeeded()
        print(title.frame, badge.frame, logo.frame)           // (52, 22, 120, 20) (270, 22, 30, 20) (80, 52, 160, 40)

        do {
            _ = try Tails.visual("H:|-[icon(24)-[title]", views: views)
        } catch {
            print(error)
            // visual format error at column 14 (TourExampleTests.swift:…): expected ']' to close the view 'icon', found '-'
            // H:|-[icon(24)-[title]
            //              ^
        }
        // --- end ---
        expectFrame(icon, 20, 20, 24, 24)
        expectFrame(title, 52, 22, 120, 20)
        expectFrame(badge, 270, 22, 30, 20)
        expectFrame(logo, 80, 52, 160, 40)
    }

    @Test("arrays, align and distribute")
    func arrays() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        // --- tour: arrays ---
        let a = View(id: "a"), b = View(id: "b"), c = View(id: "c")
        for view in [a, b, c] { root.addSubview(view) }       // root: 320 × 480
        Tails.install {
            [a, b, c]~.height == root~ * 0.3                  // one relation per item
            [a, b, c]~.width == 80
            a~.top == 16
            Tails.align(.top, [a, b, c])
            Tails.distribute(.horizontal, [a, b, c], in: root, inset: 16)   // equal gaps: rows, not spacers
        }
        try root.layoutIfNeeded()
        print(b.frame, c.frame)                               // (120, 16, 80, 144) (224, 16, 80, 144)
        // --- end ---
        expectFrame(a, 16, 16, 80, 144)
        expectFrame(b, 120, 16, 80, 144)
        expectFrame(c, 224, 16, 80, 144)
    }

    @Test("patterns, modifiers, scoped priority, replace")
    func patterns() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        // --- tour: patterns ---
        let card = View(id: "card"), image = View(id: "image"), caption = View(id: "caption"), panel = View(id: "panel")
        root.addSubview(card); card.addSubview(image); card.addSubview(caption); root.addSubview(panel)
        caption.intrinsicContentSize = Size(width: 100, height: 20)

        Tails.install(
            card.fillingParent(insets: EdgeInsets(16)),       // Layoutless-style patterns
            image.centeringInParent(offset: Point(x: 0, y: -40)),
            image.constrainingAspectRatio(to: 4.0 / 3),
            image~.width == card~.width.at(0.5),              // GetLaid-style modifiers
            caption~.top == image~.bottom.offset(8),
            caption~.centerX == image~,
            caption~.width.atLeast(image~.width)
        )
        Tails.withPriority(.defaultLow) {                     // a scoped default priority (task-local)
            Tails.install(panel~.width == 100, panel~.height == 44, panel~.top.leading == root~ ~~ .required)
        }
        let collapsed = Tails.install(panel~.height == 44 ~~ .defaultHigh)
        collapsed.replace(with: Tails.make(panel~.height == 300 ~~ .defaultHigh))   // Mortar-style replace
        try root.layoutIfNeeded()
        print(image.frame, caption.frame, panel.frame)        // (72, 130, 144, 108) (72, 246, 144, 20) (0, 0, 100, 300)
        // --- end ---
        expectFrame(card, 16, 16, 288, 448)
        expectFrame(image, 72, 130, 144, 108)
        expectFrame(caption, 72, 246, 144, 20)
        expectFrame(panel, 0, 0, 100, 300)
    }

    @Test("height for width")
    func measuring() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        // --- tour: measuring ---
        // root: 320 × 480
        let bio = View(id: "bio")
        bio.sizeForWidth = { width in                         // 600 points of text, 20 a line
            let lines = max(1, (600 / width).rounded(.up))
            return Size(width: min(600, width), height: lines * 20)
        }
        root.addSubview(bio)
        Tails.install(bio~.top.leading.trailing == root~ + EdgeInsets(16))
        try root.layoutIfNeeded()                             // measure, solve, measure at 288, solve
        print(bio.frame)                                      // (16, 16, 288, 60)
        // --- end ---
        expectFrame(bio, 16, 16, 288, 60)
    }
}
