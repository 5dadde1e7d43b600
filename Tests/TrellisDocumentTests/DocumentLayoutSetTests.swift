import Testing
import Trellis
import TrellisDocument

/// Layout sets and Visual Format strings in layout documents: they lower through
/// `Tails.layoutSet` and `Tails.visual`, queries read like Swift ranges, conflicts among them are
/// reported with their document lines, and mistakes are errors at their line and column.
@Suite("Layout documents: layout sets and Visual Format")
struct DocumentLayoutSetTests {
    static func document(_ body: String) -> String {
        """
        {"format": "layout-document/1", "root": {"id": "r", "width": 400, "height": 300},
         "views": [{"id": "a"}, {"id": "b"}],
        \(body)}
        """
    }

    static func error(_ body: String) -> LayoutDocumentError? {
        do {
            _ = try LayoutDocument.parse(document(body))
            return nil
        } catch {
            return error
        }
    }

    @Test("Size queries read as the Swift ranges they look like", arguments: [
        ("..<600", 599.5, true), ("..<600", 600, false), ("...600", 600, true), ("...600", 600.5, false),
        ("600...", 600, true), ("600...", 599.5, false), ("600..<1024", 1023, true), ("600..<1024", 1024, false),
        ("600...1024", 1024, true), ("600...1024", 599, false), (" 600 ..< 1024 ", 700, true),
    ])
    func ranges(text: String, width: Double, matches: Bool) throws {
        let query = try #require(LayoutDocument.SizeQueryEntry(width: text).sizeQuery())
        #expect(query.matches(Size(width: width, height: 100)) == matches)
        #expect(LayoutDocument.SizeQueryEntry(height: text).sizeQuery()?.matches(Size(width: 1, height: width)) == matches)
    }

    @Test("A query's description is the Swift DSL's")
    func descriptions() {
        let entry = LayoutDocument.SizeQueryEntry(width: "600..<1024", height: "500...", orientation: "landscape")
        #expect(entry.sizeQuery()?.description == SizeQuery.width(600..<1024).and(.height(500...)).and(.landscape).description)
        #expect(LayoutDocument.SizeQueryEntry(width: "..<600").sizeQuery()?.description == SizeQuery.width(..<600).description)
        #expect(LayoutDocument.SizeQueryEntry(orientation: "portrait").sizeQuery()?.matches(Size(width: 1, height: 2)) == true)
        for bad in ["600", "600..<", "700..<600", "700...600", "..<", "a..<600", "..<1e7", "1..<2..<3"] {
            #expect(LayoutDocument.SizeQueryEntry(width: bad).sizeQuery() == nil, "\(bad)")
        }
    }

