import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// Resizes of screens made of nested stacks, with and without measured text: the first resize
/// after a cold layout and every later one give exactly a fresh tree's cold layout at the new
/// width; a resize of a screen whose only participants are stacks reads no stack (nothing a
/// stack reads changed), while every change a stack reads is still taken at the next pass.
@Suite("Nested stack resizes")
struct NestedStackResizeTests {
    /// Text of `characters` letters 7 pt wide in 18 pt lines, wrapped to the width it is offered
    /// (at most `lines` lines, 0 for any number).
    final class Label: View {
        init(id: String, characters: Int, lines: Int = 0) {
            super.init(id: id)
            sizeForWidth = { width in
                let full = Double(characters) * 7
                let wrapped = max(1, (full / max(width, 1)).rounded(.up))
                let count = lines == 0 ? wrapped : min(wrapped, Double(lines))
                return Size(width: min(full, width), height: count * 18)
            }
        }
    }

    /// A settings form: a vertical stack of sections 24 apart, each a header over a stack of
    /// rows 1 apart; a row is a horizontal stack within its margins (icon, title, value), 44 high,
    /// centred across. With `measured`, the header, titles and values are measured text.
    final class Form {
        let root = View(id: "root")
        let form: StackView
        let rows: [StackView]

        init(sections: Int, rowsPerSection: Int, measured: Bool) {
            root.frame = Rect(x: 0, y: 0, width: 375, height: 800)
            var allRows: [StackView] = [], stacks: [View] = []
            for s in 0..<sections {
                let header: View = measured ? Label(id: "header\(s)", characters: 10 + s % 4, lines: 1) : View(id: "header\(s)")
                if !measured { header.intrinsicContentSize = Size(width: 90, height: 18) }
                var rows: [View] = []
                for r in 0..<rowsPerSection {
                    let id = "s\(s)r\(r)"
                    let icon = View(id: "\(id).icon")
                    let title: View = measured ? Label(id: "\(id).title", characters: 8 + (s * 7 + r * 5) % 40, lines: 1)
                        : View(id: "\(id).title")
                    let value: View = measured ? Label(id: "\(id).value", characters: 3 + r % 9, lines: 1) : View(id: "\(id).value")
                    if !measured {
                        title.intrinsicContentSize = Size(width: Double(60 + r * 13 % 90), height: 18)
                        value.intrinsicContentSize = Size(width: 40, height: 18)
                    }
                    let row = StackView(id: id, axis: .horizontal, spacing: 12, alignment: .center,
                                        arrangedSubviews: [icon, title, value])
                    row.isLayoutMarginsRelativeArrangement = true
                    row.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
                    Tails.install(row~.height == 44, icon~.width == 29, icon~.height == 29, value~.width == 72)
                    rows.append(row)
                    allRows.append(row)
                }
                let group = StackView(id: "group\(s)", axis: .vertical, spacing: 1, arrangedSubviews: rows)
                stacks.append(StackView(id: "section\(s)", axis: .vertical, spacing: 6, arrangedSubviews: [header, group]))
            }
            form = StackView(id: "form", axis: .vertical, spacing: 24, arrangedSubviews: stacks)
            self.rows = allRows
            root.addSubview(form)
            Tails.install(form~.top.leading.trailing == root~ + EdgeInsets(16))
        }

        func frames() -> [Rect] { root.subtreeViews().map(\.frame) }
        var engine: LayoutEngine { root.engine! }
    }

    /// A fresh form's cold layout at `width`, after `change`.
    static func cold(width: Double, measured: Bool, _ change: (Form) -> Void = { _ in }) throws -> [Rect] {
        let form = Form(sections: 4, rowsPerSection: 5, measured: measured)
        form.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
        change(form)
        try form.root.layoutIfNeeded()
        return form.frames()
    }

    static func same(_ a: [Rect], _ b: [Rect]) -> Bool {
        frameMismatch(a, b) == nil
    }

    @Test("The first resize after a cold layout and later ones give a cold layout's frames at the new width",
          arguments: [true, false])
    func resizes(measured: Bool) throws {
        let form = Form(sections: 4, rowsPerSection: 5, measured: measured)
        try form.root.layoutIfNeeded()
        #expect(Self.same(form.frames(), try Self.cold(width: 375, measured: measured)))
        for width in [414.0, 375, 320.5, 600, 414, 200] {
            form.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try form.root.layoutIfNeeded()
            #expect(Self.same(form.frames(), try Self.cold(width: width, measured: measured)), "width \(width)")
        }
    }

    @Test("A resize of a screen whose only participants are stacks is a single solve: no stack is read")
    func resizeReadsNoStack() throws {
        let form = Form(sections: 4, rowsPerSection: 5, measured: false)
        try form.root.layoutIfNeeded()
        let pass = try #require(form.root.layoutPass)
        for width in [414.0, 375, 390.5] {
            let rounds = pass.participantRounds
            form.root.frame = Rect(x: 0, y: 0, width: width, height: 800)
            try form.root.layoutIfNeeded()
            #expect(pass.participantRounds == rounds, "width \(width): the stacks were read")
        }
        // A change a stack reads: its round runs again.
        let rounds = pass.participantRounds
        form.rows[2].isHidden = true
        try form.root.layoutIfNeeded()
        #expect(pass.participantRounds == rounds + 1)
        // Measured views take part: every pass runs its rounds.
        let measured = Form(sections: 2, rowsPerSection: 3, measured: true)
        try measured.root.layoutIfNeeded()
        let measuredPass = try #require(measured.root.layoutPass)
        let before = measuredPass.participantRounds
        measured.root.frame = Rect(x: 0, y: 0, width: 414, height: 800)
        try measured.root.layoutIfNeeded()
        #expect(measuredPass.participantRounds > before)
    }

    @Test("Changes a stack reads, made before or with a resize, are taken at that pass", arguments: [true, false])
    func changesWithResizes(measured: Bool) throws {
        let form = Form(sections: 4, rowsPerSection: 5, measured: measured)
        try form.root.layoutIfNeeded()
        let steps: [(width: Double, change: (Form) -> Void)] = [
            (414, { _ in }),
            (414, { $0.rows[3].isHidden = true }),
            (380, { $0.form.spacing = 30 }),
            (380, { $0.rows[7].spacing = 4 }),
            (350, { $0.rows[7].arrangedSubviews[0].isHidden = true }),
            (350, { $0.form.setCustomSpacing(40, after: $0.form.arrangedSubviews[1]) }),
            (400, { $0.rows[12].arrangedSubviews[0].intrinsicContentSize = Size(width: 20, height: 20) }),
            (375, { $0.rows[3].isHidden = false }),
        ]
        for (index, step) in steps.enumerated() {
            // A resize alone (stacks not read), then the change with another resize.
            form.root.frame = Rect(x: 0, y: 0, width: step.width + 7, height: 800)
            try form.root.layoutIfNeeded()
            step.change(form)
            form.root.frame = Rect(x: 0, y: 0, width: step.width, height: 800)
            try form.root.layoutIfNeeded()
            let expected = try Self.cold(width: step.width, measured: measured) { fresh in
                for earlier in steps[...index] { earlier.change(fresh) }
            }
            #expect(Self.same(form.frames(), expected), "step \(index)")
        }
    }
}
