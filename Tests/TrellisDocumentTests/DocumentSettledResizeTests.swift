import Testing
@testable import Trellis
import TrellisDocument
import TrellisTestSupport

/// Settings rows of stacks (an icon, a title and a value, the value and icon of fixed widths, so
/// that every title's width is fixed by the rows): a resize after which every measured view keeps
/// its size at its fixed width leaves the stacks unprepared — they follow the last pass's
/// sizes — and one that rewraps a title prepares them; either way the frames are a fresh
/// layout's.
@Suite("Layout documents: resizes that keep every measured size leave the stacks alone")
struct DocumentSettledResizeTests {
    /// Rows of settings; row `long` has a title that wraps below a width of about 360.
    static func settings(rows: Int, long: Int) -> String {
        var views = [#"{"id": "form", "stack": {"axis": "vertical", "spacing": 1, "alignment": "fill", "arranged": [\#((0..<rows).map { "\"row\($0)\"" }.joined(separator: ", "))]}}"#]
        var constraints = ["form~.top.leading.trailing == root~ + EdgeInsets(16)"]
        for r in 0..<rows {
            let row = "row\(r)"
            let title = r == long ? "Notifications and sounds" : "Wi-Fi \(r)"
            views += [#"{"id": "\#(row)", "parent": "form", "margins": {"left": 16, "right": 16}, "stack": {"axis": "horizontal", "spacing": 12, "alignment": "center", "marginsRelative": true, "arranged": ["\#(row).icon", "\#(row).title", "\#(row).value"]}}"#,
                      #"{"id": "\#(row).icon", "parent": "\#(row)"}"#,
                      #"{"id": "\#(row).title", "parent": "\#(row)", "text": "\#(title)", "lines": 0, "lineBreak": "wordWrap"}"#,
                      #"{"id": "\#(row).value", "parent": "\#(row)", "text": "On"}"#]
            constraints += ["\(row)~.height >= 44", "\(row).icon~.width == 29", "\(row).icon~.height == 29",
                            "\(row).value~.width == 40"]
        }
        return DocumentResizeEquivalenceTests.document(views: views, constraints: constraints)
    }

    @Test("stacks are prepared only at the resizes that change a measured size; frames as fresh")
    func stacksFollowOnlyChangedSizes() throws {
        let text = Self.settings(rows: 12, long: 5)
        let document = try LayoutDocument.parse(text)
        let layout = try document.makeLayout(width: 414)
        _ = try DocumentResizeEquivalenceTests.frames(layout, of: document)
        let pass = try #require(layout.root.layoutPass)
        let stacks = try (["form"] + (0..<12).map { "row\($0)" }).map { try #require(layout.item(id: $0) as? StackView) }
        var keptSizes = 0, changedSizes = 0
        for width in [375.0, 390, 414, 300, 280, 414, 375, 250, 375, 400] {
            let sizes = pass.engine.contentSizes
            let prepared = stacks.map(\.preparedInPass), rounds = pass.fixedWidthRounds
            layout.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            let resized = try DocumentResizeEquivalenceTests.frames(layout, of: document)
            let fresh = try DocumentResizeEquivalenceTests.frames(try document.makeLayout(width: width), of: document)
            #expect(frameMismatch(resized, fresh) == nil, "width \(width): \(frameMismatch(resized, fresh) ?? "")")
            #expect(pass.fixedWidthRounds == rounds + 1, "width \(width): the widths were fixed")
            // (Each measured view's size, as the solves read them.)
            if pass.engine.contentSizes == sizes {
                keptSizes += 1
                #expect(stacks.map(\.preparedInPass) == prepared, "width \(width): a stack was prepared")
            } else {
                changedSizes += 1
                #expect(stacks.map(\.preparedInPass) != prepared, "width \(width): the stacks kept the old sizes")
            }
        }
        // (Both kinds of resize were taken.)
        #expect(keptSizes >= 4 && changedSizes >= 2, "kept \(keptSizes), changed \(changedSizes)")
    }

    @Test("a text change prepares each stack once: the fixed-width round starts from the sizes the stacks hold; a plain view's new content size besides prepares them there too")
    func textChangesPrepareStacksOnce() throws {
        let document = try LayoutDocument.parse(Self.settings(rows: 8, long: 3))
        /// Row 2's title reads `words` (and with `icon`, row 5's icon has a content size of that width).
        func change(_ layout: DocumentLayout, _ words: String, icon: Double?) throws {
            let entry = try #require(document.views.first { $0.id == "row2.title" }?.text)
            var text = entry
            text.text = words
            try #require(layout.item(id: "row2.title") as? View).sizeForWidth = LayoutDocument.modelTextMeasure(of: text)
            if let icon {
                try #require(layout.item(id: "row5.icon") as? View).intrinsicContentSize = Size(width: icon, height: 29)
            }
        }
        let layout = try document.makeLayout(width: 375)
        _ = try DocumentResizeEquivalenceTests.frames(layout, of: document)
        let pass = try #require(layout.root.layoutPass)
        let stacks = try (["form"] + (0..<8).map { "row\($0)" }).map { try #require(layout.item(id: $0) as? StackView) }
        let steps: [(String, Double?)] = [("Bluetooth", nil), ("Notifications, sounds and badges on the lock screen", nil),
                                          ("Wi-Fi", 20), ("Personal hotspot", nil), ("Cellular data options", 40)]
        for (words, icon) in steps {
            let prepared = stacks.map(\.prepareCount), rounds = pass.participantRounds, fixed = pass.fixedWidthRounds
            try change(layout, words, icon: icon)
            let changed = try DocumentResizeEquivalenceTests.frames(layout, of: document)
            let fresh = try document.makeLayout(width: 375)
            try change(fresh, words, icon: icon)
            let mismatch = frameMismatch(changed, try DocumentResizeEquivalenceTests.frames(fresh, of: document))
            #expect(mismatch == nil, "\(words): \(mismatch ?? "")")
            #expect(pass.fixedWidthRounds == fixed + 1, "\(words): the widths were fixed")
            // Every round prepares the stacks but the fixed-width round of a change of measured
            // views alone.
            let expected = pass.participantRounds - rounds - (icon == nil ? 1 : 0)
            let counts = zip(stacks, prepared).map { $0.prepareCount - $1 }
            #expect(counts.allSatisfy { $0 == expected }, "\(words): \(counts), expected \(expected)")
        }
    }
}
