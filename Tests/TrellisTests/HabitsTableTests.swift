import Foundation
import Testing

/// Each row of the README's "Coming from SnapKit or Auto Layout" table, and forgetting `~`,
/// gets its compiler message (type-checked by `swiftc` as `HabitsTests` does); the controls build.
@Suite("The README's habits table, row by row")
struct HabitsTableTests {
    typealias Snippet = HabitsTests.Snippet

    static let rows: [Snippet] = [
        // `~~ .high`, `~~ .low`, `.medium`
        Snippet(code: "Tails.install(v~.width == 100 ~~ .high)", message: "'high' has been renamed to 'defaultHigh'"),
        Snippet(code: "Tails.install(v~.width == 100 ~~ .low)", message: "'low' has been renamed to 'defaultLow'"),
        Snippet(code: "Tails.install(v~.width == 100 ~~ .medium)", message: "Auto Layout has no medium level"),
        // `make.edges.equalToSuperview().inset(16)`
        Snippet(code: "Tails.install(v~.edges.equalToSuperview().inset(16))",
                message: "inset with a constant on the right side: view~.edges == EdgeInsets(16)"),
        // `make.top.equalToSuperview()`
        Snippet(code: "Tails.install(v~.top.equalToSuperview())", message: "a constant-only right side means the superview"),
        // `make.top.equalTo(other.snp.bottom).offset(8)`
        Snippet(code: "Tails.install(v~.top.equalTo(root~.bottom).offset(8))",
                message: "add the offset to the right side: view~.top == other~.bottom + 8"),
        // `.multipliedBy(0.5)`, `.dividedBy(2)`, on an operand and after a relation
        Snippet(code: "Tails.install(v~.width == root~.width.multipliedBy(0.5))", message: "root~.width * 0.5"),
        Snippet(code: "Tails.install(v~.width == root~.width.dividedBy(2))", message: "root~.width / 2"),
        Snippet(code: "Tails.install(v~.width.equalTo(root~.width).multipliedBy(0.5))", message: "multiply the right side"),
        Snippet(code: "Tails.install(v~.width.equalTo(root~.width).dividedBy(2))", message: "divide the right side"),
        // `view.snp.makeConstraints { … }`
        Snippet(code: "_ = v.snp", message: "constraints are written with ~ and installed with Tails"),
        Snippet(code: "v.snp.makeConstraints { make in make.top.equalTo(root~.bottom).offset(8) }",
                message: "SnapKit's make is view~"),
        Snippet(code: "v.snp.makeConstraints { make in make.top.equalTo(root.snp.bottom) }", message: "write other~.bottom"),
        Snippet(code: "v.snp.makeConstraints { make in make.edges.equalToSuperview().inset(16) }",
                message: "inset with a constant on the right side"),
        Snippet(code: "v.snp.updateConstraints { make in make.top.equalToSuperview() }", message: "group.update(constant: 24)"),
        // `view.topAnchor.constraint(equalTo: …)`
        Snippet(code: "_ = v.topAnchor", message: "write view~.top"),
        Snippet(code: "v.topAnchor.constraint(equalTo: root.bottomAnchor, constant: 8).isActive = true",
                message: "write view~.top == other~.bottom + 8"),
        Snippet(code: "let c = v.widthAnchor.constraint(equalToConstant: 100); c.isActive = true", message: "write view~.width == 100"),
        Snippet(code: "_ = v.leadingAnchor.constraint(equalToSystemSpacingAfter: root.leadingAnchor, multiplier: 2)",
                message: "other~.trailing + .systemSpacing * 2"),
        // `translatesAutoresizingMaskIntoConstraints = false`
        Snippet(code: "v.translatesAutoresizingMaskIntoConstraints = false", message: nil),   // real since autoresizing masks: builds (false is the default)
        // `NSLayoutConstraint.activate`, `constraint.isActive`
        Snippet(code: "NSLayoutConstraint.activate([v.topAnchor.constraint(equalTo: root.topAnchor)])",
                message: "install relations with Tails.install"),
        Snippet(code: "NSLayoutConstraint.activate([v~.top == root~.top])", message: "install relations with Tails.install"),
        Snippet(code: "let g = Tails.install(v~.width == 10); g.deactivate(); g.constraints[0].isActive = true", message: nil),
        // Forgetting `~`
        Snippet(code: "Tails.install(v.top == root.bottom)", message: "attributes are read through ~: write view~.top"),
        Snippet(code: "Tails.install(v.edges == root.edges + EdgeInsets(8))", message: "attributes are read through ~: write view~.edges"),
        Snippet(code: "Tails.install(v.width == 100)", message: "attributes are read through ~: write view~.width"),
        Snippet(code: "Tails.install(v.center == root.center, v.size == Size(width: 10, height: 10))",
                message: "attributes are read through ~: write view~.center"),
        Snippet(code: "let g = LayoutGuide(id: \"g\"); root.addLayoutGuide(g); Tails.install(g.leading == 8)",
                message: "attributes are read through ~: write view~.leading"),
        // The promised system-spacing spellings build (typed here by swiftc, outside the build's
        // type-checking budget: `.systemSpacing * 2` alone takes 54-89 ms, see the README).
        Snippet(code: """
            Tails.install(v~.leading == root~.leading + .systemSpacing * 2)
            Tails.install(v~.top >= root~.top + .systemSpacing * 3 ~~ .required)
            Tails.install(v~.trailing <= root~.trailing - .systemSpacing)
            """, message: nil),
        // A subclass keeps its own `top`, `size` and `center`: the hints never get in its way.
        Snippet(code: """
            final class Card: View { var top = 3.0; var size = Size(width: 1, height: 2); var center: Point { .zero } }
            let card = Card(id: "card"); _ = card.top + card.size.width + card.center.x
            Tails.install(card~.top == root~.top + .systemSpacing)
            """, message: nil),
    ]

    @Test("Each row of the table gets its message; the controls build", arguments: rows)
    func row(_ snippet: Snippet) throws {
        try HabitsTests().habit(snippet)
    }
}
