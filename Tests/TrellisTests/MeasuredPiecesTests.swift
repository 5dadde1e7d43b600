import Testing
import TrellisTestSupport
@testable import Trellis
@testable import TrellisSolver

/// A form of rows of fixed height, each with a wrapped label centred in it: the labels' widths
/// are fixed, so each label's height is held by its own hugging and compression rows alone
/// once its top is substituted away — one-variable pieces (``ScalarPieces``), solved in closed
/// form and again when a new text moves their rows. Every pass gives a fresh tree's frames.
@Suite("Measured labels as closed-form pieces")
struct MeasuredPiecesTests {
    typealias TextBox = ContentSizePathTests.TextBox

    struct Form {
        let root = View(id: "root")
        var labels: [TextBox] = []

        init(width: Double, characters: [Double]) {
            root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            // The rows in a group that closes on the last one (a settings section): the chain of
            // rows does not fall apart into blocks, and the labels' heights meet in one LP.
            let group = View(id: "group")
            root.addSubview(group)
            Tails.install(group~.top == root~ + 20, group~.leading == root~ + 16, group~.trailing == root~ - 16,
                          group~.height >= 100)
            var previous: View?
            for (index, count) in characters.enumerated() {
                let row = View(id: "row\(index)"), label = TextBox(id: "label\(index)", characters: count)
                group.addSubview(row)
                row.addSubview(label)
                Tails.install(row~.leading == group~, row~.trailing == group~, row~.height == 56)
                if let previous {
                    Tails.install(row~.top == previous~.bottom + 8)
                } else {
                    Tails.install(row~.top == group~ + 8)
                }
                Tails.install(label~.leading == row~ + 12, label~.trailing == row~ - 12, label~.centerY == row~.centerY)
                labels.append(label)
                previous = row
            }
            if let previous { Tails.install(group~.bottom == previous~.bottom + 8) }
        }

        var solverStatistics: Solver.Statistics { root.engine!.diagnosticState.solver.statistics }
    }

    @Test("New texts and new widths: the labels' heights step as pieces, and every pass gives a fresh tree's frames")
    func textsAndWidths() throws {
        var random = SplitMix(state: 0x51)
        var characters: [Double] = (0..<14).map { (index: Int) -> Double in Double(10 + 9 * index) }
        var width = 375.0
        let form = Form(width: width, characters: characters)
        try form.root.layoutIfNeeded()
        let steps = form.solverStatistics.pieceSteps
        for step in 0..<40 {
            if random.chance(25) {
                width = Double(280 + random.below(300))
                form.root.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            } else {
                for _ in 0..<(1 + random.below(3)) {
                    let index = random.below(characters.count)
                    characters[index] = Double(3 + random.below(150))
                    form.labels[index].characters = characters[index]
                    form.labels[index].invalidateIntrinsicContentSize()
                }
            }
            try form.root.layoutIfNeeded()
            let cold = Form(width: width, characters: characters)
            try cold.root.layoutIfNeeded()
            let same = MeasuredTextPathTests.same(form.root, cold.root)
            #expect(same, "step \(step): width \(width), \(characters)")
        }
        #expect(form.solverStatistics.pieceSteps > steps, "the labels' heights stepped as pieces")
    }
}