    @Test("A layout set switches cases with the root width, exactly as Tails.layoutSet does")
    func layoutSet() throws {
        let text = Self.document("""
             "layoutSets": [{"view": "r", "cases": [
               {"when": {"width": "..<300"}, "constraints": ["a~.top.leading.trailing == r~", "a~.height == 50",
                 "b~.top == a~.bottom", "b~.leading.trailing.bottom == r~"]},
               {"when": {"width": "300..<500", "orientation": "landscape"}, "constraints": [
                 "a~.top.leading.bottom == r~", "a~.width == 100", "b~.leading == a~.trailing", "b~.top.trailing.bottom == r~"]},
               {"otherwise": true, "constraints": ["a~.edges == r~", {"constraint": "b~.edges == a~ + EdgeInsets(10)", "label": "inset"}]}
             ]}]
            """)
        let document = try LayoutDocument.parse(text, name: "sets.json")
        #expect(document.layoutSets.count == 1)
        let caseCounts: [Int] = document.layoutSets[0].cases.map { $0.constraints.count }
        #expect(caseCounts == [4, 4, 2])
        #expect(document.layoutSets[0].cases[1].constraints[0].subject == #"layoutSets[0].cases[1].constraints[0] "a~.top.leading.bottom == r~""#)
        for (width, height) in [(250.0, 300.0), (400, 300), (400, 450), (700, 300)] {
            let result = try document.makeLayout(width: width, height: height).layout(reportingAmbiguity: true)
            #expect(result.isSatisfiable)
            #expect(result.ambiguity == [])
            let snapshot = try #require(result.snapshot)

            let r = View(id: "r"), a = View(id: "a"), b = View(id: "b")
            r.frame = Rect(x: 0, y: 0, width: width, height: height)
            r.addSubview(a)
            r.addSubview(b)
            Tails.layoutSet(for: r)
                .when(.width(..<300)) {
                    a~.top.leading.trailing == r~
                    a~.height == 50
                    b~.top == a~.bottom
                    b~.leading.trailing.bottom == r~
                }
                .when(.width(300..<500).and(.landscape)) {
                    a~.top.leading.bottom == r~
                    a~.width == 100
                    b~.leading == a~.trailing
                    b~.top.trailing.bottom == r~
                }
                .otherwise {
                    a~.edges == r~
                    b~.edges == a~ + EdgeInsets(10) ~~ "inset"
                }
            try r.layoutIfNeeded()
            for view in [a, b] {
                #expect(snapshot.entry(forID: view.id ?? "")?.frame == view.frame, "\(view.id ?? "") at \(width) × \(height)")
            }
        }
        // The three cases give three different layouts of b.
        var frames: [Rect] = []
        for (width, height) in [(250.0, 300.0), (400, 300), (700, 300)] {
            frames.append(try #require(try document.makeLayout(width: width, height: height).layout().snapshot?.entry(forID: "b")?.frame))
        }
        #expect(frames == [Rect(x: 0, y: 50, width: 250, height: 250), Rect(x: 100, y: 0, width: 300, height: 300),
                           Rect(x: 10, y: 10, width: 680, height: 280)])
    }

    @Test("Visual Format strings lower as Tails.visual: metrics, options, standard spacing")
    func visualFormat() throws {
        let text = Self.document("""
             "visualFormat": [
               {"format": "H:|-(m)-[a(>=40,<=w@750)]-[b(==a)]", "metrics": {"m": 12, "w": 300},
                "options": ["alignAllTop", "alignAllBottom"], "standardSpacing": 6},
               "V:|-[a(60)]"
             ],
             "constraints": ["b~.trailing <= r~.trailing - 30"]
            """)
        let result = try LayoutDocument.parse(text, name: "vfl.json").makeLayout().layout(reportingAmbiguity: true)
        #expect(result.isSatisfiable)
        let snapshot = try #require(result.snapshot)

        let r = View(id: "r"), a = View(id: "a"), b = View(id: "b")
        r.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        r.addSubview(a)
        r.addSubview(b)
        Tails.install(b~.trailing <= r~.trailing - 30)
        Tails.install(try Tails.visual("H:|-(m)-[a(>=40,<=w@750)]-[b(==a)]", metrics: ["m": 12, "w": 300],
                                       views: ["a": a, "b": b], options: [.alignAllTop, .alignAllBottom], standardSpacing: 6))
        Tails.install(try Tails.visual("V:|-[a(60)]", views: ["a": a]))
        try r.layoutIfNeeded()
        #expect(snapshot.entry(forID: "a")?.frame == a.frame)
        #expect(snapshot.entry(forID: "b")?.frame == b.frame)
        // 12 + a + 6 + b with b == a: the widths share what the trailing limit leaves.
        #expect(a.frame.minX == 12)
        #expect(a.frame.minY == 20)
        #expect(a.frame.height == 60)
        #expect(b.frame.minY == a.frame.minY)
    }

    @Test("Conflicts among Visual Format and layout-set constraints are relaxed and name their lines")
    func conflicts() throws {
        let text = Self.document("""
             "visualFormat": ["H:|[a(100)]", "V:|[a(10)]|"],
             "layoutSets": [{"view": "r", "cases": [{"otherwise": true, "constraints": ["a~.width == 50", "b~.edges == r~"]}]}]
            """)
        let result = try LayoutDocument.parse(text, name: "conflict.json").makeLayout().layout()
        #expect(!result.isSatisfiable)
        #expect(result.snapshot != nil)
        let lines = Set(result.conflicts.flatMap { $0.compactMap(\.line) })
        // line 3: the Visual Format strings; line 4: the layout set's constraint.
        #expect(lines.contains(3))
        #expect(lines.contains(4))
    }

    @Test("Mistakes in layout sets and Visual Format strings are errors at their line and column")
    func errors() {
        let cases: [(body: String, line: Int, column: Int, message: String)] = [
            (#""layoutSets": [{"view": "c", "cases": []}]"#, 3, 25, #"layoutSets[0]: view "c" is not a view of the document"#),
            (#""layoutSets": [{"view": "r", "cases": [{"when": {"width": "600"}, "constraints": []}]}]"#, 3, 59,
             #"layoutSets[0].cases[0]: when.width must be a range such as "..<600""#),
            (#""layoutSets": [{"view": "r", "cases": [{"when": {"width": "700..<600"}, "constraints": []}]}]"#, 3, 59,
             "bounds in order"),
            // At the key (column 50; it was the value's column 58).
            (#""layoutSets": [{"view": "r", "cases": [{"when": {"size": 3}}]}]"#, 3, 50, #"when: unknown field "size""#),
            (#""layoutSets": [{"view": "r", "cases": [{"when": {"orientation": "up"}}]}]"#, 3, 65, "when.orientation must be"),
            (#""layoutSets": [{"view": "r", "cases": [{"when": {}}]}]"#, 3, 49, "when must be an object such as"),
            (#""layoutSets": [{"view": "r", "cases": [{"when": {"width": "1..."}, "otherwise": true}]}]"#, 3, 81,
             "either \"when\" or \"otherwise\""),
            (#""layoutSets": [{"view": "r", "cases": [{"constraints": []}]}]"#, 3, 40, "missing \"when\""),
            (#""layoutSets": [{"view": "r", "cases": [{"otherwise": true, "constraints": ["a~.top == c~"]}]}]"#, 3, 87,
             #"layoutSets[0].cases[0].constraints[0] "a~.top == c~", column 11: unknown item "c""#),
            (#""layoutSets": [{"view": "r", "cases": [{"otherwise": true, "constraints": ["a~.top = 4"]}]}]"#, 3, 84,
             "layoutSets[0].cases[0].constraints[0]"),
            (#""visualFormat": ["H:|-[a]-[c]-|"]"#, 3, 28, #"visualFormat[0] "H:|-[a]-[c]-|", column 10:"#),
            (#""visualFormat": [{"format": "H:[a]", "options": "alignAll"}]"#, 3, 49, #"unknown option "alignAll""#),
            (#""visualFormat": [{"format": "H:[a]", "metrics": {"x": "8"}}]"#, 3, 55, "metrics.x must be a number"),
            (#""visualFormat": [{"metrics": {}}]"#, 3, 18, #"needs a "format" string"#),
            (#""visualFormat": [3]"#, 3, 18, "visualFormat[0] must be a format string"),
        ]
        for item in cases {
            let found = Self.error(item.body)
            #expect(found?.line == item.line, "\(item.body): \(String(describing: found))")
            #expect(found?.column == item.column, "\(item.body): \(String(describing: found))")
            #expect(found?.message.contains(item.message) == true, "\(String(describing: found))")
        }
    }
}
