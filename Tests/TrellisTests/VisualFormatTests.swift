import Testing
import Trellis
import TrellisTestSupport

/// The visual format language: Apple's grammar and options, weights, and errors at a column.
@Suite("Visual format")
struct VisualFormatTests {
    /// A 320 × 200 root with views `ids` (intrinsic sizes from `sizes`).
    private func setUp(_ ids: [String], sizes: [String: Size] = [:]) -> (View, [String: View]) {
        let root = makeRoot(width: 320, height: 200)
        var views: [String: View] = [:]
        for view in addViews(ids, to: root) {
            view.intrinsicContentSize = sizes[view.id ?? ""]
            views[view.id ?? ""] = view
        }
        return (root, views)
    }

    @Test("the issue's example: standard spacing, a fixed width, an optional minimum gap, superview edges")
    func example() throws {
        let (root, v) = setUp(["icon", "title", "badge"],
                              sizes: ["title": Size(width: 100, height: 20), "badge": Size(width: 30, height: 20)])
        let relations = try Tails.visual("H:|-[icon(24)]-[title]-(>=8@750)-[badge]-|", views: v,
                                         options: .alignAllTop)
        Tails.install(relations)
        Tails.install(v["icon"]!~.top == 10, v["icon"]!~.height == 24)
        try root.layoutIfNeeded()
        expectFrame(v["icon"]!, 20, 10, 24, 24)     // |- is 20
        expectFrame(v["title"]!, 52, 10, 100, 20)   // 20 + 24 + 8
        expectFrame(v["badge"]!, 270, 10, 30, 20)   // 320 − 20 − 30
        #expect(relations.map(\.description) == [
            "|-[icon(24)]: icon.leading - root.leading == 20",
            "[icon(24)]: icon.width == 24",
            "[icon(24)]-[title]: title.leading - icon.trailing == 8",
            "[title]-(>=8@750)-[badge]: badge.leading - title.trailing >= 8 @750",
            "[badge]-|: root.trailing - badge.trailing == 20",
            "alignAllTop: title.top == icon.top",
            "alignAllTop: badge.top == title.top",
        ])
    }

    @Test("V: formats, flush views, metrics, several predicates, equal sizes and priorities")
    func verticalAndPredicates() throws {
        let (root, v) = setUp(["a", "b", "c"])
        Tails.install(try Tails.visual("V:|-pad-[a(h)][b(==a)]-(gap)-[c(>=10,<=30@999)]", metrics: ["pad": 5, "h": 40, "gap": 12],
                                       views: v, options: [.alignAllLeft, .alignAllRight]))
        Tails.install(v["a"]!~.left == 0, v["a"]!~.width == 50, v["c"]!~.height == 100 ~~ 500)
        try root.layoutIfNeeded()
        expectFrame(v["a"]!, 0, 5, 50, 40)
        expectFrame(v["b"]!, 0, 45, 50, 40)
        expectFrame(v["c"]!, 0, 97, 50, 30)         // <= 30 at 999 beats == 100 at 500
    }

    @Test("direction options: left to right, right to left; the default follows the layout direction")
    func directions() throws {
        for (options, rtlRoot, expectedA, expectedB) in [
            (VisualFormatOptions(), false, 10.0, 70.0),
            (VisualFormatOptions(), true, 260.0, 200.0),
            ([.directionLeftToRight], true, 10.0, 70.0),
            ([.directionRightToLeft], false, 260.0, 200.0),
        ] {
            let (root, v) = setUp(["a", "b"])
            if rtlRoot { root.layoutDirection = .rightToLeft }
            Tails.install(try Tails.visual("|-10-[a(50)]-10-[b(50)]", views: v, options: options))
            Tails.install(try Tails.visual("V:|[a(20)]", views: v))
            Tails.install(v["b"]!~.top == v["a"]!~, v["b"]!~.height == 20)
            try root.layoutIfNeeded()
            expectFrame(v["a"]!, expectedA, 0, 50, 20)
            expectFrame(v["b"]!, expectedB, 0, 50, 20)
        }
    }

    @Test("weights: views and gaps in proportion")
    func weights() throws {
        let (root, v) = setUp(["a", "b", "c"])
        Tails.install(try Tails.visual("H:|-(~1)-[a(~2)]-(~1)-|", views: v))
        Tails.install(try Tails.visual("H:|[b(~1)]-10-[c(~3)]|", views: v))
        Tails.install {
            Tails.align(.top, [root, v["a"]!, v["b"]!, v["c"]!])
            [v["a"]!, v["b"]!, v["c"]!]~.height == 10
        }
        try root.layoutIfNeeded()
        expectFrame(v["a"]!, 80, 0, 160, 10)        // 320 = g + 2g + g
        expectFrame(v["b"]!, 0, 0, 77.5, 10)        // 310 / 4
        expectFrame(v["c"]!, 87.5, 0, 232.5, 10)
    }

    @Test("baseline-to-baseline spacing in V: formats")
    func baselineSpacing() throws {
        let (root, v) = setUp(["a", "b"])
        v["a"]!.lastBaselineOffsetFromBottom = 4
        v["b"]!.firstBaselineOffsetFromTop = 15
        Tails.install(try Tails.visual("V:|[a(20)]-10-[b(20)]", views: v, options: .spacingBaselineToBaseline))
        Tails.install {
            [v["a"]!, v["b"]!]~.left == 0
            [v["a"]!, v["b"]!]~.width == 10
        }
        try root.layoutIfNeeded()
        expectFrame(v["b"]!, 0, 11, 10, 20)         // 16 + 10 − 15
    }

    @Test("relations without @priority take the scoped default priority")
    func scopedPriority() throws {
        let (_, v) = setUp(["a", "b"])
        let relations = try Tails.withPriority(.defaultLow) {
            try Tails.visual("[a]-[b(50@750)]", views: v)
        }
        #expect(relations.map(\.description) == ["[a]-[b(50@750)]: b.leading - a.trailing == 8 @250",
                                                  "[b(50@750)]: b.width == 50 @750"])
    }

    @Test("layout guides take part; views without a superview cannot use '|'")
    func guidesAndSuperview() throws {
        let root = makeRoot(width: 320, height: 200)
        let guide = LayoutGuide(id: "gutter")
        root.addLayoutGuide(guide)
        Tails.install(try Tails.visual("H:|-[gutter(40)]", views: ["gutter": guide]))
        Tails.install(guide~.top.height == root~)
        try root.layoutIfNeeded()
        #expect(approx(guide.layoutFrame.minX, 20))

        let loose = View(id: "loose")
        #expect(throws: VisualFormatError.self) { try Tails.visual("H:[loose]-|", views: ["loose": loose]) }
        #expect(try Tails.visual("H:[loose(10)]", views: ["loose": loose]).count == 1)
    }

    /// The column and message of the error for `format`.
    private func failure(_ format: String, metrics: [String: Double] = [:], options: VisualFormatOptions = [])
        -> (column: Int, message: String)? {
        let root = View(id: "root")
        let views: [String: LayoutItem] = ["a": View(id: "a"), "b": View(id: "b")]
        for case let view as View in views.values { root.addSubview(view) }
        do {
            _ = try Tails.visual(format, metrics: metrics, views: views, options: options)
            return nil
        } catch {
            return (error.column, error.message)
        }
    }

    /// Malformed formats, the column their error points at, and a part of its message.
    static let malformedCases: [(String, Int, String)] = [
        ("H[a]", 2, "expected ':' after 'H'"),
        ("X:[a]", 1, "expected 'H:', 'V:', '|' or '['"),
        ("", 1, "expected a view"),
        ("|-", 3, "expected a spacing"),
        ("[a", 3, "expected ']' to close the view 'a'"),
        ("[a(10]", 6, "expected ',' or ')'"),
        ("[a]-[c]", 6, "unknown view 'c'"),
        ("[a]-x-[b]", 5, "unknown metric 'x'"),
        ("[a]-b-[b]", 5, "'b' is a view"),
        ("[a]-(>=b)-[b]", 8, "'b' is a view"),
        ("[a]-10[b]", 7, "expected '-' after the spacing"),
        ("[a]|[b]", 5, "expected the end of the format"),
        ("[a(=10)]", 4, "expected '==', '<=' or '>='"),
        ("[a(10@2000)]", 7, "outside 1...1000"),
        ("[a(~0)]", 5, "a weight must be a positive"),
        ("[a(~b)]", 5, "a weight must be a positive"),
        ("[a][b]x", 7, "expected '-', '[' or '|'"),
        ("[a(1.)]", 6, "expected digits after '.'"),
        ("[a(@5)]", 4, "expected a number or a name"),
        ("[]", 2, "expected a view name"),
    ]

    @Test("malformed strings throw an error pointing at the column", arguments: malformedCases)
    func malformed(format: String, column: Int, message: String) {
        guard let failure = failure(format) else {
            Issue.record("\(format) did not throw")
            return
        }
        #expect(failure.column == column, "\(format): \(failure.message)")
        #expect(failure.message.contains(message), "\(format): \(failure.message)")
    }

    @Test("options that do not fit the format throw")
    func badOptions() {
        #expect(failure("H:[a][b]", options: .alignAllLeft)?.message.contains("alignAllLeft") == true)
        #expect(failure("V:[a][b]", options: .alignAllTop)?.message.contains("use it with H: formats") == true)
        #expect(failure("[a][b]", options: [.directionLeftToRight, .directionRightToLeft])?.message.contains("contradict") == true)
        #expect(failure("[a][b]", options: .spacingBaselineToBaseline)?.column == 1)
    }

    @Test("the error's description shows the format with a caret under the column")
    func errorDescription() {
        let line = #line + 2
        do {
            _ = try Tails.visual("H:|-[icon(24)-[title]|", views: ["icon": View(), "title": View()])
            Issue.record("expected an error")
        } catch {
            #expect(error.column == 14)
            #expect(error.location.description == "VisualFormatTests.swift:\(line)")
            #expect(error.description == """
                visual format error at column 14 (VisualFormatTests.swift:\(line)): expected ']' to close the view 'icon', found '-'
                H:|-[icon(24)-[title]|
                             ^
                """)
        }
    }
}
