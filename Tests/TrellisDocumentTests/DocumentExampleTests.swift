import Foundation
import Testing
import Trellis
import TrellisDocument

/// Each example document under docs/examples/ lays out exactly like the same screen written in
/// Swift with the DSL (`Tails.stack`, `Tails.install`), at its own width and a narrower one; and
/// a stack in a document equals the Swift `StackView` for every distribution, alignment and axis.
@Suite("Layout documents: examples equal their Swift twins")
struct DocumentExampleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples")

    // MARK: - Helpers

    /// A text view measured by the documented model, as a Swift author would write one.
    static func text(_ id: String, _ string: String, font: String = "DejaVu Sans 15", lines: Int = 1,
                     lineBreak: String = "truncateTail") -> View {
        let entry = LayoutDocument.TextEntry(text: string, font: font, lines: lines, lineBreak: lineBreak)
        let view = View(id: id)
        view.sizeForWidth = { LayoutDocument.modelTextSize(of: entry, width: $0) }
        view.firstBaselineOffsetFromTop = 0.8 * entry.pointSize
        view.lastBaselineOffsetFromBottom = 0.4 * entry.pointSize
        return view
    }

    /// `view`, after `change` (to configure views written inline in a stack block).
    static func configured<V: View>(_ view: V, _ change: (V) -> Void) -> V {
        change(view)
        return view
    }

    static func sized(_ id: String, _ width: Double?, _ height: Double?) -> View {
        let view = View(id: id)
        view.intrinsicContentSize = Size(width: width ?? View.noIntrinsicMetric, height: height ?? View.noIntrinsicMetric)
        return view
    }

    static func root(_ id: String, _ width: Double, _ height: Double) -> View {
        let root = View(id: id)
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        return root
    }

    /// Every view's frame (relative to its superview), by id.
    static func frames(of root: View) throws -> [String: Rect] {
        try root.layoutIfNeeded()
        var result: [String: Rect] = [:]
        var stack = [root]
        while let view = stack.popLast() {
            result[view.id ?? ""] = view.frame
            stack += view.subviews
        }
        return result
    }

    /// The document's frames at `width`, laid out with the default (model) views; the layout must
    /// be satisfiable and unambiguous, so that the comparison is between determined frames.
    static func documentFrames(_ file: String, width: Double) throws -> [String: Rect] {
        let bytes = try [UInt8](Data(contentsOf: examples.appendingPathComponent(file)))
        let document = try LayoutDocument.parse(bytes, name: file)
        let result = try document.makeLayout(width: width).layout(reportingAmbiguity: true)
        #expect(result.isSatisfiable, "\(file) at \(width)")
        #expect(result.ambiguity?.isEmpty == true, "\(file) at \(width): \(result.ambiguity ?? [])")
        let snapshot = try #require(result.snapshot)
        return Dictionary(uniqueKeysWithValues: snapshot.entries.filter { $0.kind == .view }.map { ($0.id ?? "", $0.frame) })
    }

    // MARK: - Swift twins
    //
    // Written as a Swift author would, with stack blocks inline, which creates the views in the
    // documents' order (a stack before its arranged views): the solver's floating-point results
    // depend on the order items are created in, so only the same order gives bit-equal frames.

    static func chat(width: Double) throws -> [String: Rect] {
        let chat = root("chat", width, 640)
        let header = text("header", "Alex", font: "DejaVu Sans Bold 17")
        let bubble1 = text("bubble1", "Are we still on for dinner tonight at the usual place?", lines: 0, lineBreak: "wordWrap")
        let bubble2 = text("bubble2", "Yes! Eight o'clock, I booked the table by the window.", lines: 0, lineBreak: "wordWrap")
        let bubble3 = text("bubble3", "Great, see you there", lines: 0, lineBreak: "wordWrap")
        let composer = text("composer", "Type a message", font: "DejaVu Sans 13")
        for view in [header, bubble1, bubble2, bubble3, composer] { chat.addSubview(view) }
        Tails.install(
            header~.top == 12,
            header~.centerX == chat~,
            bubble1~.top == header~.bottom + 16,
            bubble1~.leading == chat~.leading + 16,
            bubble1~.trailing <= chat~.trailing - 64,
            bubble2~.top == bubble1~.bottom + 8
        )
        Tails.install(
            bubble2~.trailing == chat~.trailing - 16,
            bubble2~.leading >= chat~.leading + 64,
            bubble3~.top == bubble2~.bottom + 8,
            bubble3~.leading == chat~.leading + 16,
            bubble3~.trailing <= chat~.trailing - 64,
            composer~.leading.trailing == chat~ + EdgeInsets(16),
            composer~.bottom == chat~.bottom - 16
        )
        return try frames(of: chat)
    }

    static func settings(width: Double) throws -> [String: Rect] {
        let screen = root("screen", width, 700)
        let form = Tails.stack(.vertical, spacing: 8, alignment: .fill, id: "form") {
            text("title", "Settings", font: "DejaVu Sans Bold 22")
            Tails.spacing(24)
            Tails.stack(.horizontal, spacing: 12, alignment: .firstBaseline, id: "wifi") {
                configured(text("wifiLabel", "Wi-Fi")) { $0.setContentHuggingPriority(200, for: .horizontal) }
                configured(sized("wifiSwitch", 51, 31)) { view in
                    view.firstBaselineOffsetFromTop = 20
                    view.lastBaselineOffsetFromBottom = 11
                    view.setContentHuggingPriority(750, for: .horizontal)
                    view.setContentHuggingPriority(750, for: .vertical)
                }
            }
            Tails.stack(.horizontal, spacing: 8, alignment: .center, id: "alerts") {
                configured(text("alertsLabel", "Notifications")) { $0.setContentHuggingPriority(200, for: .horizontal) }
                configured(text("alertsValue", "Daily summary", font: "DejaVu Sans 13")) {
                    $0.setContentHuggingPriority(300, for: .horizontal)
                }
            }
            configured(text("error", "Could not reach the server.", lines: 0, lineBreak: "wordWrap")) { $0.isHidden = true }
            text("about", "Trellis lays out views with constraints solved as linear programs; this paragraph "
                + "wraps at the width the form leaves it.", font: "DejaVu Sans 13", lines: 0, lineBreak: "wordWrap")
            Tails.spacing(20)
            sized("send", nil, 44)
        }
        form.layoutMargins = EdgeInsets(16)
        form.isLayoutMarginsRelativeArrangement = true
        screen.addSubview(form)
        Tails.install(form~.top.leading.trailing == screen~)
        return try frames(of: screen)
    }

    static func toolbar(width: Double) throws -> [String: Rect] {
        let screen = root("screen", width, 300)
        let toolbar = Tails.stack(.horizontal, spacing: 8, distribution: .equalSpacing, alignment: .center, id: "toolbar") {
            sized("back", 44, 44)
            sized("share", 28, 32)
            configured(sized("trash", 24, 28)) { $0.isHidden = true }
            sized("more", 36, 20)
        }
        let tabs = Tails.stack(.horizontal, distribution: .fillEqually, alignment: .fill, id: "tabs") {
            text("home", "Home", font: "DejaVu Sans 11")
            text("search", "Search", font: "DejaVu Sans 11")
            text("profile", "Profile", font: "DejaVu Sans 11")
        }
        let meters = Tails.stack(.horizontal, spacing: 4, distribution: .fillProportionally, alignment: .bottom,
                                 id: "meters") {
            sized("low", 20, 10)
            sized("mid", 40, 30)
            sized("high", 60, 50)
        }
        let column = Tails.stack(.vertical, spacing: 6, distribution: .equalCentering, alignment: .trailing,
                                 id: "column") {
            sized("c1", 80, 20)
            sized("c2", 50, 40)
            sized("c3", 120, 10)
        }
        for view in [toolbar, tabs, meters, column] { screen.addSubview(view) }
        Tails.install(
            toolbar~.top.leading.trailing == screen~ + EdgeInsets(top: 8, left: 16, bottom: 0, right: 16),
            tabs~.leading.trailing.bottom == screen~,
            tabs~.height == 49,
            meters~.top == toolbar~.bottom + 16,
            meters~.leading.trailing == screen~ + EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
            column~.top == meters~.bottom + 16,
            column~.leading == screen~.leading + 16,
            column~.height == 140
        )
        return try frames(of: screen)
    }

    /// A layout set switching the sidebar from the side to the top below 600 points, and Visual
    /// Format strings for the content. The document lowers its `layoutSets` before its
    /// `visualFormat`; the twin does the same.
    static func adaptive(width: Double) throws -> [String: Rect] {
        let screen = root("screen", width, 600)
        let sidebar = View(id: "sidebar"), content = View(id: "content")
        screen.addSubview(sidebar)
        screen.addSubview(content)
        let icon = sized("icon", 24, 24)
        let title = text("title", "Inbox", font: "DejaVu Sans Bold 17")
        let badge = sized("badge", 30, 18)
        let preview = text("preview", "Your order has shipped and will arrive on Thursday between nine and noon.",
                           font: "DejaVu Sans 13", lines: 0, lineBreak: "wordWrap")
        for view in [icon, title, badge, preview] { content.addSubview(view) }
        Tails.layoutSet(for: screen)
            .when(.width(..<600)) {
                sidebar~.top.leading.trailing == screen~
                sidebar~.height == 120
                content~.top == sidebar~.bottom
                content~.leading.trailing.bottom == screen~
            }
            .otherwise {
                sidebar~.top.leading.bottom == screen~
                sidebar~.width == 240
                content~.leading == sidebar~.trailing
                content~.top.trailing.bottom == screen~
            }
        let views: [String: LayoutItem] = ["icon": icon, "title": title, "badge": badge, "preview": preview]
        Tails.install(try Tails.visual("H:|-[icon]-[title]-(>=gap)-[badge]-|", metrics: ["gap": 12], views: views,
                                       options: .alignAllCenterY))
        Tails.install(try Tails.visual("H:|-[preview]-|", views: views))
        Tails.install(try Tails.visual("V:|-(top)-[icon]-(12)-[preview]-(>=0)-|", metrics: ["top": 16], views: views))
        return try frames(of: screen)
    }

    // MARK: - Tests

    @Test("Each example document lays out exactly as its Swift twin", arguments: [
        ("chat.json", 390.0), ("chat.json", 250), ("settings.json", 390), ("settings.json", 260),
        ("toolbar.json", 390), ("toolbar.json", 300), ("adaptive.json", 800), ("adaptive.json", 390),
    ])
    func twin(file: String, width: Double) throws {
        let document = try Self.documentFrames(file, width: width)
        let swift: [String: Rect]
        switch file {
        case "chat.json": swift = try Self.chat(width: width)
        case "settings.json": swift = try Self.settings(width: width)
        case "adaptive.json": swift = try Self.adaptive(width: width)
        default: swift = try Self.toolbar(width: width)
        }
        #expect(document.count == swift.count)
        for (id, frame) in swift.sorted(by: { $0.key < $1.key }) {
            #expect(document[id] == frame, "\(file) at \(width): \(id)")
        }
    }

    @Test("Every example document is tested")
    func everyExampleTested() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }
        // social-card.json and invoice.json are drawing examples, checked by TrellisTextTests' DocumentStyleTests;
        // terminal.json is checked cell by cell by TerminalCellsTests.
        #expect(Set(files) == ["adaptive.json", "chat.json", "settings.json", "toolbar.json", "social-card.json", "invoice.json",
                               "terminal.json"])
    }

    @Test("The examples re-wrap and re-stack at the narrower width")
    func narrower() throws {
        let wide = try Self.documentFrames("settings.json", width: 390)
        let narrow = try Self.documentFrames("settings.json", width: 260)
        // The paragraph takes more lines, pushing the button down; the hidden error takes no room.
        #expect(try #require(narrow["about"]).height > #require(wide["about"]).height)
        #expect(try #require(narrow["send"]).minY > #require(wide["send"]).minY)
        #expect(narrow["error"]?.height == 0)
        let chatWide = try Self.documentFrames("chat.json", width: 390)
        let chatNarrow = try Self.documentFrames("chat.json", width: 250)
        #expect(try #require(chatNarrow["bubble2"]).height > #require(chatWide["bubble2"]).height)
        // The layout set puts the sidebar beside the content at 800, above it at 390.
        let adaptiveWide = try Self.documentFrames("adaptive.json", width: 800)
        let adaptiveNarrow = try Self.documentFrames("adaptive.json", width: 390)
        #expect(adaptiveWide["sidebar"] == Rect(x: 0, y: 0, width: 240, height: 600))
        #expect(adaptiveWide["content"] == Rect(x: 240, y: 0, width: 560, height: 600))
        #expect(adaptiveNarrow["sidebar"] == Rect(x: 0, y: 0, width: 390, height: 120))
        #expect(adaptiveNarrow["content"] == Rect(x: 0, y: 120, width: 390, height: 480))
    }

    static let distributions = StackDistribution.allCases
    static let alignments = StackAlignment.allCases

    @Test("A document stack equals a Swift StackView for every distribution, alignment and axis",
          arguments: LayoutAxis.allCases)
    func everyStack(axis: LayoutAxis) throws {
        for distribution in Self.distributions {
            for alignment in Self.alignments
            where axis == .horizontal || (alignment != .firstBaseline && alignment != .lastBaseline) {
                for baselineRelative in [false, true] {
                    let stackJSON = """
                        {"axis": "\(axis)", "spacing": 6, "distribution": "\(distribution)", "alignment": "\(alignment)",
                         "arranged": ["a", "b", "h", "c"], "customSpacing": {"a": 14},
                         "baselineRelative": \(baselineRelative), "marginsRelative": true}
                        """
                    let text = """
                        {"format": "layout-document/1", "root": {"id": "root", "width": 300, "height": 280},
                         "views": [
                           {"id": "s", "margins": 5, "stack": \(stackJSON)},
                           {"id": "a", "parent": "s", "intrinsicSize": {"width": 40, "height": 20}, "baselines": {"first": 15, "last": 4}},
                           {"id": "b", "parent": "s", "text": "two words", "font": "DejaVu Sans 10", "lines": 0, "lineBreak": "wordWrap"},
                           {"id": "h", "parent": "s", "intrinsicSize": {"width": 10, "height": 10}, "hidden": true},
                           {"id": "c", "parent": "s", "intrinsicSize": {"width": 70, "height": 35}, "baselines": {"first": 25, "last": 9}}
                         ],
                         "constraints": ["s~.top.leading == 10", "s~.width == 200 ~~ 700", "s~.height == 150 ~~ 700"]}
                        """
                    let document = try LayoutDocument.parse(text, name: "stack.json")
                    let result = try document.makeLayout().layout()
                    let snapshot = try #require(result.snapshot)
                    let documentFrames = Dictionary(uniqueKeysWithValues: snapshot.entries.filter { $0.kind == .view }
                        .map { ($0.id ?? "", $0.frame) })

                    let root = Self.root("root", 300, 280)
                    let s = Tails.stack(axis, spacing: 6, distribution: distribution, alignment: alignment, id: "s") {
                        Self.configured(Self.sized("a", 40, 20)) { a in
                            a.firstBaselineOffsetFromTop = 15
                            a.lastBaselineOffsetFromBottom = 4
                        }
                        Tails.spacing(14)
                        Self.text("b", "two words", font: "DejaVu Sans 10", lines: 0, lineBreak: "wordWrap")
                        Self.configured(Self.sized("h", 10, 10)) { $0.isHidden = true }
                        Self.configured(Self.sized("c", 70, 35)) { c in
                            c.firstBaselineOffsetFromTop = 25
                            c.lastBaselineOffsetFromBottom = 9
                        }
                    }
                    s.layoutMargins = EdgeInsets(5)
                    s.isBaselineRelativeArrangement = baselineRelative
                    s.isLayoutMarginsRelativeArrangement = true
                    root.addSubview(s)
                    Tails.install(s~.top.leading == 10, s~.width == 200 ~~ 700, s~.height == 150 ~~ 700)
                    let swiftFrames = try Self.frames(of: root)
                    #expect(documentFrames == swiftFrames, "\(axis) \(distribution) \(alignment) baselineRelative \(baselineRelative)")
                    #expect(swiftFrames.count == 6)
                }
            }
        }
    }

    @Test("Bad stacks and hidden flags are errors at their line and column")
    func errors() {
        func error(_ views: String) -> LayoutDocumentError? {
            let text = "{\"format\": \"layout-document/1\", \"root\": {\"id\": \"r\", \"width\": 100, \"height\": 100},\n"
                + " \"views\": [\n\(views)\n ]}"
            do {
                _ = try LayoutDocument.parse(text)
                return nil
            } catch {
                return error
            }
        }
        let child = #"{"id": "a", "parent": "s"}"#
        let cases: [(views: String, line: Int, column: Int, message: String)] = [
            // An arranged id that is a view, but not a child of the stack.
            (#"{"id": "s", "stack": {"arranged": ["a", "b"]}},"# + "\n" + child + ",\n" + #"{"id": "b"}"#,
             3, 41, "arranged view \"b\" is not a child of the stack (give it \"parent\": \"s\")"),
            // An arranged id that names nothing (with a suggestion).
            (#"{"id": "s", "stack": {"arranged": ["aa"]}},"# + "\n" + child, 3, 36, "arranged view \"aa\" is not a view of the document; did you mean \"a\"?"),
            (#"{"id": "s", "stack": {"arranged": ["a", "a"]}},"# + "\n" + child, 3, 41, "stack.arranged lists \"a\" twice"),
            (#"{"id": "s", "stack": {"arranged": ["a"], "customSpacing": {"b": 4}}},"# + "\n" + child,
             3, 65, "stack.customSpacing names \"b\", which is not in stack.arranged"),
            (#"{"id": "s", "stack": {"axis": "sideways"}}"#, 3, 31, "stack.axis must be one of \"horizontal\", \"vertical\""),
            (#"{"id": "s", "stack": {"distribution": "fit"}}"#, 3, 39, "stack.distribution must be one of \"fill\""),
            (#"{"id": "s", "stack": {"alignment": 3}}"#, 3, 36, "stack.alignment must be one of \"fill\""),
            (#"{"id": "s", "stack": {"spacing": "8"}}"#, 3, 34, "stack.spacing must be a number"),
            (#"{"id": "s", "stack": {"baselineRelative": 1}}"#, 3, 43, "stack.baselineRelative must be true or false"),
            // An unknown field is placed at its key (column 23), not at its value (column 30, before the positions came from the parser).
            (#"{"id": "s", "stack": {"gap": 1}}"#, 3, 23, "stack: unknown field \"gap\""),
            (#"{"id": "s", "stack": []}"#, 3, 22, "stack must be an object"),
            (#"{"id": "s", "text": "x", "stack": {}}"#, 3, 35, "cannot be both a text item and a stack"),
            (#"{"id": "s", "stack": {"axis": "vertical", "alignment": "lastBaseline"}}"#, 3, 56,
             "stack.alignment \"lastBaseline\" needs a horizontal stack"),
            (#"{"id": "s", "hidden": "yes"}"#, 3, 23, "hidden must be true or false, found a string"),
        ]
        for item in cases {
            let found = error(item.views)
            #expect(found?.line == item.line, "\(item.views): \(String(describing: found))")
            #expect(found?.column == item.column, "\(item.views): \(String(describing: found))")
            #expect(found?.message.contains("views[0] (id \"s\")") == true, "\(String(describing: found))")
            #expect(found?.message.contains(item.message) == true, "\(String(describing: found))")
        }
    }
}
