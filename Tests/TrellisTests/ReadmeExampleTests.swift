import Testing
import Trellis
import TrellisTestSupport

/// The README example, compiled and checked.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README snippet lays out as documented")
    func readme() throws {
        // --- README begins ---
        let root = View(id: "root")
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        let avatar = View(id: "avatar"), name = View(id: "name")
        name.intrinsicContentSize = Size(width: 120, height: 20)
        root.addSubview(avatar); root.addSubview(name)

        Tails.install(
            avatar~.top.leading == 16,                       // 16 inside the superview
            avatar~.size == Size(width: 48, height: 48),
            name~.leading == avatar~.trailing + 12,
            name~.centerY == avatar~,
            name~.trailing <= root~.trailing - 16 ~~ .defaultHigh
        )
        try root.layoutIfNeeded()
        print(name.frame)                                    // (76, 30, 120, 20)
        // --- README ends ---
        expectFrame(name, 76, 30, 120, 20)
        expectFrame(avatar, 16, 16, 48, 48)
    }
}
