import Foundation
import Testing
import Trellis
import TrellisDocument

/// UIKit's system spacing: `.systemSpacing` is 8 points between siblings' edges (and
/// `.systemSpacing * m` is 8m), with `==`, `>=`, `<=`, `+` and `-`; between baselines it is the
/// larger line height of the items that have text. Frames computed by hand as UIKit gives them.
@Suite("System spacing")
struct SystemSpacingTests {
    /// A view whose text has a given line height (as a `Label` reports Pango's).
    final class TextView: View {
        init(id: String, lineHeight: Double?) {
            super.init(id: id)
            textLineHeight = lineHeight
        }
    }

    func row() -> (root: View, a: View, b: View) {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        let a = View(id: "a"), b = View(id: "b")
        root.addSubview(a); root.addSubview(b)
        Tails.install(a~.top.leading == 16, a~.size == Size(width: 100, height: 20),
                      b~.top == a~, b~.size == Size(width: 50, height: 20))
        return (root, a, b)
    }

    @Test("b.leading == a.trailing + systemSpacing: 8 points, as UIKit's equalToSystemSpacingAfter")
    func equal() throws {
        let (root, _, b) = row()
        Tails.install(b~.leading == a(root)~.trailing + .systemSpacing)
        try root.layoutIfNeeded()
        #expect(b.frame == Rect(x: 124, y: 16, width: 50, height: 20))     // 16 + 100 + 8
    }

    private func a(_ root: View) -> View { root.subviews[0] }

    @Test("systemSpacing * 2 is 16; minus works the other way round")
    func multiple() throws {
        let (root, a, b) = row()
        Tails.install(b~.leading == a~.trailing + LayoutExpression.systemSpacing * 2)
        try root.layoutIfNeeded()
        #expect(b.frame.minX == 132)                                        // 16 + 100 + 16
        let (root2, a2, b2) = row()
        Tails.install(a2~.trailing == b2~.leading - LayoutExpression.systemSpacing * 3)
        try root2.layoutIfNeeded()
        #expect(b2.frame.minX == 140)                                       // 116 + 24
    }

    @Test(">= and <= hold at the spacing when pulled against it")
    func inequalities() throws {
        let (root, a, b) = row()
        Tails.install(b~.leading >= a~.trailing + .systemSpacing,
                      b~.leading == 0 ~~ .defaultLow)                       // pulled left
        try root.layoutIfNeeded()
        #expect(b.frame.minX == 124)
        let (root2, a2, b2) = row()
        Tails.install(b2~.leading <= a2~.trailing + LayoutExpression.systemSpacing * 2,
                      b2~.leading == 300 ~~ .defaultLow)                    // pulled right
        try root2.layoutIfNeeded()
        #expect(b2.frame.minX == 132)
        let (root3, a3, b3) = row()
        Tails.install(b3~.leading >= a3~.trailing + .systemSpacing,
                      b3~.leading == 200 ~~ .defaultLow)                    // free to sit further
        try root3.layoutIfNeeded()
        #expect(b3.frame.minX == 200)
    }

    @Test("Between baselines: the larger line height of the items with text; 8 without text")
    func baselines() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        let title = TextView(id: "title", lineHeight: 24), body = TextView(id: "body", lineHeight: 18)
        let plain = View(id: "plain")
        for view in [title, body, plain] { root.addSubview(view) }
        title.intrinsicContentSize = Size(width: 100, height: 24)
        title.lastBaselineOffsetFromBottom = 5
        body.intrinsicContentSize = Size(width: 100, height: 18)
        body.firstBaselineOffsetFromTop = 14
        plain.intrinsicContentSize = Size(width: 10, height: 10)
        Tails.install(title~.top.leading == 0, body~.leading == 0, plain~.leading == 0,
                      body~.firstBaseline == title~.lastBaseline + .systemSpacing,
                      plain~.firstBaseline == body~.lastBaseline + .systemSpacing)
        try root.layoutIfNeeded()
        // title's last baseline at 24 - 5 = 19; body's first baseline at 19 + 24 (the larger line
        // height) = 43, so body.top = 43 - 14 = 29.
        #expect(body.frame == Rect(x: 0, y: 29, width: 100, height: 18))
        // body's last baseline is its bottom (29 + 18 = 47, no offset); plain has no text: body's 18
        // is the only line height, so plain's first baseline (its top: no offset) is at 47 + 18 = 65.
        #expect(plain.frame == Rect(x: 0, y: 65, width: 10, height: 10))

        let bare = View(id: "bare"), other = View(id: "other")
        let root2 = View(id: "root2")
        root2.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root2.addSubview(bare); root2.addSubview(other)
        Tails.install(bare~.top.leading == 0, bare~.size == Size(width: 10, height: 10), other~.leading == 0,
                      other~.size == Size(width: 10, height: 10),
                      other~.firstBaseline == bare~.lastBaseline + .systemSpacing)
        try root2.layoutIfNeeded()
        #expect(other.frame.minY == 18)          // no text: 8 points below bare's last baseline (its bottom, 10)
    }

    @Test("The constraint reads with the spacing resolved; group.update(constant:) takes it")
    func description() throws {
        let (root, a, b) = row()
        let group = Tails.install(b~.leading == a~.trailing + .systemSpacing)
        #expect(group.constraints.first?.resolvedConstant == 8)
        #expect(group.constraints.first?.constant.description == "systemSpacing")
        group.update(constant: SystemSpacing(multiple: 3))
        try root.layoutIfNeeded()
        #expect(b.frame.minX == 140)
    }

    @Test("Documents: systemSpacing (or .systemSpacing) in constraint strings, \"spacing\": \"system\" on stacks")
    func documents() throws {
        let text = """
            {"format": "layout-document/1", "root": {"id": "root", "width": 320, "height": 200},
             "views": [{"id": "a"}, {"id": "b"}, {"id": "c"},
                       {"id": "row", "stack": {"axis": "horizontal", "spacing": "system", "arranged": ["x", "y"]}},
                       {"id": "x", "parent": "row", "intrinsicSize": {"width": 40, "height": 20}},
                       {"id": "y", "parent": "row", "intrinsicSize": {"width": 60, "height": 20}}],
             "constraints": ["a~.top.leading == 16", "a~.size == Size(width: 100, height: 20)",
                             "b~.top == a~", "b~.size == a~", "c~.size == a~",
                             "b~.leading == a~.trailing + systemSpacing * 2",
                             "c~.top == a~.bottom + .systemSpacing", "c~.leading == a~",
                             "row~.top == c~.bottom + 2 * systemSpacing", "row~.leading == 16"]}
            """
        let layout = try LayoutDocument.parse(Array(text.utf8), name: "spacing.json").makeLayout()
        try layout.root.layoutIfNeeded()
        func frame(_ id: String) -> Rect? { (layout.item(id: id) as? View)?.frame }
        #expect(frame("b") == Rect(x: 132, y: 16, width: 100, height: 20))
        #expect(frame("c") == Rect(x: 16, y: 44, width: 100, height: 20))
        #expect(frame("row") == Rect(x: 16, y: 80, width: 108, height: 20))    // 40 + 8 + 60
        #expect(frame("y") == Rect(x: 48, y: 0, width: 60, height: 20))
        #expect(throws: (any Error).self) {
            try LayoutDocument.parse(Array(#"{"format": "layout-document/1", "root": {"id": "r", "width": 10, "height": 10}, "views": [{"id": "a"}], "constraints": ["a~.top == .defaultHigh"]}"#.utf8), name: "x.json").makeLayout()
        }
    }
}
