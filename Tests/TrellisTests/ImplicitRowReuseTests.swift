import Testing
@testable import Trellis
import TrellisTestSupport

/// A warm pass whose root was resized changes the constant of the root's rows in place and keeps
/// their sources (no new implicit constraint per pass): what the sources say must follow.
@Suite("Implicit rows across resizes")
struct ImplicitRowReuseTests {
    @Test("After resizes, a conflict names the root frame row at the width of the failing pass")
    func conflictNamesCurrentWidth() throws {
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
        let child = addViews(["child"], to: root)[0]
        Tails.install {
            child~.leading == root~.leading
            child~.trailing == root~.trailing
            child~.top == root~.top
            child~.height == 20
        }
        for width in [320.0, 300, 280] {
            root.frame = Rect(x: 0, y: 0, width: width, height: 200)
            try root.layoutIfNeeded()
            expectFrame(child, 0, 0, width, 20)
        }
        root.frame = Rect(x: 0, y: 0, width: 260, height: 200)
        let fixed = Tails.install(child~.width == 500)
        do {
            try root.layoutIfNeeded()
            Issue.record("a 500-wide child in a 260-wide root should not be satisfiable")
        } catch LayoutError.unsatisfiable(let conflict) {
            let texts = conflict.map(\.text)
            #expect(texts.contains("root frame: root.width == 260"), "\(texts)")
            #expect(!texts.contains { $0.contains("== 280") || $0.contains("== 320") }, "\(texts)")
        }
        fixed.deactivate()
        root.frame = Rect(x: 0, y: 0, width: 240, height: 200)
        try root.layoutIfNeeded()
        expectFrame(child, 0, 0, 240, 20)
    }
}
